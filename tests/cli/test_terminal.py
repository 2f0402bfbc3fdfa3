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


def test_with_input_from_a_pipe_the_app_reads_its_keys_from_the_terminal(tmp_path):
    """The README's install line piped into a shell (``... | sh``): the app's input is the pipe, its
    output and controlling terminal a real one. It opens on that terminal and takes its keys there,
    as less and fzf do (issue 30 item 4); q on the start screen ends it, status 0."""
    import contextlib
    import fcntl
    import select
    import struct
    import termios
    import time

    env = {**os.environ, "MAKAO_DATA_DIR": str(tmp_path), "TERM": "xterm-256color"}
    pid, leader = os.forkpty()  # the child's controlling terminal is the new pseudo-terminal
    if pid == 0:
        try:
            fcntl.ioctl(1, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
            read_end, write_end = os.pipe()
            os.close(write_end)
            os.dup2(read_end, 0)  # input: a pipe, as for a script piped into sh
            os.execve(sys.executable, [sys.executable, "-m", "makao_tui"], env)
        finally:
            os._exit(127)
    seen = b""
    deadline = time.monotonic() + 120  # a guard against a hang, far beyond a loaded machine's start
    try:
        while b"Polish Makao" not in seen and time.monotonic() < deadline:
            if select.select([leader], [], [], 1)[0]:
                try:
                    chunk = os.read(leader, 65536)
                except OSError:
                    break
                if not chunk:
                    break
                seen += chunk
        assert b"Polish Makao" in seen, seen[-300:]
        os.write(leader, b"q")
        while time.monotonic() < deadline:
            done, status = os.waitpid(pid, os.WNOHANG)
            if done:
                break
            if select.select([leader], [], [], 0.1)[0]:
                with contextlib.suppress(OSError):
                    os.read(leader, 65536)
        else:
            raise AssertionError("the app did not end on q")
        assert os.waitstatus_to_exitcode(status) == 0
    finally:
        try:
            os.kill(pid, 9)
            os.waitpid(pid, 0)
        except (ProcessLookupError, ChildProcessError):
            pass
        os.close(leader)
