"""Each rule of makao_tui/rules/makao-ru.en.md (makao-ru), through the engine."""

from __future__ import annotations

import itertools
import random

import pytest

from makao_tui.engine import Card, Draw, IllegalAction, Match, Pass, Play, Take
from makao_tui.games import get_variant
from makao_tui.games.makao_ru import RuRules
from makao_tui.games.shedding import CardsDrawn, PenaltyPending, StockRebuilt, TurnPassed
from tests.helpers import act, lay

card_value = RuRules().card_value

C = Card.parse
#: distinct filler cards for stocks
STOCK = ["4S", "5S", "6S", "7S", "8S", "TS", "JS", "QS", "4C", "5C"]


def ru(hands, starter, stock=(), dealer=0, **options):
    return lay(variant="makao-ru", hands=hands, starter=starter, stock=list(stock), dealer=dealer,
               options=options)


# ---------------------------------------------------------------- the deal


def test_deal_two_packs_five_each_starter_and_stock():
    v = get_variant("makao-ru")
    s = v.deal(v.rules(), 4, 2, random.Random(5), None)
    assert [len(h) for h in s.hands] == [5, 5, 5, 5]
    assert len(s.pile) == 1 and len(s.stock) == 104 - 21
    assert s.to_act == 3  # left of the dealer
    every = sorted(c for h in s.hands for c in h) + sorted(s.stock + s.pile)
    assert sorted(every) == sorted(list(range(52)) * 2)


def test_player_range():
    v = get_variant("makao-ru")
    with pytest.raises(ValueError):
        Match(v, v.rules(), ["a"], 1)
    with pytest.raises(ValueError):
        Match(v, v.rules(), list("abcdef"), 1)


# ---------------------------------------------------------------- matching


def test_match_suit_or_rank_only():
    s = ru([["7C", "KD", "4S"], ["7S", "5H", "QC"]], "7H", STOCK[:2], dealer=1)
    with pytest.raises(IllegalAction, match="matches neither"):
        act(s, 0, do="play", card="KD")
    act(s, 0, do="play", card="7C")  # same rank
    assert s.suit == "C"
    act(s, 1, do="play", card="QC")  # same suit
    assert s.to_act == 0


def test_refused_play_changes_nothing():
    s = ru([["KD", "4S"], ["7S", "5H"]], "7H", ["5C"], dealer=1)
    before = s.snapshot()
    with pytest.raises(IllegalAction):
        act(s, 0, do="play", card="KD")
    with pytest.raises(IllegalAction, match="not in your hand"):
        act(s, 0, do="play", card="AS")
    assert s.snapshot() == before


# ---------------------------------------------------------------- wild cards


def test_nine_on_anything_sets_its_own_suit():
    s = ru([["9S", "KD", "4D"], ["7S", "5H"]], "7H", STOCK[:2], dealer=1)
    act(s, 0, do="play", card="9S")
    assert s.suit == "S" and s.to_act == 1


def test_ace_names_a_suit_and_must_name_one():
    s = ru([["AS", "KD", "4D"], ["7D", "5H"]], "7H", STOCK[:2], dealer=1)
    with pytest.raises(IllegalAction, match="must name a suit"):
        act(s, 0, do="play", card="AS")
    act(s, 0, do="play", card="AS", suit="D")
    assert s.suit == "D" and str(s.top) == "AS"
    act(s, 1, do="play", card="7D")


def test_ace_as_last_card_names_nothing():
    s = ru([["AS"], ["7D", "5H"]], "7H", STOCK[:2], dealer=1)
    assert s.legal_actions() == [Play(C("AS")), Draw()]
    act(s, 0, do="play", card="AS")
    assert s.is_over and s.points() == [0, 5 + 5]


def test_only_an_ace_names_a_suit():
    s = ru([["7C", "KD", "4D"], ["7S"]], "7H", STOCK[:2], dealer=1)
    with pytest.raises(IllegalAction, match="only an ace"):
        act(s, 0, do="play", card="7C", suit="D")


def test_no_demands_in_russian_makao():
    s = ru([["JH", "KD", "4D"], ["7S"]], "7H", STOCK[:2], dealer=1)
    with pytest.raises(IllegalAction, match="no demands"):
        act(s, 0, do="play", card="JH", demand="7")


@pytest.mark.parametrize("wild", ["9C", "AC"])
def test_no_wild_card_on_a_penalty(wild):
    s = ru([[wild, "KD", "4D"], ["2H", "5H", "6H"]], "7H", STOCK[:4])
    act(s, 1, do="play", card="2H")
    with pytest.raises(IllegalAction, match="does not answer"):
        act(s, 0, do="play", card=wild, **({"suit": "H"} if wild[0] == "A" else {}))


# ---------------------------------------------------------------- penalties


def test_twos_add_up_any_suit_and_the_taker_loses_the_turn():
    s = ru([["2C", "KD", "4D"], ["2H", "5H", "6H"], ["8H", "9D", "TD"]], "7H", [f"{r}S" for r in "45678"])
    act(s, 1, do="play", card="2H")
    act(s, 2, do="take")
    assert len(s.hands[2]) == 5 and s.penalty == 0
    assert s.to_act == 0
    # the 2 now counts as an ordinary card: match its suit or rank
    act(s, 0, do="play", card="2C")  # a new penalty, played on rank
    assert s.penalty == 2 and s.to_act == 1


def test_five_threes_cost_fifteen():
    hands = [["3C", "5D"], ["3D", "5C"], ["3H", "3S", "6D"], ["3C", "6C"], ["8D", "9D"]]
    stock = [f"{r}{s}" for s in "SD" for r in "456789TJ"][:15]
    s = lay(variant="makao-ru", hands=hands, starter="3D", stock=stock, dealer=4,
            options={})
    # the 3 starter counts as played by the dealer: seat 0 faces 3
    assert s.penalty == 3 and s.to_act == 0
    act(s, 0, do="play", card="3C", makao=True)
    act(s, 1, do="play", card="3D", makao=True)
    act(s, 2, do="play", card="3H")
    act(s, 3, do="play", card="3C", makao=True)
    assert s.penalty == 15
    act(s, 4, do="take")
    assert len(s.hands[4]) == 2 + 15 and s.to_act == 0


def test_king_of_hearts_costs_five_and_only_a_king_of_hearts_answers():
    s = ru([["KH", "KS", "4D"], ["KH", "5H", "6H"], ["8H", "9D", "TD"]], "7H",
           [f"{r}S" for r in "23456789TJ"])
    act(s, 1, do="play", card="KH")
    assert s.penalty == 5
    with pytest.raises(IllegalAction):
        act(s, 2, do="play", card="8H")
    assert s.legal_actions() == [Take()]
    s2 = s.clone()
    act(s2, 2, do="take")
    assert len(s2.hands[2]) == 8
    # answered in a two-pack game: the sum passes on
    s3 = ru([["KH", "KS", "4D"], ["KH", "5H", "6H"], ["8H", "9D", "TD"]], "7H",
            [f"{r}S" for r in "23456789TJ"], dealer=2)
    act(s3, 0, do="play", card="KH")
    act(s3, 1, do="play", card="KH")
    assert s3.penalty == 10 and s3.to_act == 2
    with pytest.raises(IllegalAction, match="king of hearts"):
        act(s3, 2, do="play", card="8H")


def test_penalty_event_names_answer_and_sum():
    s = ru([["3H", "KD", "4D"], ["3C", "5H", "6H"], ["8H", "9D", "TD"]], "5H", STOCK[:9], dealer=2)
    events = act(s, 0, do="play", card="3H")
    pending = next(e for e in events if isinstance(e, PenaltyPending))
    assert pending.text(["Ann", "Bob", "Cy"], ascii=True) == "Bob must take 3 or answer with a 3"


def test_starter_penalty_card_counts_as_played_by_the_dealer():
    s = ru([["2C", "KD"], ["4C", "5H"]], "2H", STOCK[:4], dealer=1)
    assert s.penalty == 2 and s.to_act == 0
    assert Draw() not in s.legal_actions()


def test_starter_ace_keeps_its_own_suit():
    s = ru([["5S", "KD"], ["4C", "5H"]], "AS", STOCK[:4], dealer=1)
    assert s.suit == "S"
    act(s, 0, do="play", card="5S")


# ---------------------------------------------------------------- drawing


def test_draw_even_when_holding_a_playable_card_then_play_it():
    s = ru([["7H", "KD"], ["4C", "5C"]], "8H", ["9H", "6C"], dealer=1)
    act(s, 0, do="draw")
    assert set(s.legal_actions()) == {Play(C("9H")), Pass()}
    with pytest.raises(IllegalAction, match="only the card just drawn"):
        act(s, 0, do="play", card="7H")
    act(s, 0, do="play", card="9H")
    assert s.to_act == 1


def test_pass_after_drawing_a_playable_card():
    s = ru([["7H", "KD"], ["4C", "5C"]], "8H", ["9H", "6C"], dealer=1)
    act(s, 0, do="draw")
    events = act(s, 0, do="pass")
    assert any(isinstance(e, TurnPassed) for e in events) and s.to_act == 1


def test_unplayable_drawn_card_ends_the_turn_by_itself():
    s = ru([["7H", "KD"], ["4C", "5C"]], "8H", ["4S", "6C"], dealer=1)
    events = act(s, 0, do="draw")
    assert TurnPassed(0, "drawn") in events and s.to_act == 1
    with pytest.raises(IllegalAction):
        s.apply(Pass())


def test_no_draw_with_a_penalty_pending():
    s = ru([["2C", "KD"], ["2H", "5H", "6H"]], "7H", STOCK[:4])
    act(s, 1, do="play", card="2H")
    with pytest.raises(IllegalAction, match="penalty"):
        act(s, 0, do="draw")


# ---------------------------------------------------------------- the Makao call


def test_forgotten_makao_costs_two_at_once():
    s = ru([["KC", "QC", "JC"], ["6H", "9C"]], "6S", ["2S", "3S", "4S"])
    act(s, 1, do="play", card="6H")
    assert sorted(map(str, s.hands[1])) == ["2S", "3S", "9C"] and s.to_act == 0


def test_called_makao_costs_nothing_and_a_wrong_call_is_refused():
    s = ru([["7H", "QC", "JC"], ["6H", "9C"]], "6S", ["2S", "3S", "4S"])
    act(s, 1, do="play", card="6H", makao=True)
    assert s.hands[1] == [C("9C")]
    with pytest.raises(IllegalAction, match="leaves one card"):
        s.apply(Play(C("7H"), makao=True))


def test_auto_makao_option_calls_for_the_player():
    s = ru([["KC", "QC", "JC"], ["6H", "9C"]], "6S", ["2S", "3S", "4S"], auto_makao=True)
    act(s, 1, do="play", card="6H")
    assert s.hands[1] == [C("9C")]


# ---------------------------------------------------------------- stock


def test_stock_rebuilt_from_pile_keeping_its_top_card():
    s = ru([["7H", "8H", "KD"], ["6C", "8C", "5S"]], "6H", [])
    act(s, 1, do="play", card="6C")
    events = act(s, 0, do="draw")
    assert any(isinstance(e, StockRebuilt) for e in events)
    assert str(s.top) == "6C" and len(s.pile) == 1
    assert C("6H") in s.hands[0]


def test_draw_that_cannot_be_made_is_forgiven_and_take_is_still_an_action():
    s = ru([["2C", "KD"], ["2H", "5H", "6H"]], "7H", ["5S"])
    act(s, 1, do="play", card="2H")
    events = act(s, 0, do="take")
    drawn = [e for e in events if isinstance(e, CardsDrawn)]
    assert sum(len(e.cards) for e in drawn) == 2  # 5S, then the rebuilt 7H
    assert drawn[-1].forgiven == 0
    s2 = ru([["2C", "KD"], ["2H", "5H", "6H"]], "7H", [])
    act(s2, 1, do="play", card="2H")
    events = act(s2, 0, do="take")
    assert [e.forgiven for e in events if isinstance(e, CardsDrawn)] == [1]


def test_no_one_can_play_or_draw_ends_the_deal_without_winner():
    # no stock, one card on the pile, and nobody holds a match
    s = ru([["KD", "QD"], ["KC", "QC"]], "5H", [])
    assert s.is_over
    assert s.winner is None
    assert s.points() == [20, 20]


# ---------------------------------------------------------------- end of deal, scoring


def test_going_out_scores_every_hand():
    s = ru([["4C", "TD", "QS"], ["5H"], ["2C", "3D", "9S", "AH", "KH"]], "5C", ["6C", "7C"])
    act(s, 1, do="play", card="5H")
    assert s.is_over and s.points() == [25, 0, 190]


def test_going_out_on_a_penalty_card_the_next_answers_once():
    s = ru([["3C", "3D", "KD"], ["3H"], ["4C", "8D"]], "5H", ["6C", "7C", "8C", "9C"])
    act(s, 1, do="play", card="3H")
    assert not s.is_over and s.to_act == 2 and s.penalty == 3
    act(s, 2, do="take")
    assert s.is_over and s.winner == 1
    assert s.points() == [30 + 30 + 10, 0, 5 * 5]


def test_answered_final_penalty_is_paid_by_nobody():
    s = ru([["3C", "KD"], ["3H"], ["3D", "8D"]], "5H", ["6C", "7C", "8C", "9C"])
    act(s, 1, do="play", card="3H")
    act(s, 2, do="play", card="3D", makao=True)
    assert s.is_over
    assert [len(h) for h in s.hands] == [2, 0, 1]
    assert s.points() == [30 + 10, 0, 5]


def test_answering_player_who_goes_out_also_scores_zero():
    s = ru([["3C", "KD"], ["3H"], ["3D"]], "5H", ["6C", "7C", "8C", "9C"])
    act(s, 1, do="play", card="3H")
    act(s, 2, do="play", card="3D")
    assert s.is_over and s.winner == 1
    assert s.points() == [40, 0, 0]


@pytest.mark.parametrize("card,value", [
    ("2C", 20), ("3D", 30), ("9S", 40), ("AH", 50), ("AC", 50), ("KH", 50), ("KS", 10),
    ("4C", 5), ("8D", 5), ("TD", 10), ("JC", 10), ("QS", 10),
])
def test_card_values(card, value):
    assert card_value(C(card)) == value


# ---------------------------------------------------------------- the match


def test_match_runs_to_the_loss_limit_with_dealer_rotation():
    v = get_variant("makao-ru")
    m = Match(v, v.rules({"loss_limit": 200}), ["a", "b", "c"], seed=11)
    rng = random.Random(0)
    dealers = []
    while not m.is_over:
        if m.awaiting_next_deal:
            m.next_deal()
        if m.current.number > len(dealers):
            dealers.append(m.current.dealer)
        legal = m.state.legal_actions()
        plays = [a for a in legal if isinstance(a, Play)]
        m.apply(rng.choice(plays or legal))
    assert max(m.totals) >= 200
    assert all((b - a) % 3 == 1 for a, b in itertools.pairwise(dealers))
    assert m.winners() == [s for s, t in enumerate(m.totals) if t == min(m.totals)]
    with pytest.raises(IllegalAction):
        m.next_deal()


def test_loss_limit_range_is_checked():
    v = get_variant("makao-ru")
    with pytest.raises(ValueError):
        v.rules({"loss_limit": 100})
    with pytest.raises(ValueError):
        v.rules({"no_such_option": 1})


def test_players_who_loop_by_choice_are_left_to_it():
    """The end on a repeated position is for forced turns only: here each drawn card could be
    kept (pass), so every play of it is chosen and the deal goes on."""
    s = ru([["4D", "4S"], ["6H", "5C", "5S"]], "7H", [])
    act(s, 1, do="play", card="6H")
    for _ in range(4):
        act(s, 0, do="draw")
        act(s, 0, do="play", card="7H")
        act(s, 1, do="draw")
        act(s, 1, do="play", card="6H")
    assert not s.is_over and s.to_act == 0
