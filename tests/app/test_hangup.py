"""The real app in a pseudo-terminal (80×24): hung up (SIGHUP), it ends cleanly, releasing its
match; resumed and killed (SIGKILL), the match still resumes to the state its stored actions give."""

from __future__ import annotations

import asyncio
import fcntl
import os
import pty
import select
import signal
import sqlite3
import struct
import subprocess
import sys
import termios
import threading
import time
from pathlib import Path

import pytest

from makao_tui.app.main import MakaoApp
from makao_tui.store import default_path, open_store
from tests.app.scenes import peek

ROOT = Path(__file__).resolve().parents[2]


def start(*args: str, hang_up: threading.Event | None = None) -> subprocess.Popen:
    """``makao ARGS`` in its own session on a new 80×24 pseudo-terminal, whose output is read
    (and dropped) so that the app never blocks writing. Setting ``hang_up`` closes the terminal's
    other side: the app's terminal hangs up, and no SIGHUP comes (the terminal is not the
    session's controlling one, as for an app under ``su`` whose session leader keeps the signal)."""
    leader, follower = pty.openpty()
    fcntl.ioctl(follower, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    env = {**os.environ, "TERM": "xterm-256color", "PYTHONPATH": str(ROOT)}
    child = subprocess.Popen([sys.executable, "-m", "makao_tui.cli", *args], stdin=follower, stdout=follower,
                             stderr=follower, env=env, start_new_session=True)
    os.close(follower)

    def drain() -> None:
        try:
            while hang_up is None or not hang_up.is_set():
                if select.select([leader], [], [], 0.1)[0] and not os.read(leader, 65536):
                    break
        except OSError:  # the child closed the terminal
            pass
        os.close(leader)

    threading.Thread(target=drain, daemon=True).start()
    return child


#: seconds after which a child process that has not done its part is taken for hung: a guard against
#: a test that would never end, far beyond what the slowest, most loaded machine needs
HANG = 300


def stored_actions(at_least: int, timeout: float = HANG) -> int:
    """Wait until the one stored match has ``at_least`` actions; return how many it has."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if default_path().exists():
            with open_store() as store:
                matches = store.unfinished()
            if matches and matches[0].actions >= at_least:
                return matches[0].actions
        time.sleep(0.1)
    raise AssertionError(f"the app did not store {at_least} actions in {timeout} s")


def claims() -> list[tuple]:
    """The writers' claims in the file (one per match open for writing)."""
    with sqlite3.connect(default_path()) as conn:
        return conn.execute("SELECT match_id, pid FROM writers").fetchall()


def test_a_terminal_that_hangs_up_without_a_sighup_ends_the_app_cleanly():
    hang_up = threading.Event()
    app = start("play", "makao-ru", "--seat", "ai", "--seat", "ai", "--seed", "1", hang_up=hang_up)
    stored_actions(3)
    hang_up.set()
    assert app.wait(timeout=HANG) == 128 + signal.SIGHUP  # the app saw its terminal gone
    assert claims() == []  # and released the match


@pytest.mark.long
def test_hangup_ends_the_app_cleanly_and_a_killed_resume_loses_nothing():
    first = start("play", "makao-ru", "--seat", "ai", "--seat", "ai", "--seed", "1")
    stored_actions(3)
    first.send_signal(signal.SIGHUP)
    assert first.wait(timeout=HANG) == 128 + signal.SIGHUP  # ended by the app, not by the signal
    assert claims() == []  # the match was released
    with open_store() as store:
        (summary,) = store.unfinished()
        hung_up = store.load(summary.id)
    assert len(hung_up.actions) == summary.actions >= 3

    second = start("resume")
    stored_actions(len(hung_up.actions) + 2)
    assert claims() == [(summary.id, second.pid)]
    second.kill()
    assert second.wait(timeout=HANG) == -signal.SIGKILL
    with open_store() as store:
        killed = store.load(summary.id)
    assert killed.actions[:len(hung_up.actions)] == hung_up.actions
    expected = killed.rebuild()

    async def resumed():
        with open_store() as store, store.resume(summary.id) as writer:  # the dead claim lapses
            app = MakaoApp(resume=writer, ai_delay=60)  # the AI seats wait: the state holds still
            async with app.run_test(size=(80, 24)) as pilot:
                await pilot.pause()
                assert peek(app).match.state.snapshot() == expected.state.snapshot()
                assert peek(app).match.totals == expected.totals

    asyncio.run(resumed())
