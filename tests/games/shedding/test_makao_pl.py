"""Each rule of makao_tui/rules/makao-pl.en.md (makao-pl), through the engine."""

from __future__ import annotations

import random

import pytest

from makao_tui.engine import Card, Draw, IllegalAction, Match, Pass, Play, Take
from makao_tui.games import get_variant
from makao_tui.games.makao_pl import PlRules
from makao_tui.games.shedding import CardsDrawn, DemandLapsed, PositionRepeated, TurnPassed, TurnSkipped
from tests.helpers import act, lay

C = Card.parse
card_value = PlRules().card_value


def pl(hands, starter, stock=(), dealer=0, **options):
    return lay(variant="makao-pl", hands=hands, starter=starter, stock=list(stock), dealer=dealer,
               options=options)


def test_deal_one_pack():
    v = get_variant("makao-pl")
    s = v.deal(v.rules(), 4, 0, random.Random(2), None)
    every = [c for h in s.hands for c in h] + s.stock + s.pile
    assert sorted(every) == list(range(52))
    with pytest.raises(ValueError):
        Match(v, v.rules(), list("abcde"), 1)


def test_scenario_refuses_a_card_given_twice():
    with pytest.raises(ValueError, match="given 2 times"):
        pl([["5C"], ["5C"]], "7H")


# ---------------------------------------------------------------- matching, aces


def test_nine_is_not_wild_in_polish_makao():
    s = pl([["9S", "KD"], ["7D", "5H"]], "7H", ["4C", "5C"], dealer=1)
    with pytest.raises(IllegalAction):
        act(s, 0, do="play", card="9S")


def test_ace_on_anything_names_the_suit():
    s = pl([["AS", "KD", "QD"], ["7D", "5H"]], "7H", ["4C", "5C"], dealer=1)
    act(s, 0, do="play", card="AS", suit="D")
    assert s.suit == "D"


@pytest.mark.parametrize("special", ["2H", "3H"])
def test_no_ace_on_a_pending_two_or_three(special):
    s = pl([["AS", "KD", "QD"], [special, "5H", "6H"]], "7H", ["4C", "5C", "6C", "7C"])
    act(s, 1, do="play", card=special)
    with pytest.raises(IllegalAction):
        act(s, 0, do="play", card="AS", suit="H")


def test_no_ace_on_a_demand():
    s = pl([["AS", "KD", "QD"], ["JH", "5H", "6H"]], "7H", ["4C", "5C", "6C", "7C"])
    act(s, 1, do="play", card="JH", demand="6")
    with pytest.raises(IllegalAction, match="demands"):
        act(s, 0, do="play", card="AS", suit="H")


# ---------------------------------------------------------------- drawing


def test_no_drawing_while_a_card_fits():
    s = pl([["7H", "KD"], ["4C", "5C"]], "8H", ["9H", "6C"], dealer=1)
    with pytest.raises(IllegalAction, match="may not draw"):
        act(s, 0, do="draw")
    assert Draw() not in s.legal_actions()


def test_draw_until_playable_then_must_play_it():
    s = pl([["KD", "QD"], ["4C", "5C"]], "8H", ["2C", "3S", "9H", "6C"], dealer=1)
    act(s, 0, do="draw")
    assert s.legal_actions() == [Draw()]
    act(s, 0, do="draw")
    act(s, 0, do="draw")
    assert s.legal_actions() == [Play(C("9H"))]
    with pytest.raises(IllegalAction):
        act(s, 0, do="pass")
    act(s, 0, do="play", card="9H")
    assert s.to_act == 1


def test_option_off_one_card_which_may_be_played_or_passed():
    s = pl([["KD", "QD"], ["4C", "5C"]], "8H", ["9H", "6C"], dealer=1, draw_until_playable=False)
    act(s, 0, do="draw")
    assert set(s.legal_actions()) == {Play(C("9H")), Pass()}
    act(s, 0, do="pass")
    assert s.to_act == 1


def test_option_off_unplayable_card_passes_by_itself():
    s = pl([["KD", "QD"], ["4C", "5C"]], "8H", ["2C", "6C"], dealer=1, draw_until_playable=False)
    events = act(s, 0, do="draw")
    assert TurnPassed(0, "drawn") in events and s.to_act == 1


def test_nothing_left_to_draw_passes_by_itself():
    s = pl([["KD", "QD"], ["8C", "5C"]], "8H", [], dealer=1)
    # seat 0 can neither play nor draw: its turn passes by itself
    assert s.to_act == 1


# ---------------------------------------------------------------- ransoms


@pytest.mark.parametrize("stacking,chain", [("double", [2, 4, 8, 16]), ("add", [2, 4, 6, 8])])
def test_ransom_chain_of_twos(stacking, chain):
    hands = [["2C", "KD"], ["2D", "KS"], ["2H", "KC"], ["2S", "QC"]]
    stock = ["4D", "5D", "6D", "7D", "8D", "9D", "TD", "QD", "4S", "5S", "6S", "7S", "8S", "9S",
             "TS", "QS", "4C"]
    s = pl(hands, "7C", stock, dealer=3, ransom_stacking=stacking)
    seen = []
    for seat, card in enumerate(["2C", "2D", "2H", "2S"]):
        act(s, seat, do="play", card=card, makao=True)
        seen.append(s.penalty)
    assert seen == chain
    act(s, 0, do="take")
    assert len(s.hands[0]) == 1 + chain[-1]


@pytest.mark.parametrize("stacking,chain", [("double", [3, 6, 12]), ("add", [3, 6, 9])])
def test_ransom_chain_of_threes(stacking, chain):
    hands = [["3C", "KD"], ["3D", "KS"], ["3H", "KC"]]
    s = pl(hands, "7C", [], dealer=2, ransom_stacking=stacking)
    for seat, card in enumerate(["3C", "3D", "3H"]):
        act(s, seat, do="play", card=card, makao=True)
    assert s.penalty == chain[-1]


def test_a_three_does_not_ransom_a_two():
    s = pl([["3C", "KD"], ["2C", "KS"]], "7C", ["4D", "5D"])
    act(s, 1, do="play", card="2C")
    with pytest.raises(IllegalAction):
        act(s, 0, do="play", card="3C")
    assert s.legal_actions() == [Take()]


def test_king_of_hearts_five_cards_no_ransom():
    s = pl([["KS", "KD"], ["KH", "5H", "6H"]], "7H", ["4C", "5C", "6C", "7C", "8C", "9C"], king_ransom="none")
    act(s, 1, do="play", card="KH")
    assert s.penalty == 5 and s.legal_actions() == [Take()]
    act(s, 0, do="take")
    assert len(s.hands[0]) == 7 and s.to_act == 1


# ---------------------------------------------------------------- fours


def test_four_skips_the_next_player():
    s = pl([["6H", "KD"], ["4H", "7C", "7D"], ["4S", "9D"]], "8H", ["2C", "3C"])
    events = act(s, 1, do="play", card="4H")
    assert TurnSkipped(2) in events and s.to_act == 0


def test_four_skips_in_two_player_game_returns_the_turn():
    s = pl([["6H", "KD"], ["4H", "7H", "7D"]], "8H", ["2C", "3C"])
    act(s, 1, do="play", card="4H")
    assert s.to_act == 1


def test_starter_four_skips_the_first_player():
    s = pl([["6H", "KD"], ["4C", "7C"], ["9D", "TD"]], "4H", ["2C", "3C"])
    assert s.to_act == 2


# ---------------------------------------------------------------- jacks


def test_jack_demand_binds_the_next_player_only():
    s = pl([["KS", "7C", "KD"], ["JH", "5C", "KC"], ["7D", "8D", "9S"]], "QH", ["2C", "3C", "4C"])
    act(s, 1, do="play", card="JH", demand="7")
    assert s.demand == "7" and s.to_act == 2
    with pytest.raises(IllegalAction, match="demands"):
        act(s, 2, do="play", card="8D")
    act(s, 2, do="play", card="7D")
    assert s.demand is None and s.to_act == 0
    act(s, 0, do="play", card="7C")  # plays on the 7 normally


def test_jack_with_no_demand_is_ordinary():
    s = pl([["KH", "QC"], ["JH", "5C", "KC"]], "QH", ["2C", "3C", "4C"])
    act(s, 1, do="play", card="JH")
    assert s.demand is None
    act(s, 0, do="play", card="KH")


def test_demand_may_be_only_five_to_ten_or_queen():
    s = pl([["KS", "QC"], ["JH", "5C", "KC"]], "QH", ["2C", "3C", "4C"])
    for bad in ("K", "J", "A", "4"):
        with pytest.raises(IllegalAction, match="demand only"):
            act(s, 1, do="play", card="JH", demand=bad)


def test_demand_not_met_with_option_off_lapses():
    s = pl([["KS", "QC", "5D"], ["JH", "5H", "KC"]], "QH", ["2C", "3C", "4C"],
           draw_until_playable=False)
    act(s, 1, do="play", card="JH", demand="7")
    events = act(s, 0, do="draw")
    assert DemandLapsed(0) in events and s.demand is None and s.to_act == 1
    act(s, 1, do="play", card="5H", makao=True)  # on the jack as on an ordinary card


def test_demand_with_nothing_to_draw_lapses():
    s = pl([["KS", "QC"], ["JH", "5C", "KH"]], "QH", [])
    act(s, 1, do="play", card="JH", demand="7")
    events = act(s, 0, do="draw")  # the queen under the jack, then nothing is left
    assert [str(c) for e in events if isinstance(e, CardsDrawn) for c in e.cards] == ["QH"]
    assert DemandLapsed(0) in events and s.to_act == 1 and s.demand is None


def test_an_unmet_demand_lets_the_count_of_stuck_turns_start_again():
    # §2 [decision], §5 demand_round: seat 1 draws the 7H from under the jack and is stuck, seat 0
    # (the jack's player) cannot meet his own demand either: the round ends, the demand lapses, and
    # seat 1, who can now play on the jack as on an ordinary card, does; the deal goes on
    s = pl([["JH", "5C", "6C"], ["5D", "9S"]], "7H", [], dealer=1, demand_round=True)
    act(s, 0, do="play", card="JH", demand="8")
    events = act(s, 1, do="draw")
    assert DemandLapsed(0) in events and not s.is_over
    assert s.to_act == 1 and s.demand is None
    act(s, 1, do="play", card="7H")


def test_an_unmet_demand_out_of_a_round_lets_the_count_start_again():
    # §2 [decision]: the same without the round; seat 0 holds nothing for the jack, seat 1 drawn
    # out of cards first, then seat 0 stuck again: the lapse at seat 1 starts the count anew
    s = pl([["JH", "5C", "6C"], ["5D", "9S"]], "7H", [], dealer=1)
    act(s, 0, do="play", card="JH", demand="8")
    events = act(s, 1, do="draw")
    assert DemandLapsed(1) in events and not s.is_over and s.to_act == 1
    act(s, 1, do="play", card="7H")


def test_only_a_jack_demands():
    s = pl([["KS", "QC"], ["QD", "5C", "KH"]], "QH", ["2C"])
    with pytest.raises(IllegalAction, match="only a jack"):
        act(s, 1, do="play", card="QD", demand="7")


# ---------------------------------------------------------------- starters


def test_starter_two_three_and_king_of_hearts_put_their_penalty_on_the_first_player():
    for starter, amount in (("2H", 2), ("3H", 3), ("KH", 5)):
        s = pl([["6H", "KD"], ["7C", "7D"]], starter, ["4C", "5C", "6C", "7S", "8S"], dealer=1)
        assert s.to_act == 0 and s.penalty == amount


def test_starter_jack_makes_no_demand_and_ace_keeps_its_suit():
    s = pl([["6H", "KD"], ["7C", "7D"]], "JH", ["4C"], dealer=1)
    assert s.demand is None
    s = pl([["6S", "KD"], ["7C", "7D"]], "AS", ["4C"], dealer=1)
    assert s.suit == "S"


def test_a_joker_found_by_the_starters_drawing_is_named_as_any_card():
    # §2 [decision]: after the first draw nothing is pending (§5 jokers: on nothing pending a
    # joker goes on any card as any card)
    s = pl([["5D", "6D"], ["5C", "8S"]], "2H", ["XX", "9C"], jokers=True)
    act(s, 1, do="draw")
    assert s.drawn is not None and s.penalty == 0
    assert any(a.as_card == C("KS") for a in s.legal_actions())
    act(s, 1, do="play", card="XX", **{"as": "KS"})
    assert s.top == C("KS") and s.to_act == 0


def test_starter_drawing_that_runs_dry_plays_on_as_an_ordinary_turn():
    # §2 [decision]: nothing left to draw before a card fits: a card of the hand that fits must
    # be played, any other is refused as on an ordinary turn, and a joker goes as any card
    s = pl([["5D", "6D"], ["5H", "8S", "XX"]], "2H", ["9C"], jokers=True)
    act(s, 1, do="draw")
    assert s.to_act == 1 and s.penalty == 0 and not s.starter_draw
    with pytest.raises(IllegalAction, match="matches neither"):
        act(s, 1, do="play", card="8S")
    assert {a.card for a in s.legal_actions()} == {C("5H"), C("XX")}
    assert any(a.as_card == C("KS") for a in s.legal_actions())
    act(s, 1, do="play", card="5H")
    assert s.to_act == 0


def test_starter_drawing_that_runs_dry_with_no_card_that_fits_passes():
    s = pl([["5D", "6H"], ["5C", "8S"]], "2H", ["9C"])
    events = act(s, 1, do="draw")
    assert TurnPassed(1, "stuck") in events and s.to_act == 0


# ---------------------------------------------------------------- Makao and going out


def test_forgotten_makao_costs_five():
    s = pl([["KS", "QC"], ["6H", "9C"]], "6S", ["2S", "3S", "4S", "5S", "7S", "8S"])
    act(s, 1, do="play", card="6H")
    assert len(s.hands[1]) == 6


def test_special_last_card_ends_the_deal_at_once():
    s = pl([["KS", "QC"], ["2H"]], "6H", ["2S", "3S"])
    act(s, 1, do="play", card="2H")
    assert s.is_over and s.penalty == 0 and s.winner == 1


def test_a_last_jack_may_carry_a_demand_accepted_and_without_effect():
    # §2 [decision]: as a last ace's suit is
    s = pl([["KS", "QC"], ["JH"]], "6H", ["2S", "3S"])
    events = act(s, 1, do="play", card="JH", demand="7")
    assert s.is_over and s.winner == 1 and s.demand is None
    assert not any(getattr(e, "demand_made", False) for e in events)
    s = pl([["KS", "QC"], ["AH"]], "6H", ["2S", "3S"])
    act(s, 1, do="play", card="AH", suit="S")
    assert s.is_over and s.winner == 1


def test_scoring():
    s = pl([["KS"], ["AD", "KH", "3C"], ["2D", "TD", "JD", "4S"]], "9S", ["5C"], dealer=2)
    act(s, 0, do="play", card="KS")
    assert s.points() == [10, -180, -44]


@pytest.mark.parametrize("card,value", [
    ("AS", 100), ("KH", 50), ("3C", 30), ("2D", 20), ("JC", 10), ("QS", 10), ("KD", 10),
    ("TD", 10), ("9C", 9), ("4H", 4),
])
def test_card_values(card, value):
    assert card_value(C(card)) == value


# ---------------------------------------------------------------- match


def test_match_of_a_number_of_deals():
    v = get_variant("makao-pl")
    m = Match(v, v.rules({"deals": 2, "draw_until_playable": False}), ["a", "b", "c"], seed=4)
    rng = random.Random(1)
    while not m.is_over:
        if m.awaiting_next_deal:
            m.next_deal()
        legal = m.state.legal_actions()
        plays = [a for a in legal if isinstance(a, Play) and (a.makao or len(m.state.hands[m.state.to_act]) != 2)]
        m.apply(rng.choice(plays or legal))
    assert len(m.deals) == 2
    assert m.totals == [sum(d.points[s] for d in m.deals) for s in range(3)]
    assert m.winners() == [s for s, t in enumerate(m.totals) if t == max(m.totals)]


def test_timed_match_finishes_the_deal_under_way():
    v = get_variant("makao-pl")
    m = Match(v, v.rules({"time_limit_min": 1}), ["a", "b"], seed=4)
    m.time_up = True
    assert not m.is_over  # the deal under way is finished first
    rng = random.Random(3)
    while not m.state.is_over:
        m.apply(rng.choice(m.state.legal_actions()))
    assert m.is_over


def test_a_forced_cycle_ends_the_deal_on_the_third_repetition():
    # B and D are skipped by fours for ever; A and C can only draw back and play the other four
    hands = [
        ["8D", "5D", "QC", "9C", "4D"],
        ["9D", "JD", "3D", "7D", "3H", "KC", "8C", "TD", "JS"],
        ["7C", "7H", "8H", "JC", "6H", "TC", "3C", "9H", "3S", "7S", "JH", "2S"],
        ["5H", "QH", "9S", "2D", "TH", "2H", "KD", "6D", "5C", "8S", "2C", "AC", "6C", "4C", "AH",
         "AD", "KH", "AS", "TS", "4H", "5S", "KS", "QD", "6S", "QS"],
    ]
    s = pl(hands, "4S", [], dealer=2)  # the starter four skips seat 3: seat 0 acts
    assert s.to_act == 0 and s.legal_actions() == [Play(C("4D"))]
    events = []
    for _ in range(40):
        if s.is_over:
            break
        events += s.apply(s.legal_actions()[0])
    assert s.is_over and s.winner is None
    assert any(isinstance(e, PositionRepeated) for e in events)
    assert s.points() == [-sum(card_value(c) for c in h) for h in s.hands]
