"""The real ``makao`` in a pseudo-terminal, read as a player reads it (issue 30 item 5).

A :class:`Terminal` starts the installed ``makao`` command (``makao --lang LANG ARGS...``) in a
new session whose controlling terminal is a fresh pseudo-terminal of the size asked for, with the
test's own data folder (``MAKAO_DATA_DIR``, set for every test by ``tests/conftest.py``) and the
``C.UTF-8`` locale. A thread reads everything the app writes and feeds it to a pyte screen of the
same size, so :attr:`Terminal.text` is the whole screen as a person sees it (no colour, one string
a row). :meth:`Terminal.press` types keys; :meth:`Terminal.wait` polls the screen until a
condition on it holds.

No assertion here measures time. A wait polls until its condition holds, however long a loaded
machine takes; its deadline (:data:`HANG`, minutes) only turns a journey that would never end into
a failure that shows the screen it got stuck on.

:meth:`Terminal.close` kills the app's whole process group (the app and the AI's helper process)
and then waits until no process of the terminal's session is left: a journey that leaves a
``makao`` behind fails (:func:`session_processes`).
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import re
import shutil
import signal
import struct
import subprocess
import sys
import termios
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

import pyte

#: seconds after which a wait is taken for stuck: a guard against a journey that would never end,
#: far beyond what the slowest, most loaded machine needs, never a measure of speed
HANG = 180.0
#: seconds between two looks at the screen while waiting
POLL = 0.05
#: the two terminal sizes the app is played at (columns, rows)
SMALL = (80, 24)
LARGE = (120, 40)
#: what each named key sends (xterm); any other key is typed as its characters
KEYS = {"enter": "\r", "escape": "\x1b", "tab": "\t", "space": " ", "backspace": "\x7f",
        "up": "\x1b[A", "down": "\x1b[B", "right": "\x1b[C", "left": "\x1b[D", "f1": "\x1bOP"}

#: the app asks whether the terminal keeps synchronized updates (DEC mode 2026); the answer "yes"
SYNC_QUERY, SYNC_REPORT = b"\x1b[?2026$p", b"\x1b[?2026;2$y"
#: the start and the end of a synchronized update: what comes between is one frame, shown at once
SYNC_START, SYNC_END = b"\x1b[?2026h", b"\x1b[?2026l"

T = TypeVar("T")


def whole_frames(data: bytes) -> tuple[bytes, bytes]:
    """``data`` split into what a terminal keeping synchronized updates shows now (everything but
    an update not yet ended) and the rest, kept until its end comes. So the screen is never read
    halfway through the app drawing a frame."""
    start = data.rfind(SYNC_START)
    if start < 0 or data.find(SYNC_END, start) >= 0:
        cut = len(data)
        # (a start marker split across two reads stays for the next)
        for size in range(len(SYNC_START) - 1, 0, -1):
            if data.endswith(SYNC_START[:size]):
                cut -= size
                break
        return data[:cut], data[cut:]
    return data[:start], data[start:]


def makao_command() -> list[str]:
    """The ``makao`` script installed beside this Python (as a user runs it), else the same entry
    point through ``python -m makao_tui``."""
    script = Path(sys.executable).with_name("makao")
    if script.exists():
        return [str(script)]
    found = shutil.which("makao")
    return [found] if found else [sys.executable, "-m", "makao_tui"]


def _take_terminal() -> None:  # pragma: no cover - runs in the child between fork and exec
    """Make the pseudo-terminal (the child's standard input) its session's controlling terminal,
    as a terminal emulator does: resizing it then sends SIGWINCH, closing it SIGHUP."""
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)


def session_processes(session: int) -> dict[int, int]:
    """The live processes of ``session``, each pid with its process group: every process whose
    session id it is, not counting zombies (ended, waiting to be reaped)."""
    found = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:  # ended meanwhile
            continue
        fields = stat.rsplit(")", 1)[1].split()  # after "pid (comm)": state ppid pgrp session...
        if fields[0] != "Z" and int(fields[3]) == session:
            found[int(entry.name)] = int(fields[2])
    return found


class Terminal:
    """``makao --lang LANGUAGE ARGS...`` in a pseudo-terminal of ``size`` (columns, rows).

    ``extra_env`` adds environment variables (the test's ``MAKAO_DATA_DIR`` is inherited). The
    app is started at once; :meth:`close` ends it (also when the test failed)."""

    def __init__(self, *args: str, language: str = "en", size: tuple[int, int] = SMALL,
                 extra_env: dict[str, str] | None = None, keep_frames: bool = False) -> None:
        self.language = language
        #: with ``keep_frames``: every frame the app has drawn, as the screen's rows after it
        self.frames: list[list[str]] | None = [] if keep_frames else None
        self.columns, self.rows = size
        self.screen = pyte.Screen(self.columns, self.rows)
        self.stream = pyte.ByteStream(self.screen)
        self._lock = threading.Lock()
        self.ended = False
        self.closed = False
        leader, follower = os.openpty()
        self._set_size(leader)
        env = {**os.environ, "TERM": "xterm-256color", "COLORTERM": "truecolor", **(extra_env or {})}
        for name in ("NO_COLOR", "COLUMNS", "LINES"):  # (the app would take these for the terminal's size)
            env.pop(name, None)
        self.process = subprocess.Popen([*makao_command(), "--lang", language, *args], stdin=follower,
                                        stdout=follower, stderr=follower, env=env, start_new_session=True,
                                        preexec_fn=_take_terminal, close_fds=True)
        os.close(follower)
        self.leader = leader
        #: the app's session (and process group) id: its own pid, as it leads a new session
        self.session = self.process.pid
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    # ------------------------------------------------------------------ the terminal's side

    def _set_size(self, fd: int) -> None:
        fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", self.rows, self.columns, 0, 0))

    def _read(self) -> None:
        """Feed the screen what the app writes, a synchronized update (a frame) at once, and
        answer the app's question whether the terminal keeps such updates (it does)."""
        pending = b""
        while True:
            try:
                chunk = os.read(self.leader, 65536)
            except OSError:  # EIO: every process holding the terminal has closed it
                chunk = b""
            if not chunk:
                with self._lock:
                    self.stream.feed(pending)
                self.ended = True
                return
            if SYNC_QUERY in pending[-len(SYNC_QUERY):] + chunk:
                os.write(self.leader, SYNC_REPORT)
            pending += chunk
            shown, pending = whole_frames(pending)
            with self._lock:
                if self.frames is None:
                    self.stream.feed(shown)
                    continue
                parts = shown.split(SYNC_END)  # one frame after another, each kept
                for number, part in enumerate(parts):
                    self.stream.feed(part + (SYNC_END if number < len(parts) - 1 else b""))
                    if part:
                        self.frames.append(list(self.screen.display))

    def resize(self, size: tuple[int, int]) -> None:
        """Make the terminal ``size`` (columns, rows), as a player dragging the window's corner:
        the app gets SIGWINCH and draws anew."""
        with self._lock:
            self.columns, self.rows = size
            self.screen.resize(self.rows, self.columns)
            self._set_size(self.leader)

    # ------------------------------------------------------------------ what the player sees

    @property
    def lines(self) -> list[str]:
        """The screen now, one string a row (trailing blanks kept: every row is ``columns`` wide)."""
        with self._lock:
            return list(self.screen.display)

    @property
    def text(self) -> str:
        """The screen now, one row a line, trailing blanks dropped."""
        return "\n".join(line.rstrip() for line in self.lines)

    def bold_runs(self, row: int) -> list[str]:
        """The runs of bold characters on screen row ``row`` (negative: from the bottom), left to
        right: the keys of a key bar, which draws each key in bold."""
        with self._lock:
            line = self.screen.buffer[row % self.rows]
            chars = [line[column] for column in range(self.columns)]
        runs, run = [], ""
        for char in chars:
            if char.bold and char.data.strip():
                run += char.data
            else:
                if run:
                    runs.append(run)
                run = ""
        return [*runs, run] if run else runs

    def press(self, *keys: str) -> None:
        """Type ``keys``: a name of :data:`KEYS` (``"enter"``, ``"f1"``...) or the characters themselves."""
        for key in keys:
            os.write(self.leader, KEYS.get(key, key).encode())

    def wait(self, condition: Callable[[Terminal], T], what: str, limit: float = HANG) -> T:
        """Look at the screen until ``condition(self)`` is true-ish and return its value. Fails if
        the app ends first, or (a hang guard, see :data:`HANG`) after ``limit`` seconds, showing
        ``what`` was awaited and the screen."""
        end = time.monotonic() + limit
        while True:
            found = condition(self)
            if found:
                return found
            if self.ended or self.process.poll() is not None:
                found = condition(self)  # (the last frame may have come with the end)
                if found:
                    return found
                raise AssertionError(f"the app ended while waiting for {what}; the screen:\n{self.text}")
            if time.monotonic() > end:
                raise AssertionError(f"still waiting for {what} after {limit:.0f} s; the screen:\n{self.text}")
            time.sleep(POLL)

    def wait_for(self, pattern: str, what: str | None = None, limit: float = HANG) -> re.Match[str]:
        """Wait until the regular expression ``pattern`` matches the screen's text."""
        return self.wait(lambda term: re.search(pattern, term.text), what or repr(pattern), limit)

    def wait_ended(self, limit: float = HANG) -> int:
        """Wait until the app has ended by itself; its exit status."""
        try:
            return self.process.wait(timeout=limit)
        except subprocess.TimeoutExpired:
            raise AssertionError(f"the app did not end; the screen:\n{self.text}") from None

    # ------------------------------------------------------------------ the end

    def close(self, limit: float = HANG) -> None:
        """End the app: SIGKILL to its process group (the app and any helper it started), then
        wait until the killed processes are gone. A process of the app's session that left its
        process group would outlive the terminal: it is killed too, and the journey fails naming it.
        Closing a closed terminal does nothing."""
        if self.closed:
            return
        self.closed = True
        with contextlib.suppress(ProcessLookupError):  # already gone
            os.killpg(self.session, signal.SIGKILL)
        self.process.wait(timeout=limit)
        escaped: dict[int, int] = {}
        end = time.monotonic() + limit
        while left := session_processes(self.session):
            for pid, group in left.items():
                if group != self.session and pid not in escaped:
                    escaped[pid] = group
                    os.kill(pid, signal.SIGKILL)
            assert time.monotonic() < end, f"processes of the app never ended: {left}"
            time.sleep(POLL)
        self._reader.join(limit)
        os.close(self.leader)
        assert not escaped, f"processes of the app left its process group and outlived it: {escaped}"
