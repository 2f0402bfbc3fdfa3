"""``makao play``'s flags of rule options come from the games' configs (issue 28 item 4): an option
made with ``option(..., flag=...)`` offers its flag, merged over the games that offer it."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from makao_tui.engine.variant import OptionFlag, Variant, option, option_flags


@dataclass(frozen=True)
class FirstRules:
    limit: int = option(10, "Limit", "The match ends at this total.", range=(1, 20), flag="--limit",
                        flag_help="the total that ends the match.")
    quick: bool = option(False, "Quick", "Fewer cards.", flag="--quick", flag_help="deal fewer cards.")
    plain: str = option("x", "Plain", "Only through --option.", choices=("x", "y"))
    style: str = option("x", "Style", "A choice with a flag.", choices=("x", "y"), flag="--style",
                        flag_help="the style.")


@dataclass(frozen=True)
class SecondRules:
    quick: bool = option(False, "Quick", "Fewer cards.", flag="--quick", flag_help="deal fewer cards.")
    more: int = option(1, "More", "More of it.", range=(1, 5), flag="--more", flag_help="more of it.")


@dataclass(frozen=True)
class ClashingRules:
    quick: int = option(1, "Quick", "A number this time.", range=(1, 5), flag="--quick", flag_help="a number.")


def game(game_id: str, rules_type: type) -> Variant:
    return Variant(id=game_id, name=game_id, family="test", min_players=2, max_players=4, rules_type=rules_type,
                   deal=lambda *args: None, from_layout=lambda layout: None,
                   match_over=lambda match: True)


def test_each_flag_once_with_every_game_that_offers_it():
    flags = option_flags([game("first", FirstRules), game("second", SecondRules)])
    assert flags == [
        OptionFlag("--limit", "limit", int, "the total that ends the match.", ("first",)),
        OptionFlag("--style", "style", str, "the style.", ("first",)),
        OptionFlag("--quick", "quick", bool, "deal fewer cards.", ("first", "second")),
        OptionFlag("--more", "more", int, "more of it.", ("second",)),
    ]
    assert flags[2].help_words() == "first, second: deal fewer cards."
    assert option_flags([game("second", SecondRules)])[0].games == ("second",)


def test_one_flag_for_two_different_options_is_refused():
    with pytest.raises(ValueError, match="--quick is given to options"):
        option_flags([game("first", FirstRules), game("clash", ClashingRules)])


def test_a_flag_needs_its_help():
    with pytest.raises(ValueError, match="flag and its help"):
        option(1, "Label", "Description.", flag="--label")
