"""The shared-table layer (``makao_tui.net``) sits between the table service and the app: it
imports neither Textual nor the app, and the server needs no terminal."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).absolute().parents[2]
#: seconds after which a process is taken for stuck: a guard, far beyond a loaded machine's need
HANG = 300


def test_the_net_layer_imports_neither_textual_nor_the_app():
    code = ("import sys, makao_tui.net.server, makao_tui.net.client, makao_tui.net.daemon; "
            "print(sorted(m for m in sys.modules if m.split('.')[0] == 'textual' or m.startswith('makao_tui.app')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


#: what a process that serves a table, or thinks for it, never loads: the terminal's libraries,
#: the command line's, the catalogs' tools, and the app
FOR_THE_TERMINAL = ("textual", "rich", "typer", "babel", "makao_tui.app", "makao_tui.cli")
#: the modules of each game's rules and AI, by game (a table loads its own game's only)
GAME_MODULES = {
    "makao-ru": ("makao_tui.games.makao_ru", "makao_tui.games.shedding", "makao_tui.ai.shedding"),
    "makao-pl": ("makao_tui.games.makao_pl",),
    "macao": ("makao_tui.games.macao", "makao_tui.ai.macao"),
    "peklo": ("makao_tui.games.peklo", "makao_tui.games.peklo_core", "makao_tui.ai.peklo"),
}

#: a table server as ``python -m makao_tui.net.daemon`` runs it (its module imported first), with
#: one open seat and AI seats; a player sits and leaves at once, so that an AI plays the seat too
#: (``ai_takeover_s`` 0); once the match holds a few actions, the modules the process holds
SERVER_AT_PLAY = """
import asyncio, json, sys, threading
import makao_tui.net.daemon
from makao_tui.net.client import handshake
from makao_tui.net.server import HostConfig, SeatPlan, run_server

def ready(server):
    def visit():
        handshake(server.code, "Ann").sock.close()

    threading.Thread(target=visit).start()

    async def watch():
        while server.table is None or server.table.match.action_count < 6:
            await asyncio.sleep(0.02)
        print(json.dumps(sorted(sys.modules)), flush=True)
        server.close("seen")

    asyncio.get_running_loop().create_task(watch())

seats = [SeatPlan("open")] + [SeatPlan("ai")] * (int(sys.argv[2]) - 1)
run_server(HostConfig(game=sys.argv[1], seats=seats, ai_takeover_s=0, ai_delay=0), ready)
"""


@pytest.mark.parametrize(("game", "players"), [("makao-ru", 2), ("peklo", 3)])
def test_a_table_server_at_play_loads_no_terminal_library_and_no_other_game(game, players, tmp_path):
    # issue 31 item 5: a table server sends data, not screens; it loads the game it plays only
    env = {**os.environ, "MAKAO_TABLES_DIR": str(tmp_path / "tables"), "MAKAO_DATA_DIR": str(tmp_path / "data"),
           "PYTHONPATH": str(ROOT)}
    out = subprocess.run([sys.executable, "-c", SERVER_AT_PLAY, game, str(players)], capture_output=True, text=True,
                         env=env, timeout=HANG, check=True)
    modules = json.loads(out.stdout.splitlines()[-1])
    assert set(GAME_MODULES[game]) <= set(modules)  # it played: its rules and AI are loaded
    others = tuple(m for other, names in GAME_MODULES.items() if other != game for m in names)
    assert [m for m in modules if m.startswith(FOR_THE_TERMINAL) or m in others] == []
