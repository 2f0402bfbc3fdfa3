"""AI players: a seat's view in, an action out. One module per game; :func:`ai_for` picks one."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Protocol

from ..engine.actions import Action


class Player(Protocol):
    """An AI seat. ``choose(view, rng)`` returns one of ``view.legal``.

    ``view``: the per-seat view of the game (``GameState.view(seat)``), which holds only what that
    seat may know and the tuple ``legal`` of its legal actions. ``rng``: the only randomness the
    player may use. It never sees the state itself, so it cannot read other hands.
    """

    def choose(self, view: Any, rng: random.Random) -> Action: ...


_PLAYERS: dict[str, Callable[[], Player]] = {}


def register_ai(variant_id: str, factory: Callable[[], Player]) -> None:
    """Make ``factory()`` the AI of the game ``variant_id``."""
    _PLAYERS[variant_id] = factory


def ai_for(variant_id: str) -> Player:
    """A new AI player for the game ``variant_id``; raise KeyError if the game has none."""
    return _PLAYERS[variant_id]()


# Each module registers the AI of its game(s) on import.
from . import shedding  # noqa: F401,E402
from . import peklo  # noqa: F401,E402
from . import macao  # noqa: F401,E402
