"""The shedding core's plays of a hand, joined from the plays of each suit's cards and of the joker
that a rule config keeps (``_Tables.runs``, ``_Tables.jokers``): the same list, in the same order,
as the plays of the whole hand listed card by card."""

from __future__ import annotations

import random

import pytest

from makao_tui.engine.variant import option_fields
from makao_tui.games import get_variant
from makao_tui.games.shedding_core import DRAW


def random_options(rules_type: type, rng: random.Random) -> dict:
    """One of its choices for every option that has some, a coin for every yes/no option."""
    out = {}
    for f in option_fields(rules_type):
        if f.metadata.get("choices"):
            out[f.name] = rng.choice(f.metadata["choices"])
        elif f.type in (bool, "bool"):
            out[f.name] = rng.random() < 0.5
    return out


@pytest.mark.parametrize("game", ["makao-ru", "makao-pl"])
@pytest.mark.parametrize("seed", range(6))
def test_the_plays_joined_from_each_suit_are_those_of_the_hand_listed_card_by_card(game, seed):
    variant = get_variant(game)
    rng = random.Random(seed)
    options = random_options(variant.rules_type, rng)
    options["multi_play"] = False  # (under multi_play the plays are listed from the hand every time)
    if game == "makao-ru":
        del options["multi_play"]
    rules = variant.rules(options)
    compared = deal = 0
    while compared < 300:  # deals one after another, until 300 positions are compared
        state = variant.deal(rules, 2 + seed % 3, deal % 2, random.Random(seed * 100 + deal), None)
        deal += 1
        while not state.is_over and compared < 300:
            moves = state.moves()
            allowed, firsts, *_ = state._choices()
            after = min(len(state.hands[state.to_act]) - 1, 2)
            listed, _choices = state._listing(firsts, state._joker_faces(allowed), after)
            assert [m for m in moves if m < DRAW] == list(listed)
            state.step(rng.choice(moves))
            compared += 1
