"""Shared tables as users meet them: ``makao host`` starts a detached server, clients in processes
of their own sit and play, the server is killed (SIGKILL) and ``makao host --resume`` reopens the
table under the same code, where the players take their seats back (issue 11)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from makao_tui.store import open_store

ROOT = Path(__file__).absolute().parents[2]


def environment(tmp_path: Path, user: str) -> dict[str, str]:
    """The environment of one user of the box: their own data folder, the shared tables folder."""
    return {**os.environ, "MAKAO_TABLES_DIR": str(tmp_path / "tables"), "MAKAO_DATA_DIR": str(tmp_path / user),
            "PYTHONPATH": str(ROOT)}


def makao(env: dict[str, str], *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "makao_tui.cli", *args], env=env, capture_output=True, text=True,
                          timeout=120, stdin=subprocess.DEVNULL)


def player(env: dict[str, str], code: str, name: str, actions: int) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "tests.net.player", code, name, str(actions)], env=env,
                            stdout=subprocess.PIPE, text=True, cwd=ROOT)


def lines(proc: subprocess.Popen, status: int = 0) -> list[dict]:
    out, _ = proc.communicate(timeout=120)
    assert proc.returncode == status, out
    return [json.loads(line) for line in out.splitlines()]


def tables(env: dict[str, str]) -> list[dict]:
    done = makao(env, "tables", "--json")
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def wait_gone(pid: int, limit: float = 30.0) -> None:
    end = time.monotonic() + limit
    while time.monotonic() < end:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return
        time.sleep(0.05)
    raise AssertionError(f"process {pid} still runs")


def test_host_join_kill_resume_rejoin(tmp_path):
    host_env, guest_env = environment(tmp_path, "host"), environment(tmp_path, "guest")
    done = makao(host_env, "host", "makao-ru", "--seat", "open", "--seat", "open", "--seat", "ai",
                 "--option", "loss_limit=200", "--ai-takeover", "0", "--detach")
    assert done.returncode == 0, done.stderr
    code = done.stdout.split()[1]
    assert f"makao join {code}" in done.stdout
    (listed,) = tables(guest_env)
    assert listed["code"] == code and not listed["started"] and listed["game"] == "makao-ru"
    assert [s["kind"] for s in listed["seats"]] == ["open", "open", "ai"]
    assert oct((tmp_path / "tables").stat().st_mode & 0o7777) == "0o1777"

    alice, bob = player(host_env, code, "Alice", 3), player(guest_env, code, "Bob", 3)
    seen_a, seen_b = ([u for u in lines(p) if "seq" in u] for p in (alice, bob))
    assert {seen_a[0]["seat"], seen_b[0]["seat"]} == {0, 1}
    assert all(None not in u["hand"] for u in seen_a + seen_b)  # each sees their own cards

    (listed,) = tables(guest_env)
    assert listed["started"] and [s["connected"] for s in listed["seats"][:2]] == [False, False]
    pid = listed["pid"]
    os.kill(pid, signal.SIGKILL)
    wait_gone(pid)
    assert tables(guest_env) == []  # a dead server's table is not listed

    with open_store(tmp_path / "host" / "makao.sqlite3") as store:
        (match,) = store.unfinished()
    refused = makao(guest_env, "host", "--resume", str(match.id), "--detach")
    assert refused.returncode == 2 and len(refused.stderr.strip().splitlines()) == 1  # not the guest's match
    done = makao(host_env, "host", "--resume", str(match.id), "--ai-takeover", "0", "--detach")
    assert done.returncode == 0, done.stderr
    assert done.stdout.split()[1] == code

    bob = player(guest_env, code, "Bob", 1)
    again = [u for u in lines(bob) if "seq" in u]
    assert again[0]["seat"] == seen_b[0]["seat"] and again[0]["reset"]
    stranger = player(environment(tmp_path, "carl"), code, "Carl", 1)
    assert "no free seat" in lines(stranger, 2)[0]["error"]

    (listed,) = tables(guest_env)
    os.kill(listed["pid"], signal.SIGTERM)
    wait_gone(listed["pid"])
    assert list((tmp_path / "tables").iterdir()) == []
    with open_store(tmp_path / "host" / "makao.sqlite3") as store:
        assert store.unfinished()[0].actions >= match.actions


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
