"""Who a player is when they come through a door of ``makao serve`` rather than a login of the box.

Every app process of ``makao serve --ssh`` (and ``--web``) runs as the Unix user who runs the
door, so the table server's SO_PEERCRED sees that one user for all of them. The door therefore
tells each app process who its player is, in the environment variable :data:`ENV` (JSON of a
:class:`DoorPlayer`: the door, the player's name, their key's fingerprint). The app's client
repeats it in its ``hello`` (``door``), and a table server believes it only from a peer whose
Unix user is the server's own (the door's user hosts the tables its players open): from any
other user the claim is ignored and the peer is that Unix user, as always. So a normal user of
the box cannot pose as a door's player; only the door's own user (who could read every file of
the door anyway) and root can. ``docs/protocol.md`` says the same for the protocol.

No Textual here; nothing but msgspec and the environment.
"""

from __future__ import annotations

import os
from typing import Literal

import msgspec

from ..engine.text import clean_name

#: the environment variable that carries a door player's identity to their app process
ENV = "MAKAO_DOOR_PLAYER"
#: the environment variable that names the file a door player's app writes an unexpected error's
#: traceback to (the door puts it in the server's log): the player is shown one line, never the
#: traceback with the server's paths
ERROR_LOG_ENV = "MAKAO_DOOR_ERROR_LOG"


class DoorPlayer(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A player who came through a door of ``makao serve``: ``door`` (``ssh`` or ``web``), the
    player's ``name`` (cleaned with :func:`~makao_tui.engine.text.clean_name`; a guest's begins
    with ``guest-``) and ``key``, the SHA-256 fingerprint of their SSH public key (None for a
    guest)."""

    door: Literal["ssh", "web"]
    name: str
    key: str | None = None

    @property
    def label(self) -> str:
        """How tables show who this is, beside the player's seat name: ``ssh:bob``,
        ``ssh:guest-ann``, ``web:guest-4821``; it stands where a box user's login name would."""
        return f"{self.door}:{self.name}"


def door_player(environ: dict[str, str] | None = None) -> DoorPlayer | None:
    """The door player this process plays for (from :data:`ENV`), or None: a player of the box
    itself, or a value that does not read (then no claim is made at all)."""
    raw = (os.environ if environ is None else environ).get(ENV, "")
    if not raw:
        return None
    try:
        player = msgspec.json.decode(raw.encode(), type=DoorPlayer)
    except (msgspec.ValidationError, msgspec.DecodeError):
        return None
    name = clean_name(player.name)
    return DoorPlayer(player.door, name, player.key) if name else None


def encode_player(player: DoorPlayer) -> str:
    """``player`` as the value of :data:`ENV`."""
    return msgspec.json.encode(player).decode()
