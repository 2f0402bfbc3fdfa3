"""Journey: each game's lesson is completed in the real ``makao`` by keys alone (issue 30 items 3
and 5), from the start screen's ``L`` to the lesson's last line, reading the coach line above the
table at every turn of the learner, in English, Russian and Polish, at 80×24 and 120×40 (each
game at one of these, so that every language and size is played and the suite stays short)."""

from __future__ import annotations

import re

import pytest

from makao_tui.engine.cards import Card
from makao_tui.table.lesson import load_lesson
from tests.app.lesson_scenes import GAMES, KEYS

from .play import choose, deal_over, my_turn, picker_keys, press_and_see
from .screen import hand, outside_boxes, say
from .terminal import LARGE, SMALL, Terminal

#: a card of a lesson's keys ("5H"), pressed as the key that chooses it in the hand on screen
CARD_KEY = re.compile(r"^[2-9TJQKA][CDHS]$")


def flat(text: str) -> str:
    """``text`` with every run of white space one space (a line wrapped on screen reads whole)."""
    return " ".join(text.split())


def coach_shown(term: Terminal, line: str) -> bool:
    """Whether the rows outside the table's boxes show the coach ``line`` whole (wrapped or not)."""
    return line in flat(" ".join(outside_boxes(term.lines)))


def press_card(term: Terminal, code: str) -> None:
    """Choose the hand's card ``code`` ("5H") by its key (:func:`~tests.journey.play.choose`)."""
    label = Card.parse(code).label()
    choose(term, [card.label for card in hand(term.lines)].index(label))


@pytest.mark.parametrize(("game", "language", "size"), [
    ("makao-ru", "en", SMALL), ("makao-pl", "pl", LARGE), ("macao", "ru", SMALL), ("peklo", "pl", SMALL)])
def test_a_lesson_is_completed_by_keys_alone(start, game, language, size):
    lesson = load_lesson(game)
    # the coach line shown at each of the learner's turns: the one for the actions played before it
    turns = [count for count, (seat, _action) in enumerate(lesson.script) if seat == lesson.learner]
    expected = [flat(say(language, lesson.line_at(count))) for count in turns]
    assert len(expected) == len(KEYS[game])
    term = start(language=language, size=size)
    term.wait(lambda t: say(language, "Learn") in t.text, "the start screen")
    term.press("L")
    term.wait(lambda t: say(language, "Learn to play") in t.text, "the lesson picker")
    term.press(*["down"] * GAMES.index(game), "enter")
    for line, keys in zip(expected, KEYS[game], strict=True):
        term.wait(lambda t, line=line: my_turn(t) and coach_shown(t, line), f"the learner's turn under {line!r}")
        for key in keys:
            if CARD_KEY.match(key):
                press_card(term, key)
            elif key.isdigit():  # a choice in a picker or a bid: shown only by its highlight
                term.press(key)
            else:  # the key acts (or opens a picker): wait for the table's answer
                press_and_see(term, key)
    term.wait(deal_over, "the lesson's end")
    assert flat(say(language, lesson.end)) in flat(term.text), term.text
    assert not picker_keys(term)
    term.press("enter")
    term.wait(lambda t: say(language, "Learn") in t.text and not deal_over(t), "the start screen again")
