"""Helpers of the shared-table tests: a server in the test's event loop on a temporary tables
folder, raw and real clients, and waiting for a condition (bounded, never a timed assertion)."""

from __future__ import annotations

import asyncio
import socket
from collections.abc import Callable
from pathlib import Path
from typing import Any

from makao_tui.net.client import Connection, handshake
from makao_tui.net.protocol import decode_server, encode
from makao_tui.net.server import HostConfig, SeatPlan, TableServer
from makao_tui.store import open_store
from makao_tui.table import TableClient


def config(game: str = "makao-ru", seats: tuple[str, ...] = ("open", "open", "ai"), **extra: Any) -> HostConfig:
    """A host config: ``seats`` as ``open``, ``ai`` or a kept name; short matches."""
    options = {"makao-ru": {"loss_limit": 200}, "makao-pl": {"deals": 1}}.get(game, {})
    plans = [SeatPlan("open") if s == "open" else SeatPlan("ai") if s == "ai" else SeatPlan("human", name=s)
             for s in seats]
    return HostConfig(game=game, options=options, seats=plans, ai_delay=0, **extra)


async def server(folder: Path, cfg: HostConfig, seed: int = 7, store_path: Path | None = None) -> TableServer:
    """A listening server (AI moves at once, no worker) whose matches go to ``store_path``."""
    store = open_store(store_path) if store_path is not None else None
    srv = TableServer(cfg, folder, store, seed=seed)
    await srv.start_serving()
    return srv


async def until(check: Callable[[], Any], limit: float = 120.0) -> None:
    """Wait until ``check()`` is true; fail after ``limit`` seconds: only a bound for a stuck test,
    generous enough that a loaded machine never reaches it (the condition decides, not the clock)."""
    loop = asyncio.get_running_loop()
    end = loop.time() + limit
    while not check():
        if loop.time() > end:
            raise AssertionError("the condition never came true")
        await asyncio.sleep(0.01)


class Player:
    """A client seated through the real client code; ``messages`` holds everything received."""

    def __init__(self, conn: Connection, seated: Any) -> None:
        self.conn = conn
        self.seated = seated
        self.messages: list[Any] = []
        self.events: list[Any] = []
        self.client = TableClient(self.messages.append)
        conn.on_event = self.events.append
        conn.attach(self.client)

    @classmethod
    async def sit(cls, code: str, name: str, folder: Path, token: str | None = None) -> Player:
        shake = await asyncio.to_thread(handshake, code, name, token, False, folder)
        return cls(await Connection.from_handshake(shake), shake.seated)

    def refusals(self) -> list[Any]:
        from makao_tui.table import Refusal

        return [m for m in self.messages if isinstance(m, Refusal)]


class Raw:
    """A raw socket client: send bytes, read messages."""

    def __init__(self, path: Path) -> None:
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.connect(str(path))
        self.sock.settimeout(20)
        self.buffer = b""

    def send(self, data: bytes | Any) -> None:
        self.sock.sendall(data if isinstance(data, bytes) else encode(data))

    def read_line(self) -> bytes | None:
        """The next line as it came (None at the end)."""
        while b"\n" not in self.buffer:
            chunk = self.sock.recv(65536)
            if not chunk:
                return None
            self.buffer += chunk
        line, self.buffer = self.buffer.split(b"\n", 1)
        return line

    def read(self) -> Any:
        """The next message (None at the end)."""
        line = self.read_line()
        return None if line is None else decode_server(line)

    def close(self) -> None:
        self.sock.close()
