"""AI players: a seat's view in, an action out. One module per game; :func:`ai_for` picks one.

Every game has three levels (issue 7): ``easy`` (legal but loose), ``normal`` (the heuristics) and
``hard`` (a search over the hidden cards, guided by the normal policy; in Macao the exact
expected-chips policy). A level is registered per game with :func:`register_ai` (in
:mod:`~makao_tui.ai.base`, with what every AI module shares: the package imports the game AI
modules, never the other way round). The Peklo
AIs' playouts (:mod:`~makao_tui.ai.peklo_playout`) may run compiled, as the rules cores do
(:mod:`makao_tui.games.compiled`).
"""

from __future__ import annotations

import random
from importlib import import_module
from typing import Any

from ..engine.actions import Action
from ..games.compiled import install
from .base import DEFAULT_LEVEL, LEVELS, PLAYERS, Advice, Factory, Player, Thinking, register_ai

install()  # before anything imports the compiled playouts (peklo_playout): an old build never runs

__all__ = ["DEFAULT_LEVEL", "LEVELS", "Advice", "Player", "Thinking", "advise", "ai_for", "decide", "decision_rng",
           "levels_for", "register_ai"]


#: the AI modules of each family of games (:attr:`~makao_tui.engine.variant.GameInfo.family`):
#: importing them registers the AI of every game of the family
FAMILY_AI = {"shedding": ("shedding",), "banking": ("macao",), "tricks": ("peklo", "peklo_hard")}


def _registry(variant_id: str | None = None) -> dict[tuple[str, str], Factory]:
    """The registered AIs, the games' AI modules imported on first use (each registers the AI of
    its game(s) on import): the app's first screen needs none of them, and a table server or a
    worker process only the ones of the game it plays. ``variant_id``: the game whose AI is asked
    for (its family's modules are imported); None, or a game of no known family: every module."""
    modules = None
    if variant_id is not None:
        from ..engine.variant import RulesError
        from ..games import game_info

        try:
            modules = FAMILY_AI.get(game_info(variant_id).family)
        except RulesError:
            modules = None
    for module in modules if modules is not None else [m for group in FAMILY_AI.values() for m in group]:
        import_module(f".{module}", __name__)  # imported once; later, a dictionary lookup
    return PLAYERS


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

