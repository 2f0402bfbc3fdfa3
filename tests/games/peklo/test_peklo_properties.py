"""Properties of random legal Peklo deals and matches (makao_tui/rules/peklo.en.md), by hypothesis."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from makao_tui.engine.actions import Bid, Play
from makao_tui.engine.match import Match
from makao_tui.engine.state import IllegalAction
from makao_tui.games.peklo import DealScored, PekloState, TrickWon, deal_count, trick_winner

from .util import VARIANT, random_deal


@st.composite
def deals(draw):
    """A fresh deal: 3..7 players, any deal number 1..m, any dealer, hook on or off."""
    players = draw(st.integers(3, 7))
    number = draw(st.integers(1, deal_count(players)))
    dealer = draw(st.integers(0, players - 1))
    hook = draw(st.booleans())
    seed = draw(st.integers(0, 2**32))
    return PekloState.deal(VARIANT.rules({"hook": hook}), players, dealer, number, random.Random(seed))


@settings(max_examples=60, deadline=None)
@given(deals(), st.integers(0, 2**32))
def test_random_deals_keep_the_rules(state, seed):
    rng = random.Random(seed)
    players, size = state.players, state.size
    start_hands = [list(h) for h in state.hands]
    while not state.is_over:
        seat = state.to_act
        legal = state.legal_actions()
        assert legal
        if state.phase == "bid":
            bids = {a.tricks for a in legal}
            assert bids <= set(range(size + 1))
            made = sum(b for b in state.bids if b is not None)
            if state.rules.hook and seat == state.dealer and made <= size:
                assert bids == set(range(size + 1)) - {size - made}
            else:
                assert bids == set(range(size + 1))
        else:
            assert all(isinstance(a, Play) for a in legal)
            hand = state.hands[seat]
            if state.trick:
                led = state.trick[0].suit
                if any(c.suit == led for c in hand):  # follow suit when able
                    assert {a.card for a in legal} == {c for c in hand if c.suit == led}
                else:
                    assert {a.card for a in legal} == set(hand)
            else:
                assert {a.card for a in legal} == set(hand)
        state.apply(rng.choice(legal))
    history = state.history
    assert len(history) == size  # the tricks of a deal add up to its size
    assert sum(state.tricks) == size
    leader = (state.dealer + 1) % players
    for trick in history:
        assert len(trick.cards) == players  # one card per player
        assert trick.leader == leader
        assert trick.winner == (leader + trick_winner(trick.cards, state.trump_suit)) % players
        for seat, card in zip(trick.seats, trick.cards, strict=False):
            assert card in start_hands[seat]
        leader = trick.winner
    played = [c for t in history for c in t.cards]
    assert sorted(played) == sorted(c for h in start_hands for c in h)
    assert state.points() == [b + 10 if b == t else 0 for b, t in zip(state.bids, state.tricks, strict=False)]


@settings(max_examples=40, deadline=None)
@given(deals(), st.integers(0, 2**32))
def test_events_tell_the_deal(state, seed):
    events = random_deal(state, random.Random(seed))
    won = [e for e in events if isinstance(e, TrickWon)]
    assert [(e.seat, e.cards) for e in won] == [(t.winner, t.cards) for t in state.history]
    assert isinstance(events[-1], DealScored) and list(events[-1].points) == state.points()
    names = [f"P{i}" for i in range(state.players)]
    assert all(e.text(names) and e.text(names, ascii=True) for e in events)


@settings(max_examples=10, deadline=None)
@given(st.integers(3, 7), st.integers(0, 2**32), st.booleans())
def test_whole_matches_end_after_deal_m(players, seed, hook):
    rng = random.Random(seed)
    match = Match(VARIANT, VARIANT.rules({"hook": hook}), [str(i) for i in range(players)], seed)
    while True:
        while not match.state.is_over:
            match.apply(rng.choice(match.state.legal_actions()))
        if match.is_over:
            break
        match.next_deal()
    m = deal_count(players)
    assert len(match.deals) == m
    assert [d.state.size for d in match.deals] == list(range(1, m + 1))
    assert match.totals == [sum(d.points[s] for d in match.deals) for s in range(players)]
    assert all(t >= 0 for t in match.totals)
    assert match.winners() == [s for s, t in enumerate(match.totals) if t == max(match.totals)]


@settings(max_examples=40, deadline=None)
@given(deals(), st.data())
def test_an_illegal_action_changes_nothing(state, data):
    rng = random.Random(data.draw(st.integers(0, 2**32)))
    steps = data.draw(st.integers(0, state.players * (state.size + 1) - 1))
    for _ in range(steps):
        state.apply(rng.choice(state.legal_actions()))
    before = state.snapshot()
    wrong = [Bid(state.size + 1)] + [Play(c) for h in state.hands for c in h
                                     if Play(c) not in state.legal_actions()]
    for action in wrong:
        with pytest.raises(IllegalAction):
            state.apply(action)
        assert state.snapshot() == before
