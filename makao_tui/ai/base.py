"""What every AI module shares: the levels, the time budget (:class:`Thinking`), a decision with its
reason (:class:`Advice`), the :class:`Player` protocol and the registry the game AI modules add
their levels to (:func:`register_ai`). The package (:mod:`makao_tui.ai`) imports those modules
when an AI is first asked for, and they import this one.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from ..engine.actions import Action
from ..engine.variant import AI_LEVELS
from ..engine.words import Words

#: the AI levels, weakest first; ``"ai"`` alone means :data:`DEFAULT_LEVEL`
LEVELS = AI_LEVELS
DEFAULT_LEVEL = "normal"


@dataclass(frozen=True)
class Thinking:
    """How long a searching AI (the hard level) may think about one decision.

    ``seconds``: wall-clock budget per decision (default 1.0, on one core); None means no clock.
    ``playouts``: a cap on playouts per decision, or None. With ``seconds`` None and ``playouts``
    set, a decision depends only on the view and the generator (tests and reproducible runs).
    Raises ValueError when both are None, either is not positive, or ``seconds`` is not finite.
    """

    seconds: float | None = 1.0
    playouts: int | None = None

    def __post_init__(self) -> None:
        if self.seconds is None and self.playouts is None:
            raise ValueError("thinking needs a time budget or a playout cap")
        if self.seconds is not None and not 0 < self.seconds < math.inf:  # also refuses nan
            raise ValueError("the time budget must be a positive number of seconds")
        if self.playouts is not None and self.playouts < 1:
            raise ValueError("the playout cap must be at least 1")


@dataclass(frozen=True)
class Advice:
    """A decision with its reason in a few words, for the hint key: ``action`` (one of the view's
    ``legal``) and ``words``, the reason as a message (:class:`~makao_tui.engine.words.Words`)
    said where it is shown, in the reader's language. The AI knows seats, not names: a seat the
    reason names is a :class:`~makao_tui.engine.words.Seat` field, and :meth:`text` puts the
    players' names in (e.g. "keeps the 2 to answer a penalty: {seat} has 1 card" with
    ``seat=Seat(2)`` becomes "… Olga has 1 card")."""

    action: Action
    words: Words

    def text(self, names: Sequence[str] | None = None) -> str:
        """The reason in the language in use, each seat's name from ``names`` (by seat; None:
        "seat 1", "seat 2"…)."""
        return self.words.text(names)

    @property
    def reason(self) -> str:
        """The reason in the language in use, seats as "seat 1", "seat 2"…"""
        return self.words.text()


class Player(Protocol):
    """An AI seat. ``choose(view, rng)`` returns one of ``view.legal``.

    ``view``: the per-seat view of the game (``GameState.view(seat)``), which holds only what that
    seat may know and the tuple ``legal`` of its legal actions. ``rng``: the only randomness the
    player may use. It never sees the state itself, so it cannot read other hands.
    Players that can explain themselves (the hard level) also have ``advise(view, rng) -> Advice``.
    Players with a time budget (the hard level: a ``thinking`` attribute) take ``start=`` too, the
    ``time.monotonic()`` the decision was asked for, and keep to the budget counted from then.
    """

    def choose(self, view: Any, rng: random.Random) -> Action: ...


#: factory(rules, thinking) -> Player, per (game id, level)
Factory = Callable[[Any, Thinking], Player]
#: every registered AI (see :func:`makao_tui.ai.ai_for`)
PLAYERS: dict[tuple[str, str], Factory] = {}


def register_ai(variant_id: str, level: str, factory: Factory) -> None:
    """Make ``factory(rules, thinking)`` the AI of ``level`` (one of :data:`LEVELS`) for the game
    ``variant_id``. ``rules`` is the match's rule config (public to every seat); ``thinking`` the
    time budget, which only searching levels use. Raises ValueError for an unknown level."""
    if level not in LEVELS:
        raise ValueError(f"unknown AI level {level!r}")
    PLAYERS[(variant_id, level)] = factory
