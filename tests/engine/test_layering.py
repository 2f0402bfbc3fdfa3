"""The engine, the games and the AI never import Textual (DEVELOPERS.md "Architecture rules")."""

from __future__ import annotations

import subprocess
import sys


def test_engine_games_and_ai_do_not_import_textual():
    code = (
        "import sys, makao_tui.engine, makao_tui.games, makao_tui.ai, makao_tui.engine.scenario;"
        "bad = sorted(m for m in sys.modules if m == 'textual' or m.startswith('textual.'));"
        "print(','.join(bad)); sys.exit(1 if bad else 0)"
    )
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert run.returncode == 0, f"Textual imported: {run.stdout} {run.stderr}"


def test_the_app_does_import_textual():
    """The check above can fail: importing the app does pull Textual in."""
    code = "import sys, makao_tui.app.main; sys.exit(0 if 'textual' in sys.modules else 1)"
    assert subprocess.run([sys.executable, "-c", code]).returncode == 0
