"""The language machinery: choosing a language, plural forms by each language's rules, and the
catalogs complete and compiled (issue 16)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from makao_tui.engine import i18n
from makao_tui.engine.events import DealEnded, DealStarted

from .pseudo import Pseudo

ROOT = Path(__file__).resolve().parents[2]
COUNTS = (1, 2, 5, 11, 21, 22)


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("ru", ["1 карте", "2 карты", "5 карт", "11 карт", "21 карте", "22 карты"]),
        ("pl", ["1 karcie", "2 karty", "5 kart", "11 kart", "21 kart", "22 karty"]),
        ("en", ["1 card ", "2 cards", "5 cards", "11 cards", "21 cards", "22 cards"]),
    ],
)
def test_counts_take_the_plural_form_of_the_language(language, expected):
    i18n.set_language(language)
    texts = [DealStarted(None, 0, n).text(["Ann"]) for n in COUNTS]
    for text, words in zip(texts, expected, strict=True):
        assert words in text + " ", (language, text)


def test_switching_the_language_changes_the_next_words_shown():
    event = DealEnded(None, 0)
    i18n.set_language("pl")
    assert event.text(["Ola"]) == "Ola wygrywa rozdanie"
    i18n.set_language("ru")
    assert event.text(["Оля"]) == "Оля выигрывает сдачу"
    i18n.set_language("en")
    assert event.text(["Ann"]) == "Ann wins the deal"


def test_the_pseudo_language_wraps_every_message_it_is_asked_for():
    i18n.use_translations(Pseudo())
    assert DealEnded(None, 1).text(["Ann", "Bob"]) == "⟦Bob wins the deal⟧"


@pytest.mark.parametrize(
    ("environ", "expected"),
    [
        ({"LANG": "ru_RU.UTF-8"}, "ru"),
        ({"LANG": "pl_PL.UTF-8", "LC_MESSAGES": "en_GB.UTF-8"}, "en"),
        ({"LANG": "ru_RU.UTF-8", "LC_ALL": "pl_PL"}, "pl"),
        ({"LC_ALL": "", "LANG": "pl_PL.ISO-8859-2"}, "pl"),
        ({"LANG": "C"}, "en"),
        ({"LANG": "POSIX"}, "en"),
        ({"LANG": "de_DE.UTF-8"}, None),
        ({}, None),
    ],
)
def test_the_locale_variables_name_the_language(environ, expected):
    assert i18n.language_from_environment(environ) == expected


def test_the_flag_beats_the_saved_choice_which_beats_the_locale():
    env = {"LANG": "ru_RU.UTF-8"}
    assert i18n.choose_language("pl", "en", env) == "pl"
    assert i18n.choose_language(None, "en", env) == "en"
    assert i18n.choose_language(None, None, env) == "ru"
    assert i18n.choose_language(None, "xx", {"LANG": "de_DE"}) == "en"
    with pytest.raises(ValueError, match="unknown language 'de'"):
        i18n.choose_language("de", None, env)


def test_an_unknown_language_flag_is_one_clear_line():
    result = subprocess.run([sys.executable, "-m", "makao_tui", "--lang", "de", "rules", "peklo"],
                            capture_output=True, text=True, stdin=subprocess.DEVNULL, check=False)
    assert result.returncode == 2
    assert result.stderr.strip() == "makao: unknown language 'de' (known: en, ru, pl)"


def test_the_catalogs_are_complete_and_compiled():
    """Every marked message of the code is translated in every language (none empty or fuzzy, none
    left over) and each .mo matches its .po: ``python scripts/catalogs.py check``."""
    result = subprocess.run([sys.executable, str(ROOT / "scripts" / "catalogs.py"), "check"],
                            capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stdout


@pytest.mark.parametrize("text,expected", [
    ("Колода перетасована", "колода перетасована"),
    ("Żądanie przepada", "żądanie przepada"),
    ("The stock is reshuffled", "the stock is reshuffled"),
    ("Olga: «Макао!»", "Olga: «Макао!»"),  # a name
    ("Bob draws 2 cards", "Bob draws 2 cards"),
    ("K♥ is turned up", "K♥ is turned up"),  # a card
    ("ИИ играет за Bob", "ИИ играет за Bob"),  # capitals
    ("«Макао!»", "«Макао!»"),
    ("A fresh shoe of 104 cards is shuffled", "a fresh shoe of 104 cards is shuffled"),
    ("Я сдаю", "я сдаю"),  # a one-letter word
    ("AH is turned up", "AH is turned up"),
    ("", ""),
])
def test_a_sentence_goes_on_in_lower_case_after_a_dash_or_a_colon(text, expected):
    assert i18n.continuing(text, ["Olga", "Bob"]) == expected


def test_an_operating_systems_reason_is_said_in_the_language():
    i18n.set_language("pl")
    assert i18n.os_reason(FileNotFoundError(2, "No such file or directory")) == "nie ma takiego pliku ani folderu"
    assert i18n.os_reason(OSError(5, "Input/output error")) == "Input/output error"  # not known here: the system's


def test_no_message_below_the_app_names_a_key():
    """The words of the engine, the games, the AI, the table and the store (the ``games``
    catalog) name no key of the terminal app: a rule's message reads the same at a shared table,
    in a scenario's output and under any key map, and the app adds a key's hint where it wants one
    (issue 28 item 1: "take it (t)" was a rule's message)."""
    from babel.messages.pofile import read_po

    key = re.compile(r"\((?:[a-zA-Z?]|Enter|Space|Esc|Tab)\)|\b(?:press|key|keys|Enter|Esc|Space)\b")
    with (ROOT / "makao_tui" / "locale" / "ru" / "LC_MESSAGES" / "games.po").open("rb") as handle:
        catalog = read_po(handle)
    named = [m.id for m in catalog if m.id and any(key.search(text) for text in (
        m.id if isinstance(m.id, tuple) else (m.id,)))]
    assert named == []
