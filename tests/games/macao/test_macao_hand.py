"""makao_tui/rules/macao.en.md through the engine, one hand at a time: values, replace, draw, order, settlement."""

from __future__ import annotations

import pytest

from makao_tui.engine.actions import Draw, Play, Replace, Stand
from makao_tui.engine.cards import ALL_CARDS, Card
from makao_tui.engine.scenario import ScenarioError
from makao_tui.engine.state import IllegalAction
from makao_tui.engine.variant import RulesError
from makao_tui.games import get_variant
from makao_tui.games.macao_events import (
    BankBroken,
    CardDrawn,
    CardReplaced,
    HandSettled,
    HandShown,
    LeftTable,
    Settled,
    ShoeShuffled,
)
from makao_tui.games.macao_rules import MacaoRules, card_points, hand_total

from .util import lay, play, table

C = Card.parse


# ---------------------------------------------------------------- point values


def test_point_values_of_every_card():
    want = {"A": 1, "T": 0, "J": 0, "Q": 0, "K": 0, **{str(n): n for n in range(2, 10)}}
    for card in ALL_CARDS:
        assert card_points(card) == want[card.rank], card


@pytest.mark.parametrize("cards, total", [
    (["3S"], 3), (["KD"], 0), (["3S", "6H"], 9), (["3S", "8H"], 3), (["5C", "9D"], 5),
    (["QS", "9H"], 9), (["AS", "AH"], 2), (["4D", "5D"], 9), (["4D", "6D"], 4), ([], 0),
])
def test_hand_total_drawn_card_counts_for_nothing_above_nine(cards, total):
    assert hand_total([C(c) for c in cards]) == total


def test_hand_total_refuses_three_cards():
    with pytest.raises(ValueError):
        hand_total([C("AS"), C("2S"), C("3S")])


# ---------------------------------------------------------------- order of play


def test_punters_from_the_bankers_left_then_the_banker():
    state = lay(["4C", "5C", "6C", "7C"], "2D 3D", dealer=2)
    seen = []
    while state.to_act is not None:
        seen.append(state.to_act)
        state.apply(Stand())
    assert seen == [3, 0, 1, 2]


def test_out_of_turn_is_refused_by_the_scenario_runner_and_changes_nothing():
    from makao_tui.engine.scenario import parse_layout, run_scenario
    from makao_tui.games import variants
    spec = {"variant": "macao", "players": 3, "dealer": 0, "hands": [["4C"], ["5C"], ["6C"]],
            "stock": ["2D"], "actions": [{"seat": 1, "do": "draw"}, {"seat": 0, "do": "stand"}]}
    out, status = run_scenario(parse_layout(spec, variants()))
    assert status == 2 and out["error"]["index"] == 1
    assert out["hands"] == [["4C"], ["5C", "2D"], ["6C"]] and out["to_act"] == 2


def test_a_seat_without_a_card_is_not_at_the_table_and_never_acts():
    state = lay(["4C", "", "6C"], "2D")
    assert state.to_act == 2
    play(state, "s s")
    assert state.is_over and state.points() == [-1, 0, 1]


def test_a_hand_of_two_cards_or_a_banker_without_a_card_is_refused():
    spec_two = {"variant": "macao", "players": 2, "hands": [["4C", "5C"], ["6C"]], "stock": []}
    from makao_tui.engine.scenario import build_state, parse_layout
    from makao_tui.games import variants
    with pytest.raises(ScenarioError):
        build_state(parse_layout(spec_two, variants()))
    with pytest.raises(ScenarioError):
        lay(["", "6C"], "2D")


# ---------------------------------------------------------------- replace


def test_replace_a_zero_card_keeps_the_turn_and_the_natural():
    state = lay(["5C", "KH"], "9S 2D")
    events = state.apply(Replace())
    assert events == [CardReplaced(1, C("KH"), C("9S"))]
    assert state.to_act == 1 and state.hands[1] == [C("9S")] and state.thrown[1] == [C("KH")]
    play(state, "s s")
    assert state.snapshot()["naturals"] == [True, True]
    assert state.points() == [-3, 3]  # natural 9 beats 5: ×3


def test_replace_is_repeatable_while_the_card_is_worth_zero():
    state = lay(["5C", "KH"], "QS TD 4D")
    play(state, "r r")
    assert state.hands[1] == [C("TD")] and Replace() in state.legal_actions()
    play(state, "r")
    assert state.hands[1] == [C("4D")] and Replace() not in state.legal_actions()
    with pytest.raises(IllegalAction, match="worth 0"):
        state.apply(Replace())


def test_replace_of_a_card_worth_points_is_refused():
    state = lay(["5C", "AH"], "9S")
    assert state.legal_actions() == [Draw(), Stand()]
    with pytest.raises(IllegalAction):
        state.apply(Replace())
    assert state.hands[1] == [C("AH")] and len(state.shoe) == 1


def test_a_foreign_action_is_refused():
    state = lay(["5C", "AH"], "9S")
    with pytest.raises(IllegalAction, match="not an action of Macao"):
        state.apply(Play(C("AH")))


# ---------------------------------------------------------------- draw and stand


def test_draw_ends_the_turn_and_spoils_the_natural():
    state = lay(["5C", "3H", "7D"], "6S 2D")
    events = state.apply(Draw())
    assert events == [CardDrawn(1, C("6S"))]
    assert state.to_act == 2 and state.total(1) == 9 and not state.natural(1)


def test_an_overdraw_leaves_the_first_cards_points():
    state = lay(["5C", "3H"], "8S")
    play(state, "d s")
    assert state.snapshot()["totals"] == [5, 3]
    assert state.points() == [1, -1]


def test_stand_ends_the_turn():
    state = lay(["5C", "3H", "7D"], "6S")
    state.apply(Stand())
    assert state.to_act == 2 and state.stood[1]


def test_no_card_left_anywhere_refuses_replace_and_draw():
    state = lay(["5C", "KH"], "")
    assert state.legal_actions() == [Stand()]
    for action in (Replace(), Draw()):
        with pytest.raises(IllegalAction, match="no card is left"):
            state.apply(action)
    play(state, "s s")
    assert state.points() == [1, -1]


def test_an_empty_shoe_takes_the_earlier_hands_of_the_bank():
    state = table(["5C", "KH"], "", spent="9S 9H", bankrolls=[10, 10])
    assert Replace() in state.legal_actions()
    events = state.apply(Replace())
    assert events[0] == ShoeShuffled(None, 2, refill=True)
    assert state.hands[1][0].rank == "9" and state.refilled and state.spent == []


# ---------------------------------------------------------------- settlement rates


@pytest.mark.parametrize("punter, punter_moves, banker, banker_moves, stock, points", [
    # punter higher: natural 9 ×3, natural 8 ×2, natural 7 ×1, drawn totals ×1
    ("9H", "s", "5C", "s", "", [-3, 3]),
    ("8H", "s", "5C", "s", "", [-2, 2]),
    ("7H", "s", "5C", "s", "", [-1, 1]),
    ("4H", "d", "5C", "s", "5S", [-1, 1]),   # drawn 9
    ("4H", "d", "5C", "s", "4S", [-1, 1]),   # drawn 8
    ("6H", "s", "5C", "s", "", [-1, 1]),     # lower total that still beats the banker
    # equal or lower: ×3 if the banker holds 9, ×2 if 8, ×1 otherwise, natural or drawn
    ("9H", "s", "9C", "s", "", [3, -3]),
    ("8H", "s", "8C", "s", "", [2, -2]),
    ("5H", "s", "5C", "s", "", [1, -1]),
    ("2H", "s", "4C", "d", "5S", [3, -3]),   # banker draws to 9
    ("2H", "s", "4C", "d", "4S", [2, -2]),   # banker draws to 8
    ("2H", "s", "7C", "s", "", [1, -1]),
    ("AH", "d", "KC", "r s", "8S 9S", [3, -3]),  # drawn 9 ties the banker, replaced to 9
])
def test_settlement_rates(punter, punter_moves, banker, banker_moves, stock, points):
    state = lay([banker, punter], stock)
    play(state, f"{punter_moves} {banker_moves}")
    assert state.is_over and state.points() == points


def test_stake_multiplies_every_line():
    state = lay(["5C", "9H", "2D"], "", stake=5)
    play(state, "s s s")
    assert state.points() == [-15 + 5, 15, -5]


def test_settlement_lines_in_order_from_the_bankers_left():
    state = lay(["4C", "9H", "2D", "8S"], "", dealer=2)
    events = play(state, "s s s s")
    lines = [e for e in events if isinstance(e, Settled)]
    assert [e.seat for e in lines] == [3, 0, 1]
    assert [(e.payer, e.payee, e.paid, e.reason) for e in lines] == [
        (2, 3, 2, "natural 8, ×2"), (2, 0, 1, "4 beats 2, ×1"), (2, 1, 3, "natural 9, ×3")]
    shown = [e for e in events if isinstance(e, HandShown)]
    assert [e.seat for e in shown] == [3, 0, 1, 2]
    # every hand stood, all are naturals by the rule, only 7, 8 and 9 are called so
    assert all(e.natural for e in shown)
    assert [e.text(["Ann", "Bob", "Cid", "Dan"]) for e in shown] == [
        "Dan shows 8♠: natural 8", "Ann shows 4♣: 4", "Bob shows 9♥: natural 9", "Cid shows 2♦: 2"]
    assert events[-1] == HandSettled(None, None, (1, 3, -6, 2))
    assert state.settlement == lines


def test_reasons_read_the_rule():
    state = lay(["7C", "3H", "7D", "9S", "5H"], "4S")
    events = play(state, "s s s d s")
    assert [e.reason for e in events if isinstance(e, Settled)] == [
        "3 against 7, ×1", "tie at 7, ×1", "natural 9, ×3", "9 beats 7, ×1"]


# ---------------------------------------------------------------- bankrolls


def test_a_punter_who_cannot_pay_in_full_pays_what_he_has_and_leaves():
    state = table(["9C", "5H", "4D"], "", bankrolls=[50, 2, 10])
    events = play(state, "s s s")
    assert state.points() == [5, -2, -3]
    line = next(e for e in events if isinstance(e, Settled) and e.seat == 1)
    assert (line.owed, line.paid) == (3, 2)
    assert LeftTable(1) in events and LeftTable(2) not in events
    assert "2 of 3" in line.text(["A", "B", "C"])


def test_a_banker_who_runs_out_pays_later_punters_from_what_he_collects():
    # makao_tui/rules/macao.en.md: banker has 3 chips: pays seat 1 its natural 9 (3), is broken, collects 1 from
    # seat 2, and pays seat 3 from that chip; left with nothing, he leaves after the settlement
    state = table(["5C", "9H", "2D", "7S"], "", bankrolls=[3, 10, 10, 10])
    events = play(state, "s s s s")
    lines = [e for e in events if isinstance(e, Settled)]
    assert [(e.seat, e.owed, e.paid) for e in lines] == [(1, 3, 3), (2, 1, 1), (3, 1, 1)]
    assert events.index(BankBroken(0)) == events.index(lines[0]) + 1
    assert state.points() == [-3, 3, -1, 1]
    assert LeftTable(0) in events


def test_a_broken_bank_pays_nothing_while_it_holds_nothing():
    state = table(["5C", "9H", "7S"], "", bankrolls=[3, 10, 10])
    events = play(state, "s s s")
    lines = [e for e in events if isinstance(e, Settled)]
    assert [(e.seat, e.owed, e.paid) for e in lines] == [(1, 3, 3), (2, 1, 0)]
    assert "bank holds nothing" in lines[1].text(["A", "B", "C"])


def test_a_banker_left_with_nothing_leaves_the_table():
    state = table(["5C", "9H", "8D"], "", bankrolls=[4, 10, 10])
    events = play(state, "s s s")
    assert state.points() == [-4, 3, 1]
    assert events[-2:] == [LeftTable(0), HandSettled(None, None, (-4, 3, 1))]


def test_a_scenario_gives_every_seat_the_bankroll_option():
    # the banker owes three naturals 9 x3 = 3000 each but holds 1000: the first punter gets it
    # all, the bank is broken and the others get nothing
    state = lay(["5C", "9H", "9D", "9S"], "", stake=1000, bankroll=1000)
    play(state, "s s s s")
    assert state.points() == [-1000, 1000, 0, 0]
    # a punter who owes 30 with 10 chips pays 10
    state = lay(["9D", "2C"], "5S", stake=10, bankroll=10)
    play(state, "s s")
    assert state.points() == [10, -10]


# ---------------------------------------------------------------- privacy, view, snapshot


def test_a_drawn_or_replaced_card_is_told_only_to_its_seat():
    state = lay(["5C", "KH", "3D"], "AS 6S")
    replaced = state.apply(Replace())[0]
    state.apply(Stand())
    drawn = state.apply(Draw())[0]
    names = ["Ann", "Bob", "Cy"]
    assert "A♠" not in replaced.text(names, viewer=0) and "K♥" not in replaced.text(names, viewer=0)
    assert "A♠" in replaced.text(names, viewer=1)
    assert "6♠" not in drawn.text(names, viewer=1) and "6♠" in drawn.text(names, viewer=2)
    assert "6♠" in drawn.text(names)  # an onlooker sees everything


def test_the_view_shows_own_cards_and_public_facts_only():
    state = lay(["5C", "KH", "3D"], "AS 6S 2H")
    play(state, "r s d")
    view = state.view(0)
    assert view.hand == (C("5C"),) and view.total == 5 and view.natural and view.thrown == ()
    assert view.counts == (1, 1, 2) and view.replaced == (0, 1, 0) and view.drew == (False, False, True)
    assert view.stood == (False, True, False) and view.legal == (Draw(), Stand())
    assert view.revealed is None and view.totals is None and view.points is None
    assert state.view(1).hand == (C("AS"),) and state.view(1).thrown == (C("KH"),)
    assert state.view(1).legal == ()


def test_at_the_settlement_every_card_is_face_up():
    state = lay(["5C", "KH", "3D"], "AS 6S")
    play(state, "r s d s")
    for seat in range(3):
        view = state.view(seat)
        assert view.over and view.revealed == ((C("5C"),), (C("AS"),), (C("3D"), C("6S")))
        assert view.totals == (5, 1, 9) and view.naturals == (True, True, False)
        assert view.points == (0, -1, 1) and len(view.settlement) == 2


def test_snapshot_keys():
    state = lay(["5C", "KH"], "AS")
    snap = state.snapshot()
    assert snap == {"variant": "macao", "to_act": 1, "hands": [["5C"], ["KH"]], "deal_over": False,
                    "points": None, "totals": [5, 0], "naturals": [True, True]}


def test_clone_is_independent():
    state = table(["5C", "KH"], "AS 2S", spent="9D", bankrolls=[5, 5])
    copy = state.clone()
    play(copy, "r d s")
    assert state.hands == [[C("5C")], [C("KH")]] and state.to_act == 1 and state.points() is None
    assert copy.points() == [1, -1]  # 5 against A+2


# ---------------------------------------------------------------- options


def test_rule_options_defaults_and_limits():
    variant = get_variant("macao")
    assert variant.rules() == MacaoRules(100, 1, 1)
    assert variant.rules({"bankroll": 50, "stake": 5, "rounds": 3}) == MacaoRules(50, 5, 3)
    for bad in ({"stake": 0}, {"bankroll": 5}, {"rounds": 11}, {"stake": 200, "bankroll": 100}, {"ante": 1}):
        with pytest.raises(RulesError):
            variant.rules(bad)
    assert (variant.decks, variant.min_players, variant.max_players, variant.family) == (2, 2, 8, "banking")
    assert variant.initial_total(variant.rules({"bankroll": 70})) == 70


def test_a_banker_broken_by_the_last_punter_is_told_once_that_he_leaves():
    # the tester's hand: the bank of 10 pays the last punter all it holds; "the bank is broken" and
    # "leaves the table" one after the other said the same thing twice
    state = table(["5C", "7H", "9D"], "", bankrolls=[10, 10, 10], stake=10)
    events = play(state, "s s s")
    assert state.points() == [-10, 10, 0]
    assert LeftTable(0) in events and BankBroken(0) not in events
