"""The SSH door of ``makao serve``: ``ssh -p PORT name@host`` opens the makao app, nothing else.

Built on asyncssh. Each connection that logs in and asks for a terminal gets its own ``makao``
process on a pseudo-terminal (:class:`~.pty.AppProcess`) at the client's size, following its
resizes, with the client's ``TERM``; the process learns its player from
:mod:`makao_tui.net.identity` and keeps its files in the player's own data folder
(:func:`~.players.player_dir`).

Who comes in: the SSH user name is the player's name (cleaned); the public key is the identity
(:class:`~.players.Claims`: the first key to use a name owns it). ``allowed`` admits only the
keys of an ``authorized_keys`` file; with ``guests`` a client without a key (keyboard-interactive
login with no question) plays as ``guest-NAME``. A refusal is said to the client in an
authentication banner, which ``ssh`` prints.

What is refused, logged, and changes nothing: a command (``ssh host CMD``), a subsystem (SFTP),
a session without a terminal, a second session on one connection, port, socket, agent or X11
forwarding, a connection beyond :attr:`SSHLimits.connections` (or a key's beyond
:attr:`SSHLimits.per_key`), a login not done within :attr:`SSHLimits.login_s`. A run of input
longer than :attr:`SSHLimits.input_run` bytes without a line end or escape (a 1 MB "line") is
cut there. Bytes that are not UTF-8 are dropped (:class:`Utf8Keys`: the app would end on them). An
unexpected error of a player's app shows them one line; its traceback goes to this server's log
(:data:`~makao_tui.net.identity.ERROR_LOG_ENV`). A session without a key pressed for
:attr:`SSHLimits.idle_s` is closed. A dropped
connection hangs up its app, which ends within :data:`~.pty.GRACE_S` or is killed.
"""

from __future__ import annotations

import asyncio
import codecs
import contextlib
import gettext
import logging
import os
import re
import signal
import sys
import warnings
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from ..engine.i18n import N_, language_from_environment, load
from ..net.identity import ENV, ERROR_LOG_ENV, DoorPlayer, encode_player
from .players import AllowedKeys, Claims, PlayerRefused, guest_name, player_dir, player_name
from .pty import GRACE_S, AppProcess

with warnings.catch_warnings():
    # asyncssh still names DSA keys, which cryptography deprecates: five lines of warnings at every
    # start that the door's operator can do nothing about (the door never offers DSA host keys)
    try:
        from cryptography.utils import CryptographyDeprecationWarning
    except ImportError:  # pragma: no cover - asyncssh requires cryptography
        pass
    else:
        warnings.simplefilter("ignore", CryptographyDeprecationWarning)
    import asyncssh


log = logging.getLogger("makao.serve")

#: the name of the host key's file in the serve folder
HOST_KEY = "ssh_host_ed25519_key"
#: what a terminal type may look like (anything else: xterm-256color)
_TERM = re.compile(r"[A-Za-z0-9._+-]{1,64}")
#: what a player is told when their app cannot be started
NOT_STARTED = N_("the game did not start; try again later")
#: what puts a terminal back after an app that did not end by itself: the main screen, the
#: cursor, no mouse reports
_RESET = b"\x1b[?1049l\x1b[?25h\x1b[?1000l\x1b[?1002l\x1b[?1003l\x1b[?1006l\x1b[0m"
#: seconds a closing session waits for the client to take its last words
CLOSE_S = 2.0
#: the file in a player's folder that their app writes an unexpected error to (for the log)
ERROR_FILE = "app-error.log"
#: what ends a run of input (a line end or the start of an escape sequence)
_BREAKS = re.compile(rb"([\r\n\x1b])")


@dataclass(frozen=True)
class SSHLimits:
    """The door's limits: ``connections`` at once (logged in or not), ``per_key`` connections of
    one key (or one guest) at once, ``names_per_key`` names one key may claim (a key over a
    limit is refused, and its client may not come in as a guest instead), ``idle_s`` seconds
    without input before a session is closed, ``login_s`` seconds for the handshake and login,
    ``input_run`` bytes of input without a line end or escape before the rest of the run is
    dropped."""

    connections: int = 32
    per_key: int = 3
    names_per_key: int = 3
    idle_s: float = 30 * 60.0
    login_s: float = 30.0
    input_run: int = 4096


@dataclass
class SSHDoorConfig:
    """What the door serves: ``host`` and ``port`` (0: any free port) to listen on, the
    ``folder`` of its state (host key, claimed names, players' folders: user-only), ``allowed``
    keys (None: any key), ``guests``, ``limits``; ``command`` starts a player's app, whose
    environment is ``environ`` plus the player's own variables."""

    host: str
    port: int
    folder: Path
    allowed: AllowedKeys | None = None
    guests: bool = False
    limits: SSHLimits = field(default_factory=SSHLimits)
    command: Sequence[str] = (sys.executable, "-m", "makao_tui")
    environ: dict[str, str] = field(default_factory=dict)


def host_key(folder: Path) -> asyncssh.SSHKey:
    """The door's host key, ``folder/ssh_host_ed25519_key``: read, or made on first start and
    kept user-only. Raises OSError / ``asyncssh.KeyImportError`` for a file that cannot be read."""
    path = folder / HOST_KEY
    if path.exists():
        return asyncssh.read_private_key(str(path))
    key = asyncssh.generate_private_key("ssh-ed25519", comment="makao serve")
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "wb") as out:
        out.write(key.export_private_key())
    (folder / f"{HOST_KEY}.pub").write_bytes(key.export_public_key())
    log.info("made the host key %s (%s)", path, key.get_fingerprint("sha256"))
    return key


def cut_runs(data: bytes, run: int, limit: int) -> tuple[bytes, int, int]:
    """``data`` with every run of bytes between line ends and escapes cut after ``limit`` bytes,
    ``run`` being the length of the run ``data`` continues. Returns (what is kept, the length of
    the run at the end, how many bytes were dropped)."""
    kept: list[bytes] = []
    dropped = 0
    for part in _BREAKS.split(data):
        if part in (b"\r", b"\n", b"\x1b"):
            run = 0
            kept.append(part)
        elif part:
            room = max(0, limit - run)
            kept.append(part[:room])
            dropped += max(0, len(part) - room)
            run += len(part)
    return b"".join(kept), run, dropped


class Utf8Keys:
    """What a player types, as the app may read it: UTF-8 only. The app's terminal driver decodes
    its input strictly and would end on the first byte that is not UTF-8 (a Latin-1 terminal's
    ``§`` is 0xA7), so such bytes are dropped here; a character split between two reads is
    kept whole. :meth:`clean` returns (the bytes to pass on, how many were dropped)."""

    def __init__(self) -> None:
        self._decoder = codecs.getincrementaldecoder("utf-8")("ignore")

    def clean(self, data: bytes) -> tuple[bytes, int]:
        before = len(self._decoder.getstate()[0])
        text = self._decoder.decode(data)
        kept = text.encode()
        return kept, before + len(data) - len(kept) - len(self._decoder.getstate()[0])


class SSHDoor:
    """The SSH door (see the module docstring). ``await start()``, then ``await stop(reason)``."""

    def __init__(self, config: SSHDoorConfig) -> None:
        self.config = config
        self.limits = config.limits
        config.folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        self.claims = Claims(config.folder / "keys.json")
        self.logins: set[_Login] = set()
        self.sessions: set[_Session] = set()
        self.port = config.port
        self._listener: asyncssh.SSHAcceptor | None = None
        self._stopping: str | None = None

    async def start(self) -> None:
        """Listen. Raises OSError if the address cannot be had."""
        key = host_key(self.config.folder)
        self._listener = await asyncssh.create_server(
            lambda: _Login(self), self.config.host, self.config.port, server_host_keys=[key],
            encoding=None, line_editor=False, allow_scp=False,
            agent_forwarding=False, x11_forwarding=False, login_timeout=self.limits.login_s,
            keepalive_interval=60, keepalive_count_max=3)
        sockets = self._listener.sockets
        if sockets:
            self.port = sockets[0].getsockname()[1]
        log.info("ssh door listening on %s port %d (host key %s)", self.config.host or "*", self.port,
                 key.get_fingerprint("sha256"))

    async def stop(self, reason: str) -> None:
        """Stop listening; end every player's app (SIGTERM: it saves and releases its match), tell
        each player ``reason``, close every connection."""
        self._stopping = reason
        if self._listener is not None:
            self._listener.close()
        await asyncio.gather(*(s.end(reason) for s in list(self.sessions)), return_exceptions=True)
        closing = [login.conn for login in list(self.logins) if login.conn is not None]
        for conn in closing:
            conn.close()
        with contextlib.suppress(asyncio.TimeoutError):  # each connection logs its leaving first
            await asyncio.wait_for(asyncio.gather(*(c.wait_closed() for c in closing), return_exceptions=True),
                                   CLOSE_S)
        if self._listener is not None:
            await self._listener.wait_closed()

    def key_count(self, fingerprint: str) -> int:
        """Logged-in connections of the key ``fingerprint``."""
        return sum(1 for login in self.logins if login.player is not None and login.player.key == fingerprint)

    def guest_names(self) -> set[str]:
        """The casefolded names of the guests in now."""
        return {login.player.name.casefold() for login in self.logins
                if login.player is not None and login.player.key is None}

    async def session(self, login: _Login, process: asyncssh.SSHServerProcess) -> None:
        """One session of a logged-in connection: the player's app, or a refusal."""
        if login.player is None:
            process.exit(1)
            return
        if process.command is not None:
            login.refuse_session(process, f"ran no command ({process.command!r}): this server offers the makao "
                                 "app only; log in without a command")
        elif process.get_terminal_type() is None:
            login.refuse_session(process, "the makao app needs a terminal: log in without -T (or with -t)")
        elif login.sessions:
            login.refuse_session(process, "one game per connection: open another ssh connection")
        elif self._stopping is not None:
            login.refuse_session(process, f"the server is stopping ({self._stopping})")
        else:
            session = _Session(self, login, process)
            self.sessions.add(session)
            login.sessions += 1
            try:
                await session.run()
            finally:
                login.sessions -= 1
                self.sessions.discard(session)


class _Login(asyncssh.SSHServer):
    """One SSH connection: its login and who it turned out to be."""

    def __init__(self, door: SSHDoor) -> None:
        self.door = door
        self.conn: asyncssh.SSHServerConnection | None = None
        self.peer = "?"
        self.address = ("", "")
        self.name: str | None = None
        self.key: asyncssh.SSHKey | None = None
        self.guest: str | None = None
        self.player: DoorPlayer | None = None
        self.sessions = 0
        #: this connection may not come in as a guest (refused once, or its key was refused: a key
        #: refused its name or over its limits does not come back in as a guest)
        self.no_guest = False
        self._told = False

    # ---------------------------------------------------------------- the connection

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self.conn = conn
        peer = conn.get_extra_info("peername") or ("?", 0)
        self.address = (str(peer[0]), str(peer[0]))
        self.peer = f"{peer[0]}:{peer[1]}"
        if len(self.door.logins) >= self.door.limits.connections:
            log.warning("%s: refused: %d connections already (the limit)", self.peer, len(self.door.logins))
            asyncio.get_running_loop().call_soon(conn.close)
            return
        self.door.logins.add(self)

    def connection_lost(self, exc: Exception | None) -> None:
        self.door.logins.discard(self)
        if self.player is not None:
            log.info("%s from %s: left%s", self.player.label, self.peer, f" ({exc})" if exc else "")
        elif exc is not None:
            log.info("%s: dropped before logging in (%s)", self.peer, exc)

    def refuse(self, reason: str) -> None:
        """Log a refused login and tell the client (once, in a banner)."""
        log.info("%s%s: refused: %s", self.peer, f" as {self.name!r}" if self.name else "", reason)
        if not self._told and self.conn is not None:
            self._told = True
            with contextlib.suppress(OSError):
                self.conn.send_auth_banner(f"makao: {reason}\r\n")

    def refuse_session(self, process: asyncssh.SSHServerProcess, reason: str) -> None:
        """Log a refused request of a logged-in player and tell them; the connection stays."""
        who = self.player.label if self.player is not None else self.peer
        log.info("%s from %s: refused: %s", who, self.peer, reason)
        process.stderr.write(f"makao: {reason}\r\n".encode())
        process.exit(1)

    # ---------------------------------------------------------------- logging in

    def begin_auth(self, username: str) -> bool:
        try:
            self.name = player_name(username)
        except PlayerRefused as exc:
            self.refuse(str(exc))
        return True

    def public_key_auth_supported(self) -> bool:
        return True

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        if self.name is None:
            return False
        fingerprint = key.get_fingerprint("sha256")
        allowed = self.door.config.allowed
        if allowed is not None and not allowed.admits(key, *self.address):
            self.refuse(f"your key ({fingerprint}) is not on this server's list of players")
            return False
        try:
            self.door.claims.check(self.name, fingerprint, self.door.limits.names_per_key)
        except PlayerRefused as exc:
            self.no_guest = True  # nor does the same client come in as a guest instead
            self.refuse(str(exc))
            return False
        if self.door.key_count(fingerprint) >= self.door.limits.per_key:
            self.no_guest = True
            most = self.door.limits.per_key
            self.refuse(f"your key has {most} connection{'s' if most != 1 else ''} here already: close one first")
            return False
        self.key = key
        return True

    def password_auth_supported(self) -> bool:
        return False

    def kbdint_auth_supported(self) -> bool:
        return not self.no_guest  # asked again after each failure: a refused client is not asked again

    def get_kbdint_challenge(self, username: str, lang: str, submethods: str) -> bool:
        if self.name is None:
            self.no_guest = True
            return False
        if not self.door.config.guests:
            self.no_guest = True
            self.refuse("this server lets players in by their SSH key: make one (ssh-keygen -t ed25519) "
                        "and log in again")
            return False
        self.guest = guest_name(self.name, self.door.guest_names())
        return True

    def auth_completed(self) -> None:
        assert self.name is not None
        if self.key is not None and self.guest is None:
            fingerprint = self.key.get_fingerprint("sha256")
            try:
                if self.door.claims.claim(self.name, fingerprint, self.key.export_public_key().decode().strip(),
                                          most=self.door.limits.names_per_key):
                    log.info("%s: the name %r is now the key %s's", self.peer, self.name, fingerprint)
            except (OSError, PlayerRefused) as exc:  # another connection claimed it meanwhile, or no disk
                log.error("%s: the claim of %r was not kept: %s", self.peer, self.name, exc)
            self.player = DoorPlayer("ssh", self.name, fingerprint)
        else:
            self.player = DoorPlayer("ssh", self.guest or self.name, None)
        log.info("%s from %s: logged in%s", self.player.label, self.peer,
                 f" with key {self.player.key}" if self.player.key else " as a guest")

    def session_requested(self) -> asyncssh.SSHServerProcess:
        return _DoorProcess(self)

    # ---------------------------------------------------------------- forwarding: never

    def _no_forwarding(self, what: str) -> bool:
        log.info("%s from %s: refused %s", self.player.label if self.player else "?", self.peer, what)
        return False

    def connection_requested(self, dest_host: str, dest_port: int, orig_host: str, orig_port: int) -> bool:
        return self._no_forwarding(f"forwarding to {dest_host}:{dest_port}")

    def server_requested(self, listen_host: str, listen_port: int) -> bool:
        return self._no_forwarding(f"forwarding from its port {listen_port}")

    def unix_connection_requested(self, dest_path: str) -> bool:
        return self._no_forwarding(f"forwarding to the socket {dest_path}")

    def unix_server_requested(self, listen_path: str) -> bool:
        return self._no_forwarding(f"forwarding from the socket {listen_path}")


class _DoorProcess(asyncssh.SSHServerProcess):
    """A session of a logged-in connection, run by :meth:`SSHDoor.session`; a subsystem (SFTP)
    is refused and logged."""

    def __init__(self, login: _Login) -> None:
        super().__init__(lambda process: login.door.session(login, process), None, 3, False)
        self.login = login

    def subsystem_requested(self, subsystem: str) -> bool:
        who = self.login.player.label if self.login.player is not None else "?"
        log.info("%s from %s: refused the %s subsystem", who, self.login.peer, subsystem)
        return False


class _Session:
    """A logged-in player's app, and the bytes between it and the client."""

    def __init__(self, door: SSHDoor, login: _Login, process: asyncssh.SSHServerProcess) -> None:
        self.door = door
        self.login = login
        self.process = process
        assert login.player is not None  # the door checked it
        self.player: DoorPlayer = login.player
        self.app: AppProcess | None = None
        self._ending: str | None = None  # why the server ends the session, in English for the log
        self._ending_words = ""  # the same in the player's language
        self._ended = asyncio.Event()
        self._typing: asyncio.Future | None = None

    def language(self) -> str | None:
        """The language the player's ssh client asks for with its locale variables (OpenSSH sends
        ``LANG`` and ``LC_*`` where its ``SendEnv`` says so, as Debian's does), if makao has it."""
        return language_from_environment(self.process.env)

    def translations(self) -> gettext.NullTranslations:
        """The catalogs of the player's language (:meth:`language`; English if none), for what the
        door itself tells the player (the server stopping, an idle session closed)."""
        language = self.language()
        return load(language) if language is not None else gettext.NullTranslations()

    def environment(self, folder: Path) -> dict[str, str]:
        """The app's whole environment: the door's, the client's terminal type, the player and
        the language the client asks for (``LC_MESSAGES``; the characters stay ``C.UTF-8``)."""
        term = self.process.get_terminal_type() or ""
        language = self.language()
        return {**self.door.config.environ, "TERM": term if _TERM.fullmatch(term) else "xterm-256color",
                "LANG": "C.UTF-8", "HOME": str(folder), "MAKAO_DATA_DIR": str(folder),
                ENV: encode_player(self.player), ERROR_LOG_ENV: str(folder / ERROR_FILE),
                **({"LC_MESSAGES": language} if language else {})}

    async def run(self) -> None:
        """Start the app and carry its bytes until it or the connection ends."""
        try:
            await self._run()
        finally:
            self._ended.set()

    async def _run(self) -> None:
        folder = player_dir(self.door.config.folder / "players", "ssh", self.player.name)
        columns, rows, _, _ = self.process.get_terminal_size()
        try:
            self.app = AppProcess.start(self.door.config.command, self.environment(folder), str(folder),
                                        columns, rows)
        except OSError as exc:
            log.error("%s: the app did not start: %s", self.player.label, exc)
            self.process.stderr.write(f"makao: {self.translations().gettext(NOT_STARTED)}\r\n".encode())
            self.process.exit(1)
            return
        log.info("%s from %s: playing (app %d, %dx%d, %s)", self.player.label, self.login.peer, self.app.pid,
                 columns, rows, self.process.get_terminal_type())
        output = asyncio.ensure_future(self._output(self.app))
        typing = self._typing = asyncio.ensure_future(self._input(self.app))
        await asyncio.wait({output, typing}, return_when=asyncio.FIRST_COMPLETED)
        if output.done() and output.result():  # the app closed its terminal: the player quit
            typing.cancel()
            status = await self.app.wait(GRACE_S)
            if status is None:  # it closed its terminal but runs on
                status = await self.app.hang_up()
            self.app.close()
        else:  # the client went, was idle too long, or the server stops
            status = await self.app.hang_up(signal.SIGTERM if self._ending else signal.SIGHUP)
            output.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await asyncio.gather(output, typing, return_exceptions=True)
        log.info("%s: app %d ended (%s)%s", self.player.label, self.app.pid,
                 f"status {status}" if status is not None else "killed", f": {self._ending}" if self._ending else "")
        self._log_app_error(folder / ERROR_FILE)
        if self._ending:
            with contextlib.suppress(Exception):
                self.process.stdout.write(_RESET + f"\r\nmakao: {self._ending_words}\r\n".encode())
        with contextlib.suppress(Exception):
            self.process.exit(status if status is not None and 0 <= status < 256 else 1)
            await asyncio.wait_for(self.process.wait_closed(), CLOSE_S)  # what was written reaches the client

    def _log_app_error(self, path: Path) -> None:
        """Put the unexpected error the app wrote to ``path`` (its traceback) into the server's
        log, and remove the file."""
        try:
            report = path.read_text(encoding="utf-8", errors="replace")
            path.unlink()
        except FileNotFoundError:
            return
        except OSError as exc:
            log.error("%s: the app's error report %s could not be read: %s", self.player.label, path, exc)
            return
        log.error("%s from %s: the app met an unexpected error:\n%s", self.player.label, self.login.peer,
                  report.rstrip())

    async def end(self, reason: str) -> None:
        """End this session from the server's side, telling the player ``reason`` (a message of the
        ``cli`` catalog, such as :data:`~.command.STOP_REASON`: they read it in their language)."""
        if self._typing is not None and not self._typing.done():  # not ending by itself already
            self._ending = reason
            self._ending_words = self.translations().gettext(reason)
            self._typing.cancel()
        await self._ended.wait()

    async def _output(self, app: AppProcess) -> bool:
        """Carry the app's output to the client: True once the app has ended, False if the client
        cannot take it any more."""
        while data := await app.read():
            try:
                self.process.stdout.write(data)
                await self.process.stdout.drain()
            except (asyncssh.Error, OSError):
                return False
        return True

    async def _input(self, app: AppProcess) -> None:
        limits = self.door.limits
        run = 0
        keys = Utf8Keys()
        warned = False
        while True:
            try:
                data = await asyncio.wait_for(self.process.stdin.read(65536), limits.idle_s)
            except asyncio.TimeoutError:
                minutes = round(limits.idle_s / 60)
                self._ending = f"closed after {minutes} minute{'s' if minutes != 1 else ''} without a key pressed"
                self._ending_words = self.translations().ngettext(
                    "closed after {n} minute without a key pressed", "closed after {n} minutes without a key pressed",
                    minutes).format(n=minutes)
                log.info("%s from %s: idle, closed", self.player.label, self.login.peer)
                return
            except asyncssh.TerminalSizeChanged as change:
                app.resize(change.width, change.height)
                continue
            except (asyncssh.BreakReceived, asyncssh.SignalReceived):
                continue
            except (asyncssh.Error, OSError, ConnectionError):
                return
            if not data:
                return
            data, dropped = keys.clean(data)
            if dropped and not warned:  # once a session: a terminal not set to UTF-8 sends many
                warned = True
                log.warning("%s from %s: input that is not UTF-8 dropped (bytes: %d; the player's terminal may "
                            "not be set to UTF-8)", self.player.label, self.login.peer, dropped)
            cutting = run > limits.input_run
            kept, run, dropped = cut_runs(data, run, limits.input_run)
            if dropped and not cutting:  # once per run
                log.warning("%s from %s: input of more than %d bytes without a line end: the rest of it dropped",
                            self.player.label, self.login.peer, limits.input_run)
            if kept:
                await app.write(kept)


def app_environ(base: dict[str, str] | None = None) -> dict[str, str]:
    """The part of this process's environment a player's app gets: where programs, Python's
    modules and the shared tables are; nothing else of the door's user."""
    source = os.environ if base is None else base
    keep = ("PATH", "PYTHONPATH", "MAKAO_TABLES_DIR", "VIRTUAL_ENV", "TZ")
    return {k: source[k] for k in keep if source.get(k)}

