"""Every rule of makao_tui/rules/peklo.en.md (Peklo) through the engine: deals, trump, bidding, the hook, play,
tricks, scoring, the match; plus views, events, refusals and scenario layouts."""

from __future__ import annotations

import random

import pytest

from makao_tui.engine.actions import Bid, Draw, Play
from makao_tui.engine.cards import Card
from makao_tui.engine.events import DealEnded, DealStarted
from makao_tui.engine.match import Match
from makao_tui.engine.scenario import ScenarioError, build_state, parse_layout
from makao_tui.engine.state import IllegalAction
from makao_tui.engine.variant import RulesError, registered
from makao_tui.games.peklo import (
    BidMade,
    CardPlayed,
    DealScored,
    PekloState,
    TrickWon,
    TrumpTurned,
    deal_count,
    deal_points,
    trick_winner,
)

from .util import VARIANT, bid_all, cards, deal_of, play

NAMES = ["Ann", "Bob", "Cid", "Dee", "Eve", "Fay", "Gus"]


# ---------------------------------------------------------------- the variant


def test_variant_registered_with_its_range_and_option():
    assert registered()["peklo"] is VARIANT
    assert (VARIANT.name, VARIANT.family, VARIANT.min_players, VARIANT.max_players) == ("Peklo", "tricks", 3, 7)
    assert VARIANT.decks == 1 and VARIANT.higher_wins
    assert VARIANT.rules().hook is False
    assert VARIANT.rules({"hook": True}).hook is True
    with pytest.raises(RulesError):
        VARIANT.rules({"hook": 1})
    for players in (2, 8):
        with pytest.raises(RulesError):
            VARIANT.check_players(players)


# ---------------------------------------------------------------- deals 1..m and the trump card


@pytest.mark.parametrize("players,m", [(3, 17), (4, 13), (5, 10), (6, 8), (7, 7)])
def test_number_of_deals_is_52_over_players(players, m):
    assert deal_count(players) == m


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
def test_deal_k_gives_k_cards_and_turns_up_trump_except_the_last(players):
    m = deal_count(players)
    for k in (1, 2, m - 1, m):
        state = PekloState.deal(VARIANT.rules(), players, 0, k, random.Random(k))
        assert [len(h) for h in state.hands] == [k] * players
        dealt = [c for h in state.hands for c in h]
        assert len(set(dealt)) == len(dealt)
        if k < m:
            assert state.trump is not None and state.trump not in dealt
            assert state.snapshot()["trump"] == state.trump.suit
        else:
            assert state.trump is None and state.snapshot()["trump"] is None


def test_deal_number_out_of_range_is_refused():
    with pytest.raises(ValueError):
        PekloState.deal(VARIANT.rules(), 4, 0, 14, random.Random(1))
    with pytest.raises(ValueError):
        PekloState.deal(VARIANT.rules(), 4, 0, 0, random.Random(1))


def test_deal_starts_with_dealt_and_trump_events():
    state = PekloState.deal(VARIANT.rules(), 4, 2, 3, random.Random(5))
    started, turned = state.opening
    assert isinstance(started, DealStarted) and (started.dealer, started.hand_size) == (2, 3)
    assert isinstance(turned, TrumpTurned) and turned.card == state.trump
    assert "trump" in turned.text(NAMES)
    assert TrumpTurned(None, None).text(NAMES) == "there is no trump this deal"


# ---------------------------------------------------------------- bidding


def test_bidding_starts_left_of_the_dealer_and_ends_with_the_dealer():
    state = deal_of([["AS", "2C"], ["KS", "3C"], ["QS", "4C"], ["JS", "5C"]], "9H", dealer=1)
    order = []
    while state.phase == "bid":
        order.append(state.to_act)
        state.apply(Bid(0))
    assert order == [2, 3, 0, 1]


def test_bids_run_from_zero_to_the_deal_size():
    state = deal_of([["AS", "2C"], ["KS", "3C"], ["QS", "4C"]], "9H")
    assert state.legal_actions() == [Bid(0), Bid(1), Bid(2)]
    for bad in (-1, 3):
        with pytest.raises(IllegalAction, match="0 to 2"):
            state.apply(Bid(bad))
    events = state.apply(Bid(0))
    assert events == [BidMade(1, 0)] and events[0].text(NAMES) == "Bob bids 0"
    assert state.bids == [None, 0, None]


def test_no_play_before_the_bidding_is_over_and_no_bid_after():
    state = deal_of([["AS"], ["KS"], ["QS"]], "9H")
    with pytest.raises(IllegalAction, match="bid first"):
        state.apply(Play(Card.parse("KS")))
    bid_all(state, {0: 0, 1: 0, 2: 0})
    with pytest.raises(IllegalAction, match="bidding is over"):
        state.apply(Bid(1))
    with pytest.raises(IllegalAction, match="not an action of Peklo"):
        state.apply(Draw())


def test_without_the_hook_the_dealer_may_make_the_bids_add_up():
    state = deal_of([["AS", "2C"], ["KS", "3C"], ["QS", "4C"]], "9H", dealer=2)
    state.apply(Bid(1))
    state.apply(Bid(0))
    assert state.forbidden_bid() is None and state.view(2).forbidden_bid is None
    state.apply(Bid(1))
    assert state.bids == [1, 0, 1] and state.phase == "play"


def test_the_hook_forbids_the_dealer_the_bid_that_adds_up():
    state = deal_of([["AS", "2C"], ["KS", "3C"], ["QS", "4C"]], "9H", dealer=2, hook=True)
    state.apply(Bid(1))
    assert state.forbidden_bid() is None  # seat 1 is not the dealer
    assert state.view(1).forbidden_bid is None
    state.apply(Bid(0))
    assert state.forbidden_bid() == 1
    assert state.view(2).forbidden_bid == 1 and state.view(0).forbidden_bid == 1
    assert Bid(1) not in state.legal_actions() and Bid(0) in state.legal_actions()
    before = state.snapshot()
    with pytest.raises(IllegalAction, match="hook"):
        state.apply(Bid(1))
    assert state.snapshot() == before
    state.apply(Bid(2))
    assert state.bids == [1, 0, 2]


def test_the_hook_forbids_nothing_once_the_bids_exceed_the_deal_size():
    state = deal_of([["AS", "2C"], ["KS", "3C"], ["QS", "4C"]], "9H", dealer=2, hook=True)
    state.apply(Bid(2))
    state.apply(Bid(2))
    assert state.forbidden_bid() is None
    assert state.legal_actions() == [Bid(0), Bid(1), Bid(2)]


# ---------------------------------------------------------------- play


def test_the_player_left_of_the_dealer_leads_the_first_trick():
    state = deal_of([["AS"], ["KS"], ["QS"], ["JS"]], "9H", dealer=2)
    bid_all(state, {s: 0 for s in range(4)})
    assert state.to_act == 3
    assert state.view(3).trick.leader == 3 and state.view(3).trick.cards == ()


def test_the_leader_plays_any_card():
    state = deal_of([["AS", "2C", "5H"], ["KS", "3C", "6H"], ["QS", "4C", "7H"]], "9D")
    bid_all(state, {0: 0, 1: 0, 2: 0})
    assert {a.card for a in state.legal_actions()} == set(cards("KS", "3C", "6H"))


def test_followers_must_follow_suit_when_they_can():
    state = deal_of([["AS", "2C", "5H"], ["KS", "3C", "6H"], ["QS", "4C", "7H"]], "9D")
    bid_all(state, {0: 0, 1: 0, 2: 0})
    play(state, "3C")
    assert state.legal_actions() == [Play(Card.parse("4C"))]
    before = state.snapshot()
    with pytest.raises(IllegalAction, match="follow suit: clubs"):
        state.apply(Play(Card.parse("QS")))
    assert state.snapshot() == before


def test_a_player_who_cannot_follow_plays_any_card_with_no_duty_to_trump():
    state = deal_of([["AS", "2H"], ["KD", "3C"], ["QS", "4C"]], "9D")
    bid_all(state, {0: 0, 1: 0, 2: 0})
    play(state, "3C")
    assert state.legal_actions() == [Play(Card.parse("4C"))]
    play(state, "4C")
    # seat 0 has no club: any card, trumping not required
    assert {a.card for a in state.legal_actions()} == set(cards("AS", "2H"))


def test_a_card_not_in_hand_and_a_play_with_extra_fields_are_refused():
    state = deal_of([["AS"], ["KS"], ["QS"]], "9H")
    bid_all(state, {0: 0, 1: 0, 2: 0})
    with pytest.raises(IllegalAction, match="not in your hand"):
        state.apply(Play(Card.parse("AS")))
    with pytest.raises(IllegalAction, match="only the card"):
        state.apply(Play(Card.parse("KS"), makao=True))
    with pytest.raises(IllegalAction, match="only the card"):
        state.apply(Play(Card.parse("KS"), suit="H"))


@pytest.mark.parametrize("trick,trump,winner", [
    (["5H", "KH", "2H"], "S", 1),          # highest of the led suit
    (["5H", "AS", "2H"], None, 0),         # an off-suit ace wins nothing without trump
    (["5H", "AS", "KH"], "C", 2),          # nor when it is not trump
    (["AH", "2S", "KH"], "S", 1),          # the lowest trump beats the led ace
    (["AH", "2S", "3S"], "S", 2),          # the highest trump wins
    (["4S", "AH", "2S"], "S", 0),          # trump led: the highest trump
])
def test_trick_winner(trick, trump, winner):
    assert trick_winner(cards(*trick), trump) == winner


def test_the_winner_takes_the_trick_and_leads_the_next():
    state = deal_of([["5H", "2C"], ["KH", "3D"], ["2S", "4C"]], "9S")  # spades are trump
    bid_all(state, {0: 1, 1: 0, 2: 1})
    events = play(state, "KH", "2S")
    assert state.view(0).trick.cards == tuple(cards("KH", "2S"))
    events += play(state, "5H")
    won = [e for e in events if isinstance(e, TrickWon)]
    assert len(won) == 1
    assert (won[0].seat, won[0].card, won[0].number, won[0].leader, won[0].cards, won[0].taken) == (
        2, Card.parse("2S"), 1, 1, tuple(cards("KH", "2S", "5H")), 1)
    assert won[0].text(NAMES, ascii=True) == "Cid wins trick 1 with 2S (KH 2S 5H); 1 taken"
    assert state.tricks == [0, 0, 1] and state.snapshot()["trick"] == []
    assert state.to_act == 2 and state.view(2).trick.leader == 2
    assert state.view(1).history[0].winner == 2 and state.view(1).history[0].seats == (1, 2, 0)


def test_card_played_events_mark_the_lead():
    state = deal_of([["5H"], ["KH"], ["2H"]], None)
    bid_all(state, {0: 0, 1: 0, 2: 0})
    first, second = play(state, "KH", "2H")
    assert first == CardPlayed(1, Card.parse("KH"), lead=True)
    assert second == CardPlayed(2, Card.parse("2H"), lead=False)
    assert first.text(NAMES, ascii=True) == "Bob leads KH"
    assert second.text(NAMES) == "Cid plays 2♥"


# ---------------------------------------------------------------- scoring


def test_points_are_bid_plus_ten_for_an_exact_bid_else_zero():
    assert deal_points([0, 2, 1, 3], [0, 2, 0, 1]) == [10, 12, 0, 0]


def test_a_played_out_deal_scores_and_ends():
    state = deal_of([["AH", "2C"], ["KH", "3C"], ["QH", "4C"]], None)  # seat 1 leads
    bid_all(state, {1: 2, 2: 0, 0: 1})
    assert state.points() is None
    events = play(state, "KH", "QH", "AH", "2C", "3C", "4C")
    assert state.is_over and state.to_act is None and state.legal_actions() == []
    assert state.tricks == [1, 0, 1] and state.points() == [11, 0, 0]
    scored = events[-1]
    assert isinstance(scored, DealScored) and isinstance(scored, DealEnded) and scored.winner is None
    assert (scored.bids, scored.tricks, scored.points) == ((1, 2, 0), (1, 0, 1), (11, 0, 0))
    assert scored.text(NAMES) == "Deal scored (bid/taken): Ann 1/1 +11, Bob 2/0 0, Cid 0/1 0"
    assert state.view(0).points == (11, 0, 0) and state.view(0).phase == "over"
    with pytest.raises(IllegalAction, match="over"):
        state.apply(Play(Card.parse("2C")))


# ---------------------------------------------------------------- views and copies


def test_a_view_shows_own_hand_and_public_facts_only():
    state = PekloState.deal(VARIANT.rules({"hook": True}), 4, 3, 5, random.Random(7))
    view = state.view(1)
    assert view.hand == tuple(sorted(state.hands[1]))
    assert view.counts == (5, 5, 5, 5) and view.size == 5 and view.number == 5 and view.deals == 13
    assert view.trump == state.trump and view.trump_suit == state.trump.suit and view.hook
    assert view.phase == "bid" and view.trick is None and view.led_suit is None
    assert view.to_act == 0 and view.legal == ()
    assert state.view(0).legal == tuple(state.legal_actions())
    hidden = {c for s in (0, 2, 3) for c in state.hands[s]}
    assert not hidden & set(view.hand)


def test_clone_is_independent():
    state = deal_of([["AH", "2C"], ["KH", "3C"], ["QH", "4C"]], "5S")
    copy = state.clone()
    bid_all(copy, {1: 0, 2: 0, 0: 0})
    play(copy, "KH")
    assert state.bids == [None] * 3 and len(state.hands[1]) == 2 and state.trick == []
    assert copy.trick == cards("KH")


# ---------------------------------------------------------------- the match


def _play_match(players: int, seed: int, hook: bool = False) -> Match:
    match = Match(VARIANT, VARIANT.rules({"hook": hook}), NAMES[:players], seed, first_dealer=1)
    rng = random.Random(seed)
    while True:
        while not match.state.is_over:
            match.apply(rng.choice(match.state.legal_actions()))
        if match.is_over:
            return match
        match.next_deal()


@pytest.mark.parametrize("players", [3, 7])
def test_a_match_is_one_cycle_of_deals_one_to_m(players):
    match = _play_match(players, seed=3, hook=True)
    m = deal_count(players)
    assert [d.number for d in match.deals] == list(range(1, m + 1))
    assert [d.state.size for d in match.deals] == list(range(1, m + 1))
    assert [d.dealer for d in match.deals] == [(1 + i) % players for i in range(m)]
    assert [d.state.trump is None for d in match.deals] == [False] * (m - 1) + [True]
    assert [d.state.view(0).number for d in match.deals] == list(range(1, m + 1))
    assert match.totals == [sum(d.points[s] for d in match.deals) for s in range(players)]
    with pytest.raises(IllegalAction):
        match.next_deal()


def test_a_match_replays_from_its_actions():
    match = _play_match(4, seed=11)
    again = Match.replay(VARIANT, match.rules, match.names, match.seed, 1, match.all_actions())
    assert again.is_over and again.totals == match.totals


# ---------------------------------------------------------------- scenario layouts


def _layout(**spec):
    base = {"variant": "peklo", "players": 3, "hands": [["AS"], ["KS"], ["QS"]]}
    base.update(spec)
    return build_state(parse_layout(base, registered()))


def test_a_layout_takes_its_deal_size_from_the_hands_and_trump_from_the_file():
    state = _layout(trump="2H", hands=[["AS", "3C"], ["KS", "4C"], ["QS", "5C"]])
    assert state.size == 2 and state.trump == Card.parse("2H") and state.number is None
    assert _layout(trump=None).trump is None


@pytest.mark.parametrize("spec,message", [
    ({}, "trump"),
    ({"trump": None, "hands": [["AS"], ["KS", "2C"], ["QS"]]}, "same number"),
    ({"trump": None, "hands": [[], [], []]}, "at least one"),
])
def test_bad_layouts_are_refused(spec, message):
    with pytest.raises(ScenarioError, match=message):
        _layout(**spec)

