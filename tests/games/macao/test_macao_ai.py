"""The Macao AI: legal moves only, decisions from the seat's view only, and the policy it states."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from makao_tui.ai import ai_for
from makao_tui.ai.macao import choice_values, next_card_odds
from makao_tui.engine.actions import Draw, Replace, Stand
from makao_tui.engine.cards import deck
from makao_tui.engine.match import Match
from makao_tui.games import get_variant
from makao_tui.games.macao_rules import MacaoRules
from makao_tui.games.macao_state import MacaoState

from .util import lay, play, table

VARIANT = get_variant("macao")


@settings(max_examples=25, deadline=None)
@given(players=st.integers(2, 8), seed=st.integers(0, 2**32))
def test_ai_plays_legal_moves_through_a_whole_match(players, seed):
    ai = ai_for("macao")
    rng = random.Random(seed)
    match = Match(VARIANT, VARIANT.rules({"bankroll": 15, "stake": 3}), [f"P{i}" for i in range(players)], seed)
    for _ in range(2000):
        state = match.state
        while not state.is_over:
            view = state.view(state.to_act)
            action = ai.choose(view, rng)
            assert action in view.legal
            match.apply(action)
        if match.is_over:
            return
        match.next_deal()
    raise AssertionError("the match did not end")


def random_hand(seed: int, players: int, moves: int) -> MacaoState:
    """A hand from a shuffled shoe, a few random legal actions into it (not over)."""
    rng = random.Random(seed)
    shoe = deck(2)
    rng.shuffle(shoe)
    spent = [shoe.pop() for _ in range(rng.randrange(0, 30))]
    hands = [[shoe.pop()] for _ in range(players)]
    state = MacaoState(MacaoRules(), players, rng.randrange(players), hands, shoe, spent,
                       [100] * players, random.Random(seed))
    for _ in range(moves):
        if state.to_act is None:
            break
        state.apply(rng.choice(state.legal_actions()))
    return state


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(2, 8), moves=st.integers(0, 12))
def test_ai_decides_alike_when_only_hidden_cards_differ(seed, players, moves):
    state = random_hand(seed, players, moves)
    seat = state.to_act
    if seat is None:
        return
    other = state.clone()
    # shuffle every card the seat cannot see: the others' cards in hand and the shoe
    hidden_seats = [s for s in range(players) if s != seat and other.hands[s]]
    pool = [c for s in hidden_seats for c in other.hands[s]] + other.shoe
    random.Random(seed + 1).shuffle(pool)
    for s in hidden_seats:
        size = len(other.hands[s])
        other.hands[s], pool = pool[:size], pool[size:]
    other.shoe = pool
    assert state.view(seat) == other.view(seat)
    ai = ai_for("macao")
    assert ai.choose(state.view(seat), random.Random(0)) == ai.choose(other.view(seat), random.Random(0))


@pytest.mark.parametrize("card, choice", [
    ("KS", Replace()), ("AS", Draw()), ("4S", Draw()), ("7S", Draw()), ("8S", Stand()), ("9S", Stand()),
])
def test_punter_replaces_zeros_draws_to_seven_and_stands_on_a_natural_eight(card, choice):
    state = lay(["5D", card], "2C 3C")
    assert ai_for("macao").choose(state.view(1), random.Random(0)) == choice


@pytest.mark.parametrize("card, choice", [("QS", Replace()), ("5S", Draw()), ("8S", Draw()), ("9S", Stand())])
def test_banker_draws_unless_nothing_can_help(card, choice):
    state = lay([card, "5D", "9D"], "2C 3C 4C")
    play(state, "d s")
    assert ai_for("macao").choose(state.view(0), random.Random(0)) == choice


def test_the_ai_knows_the_spent_cards_that_refill_an_empty_shoe():
    ai = ai_for("macao")
    useless = table(["5C", "7D"], "", spent="KS QS", bankrolls=[10, 10])
    play(useless, "s")
    assert next_card_odds(useless.view(0))[0] == 1.0
    assert ai.choose(useless.view(0), random.Random(0)) == Stand()
    useful = table(["5C", "7D"], "", spent="4S 4H", bankrolls=[10, 10])
    play(useful, "s")
    assert ai.choose(useful.view(0), random.Random(0)) == Draw()


def test_values_are_given_for_the_legal_choices_only():
    state = lay(["5D", "KS"], "")
    assert set(choice_values(state.view(1))) == {Stand}
    with pytest.raises(ValueError):
        choice_values(state.view(0))
