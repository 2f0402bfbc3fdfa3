"""AI players: a seat's view in, an action out. One module per game; :func:`ai_for` picks one.

Every game has three levels (issue 7): ``easy`` (legal but loose), ``normal`` (the heuristics) and
``hard`` (a search over the hidden cards, guided by the normal policy; in Macao the exact
expected-chips policy). A level is registered per game with :func:`register_ai`. The Peklo
AIs' playouts (:mod:`~makao_tui.ai.peklo_playout`) may run compiled, as the rules cores do
(:mod:`makao_tui.games.compiled`).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from importlib import import_module
from typing import Any, Protocol

from ..engine.actions import Action
from ..engine.variant import AI_LEVELS
from ..engine.words import Words
from ..games.compiled import install

install()  # before anything imports the compiled playouts (peklo_playout): an old build never runs

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
_PLAYERS: dict[tuple[str, str], Factory] = {}


def register_ai(variant_id: str, level: str, factory: Factory) -> None:
    """Make ``factory(rules, thinking)`` the AI of ``level`` (one of :data:`LEVELS`) for the game
    ``variant_id``. ``rules`` is the match's rule config (public to every seat); ``thinking`` the
    time budget, which only searching levels use. Raises ValueError for an unknown level."""
    if level not in LEVELS:
        raise ValueError(f"unknown AI level {level!r}")
    _PLAYERS[(variant_id, level)] = factory


#: the AI module of each family of games (:attr:`~makao_tui.engine.variant.GameInfo.family`):
#: importing it registers the AI of every game of the family
FAMILY_AI = {"shedding": "shedding", "banking": "macao", "tricks": "peklo"}


def _registry(variant_id: str | None = None) -> dict[tuple[str, str], Factory]:
    """The registered AIs, the games' AI modules imported on first use (each registers the AI of
    its game(s) on import): the app's first screen needs none of them, and a table server or a
    worker process only the one of the game it plays. ``variant_id``: the game whose AI is asked
    for (its family's module is imported); None, or a game of no known family: every module."""
    family = None
    if variant_id is not None:
        from ..engine.variant import RulesError
        from ..games import game_info

        try:
            family = FAMILY_AI.get(game_info(variant_id).family)
        except RulesError:
            family = None
    for module in (family,) if family is not None else tuple(FAMILY_AI.values()):
        import_module(f".{module}", __name__)  # imported once; later, a dictionary lookup
    return _PLAYERS


def levels_for(variant_id: str) -> list[str]:
    """The levels registered for the game ``variant_id``, weakest first."""
    return [lv for lv in LEVELS if (variant_id, lv) in _registry(variant_id)]


def ai_for(variant_id: str, level: str = DEFAULT_LEVEL, rules: Any = None,
           thinking: Thinking | None = None) -> Player:
    """A new AI player of ``level`` for the game ``variant_id``.

    ``rules``: the match's rule config (None: the game's defaults); ``thinking``: the budget of a
    searching level (None: :class:`Thinking` defaults, 1 s a decision). Raises KeyError naming the
    levels when the game has no AI of that level.
    """
    factory = _registry(variant_id).get((variant_id, level))
    if factory is None:
        known = ", ".join(levels_for(variant_id)) or "none"
        raise KeyError(f"{variant_id} has no AI level {level!r} (levels: {known})")
    if rules is None:
        from ..games import get_variant
        rules = get_variant(variant_id).rules({})
    return factory(rules, thinking or Thinking())


def decision_rng(seed: int, seat: int, index: int) -> random.Random:
    """The generator an AI seat uses for one decision: derived from the match ``seed``, the
    ``seat`` and ``index``, the number of actions the match holds before the decision (its
    ``Match.action_count``). Nothing else feeds it, so a match rebuilt from its saved actions (a
    resumed match, an undo) gets the same AI choices as one played without a break, and a hint or a
    decision thrown away never shifts the ones after it. Pure: a new generator on every call.
    """
    return random.Random(f"{seed}/ai/{seat}/{index}")


def decide(player: Player, view: Any, rng: random.Random, start: float | None = None) -> tuple[Action, tuple]:
    """``player.choose(view, rng)`` and the generator's state after it, for a worker process
    (whose copy of ``rng`` the caller updates with ``rng.setstate``). ``start``: when the
    decision was asked for (``time.monotonic()``, the same clock in every process of the
    machine): a player with a budget (a ``thinking`` attribute, the hard level) counts it from
    then, so the time a call takes to reach the worker (and the worker to start) is part of it."""
    if start is not None and hasattr(player, "thinking"):
        action = player.choose(view, rng, start=start)  # type: ignore[call-arg]
    else:
        action = player.choose(view, rng)
    return action, rng.getstate()


def advise(player: Any, view: Any, rng: random.Random, start: float | None = None) -> Advice:
    """``player.advise(view, rng)``, for a worker process (a module-level function pickles);
    ``start`` as for :func:`decide`."""
    if start is not None and hasattr(player, "thinking"):
        return player.advise(view, rng, start=start)
    return player.advise(view, rng)

