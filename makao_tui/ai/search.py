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

import gc
import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from ..engine.actions import Action
from .base import Thinking

#: sample(view, rng) -> a GameState agreeing with the view, the seat's own decision pending
Sampler = Callable[[Any, random.Random], Any]
#: the kind of action searched (a Play, a Bid, or any Action)
A = TypeVar("A", bound=Action)
#: playout(state, action, rng) -> the searching seat's value after applying action and playing on
Playout = Callable[[Any, A, random.Random], float]


@dataclass
class SearchResult(Generic[A]):
    """What :func:`search` found: ``action`` (the best mean), ``means`` and ``counts`` per legal
    action (same order as ``actions``), ``worlds`` finished and ``seconds`` spent; ``values[i]``:
    the playout values of ``actions[i]``, world by world (the same worlds for every action)."""

    action: A
    actions: Sequence[A]
    means: list[float]
    counts: list[int]
    worlds: int
    seconds: float
    values: list[list[float]]


#: per clock, the longest step of the last search timed by it: the next search starts from half
#: of it (a process the machine kept waiting a moment ago is likely kept waiting again; a single
#: wait fades within a few decisions)
_LAST_GAP: dict[Callable[[], float], float] = {}


def search(view: Any, actions: Sequence[A], sample: Sampler, playout: Playout[A], thinking: Thinking,
           rng: random.Random, clock: Callable[[], float] = time.monotonic,
           start: float | None = None) -> SearchResult[A]:
    """Score ``actions`` (non-empty; usually ``view.legal`` or a pruned subset of it) by playouts
    in sampled worlds and return the best.

    Each world costs ``len(actions)`` playouts; the search starts no world that would pass
    ``thinking.playouts``. The clock (``clock()``, seconds; wall clock by default) is read before
    every playout, inside a world too, and after a world's last one: once ``thinking.seconds``
    have passed since ``start`` (the decision's start; default: now), or when the next playout
    would at the pace seen so far end past that deadline (the longest time between two reads of
    the clock in this search, the scheduler's waits included), the search stops and the world
    under way, or just finished late, is dropped (its actions would otherwise be compared on
    different worlds); a playout may give up at the deadline (its value is never used). So a
    decision ends by the deadline unless one step takes longer than every step before it (half the
    longest step of the previous search with the same clock counts as seen: on a loaded machine
    the waits come again). With no world finished in time the result is ``actions[0]`` (callers
    put their fallback first). Ties go to the earlier action.

    The objects that exist when the search starts are frozen (``gc.freeze``) until it ends: a
    collection of the garbage collector during the search then scans only what the search made.
    A full collection of the whole heap (20–30 ms in a running match) would otherwise now and then
    land inside a decision and break a short budget (bench/RESULTS.md, issue 15).
    Raises ValueError for no actions.
    """
    if not actions:
        raise ValueError("nothing to search: no legal action")
    gc.freeze()
    try:
        return _search(view, actions, sample, playout, thinking, rng, clock, start)
    finally:
        gc.unfreeze()


def _search(view: Any, actions: Sequence[A], sample: Sampler, playout: Playout[A], thinking: Thinking,
            rng: random.Random, clock: Callable[[], float], start: float | None) -> SearchResult[A]:
    """The body of :func:`search`, with the heap frozen."""
    n = len(actions)
    per_world: list[list[float]] = [[] for _ in range(n)]
    if start is None:
        start = clock()
    deadline = None if thinking.seconds is None else start + thinking.seconds
    cap = thinking.playouts
    worlds = 0
    # the longest time between two reads of the clock so far (a playout, or a world's sampling
    # and its first playout, with whatever the scheduler took meanwhile): nothing is started that
    # would, at that pace, end past the deadline
    last = clock()
    gap = _LAST_GAP.get(clock, 0.0) / 2
    end = deadline if deadline is not None else math.inf

    def out_of_time() -> bool:
        """Read the clock: whether the deadline has passed or the next step, at the longest
        pace seen, would end past it."""
        nonlocal gap, last
        now = clock()
        gap = max(gap, now - last)
        last = now
        return now >= end or now + gap > end

    if n > 1:
        values = [0.0] * n
        while cap is None or (worlds + 1) * n <= max(cap, n):
            if deadline is not None and out_of_time():
                break
            world = sample(view, rng)
            seed = rng.getrandbits(32)
            for i, action in enumerate(actions):
                if deadline is not None and out_of_time():
                    break
                # the same playout generator for every action of one world: common random numbers
                values[i] = playout(world.clone(), action, random.Random(seed))
            else:
                if deadline is not None and clock() > deadline:
                    break  # finished late: a playout may have given up at the deadline
                for i in range(n):
                    per_world[i].append(values[i])
                worlds += 1
                continue
            break
    if deadline is not None:
        _LAST_GAP[clock] = gap
    means = [sum(v) / worlds if worlds else 0.0 for v in per_world]
    best = max(range(n), key=lambda i: (means[i], -i))
    return SearchResult(actions[best], list(actions), means, [worlds] * n, worlds, clock() - start, per_world)
