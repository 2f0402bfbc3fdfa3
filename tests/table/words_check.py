"""Checks of the messages a table sends for people: words as data only, no sentence made at the
table, and every template translated (used by the table's and the shared table's tests)."""

from __future__ import annotations

import json
import re
from typing import Any

from makao_tui.engine.i18n import set_language
from makao_tui.engine.words import Words, from_wire

#: the keys of a message as data that hold its templates (gettext message ids), not its fields
TEMPLATE_KEYS = ("words", "plural", "context")
#: text outside the placeholders of a template that a reader must read (two letters or more)
WORDED = re.compile(r"[^\W\d_]{2,}")


def no_sentence(line: bytes, exceptions: tuple[str, ...] = ()) -> dict[str, Any]:
    """The JSON object of one line the table sent, after checking that it holds no sentence made
    at the table: no ``reason``, and no string with a space in it but the templates of its
    ``words`` (a field is a value: a card, a name, a path, an exception's type) and
    ``exceptions``, the own text of exceptions that have no words of ours (a field too)."""
    data = json.loads(line)
    assert "reason" not in data, data
    sentences: list[str] = []

    def walk(value: Any, template: bool = False) -> None:
        if isinstance(value, dict):
            for key, inner in value.items():
                walk(inner, template=key in TEMPLATE_KEYS and isinstance(inner, str))
        elif isinstance(value, list):
            for inner in value:
                walk(inner)
        elif isinstance(value, str) and not template and re.search(r"\s", value) and value not in exceptions:
            sentences.append(value)

    walk(data.get("words"))
    walk({k: v for k, v in data.items() if k not in ("words", "view", "log", "deals", "seats")})
    assert not sentences, sentences
    return data


def english_left(data: dict[str, Any], language: str) -> list[str]:
    """The templates of a message as data (its nested messages' too) that ``language``'s catalogs
    leave in English: each must be translated, so that a reader of ``language`` reads no English
    word the table chose (fields such as a name or an exception's type stay as they are)."""
    set_language(language)
    left: list[str] = []

    def walk(words: Words) -> None:
        english = WORDED.search(re.sub(r"\{[^}]*\}", "", words.message))
        if english and words.template() in (words.message, words.plural):
            left.append(words.message)
        for value in words.fields.values():
            if isinstance(value, Words):
                walk(value)

    walk(from_wire(data))
    return left
