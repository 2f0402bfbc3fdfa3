"""The hard level's budget (Thinking) and the generic determinized search (ai/search.py)."""

from __future__ import annotations

import math
import random
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


def test_search_stops_on_time():
    result = search(SimpleNamespace(), [0, 1], lambda view, rng: World(), lambda w, a, rng: a,
                    Thinking(seconds=0.05), random.Random(0))
    assert result.seconds < 1.0 and result.worlds >= 1 and result.action == 1


def test_a_lone_action_needs_no_playout():
    result = search(SimpleNamespace(), ["only"], lambda view, rng: pytest.fail("sampled"),
                    lambda w, a, rng: pytest.fail("played out"), Thinking(), random.Random(0))
    assert result.action == "only" and result.worlds == 0
