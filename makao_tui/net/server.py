"""The table server: one shared table behind a Unix socket, for the players of one box.

:class:`TableServer` listens on ``CODE.sock`` in the tables folder (:mod:`.places`), writes the
table's public description beside it, and speaks :mod:`.protocol` with every client. Before the
match starts it keeps the lobby: the seats (a seat kept for a name, an open seat, an AI seat)
and who sits where. When every seat is taken (or the host starts it, AI players filling the
open seats) it makes the :class:`~makao_tui.table.Table` that runs the match, stores every
action in the host user's store, and subscribes each seated client to its seat.

Who is who: the Unix user of each client comes from the socket (SO_PEERCRED) and is shown beside
the player's name; a player of a ``makao serve`` door is shown as the door names them
(``ssh:bob``), believed only from a client of the server's own Unix user (:mod:`.identity`).
A seat is held by a token (handed to the client once, kept by the server only as its
SHA-256); a client that comes back with it takes its seat again. A player whose connection
drops keeps the seat ("disconnected"); after ``ai_takeover_s`` an AI plays it until the player
rejoins.

The server ends (saving, releasing the stored match, removing its socket and description)
when the match is over, when no human has been connected for ``idle_exit_s``, or on SIGTERM or
SIGINT. Its record (``server_dir()/match-ID.json``, user-only: code, seats, token digests)
lets ``makao host --resume ID`` reopen a table whose server died, under the same code.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
import os
import random
import secrets
import signal
import time
from collections.abc import Callable, Coroutine
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

import msgspec

from .. import __version__
from ..ai import DEFAULT_LEVEL
from ..engine.errors import MakaoError
from ..engine.i18n import N_, _, os_reason
from ..engine.text import clean_name
from ..engine.variant import rules_to_options
from ..games import get_variant
from ..store import Seat as StoreSeat
from ..store import Store, StoreError
from ..table import WIRE_VERSION, AIWorker, Notice, Refusal, SeatSpec, Subscription, Table, Update
from . import places
from .identity import door_player
from .protocol import (
    BAD_TOKEN,
    MAX_CHAT,
    MAX_CLIENT_LINE,
    VERSION,
    Act,
    AskHint,
    Bye,
    Chat,
    ChatLine,
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
    TableSeat,
    Undo,
    Watch,
    Welcome,
    decode_client,
    encode,
    greeting_refusal,
    refusal,
    said,
)

log = logging.getLogger("makao.server")

#: seconds a disconnected player's seat waits before an AI plays it (``--ai-takeover``)
AI_TAKEOVER_S = 120.0
#: seconds without any human connected after which the server saves and ends
IDLE_EXIT_S = 600.0
#: bytes waiting to be sent to one client beyond which it is dropped (it does not read)
MAX_BACKLOG = 8 * 1024 * 1024
#: chat lines a newcomer is shown
CHAT_MEMORY = 20
#: seconds a new connection has to say hello
HELLO_TIMEOUT_S = 30.0
#: connections a table takes at once (players and watchers)
MAX_CONNECTIONS = 64
#: connections a table takes at once from one Unix user other than the host's (a flood of one
#: user's connections leaves room for the other players: the next is refused as ``busy``)
MAX_PER_USER = 16
#: connections the kernel queues for the server before it accepts them (it caps this at
#: ``net.core.somaxconn``); beyond it a client's ``connect()`` fails with EAGAIN
LISTEN_BACKLOG = 1024
#: seconds between two looks at the match's clock (a time limit)
TICK_S = 1.0
#: the refusal of a seat asked for while another connection holds it
SEAT_HELD = N_("your seat is held by another connection (another terminal?)")


class SeatPlan(msgspec.Struct, frozen=True):
    """A seat as the host asked for it: ``kind`` ``human`` (kept for ``name``), ``open`` or
    ``ai`` (at ``level``)."""

    kind: Literal["human", "open", "ai"]
    name: str = ""
    level: str = DEFAULT_LEVEL


class HostConfig(msgspec.Struct, frozen=True, kw_only=True):
    """What a table server is started with (the ``makao host`` command passes it as JSON).

    ``game`` (variant id), ``options`` (rule options, checked by ``variant.rules``), ``seats``;
    ``resume``: the stored match to reopen instead (its own game, options and seats then);
    ``code``: the join code (None: a new one); ``ai_takeover_s``, ``idle_exit_s``, ``ai_delay``
    (seconds an AI move waits at least). Raises nothing itself; :class:`TableServer` checks it."""

    game: str = ""
    options: dict[str, Any] = {}
    seats: list[SeatPlan] = []
    resume: int | None = None
    code: str | None = None
    ai_takeover_s: float = AI_TAKEOVER_S
    idle_exit_s: float = IDLE_EXIT_S
    ai_delay: float = 0.6


@dataclass
class _Seat:
    """A seat at the server: the plan, and who holds it."""

    kind: str  # "human" (kept for a name or taken), "open", "ai"
    name: str
    level: str = DEFAULT_LEVEL
    user: str | None = None
    #: the Unix user who sat here (None: unknown, or a player of a ``makao serve`` door, who all
    #: come as the door's one user): he may take the seat back by its name, without a token
    uid: int | None = None
    #: the SHA-256 of the seat's newest token
    token_digest: str | None = None
    #: the SHA-256 of the token the seat was last taken back with: it stays good until the client
    #: says it has kept the newest one (``kept``), so a client that died before writing the new
    #: token down still has one that works
    old_digest: str | None = None
    conn: _Connection | None = None
    takeover: asyncio.TimerHandle | None = None
    ai_playing: bool = False


@dataclass
class _Connection:
    """One client's connection."""

    writer: asyncio.StreamWriter
    user: str
    uid: int | None
    #: a player of a ``makao serve`` door (``user`` is the door's label, not a Unix user)
    door: bool = False
    seat: int | None = None
    watching: bool = False
    greeted: bool = False
    sub: Subscription | None = None
    #: the answers under way (hints, pages of the log read back)
    tasks: set[asyncio.Task] = field(default_factory=set)

    def send(self, message: Any) -> None:
        if self.writer.is_closing():
            return
        transport = self.writer.transport
        if transport.get_write_buffer_size() > MAX_BACKLOG:
            log.warning("dropping %s: it does not read", self.user)
            self.writer.close()
            return
        self.writer.write(encode(message))


def _digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


class ServerError(MakaoError):
    """A table that cannot be hosted (bad game or options, a match that cannot be resumed, no
    tables folder): the reason in words."""


class TableServer:
    """One shared table (see the module docstring).

    ``config``: :class:`HostConfig`. ``folder``: the tables folder. ``store``: the host user's
    saved-games store (None: unsaved). ``host_user``: the Unix user hosting (default: this
    process's). ``worker``: the AI's process (None: AI moves on the loop's thread at once,
    tests). ``seed``: the match's seed (None: random). Raises :class:`ServerError` for a game,
    option, seat list or stored match that cannot make a table.
    """

    def __init__(self, config: HostConfig, folder: Path, store: Store | None = None, *,
                 host_user: str | None = None, worker: AIWorker | None = None, seed: int | None = None,
                 clock: Callable[[], float] = time.time) -> None:
        self.config = config
        self.folder = folder
        self.store = store
        self.worker = worker
        self.host_uid = os.getuid()
        door = door_player()  # a table opened by a player of a makao serve door is theirs
        self.host_user = host_user or (door.label if door is not None else places.user_name(self.host_uid))
        self.clock = clock
        self.created = clock()
        self.table: Table | None = None
        self.writer: Any = None
        self.conns: list[_Connection] = []
        self.chat: list[ChatLine] = []
        self.closed = asyncio.Event()
        # why the table closes (:meth:`close`); a server ended by its own code, not asked to, says it stopped
        self.close_words, self.close_reason = said(N_("the host stopped the server"))
        self._idle: asyncio.TimerHandle | None = None
        #: seconds without a human connected before the server ends (changeable while it runs)
        self.idle_exit_s = config.idle_exit_s
        self._server: asyncio.AbstractServer | None = None
        self._handlers: set[asyncio.Task] = set()
        #: seats whose players asked for the next deal (the deal under way is over)
        self._ready: set[int] = set()
        self._ticking: asyncio.Task | None = None
        self._seed = seed if seed is not None else random.SystemRandom().randrange(2**31)
        self.match_id: int | None = None
        if config.resume is not None:
            self._load_resume(config.resume)
        else:
            self._plan_new()
        code = config.code or self.code_from_record
        if code is not None and places.alive(places.socket_path(code, folder)):
            log.warning("code %s is another live table's now: this table gets a new one", code)
            code = None
        self.code = code or places.new_code(folder)

    code_from_record: str | None = None

    # ------------------------------------------------------------ setting up

    def _plan_new(self) -> None:
        from ..engine.variant import RulesError

        try:
            self.variant = get_variant(self.config.game)
            self.rules = self.variant.rules(dict(self.config.options))
            self.variant.check_players(len(self.config.seats))
        except RulesError as exc:
            raise ServerError(str(exc)) from None
        if not any(p.kind != "ai" for p in self.config.seats):
            raise ServerError("a shared table needs at least one seat for a player (a name or 'open')")
        self.seats = [_Seat(kind=p.kind, name=clean_name(p.name), level=p.level)
                      for p in self.config.seats]

    def _load_resume(self, match_id: int) -> None:
        if self.store is None:
            raise ServerError("no saved-games store to resume from")
        try:
            self.writer = self.store.resume(match_id)
        except StoreError as exc:
            raise ServerError(str(exc)) from None
        saved = self.writer.saved
        record = places.read_private(self.record_path(match_id))
        self.variant, self.rules = saved.variant, saved.rules
        held = record.get("seats", [])
        self.seats = []
        for i, s in enumerate(saved.seats):
            info = held[i] if i < len(held) and isinstance(held[i], dict) else {}
            uid = info.get("uid")
            self.seats.append(_Seat(kind="ai" if s.is_ai else "human", name=s.name, level=s.level,
                                    user=info.get("user"), uid=uid if isinstance(uid, int) else None,
                                    token_digest=info.get("token"), old_digest=info.get("old")))
        if isinstance(record.get("created"), float):
            self.created = record["created"]  # the same table: the players' tokens name it
        code = record.get("code")
        self.code_from_record = code if isinstance(code, str) and places.valid_code(code) else None
        self.match_id = match_id
        try:
            self.table = Table.resume(saved, writer=self.writer, worker=self.worker, ai_delay=self.config.ai_delay,
                                      on_error=self._ai_failed)
        except StoreError as exc:
            self.writer.close()
            raise ServerError(str(exc)) from None

    @staticmethod
    def record_path(match_id: int) -> Path:
        """The server record of stored match ``match_id`` (user-only)."""
        return places.server_dir() / f"match-{match_id}.json"

    def _write_record(self) -> None:
        if self.match_id is None:
            return
        places.write_private(self.record_path(self.match_id), {
            "code": self.code, "created": self.created,
            "seats": [{"user": s.user, "uid": s.uid, "token": s.token_digest, "old": s.old_digest}
                      for s in self.seats]})

    # ------------------------------------------------------------ the public description

    def info(self) -> TableInfo:
        """The table's public description now."""
        seats = []
        for s in self.seats:
            kind: Literal["human", "ai", "open"] = "open" if s.kind == "open" else "ai" if s.kind == "ai" else "human"
            seats.append(TableSeat(kind=kind, name=s.name, user=s.user if kind == "human" else None,
                                  level=s.level if kind == "ai" else None, connected=s.conn is not None,
                                  ai_playing=s.ai_playing))
        return TableInfo(code=self.code, game=self.variant.id, game_name=self.variant.name, seats=tuple(seats),
                         started=self.table is not None, host=self.host_user, created=self.created,
                         options=rules_to_options(self.rules), pid=os.getpid(),
                         ai_takeover_s=self.config.ai_takeover_s)

    def _publish_info(self) -> None:
        info = self.info()
        with contextlib.suppress(OSError):
            places.write_info(info, self.folder)
        for conn in self.conns:
            if conn.greeted:
                conn.send(Lobby(table=info))

    # ------------------------------------------------------------ running

    async def start_serving(self) -> None:
        """Listen on the table's socket and write its description. Raises :class:`ServerError`
        if the socket cannot be made."""
        path = places.socket_path(self.code, self.folder)
        if places.is_socket(path) and places.owner_of(path) == self.host_uid:
            places.remove_table_files(self.code, self.folder)  # left by a dead server of this table
        try:
            self._server = await asyncio.start_unix_server(self._serve_client, path=str(path),
                                                           limit=MAX_CLIENT_LINE, backlog=LISTEN_BACKLOG)
            os.chmod(path, 0o666)  # every user of the box may connect
        except OSError as exc:
            raise ServerError(_("cannot listen on {path}: {error}").format(path=path, error=os_reason(exc))) from None
        self._publish_info()
        if self.table is not None:  # resumed: the players come back
            self.table.watch(self._on_change)
            self.table.start()
            for i, s in enumerate(self.seats):
                if s.kind == "human":
                    self._seat_left(i)
        self._check_idle()
        self._ticking = asyncio.get_running_loop().create_task(self._tick())
        log.info("table %s (%s) listening on %s", self.code, self.variant.id, path)

    async def _tick(self) -> None:
        """Let the table look at its clock now and then (a time limit ends the match)."""
        while not self.closed.is_set():
            await asyncio.sleep(TICK_S)
            if self.table is not None:
                self.table.tick()

    async def serve(self) -> None:
        """Serve until the table closes, then clean up."""
        await self.start_serving()
        await self.closed.wait()
        await self.shutdown()

    def close(self, message: str, **fields: Any) -> None:
        """Ask the server to end: every client is told why, ``message`` (an English template marked
        for the ``cli`` catalog) with its ``fields``, as data that each words in its player's
        language (:func:`~makao_tui.net.words.closed_text`); ``close_reason``: the same in English, for the
        log."""
        if not self.closed.is_set():
            why = said(message, **fields)
            self.close_reason, self.close_words = why.english, why.data
            self.closed.set()

    async def shutdown(self) -> None:
        """Tell every client, stop listening, release the match, remove the table's files."""
        log.info("closing table %s: %s", self.code, self.close_reason)
        for conn in list(self.conns):
            conn.send(Closed(words=self.close_words))
            with contextlib.suppress(Exception):
                conn.writer.close()
        if self._server is not None:
            self._server.close()
        if self._ticking is not None:
            self._ticking.cancel()
        if self.table is not None:
            self.table.close()  # releases the stored match
        elif self.writer is not None:
            self.writer.close()
        if self.worker is not None:
            self.worker.close()
        places.remove_table_files(self.code, self.folder)
        if self._handlers:  # each connection's handler ends as its socket closes
            await asyncio.wait(set(self._handlers), timeout=5)

    def _ai_failed(self, exc: BaseException) -> None:
        log.error("an AI turn failed", exc_info=exc)
        self.close(N_("the table's server failed: {error}"), error=type(exc).__name__)  # the log has the rest

    # ------------------------------------------------------------ one client

    async def _serve_client(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        task = asyncio.current_task()
        if task is not None:
            self._handlers.add(task)
            task.add_done_callback(self._handlers.discard)
        sock = writer.get_extra_info("socket")
        uid = places.peer_uid(sock) if sock is not None else None
        conn = _Connection(writer=writer, user=places.user_name(uid) if uid is not None else "?", uid=uid)
        if len(self.conns) >= MAX_CONNECTIONS:
            conn.send(greeting_refusal("full", N_("table {code} has {most} connections already"),
                                       code=self.code, most=MAX_CONNECTIONS))
            writer.close()
            return
        if uid is not None and uid != self.host_uid and sum(c.uid == uid for c in self.conns) >= MAX_PER_USER:
            conn.send(greeting_refusal("busy", N_("table {code} is busy: {user} has {most} connections to it "
                                                  "already"), code=self.code, user=conn.user, most=MAX_PER_USER))
            writer.close()
            return
        self.conns.append(conn)
        try:
            while not self.closed.is_set():
                try:
                    # a client that does not say hello in time is let go
                    line = await asyncio.wait_for(read_line(reader), None if conn.greeted else HELLO_TIMEOUT_S)
                except asyncio.TimeoutError:
                    break
                except ProtocolError as exc:
                    if not self._refuse_line(conn, exc):
                        break
                    continue
                if line is None:
                    break
                if not line.strip():
                    continue
                try:
                    message = decode_client(line)
                except ProtocolError as exc:
                    if not self._refuse_line(conn, exc):
                        break
                    continue
                if isinstance(message, Bye):
                    break
                if not self._handle(conn, message):
                    break
                await writer.drain()
        except (ConnectionError, OSError):
            pass
        finally:
            self._drop(conn)
            with contextlib.suppress(Exception):
                writer.close()

    def _seq(self) -> int:
        return self.table.seq if self.table is not None else 0

    def _refuse_line(self, conn: _Connection, exc: ProtocolError) -> bool:
        """Refuse a line that is not one valid message (``garbage``, ``too_long``); False ends the
        connection: before ``hello`` nothing but a hello is read, so such a line is refused as a
        missing hello and the connection closed, as for any other first message."""
        if not conn.greeted:
            conn.send(greeting_refusal("hello", N_("say hello first")))
            return False
        conn.send(refusal(exc.code, "read", self._seq(), exc.message, **exc.fields))
        return True

    def _handle(self, conn: _Connection, message: Any) -> bool:
        """Carry out one message; False ends the connection."""
        if not conn.greeted:
            if not isinstance(message, Hello):
                conn.send(greeting_refusal("hello", N_("say hello first")))
                return False
            if message.v != VERSION or message.wire != WIRE_VERSION:
                conn.send(greeting_refusal("version", N_(
                    "this table speaks protocol {protocol} (messages {wire}), your makao speaks {yours} "
                    "({your_wire}): use the same makao-tui version as the host ({version})"),
                    protocol=VERSION, wire=WIRE_VERSION, yours=message.v, your_wire=message.wire,
                    version=__version__))
                return False
            if message.door is not None:
                if conn.uid is not None and conn.uid == self.host_uid:
                    conn.user = message.door.label  # a door of this server's own user vouches for it
                    conn.door = True
                else:
                    log.warning("ignored the door player %s claimed by Unix user %s: only this server's own "
                                "user's doors are believed", message.door.label, conn.user)
            conn.greeted = True
            conn.send(Welcome(v=VERSION, table=self.info(), user=conn.user))
            for line in self.chat:
                conn.send(line)
            return True
        if isinstance(message, Hello):
            conn.send(refusal("hello", "hello", self._seq(), N_("already greeted")))
        elif isinstance(message, Join):
            self._join(conn, message)
        elif isinstance(message, Watch):
            self._watch(conn)
        elif isinstance(message, Start):
            self._start_asked(conn, message)
        elif isinstance(message, Chat):
            self._chat(conn, message)
        elif isinstance(message, Kept):
            self._kept(conn)
        elif isinstance(message, Act | NextDeal | Undo | AskHint):
            self._intent(conn, message)
        elif isinstance(message, Older):
            self._older(conn, message)
        return True

    def _join(self, conn: _Connection, message: Join) -> None:
        """A connection asks for a seat: with a token, the seat that token was given for (taken
        back); without, by name, the seat its own Unix user sat in under that name, or before the
        match starts a seat kept for that name or the first open one. Each refusal is sent as
        such (kind ``join``, or ``no_seat`` when the table is full); a seat found is taken
        (:meth:`_sit`)."""
        if conn.seat is not None or conn.watching:
            conn.send(refusal("join", "join", self._seq(), N_("this connection already sits or watches")))
            return
        name = clean_name(message.name)
        presented: str | None = None  # the digest of the token the seat is taken back with
        if message.token:
            presented = _digest(message.token)
            seat = self._seat_of_token(conn, presented)
        else:
            seat = self._seat_of_name(conn, name)
        if seat is not None:
            self._sit(conn, seat, name, presented)

    def _seat_of_token(self, conn: _Connection, presented: str) -> int | None:
        """The seat whose token (or the one it replaced) has the digest ``presented``, if no other
        connection holds it; else None, the refusal sent."""
        seat = next((i for i, s in enumerate(self.seats) if presented in (s.token_digest, s.old_digest)), None)
        if seat is None:
            conn.send(refusal("join", "join", self._seq(), BAD_TOKEN))
            return None
        if self.seats[seat].conn is not None:
            conn.send(refusal("join", "join", self._seq(), SEAT_HELD))
            return None
        return seat

    def _seat_of_name(self, conn: _Connection, name: str) -> int | None:
        """The seat ``conn`` may take under ``name``, or None, the refusal sent: a seat taken under
        that name goes back only to the Unix user who sat there (never through a door); before the
        match starts, a human seat kept for that name, else the first open seat."""
        if not name:
            conn.send(refusal("join", "join", self._seq(), N_("give a name to sit down")))
            return None
        seat = next((i for i, s in enumerate(self.seats)
                     if s.name.casefold() == name.casefold() and s.token_digest is not None), None)
        if seat is not None:  # only the Unix user who sat there takes it back by its name
            taken = self.seats[seat]
            if taken.uid is None or conn.door or conn.uid != taken.uid:
                conn.send(refusal("join", "join", self._seq(),
                                  N_("{name!r} sits at this table already: choose another name"), name=name))
                return None
            if taken.conn is not None:
                conn.send(refusal("join", "join", self._seq(), SEAT_HELD))
                return None
        elif self.table is None:
            seat = self._kept_or_open(name)
        if seat is None:
            # kind no_seat: each client says how to watch instead (a door player has no shell)
            full = (N_("no free seat at table {code}: the match has started") if self.table is not None else
                    N_("no free seat at table {code}: every seat is taken"))
            conn.send(refusal("no_seat", "join", self._seq(), full, code=self.code))
        return seat

    def _kept_or_open(self, name: str) -> int | None:
        """Before the match starts: the first human seat kept for ``name`` (no one sat in it yet),
        else the first open seat, else None."""
        kept = [i for i, s in enumerate(self.seats)
                if s.kind == "human" and s.token_digest is None and s.name.casefold() == name.casefold()]
        free = [i for i, s in enumerate(self.seats) if s.kind == "open"]
        return (kept or free)[0] if kept or free else None

    def _sit(self, conn: _Connection, seat: int, name: str, presented: str | None) -> None:
        """``conn`` takes ``seat`` (under ``name`` if it was open or kept) with a new token, sent
        in ``seated``; ``presented``, the digest of the token it was taken back with, works until
        the client says it has kept the new one. At a running table the seat's AI stand-in stops
        and the connection subscribes; the match starts once no seat is open or empty."""
        token = secrets.token_urlsafe(24)
        s = self.seats[seat]
        if s.kind == "open" or s.token_digest is None:
            s.kind, s.name = "human", name or s.name
        s.token_digest, s.old_digest, s.user, s.conn = _digest(token), presented, conn.user, conn
        s.uid = None if conn.door else conn.uid
        conn.seat = seat
        if s.takeover is not None:
            s.takeover.cancel()
            s.takeover = None
        conn.send(Seated(seat=seat, token=token))
        log.info("%s (%s) sits at seat %d", s.name, conn.user, seat)
        self._write_record()
        if self.table is not None:
            if s.ai_playing:
                s.ai_playing = False
                self.table.set_ai(seat, None)
            conn.sub = self.table.join(seat, conn.send)
        self._check_idle()
        self._publish_info()
        if self.table is None and not any(x.kind == "open" or (x.kind == "human" and x.conn is None)
                                          for x in self.seats):
            self._start_match()

    def _kept(self, conn: _Connection) -> None:
        """The client has kept (written down) the token of its seat's ``seated``: the token the
        seat was taken back with stops working."""
        if conn.seat is None:
            conn.send(refusal("join", "kept", self._seq(), N_("you hold no seat at this table")))
            return
        s = self.seats[conn.seat]
        if s.conn is conn and s.old_digest is not None:
            s.old_digest = None
            self._write_record()

    def _watch(self, conn: _Connection) -> None:
        if conn.seat is not None or conn.watching:
            conn.send(refusal("join", "watch", self._seq(), N_("this connection already sits or watches")))
            return
        conn.watching = True
        if self.table is not None:
            conn.sub = self.table.watch(conn.send)

    def _start_asked(self, conn: _Connection, message: Start) -> None:
        if self.table is not None:
            conn.send(refusal("start", "start", self._seq(), N_("the match has started already")))
        elif conn.uid != self.host_uid or conn.user != self.host_user:
            conn.send(refusal("start", "start", 0, N_("only the host ({host}) may start the match"),
                              host=self.host_user))
        elif not message.fill_ai and any(s.kind != "ai" and s.conn is None for s in self.seats):
            conn.send(refusal("start", "start", 0,
                              N_("some seats are still empty: start with AI players in them, or wait")))
        else:
            self._start_match()

    def _start_match(self) -> None:
        """Make the table: open or empty seats go to the AI, the match is stored, seated clients
        subscribe."""
        for s in self.seats:
            if s.kind == "open" or (s.kind == "human" and s.token_digest is None):
                s.kind, s.name, s.user = "ai", "", None
        specs = [SeatSpec(s.name, s.kind == "ai", s.level) for s in self.seats]
        from ..table import seat_names

        names = seat_names(specs)
        for s, name in zip(self.seats, names, strict=True):
            s.name = name
        specs = [SeatSpec(name, s.kind == "ai", s.level) for s, name in zip(self.seats, names, strict=True)]
        if self.store is not None:
            try:
                self.writer = self.store.start_match(self.variant, self.rules, [
                    StoreSeat(sp.name, sp.is_ai, sp.level) for sp in specs], self._seed)
                self.match_id = self.writer.id
            except StoreError as exc:
                log.error("the match is not saved: %s", exc)
        self.table = Table(self.variant, self.rules, specs, self._seed, worker=self.worker,
                           ai_delay=self.config.ai_delay, writer=self.writer, on_error=self._ai_failed)
        self._write_record()
        log.info("match started (stored as %s)", self.match_id)
        for conn in self.conns:
            if conn.seat is not None:
                conn.sub = self.table.join(conn.seat, conn.send)
            elif conn.watching:
                conn.sub = self.table.watch(conn.send)
        self.table.watch(self._on_change)
        self.table.start()
        self._publish_info()

    def _chat(self, conn: _Connection, message: Chat) -> None:
        text = clean_name(message.text, MAX_CHAT)
        if not text:
            return
        name = self.seats[conn.seat].name if conn.seat is not None else ""
        line = ChatLine(name=name, user=conn.user, text=text, watching=conn.seat is None)
        self.chat = [*self.chat, line][-CHAT_MEMORY:]
        for other in self.conns:
            if other.greeted:
                other.send(line)

    def _intent(self, conn: _Connection, message: Any) -> None:
        intent = ("act" if isinstance(message, Act) else "next_deal" if isinstance(message, NextDeal)
                  else "undo" if isinstance(message, Undo) else "hint")
        if conn.sub is None or conn.seat is None:
            why = N_("the match has not started") if self.table is None else N_("you hold no seat at this table")
            conn.send(refusal("seat", intent, self._seq(), why))
            return
        sub = conn.sub
        if isinstance(message, AskHint):
            self._answer_later(conn, sub.hint(message.seq))
            return
        if isinstance(message, Act):
            named = message.action.get("seat", conn.seat)
            if named != conn.seat:  # the scenario form may name the seat: only one's own
                other = refusal("seat", "act", self._seq(), N_("this connection plays seat {seat}, not seat {named}"),
                                seat=conn.seat + 1, named=named + 1 if isinstance(named, int) else repr(named))
                conn.send(msgspec.structs.replace(other, action=message.action))
                return
            answer = sub.act(message.seq, message.action)
        elif isinstance(message, NextDeal):
            answer = self._next_deal_asked(conn, sub, message.seq)
        else:
            answer = sub.undo(message.seq)
        if answer is not None:
            conn.send(answer)

    def _older(self, conn: _Connection, message: Older) -> None:
        """Log entries read back for a player or watcher scrolling back: the table service's page
        for the connection's seat (a watcher's: the public one), or its refusal."""
        if conn.sub is None:
            why = N_("the match has not started") if self.table is None else N_("you hold no seat at this table")
            conn.send(refusal("older", "older", self._seq(), why))
            return
        steps = conn.sub.older_steps(message.end, message.count)
        try:
            next(steps)
        except StopIteration as done:  # kept, or read back just before: answered at once, in order
            conn.send(done.value)
            return
        # a page to rebuild: replayed in slices, the loop serving the others between them
        self._answer_later(conn, conn.sub.table.finish_older(steps))

    @staticmethod
    def _answer_later(conn: _Connection, answer: Coroutine[Any, Any, Any]) -> None:
        """Send ``conn`` what ``answer`` (a hint thought of in the AI's process, a page of the log
        rebuilt) comes to, when it does; the connection's end cancels it."""
        task = asyncio.get_running_loop().create_task(answer)
        conn.tasks.add(task)

        def send(done: asyncio.Task) -> None:
            conn.tasks.discard(done)
            if not done.cancelled():
                conn.send(done.result())

        task.add_done_callback(send)

    def _next_deal_asked(self, conn: _Connection, sub: Subscription, seq: int) -> Refusal | None:
        """The next deal starts when every player at the table has asked for it (each has seen the
        deal's result); until then the asker is told whom the table waits for."""
        table = self.table
        if table is None or conn.seat is None or seq != table.seq or not table.match.awaiting_next_deal:
            return sub.next_deal(seq)  # the table service refuses it, with its reason
        self._ready.add(conn.seat)
        waiting = self._not_ready()
        if not waiting:
            return sub.next_deal(seq)
        waits = said(N_("The next deal waits for {names}."), names=", ".join(self.seats[i].name for i in waiting))
        conn.send(Notice(kind="waiting", words=waits.data))
        return None

    def _not_ready(self) -> list[int]:
        """The seats of connected players who have not asked for the next deal yet."""
        return [i for i, s in enumerate(self.seats)
                if s.conn is not None and not s.ai_playing and i not in self._ready]

    # ------------------------------------------------------------ leaving, AI takeover, the end

    def _drop(self, conn: _Connection) -> None:
        if conn in self.conns:
            self.conns.remove(conn)
        for task in conn.tasks:
            task.cancel()
        if conn.sub is not None:
            conn.sub.leave()
            conn.sub = None
        if conn.seat is not None:
            seat = self.seats[conn.seat]
            if seat.conn is conn:
                seat.conn = None
                log.info("%s (%s) left seat %d", seat.name, conn.user, conn.seat)
                if self.table is not None:
                    self._seat_left(conn.seat)
            conn.seat = None
            if not self.closed.is_set():
                self._publish_info()
                if self.table is not None and self._ready and not self._not_ready():
                    self._next_deal_by_server()  # the one player the others waited for left
        self._check_idle()

    def _seat_left(self, seat: int) -> None:
        """A human's seat without its player: an AI plays it after ``ai_takeover_s``."""
        s = self.seats[seat]
        if s.takeover is not None:
            s.takeover.cancel()
        s.takeover = asyncio.get_running_loop().call_later(self.config.ai_takeover_s, self._take_over, seat)

    def _take_over(self, seat: int) -> None:
        s = self.seats[seat]
        s.takeover = None
        if s.conn is not None or self.table is None or s.ai_playing:
            return
        s.ai_playing = True
        log.info("the AI plays for %s (seat %d)", s.name, seat)
        self.table.set_ai(seat, DEFAULT_LEVEL)
        self._publish_info()

    def _on_change(self, message: Any) -> None:
        """The server's own watch of the table (public updates): at the match's end it closes;
        between deals with every human seat played by the AI nobody would start the next deal,
        so it does."""
        if not isinstance(message, Update):
            return
        loop = asyncio.get_running_loop()
        if message.match_over:
            loop.call_soon(self.close, N_("the match is over"))
        elif not message.deal_over:
            self._ready.clear()
        elif all(s.kind == "ai" or s.ai_playing for s in self.seats):
            loop.call_soon(self._next_deal_by_server)  # nobody would start it: every seat is the AI's

    def _next_deal_by_server(self) -> None:
        table = self.table
        if table is not None and table.match.awaiting_next_deal and not self.closed.is_set():
            table._start_next_deal()
            table._changed()

    def _check_idle(self) -> None:
        """Start (or stop) the countdown to the end while no human is connected."""
        humans = any(s.conn is not None for s in self.seats)
        if humans and self._idle is not None:
            self._idle.cancel()
            self._idle = None
        elif not humans and self._idle is None and not self.closed.is_set():
            self._idle = asyncio.get_running_loop().call_later(
                self.idle_exit_s, self.close, N_("every player has been away too long"))


async def read_line(reader: asyncio.StreamReader, limit: int = MAX_CLIENT_LINE) -> bytes | None:
    """The next line from ``reader`` (None at its end). A line longer than ``limit`` is read
    through to its end and dropped, then :class:`ProtocolError` (``too_long``) is raised, so
    the stream stays in step."""
    too_long = False
    while True:
        try:
            line = await reader.readuntil(b"\n")
        except asyncio.IncompleteReadError as exc:
            return None if too_long or not exc.partial else exc.partial
        except asyncio.LimitOverrunError as exc:
            too_long = True
            await reader.readexactly(exc.consumed)
            continue
        if too_long or len(line) > limit:
            raise ProtocolError("too_long", N_("a message longer than {limit} bytes was not read"), limit=limit)
        return line


def run_server(config: HostConfig, ready: Callable[[TableServer], None] | None = None) -> int:
    """Run a table server in this process until it ends (the ``makao host`` daemon's body):
    SIGTERM and SIGINT end it cleanly, SIGHUP is ignored (it has no terminal). ``ready`` is
    called once it listens. Returns the exit status; raises :class:`ServerError` if it cannot
    start."""
    from ..store import open_store

    async def main() -> int:
        folder = places.tables_dir()
        try:
            store: Store | None = open_store()
        except StoreError as exc:
            log.error("matches are not saved: %s", exc)
            store = None
        server = TableServer(config, folder, store, worker=AIWorker())
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGTERM, signal.SIGINT):
            loop.add_signal_handler(sig, server.close, N_("the host stopped the server"))
        loop.add_signal_handler(signal.SIGHUP, lambda: None)
        try:
            await server.start_serving()
            if ready is not None:
                ready(server)
            await server.closed.wait()
        finally:
            await server.shutdown()
            if store is not None:
                store.close()
        return 0

    return asyncio.run(main())
