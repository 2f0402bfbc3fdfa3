"""The Peklo AI (makao_tui/ai/peklo.py): legal moves only, decisions from the seat's view only,
and the bidding and play policy of its docstring."""

from __future__ import annotations

import random

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from makao_tui.ai import ai_for
from makao_tui.ai.peklo import PekloAI, estimate_tricks, known_voids, unseen_cards
from makao_tui.engine.actions import Bid, Play
from makao_tui.engine.cards import Card
from makao_tui.engine.match import Match
from makao_tui.games.peklo import PekloState, deal_count

from .util import VARIANT, bid_all, cards, deal_of, play


def test_registered_for_peklo():
    assert isinstance(ai_for("peklo"), PekloAI)


def test_ai_plays_whole_matches_with_legal_moves_only():
    for players, seed in ((3, 1), (7, 2)):
        match = Match(VARIANT, VARIANT.rules({"hook": True}), [str(i) for i in range(players)], seed)
        ai, rng = PekloAI(), random.Random(seed)
        while True:
            while not match.state.is_over:
                view = match.state.view(match.state.to_act)
                action = ai.choose(view, rng)
                assert action in view.legal
                match.apply(action)
            if match.is_over:
                break
            match.next_deal()
        assert len(match.deals) == deal_count(players)


@st.composite
def mid_deal(draw):
    """A deal played some random legal steps in, and a seat to act."""
    players = draw(st.integers(3, 7))
    number = draw(st.integers(1, deal_count(players)))
    state = PekloState.deal(VARIANT.rules({"hook": draw(st.booleans())}), players,
                            draw(st.integers(0, players - 1)), number, random.Random(draw(st.integers(0, 2**32))))
    rng = random.Random(draw(st.integers(0, 2**32)))
    for _ in range(draw(st.integers(0, players * (number + 1) - 1))):
        state.apply(rng.choice(state.legal_actions()))
    return state, draw(st.integers(0, 2**32))


def _shuffle_hidden(state: PekloState, seed: int) -> PekloState:
    """The same state with the cards the seat to act cannot see dealt anew among the other hands
    and the undealt cards (every hand keeps its size)."""
    other = state.clone()
    me = state.to_act
    seen = set(state.hands[me]) | {c for t in state.history for c in t.cards} | set(state.trick)
    if state.trump is not None:
        seen.add(state.trump)
    hidden = sorted(set(Card(i) for i in range(52)) - seen)
    random.Random(seed).shuffle(hidden)
    for seat in range(state.players):
        if seat != me:
            n = len(other.hands[seat])
            other.hands[seat], hidden = hidden[:n], hidden[n:]
    return other


@settings(max_examples=60, deadline=None)
@given(mid_deal())
def test_ai_decides_the_same_whatever_the_hidden_cards(case):
    state, seed = case
    other = _shuffle_hidden(state, seed)
    me = state.to_act
    assume(other.hands != state.hands)
    first = PekloAI().choose(state.view(me), random.Random(seed))
    second = PekloAI().choose(other.view(me), random.Random(seed))
    assert first == second
    assert first in state.view(me).legal


def test_unseen_cards_and_known_voids_come_from_the_view():
    state = deal_of([["AH", "2C"], ["KH", "3C"], ["QD", "4C"]], "5S")
    bid_all(state, {1: 0, 2: 0, 0: 0})
    play(state, "KH", "QD")  # seat 2 shows it has no heart
    view = state.view(0)
    assert set(unseen_cards(view)) == set(Card(i) for i in range(52)) - set(cards("AH", "2C", "5S", "KH", "QD"))
    assert known_voids(view) == [set(), set(), {"H"}]


def test_a_hand_of_top_trumps_bids_high_and_a_hand_of_low_cards_bids_low():
    strong = deal_of([["AS", "KS", "QS", "JS"], ["2H", "3H", "4D", "5D"],
                      ["2C", "3C", "4C", "6D"]], "TS", dealer=2)
    rng = random.Random(1)
    assert estimate_tricks(strong.view(0), rng) > 3.5
    assert estimate_tricks(strong.view(1), rng) < 0.5
    assert PekloAI().choose(strong.view(0), rng) == Bid(4)


def test_the_hook_moves_the_bid_to_the_nearest_legal_one():
    state = deal_of([["2H", "3D"], ["AS", "KS"], ["2C", "3C"]], "TS", dealer=0, hook=True)
    state.apply(Bid(2))
    state.apply(Bid(0))
    view = state.view(0)
    assert view.forbidden_bid == 0
    assert PekloAI().choose(view, random.Random(3)) == Bid(1)


def test_short_of_the_bid_it_takes_the_trick_cheaply():
    # seat 0 bid 1 and is last to play on a led 9H: the cheapest winner is the 10
    state = deal_of([["TH", "AH", "2C"], ["9H", "3C", "4C"], ["5H", "5C", "6C"]], "2D", dealer=0)
    bid_all(state, {1: 0, 2: 0, 0: 1})
    play(state, "9H", "5H")
    assert PekloAI().choose(state.view(0), random.Random(0)) == Play(Card.parse("TH"))


def test_with_its_bid_made_it_ducks_and_sheds_its_highest_loser():
    state = deal_of([["TH", "AH", "KS", "2C"], ["JH", "3C", "4C", "5S"], ["5H", "5C", "6C", "7S"]],
                    "2D", dealer=0)
    bid_all(state, {1: 0, 2: 0, 0: 0})
    play(state, "JH", "5H")
    # bid 0, none taken: duck under the jack with the 10
    assert PekloAI().choose(state.view(0), random.Random(0)) == Play(Card.parse("TH"))
    state = deal_of([["AH", "KS", "2S"], ["3C", "4C", "5S"], ["5C", "6C", "7S"]], "2D", dealer=0)
    bid_all(state, {1: 0, 2: 0, 0: 0})
    play(state, "3C", "5C")
    # void in clubs: throw the most dangerous card, the ace
    assert PekloAI().choose(state.view(0), random.Random(0)) == Play(Card.parse("AH"))
