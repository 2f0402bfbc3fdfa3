"""``makao serve`` as its operator runs it (issue 17 item 3): a process of its own on port 0; a
player logs in and starts a Peklo match against the computer; SIGTERM (what Ctrl+C and
``systemctl stop`` send, SIGINT alike) stops the server: the player is told, their match is saved
unfinished in their own folder, the server exits 0 with its log's last word "stopped"."""

from __future__ import annotations

import asyncio
import os
import re
import signal
import subprocess
import sys

import asyncssh
import pytest

from .util import HANG, ROOT, Terminal, new_key, run, session


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT])
def test_makao_serve_stops_on_a_signal_telling_the_players_and_saving_their_matches(tmp_path, sig):
    env = {**os.environ, "MAKAO_DATA_DIR": str(tmp_path / "data"), "MAKAO_TABLES_DIR": str(tmp_path / "tables"),
           "PYTHONPATH": str(ROOT)}

    async def body():
        server = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "makao_tui", "serve", "--ssh", "127.0.0.1:0", env=env, cwd=str(tmp_path),
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        log = ""
        try:
            assert server.stderr is not None
            while (port := re.search(r"ssh door listening on 127\.0\.0\.1 port (\d+)", log)) is None:
                line = await asyncio.wait_for(server.stderr.readline(), HANG)
                assert line, f"makao serve ended: {log}"
                log += line.decode()
            conn = await asyncssh.connect("127.0.0.1", int(port.group(1)), username="ann", client_keys=[new_key()],
                                          known_hosts=None, agent_path=None)
            terminal = Terminal(await session(conn))
            await terminal.until(r"Peklo  \(3-7 players\)")
            terminal.press("end", "enter")  # Peklo
            await terminal.until(r"Peklo — new match")
            terminal.press("ctrl+s")  # against the computer
            await terminal.until(r"Your hand \(ann\)")
            server.send_signal(sig)
            await terminal.until(r"makao: the server stopped: your match is saved")
            assert await asyncio.wait_for(server.wait(), HANG) == 0
            log += (await server.stderr.read()).decode()
            assert re.search(r"ssh:ann: app \d+ ended \(status \d+\): the server stopped", log)
            assert log.rstrip().endswith("stopped")
            conn.close()
        finally:
            if server.returncode is None:
                server.kill()
                await server.wait()

    run(body(), limit=4 * HANG)
    folders = list((tmp_path / "data" / "serve" / "players" / "ssh").iterdir())
    assert len(folders) == 1
    saved = subprocess.run([sys.executable, "-m", "makao_tui", "saves"], capture_output=True, text=True, check=True,
                           env={**env, "MAKAO_DATA_DIR": str(folders[0]), "COLUMNS": "200"})
    assert "Peklo" in saved.stdout and "ann" in saved.stdout
