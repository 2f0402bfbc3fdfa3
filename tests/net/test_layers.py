"""The shared-table layer (``makao_tui.net``) sits between the table service and the app: it
imports neither Textual nor the app, and the server needs no terminal."""

import subprocess
import sys


def test_the_net_layer_imports_neither_textual_nor_the_app():
    code = ("import sys, makao_tui.net.server, makao_tui.net.client, makao_tui.net.daemon; "
            "print(sorted(m for m in sys.modules if m.split('.')[0] == 'textual' or m.startswith('makao_tui.app')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
