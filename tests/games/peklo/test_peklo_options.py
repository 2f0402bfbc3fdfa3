"""Peklo's makao_tui/rules/peklo.en.md#options options: ``cycle`` (deals up, or up and down again), ``scoring`` (exact
bids only, or every trick), and the ``house`` preset (up_down, tricks, hook); the AIs under them."""

from __future__ import annotations

import random

import pytest

from makao_tui.ai import ai_for
from makao_tui.ai.peklo import EasyPekloAI, PekloAI
from makao_tui.ai.peklo_hard import play_out
from makao_tui.engine.actions import Play
from makao_tui.engine.match import Match
from makao_tui.games.peklo import PekloRules, PekloState, bid_points, deal_count, deal_points, deal_size, match_deals

from .util import VARIANT, bid_all, cards, play

UP_DOWN = PekloRules(cycle="up_down")
TRICKS = PekloRules(scoring="tricks")


def test_the_house_preset():
    assert VARIANT.rules(preset="house") == PekloRules(hook=True, cycle="up_down", scoring="tricks")
    assert VARIANT.rules(preset="seed") == PekloRules()


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
def test_up_down_deals_one_to_m_and_back_only_the_m_card_deal_without_trump(players):
    m = deal_count(players)
    assert match_deals(PekloRules(), players) == m and match_deals(UP_DOWN, players) == 2 * m - 1
    sizes = [deal_size(UP_DOWN, players, n) for n in range(1, 2 * m)]
    assert sizes == [*range(1, m + 1), *range(m - 1, 0, -1)]
    for number, size in enumerate(sizes, 1):
        state = PekloState.deal(UP_DOWN, players, 0, number, random.Random(number))
        assert state.size == size and all(len(h) == size for h in state.hands)
        assert (state.trump is None) == (size == m)
        assert state.view(0).deals == 2 * m - 1
    with pytest.raises(ValueError):
        deal_size(UP_DOWN, players, 2 * m)
    with pytest.raises(ValueError):
        PekloState.deal(PekloRules(), players, 0, m + 1, random.Random(1))


def test_trick_scoring_counts_every_trick_and_ten_for_the_exact_bid():
    assert deal_points([0, 2, 1, 3], [0, 2, 0, 1]) == [10, 12, 0, 0]
    assert deal_points([0, 2, 1, 3], [0, 2, 0, 1], "tricks") == [10, 12, 0, 1]
    assert bid_points(1, 3, "tricks") == 3 and bid_points(3, 3, "tricks") == 13
    state = PekloState(TRICKS, 3, 2, [cards("AH", "2S", "5C"), cards("KH", "3H", "9D"), cards("4H", "TC", "QD")],
                       cards("7S")[0])
    bid_all(state, {0: 1, 1: 1, 2: 0})
    play(state, "AH", "3H", "4H", "5C", "KH", "TC", "QD", "2S", "9D")
    assert state.tricks == [2, 0, 1] and state.points() == [2, 0, 1]


@pytest.mark.parametrize("options,deals", [({"cycle": "up"}, 7), ({}, 13)])
def test_a_whole_match_plays_every_deal_of_its_cycle(options, deals):
    rules = VARIANT.rules(options, preset="house")
    match = Match(VARIANT, rules, [str(i) for i in range(7)], 5)
    rng = random.Random(5)
    ais = [ai_for("peklo", level) for level in ("easy", "normal", "easy", "normal", "easy", "normal", "easy")]
    while True:
        while not match.state.is_over:
            seat = match.state.to_act
            view = match.state.view(seat)
            action = ais[seat].choose(view, rng)
            assert action in view.legal
            match.apply(action)
        if match.is_over:
            break
        match.next_deal()
    assert len(match.deals) == deals


def _busted() -> PekloState:
    """Seat 0 bid 0 and already took a trick; it leads the second of three: A♠ surely wins it."""
    state = PekloState(TRICKS, 3, 2, [cards("AH", "AS", "2D"), cards("3H", "KS", "9D"), cards("4H", "TS", "QD")],
                       None)
    bid_all(state, {0: 0, 1: 1, 2: 1})
    play(state, "AH", "3H", "4H")
    assert state.tricks[0] == 1 and state.to_act == 0
    return state


def test_a_seat_past_its_bid_takes_tricks_when_each_one_scores():
    ace = Play(cards("AS")[0])
    assert PekloAI().choose(_busted().view(0), random.Random(1)) == ace
    # the easy AI plays a random card now and then; most of the time it takes the trick too
    easy = [EasyPekloAI().choose(_busted().view(0), random.Random(seed)) for seed in range(20)]
    assert easy.count(ace) > 10


def test_the_hard_playout_plays_for_tricks_past_the_bid_only_when_they_score():
    # seat 0 bid 0 and took one, and leads: A♠ (sure to take the trick) or 2♦ (sure to lose it)
    hands = [cards("AS", "2D"), cards("3S", "9D"), cards("TS", "QD")]
    _, exact = play_out([[int(c) for c in h] for h in hands], [0, 1, 1], [1, 0, 0], 0, [], -1)
    _, every = play_out([[int(c) for c in h] for h in hands], [0, 1, 1], [1, 0, 0], 0, [], -1, every_trick=True)
    assert exact != 0 and every == 0  # the winner of the trick it leads


def test_the_hard_ai_scores_its_searches_by_the_rules_scoring():
    from makao_tui.ai import Thinking
    from makao_tui.ai.peklo_hard import HardPekloAI

    advice = HardPekloAI(Thinking(seconds=None, playouts=40)).advise(_busted().view(0), random.Random(3))
    assert advice.action == Play(cards("AS")[0]) and "each trick scores 1" in advice.reason
