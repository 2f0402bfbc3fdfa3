"""The fast path (``moves()`` / ``step()``) is the engine itself (issue 7, item 3).

From the same deal and the same random choices, a playout driven by ``moves()`` / ``step()`` and
one driven by ``legal_actions()`` / ``apply()`` offer the same legal actions in the same order and
reach the same state after every action (every attribute, the random generator included).
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from makao_tui.games import get_variant
from makao_tui.games.peklo import PekloState, deal_count
from makao_tui.games.peklo import move_action as peklo_action
from makao_tui.games.shedding import move_action as shed_action

MAX_ACTIONS = 4000


def attributes(state) -> dict:
    """Every attribute of ``state`` by name: those in its ``__dict__``, and, of a compiled core
    (mypyc keeps a native class's attributes in slots, listed in ``__mypyc_attrs__``), those."""
    out = dict(getattr(state, "__dict__", {}))
    for name in getattr(type(state), "__mypyc_attrs__", ()):
        if name != "__dict__" and hasattr(state, name):
            out[name] = getattr(state, name)
    return out


def same_state(fast, slow) -> None:
    """Every attribute equal (the generators by their state), and the same snapshot."""
    a, b = attributes(fast), attributes(slow)
    assert len(a) > 4  # the attributes were found, compiled or not
    if "rng" in a:
        assert a.pop("rng").getstate() == b.pop("rng").getstate()
    assert a == b
    assert fast.snapshot() == slow.snapshot()


def race(fast, slow, to_action, rng: random.Random) -> int:
    """Play both states to the end with the same choices; return the number of actions."""
    same_state(fast, slow)
    n = 0
    while not slow.is_over and n < MAX_ACTIONS:
        moves = fast.moves()
        legal = slow.legal_actions()
        assert [to_action(m) for m in moves] == legal
        i = rng.randrange(len(legal))
        fast.step(moves[i])
        slow.apply(legal[i])
        same_state(fast, slow)
        n += 1
    assert fast.is_over == slow.is_over
    assert fast.moves() == [] or not fast.is_over
    return n


shed_options = {
    "makao-ru": st.fixed_dictionaries({"auto_makao": st.booleans(),
                                       "play_after_draw": st.sampled_from(["drawn", "any"]),
                                       "ace_points": st.sampled_from(["all", "hearts"]), "jokers": st.booleans()}),
    "makao-pl": st.fixed_dictionaries({
        "auto_makao": st.booleans(), "draw_until_playable": st.booleans(),
        "ransom_stacking": st.sampled_from(["double", "add"]), "king_ransom": st.sampled_from(["any_king", "none"]),
        "starter_penalty": st.sampled_from(["draw_until", "take"]), "queens": st.booleans(),
        "fours_stack": st.booleans(), "battle_kings": st.booleans(), "multi_play": st.booleans(),
        "demand_round": st.booleans(), "makao_out": st.booleans(), "jokers": st.booleans()}),
}


@pytest.mark.long
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(["makao-ru", "makao-pl"]), st.data(), st.integers(0, 2**32 - 1), st.integers(2, 4))
def test_shedding_fast_path_agrees_with_apply(vid, data, seed, players):
    variant = get_variant(vid)
    rules = variant.rules(data.draw(shed_options[vid]))
    state = variant.deal(rules, players, seed % players, random.Random(seed), None)
    race(state.clone(), state, shed_action, random.Random(seed))


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(3, 7), st.booleans(), st.data())
def test_peklo_fast_path_agrees_with_apply(seed, players, hook, data):
    number = data.draw(st.integers(1, deal_count(players)))
    rules = get_variant("peklo").rules({"hook": hook})
    state = PekloState.deal(rules, players, seed % players, number, random.Random(seed))
    assert race(state.clone(), state, peklo_action, random.Random(seed)) == players * (number + 1)


def test_macao_uses_the_default_fast_path():
    variant = get_variant("macao")
    state = variant.deal(variant.rules(), 3, 0, random.Random(1), None)
    race(state.clone(), state, lambda action: action, random.Random(1))
