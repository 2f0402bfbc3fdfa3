"""One player's app: a ``makao`` process on a pseudo-terminal of its own, in a session of its own.

:meth:`AppProcess.start` opens the terminal at the client's size, starts the command with the
terminal as its controlling terminal (so the kernel hangs it up when the door closes it) and
returns at once; :meth:`read` and :meth:`write` move the bytes (non-blocking, in the event loop);
:meth:`resize` follows the client's window (the kernel tells the app with SIGWINCH);
:meth:`hang_up` ends it as a dropped SSH connection ends a login: the terminal is closed
(SIGHUP), and whatever of its process group still runs after :data:`GRACE_S` is killed. The
app's own helpers (the AI's pool) end with it (:mod:`makao_tui.worker`); a table server it
started runs on in its own session, by design.
"""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import os
import signal
import struct
import subprocess
import termios
from collections.abc import Sequence

#: seconds a hung-up app has to end by itself before its process group is killed (the issue's
#: bound is 3 s for every process of a dropped connection)
GRACE_S = 2.0
#: the smallest and largest terminal the door passes on (columns, rows)
MIN_SIZE, MAX_SIZE = (10, 4), (1000, 500)


def _size(columns: int, rows: int) -> tuple[int, int]:
    return (min(max(columns, MIN_SIZE[0]), MAX_SIZE[0]) if columns > 0 else 80,
            min(max(rows, MIN_SIZE[1]), MAX_SIZE[1]) if rows > 0 else 24)


def set_size(fd: int, columns: int, rows: int) -> None:
    """Set the window size of the terminal ``fd`` (0 or less: 80×24)."""
    columns, rows = _size(columns, rows)
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))


def _take_terminal() -> None:  # pragma: no cover (runs in the child between fork and exec)
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)


class AppProcess:
    """A command on a pseudo-terminal (see the module docstring). Made by :meth:`start`."""

    def __init__(self, proc: subprocess.Popen, leader: int) -> None:
        self.proc = proc
        self.leader = leader
        self._closed = False
        self._waiters: set[asyncio.Future] = set()

    @classmethod
    def start(cls, command: Sequence[str], env: dict[str, str], cwd: str, columns: int, rows: int) -> AppProcess:
        """Start ``command`` with exactly ``env`` in ``cwd`` on a new ``columns``×``rows``
        terminal. Raises OSError if it cannot be started."""
        leader, follower = os.openpty()
        try:
            set_size(follower, columns, rows)
            proc = subprocess.Popen(list(command), stdin=follower, stdout=follower, stderr=follower, env=env,
                                    cwd=cwd, start_new_session=True, preexec_fn=_take_terminal, close_fds=True)
        except OSError:
            os.close(leader)
            raise
        finally:
            os.close(follower)
        os.set_blocking(leader, False)
        return cls(proc, leader)

    @property
    def pid(self) -> int:
        return self.proc.pid

    async def read(self) -> bytes:
        """The app's next output; ``b""`` once the app has closed its terminal (it ended)."""
        while not self._closed:
            try:
                return os.read(self.leader, 65536)
            except BlockingIOError:
                await self._ready(asyncio.get_running_loop().add_reader, asyncio.get_running_loop().remove_reader)
            except OSError:  # EIO: no process holds the terminal any more
                return b""
        return b""

    async def write(self, data: bytes) -> None:
        """Give ``data`` to the app as typed input, waiting while its terminal is full; dropped if
        the app has ended."""
        view = memoryview(data)
        while view and not self._closed:
            try:
                view = view[os.write(self.leader, view):]
            except BlockingIOError:
                await self._ready(asyncio.get_running_loop().add_writer, asyncio.get_running_loop().remove_writer)
            except OSError:
                return

    async def _ready(self, add, remove) -> None:
        waiter = asyncio.get_running_loop().create_future()
        self._waiters.add(waiter)

        def wake() -> None:
            if not waiter.done():
                waiter.set_result(None)

        add(self.leader, wake)
        try:
            await waiter
        finally:
            self._waiters.discard(waiter)
            if not self._closed:
                remove(self.leader)

    def resize(self, columns: int, rows: int) -> None:
        """The client's window changed: so does the terminal (the app gets SIGWINCH)."""
        if not self._closed:
            with contextlib.suppress(OSError):
                set_size(self.leader, columns, rows)

    def send_signal(self, sig: int) -> None:
        """Send ``sig`` to the app's process group (nothing if it is gone)."""
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(self.proc.pid, sig)

    async def wait(self, limit: float | None = None) -> int | None:
        """The app's exit status once it has ended (None if it still runs after ``limit`` s)."""
        loop = asyncio.get_running_loop()
        end = None if limit is None else loop.time() + limit
        while (status := self.proc.poll()) is None:
            if end is not None and loop.time() >= end:
                return None
            await asyncio.sleep(0.05)
        return status

    async def hang_up(self, first: int = signal.SIGHUP) -> int | None:
        """End the app: signal ``first`` (SIGHUP: the connection dropped; SIGTERM: the server
        stops), close its terminal, and kill its process group if it has not ended after
        :data:`GRACE_S`. Returns its exit status (None if it was killed)."""
        self.send_signal(first)
        status = await self.wait(GRACE_S)
        self.close()
        if status is None:
            self.send_signal(signal.SIGKILL)
            await self.wait()
        else:
            self.send_signal(signal.SIGKILL)  # anything it left in its group (never its table servers)
        return status

    def close(self) -> None:
        """Close the door's side of the terminal (the app, if it runs, is hung up)."""
        if not self._closed:
            self._closed = True
            loop = asyncio.get_running_loop()
            loop.remove_reader(self.leader)
            loop.remove_writer(self.leader)
            for waiter in self._waiters:
                if not waiter.done():
                    waiter.set_result(None)
            with contextlib.suppress(OSError):
                os.close(self.leader)
