"""Start-up: the start screen loads no table, setup or AI process code; the AI's process starts
only once the first frame is on the screen (bench/startup.py measures the costs)."""

import subprocess
import sys

from makao_tui.app.main import MakaoApp

from .scenes import AI, RU, peek, wait_for
from .test_table import run


def test_the_app_module_loads_no_table_setup_or_worker_code_nor_babel():
    # the catalogs are read by the standard library's gettext: Babel only makes them (scripts/catalogs.py)
    code = ("import sys, makao_tui.app.main; from makao_tui.engine.i18n import set_language; set_language('ru'); "
            "print(sorted(m for m in sys.modules if m in ("
            "'makao_tui.app.screens.shedding', 'makao_tui.app.screens.peklo', 'makao_tui.app.screens.macao', "
            "'makao_tui.app.screens.table', 'makao_tui.app.screens.setup', 'makao_tui.app.screens.saves', "
            "'makao_tui.worker', 'multiprocessing.pool', 'typer', 'babel')))")
    run_ = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert run_.stdout.strip() == "[]"


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
