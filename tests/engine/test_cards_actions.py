"""Cards, actions and their JSON form (makao_tui/rules/ card notation, docs/scenarios.md actions)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from makao_tui.engine import (
    ALL_CARDS,
    Bid,
    Card,
    CardError,
    Draw,
    Pass,
    Play,
    Replace,
    Stand,
    Take,
    action_from_json,
    action_to_json,
    deck,
)
from makao_tui.engine.actions import ActionFormatError


def test_card_notation_round_trip():
    assert [str(c) for c in ALL_CARDS][:3] == ["2C", "3C", "4C"]
    for card in ALL_CARDS:
        assert Card.parse(str(card)) is card
    assert Card.parse("10h") == Card.parse("TH")


def test_card_labels_and_parts():
    th = Card.parse("TH")
    assert (th.rank, th.suit, th.rank_value, th.is_red) == ("T", "H", 10, True)
    assert th.label() == "10♥" and th.label(ascii=True) == "10H"
    assert Card.parse("AS").rank_value == 14 and not Card.parse("AS").is_red


@pytest.mark.parametrize("bad", ["", "1H", "TX", "HT", "ZZ", "10", "AHH", None, 5])
def test_unknown_cards_are_refused(bad):
    with pytest.raises(CardError):
        Card.parse(bad)


def test_decks():
    assert len(deck()) == 52 and len(set(deck())) == 52
    assert len(deck(2)) == 104


actions = st.one_of(
    st.builds(Play, st.sampled_from(ALL_CARDS), st.sampled_from([None, "C", "D", "H", "S"]),
              st.sampled_from([None, "5", "T", "Q"]), st.booleans()),
    st.just(Draw()), st.just(Take()), st.just(Pass()), st.just(Replace()), st.just(Stand()),
    st.builds(Bid, st.integers(0, 17)),
)


@given(actions)
def test_action_json_round_trip(action):
    assert action_from_json(action_to_json(action)) == action


@pytest.mark.parametrize("bad", [
    {"do": "fly"}, {"do": "play"}, {"do": "play", "card": "ZZ"}, {"do": "play", "card": "AS", "suit": "Q"},
    {"do": "draw", "card": "AS"}, {"do": "bid", "tricks": "two"}, {"do": "play", "card": "JH", "demand": "Z"},
    {"do": "play", "card": "AS", "makao": "yes"}, [],
])
def test_malformed_actions_are_refused(bad):
    with pytest.raises(ActionFormatError):
        action_from_json(bad)


def test_ascii_text_replaces_suit_symbols():
    from makao_tui.engine.cards import ascii_text

    assert ascii_text("10♥ on Q♠, ♣ and ♦") == "10H on QS, C and D"


def test_deal_started_says_one_card_in_the_singular():
    from makao_tui.engine import DealStarted

    assert DealStarted(None, 0, 1).text(["Ann"]) == "Ann deals 1 card each"
    assert DealStarted(None, 0, 5).text(["Ann"]) == "Ann deals 5 cards each"


def test_counts_of_one_are_singular_in_the_log_and_refusals():
    import random

    from makao_tui.engine.actions import Bid
    from makao_tui.engine.events import card_count, trick_count
    from makao_tui.engine.state import IllegalAction
    from makao_tui.games.macao_events import HandStarted, ShoeShuffled
    from makao_tui.games.peklo import VARIANT as PEKLO
    from makao_tui.games.shedding import StockRebuilt

    assert (card_count(1), card_count(0), trick_count(2)) == ("1 card", "0 cards", "2 tricks")
    assert StockRebuilt(None, 1).text([]) == "The stock is rebuilt from the pile (1 card)"
    assert ShoeShuffled(None, 1, True).text([]).startswith("The shoe is empty: the 1 card of")
    assert HandStarted(None, 0, (1, 0), 50).text(["Ann", "Bob"]).endswith("to each of 2 players")
    assert HandStarted(None, 0, (0,), 50).text(["Ann"]).endswith("to each of 1 player")
    state = PEKLO.deal(PEKLO.rules(), 3, 0, random.Random(1), None)  # deal 1: one card each
    assert state.view(0).size == 1
    with pytest.raises(IllegalAction, match="a bid is 0 or 1 trick, not 3"):
        state.apply(Bid(3))
