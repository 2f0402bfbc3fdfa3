"""The journeys' fixture: :func:`start` starts the real ``makao`` in a pseudo-terminal
(:class:`~tests.journey.terminal.Terminal`) and ends it after the test, failing the test if a
process of the app outlives it."""

from __future__ import annotations

import pytest

from .terminal import Terminal


@pytest.fixture
def start():
    """``start(*args, language=..., size=...)``: a :class:`Terminal` running ``makao ARGS``; every
    one started is closed at the test's end (its process group killed, then checked gone)."""
    started: list[Terminal] = []

    def make(*args: str, **options) -> Terminal:
        started.append(Terminal(*args, **options))
        return started[-1]

    yield make
    for term in started:
        term.close()
