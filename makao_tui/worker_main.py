"""The AI's helper process itself: ``python -m makao_tui.worker_main PARENT_PID`` (started by
:func:`makao_tui.worker.worker_pool`).

It reads calls from standard input and writes their results to standard output, each a pickle
behind its length (:func:`read_frame`, :func:`frame`), and ends with its parent however the
parent goes (:func:`die_with_parent`). It imports nothing of the app but what a call's pickle
names: the AI of the game its table plays, that game's rules and what they import, nothing of the
caller's side (no thread pool, no ``subprocess``, no words, no Textual). Started as a new
interpreter, not forked, so it holds none of its parent's memory (issue 31: the AI's worker at
most 15 MiB; ``bench/box_load.py``, ``bench/startup.py``).
"""

from __future__ import annotations

import os
import pickle
import struct
import sys
from typing import IO, Any

#: seconds between two looks of a worker's watch thread at its parent
WATCH_INTERVAL_S = 0.5
_PR_SET_PDEATHSIG = 1
#: a frame's header: the length of the pickle that follows
_HEADER = struct.Struct("!Q")


def _parent_death_signal() -> bool:
    """Ask the kernel to SIGKILL this process when its parent ends (Linux's
    ``PR_SET_PDEATHSIG``); whether it was set."""
    if not sys.platform.startswith("linux"):
        return False
    import ctypes
    import signal

    try:
        # the symbols the process has loaded, libc's among them: ctypes.util.find_library
        # would run ldconfig and import shutil, subprocess and more (3 MiB of this process)
        libc = ctypes.CDLL(None, use_errno=True)
        return libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0) == 0
    except (OSError, AttributeError):
        return False


def die_with_parent(parent: int) -> None:
    """Make this process end when process ``parent`` (its parent) is gone: the kernel's
    parent-death signal where the system has it (Linux), else a daemon thread that exits the
    process once the parent has changed (a look every :data:`WATCH_INTERVAL_S` seconds). No
    thread where the kernel does it: a thread and its module are memory the worker would hold for
    nothing (issue 31 item 5)."""
    watched = not _parent_death_signal()
    if os.getppid() != parent:  # it died before the signal was asked for
        os._exit(0)
    if watched:
        import threading

        def watch() -> None:
            while True:
                threading.Event().wait(WATCH_INTERVAL_S)
                if os.getppid() != parent:
                    os._exit(0)

        threading.Thread(target=watch, name="parent-watch", daemon=True).start()


def read_frame(stream: IO[bytes]) -> bytes | None:
    """The next frame's pickle from ``stream``, or None at its end, or once it has been closed
    (the caller's :meth:`~makao_tui.worker.WorkerProcess.terminate` closes it, its reader thread
    may be between two reads)."""
    try:
        head = stream.read(_HEADER.size)
        if len(head) < _HEADER.size:
            return None
        (size,) = _HEADER.unpack(head)
        body = stream.read(size)
    except (OSError, ValueError):  # ValueError: a read of a closed file
        return None
    return body if len(body) == size else None


def frame(value: Any) -> bytes:
    """``value`` pickled behind its length: one frame for :func:`read_frame`. Raises pickle's
    errors for a value that does not pickle."""
    data = pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)
    return _HEADER.pack(len(data)) + data


def serve(parent: int) -> None:
    """The helper's loop: read a call, run it, write its result (or exception), until the pipe
    closes. Anything the calls print goes to standard error, never into the replies."""
    die_with_parent(parent)
    replies = os.fdopen(os.dup(1), "wb")
    os.dup2(2, 1)
    calls = sys.stdin.buffer
    while (body := read_frame(calls)) is not None:
        try:
            call, args = pickle.loads(body)
            answer: tuple[bool, Any] = (True, call(*args))
        except BaseException as exc:
            answer = (False, exc)
        try:
            reply = frame(answer)
        except Exception as exc:  # a result or an exception that does not pickle
            reply = frame((False, RuntimeError(f"{type(exc).__name__}: {exc}")))
        replies.write(reply)
        replies.flush()


if __name__ == "__main__":
    serve(int(sys.argv[1]))
