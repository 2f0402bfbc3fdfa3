"""Helper processes that end with the process that started them.

:func:`worker_pool` starts the pool the AI thinks in. Each of its processes ends by itself
within about a second once its parent is gone, however the parent went (a hang-up, ``kill -9``,
a crash): on Linux the kernel sends it SIGKILL when the parent dies (``PR_SET_PDEATHSIG``), and
everywhere a watch thread checks the parent still lives. Without this a pool worker whose parent
was killed is adopted by init and runs for ever. No import of any other part of the app.
"""

from __future__ import annotations

import contextlib
import ctypes
import ctypes.util
import multiprocessing
import os
import signal
import sys
import threading
from typing import Any

#: seconds between two looks of a worker's watch thread at its parent
WATCH_INTERVAL_S = 0.5
_PR_SET_PDEATHSIG = 1


def die_with_parent(parent: int) -> None:
    """Make this process end when process ``parent`` (its parent) is gone: PDEATHSIG where the
    system has it, and a daemon thread that exits the process once the parent has changed."""
    if sys.platform.startswith("linux"):
        with contextlib.suppress(OSError, AttributeError):
            libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
            libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    if os.getppid() != parent:  # it died before the prctl took effect
        os._exit(0)

    def watch() -> None:
        while True:
            threading.Event().wait(WATCH_INTERVAL_S)
            if os.getppid() != parent:
                os._exit(0)

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()


def worker_pool(processes: int = 1) -> Any:
    """A ``spawn`` multiprocessing pool of ``processes`` workers that end with this process
    (see the module docstring). Raises OSError / ValueError when no process can be started.
    Call :meth:`terminate` on it when done."""
    # starting a process needs a real standard error; Textual swaps in its own (fileno() -1)
    with contextlib.redirect_stderr(sys.__stderr__):
        return multiprocessing.get_context("spawn").Pool(processes, initializer=die_with_parent,
                                                         initargs=(os.getpid(),))
