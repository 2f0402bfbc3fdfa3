"""The rule config's reading of penalty cards (``ShedRules.penalty``, which the AI asks) agrees with
the rules code's own tables (``shedding_core._tables``) for every card under every combination of
the fields they read (makao_tui/rules/makao-ru.en.md, makao-pl.en.md, makao-pl.en.md#house-rules
``battle_kings``, ``king_ransom``)."""

import dataclasses
import itertools

import pytest

from makao_tui.engine.cards import ALL_CARDS, JOKER
from makao_tui.games import get_variant
from makao_tui.games.shedding_core import _tables
from makao_tui.games.shedding_records import ShedRules

BASES = [ShedRules(), get_variant("makao-ru").rules({}), get_variant("makao-pl").rules({}),
         get_variant("makao-pl").rules(preset="house")]
FIELDS = {
    "battle_kings": (False, True),
    "king_hearts_penalty": (0, 5, 3),
    "answer_by": ("kind", "rank"),
    "penalty_cards": ((("2", 2), ("3", 3)), (("2", 2),), (("2", 2), ("K", 4))),
    "ransom_stacking": ("add", "double"),
}


@pytest.mark.parametrize("base", BASES, ids=["base", "makao-ru", "makao-pl", "makao-pl-house"])
def test_the_config_reads_penalty_cards_as_the_rules_code_does(base):
    for values in itertools.product(*FIELDS.values()):
        rules = dataclasses.replace(base, **dict(zip(FIELDS, values, strict=True)))
        tables = _tables(rules)
        for card in (*ALL_CARDS, JOKER):
            kind = tables.kind[card]
            expected = None if kind is None else (kind, tables.value[kind])
            assert rules.penalty(card) == expected, (values, card)
            assert rules.is_attack(card) is (kind is not None)
            assert rules.penalty_value(card) == (expected[1] if expected else 0)
