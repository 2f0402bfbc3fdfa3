"""The shared-table protocol: one JSON object per line, typed and validated with msgspec.

Every message is a :class:`msgspec.Struct` tagged by its ``type`` field (a tagged union), so a
line either decodes to exactly one known message with fields of the right types, or is refused.
The server sends the table service's own messages (``update``, ``refusal``, ``hint``,
``notice``, ``log_page`` of :mod:`makao_tui.table.wire`: already made for the receiving seat, hidden cards
removed) and a few of its own (``welcome``, ``seated``, ``lobby``, ``chat_line``, ``closed``).
``docs/protocol.md`` is the prose form of this module; keep them in step.

A conversation (client ``>``, server ``<``)::

    > {"type":"hello","v":3,"wire":3,"client":"makao-tui 0.1.0"}
    < {"type":"welcome","v":3,"table":{...TableInfo...},"user":"alice"}
    > {"type":"join","name":"Alice","token":null}
    < {"type":"seated","seat":0,"token":"..."}
    > {"type":"kept"}                            (the token is written down)
    < {"type":"update","seq":7,...}             (the seat's own view and the new log entries)
    > {"type":"act","seq":7,"action":{"do":"play","card":"9H"}}
    < {"type":"refusal","kind":"stale","intent":"act","seq":8,"words":{...}}
    > {"type":"older","end":7120,"count":100}   (scrolling back past the entries the client keeps)
    < {"type":"log_page","start":7020,"end":7120,"log":[...]}

Limits: a client's line may hold at most :data:`MAX_CLIENT_LINE` bytes (a longer one is
refused and skipped; the connection stays open), a server's :data:`MAX_SERVER_LINE`. Sequence
numbers: an intent carries the table's ``seq`` of the last update its sender saw; a repeated or
overtaken intent (the table moved since) is refused as ``stale``. Actions travel in the scenario
JSON form (:mod:`makao_tui.engine.actions`).

Layer: ``makao_tui.net`` sits between the table service (``makao_tui.table``) and the app; it
knows no game.
"""

from __future__ import annotations

from typing import Any, Literal, NamedTuple

import msgspec

from ..engine.i18n import N_, _
from ..engine.variant import level_name
from ..table.wire import Hint, LogPage, Notice, Refusal, Update
from .identity import DoorPlayer

#: the protocol's version; a peer of another version is refused at ``hello``
#: (2: reasons travel as data only, ``words``: no English ``reason`` but on the refusals a client
#: of another version may get, :func:`greeting_refusal`; 3: ``older`` reads back the log entries
#: a client let go, answered by the table service's ``log_page``)
VERSION = 3
#: the longest line (bytes, newline included) a client may send; a longer one is refused and
#: skipped, the connection stays open
MAX_CLIENT_LINE = 16 * 1024
#: the longest line (bytes) a server may send (an update carries a whole seat's view)
MAX_SERVER_LINE = 4 * 1024 * 1024
#: the widest chat line (terminal columns, after cleaning with :func:`~makao_tui.engine.text.clean_name`)
MAX_CHAT = 200


class ProtocolError(ValueError):
    """A line that is not one valid message: ``code`` (``garbage``, ``too_long``…), ``message``
    (an English template of the ``cli`` catalog) and its ``fields``, from which the peer words it
    (:func:`said`); ``reason``: the English sentence (logs)."""

    def __init__(self, code: str, message: str, **fields: Any):
        super().__init__(message.format(**fields))
        self.code = code
        self.message = message
        self.fields = fields
        self.reason = str(self)


class Said(NamedTuple):
    """A message for people as the table sends it: ``data`` (the template and its fields, which
    each client words in its own language) and ``english`` (the same in English, for the
    server's log)."""

    data: dict[str, Any]
    english: str


def said(message: str, **fields: Any) -> Said:
    """``message``, an English ``str.format`` template marked for the ``cli`` catalog (``N_``), and
    its ``fields`` as data: ``{"words": message, "fields": {...}}``, the form of a message as
    data the table service sends too (``Refusal.words``); plain values only (a seat as the number
    people read, from 1). A client says it with :func:`makao_tui.table.wire.said`."""
    return Said({"words": message, "fields": fields}, message.format(**fields))


# ------------------------------------------------------------------ public table description


class TableSeat(msgspec.Struct, frozen=True, kw_only=True):
    """One seat as everyone may see it: ``kind`` is ``human``, ``ai`` or ``open``; ``name`` the
    player's (empty while open); ``user`` the Unix user sitting there (None for AI and open
    seats); ``level`` an AI's level; ``connected`` whether that human's client is connected;
    ``ai_playing`` whether an AI plays for a human who is away."""

    kind: Literal["human", "ai", "open"]
    name: str = ""
    user: str | None = None
    level: str | None = None
    connected: bool = False
    ai_playing: bool = False

    def describe(self) -> str:
        """The seat in words, for lists and the lobby, in the language in use: "open", "Olga (AI)",
        "AI (hard)" before the match names it, "Bob (bob)", "Bob (bob, disconnected)", "Bob (bob,
        disconnected, AI plays)", "Bob (not here yet)". The name is the player's own text: show it
        literally."""
        if self.kind == "open":
            return _("open")
        if self.kind == "ai":
            level = level_name(self.level or "normal")
            if self.name:
                if self.level in (None, "normal"):
                    return _("{name} (AI)").format(name=self.name)
                return _("{name} ({level} AI)").format(name=self.name, level=level)
            return _("AI ({level})").format(level=level)
        if not self.user:
            return _("{name} (not here yet)").format(name=self.name)
        if self.connected:
            return f"{self.name} ({self.user})"
        if self.ai_playing:
            return _("{name} ({user}, disconnected, AI plays)").format(name=self.name, user=self.user)
        return _("{name} ({user}, disconnected)").format(name=self.name, user=self.user)

    def label(self) -> str:
        """The seat's name as the table screen shows it, short enough for a seat's box: "Bob (bob)",
        "Bob — disconnected", "Bob — AI plays" (while the player is away), an AI's or an open
        seat's as :meth:`describe` says. The name is the player's own text: show it literally."""
        if self.kind != "human":
            return self.describe()
        if not self.user:
            return _("{name} — not here yet").format(name=self.name)
        if not self.connected:
            if self.ai_playing:
                return _("{name} — AI plays").format(name=self.name)
            return _("{name} — disconnected").format(name=self.name)
        return f"{self.name} ({self.user})"


class TableInfo(msgspec.Struct, frozen=True, kw_only=True):
    """A table's public description, written beside its socket (``CODE.json``) and sent in
    ``welcome`` and ``lobby``: join ``code``, ``game`` (variant id), ``game_name``, ``seats``,
    whether the match has ``started``, the ``host`` user, ``created`` (Unix seconds), the rule
    ``options`` (name → value) and the server's ``pid``. Nothing private: no seed, no card,
    no token."""

    code: str
    game: str
    game_name: str
    seats: tuple[TableSeat, ...]
    started: bool
    host: str
    created: float
    options: dict[str, Any] = {}
    pid: int = 0
    ai_takeover_s: float = 120.0

    def open_seats(self) -> list[int]:
        """Seat numbers still open (0-based)."""
        return [i for i, s in enumerate(self.seats) if s.kind == "open"]


# ------------------------------------------------------------------ client → server


class Hello(msgspec.Struct, tag="hello", tag_field="type", frozen=True):
    """First message of every connection: this protocol's version ``v``, the table service's
    message set ``wire`` (:data:`~makao_tui.table.WIRE_VERSION`) and the client's name;
    ``door``: the player a door of ``makao serve`` says this client plays for (believed only
    from the server's own Unix user, :mod:`.identity`)."""

    v: int
    wire: int
    client: str = ""
    door: DoorPlayer | None = None


class Join(msgspec.Struct, tag="join", tag_field="type", frozen=True, forbid_unknown_fields=True):
    """Take a seat: with ``token``, the seat that token holds (rejoin); else the seat kept for
    ``name`` if there is one, else the first open seat."""

    name: str
    token: str | None = None


class Kept(msgspec.Struct, tag="kept", tag_field="type", frozen=True, forbid_unknown_fields=True):
    """The client has kept (written down) the token of its ``seated``: the token it took the seat
    back with stops working. Until then both take the seat back, so a client that died before
    writing the new token down still holds one that works."""


class Watch(msgspec.Struct, tag="watch", tag_field="type", frozen=True, forbid_unknown_fields=True):
    """Watch the table: the public view, no seat."""


class Start(msgspec.Struct, tag="start", tag_field="type", frozen=True, forbid_unknown_fields=True):
    """Start the match now (the host user only); ``fill_ai``: AI players take the open seats
    (without it, every seat must be taken)."""

    fill_ai: bool = False


class Act(msgspec.Struct, tag="act", tag_field="type", frozen=True, forbid_unknown_fields=True):
    """Act for the client's own seat: ``action`` in the scenario JSON form, chosen at table
    sequence number ``seq`` (that of the last update the client saw)."""

    seq: int
    action: dict[str, Any]


class NextDeal(msgspec.Struct, tag="next_deal", tag_field="type", frozen=True, forbid_unknown_fields=True):
    """Start the next deal (the deal under way is over)."""

    seq: int


class Undo(msgspec.Struct, tag="undo", tag_field="type", frozen=True, forbid_unknown_fields=True):
    """Take back this seat's last action (the table service says when it may)."""

    seq: int


class AskHint(msgspec.Struct, tag="ask_hint", tag_field="type", frozen=True, forbid_unknown_fields=True):
    """What would the hard AI do here? Answered by a ``hint`` or a ``refusal``."""

    seq: int


class Older(msgspec.Struct, tag="older", tag_field="type", frozen=True, forbid_unknown_fields=True):
    """Read back up to ``count`` log entries before the table's entry number ``end`` (the player
    scrolled back past what the client keeps): answered by a ``log_page`` with those entries as
    this connection's seat may see them, or a ``refusal`` of kind ``older`` (a range the log has
    not, a count over the table's limit, entries that cannot be read back now)."""

    end: int
    count: int


class Chat(msgspec.Struct, tag="chat", tag_field="type", frozen=True, forbid_unknown_fields=True):
    """A chat line to everyone at the table."""

    text: str


class Bye(msgspec.Struct, tag="bye", tag_field="type", frozen=True, forbid_unknown_fields=True):
    """Leaving: the seat is held as after a dropped connection."""


ClientMessage = Hello | Join | Kept | Watch | Start | Act | NextDeal | Undo | AskHint | Older | Chat | Bye

# ------------------------------------------------------------------ server → client


class Welcome(msgspec.Struct, tag="welcome", tag_field="type", frozen=True):
    """Answer to a good ``hello``: the table and the Unix ``user`` the server sees."""

    v: int
    table: TableInfo
    user: str


class Seated(msgspec.Struct, tag="seated", tag_field="type", frozen=True):
    """The client now holds ``seat``; ``token`` takes it back later (keep it private)."""

    seat: int
    token: str


class Lobby(msgspec.Struct, tag="lobby", tag_field="type", frozen=True):
    """The table's public description changed (someone sat, left, the match started)."""

    table: TableInfo


class ChatLine(msgspec.Struct, tag="chat_line", tag_field="type", frozen=True):
    """Someone's chat line (``name`` and ``text`` cleaned of control characters; render them
    literally, never as markup); ``watching``: said by a watcher, who has no seat (``name`` empty:
    the client names them by ``user``, :func:`~makao_tui.net.words.chat_speaker`)."""

    name: str
    user: str
    text: str
    watching: bool = False


class Closed(msgspec.Struct, tag="closed", tag_field="type", frozen=True):
    """The table is closing (match over, everyone gone, server stopped): why, as data (``words``,
    :func:`said`: the client words it in its player's language)."""

    words: dict[str, Any]


#: the server's messages: this module's and the table service's own (update, refusal, hint,
#: notice, log_page), sent as they are
ServerMessage = Welcome | Seated | Lobby | ChatLine | Closed | Update | Refusal | Hint | Notice | LogPage


#: why a line is refused that is not one valid message
GARBAGE = N_("a message the table could not read was dropped: {error}")
#: why a seat token is refused: it is of no seat of this table (a client then sits as new)
BAD_TOKEN = N_("that seat token is not one of this table's")


def refusal(kind: str, intent: str, seq: int, message: str, **fields: Any) -> Refusal:
    """A refusal of the protocol itself, in the table service's :class:`Refusal` form: ``kind``
    (``garbage``, ``too_long``, ``version``, ``full``, ``busy``, ``hello``, ``join``, ``no_seat``,
    ``start``, ``seat``),
    the ``intent`` refused, the table's ``seq``, and why: ``message`` (an English template marked
    for the ``cli`` catalog) with its ``fields``, sent as data (``words``, :func:`said`) that the
    client words in its player's language."""
    return Refusal(kind=kind, intent=intent, seq=seq, words=said(message, **fields).data)


def greeting_refusal(kind: str, message: str, **fields: Any) -> Refusal:
    """A refusal of a connection before its ``hello`` is accepted (``kind`` ``full``, ``busy``,
    ``hello`` or ``version``; intent ``hello``, ``seq`` 0), as :func:`refusal` makes it and with
    ``reason``, the same in English: the one message a client of another version reads, and
    version 1 of the protocol required ``reason`` (its client then says ``words`` in its
    player's language, as this version's does)."""
    why = said(message, **fields)
    return Refusal(kind=kind, intent="hello", seq=0, words=why.data, reason=why.english)


_client_decoder = msgspec.json.Decoder(ClientMessage)
_server_decoder = msgspec.json.Decoder(ServerMessage)
_encoder = msgspec.json.Encoder()


def encode(message: msgspec.Struct) -> bytes:
    """``message`` as one line of JSON, newline included."""
    return _encoder.encode(message) + b"\n"


def decode_client(line: bytes) -> Any:
    """A client's line (newline optional) as its message. Raises :class:`ProtocolError`
    (``too-long``, ``garbage``) when it is not one."""
    return _decode(line, _client_decoder, MAX_CLIENT_LINE)


def decode_server(line: bytes) -> Any:
    """A server's line as its message. Raises :class:`ProtocolError`."""
    return _decode(line, _server_decoder, MAX_SERVER_LINE)


def _decode(line: bytes, decoder: msgspec.json.Decoder, limit: int) -> Any:
    if len(line) > limit:
        raise ProtocolError("too_long", N_("a message longer than {limit} bytes was not read"), limit=limit)
    try:
        return decoder.decode(line)
    except msgspec.ValidationError as exc:
        raise ProtocolError("garbage", GARBAGE, error=str(exc)) from None
    except msgspec.DecodeError:
        raise ProtocolError("garbage", GARBAGE, error="not JSON") from None


def encode_info(info: TableInfo) -> bytes:
    """A table description as the JSON written beside its socket."""
    return msgspec.json.format(_encoder.encode(info), indent=2) + b"\n"


def decode_info(data: bytes) -> TableInfo:
    """A table description file's content. Raises :class:`ProtocolError` (``garbage``)."""
    try:
        return msgspec.json.decode(data, type=TableInfo)
    except (msgspec.ValidationError, msgspec.DecodeError) as exc:
        raise ProtocolError("garbage", "not a table description: {error}", error=str(exc)) from None
