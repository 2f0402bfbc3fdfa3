"""Only the app imports Textual: the engine, the games, the AI and the app's session do not."""

import subprocess
import sys


def test_engine_games_ai_and_session_do_not_import_textual():
    code = ("import sys, makao_tui.engine, makao_tui.games, makao_tui.ai, makao_tui.app.session; "
            "print(sorted(m for m in sys.modules if m.split('.')[0] == 'textual'))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
