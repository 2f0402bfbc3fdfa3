"""Invariants of the shedding engine over many random legal deals (hypothesis).

For makao-ru (104 cards) and makao-pl (52 cards): no card is ever created or lost, the seat to act
always has a legal action, a legal action is never refused and an illegal one changes nothing,
every deal ends, the points are the card values of what is left in hand, and the hands' masks the
engine keeps beside them agree with them.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from makao_tui.engine import ALL_CARDS, IllegalAction, Play
from makao_tui.games import get_variant
from makao_tui.games.makao_pl import PlRules
from makao_tui.games.makao_ru import RuRules
from makao_tui.games.shedding import shuffle

MAX_ACTIONS = 50_000
VALUES = {"makao-ru": RuRules().card_value, "makao-pl": PlRules().card_value}


def every_card(state) -> Counter:
    return Counter([c for h in state.hands for c in h] + state.stock + state.pile)


def play_out(variant_id: str, seed: int, players: int, bias: float, options: dict) -> None:
    variant = get_variant(variant_id)
    rng = random.Random(seed)
    state = variant.deal(variant.rules(options), players, rng.randrange(players), random.Random(seed), None)
    full = Counter(list(ALL_CARDS) * variant.decks)
    steps = 0
    while not state.is_over:
        legal = state.legal_actions()
        assert legal, "the seat to act has no legal action"
        if steps % 8 == 0:
            assert every_card(state) == full
            # the engine's masks of the hands (what moves() reads) hold the cards the hands hold
            assert state._hm == [sum(1 << c for c in set(h)) for h in state.hands]
            # an illegal action is refused and changes nothing
            outside = next(Play(c) for c in ALL_CARDS if c not in state.hands[state.to_act])
            before = state.snapshot()
            try:
                state.apply(outside)
            except IllegalAction:
                pass
            else:
                raise AssertionError("a card not in hand was played")
            assert state.snapshot() == before
        plays = [a for a in legal if isinstance(a, Play)]
        if any(a.makao for a in plays):
            # forgetting the call is tested on its own; a player who forgets it half the time
            # may never go out, and nothing in the rules ends a deal for that
            legal = [a for a in legal if not isinstance(a, Play) or a.makao]
            plays = [a for a in plays if a.makao]
        action = rng.choice(plays) if plays and rng.random() < bias else rng.choice(legal)
        state.apply(action)
        steps += 1
        assert steps < MAX_ACTIONS, "the deal did not end"
    assert every_card(state) == full
    assert state.legal_actions() == []
    points = state.points()
    value = VALUES[variant_id]
    for seat, hand in enumerate(state.hands):
        cost = sum(value(c) for c in hand)
        if variant_id == "makao-ru":
            assert points[seat] == (0 if seat in state.out else cost)
        else:
            assert points[seat] == (10 if seat == state.winner else -cost)


games = st.fixed_dictionaries({
    "seed": st.integers(0, 2**32 - 1),
    "bias": st.floats(0.5, 1.0),  # how often a play is preferred to a draw when both are legal
})


@pytest.mark.long
@settings(max_examples=1000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games, st.integers(2, 5), st.booleans())
def test_makao_ru_random_deals(game, players, auto_makao):
    play_out("makao-ru", game["seed"], players, game["bias"], {"auto_makao": auto_makao})


@pytest.mark.long
@settings(max_examples=1000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games, st.integers(2, 4), st.booleans(), st.sampled_from(["double", "add"]))
@example({"seed": 51340, "bias": 1.0}, 4, True, "double")  # a forced cycle (position repeated)
@example({"seed": 65537, "bias": 0.875}, 4, True, "double")  # forced but for the Makao call
def test_makao_pl_random_deals(game, players, draw_until, stacking):
    play_out("makao-pl", game["seed"], players, game["bias"],
             {"draw_until_playable": draw_until, "ransom_stacking": stacking})


def test_clone_is_independent_and_replays_identically():
    variant = get_variant("makao-ru")
    state = variant.deal(variant.rules(), 3, 0, random.Random(7), None)
    copy = state.clone()
    rng_a, rng_b = random.Random(1), random.Random(1)
    while not state.is_over:
        a = rng_a.choice(state.legal_actions())
        b = rng_b.choice(copy.legal_actions())
        assert a == b
        state.apply(a)
        copy.apply(b)
        assert state.snapshot() == copy.snapshot()
    fresh = variant.deal(variant.rules(), 3, 0, random.Random(7), None)
    assert fresh.snapshot() != state.snapshot()  # the clone and the original moved on together


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(0, 120))
def test_shuffle_draws_as_random_shuffle(seed, size):
    """The engine's shuffle (stock rebuilds, deals) leaves the cards and the generator exactly as
    ``random.Random.shuffle`` does, so saved matches replay the same."""
    ours, theirs = random.Random(seed), random.Random(seed)
    a, b = list(range(size)), list(range(size))
    shuffle(ours, a)
    theirs.shuffle(b)
    assert a == b and ours.getstate() == theirs.getstate()
