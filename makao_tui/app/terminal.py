"""What the terminal the app runs in can do: whether there is one at all.

Read by :func:`makao_tui.app.main.run_app` before the app starts; the commands that only print
(``saves``, ``history``, ``rules``…) do not ask.
"""

from __future__ import annotations

import os
import sys
from typing import TextIO

__all__ = ["terminal_refusal"]


def terminal_refusal(stdin: TextIO | None = None, stdout: TextIO | None = None) -> str | None:
    """Why the app cannot start on these streams (default: the process's own), as one line for
    standard error; None when both are terminals. A full-screen app written into a file or a pipe
    (``makao play … > file``, ``makao | cat``) would fill it with escape codes and wait for keys
    nobody can press."""
    if os.environ.get("TEXTUAL_DRIVER"):  # not the terminal driver: makao serve --web (textual-serve)
        return None
    stdin = sys.stdin if stdin is None else stdin
    stdout = sys.stdout if stdout is None else stdout
    if not _is_tty(stdout):
        return ("the app needs a terminal, but its output is a file or a pipe "
                "(`makao saves`, `history`, `export`, `rules`… can be redirected)")
    if not _is_tty(stdin):
        return "the app needs a terminal to read keys from, but its input is a file or a pipe"
    return None


def _is_tty(stream: TextIO | None) -> bool:
    try:
        return stream is not None and stream.isatty()
    except (ValueError, OSError):  # closed or detached
        return False
