"""The games' words in Russian and Polish: plural forms through real events, option labels, rank
and suit names, and messages as data (makao_tui/engine/words.py) (issue 16)."""

from __future__ import annotations

import random
import re

import pytest

from makao_tui.engine import i18n
from makao_tui.engine.cards import Card, rank_name, rank_plural, suit_name
from makao_tui.engine.variant import option_description, option_fields, option_label, option_value_label
from makao_tui.engine.words import Number, Seat, Words, from_wire, plural_words
from makao_tui.games import get_variant
from makao_tui.games.macao_events import ShoeShuffled
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
    assert option_label(jokers) == "Jokery" and option_value_label(jokers, False) == "wył."


@pytest.mark.parametrize("language", ["en", "ru", "pl"])
def test_a_choice_options_description_names_its_values_by_their_labels(language):
    """Setup and the rules screen show a choice by its label ("doubles"), so its description
    explains the labels, never the values as typed on the command line (``double``, ``up_down``)."""
    i18n.set_language(language)
    for variant in map(get_variant, ("makao-ru", "makao-pl", "macao", "peklo")):
        for f in option_fields(variant.rules_type):
            description = option_description(f)
            for value in f.metadata.get("choices", ()):
                label = option_value_label(f, value)
                assert label in description, (f.name, label)
                if label != value:
                    assert not re.search(rf"\b{value}:", description), (f.name, value)  # "double: …"


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


@pytest.mark.parametrize("language,expected", [
    ("en", ["−0.25", "+0.50", "0.00", "3.2", "−7"]),
    ("ru", ["−0,25", "+0,50", "0,00", "3,2", "−7"]),
    ("pl", ["−0,25", "+0,50", "0,00", "3,2", "−7"]),
])
def test_numbers_are_written_as_the_language_writes_them(language, expected):
    """A decimal comma in Russian and Polish, a real minus sign (U+2212), no sign on a zero."""
    i18n.set_language(language)
    assert [i18n.number(-0.25, 2), i18n.number(0.5, 2, sign=True), i18n.number(-0.001, 2, sign=True),
            i18n.number(3.24, 1), i18n.number(-7)] == expected


def test_a_number_in_a_message_is_written_by_the_readers_language():
    words = Words("stands on {total}: a draw is worth less ({stand} standing, {draw} drawing)",
                  total=6, stand=Number(-0.125, 2, sign=True), draw=Number(0.25, 2, sign=True))
    assert from_wire(words.to_wire()) == words  # it travels as data: the client writes it
    assert words.text().endswith("(−0.12 standing, +0.25 drawing)")
    i18n.set_language("ru")
    assert "−0,12" in words.text() and "+0,25" in words.text() and "standing" not in words.text()


def test_macao_hints_write_their_values_in_the_readers_language():
    from makao_tui.ai import ai_for
    from makao_tui.engine.actions import Replace

    from ..ai.test_macao_levels import random_hand

    hard = ai_for("macao", "hard")
    shown = []
    for seed in range(40):
        state = random_hand(seed)
        view = state.view(state.to_act)
        if not view.is_banker and Replace not in {type(a) for a in view.legal}:
            i18n.set_language("pl")
            shown.append(hard.advise(view, random.Random(seed)).text())
            i18n.set_language("en")
    decimals = [text for text in shown if re.search(r"\d[.,]\d", text)]
    assert decimals and all(re.search(r"\d,\d\d", text) and not re.search(r"\d\.\d", text) for text in decimals)
    assert any("−" in text for text in decimals) and not any(re.search(r"-\d", text) for text in decimals)


def _russian_texts() -> list[tuple[str, str]]:
    """Every Russian translation of the three catalogs and every Russian rules text, as (where, text)."""
    import gettext

    from makao_tui.app.rules_book import RULES_DIR
    from makao_tui.engine.i18n import DOMAINS, LOCALE_DIR

    texts = []
    for domain in DOMAINS:
        with open(LOCALE_DIR / "ru" / "LC_MESSAGES" / f"{domain}.mo", "rb") as compiled:
            catalog = gettext.GNUTranslations(compiled)
        texts += [(f"{domain}: {key!r}", value) for key, value in catalog._catalog.items() if key]
    texts += [(path.name, path.read_text(encoding="utf-8")) for path in sorted(RULES_DIR.glob("*.ru.md"))]
    return texts


def test_russian_says_sdacha_for_a_deal_and_a_macao_hand_alike():
    """GLOSSARY: deal = сдача. Russian Macao said "кон" on its screens and "раздача" in its rules
    beside "сдача" (issue 30); one word now. ("на кону", at stake, is another word.)"""
    other = re.compile(r"\b(кон|кона|кону|коне|коном|коны|конов|конам|конами|конах|раздач\w*)\b", re.IGNORECASE)
    found = [(where, m.group(0)) for where, text in _russian_texts()
             for m in other.finditer(text.replace("на кону", ""))]
    assert not found, found


@pytest.mark.parametrize(("language", "names"), [
    ("en", ["Ann", "Olga", "Piotr", "Player 4", "Seat 5"]),
    ("ru", ["Ann", "Ольга", "Пётр", "Игрок 4", "Место 5"]),
    ("pl", ["Ann", "Olga", "Piotr", "Gracz 4", "Miejsce 5"]),
])
def test_the_names_the_table_gives_fit_the_language(language, names):
    """The AI's names and the names of unnamed seats were Latin and English on Russian and Polish
    screens (issue 30); a name given is kept as it is, and a stored match keeps its names."""
    from makao_tui.table import SeatSpec, seat_names

    i18n.set_language(language)
    seats = [SeatSpec("Ann", False), SeatSpec("", True), SeatSpec("", True), SeatSpec("\x1b", False),
             SeatSpec("", False, open=True)]
    assert seat_names(seats) == names
    assert seat_names([SeatSpec(names[1], False), SeatSpec("", True)]) == [names[1], names[2]]  # not twice
