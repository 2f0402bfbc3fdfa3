"""The games' words in Russian and Polish: plural forms through real events, option labels, rank
and suit names, and messages as data (makao_tui/engine/words.py) (issue 16)."""

from __future__ import annotations

import pytest

from makao_tui.engine import i18n
from makao_tui.engine.cards import Card, rank_name, rank_plural, suit_name
from makao_tui.engine.variant import option_description, option_fields, option_label, option_value_label
from makao_tui.engine.words import Seat, Words, from_wire, plural_words
from makao_tui.games import get_variant
from makao_tui.games.macao import ShoeShuffled
from makao_tui.games.shedding import CardsDrawn, StockRebuilt

COUNTS = (1, 2, 5, 11, 21, 22)
TWO = Card.parse("2S")


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("ru", ["1 карту", "2 карты", "5 карт", "11 карт", "21 карту", "22 карты"]),
        ("pl", ["1 kartę", "2 karty", "5 kart", "11 kart", "21 kart", "22 karty"]),
        ("en", ["1 card ", "2 cards", "5 cards", "11 cards", "21 cards", "22 cards"]),
    ],
)
def test_a_drawn_count_takes_the_plural_form_of_the_language(language, expected):
    i18n.set_language(language)
    for n, words in zip(COUNTS, expected, strict=True):
        text = CardsDrawn(1, (TWO,) * n, "penalty").text(["Ann", "Оля"], viewer=0)
        assert words in text + " ", (language, n, text)


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("ru", ["1 карта)", "2 карты)", "5 карт)", "11 карт)", "21 карта)", "22 карты)"]),
        ("pl", ["1 karta)", "2 karty)", "5 kart)", "11 kart)", "21 kart)", "22 karty)"]),
    ],
)
def test_the_rebuilt_stock_counts_in_the_nominative(language, expected):
    i18n.set_language(language)
    assert [StockRebuilt(None, n).text([])[-len(w):] for n, w in zip(COUNTS, expected, strict=True)] == expected


def test_the_shoe_counts_its_cards_in_each_language():
    i18n.set_language("ru")
    assert ShoeShuffled(None, 21).text([]) == "Тасуется новая колода: 21 карта"
    i18n.set_language("pl")
    assert ShoeShuffled(None, 22).text([]) == "Tasuje się nową talię: 22 karty"


def test_ranks_suits_and_game_names_are_the_players_words():
    i18n.set_language("ru")
    assert [rank_name(r) for r in "AKQJ"] == ["туз", "король", "дама", "валет"]
    assert [suit_name(s) for s in "SCDH"] == ["пики", "трефы", "бубны", "червы"]
    assert rank_plural("Q") == "дам" and get_variant("peklo").title() == "Пекло"
    i18n.set_language("pl")
    assert [rank_name(r) for r in "AKQJ"] == ["as", "król", "dama", "walet"]
    assert [suit_name(s) for s in "SCDH"] == ["pik", "trefl", "karo", "kier"]
    assert get_variant("makao-ru").title() == "Makao rosyjskie"
    i18n.set_language("en")
    assert rank_name("T") == "10" and suit_name("H") == "hearts" and get_variant("macao").title() == "Macao"


def test_every_option_label_and_description_is_translated():
    for language in ("ru", "pl"):
        i18n.set_language(language)
        for variant in map(get_variant, ("makao-ru", "makao-pl", "macao", "peklo")):
            for f in option_fields(variant.rules_type):
                assert option_label(f) != f.metadata["label"] or f.name == "makao_out", (language, f.name)
                assert option_description(f) != f.metadata["description"], (language, f.name)
                for value in f.metadata.get("choices", ()):
                    assert option_value_label(f, value) != value, (language, f.name, value)
    i18n.set_language("pl")
    jokers = next(f for f in option_fields(get_variant("makao-pl").rules_type) if f.name == "jokers")
    assert option_label(jokers) == "Dżokery" and option_value_label(jokers, False) == "wył."


def test_words_travel_as_data_and_are_said_in_the_readers_language():
    words = Words("{seat} has {cards}", seat=Seat(2), cards=plural_words("{count} card", "{count} cards", 1, count=1))
    again = from_wire(words.to_wire())
    assert again == words
    assert again.text(["Ann", "Bob", "Olga"]) == "Olga has 1 card"
    assert again.text() == "seat 3 has 1 card"
    i18n.set_language("ru")
    assert plural_words("{count} card", "{count} cards", 21, count=21).text() == "21 карта"
    with pytest.raises(ValueError, match="not a message"):
        from_wire({"words": 3})
