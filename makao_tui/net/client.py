"""The client side of a shared table: a connection to a table server, and the sender that lets a
:class:`~makao_tui.table.TableClient` (what the table screens read) play through it.

Usage (in a running asyncio loop)::

    shake = handshake("crane-47", "Alice")            # blocking: checks the server, sits down
    conn = await Connection.from_handshake(shake)      # in the app's loop
    client = TableClient(on_message)                   # the screens' object, as in process
    conn.attach(client)                                # updates flow into it; its intents go out

The seat's token is kept in the user's data folder (:func:`remember_seat`), so ``makao join
CODE`` takes the same seat back after a dropped connection; :func:`sit` is the whole of it
(the kept token, the handshake, writing the new token down and telling the server so).
"""

from __future__ import annotations

import asyncio
import contextlib
import getpass
import socket
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .. import __version__
from ..engine.errors import MakaoError
from ..engine.i18n import _, os_reason
from ..table import WIRE_VERSION, Hint, LogPage, Notice, Refusal, TableClient, Update, to_wire
from . import places
from .identity import door_player
from .protocol import (
    BAD_TOKEN,
    MAX_SERVER_LINE,
    VERSION,
    Act,
    AskHint,
    Bye,
    Chat,
    Closed,
    Hello,
    Join,
    Kept,
    Lobby,
    NextDeal,
    Older,
    ProtocolError,
    Seated,
    Start,
    TableInfo,
    Undo,
    Watch,
    Welcome,
    decode_server,
    encode,
)
from .words import closed_text, refusal_text


class ConnectError(MakaoError):
    """No table to talk to, or it refused us: the reason in one line in the language in use
    (``kind``: ``not_a_code``, ``no_table``, ``gone``, ``busy``, ``refused``, ``closed``;
    ``refusal``: the server's refusal, for ``refused``)."""

    def __init__(self, reason: str, kind: str = "refused", refusal: Refusal | None = None):
        super().__init__(reason)
        self.kind = kind
        self.refusal = refusal


def _no_table(code: str, folder: Path) -> ConnectError:
    """No server answers for ``code`` (a well-formed code): a table that has ended (its files are
    left over, or this user sat at it) or one that never was (a mistyped code)."""
    leftover = places.info_path(code, folder).exists() or places.socket_path(code, folder).exists()
    if leftover or code in places.read_private(places.token_path()):
        return ConnectError(_("table {code} has ended: it is no longer open (`makao tables` lists the open "
                              "ones)").format(code=code), "gone")
    return ConnectError(_("no table {code} is open on this box: check the code (`makao tables` lists the open "
                          "ones)").format(code=code), "no_table")


class Connection:
    """One connection to a table server (see the module docstring). Made by :meth:`open`."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter, welcome: Welcome) -> None:
        self.reader = reader
        self.writer = writer
        self.info: TableInfo = welcome.table
        #: the Unix user the server sees us as
        self.user = welcome.user
        self.seat: int | None = None
        self.client: TableClient | None = None
        #: called with each Lobby, ChatLine and Closed message (and with None when the connection
        #: drops)
        self.on_event: Callable[[Any], None] | None = None
        self._early: list[Any] = []
        self._hint: asyncio.Future | None = None
        #: the requests for older log entries not answered yet, oldest first (answered in order)
        self._older: deque[asyncio.Future] = deque()
        self._ended = False
        self._reading: asyncio.Task | None = None
        self.closed_reason: str | None = None

    @classmethod
    async def from_handshake(cls, shake: Handshake) -> Connection:
        """The connection of a finished :func:`handshake`, read from now on in this loop."""
        reader, writer = await asyncio.open_unix_connection(sock=shake.sock, limit=MAX_SERVER_LINE)
        conn = cls(reader, writer, shake.welcome)
        conn.seat = shake.seated.seat if shake.seated is not None else None
        conn._early.extend(shake.early)
        return conn

    def send(self, message: Any) -> None:
        """Send one message (dropped once the connection is closed)."""
        if not self.writer.is_closing():
            self.writer.write(encode(message))

    def start(self, fill_ai: bool) -> None:
        """Ask to start the match (the host)."""
        self.send(Start(fill_ai=fill_ai))

    def chat(self, text: str) -> None:
        """Say ``text`` to the table."""
        self.send(Chat(text=text))

    def attach(self, client: TableClient) -> None:
        """Feed every update to ``client`` (the screens' object) and make this connection its
        sender; starts reading in the background."""
        self.client = client
        client.sender = RemoteSender(self)
        for message in self._early:
            self._dispatch(message)
        self._early.clear()
        self.listen()

    def listen(self) -> None:
        """Start reading in the background without a table client yet (the lobby): lobby and
        chat messages go to ``on_event``; updates wait for :meth:`attach`."""
        if self._reading is None:
            self._reading = asyncio.get_running_loop().create_task(self._read_all())

    async def _read_all(self) -> None:
        try:
            while True:
                message = await _read(self.reader)
                if message is None:
                    break
                self._dispatch(message)
        except (ConnectionError, OSError, ProtocolError):
            pass
        self._ended = True
        waiting = [self._hint] if self._hint is not None else []
        waiting += self._older
        self._older.clear()
        for future in waiting:
            if not future.done():
                future.set_exception(ConnectError(_("the connection dropped"), "closed"))
        if self.on_event is not None:
            self.on_event(None)

    def _dispatch(self, message: Any) -> None:
        if isinstance(message, Lobby):
            self.info = message.table
        if isinstance(message, Closed):
            self.closed_reason = closed_text(message)
        if isinstance(message, Hint) or (isinstance(message, Refusal) and message.intent == "hint"):
            if self._hint is not None and not self._hint.done():
                self._hint.set_result(message)
            return
        if isinstance(message, LogPage) or (isinstance(message, Refusal) and message.intent == "older"):
            if self._older:
                future = self._older.popleft()
                if not future.done():
                    future.set_result(message)
            return
        if isinstance(message, Update | Refusal | Notice):
            if self.client is None:
                self._early.append(message)
            else:
                self.client.receive(message)
        elif self.on_event is not None:
            self.on_event(message)

    async def ask_hint(self, seq: int) -> Hint | Refusal:
        """Ask the server for a hint; its answer."""
        self._hint = asyncio.get_running_loop().create_future()
        self.send(AskHint(seq=seq))
        return await self._hint

    async def older(self, end: int, count: int) -> LogPage | Refusal:
        """Ask the server for up to ``count`` log entries before entry number ``end`` (as this
        connection's seat may see them); its answer, a page or a refusal. Raises
        :class:`ConnectError` if the connection drops (or has) before it comes."""
        if self._ended or self.writer.is_closing():
            raise ConnectError(_("the connection dropped"), "closed")
        future: asyncio.Future = asyncio.get_running_loop().create_future()
        self._older.append(future)
        self.send(Older(end=end, count=count))
        return await future

    async def close(self) -> None:
        """Say goodbye and close (the seat stays held)."""
        self.send(Bye())
        with contextlib.suppress(Exception):
            self.writer.close()
            await asyncio.wait_for(self.writer.wait_closed(), 2)
        if self._reading is not None:
            self._reading.cancel()


class RemoteSender:
    """A :class:`~makao_tui.table.Sender` over a :class:`Connection`: intents go to the server;
    their refusals come back later as messages (so each call returns None)."""

    def __init__(self, conn: Connection) -> None:
        self.conn = conn

    def act(self, seq: int, action: Any) -> Refusal | None:
        self.conn.send(Act(seq=seq, action=action if isinstance(action, dict) else to_wire(action)))
        return None

    def next_deal(self, seq: int) -> Refusal | None:
        self.conn.send(NextDeal(seq=seq))
        return None

    def undo(self, seq: int) -> Refusal | None:
        self.conn.send(Undo(seq=seq))
        return None

    async def hint(self, seq: int) -> Hint | Refusal:
        return await self.conn.ask_hint(seq)


@dataclass
class Handshake:
    """A connection that has said hello and sat down (or watches): the socket, the server's
    ``welcome``, ``seated`` (None for a watcher), and messages that came meanwhile."""

    sock: socket.socket
    welcome: Welcome
    seated: Seated | None
    early: list[Any]


def handshake(code: str, name: str = "", token: str | None = None, watch: bool = False,
              folder: Path | None = None, timeout: float = 10.0) -> Handshake:
    """Connect to table ``code``, say hello and sit (with ``token``: take that seat back;
    else the seat kept for ``name`` or the first open one) or ``watch``; blocking, before any
    event loop. Raises :class:`ConnectError` for a code with no live table, a server that is
    not who its files say, or a refusal (its reason; also that of a full or busy table, which
    sends it and closes before it reads ``hello``)."""
    code = code.strip().lower()
    if not places.code_shaped(code):  # a mistyped word of a code is a table not found, below
        raise ConnectError(_("{code!r} is not a join code: a code is a word and two digits, like crane-47 "
                             "(`makao tables` lists the open tables)").format(code=code), "not_a_code")
    folder = folder or places.tables_dir(create=False)
    path = places.socket_path(code, folder)
    owner = places.owner_of(path)
    if owner is None or not places.is_socket(path):
        raise _no_table(code, folder)
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    sock.settimeout(timeout)
    try:
        _connect(sock, path, code, folder, timeout)
        server_uid = places.peer_uid(sock)
        if server_uid is not None and server_uid != owner:  # someone else's process behind the name
            raise ConnectError(_("table {code} is not served by the user who made it: not joining").format(code=code))
        lines = _LineReader(sock)
        # a full or busy table refuses and closes as it accepts: its refusal is read below
        with contextlib.suppress(BrokenPipeError, ConnectionResetError):
            sock.sendall(encode(Hello(v=VERSION, wire=WIRE_VERSION, client=f"makao-tui {__version__}",
                                      door=door_player())))
        first = lines.next()
        if first is None:
            raise ConnectError(_("table {code} ended the connection").format(code=code), "closed")
        if isinstance(first, Refusal):
            raise ConnectError(_("table {code} refused: {reason}").format(code=code, reason=refusal_text(first)),
                               refusal=first)
        if not isinstance(first, Welcome):
            raise ConnectError(_("table {code} did not answer as a makao table server").format(code=code))
        sock.sendall(encode(Watch() if watch else Join(name=name, token=token)))
        if watch:
            sock.settimeout(None)
            return Handshake(sock, first, None, [])
        early: list[Any] = []
        while True:
            message = lines.next()
            if isinstance(message, Seated):
                sock.settimeout(None)
                return Handshake(sock, first, message, early)
            if isinstance(message, Refusal) and message.intent == "join":
                raise ConnectError(refusal_text(message), refusal=message)
            if isinstance(message, Closed):
                raise ConnectError(_("table {code} closed: {reason}").format(code=code, reason=closed_text(message)),
                                   "closed")
            if message is None:
                raise ConnectError(_("table {code} ended the connection").format(code=code), "closed")
            early.append(message)
    except (ConnectError, OSError, ProtocolError) as exc:
        sock.close()
        if isinstance(exc, ConnectError):
            raise
        raise ConnectError(_("table {code} did not answer properly: {error}").format(code=code, error=exc)) from None


def _connect(sock: socket.socket, path: Path, code: str, folder: Path, timeout: float) -> None:
    """Connect ``sock`` to the table's socket ``path``. While the server's queue of connections
    waiting to be accepted is full (a flood of them: ``connect`` fails with EAGAIN) it tries again
    for up to ``timeout`` seconds, then gives up with "busy". Raises :class:`ConnectError`."""
    give_up = time.monotonic() + timeout
    pause = 0.01
    while True:
        try:
            sock.connect(str(path))
            return
        except BlockingIOError:
            if time.monotonic() >= give_up:
                raise ConnectError(_("table {code} is busy: too many connections are waiting; try again in a "
                                     "moment").format(code=code), "busy") from None
            time.sleep(pause)
            pause = min(pause * 2, 0.2)
        except (ConnectionRefusedError, FileNotFoundError):
            raise _no_table(code, folder) from None
        except OSError as exc:
            raise ConnectError(_("cannot reach table {code}: {error}").format(
                code=code, error=os_reason(exc))) from None


class _LineReader:
    """Reads a blocking socket one message at a time, never past the end of a line (what
    follows stays in the socket for the event loop)."""

    def __init__(self, sock: socket.socket) -> None:
        self.sock = sock

    def next(self) -> Any:
        """The next message, or None at the end. Raises ProtocolError, OSError."""
        chunks: list[bytes] = []
        size = 0
        while True:
            peeked = self.sock.recv(65536, socket.MSG_PEEK)
            if not peeked:
                return None
            end = peeked.find(b"\n")
            take = self.sock.recv(end + 1 if end >= 0 else len(peeked))
            chunks.append(take)
            size += len(take)
            if size > MAX_SERVER_LINE:
                raise ProtocolError("too_long", "the server sent a line too long")
            if end >= 0:
                return decode_server(b"".join(chunks))


async def _read(reader: asyncio.StreamReader) -> Any:
    """The server's next message (None at the end of the connection). Raises ProtocolError."""
    try:
        line = await reader.readuntil(b"\n")
    except asyncio.IncompleteReadError:
        return None
    except asyncio.LimitOverrunError:
        raise ProtocolError("too_long", "the server sent a line too long") from None
    except ConnectionError:
        return None
    return decode_server(line)


# ------------------------------------------------------------------ seat tokens


def default_name() -> str:
    """The name a player sits under unless they give one: a door player's own name (the one they
    came through ``makao serve`` with), else their login name, capitalised ("Player" if
    unknown)."""
    player = door_player()
    if player is not None:
        return player.name
    try:
        name = getpass.getuser().strip()
    except (OSError, KeyError, ImportError):
        name = ""
    return name[:1].upper() + name[1:] if name else _("Player")


def remember_seat(code: str, info: TableInfo, seated: Seated, name: str) -> None:
    """Keep the token of the seat taken at table ``code`` under ``name`` (user-only file:
    ``{code: {"created", "host", "seats": [{"seat", "name", "token"}]}}``; one user may hold
    several seats of a table, from several terminals)."""
    path = places.token_path()
    tables = places.read_private(path)
    entry = tables.get(code)
    if not (isinstance(entry, dict) and entry.get("created") == info.created and entry.get("host") == info.host):
        entry = {"created": info.created, "host": info.host, "seats": []}
    held = [s for s in entry.get("seats", []) if isinstance(s, dict) and s.get("seat") != seated.seat]
    entry["seats"] = [*held, {"seat": seated.seat, "name": name, "token": seated.token}]
    tables[code] = entry
    places.write_private(path, tables)


def remembered_token(code: str, info: TableInfo, name: str | None = None) -> str | None:
    """This user's token for a seat of table ``code`` (the same table: same host and creation
    time): the seat of ``name`` if given, else the first of this user's seats whose player is
    away; None if there is none."""
    entry = places.read_private(places.token_path()).get(code)
    if not (isinstance(entry, dict) and entry.get("created") == info.created and entry.get("host") == info.host):
        return None
    for held in entry.get("seats", []):
        if not isinstance(held, dict) or not isinstance(held.get("token"), str):
            continue
        seat = held.get("seat")
        if not isinstance(seat, int) or not 0 <= seat < len(info.seats):
            continue
        if name is not None:
            if str(held.get("name", "")).casefold() == name.casefold():
                return held["token"]
        elif not info.seats[seat].connected:
            return held["token"]
    return None


def sit(code: str, name: str | None = None, watch: bool = False, folder: Path | None = None) -> Handshake:
    """Sit at table ``code`` as ``makao join`` and the start screen do (blocking, before any
    event loop): with this user's kept token of the table (:func:`remembered_token`: the seat of
    ``name`` if given, else one whose player is away), else as ``name`` (default
    :func:`default_name`), or ``watch``. A token the table does not know (one of an earlier table
    under the same code) is dropped and the player sits by name (the Unix user who sat there
    takes his own seat back so). The new seat's token is written down (:func:`remember_seat`), and
    only then is the server told (``kept``), so the token used until now works until the new one
    is safe: a token that cannot be written (a full disk) is not confirmed. Raises
    :class:`ConnectError`."""
    code = code.strip().lower()
    info = places.read_info(code, folder) if places.valid_code(code) else None
    token = remembered_token(code, info, name) if info is not None and not watch else None
    sitter = name or default_name()
    try:
        shake = handshake(code, sitter, token, watch, folder)
    except ConnectError as exc:
        if token is None or exc.refusal is None or (exc.refusal.words or {}).get("words") != BAD_TOKEN:
            raise
        shake = handshake(code, sitter, None, watch, folder)
    if shake.seated is not None:
        try:
            remember_seat(code, shake.welcome.table, shake.seated, sitter)
            shake.sock.sendall(encode(Kept()))
        except OSError:  # not written down (or the table is gone): the old token stays good
            pass
    return shake
