"""Commands that open the app refuse output or input that is not a terminal in one line (exit
status 2, nothing on standard output); the commands that only print work in a pipe (issue 16)."""

from __future__ import annotations

import io
import os
import subprocess
import sys

import pytest

from makao_tui.app.terminal import terminal_refusal


def _makao(args: list[str], tmp_path) -> subprocess.CompletedProcess:
    env = {**os.environ, "MAKAO_DATA_DIR": str(tmp_path)}
    return subprocess.run([sys.executable, "-m", "makao_tui", *args], capture_output=True, text=True,
                          stdin=subprocess.DEVNULL, env=env, timeout=120)


@pytest.mark.parametrize("args", [[], ["--ascii"], ["play", "macao", "--seed", "3"],
                                  ["--pace", "fast", "play", "peklo"]])
def test_the_app_refuses_a_pipe_in_one_line(args, tmp_path):
    run = _makao(args, tmp_path)
    assert run.returncode == 2
    assert run.stdout == ""
    lines = run.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("makao: the app needs a terminal"), run.stderr
    assert "\x1b" not in run.stderr


@pytest.mark.parametrize("args", [["rules", "makao-pl"], ["saves"], ["history"], ["--ascii", "rules", "peklo"]])
def test_commands_that_print_work_in_a_pipe(args, tmp_path):
    run = _makao(args, tmp_path)
    assert run.returncode == 0, run.stderr
    assert "\x1b" not in run.stdout


class _Stream(io.StringIO):
    def __init__(self, tty: bool) -> None:
        super().__init__()
        self.tty = tty

    def isatty(self) -> bool:
        super().isatty()  # ValueError once closed, as a real stream
        return self.tty


def test_refusal_names_the_stream_that_is_not_a_terminal():
    assert terminal_refusal(_Stream(True), _Stream(True)) is None
    assert "output" in (terminal_refusal(_Stream(True), _Stream(False)) or "")
    assert "input" in (terminal_refusal(_Stream(False), _Stream(True)) or "")
    closed = _Stream(True)
    closed.close()
    assert terminal_refusal(_Stream(True), closed) is not None
