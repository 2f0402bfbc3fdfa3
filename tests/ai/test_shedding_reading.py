"""The hard Makao AI reads the table (issue 15): the cards the next player may follow a play
with, the chance that player holds none of them (agreeing with the worlds the search samples),
and the hard level's own choice of the play the next player is least likely to follow."""

from __future__ import annotations

import random

import pytest

from makao_tui.ai import Advice
from makao_tui.ai.shedding import (
    READ_WEIGHT,
    ShedAI,
    _penalty_after,
    _policy_table,
    draws_for_want,
    miss_chance,
    reason,
    unseen_counts,
)
from makao_tui.engine import Card, Draw, Play
from makao_tui.engine.cards import ALL_CARDS, JOKER
from makao_tui.games import get_variant
from makao_tui.games.shedding import DRAW, move_action, next_allowed, sample_state
from tests.helpers import lay

C = Card.parse


def _states(options: dict, count: int, seed: int, players: int = 2):
    """``count`` states of makao-pl under ``options`` with a seat to act, reached by random play."""
    v = get_variant("makao-pl")
    rules = v.rules(options)
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        state = v.deal(rules, players, rng.randrange(players), rng, None)
        for _ in range(rng.randrange(0, 200)):
            if state.is_over:
                break
            state.step(rng.choice(state.moves()))
        if not state.is_over:
            out.append(state)
    return out


@pytest.mark.parametrize("options", [{}, get_variant("makao-pl").presets["house"], {"jokers": True}],
                         ids=["seed", "house", "jokers"])
def test_next_allowed_is_what_the_next_seat_may_start_a_play_with(options):
    checked = 0
    for state in _states(options, 60, seed=1, players=3):
        seat = state._turn
        for move in state.moves():
            if move >= DRAW:
                continue
            after = state.clone()
            after.step(move)
            carried = state.demand if state.rules.demand_round and seat != state.demand_owner else None
            allowed = next_allowed(state.rules, move, carried)
            play = move_action(move)
            face = play.as_card if play.as_card is not None else play.cards[-1]
            if face.rank == "4" and not state.rules.fours_stack:
                assert allowed == 0  # the next seat is passed over
                continue
            back = state.rules.battle_kings and str(face) == "KS"
            target = (seat + (-1 if back else 1)) % state.players
            if after.over or after._turn != target or after.drawn is not None or after.starter_draw:
                continue  # the deal ended, or the target had no four to pass a skip on and sat out
            if after.demand_owner == after._turn or any(after.waiting):
                continue  # the jack's own player (it may lay a jack too), or a seat sat out a skip
            assert after._allowed() == allowed, (state.view(seat), move)
            checked += 1
    assert checked > 60


def test_next_allowed_after_a_four_is_nothing_under_the_seed_rules():
    rules = get_variant("makao-pl").rules({})
    assert next_allowed(rules, C("4S")) == 0
    house = get_variant("makao-pl").rules(get_variant("makao-pl").presets["house"])
    assert next_allowed(house, C("4S")) == sum(1 << C(f"4{s}") for s in "CDHS") | 1 << JOKER


def test_miss_chance_counts_cards_at_random_among_the_hidden_places():
    table = _policy_table(get_variant("makao-pl").rules({}))
    hand = [c for c in ALL_CARDS if c.suit in "CD"]  # 26 cards in hand, none on the pile
    have = unseen_counts(table, hand, [])
    hearts = sum(1 << c for c in ALL_CARDS if c.suit == "H") | 1 << JOKER
    # 26 unseen cards, 13 of them hearts; a hand of 2 holds no heart with 13/26 · 12/25
    assert miss_chance(have, 2, hearts, None) == pytest.approx(13 / 26 * 12 / 25)
    assert miss_chance(have, 14, hearts, None) == 0.0
    assert miss_chance(have, 5, 0, None) == 1.0
    # an old card known to be no heart: of 3 cards one is a spade for sure
    spades_only = (hearts, 1)
    assert miss_chance(have, 3, hearts, spades_only) == pytest.approx(12 / 25 * 11 / 24)
    assert miss_chance(have, 0, hearts, None) == 1.0
    assert have[JOKER] == 0


def test_a_miss_costs_the_penalty_a_lost_turn_or_the_draws_until_a_card_fits():
    rules = get_variant("makao-pl").rules({})
    table = _policy_table(rules)
    have = unseen_counts(table, [c for c in ALL_CARDS if c.suit in "CD"], [])
    hearts = sum(1 << c for c in ALL_CARDS if c.suit == "H") | 1 << JOKER
    miss = 13 / 26 * 12 / 25
    # drawing until a heart comes: 24 cards outside the hand of 2, 13 hearts among them
    assert draws_for_want(have, 2, hearts, None, 0) == pytest.approx(miss * 25 / 14)
    assert draws_for_want(have, 2, hearts, None, 4) == pytest.approx(miss * 4)
    assert draws_for_want(have, 2, 0, None, 0) == 1.0  # a four: one turn lost
    # a 2 starts 2, a ransomed 3 doubles 3 (makao_tui/rules/makao-pl.en.md: 3 -> 6), two 2s at once make 4 (§5)
    assert _penalty_after(table, 0, C("2H"), 1) == 2
    assert _penalty_after(table, 3, C("3S"), 1) == 6
    assert _penalty_after(table, 0, C("2H"), 2) == 4


@pytest.mark.parametrize("seed", range(3))
def test_miss_chance_agrees_with_the_worlds_the_search_samples(seed):
    rules = get_variant("makao-pl").rules({})
    table = _policy_table(rules)
    checked = 0
    for state in _states({}, 60, seed=seed):
        seat = state._turn
        nxt = 1 - seat
        if state.unfit[nxt] is None:
            continue  # the draws' inference is the part worth checking
        view = state.view(seat)
        have = unseen_counts(table, view.hand, view.pile)
        plays = [m for m in state.moves() if m < DRAW][:2]
        worlds = [sample_state(view, rules, random.Random(k)) for k in range(1500)]
        for move in plays:
            allowed = next_allowed(rules, move)
            expected = miss_chance(have, view.counts[nxt], allowed, view.unfit[nxt])
            seen = sum(not any(allowed >> c & 1 for c in w.hands[nxt]) for w in worlds) / len(worlds)
            assert seen == pytest.approx(expected, abs=0.05)
            checked += 1
        if checked >= 4:
            break
    assert checked >= 4


def _after_seat_1_drew(hands: list[list[str]], starter: str, first: str, drawn: list[str]):
    """Seat 0's view of a two-player makao-pl deal (seed rules) after seat 0 played ``first``
    and seat 1 drew ``drawn`` one by one (only the last fits) and played the last of them."""
    used = {*hands[0], *hands[1], starter, *drawn}
    stock = [*drawn, *(str(c) for c in ALL_CARDS if str(c) not in used)]
    state = lay(variant="makao-pl", dealer=1, hands=hands, starter=starter, stock=stock)
    state.apply(Play(C(first)))
    for _ in drawn:
        state.apply(Draw())
    state.apply(Play(C(drawn[-1])))
    return state.view(0)


def test_the_hard_level_names_the_suit_the_next_player_drew_for():
    # seat 1 could not follow the 5♦ (no diamond, five or ace), drew the K♠ and the 8♥ and played
    # the 5♣ it found; seat 0's only card that fits is its ace, and the rest of its hand holds one
    # card of each of three suits: the normal level may name any of them, the hard one names the
    # diamonds seat 1 is known to lack among its old cards
    view = _after_seat_1_drew([["5D", "AC", "7D", "7H", "7S"], ["8C", "9C", "TC", "8S", "9S"]], "6D", "5D",
                              ["KS", "8H", "5C"])
    assert view.unfit[1] is not None
    reader = ShedAI(READ_WEIGHT)
    assert {reader.choose(view, random.Random(k)) for k in range(10)} == {Play(C("AC"), suit="D")}
    assert len({ShedAI().choose(view, random.Random(k)).suit for k in range(30)}) > 1
    # the hint says so: the reason is seat 1's draw, not the diamonds seat 0 holds
    advice = Advice(Play(C("AC"), suit="D"), reason(view, Play(C("AC"), suit="D")))
    assert advice.text(["Ann", "Olga"]) == "plays the ace and names diamonds: Olga drew for want of that suit"
    assert "holds" in reason(view, Play(C("AC"), suit="H")).text()  # a suit seat 1 was not seen to lack


def test_the_hint_names_the_draw_behind_a_jacks_demand():
    # seat 1 could not follow the 6♦ (no diamond, six or ace among its five cards), drew until the
    # 6♣ came and played it; a demand for sixes is what it was seen to lack
    view = _after_seat_1_drew([["6D", "JC", "7H", "7S", "8S"], ["8C", "9C", "TC", "KS", "9S"]], "5D", "6D",
                              ["3H", "4H", "6C"])
    words = reason(view, Play(C("JC"), demand="6"))
    assert Advice(Play(C("JC"), demand="6"), words).text(["Ann", "Olga"]) == (
        "plays the jack and demands 6s: Olga drew for want of one")
    assert reason(view, Play(C("JC"), demand="7")).text() == "plays the jack and demands 7s: it holds one"
