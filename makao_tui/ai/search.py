"""Determinized search over hidden cards: the hard level's engine (issue 7).

The seat sees only its view. :func:`search` repeatedly *samples a world*: a full game state that
agrees with everything in the view (the game's ``sample(view, rules, rng)``, which deals the
cards the seat cannot see at random among the places they may be), then scores every legal
action in that same world by a playout to the end of the deal (or to a horizon) guided by the
normal policy. The action with the best average over all worlds wins. Because the seat's own view
is the only input, two states that differ only in cards hidden from the seat give the same
decision for the same generator.

Common worlds for all actions (each world scores every action) keep the comparison fair with few
samples. The budget is :class:`~makao_tui.ai.Thinking`: wall-clock seconds, a playout cap, or both.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ..engine.actions import Action
from . import Thinking

#: sample(view, rng) -> a GameState agreeing with the view, the seat's own decision pending
Sampler = Callable[[Any, random.Random], Any]
#: playout(state, action, rng) -> the searching seat's value after applying action and playing on
Playout = Callable[[Any, Action, random.Random], float]


@dataclass
class SearchResult:
    """What :func:`search` found: ``action`` (the best mean), ``means`` and ``counts`` per legal
    action (same order as ``actions``), ``worlds`` sampled and ``seconds`` spent."""

    action: Action
    actions: Sequence[Action]
    means: list[float]
    counts: list[int]
    worlds: int
    seconds: float


def search(view: Any, actions: Sequence[Action], sample: Sampler, playout: Playout,
           thinking: Thinking, rng: random.Random, min_worlds: int = 1) -> SearchResult:
    """Score ``actions`` (non-empty; usually ``view.legal`` or a pruned subset of it) by playouts
    in sampled worlds and return the best.

    Each world costs ``len(actions)`` playouts; the search stops when the next world would pass
    ``thinking.playouts`` or the clock passes ``thinking.seconds`` (at least ``min_worlds`` worlds
    are always played). Ties go to the earlier action. Raises ValueError for no actions.
    """
    if not actions:
        raise ValueError("nothing to search: no legal action")
    n = len(actions)
    totals = [0.0] * n
    counts = [0] * n
    start = time.perf_counter()
    deadline = None if thinking.seconds is None else start + thinking.seconds
    cap = thinking.playouts
    worlds = 0
    if n > 1:
        while True:
            if worlds >= min_worlds:
                if cap is not None and (worlds + 1) * n > max(cap, n):
                    break
                if deadline is not None and time.perf_counter() >= deadline:
                    break
            world = sample(view, rng)
            seed = rng.getrandbits(32)
            for i, action in enumerate(actions):
                # the same playout generator for every action of one world: common random numbers
                totals[i] += playout(world.clone(), action, random.Random(seed))
                counts[i] += 1
            worlds += 1
    means = [t / c if c else 0.0 for t, c in zip(totals, counts, strict=False)]
    best = max(range(n), key=lambda i: (means[i], -i))
    return SearchResult(actions[best], list(actions), means, counts, worlds, time.perf_counter() - start)
