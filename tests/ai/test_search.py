"""The hard level's budget (Thinking) and the generic determinized search (ai/search.py)."""

from __future__ import annotations

import gc
import math
import random
import weakref
from types import SimpleNamespace

import pytest

from makao_tui.ai import Thinking
from makao_tui.ai.search import search


@pytest.mark.parametrize("seconds, playouts", [(None, None), (0, None), (-1, None), (math.nan, None),
                                               (math.inf, None), (None, 0)])
def test_a_budget_must_be_finite_and_positive(seconds, playouts):
    with pytest.raises(ValueError):
        Thinking(seconds=seconds, playouts=playouts)


class World:
    """A stand-in world: its value for action ``a`` is ``a`` plus noise from the playout seed."""

    def clone(self):
        return self


def test_search_keeps_to_its_playout_cap_and_finds_the_best_mean():
    calls = []

    def playout(world, action, rng):
        calls.append(action)
        return action + rng.random()

    result = search(SimpleNamespace(), [1, 3, 2], lambda view, rng: World(), playout,
                    Thinking(seconds=None, playouts=30), random.Random(0))
    assert result.action == 3 and result.worlds == 10 and len(calls) == 30
    assert result.counts == [10, 10, 10] and result.means[1] == max(result.means)


class FakeClock:
    """A clock that moves only when a playout runs: ``tick`` seconds a playout, or the next of
    ``ticks`` when they are given. :meth:`playout` is such a playout; ``played``: its actions."""

    def __init__(self, tick: float, ticks: list[float] | None = None):
        self.now = 0.0
        self.tick = tick
        self.ticks = iter(ticks) if ticks is not None else None
        self.played: list = []

    def __call__(self) -> float:
        return self.now

    def playout(self, world, action, rng) -> float:
        """A playout worth ``action`` that takes the clock's next tick."""
        self.played.append(action)
        self.now += next(self.ticks) if self.ticks is not None else self.tick
        return float(action)


def test_the_clock_is_read_inside_a_world_and_a_world_cut_short_is_dropped():
    clock = FakeClock(0.1)
    # three actions a world, 0.1 s a playout, a 0.5 s budget: one world of 0.3 s, then the clock
    # runs out after the second playout of the next world, which is dropped
    result = search(SimpleNamespace(), [0, 2, 1], lambda view, rng: World(), clock.playout,
                    Thinking(seconds=0.5), random.Random(0), clock=clock)
    assert clock.played == [0, 2, 1, 0, 2]
    assert result.worlds == 1 and result.values == [[0.0], [2.0], [1.0]] and result.action == 2
    assert result.seconds == pytest.approx(0.5)


def test_with_no_world_finished_in_time_the_first_action_is_the_answer():
    clock = FakeClock(1.0)
    result = search(SimpleNamespace(), [0, 5], lambda view, rng: World(), clock.playout,
                    Thinking(seconds=0.5), random.Random(0), clock=clock)
    assert result.worlds == 0 and result.action == 0 and result.values == [[], []]


def test_a_lone_action_needs_no_playout():
    result = search(SimpleNamespace(), ["only"], lambda view, rng: pytest.fail("sampled"),
                    lambda w, a, rng: pytest.fail("played out"), Thinking(), random.Random(0))
    assert result.action == "only" and result.worlds == 0


def test_a_world_finished_after_the_deadline_is_dropped_and_the_budget_counts_from_the_start():
    clock = FakeClock(0.1)
    # the last playout ends at 0.3 s, past a 0.25 s budget: a playout may have given up, so the
    # world does not count
    late = search(SimpleNamespace(), [0, 2, 1], lambda view, rng: World(), clock.playout,
                  Thinking(seconds=0.25), random.Random(0), clock=clock)
    assert late.worlds == 0 and late.action == 0
    # a decision that began 0.4 s ago has 0.1 s of a 0.5 s budget left: one playout, no world
    clock.now = 1.0
    rest = search(SimpleNamespace(), [0, 2, 1], lambda view, rng: World(), clock.playout,
                  Thinking(seconds=0.5), random.Random(0), clock=clock, start=0.6)
    assert rest.worlds == 0 and clock.now == pytest.approx(1.1)


def test_no_playout_is_started_that_would_end_past_the_deadline_at_the_pace_seen():
    clock = FakeClock(0.1)
    # 0.1 s a playout and a 0.45 s budget: at 0.4 s the next playout would end at 0.5 s, so the
    # search stops there, inside the budget, rather than at 0.5 s
    result = search(SimpleNamespace(), [0, 2, 1], lambda view, rng: World(), clock.playout,
                    Thinking(seconds=0.45), random.Random(0), clock=clock)
    assert clock.played == [0, 2, 1, 0]
    assert result.worlds == 1 and result.seconds == pytest.approx(0.4)


def test_one_slow_step_makes_the_search_stop_that_much_sooner():
    clock = FakeClock(0.05, ticks=[0.05, 0.3] + [0.05] * 100)
    # the second playout waited 0.3 s (the scheduler ran others): from then on the search starts
    # no playout with less than 0.3 s left, so a 1 s budget ends by 0.75 s (the last 0.05 s playout
    # starts at 0.7 s at the latest), where without the rule it would run on to 1.0 s
    result = search(SimpleNamespace(), [0, 1], lambda view, rng: World(), clock.playout,
                    Thinking(seconds=1.0), random.Random(0), clock=clock)
    assert result.seconds == pytest.approx(0.75) and result.worlds == 5


def test_half_the_longest_step_of_the_last_search_is_kept_in_hand_by_the_next():
    clock = FakeClock(0.05, ticks=[0.4] + [0.05] * 200)
    # one wait of 0.4 s in the first search; the next (same clock) keeps 0.2 s in hand from the
    # start, so a 1 s budget ends by 0.85 s (0.8 s here, where the sums of 0.05 s round up)
    search(SimpleNamespace(), [0, 1], lambda view, rng: World(), clock.playout, Thinking(seconds=1.0),
           random.Random(0), clock=clock)
    result = search(SimpleNamespace(), [0, 1], lambda view, rng: World(), clock.playout, Thinking(seconds=1.0),
                    random.Random(0), clock=clock)
    assert 0.75 <= result.seconds <= 0.85


class Cycle:
    """An object in a reference cycle: only the garbage collector frees it."""

    def __init__(self):
        self.me = self


def test_a_collection_during_the_search_leaves_the_older_heap_alone():
    # a cycle made before the search is not freed by a full collection inside it (that
    # collection does not scan the older heap), and is freed by one after it; the heap is thawed
    # even when a playout raises
    old = weakref.ref(Cycle())
    seen = []

    def playout(world, action, rng):
        gc.collect()
        seen.append(old() is not None)
        return float(action)

    search(SimpleNamespace(), [0, 1], lambda view, rng: World(), playout, Thinking(seconds=None, playouts=2),
           random.Random(0))
    assert seen == [True, True] and gc.get_freeze_count() == 0
    gc.collect()
    assert old() is None

    def failing(world, action, rng):
        raise RuntimeError("a playout failed")

    with pytest.raises(RuntimeError):
        search(SimpleNamespace(), [0, 1], lambda view, rng: World(), failing, Thinking(seconds=None, playouts=2),
               random.Random(0))
    assert gc.get_freeze_count() == 0
