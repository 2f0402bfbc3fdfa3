"""Inference from draws (issue 15): a seat that draws with nothing that fits makes public that its
older cards fit none of what it was offered (``ShedView.unfit``), and the hard AI's world sampler
deals worlds that agree."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from makao_tui.engine import Draw
from makao_tui.games import get_variant
from makao_tui.games.makao_pl import HOUSE
from makao_tui.games.shedding import sample_state

OPTIONS = [{}, {"draw_until_playable": False}, {"jokers": True, "multi_play": True}, HOUSE]


def random_deal(seed: int, players: int, options: dict, steps: int):
    """A makao-pl deal played ``steps`` random legal actions in (or to its end); yields each state."""
    variant = get_variant("makao-pl")
    rng = random.Random(seed)
    state = variant.deal(variant.rules(options), players, rng.randrange(players), random.Random(seed), None)
    for _ in range(steps):
        if state.is_over:
            return
        yield state
        state.apply(rng.choice(state.legal_actions()))


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), players=st.integers(2, 4), options=st.sampled_from(OPTIONS))
def test_the_record_is_true_of_the_hidden_hands(seed, players, options):
    for state in random_deal(seed, players, options, 400):
        for seat, record in enumerate(state.view(0).unfit):
            if record is not None:
                mask, old = record
                assert old >= 1
                assert sum(1 for c in state.hands[seat] if not mask >> c & 1) >= old


def test_a_draw_with_nothing_that_fits_is_recorded_and_the_sampler_agrees():
    found = 0
    for seed in range(40):
        for state in random_deal(seed, 2, {}, 300):
            me = state.to_act
            other = 1 - me
            record = state.view(me).unfit[other]
            if record is None or state.view(me).drawn is not None:
                continue
            mask, old = record
            view = state.view(me)
            for i in range(5):
                world = sample_state(view, state.rules, random.Random(i))
                assert sum(1 for c in world.hands[other] if not mask >> c & 1) >= old
                assert len(world.hands[other]) == len(state.hands[other])
            found += 1
            break
    assert found >= 10


def test_nothing_is_recorded_where_drawing_is_free():
    variant = get_variant("makao-ru")
    state = variant.deal(variant.rules({}), 2, 0, random.Random(3), None)
    seat = state.to_act
    state.apply(Draw())
    assert state.view(1 - seat).unfit == (None, None)
