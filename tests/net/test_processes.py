"""Shared tables as users meet them: ``makao host`` starts a detached server, clients in processes
of their own sit and play, the server is killed (SIGKILL) and ``makao host --resume`` reopens the
table under the same code, where the players take their seats back (issue 11).

Nothing here waits on the clock: the tables hold a seat for its player (``--ai-takeover 3600``),
so a match moves only while the players the test runs act, and each wait is for something those
players are bound to do (the waits' limits only end a stuck test). Every table server and player
a test started is ended when it ends, passed or failed (:func:`reaper`)."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from makao_tui.net.places import live_tables
from makao_tui.store import open_store

ROOT = Path(__file__).absolute().parents[2]


def environment(tmp_path: Path, user: str) -> dict[str, str]:
    """The environment of one user of the box: their own data folder, the shared tables folder."""
    return {**os.environ, "MAKAO_TABLES_DIR": str(tmp_path / "tables"), "MAKAO_DATA_DIR": str(tmp_path / user),
            "PYTHONPATH": str(ROOT)}


#: the table servers (pids) and player processes the running test started
STARTED: dict[str, list] = {"servers": [], "players": []}


@pytest.fixture(autouse=True)
def reaper(tmp_path: Path) -> Iterator[None]:
    """End whatever the test started, passed or failed: its player processes, every table server
    it saw, and any server still live in its tables folder (a detached server outlives the test
    otherwise)."""
    STARTED["servers"].clear()
    STARTED["players"].clear()
    yield
    for proc in STARTED["players"]:
        if proc.poll() is None:
            proc.kill()
        proc.wait()
    pids = set(STARTED["servers"])
    with contextlib.suppress(OSError):
        pids |= {info.pid for info in live_tables(tmp_path / "tables")}
    for pid in pids:
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGKILL)


def makao(env: dict[str, str], *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "makao_tui.cli", *args], env=env, capture_output=True, text=True,
                          timeout=120, stdin=subprocess.DEVNULL)


def player(env: dict[str, str], code: str, name: str, actions: int, then: str = "leave") -> subprocess.Popen:
    """A player process (``tests/net/player.py``): ``actions`` of its turns, ``then`` leave, stay
    or look (leave at its first update)."""
    proc = subprocess.Popen([sys.executable, "-m", "tests.net.player", code, name, str(actions), then], env=env,
                            stdout=subprocess.PIPE, text=True, cwd=ROOT)
    STARTED["players"].append(proc)
    return proc


class Reader:
    """A player's JSON lines as they come (read in a thread, so that the test can wait for two
    players at once)."""

    def __init__(self, proc: subprocess.Popen) -> None:
        self.proc, self.lines = proc, []
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self.lines.append(json.loads(line))

    def updates(self) -> list[dict]:
        return [u for u in list(self.lines) if "seq" in u]

    def actions(self) -> int:
        """The player's actions that the table has taken: sent in answer to update SEQ and
        followed by a later update (the server stores an action before it sends the update that
        shows it, so these are saved; an action only sent may be lost with a killed server)."""
        seen = list(self.lines)
        last = max((u["seq"] for u in seen if "seq" in u), default=-1)
        return max((u["acted"] for u in seen if "acted" in u and u["at"] < last), default=0)

    def finish(self) -> list[dict]:
        """Every line, once the process has ended with status 0."""
        assert self.proc.wait(timeout=120) == 0
        self.thread.join(timeout=120)
        return list(self.lines)


def until(check, limit: float = 120.0) -> None:
    """Wait until ``check()`` is true; fail after ``limit`` seconds (a bound for a stuck test only:
    the condition decides, not the clock)."""
    end = time.monotonic() + limit
    while not check():
        assert time.monotonic() < end, "a condition the players are bound to reach was not reached"
        time.sleep(0.02)


def lines(proc: subprocess.Popen, status: int = 0) -> list[dict]:
    out, _ = proc.communicate(timeout=120)
    assert proc.returncode == status, out
    return [json.loads(line) for line in out.splitlines()]


def tables(env: dict[str, str]) -> list[dict]:
    done = makao(env, "tables", "--json")
    assert done.returncode == 0, done.stderr
    listed = json.loads(done.stdout)
    STARTED["servers"].extend(t["pid"] for t in listed)
    return listed


def stored_actions(path: Path) -> int:
    """The actions the saved-games file at ``path`` holds for its one match, read without a lock
    that could delay the server's own writes (0 while there is none)."""
    import sqlite3

    try:
        with contextlib.closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=1)) as conn:
            row = conn.execute("SELECT max(actions) FROM matches").fetchone()
    except sqlite3.Error:  # not made yet, or busy this moment: asked again
        return 0
    return row[0] or 0


def wait_gone(pid: int, limit: float = 30.0) -> None:
    end = time.monotonic() + limit
    while time.monotonic() < end:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return
        time.sleep(0.05)
    raise AssertionError(f"process {pid} still runs")


@pytest.mark.long
def test_host_join_kill_resume_rejoin(tmp_path):
    host_env, guest_env = environment(tmp_path, "host"), environment(tmp_path, "guest")
    # the seats are held for their players (no AI takes an empty one within the test), so the
    # match moves only while Alice and Bob play: it cannot end on its own, however slow the box
    done = makao(host_env, "host", "makao-ru", "--seat", "open", "--seat", "open", "--seat", "ai",
                 "--option", "loss_limit=200", "--ai-takeover", "3600", "--detach")
    assert done.returncode == 0, done.stderr
    code = done.stdout.split()[1]
    assert f"makao join {code}" in done.stdout
    (listed,) = tables(guest_env)
    assert listed["code"] == code and not listed["started"] and listed["game"] == "makao-ru"
    assert [s["kind"] for s in listed["seats"]] == ["open", "open", "ai"]
    assert oct((tmp_path / "tables").stat().st_mode & 0o7777) == "0o1777"

    # Alice and Bob sit and play three of their turns each, then stay seated without acting: the
    # table waits at the first turn of a player who has played hers, after at least three actions
    alice, bob = (Reader(player(host_env, code, "Alice", 3, "stay")), Reader(player(guest_env, code, "Bob", 3, "stay")))
    until(lambda: alice.updates() and bob.updates() and alice.actions() + bob.actions() >= 3)
    seen_a, seen_b = alice.updates(), bob.updates()
    assert {seen_a[0]["seat"], seen_b[0]["seat"]} == {0, 1}
    assert all(None not in u["hand"] for u in seen_a + seen_b)  # each sees their own cards

    # what the table took is saved as it is taken, or (the file busy a moment on a loaded box) by
    # the writer's retry soon after: kill the server once the file holds those actions
    taken = alice.actions() + bob.actions()
    until(lambda: stored_actions(tmp_path / "host" / "makao.sqlite3") >= taken)
    (listed,) = tables(guest_env)
    assert listed["started"] and [s["connected"] for s in listed["seats"][:2]] == [True, True]
    pid = listed["pid"]
    os.kill(pid, signal.SIGKILL)
    wait_gone(pid)
    alice.finish(), bob.finish()  # their connection ended: both players end
    assert tables(guest_env) == []  # a dead server's table is not listed

    with open_store(tmp_path / "host" / "makao.sqlite3") as store:
        (match,) = store.unfinished()
    assert match.actions >= taken >= 3
    refused = makao(guest_env, "host", "--resume", str(match.id), "--detach")
    assert refused.returncode == 2 and len(refused.stderr.strip().splitlines()) == 1  # not the guest's match
    done = makao(host_env, "host", "--resume", str(match.id), "--ai-takeover", "3600", "--detach")
    assert done.returncode == 0, done.stderr
    assert done.stdout.split()[1] == code

    again = [u for u in lines(player(guest_env, code, "Bob", 0, "look")) if "seq" in u]
    assert again[0]["seat"] == seen_b[0]["seat"] and again[0]["reset"]
    stranger = player(environment(tmp_path, "carl"), code, "Carl", 1)
    assert "no free seat" in lines(stranger, 2)[0]["error"]

    (listed,) = tables(guest_env)
    os.kill(listed["pid"], signal.SIGTERM)
    wait_gone(listed["pid"])
    assert list((tmp_path / "tables").iterdir()) == []
    with open_store(tmp_path / "host" / "makao.sqlite3") as store:
        assert store.unfinished()[0].actions >= match.actions


@pytest.mark.long
def test_a_wrong_code_and_a_bad_table_are_one_line_and_exit_2(tmp_path):
    env = environment(tmp_path, "user")
    for args in (["join", "crane-47"], ["join", "nonsense"], ["host", "makao-ru", "--seat", "ai", "--seat", "ai"],
                 ["host", "makao-ru", "--seat", "open", "--option", "loss_limit=7"], ["host", "--resume", "99"]):
        done = makao(env, *args)
        assert done.returncode == 2, (args, done.stdout, done.stderr)
        assert len(done.stderr.strip().splitlines()) == 1 and "Traceback" not in done.stderr, args
    assert tables(env) == []


def test_the_hosts_terminal_closes_the_host_ends_and_the_table_goes_on(tmp_path):
    import fcntl
    import pty
    import struct
    import termios

    env = {**environment(tmp_path, "host"), "TERM": "xterm-256color"}
    leader, follower = pty.openpty()
    fcntl.ioctl(follower, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    host = subprocess.Popen([sys.executable, "-m", "makao_tui.cli", "host", "peklo", "--seat", "open", "--seat", "open",
                             "--seat", "ai", "--name", "Alice"], stdin=follower, stdout=follower, stderr=follower,
                            env=env, start_new_session=True, preexec_fn=lambda: fcntl.ioctl(0, termios.TIOCSCTTY, 0))
    os.close(follower)
    end = time.monotonic() + 60
    listed: list[dict] = []
    while time.monotonic() < end:  # until the host sits in the lobby
        try:
            os.read(leader, 65536)
        except OSError:
            break
        listed = tables(env)
        if listed and listed[0]["seats"][0]["connected"]:
            break
    assert listed and listed[0]["seats"][0]["name"] == "Alice", listed
    os.close(leader)  # the host's terminal closes
    host.wait(timeout=20)
    (after,) = tables(env)
    assert after["code"] == listed[0]["code"] and not after["seats"][0]["connected"]
    bob = player(environment(tmp_path, "guest"), after["code"], "Bob", 0)
    assert lines(bob) == []  # Bob sits (and leaves at once): the table goes on without its host
    os.kill(after["pid"], signal.SIGTERM)
    wait_gone(after["pid"])


def _family(pid: int) -> list[int]:
    """``pid`` and every process below it."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            with contextlib.suppress(OSError, IndexError):
                parent = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
                children.setdefault(parent, []).append(int(entry.name))
    found, todo = [], [pid]
    while todo:
        found.append(todo.pop())
        todo.extend(children.get(found[-1], []))
    return found


@pytest.mark.long
def test_no_table_server_or_ai_worker_shows_a_seed_or_a_seat_token_to_other_users(tmp_path):
    """Every user of the box can read any process's arguments (``ps``), and a seed gives every
    hand (issue 29 item 5): a table server and its AI worker carry neither the match's seed, nor
    a seat token, nor their config in their arguments or their environment."""
    env = environment(tmp_path, "host")
    done = makao(env, "host", "makao-pl", "--seat", "open", "--seat", "ai", "--ai-takeover", "3600", "--detach")
    assert done.returncode == 0, done.stderr
    code = done.stdout.split()[1]
    Reader(player(env, code, "Alice", 40, "stay"))  # she plays on until the AI has had to think
    (listed,) = tables(env)
    until(lambda: len(_family(listed["pid"])) >= 2)  # the AI's worker is up (a forced move needs none)
    with open_store(tmp_path / "host" / "makao.sqlite3") as store:
        (summary,) = store.unfinished()
        seed = store.load(summary.id).seed
    seats = json.loads((tmp_path / "host" / "tables" / "seats.json").read_text())
    tokens = [held["token"] for held in seats[code]["seats"]]
    secrets = [str(seed), *tokens, "makao-pl", "ai_takeover"]
    family = _family(listed["pid"])
    for pid in family:
        for part in ("cmdline", "environ"):
            shown = (Path("/proc") / str(pid) / part).read_bytes().decode("utf-8", "replace")
            assert not [secret for secret in secrets if secret in shown], (pid, part, shown)
    os.kill(listed["pid"], signal.SIGTERM)
    wait_gone(listed["pid"])
