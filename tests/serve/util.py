"""Helpers of the SSH door's tests: a door on port 0 in the test's loop, asyncssh clients, and
reading a session's output until a text shows (bounded: a guard against a stuck test, never a
timed assertion)."""

from __future__ import annotations

import asyncio
import contextlib
import io
import os
import re
import sys
from pathlib import Path
from typing import Any, ClassVar

import asyncssh

from makao_tui.serve.ssh import SSHDoor, SSHDoorConfig, SSHLimits, app_environ

ROOT = Path(__file__).resolve().parents[2]
FAKE_APP = (sys.executable, str(Path(__file__).with_name("fake_app.py")))
REAL_APP = (sys.executable, "-m", "makao_tui")
#: seconds after which a test is taken for stuck; far beyond what a loaded machine needs
HANG = 120.0


def run(coro, limit: float = 2 * HANG) -> Any:
    """Run a test's body; a body stuck past ``limit`` seconds fails, showing where every task
    waits (a guard against a test that would never end, not a timed assertion)."""

    async def guarded() -> Any:
        task = asyncio.ensure_future(coro)
        done, _ = await asyncio.wait({task}, timeout=limit)
        if not done:
            stacks = io.StringIO()
            for other in asyncio.all_tasks():
                other.print_stack(limit=8, file=stacks)
            task.cancel()
            raise AssertionError(f"the test got stuck:\n{stacks.getvalue()}")
        return task.result()

    return asyncio.run(guarded())


def make_door(folder: Path, command=FAKE_APP, **extra: Any) -> SSHDoor:
    limits = extra.pop("limits", SSHLimits())
    environ = {**app_environ(), "PYTHONPATH": str(ROOT)}
    return SSHDoor(SSHDoorConfig("127.0.0.1", 0, folder, limits=limits, command=command, environ=environ, **extra))


class Client(asyncssh.SSHClient):
    """A client that keeps the banners it is shown and answers a keyboard-interactive login
    that asks nothing."""

    def __init__(self) -> None:
        self.banners: list[str] = []

    def auth_banner_received(self, msg: str, lang: str) -> None:
        self.banners.append(msg)

    def kbdint_auth_requested(self) -> str:
        return ""

    def kbdint_challenge_received(self, name, instructions, lang, prompts):
        return [] if not prompts else None


def new_key() -> asyncssh.SSHKey:
    return asyncssh.generate_private_key("ssh-ed25519")


async def connect(door: SSHDoor, user: str, key: asyncssh.SSHKey | None) -> tuple[asyncssh.SSHClientConnection, Client]:
    """Log in as ``user`` with ``key`` (None: no key); raises asyncssh's errors on refusal (the
    client's banners are then in ``connect.last``)."""
    conn, client = await asyncssh.create_connection(
        Client, "127.0.0.1", door.port, username=user, client_keys=[key] if key is not None else [],
        known_hosts=None, agent_path=None, password=None, preferred_auth="publickey,keyboard-interactive")
    return conn, client


async def refused(door: SSHDoor, user: str, key: asyncssh.SSHKey | None) -> list[str]:
    """Try to log in; the banners shown, once the login is refused (fails if it is not)."""
    made: list[Client] = []

    def factory() -> Client:
        made.append(Client())
        return made[-1]

    try:
        conn, _ = await asyncssh.create_connection(
            factory, "127.0.0.1", door.port, username=user, client_keys=[key] if key is not None else [],
            known_hosts=None, agent_path=None, password=None, preferred_auth="publickey,keyboard-interactive")
    except asyncssh.PermissionDenied:
        return made[-1].banners
    conn.close()
    raise AssertionError(f"{user} was let in")


async def session(conn: asyncssh.SSHClientConnection, columns: int = 80, rows: int = 24,
                  term: str = "xterm-256color") -> asyncssh.SSHClientProcess:
    return await conn.create_process(term_type=term, term_size=(columns, rows), encoding=None)


class Screen:
    """What a session has written, read on demand."""

    def __init__(self, process: asyncssh.SSHClientProcess) -> None:
        self.process = process
        self.text = ""

    async def until(self, needle: str, limit: float = HANG) -> str:
        loop = asyncio.get_running_loop()
        end = loop.time() + limit
        while needle not in self.text:
            left = end - loop.time()
            if left <= 0:
                raise AssertionError(f"never saw {needle!r}; saw {self.text[-2000:]!r}")
            try:
                chunk = await asyncio.wait_for(self.process.stdout.read(65536), left)
            except asyncio.TimeoutError:
                continue
            if not chunk:
                raise AssertionError(f"the session ended before {needle!r}; saw {self.text[-2000:]!r}")
            self.text += chunk.decode("utf-8", "replace")
        return self.text


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    with open(f"/proc/{pid}/stat") as stat:  # a zombie has ended
        return stat.read().rsplit(")", 1)[1].split()[0] != "Z"


async def until(check, limit: float = HANG) -> None:
    loop = asyncio.get_running_loop()
    end = loop.time() + limit
    while not check():
        if loop.time() > end:
            raise AssertionError("the condition never came true")
        await asyncio.sleep(0.02)


class ScreenOnPyte:
    """What a remote player's terminal shows (the app's output fed to ``self.stream``, kept on the
    pyte screen ``self.screen``) and waiting for it; ``self.ended``: the output has ended."""

    screen: Any
    ended: bool

    @property
    def text(self) -> str:
        """The screen now, line by line."""
        return "\n".join(line.rstrip() for line in self.screen.display)

    async def until(self, pattern: str, limit: float = HANG) -> re.Match[str]:
        """Wait until ``pattern`` (a regex) shows on the screen; fails if the output ends first
        (a bound for a stuck test, not a timed assertion)."""
        loop = asyncio.get_running_loop()
        end = loop.time() + limit
        while (found := re.search(pattern, self.text)) is None:
            if self.ended or loop.time() > end:
                raise AssertionError(f"never saw {pattern!r}; the screen:\n{self.text}")
            await asyncio.sleep(0.02)
        return found


class Terminal(ScreenOnPyte):
    """A player's terminal on an SSH session: what the app draws, kept on a pyte screen of the
    session's size (as the player sees it), and the keys the player presses."""

    KEYS: ClassVar[dict[str, bytes]] = {"enter": b"\r", "tab": b"\t", "home": b"\x1b[H", "end": b"\x1b[F",
                                        "ctrl+o": b"\x0f", "ctrl+s": b"\x13"}

    def __init__(self, process: asyncssh.SSHClientProcess, columns: int = 80, rows: int = 24) -> None:
        import pyte

        self.process = process
        self.screen = pyte.Screen(columns, rows)
        self.stream = pyte.ByteStream(self.screen)
        self.raw = b""
        self.ended = False
        self._reading = asyncio.ensure_future(self._read())

    async def _read(self) -> None:
        while chunk := await self.process.stdout.read(65536):
            self.raw += chunk
            self.stream.feed(chunk)
        self.ended = True

    @property
    def title(self) -> str:
        """The screen's first line."""
        return self.screen.display[0].strip()

    def press(self, *keys: str) -> None:
        """Press ``keys``: names from :attr:`KEYS`, else the characters themselves."""
        for key in keys:
            self.process.stdin.write(self.KEYS.get(key, key.encode()))

    async def close(self) -> None:
        self.process.close()
        self._reading.cancel()
        with contextlib.suppress(asyncio.CancelledError, asyncssh.Error):
            await self._reading


async def app_started(door: SSHDoor, user: str) -> tuple[asyncssh.SSHClientConnection, Terminal]:
    """``user`` logs in with a new key and opens a session at 80×24: its connection and its
    terminal, once the app's start screen shows (its last game, Peklo, in sight)."""
    conn, _ = await connect(door, user, new_key())
    terminal = Terminal(await session(conn, 80, 24))
    await terminal.until("Peklo")
    return conn, terminal


async def check_connections_per_key(door: SSHDoor) -> None:
    """A door that lets a key hold two connections: a third with the same key is refused, saying
    so in its banner."""
    key = new_key()
    first, _ = await connect(door, "gina", key)
    second, _ = await connect(door, "gina", key)
    banners = await refused(door, "gina", key)
    assert any("2 connections here already" in b for b in banners)
    first.close()
    second.close()


class WebTerminal(ScreenOnPyte):
    """A browser tab of the web door as its page's script drives it: the websocket textual-serve
    serves, the app's screen kept on a pyte screen of the tab's size, and the keys the page sends
    (textual-serve's messages ``["stdin", TEXT]``, the bytes xterm.js makes for a key)."""

    KEYS: ClassVar[dict[str, str]] = {"enter": "\r", "up": "\x1b[A", "down": "\x1b[B", "home": "\x1b[H",
                                      "end": "\x1b[F", "escape": "\x1b"}

    def __init__(self, ws: Any, columns: int = 80, rows: int = 24) -> None:
        import pyte

        self.ws = ws
        self.screen = pyte.Screen(columns, rows)
        self.stream = pyte.ByteStream(self.screen)
        self.ended = False
        self._reading = asyncio.ensure_future(self._read())

    async def _read(self) -> None:
        import aiohttp

        async for message in self.ws:
            if message.type == aiohttp.WSMsgType.BINARY:  # the app's output (its meta messages are text)
                self.stream.feed(message.data)
        self.ended = True

    async def press(self, *keys: str) -> None:
        """Press ``keys``: names from :attr:`KEYS`, else the characters themselves."""
        for key in keys:
            await self.ws.send_json(["stdin", self.KEYS.get(key, key)])

    async def close(self) -> None:
        await self.ws.close()
        self._reading.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await self._reading
