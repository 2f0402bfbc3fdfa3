"""What a remote player types can never end their session (issue 29 item 6): bytes that are not
UTF-8, alone or inside a run of keys, reach the real app as nothing, and the app goes on."""

from __future__ import annotations

import asyncio
import subprocess
import sys

from .util import REAL_APP, Terminal, connect, make_door, new_key, run, session


def test_a_byte_that_is_not_utf8_is_dropped_and_the_session_goes_on(tmp_path):
    async def body():
        door = make_door(tmp_path / "serve", command=REAL_APP)
        await door.start()
        conn, _ = await connect(door, "ann", new_key())
        terminal = Terminal(await session(conn, 80, 24))
        await terminal.until("Peklo")
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
