"""Who may come in through ``makao serve``, and where each player's files live.

- A name belongs to the first public key that used it (:class:`Claims`, kept as
  ``serve/keys.json`` in the data folder, user-only): another key gets a clear refusal.
- ``--allow-keys FILE`` (:func:`read_allowed`): an OpenSSH ``authorized_keys`` file; only its
  keys come in.
- Guests (``--guests``) have no key: they play under ``guest-NAME`` (:func:`guest_name`), a name
  no key may claim.
- Each player has a data folder of their own (:func:`player_dir`): their saved matches,
  statistics and seat tokens, out of every other player's reach through the app.

Everything here runs in the one ``makao serve`` process (one event loop): no locking.
"""

from __future__ import annotations

import hashlib
import os
import re
import time
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from ..engine.errors import MakaoError
from ..engine.text import clean_name
from ..net.places import read_private, write_private

if TYPE_CHECKING:
    from asyncssh import SSHKey

#: the prefix of every guest's name; no key may claim a name that starts with it
GUEST_PREFIX = "guest-"
#: the widest player name, in terminal columns (a name's first columns are kept)
NAME_COLUMNS = 20


class PlayerRefused(MakaoError):
    """A player who may not come in (the reason in words, shown to them)."""


def player_name(ssh_user: str) -> str:
    """The player's name from the SSH user name: cleaned (no control, format or bidi
    characters, at most :data:`NAME_COLUMNS` columns). Raises :class:`PlayerRefused` for a name
    that cleans to nothing."""
    name = clean_name(ssh_user, NAME_COLUMNS)
    if not name:
        raise PlayerRefused("log in with your player name: ssh -p PORT NAME@HOST")
    return name


def _key_name(name: str) -> str:
    return name.casefold()


@dataclass(frozen=True)
class Claim:
    """A name and the key that owns it: ``fingerprint`` (``SHA256:...``), the ``key`` in
    OpenSSH form, ``since`` (Unix seconds)."""

    name: str
    fingerprint: str
    key: str
    since: float


class Claims:
    """The names keys have claimed, in the JSON file ``path`` (user-only): ``{casefolded name:
    {"name", "fingerprint", "key", "since"}}``. Names compare without case."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._claims: dict[str, Claim] = {}
        for folded, entry in read_private(path).items():
            if isinstance(entry, dict) and all(isinstance(entry.get(k), str) for k in ("name", "fingerprint", "key")):
                since = entry.get("since")
                self._claims[folded] = Claim(entry["name"], entry["fingerprint"], entry["key"],
                                             since if isinstance(since, float | int) else 0.0)

    def owner(self, name: str) -> Claim | None:
        """The claim on ``name``, or None."""
        return self._claims.get(_key_name(name))

    def names_of(self, fingerprint: str) -> list[str]:
        """The names the key ``fingerprint`` owns, oldest first."""
        return [c.name for c in sorted(self._claims.values(), key=lambda c: c.since) if c.fingerprint == fingerprint]

    def check(self, name: str, fingerprint: str, most: int | None = None) -> None:
        """Raise :class:`PlayerRefused` if the key ``fingerprint`` may not play as ``name``:
        another key owns it, it is a guest's name, or it is a new name for a key that owns
        ``most`` names already (None: no bound)."""
        if name.casefold().startswith(GUEST_PREFIX):
            raise PlayerRefused(f"names that begin with {GUEST_PREFIX!r} are for players without a key: "
                                "log in with another name")
        claim = self.owner(name)
        if claim is not None and claim.fingerprint != fingerprint:
            raise PlayerRefused(f"the name {claim.name!r} belongs to another player's key on this server: "
                                "log in with another name (ssh -p PORT NAME@HOST), or with the key that "
                                "claimed it")
        owned = self.names_of(fingerprint) if most is not None and claim is None else []
        if most is not None and len(owned) >= most:
            raise PlayerRefused(f"your key owns {len(owned)} names here already ({', '.join(owned)}): log in "
                                "with one of them")

    def claim(self, name: str, fingerprint: str, key: str, now: float | None = None,
              most: int | None = None) -> bool:
        """Give ``name`` to the key (if nobody has it); True if it was claimed now. Raises
        :class:`PlayerRefused` as :meth:`check` does (``most``: see there), and OSError if the
        file cannot be written."""
        self.check(name, fingerprint, most)
        if self.owner(name) is not None:
            return False
        self._claims[_key_name(name)] = Claim(name, fingerprint, key, time.time() if now is None else now)
        write_private(self.path, {folded: {"name": c.name, "fingerprint": c.fingerprint, "key": c.key,
                                           "since": c.since} for folded, c in self._claims.items()})
        return True


class AllowedKeys:
    """The keys of an OpenSSH ``authorized_keys`` file (``--allow-keys``): only they come in.
    Raises :class:`ValueError` for a file that does not read as one (the reason in words),
    OSError if it cannot be read."""

    def __init__(self, path: Path) -> None:
        import asyncssh

        try:
            self._keys = asyncssh.read_authorized_keys(str(path))
        except (ValueError, asyncssh.KeyImportError) as exc:
            raise ValueError(f"{path} is not an authorized_keys file: {exc}") from None

    def admits(self, key: SSHKey, host: str, address: str) -> bool:
        """Whether the public ``key`` (an ``asyncssh.SSHKey``) coming from ``host``/``address`` is
        in the file (with its ``from=`` options, if any)."""
        return self._keys.validate(key, host, address) is not None


def guest_name(ssh_user: str, taken: set[str]) -> str:
    """A guest's name: ``guest-`` and the SSH user name (cleaned; ``guest-N`` when it is empty or
    another guest has it now: ``taken`` holds the casefolded names in use)."""
    base = clean_name(ssh_user, NAME_COLUMNS - len(GUEST_PREFIX) - 3)
    if base.casefold().startswith(GUEST_PREFIX):
        base = base[len(GUEST_PREFIX):]
    base = GUEST_PREFIX + (base or "player")
    name, n = base, 2
    while name.casefold() in taken:
        name, n = f"{base}-{n}", n + 1
    return name


_UNSAFE = re.compile(r"[^a-z0-9_-]+")


def player_dir(root: Path, door: str, name: str) -> Path:
    """The data folder of player ``name`` of ``door`` under ``root`` (made user-only): a readable
    part of the name and a digest of it, so that names differing in case share one folder and
    no name can climb out of ``root``."""
    folded = name.casefold()
    readable = _UNSAFE.sub("", folded)[:16] or "player"
    digest = hashlib.sha256(f"{door}:{folded}".encode()).hexdigest()[:12]
    path = root / door / f"{readable}-{digest}"
    path.mkdir(mode=0o700, parents=True, exist_ok=True)
    os.chmod(path, 0o700)
    return path
