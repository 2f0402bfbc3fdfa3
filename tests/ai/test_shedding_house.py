"""The shedding AI under the makao_tui/rules/makao-pl.en.md#house-rules options (issue 14 item 5): every level stays
legal under
random option sets, and the normal and hard levels use the options: they answer a stacked four
with a four, lay a pair when it empties the hand faster, name a joker as the card that answers a
K♥, and keep a joker while a plain card does the job."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from makao_tui.ai import LEVELS, Thinking, ai_for
from makao_tui.ai.shedding import _policy_table, playout_move, reason
from makao_tui.engine import Card, Play
from makao_tui.engine.cards import ALL_CARDS, JOKER
from makao_tui.engine.variant import option_fields
from makao_tui.games import get_variant
from makao_tui.games.shedding import move_action
from tests.helpers import lay

C = Card.parse
FAST = Thinking(seconds=None, playouts=16)
#: a budget that settles a choice among half a dozen answers
STEADY = Thinking(seconds=None, playouts=200)
HOUSE_OPTIONS = ("queens", "fours_stack", "battle_kings", "multi_play", "demand_round", "makao_out",
                 "jokers", "draw_until_playable")


@st.composite
def option_sets(draw):
    """A game and a random set of its on/off options (the §5 house rules among them)."""
    vid = draw(st.sampled_from(["makao-pl", "makao-ru"]))
    v = get_variant(vid)
    names = [f.name for f in option_fields(v.rules_type) if isinstance(f.default, bool)]
    return vid, {n: draw(st.booleans()) for n in names}


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(option_sets(), st.integers(0, 2**31), st.sampled_from(LEVELS))
def test_every_level_plays_legally_under_random_options(game, seed, level):
    vid, options = game
    v = get_variant(vid)
    rules = v.rules(options)
    rng = random.Random(seed)
    state = v.deal(rules, rng.randint(2, 4), 0, rng, None)
    player = ai_for(vid, level, rules, FAST)
    for _ in range(rng.randrange(20, 60)):
        if state.is_over:
            break
        view = state.view(state.to_act)
        action = player.choose(view, rng) if level != "hard" or rng.random() < 0.2 else rng.choice(view.legal)
        assert action in view.legal
        state.apply(action)


def _pl(hands, starter, dealer=0, **options):
    """A makao-pl deal laid out with ``options``; the stock: the rest of the pack (jokers too)."""
    used = {starter, *(c for hand in hands for c in hand)}
    stock = [str(c) for c in ALL_CARDS if str(c) not in used]
    if options.get("jokers"):
        stock += ["XX"] * (2 - sum(hand.count("XX") for hand in hands))
    return lay(variant="makao-pl", hands=hands, starter=starter, stock=stock, options=options, dealer=dealer)


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_answers_a_stacked_four_with_a_four(level):
    s = _pl([["4C", "7C", "KD", "9H", "QS"], ["4H", "5D", "6D", "7D"]], "5H", fours_stack=True)
    s.apply(Play(C("4H")))  # seat 1 (left of the dealer) lays a four on seat 0
    view = s.view(0)
    action = ai_for("makao-pl", level, s.rules, FAST).choose(view, random.Random(1))
    assert action == Play(C("4C"))


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_lays_a_pair_when_it_empties_the_hand_faster(level):
    s = _pl([["5D", "6D", "7D", "8D", "9D"], ["6H", "6S", "9C"]], "6C", multi_play=True)
    view = s.view(1)
    action = ai_for("makao-pl", level, s.rules, FAST).choose(view, random.Random(2))
    assert isinstance(action, Play) and sorted(action.cards) == sorted([C("6H"), C("6S")])
    assert action.makao  # one card left: the call goes with it


@pytest.mark.parametrize("seed", range(5))
def test_the_playouts_go_out_with_a_pair_rather_than_call_makao(seed):
    # the hard AI's playouts model both sides by playout_move: with 6♥ 6♠ left on the 6♣, laying
    # both ends the deal; laying one (with the Makao call) does not
    s = _pl([["5D", "6D", "7D", "8D", "9D"], ["6H", "6S"]], "6C", multi_play=True)
    moves = s.moves()
    move = playout_move(s, moves, _policy_table(s.rules), random.Random(seed))
    assert len(move_action(move).cards) == 2


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_names_a_joker_as_a_king_to_answer_the_king_of_hearts(level):
    s = _pl([["XX", "5C", "7D", "9S", "TS"], ["KH", "5D", "6D", "7S"]], "5H", jokers=True)
    s.apply(Play(C("KH")))
    view = s.view(0)
    assert view.penalty == 5
    # four answers (the joker as each king) and taking: 16 playouts leave about 3 a choice, too few
    action = ai_for("makao-pl", level, s.rules, STEADY).choose(view, random.Random(3))
    assert isinstance(action, Play) and action.card == JOKER and action.as_card.rank == "K"
    assert reason(view, action).text().startswith("plays the joker as K")


def test_keeps_the_joker_while_a_plain_card_fits():
    s = _pl([["XX", "7H", "9C", "TS", "3D"], ["KD", "5D", "6D", "7S"]], "5H", jokers=True)
    s.apply(Play(C("5D")))  # seat 1 plays on; seat 0 holds 3♦ that fits and the joker
    action = ai_for("makao-pl", "normal", s.rules).choose(s.view(0), random.Random(4))
    assert isinstance(action, Play) and action.card != JOKER


def test_aims_the_king_of_spades_at_the_previous_player_when_he_is_close_to_going_out():
    # three players; seat 0 is to act after seat 2 (its previous player) is left with 1 card
    s = _pl([["KS", "8S", "QD", "9D", "TD"], ["5C", "6C", "7C", "8C", "9C"], ["5S", "6D"]], "7S",
            dealer=1, battle_kings=True)
    s.apply(Play(C("5S"), makao=True))  # seat 2 plays, one card left
    view = s.view(0)
    assert view.to_act == 0 and view.counts[2] == 1
    action = ai_for("makao-pl", "normal", s.rules).choose(view, random.Random(5))
    assert action == Play(C("KS"))
