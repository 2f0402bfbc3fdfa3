"""The helper process the AI thinks in, which ends with the process that started it.

:func:`worker_pool` starts it: one plain Python process (``python -m makao_tui.worker_main``,
:mod:`makao_tui.worker_main`) that reads calls from a pipe and writes their results back, each a
pickle behind its length. It is not a :mod:`multiprocessing` pool: a pool's queues are
semaphores, whose resource-tracker process (a second interpreter, about 12 MiB) would run beside
the worker for nothing (issue 13: the worker adds at most 30 MiB). The process ends by itself
once its parent is gone, however the parent went (a hang-up, ``kill -9``, a crash): its pipe
closes, on Linux the kernel sends it SIGKILL (``PR_SET_PDEATHSIG``), and elsewhere a watch
thread checks the parent still lives. Without this a helper whose parent was killed would be
adopted by init and run for ever. This module is the caller's side; the process imports only
:mod:`makao_tui.worker_main`, then the AI when the first call names it.
"""

from __future__ import annotations

import collections
import contextlib
import os
import pickle
import queue
import subprocess
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

from .engine.i18n import _
from .worker_main import frame, read_frame


class WorkerProcess:
    """One helper process that runs picklable calls in order, with the part of
    :class:`multiprocessing.pool.Pool`'s interface the app uses: :meth:`apply_async` (a result
    or an exception handed to a callback, on a thread of this object's), :meth:`apply` and
    :meth:`terminate`. A call whose process ended before answering gets an OSError; the next call
    starts a new process. Raises OSError when no process can be started."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._waiting: collections.deque[tuple[Callable[[Any], None], Callable[[BaseException], None]]] = \
            collections.deque()
        self._outbox: queue.SimpleQueue[tuple[bytes, Callable, Callable] | None] = queue.SimpleQueue()
        self._proc: subprocess.Popen[bytes] | None = None
        self._closed = False
        self._start()
        threading.Thread(target=self._send, name="makao-worker-send", daemon=True).start()

    def _start(self) -> subprocess.Popen[bytes]:
        package_root = str(Path(__file__).resolve().parent.parent)
        path = os.environ.get("PYTHONPATH")
        env = {**os.environ, "PYTHONPATH": package_root + (os.pathsep + path if path else "")}
        err = sys.__stderr__
        try:
            stderr: Any = err if err is not None and err.fileno() >= 0 else subprocess.DEVNULL
        except (OSError, ValueError):  # Textual swaps in a standard error without a descriptor
            stderr = subprocess.DEVNULL
        proc = subprocess.Popen([sys.executable, "-m", "makao_tui.worker_main", str(os.getpid())],
                                stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=stderr, env=env)
        self._proc = proc
        threading.Thread(target=self._receive, args=(proc,), name="makao-worker-receive", daemon=True).start()
        return proc

    def apply_async(self, call: Callable[..., Any], args: tuple = (),
                    callback: Callable[[Any], None] | None = None,
                    error_callback: Callable[[BaseException], None] | None = None) -> None:
        """Run ``call(*args)`` in the process; hand its result to ``callback`` or its exception
        to ``error_callback``. Raises pickle's errors for a call that cannot be sent, ValueError
        once terminated."""
        if self._closed:
            raise ValueError("the worker process was terminated")
        data = frame((call, args))
        self._outbox.put((data, callback or (lambda _r: None), error_callback or (lambda _e: None)))

    def apply(self, call: Callable[..., Any], args: tuple = ()) -> Any:
        """``call(*args)`` in the process, waiting for its result (or raising its exception)."""
        done = threading.Event()
        box: list[Any] = []

        def settle(ok: bool, value: Any) -> None:
            box.append((ok, value))
            done.set()

        self.apply_async(call, args, lambda r: settle(True, r), lambda e: settle(False, e))
        done.wait()
        ok, value = box[0]
        if not ok:
            raise value
        return value

    def _send(self) -> None:
        while (item := self._outbox.get()) is not None:
            data, callback, error_callback = item
            with self._lock:
                proc = self._proc
                if proc is None or proc.poll() is not None:
                    try:
                        proc = self._start()
                    except OSError as exc:
                        error_callback(exc)
                        continue
                self._waiting.append((callback, error_callback))
            try:
                assert proc.stdin is not None  # opened with stdin=PIPE
                proc.stdin.write(data)
                proc.stdin.flush()
            except (OSError, ValueError):
                pass  # the process ended: its reader fails what it was waiting for

    def _receive(self, proc: subprocess.Popen[bytes]) -> None:
        assert proc.stdout is not None  # opened with stdout=PIPE
        while (body := read_frame(proc.stdout)) is not None:
            try:
                ok, value = pickle.loads(body)
            except Exception as exc:  # a result this process cannot rebuild
                ok, value = False, exc
            with self._lock:
                if not self._waiting:
                    break
                callback, error_callback = self._waiting.popleft()
            (callback if ok else error_callback)(value)
        with self._lock:
            if self._proc is not proc:
                return
            self._proc = None
            waiting = list(self._waiting)
            self._waiting.clear()
        if not self._closed:
            for _call, error_callback in waiting:
                error_callback(OSError(_("the AI's process ended (exit status {status})").format(status=proc.poll())))

    def terminate(self) -> None:
        """End the process at once; calls under way are dropped. Terminating twice does nothing."""
        self._closed = True
        self._outbox.put(None)
        with self._lock:
            proc, self._proc = self._proc, None
            self._waiting.clear()
        if proc is not None:
            with contextlib.suppress(OSError):
                proc.kill()
            proc.wait()
            for stream in (proc.stdin, proc.stdout):
                with contextlib.suppress(OSError):
                    if stream is not None:
                        stream.close()


def worker_pool() -> WorkerProcess:
    """The helper process the AI thinks in (see the module docstring): call
    :meth:`~WorkerProcess.apply_async` on it and :meth:`~WorkerProcess.terminate` when done.
    Raises OSError when no process can be started."""
    return WorkerProcess()
