"""How long ago a match was played, in each language's plural forms (the start screen's resume
lines and ``makao saves``; issue 16)."""

from __future__ import annotations

import pytest

from makao_tui.engine import i18n
from makao_tui.store.records import ago


@pytest.mark.parametrize(
    ("language", "minutes", "expected"),
    [
        ("ru", 1, "1 минуту назад"), ("ru", 2, "2 минуты назад"), ("ru", 5, "5 минут назад"),
        ("ru", 11, "11 минут назад"), ("ru", 21, "21 минуту назад"), ("ru", 22, "22 минуты назад"),
        ("pl", 1, "1 minutę temu"), ("pl", 2, "2 minuty temu"), ("pl", 5, "5 minut temu"),
        ("pl", 22, "22 minuty temu"), ("en", 1, "1 minute ago"), ("en", 2, "2 minutes ago"),
    ],
)
def test_minutes_ago_take_the_plural_form_of_the_language(language, minutes, expected):
    i18n.set_language(language)
    assert ago(0, minutes * 60) == expected


def test_just_now_and_days_are_translated():
    i18n.set_language("pl")
    assert ago(100, 120) == "przed chwilą"
    i18n.set_language("ru")
    assert ago(0, 5 * 86400) == "5 дней назад"
