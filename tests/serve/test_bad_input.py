"""What a remote player types can never end their session (issue 29 item 6): bytes that are not
UTF-8, alone or inside a run of keys, reach the real app as nothing, and the app goes on."""

from __future__ import annotations

import asyncio
import logging
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from makao_tui.serve.ssh import SSHLimits

from .util import (
    REAL_APP,
    alive,
    app_started,
    check_connections_per_key,
    connect,
    make_door,
    new_key,
    refused,
    run,
    until,
)


def test_a_byte_that_is_not_utf8_is_dropped_and_the_session_goes_on(tmp_path):
    async def body():
        door = make_door(tmp_path / "serve", command=REAL_APP)
        await door.start()
        conn, terminal = await app_started(door, "ann")
        # 0xA7 alone (a Latin-1 '§'), a lone continuation byte inside a run, a truncated sequence
        terminal.process.stdin.write(b"\xa7")
        terminal.process.stdin.write(b"x\x80y\xe2\x82")
        terminal.process.stdin.write(b"?")  # the start screen's help: the app still reads keys
        await terminal.until("this help")
        assert "Traceback" not in terminal.raw.decode("utf-8", "replace")
        terminal.press("enter")  # closes the help
        await terminal.until(r"^(?![\s\S]*this help)")
        terminal.press("q")
        await asyncio.wait_for(terminal.process.wait_closed(), 120)
        conn.close()
        await door.stop("test over")

    run(body())


def test_the_door_starts_without_cryptographys_deprecation_warnings():
    """asyncssh's imports make cryptography warn five times about DSA (issue 29 item 7): the
    operator of ``makao serve`` reads none of it."""
    done = subprocess.run([sys.executable, "-W", "default", "-c", "import makao_tui.serve.ssh"],
                          capture_output=True, text=True, check=True)
    assert done.stderr == ""


#: the real app, with its help key broken: an unexpected error for the tests below
BROKEN_APP = (sys.executable, "-c", "from makao_tui.app.main import MakaoApp\n"
              "def broken(self):\n    raise RuntimeError('the help is broken')\n"
              "MakaoApp.action_help = broken\n"
              "from makao_tui.__main__ import main\nmain()")


def test_an_unexpected_error_is_one_line_to_the_player_and_a_full_entry_in_the_log(tmp_path, caplog):
    caplog.set_level(logging.INFO, logger="makao.serve")

    async def body():
        door = make_door(tmp_path / "serve", command=BROKEN_APP)
        await door.start()
        conn, terminal = await app_started(door, "ann")
        terminal.press("?")
        await asyncio.wait_for(terminal.process.wait_closed(), 120)
        await terminal.close()
        conn.close()
        await door.stop("test over")
        return terminal.raw.decode("utf-8", "replace")

    seen = run(body())
    assert "unexpected error and closed" in seen
    assert "Traceback" not in seen and "RuntimeError" not in seen and str(tmp_path) not in seen
    assert "the app met an unexpected error" in caplog.text
    assert "RuntimeError: the help is broken" in caplog.text
    assert not list((tmp_path / "serve").rglob("app-error.log"))  # taken into the log


def test_a_key_over_its_limit_is_refused_guest_or_not(tmp_path):
    """A key at its connection limit was refused, and the same client came straight in as
    ``guest-NAME`` by the keyboard-interactive login (issue 29 item 7)."""

    async def body():
        door = make_door(tmp_path / "serve", guests=True, limits=SSHLimits(per_key=2))
        await door.start()
        await check_connections_per_key(door)
        await door.stop("test over")

    run(body())


def test_one_key_claims_a_bounded_number_of_names(tmp_path):
    async def body():
        door = make_door(tmp_path / "serve", limits=SSHLimits(names_per_key=2))
        await door.start()
        key = new_key()
        for name in ("ann", "bo"):
            conn, _ = await connect(door, name, key)
            conn.close()
        banners = await refused(door, "cy", key)
        assert any("owns 2 names here already (ann, bo)" in b for b in banners)
        again, _ = await connect(door, "Ann", key)  # its own names still let it in
        again.close()
        await door.stop("test over")

    run(body())


#: what a player's client may send: random bytes (keys, broken escapes, non-UTF-8), a resize
_steps = st.lists(st.one_of(st.binary(min_size=1, max_size=64).map(lambda b: ("type", b)),
                            st.tuples(st.integers(20, 200), st.integers(5, 60)).map(lambda s: ("resize", s))),
                  min_size=1, max_size=12)


@pytest.mark.long
@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow],
          derandomize=True)
@given(steps=_steps)
def test_random_bytes_and_resizes_never_end_a_session_with_a_traceback(tmp_path_factory, steps):
    """A real client types random bytes and resizes its terminal, then hangs up: the app goes on
    (or ends by a quit key, cleanly), no traceback reaches the player, and the hang-up ends the
    app's process."""
    folder = tmp_path_factory.mktemp("door")

    async def body():
        door = make_door(folder / "serve", command=REAL_APP)
        await door.start()
        conn, terminal = await app_started(door, "fuzz")
        (live,) = door.sessions
        assert live.app is not None
        pid = live.app.pid
        for kind, value in steps:
            if terminal.ended:
                break
            if kind == "type":
                terminal.process.stdin.write(value)
            else:
                terminal.process.change_terminal_size(*value)
        # the app has read all of it once Ctrl+C (behind it in the same stream) has acted: it quits,
        # or asks first during a match
        terminal.process.change_terminal_size(80, 24)
        terminal.process.stdin.write(b"\x03" * 3)
        await until(lambda: terminal.ended or "Yes (y)" in terminal.text)
        conn.close()
        await until(lambda: not door.sessions)
        await door.stop("test over")
        return pid, terminal.raw.decode("utf-8", "replace")

    pid, seen = run(body())
    assert "Traceback" not in seen and "unexpected error" not in seen, seen[-3000:]
    assert not alive(pid)
