"""Hang-up (issue 11, item 5): the AI's worker processes end with the process that started them,
however it ends, and ``makao`` in a terminal that closes ends with every helper it started."""

from __future__ import annotations

import fcntl
import os
import pty
import signal
import struct
import subprocess
import sys
import termios
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: seconds after which a process is taken for hung: a guard against a test that never ends, far
#: beyond what the slowest, most loaded machine needs, not a measure
HANG = 300

POOL_OWNER = """
import os, sys
from makao_tui.worker import worker_pool
pool = worker_pool()
print(pool.apply(os.getpid), flush=True)
sys.stdin.read()
"""


def alive(pid: int) -> bool:
    """Whether ``pid`` runs (a zombie counts as gone)."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def gone_within(pids: list[int], seconds: float) -> list[int]:
    """The ``pids`` still running after waiting up to ``seconds`` (a bound, not a measure)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline and any(alive(p) for p in pids):
        time.sleep(0.05)
    return [p for p in pids if alive(p)]


def descendants(pid: int) -> list[int]:
    """Every process below ``pid``."""
    out = subprocess.run(["ps", "-eo", "pid=,ppid="], capture_output=True, text=True, check=True).stdout
    children: dict[int, list[int]] = {}
    for line in out.splitlines():
        child, parent = map(int, line.split())
        children.setdefault(parent, []).append(child)
    found, todo = [], [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            found.append(child)
            todo.append(child)
    return found


def test_a_pool_worker_ends_when_its_parent_is_killed():
    owner = subprocess.Popen([sys.executable, "-c", POOL_OWNER], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                             text=True, env={**os.environ, "PYTHONPATH": str(ROOT)})
    worker = int(owner.stdout.readline())
    helpers = descendants(owner.pid)
    assert worker in helpers
    owner.kill()
    owner.wait(timeout=HANG)
    assert gone_within(helpers, HANG) == []


def test_closing_the_terminal_ends_makao_and_its_helpers(tmp_path):
    leader, follower = pty.openpty()
    fcntl.ioctl(follower, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    env = {**os.environ, "TERM": "xterm-256color", "PYTHONPATH": str(ROOT), "MAKAO_DATA_DIR": str(tmp_path)}
    # two hard AIs: the first decision starts the worker pool
    child = subprocess.Popen([sys.executable, "-m", "makao_tui.cli", "play", "makao-ru", "--seat", "ai:hard",
                              "--seat", "ai:hard", "--think", "0.05", "--seed", "3"],
                             stdin=follower, stdout=follower, stderr=follower, env=env, start_new_session=True,
                             preexec_fn=lambda: fcntl.ioctl(0, termios.TIOCSCTTY, 0))
    os.close(follower)
    deadline = time.monotonic() + HANG
    helpers: list[int] = []
    while time.monotonic() < deadline and not helpers:  # the AI's worker process
        try:
            os.read(leader, 65536)
        except OSError:
            break
        helpers = descendants(child.pid)
    assert helpers, "the AI's worker process did not start"
    os.close(leader)  # the terminal goes away: the kernel hangs up the session
    child.wait(timeout=HANG)  # before the fix: blocked for ever writing to the dead terminal
    assert gone_within(helpers, HANG) == []
    assert child.returncode in (128 + signal.SIGHUP, -signal.SIGHUP)


def test_calls_results_and_errors_cross_the_pipe_and_a_dead_process_is_replaced():
    import pytest

    from makao_tui.worker import worker_pool

    pool = worker_pool()
    try:
        first = pool.apply(os.getpid)
        assert first != os.getpid() and pool.apply(divmod, (7, 2)) == (3, 1)
        with pytest.raises(ValueError, match="invalid literal"):
            pool.apply(int, ("x",))  # the call's own exception, raised here
        with pytest.raises(OSError, match="process ended"):
            pool.apply(os._exit, (3,))  # the process dies: an error, not a wait for ever
        second = pool.apply(os.getpid)
        assert second != first and not alive(first)
    finally:
        pool.terminate()
    with pytest.raises(ValueError):
        pool.apply(os.getpid)  # terminated
    assert not alive(second)


def test_a_stream_closed_under_its_reader_is_the_end_of_its_frames():
    # terminate() closes the process's pipes while the reader thread may be between two reads:
    # that read ends the reader as the pipe's end would, not with an exception in the thread
    import io

    from makao_tui.worker_main import frame, read_frame

    stream = io.BytesIO(frame("a result") * 2)
    assert read_frame(stream) is not None
    stream.close()
    assert read_frame(stream) is None


def test_the_worker_loads_the_ai_of_its_game_and_nothing_of_the_caller():
    # issue 31 item 5: the AI's process is a new interpreter (not a fork of its caller) that
    # imports what the calls' pickles name: here Russian Makao's AI, its rules and the engine;
    # no terminal library, no other game, none of the caller's side (its pipes' threads and
    # subprocess, the table service, the store, the network) and no OpenSSL (hashlib)
    from makao_tui.ai import ai_for, decide, decision_rng
    from makao_tui.engine.match import Match
    from makao_tui.games import get_variant
    from makao_tui.worker import worker_pool

    variant = get_variant("makao-ru")
    match = Match(variant, variant.rules({}), ["Ann", "Olga"], seed=5)
    seat = match.state.to_act
    pool = worker_pool()
    try:
        action, _state = pool.apply(decide, (ai_for("makao-ru"), match.state.view(seat), decision_rng(5, seat, 0)))
        modules = pool.apply(eval, ("sorted(__import__('sys').modules)",))
    finally:
        pool.terminate()
    assert action in match.state.view(seat).legal
    assert {"makao_tui.ai.shedding", "makao_tui.games.makao_ru", "makao_tui.engine.match"} <= set(modules)
    unwanted = ("textual", "rich", "typer", "babel", "msgspec", "asyncio", "subprocess", "sqlite3", "hashlib",
                "makao_tui.app", "makao_tui.cli", "makao_tui.table", "makao_tui.net", "makao_tui.store",
                "makao_tui.games.makao_pl", "makao_tui.games.macao", "makao_tui.games.peklo", "makao_tui.ai.macao",
                "makao_tui.ai.peklo")
    assert [m for m in modules if m == "makao_tui.worker" or m.startswith(unwanted)] == []
