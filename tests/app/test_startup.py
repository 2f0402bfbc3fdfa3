"""Start-up: the start screen loads no table, setup or AI process code, nor the games' rules (it
lists the games and the saved matches from their descriptions, ``makao_tui.games.about``); the
AI's process starts only once the first frame is on the screen (bench/startup.py measures the
costs)."""

import subprocess
import sys

from makao_tui.app.main import MakaoApp
from makao_tui.app.screens.start import RESUME, StartScreen
from makao_tui.store import open_store

from .scenes import AI, RU, peek, store_match, wait_for
from .test_table import run

#: run in a new process: the app's start screen at 80x24, printing what its first frame had loaded
#: (of the modules below) and the Resume entries it offered then and once the saved games were checked
FIRST_FRAME = """
import asyncio, sys
from makao_tui.app.main import MakaoApp
from makao_tui.app.screens.start import StartScreen

LATER = ("makao_tui.games.shedding", "makao_tui.games.makao_ru", "makao_tui.games.makao_pl",
         "makao_tui.games.macao", "makao_tui.games.macao_rules", "makao_tui.games.macao_events",
         "makao_tui.games.macao_view", "makao_tui.games.macao_state",
         "makao_tui.games.peklo", "makao_tui.engine.match", "makao_tui.table.service",
         "makao_tui.table.wire", "makao_tui.net.protocol", "msgspec", "makao_tui.ai")
checked = StartScreen.show_troubles

def show_troubles(self):
    print(sorted(m for m in sys.modules if m in LATER))  # the first frame is on the screen
    print(sorted(o.id for o in self.query_one("#games").options if o.id.startswith("resume:")))
    checked(self)
    print(sorted(o.id for o in self.query_one("#games").options if o.id.startswith("resume:")))

StartScreen.show_troubles = show_troubles

async def main():
    app = MakaoApp(ai_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        while not isinstance(app.screen, StartScreen):
            await pilot.pause()
        for _ in range(3):
            await pilot.pause()

asyncio.run(main())
"""


def test_the_app_module_loads_no_table_setup_or_worker_code_nor_babel():
    # the catalogs are read by the standard library's gettext: Babel only makes them (scripts/catalogs.py)
    code = ("import sys, makao_tui.app.main; from makao_tui.engine.i18n import set_language; set_language('ru'); "
            "print(sorted(m for m in sys.modules if m in ("
            "'makao_tui.app.screens.shedding', 'makao_tui.app.screens.peklo', 'makao_tui.app.screens.macao', "
            "'makao_tui.app.screens.table', 'makao_tui.app.screens.setup', 'makao_tui.app.screens.saves', "
            "'makao_tui.app.screens.common', "
            "'makao_tui.worker', 'multiprocessing.pool', 'typer', 'babel', 'makao_tui.games.shedding', "
            "'makao_tui.games.macao', 'makao_tui.games.macao_rules', 'makao_tui.games.macao_events', "
            "'makao_tui.games.macao_view', 'makao_tui.games.macao_state', "
            "'makao_tui.games.peklo', 'makao_tui.table.service', 'msgspec')))")
    run_ = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert run_.stdout.strip() == "[]"


def test_the_first_frame_lists_the_saved_matches_without_loading_the_games():
    store_match("makao-ru", 1, 12)
    store_match("macao", 2, 12)
    store_match("peklo", 3, 12)
    with open_store() as store:  # the macao match's options are ones its rules refuse
        store._conn.execute("UPDATE matches SET options = '{\"bankroll\": -5}' WHERE id = 2")
    out = subprocess.run([sys.executable, "-c", FIRST_FRAME], capture_output=True, text=True, check=True)
    loaded, at_first, checked = out.stdout.strip().splitlines()
    assert loaded == "[]"
    assert at_first == str([f"{RESUME}1", f"{RESUME}2", f"{RESUME}3"])  # listed before its rules are read
    assert checked == str([f"{RESUME}1", f"{RESUME}3"])  # then checked: the damaged one leaves the list


def test_the_ai_process_starts_after_the_first_frame(monkeypatch):
    import makao_tui.worker

    started = []

    def no_process(*_args, **_kwargs):
        started.append(app.first_frame.is_set())
        raise OSError("no process in this test: the AI thinks in a thread")

    monkeypatch.setattr(makao_tui.worker, "worker_pool", no_process)
    app = MakaoApp(variant=RU, rules=RU.rules(), seats=[AI, AI], seed=3, ai_delay=0.01)

    async def body(pilot):
        moves = len(peek(app).match.all_actions())
        await wait_for(pilot, lambda: len(peek(app).match.all_actions()) > moves)
        assert started and all(started)

    run(app, body)


def test_the_start_screen_is_textuals_first_screen():
    # no blank default screen under it to build and restyle before the first frame; the saved
    # matches are listed on it (the store is opened before it is made)
    store_match("makao-ru", 1, 12)
    app = MakaoApp(ai_delay=0)

    async def body(pilot):
        await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
        assert app.screen_stack == [app.screen]
        assert next(o.id for o in app.screen.query_one("#games").options) == f"{RESUME}1"

    run(app, body)
