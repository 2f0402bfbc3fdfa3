"""The AI's own process: searches run there, off the caller's thread and free of its GIL.

:class:`AIWorker` starts the helper process (:func:`makao_tui.worker.worker_pool`: a Python
process fed through a pipe, which ends with its parent however the parent goes) the first time an
AI must think, and ends it with :meth:`AIWorker.close`. A search of a second then holds no lock the caller needs (the
app's keys and redraws, a server's sockets go on at full speed).
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable, Callable
from typing import Any


class AIWorker:
    """Runs picklable calls in one helper process, started on first use.

    Falls back to a thread when no process can be started (a sandbox without semaphores).
    ``before_start``: awaited before the process is started (the app waits for its first frame,
    so that the first screen shows sooner).
    """

    def __init__(self, before_start: Callable[[], Awaitable[Any]] | None = None) -> None:
        self._pool: Any = None
        self.before_start = before_start

    @property
    def started(self) -> bool:
        """Whether the helper process has been started (and not closed)."""
        return self._pool is not None

    async def run(self, call: Callable[..., Any], *args: Any) -> Any:
        """``call(*args)`` in the helper process; its result, or its exception raised here."""
        if self._pool is None and self.before_start is not None:
            await self.before_start()
        loop = asyncio.get_running_loop()
        future: asyncio.Future = loop.create_future()

        def settle(setter: Callable[[Any], None], value: Any) -> None:
            def put() -> None:
                if not future.done():
                    setter(value)

            with contextlib.suppress(RuntimeError):  # the caller's loop is already closed
                loop.call_soon_threadsafe(put)

        try:
            if self._pool is None:
                from ..worker import worker_pool  # imported when first needed: start-up loads less

                self._pool = worker_pool()
            self._pool.apply_async(call, args, callback=lambda r: settle(future.set_result, r),
                                   error_callback=lambda e: settle(future.set_exception, e))
        except (OSError, ValueError):
            return await asyncio.to_thread(call, *args)
        return await future

    def close(self) -> None:
        """End the helper process (a call under way is dropped); the worker may start again."""
        pool, self._pool = self._pool, None
        if pool is not None:
            pool.terminate()
