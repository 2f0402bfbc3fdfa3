"""Lessons ("Learn to play") in a known state, for the Pilot tests, the snapshot and
``scripts/screenshots.py``: the app opens at the start screen (``ai_delay=0``: the scripted seats
move at once), ``L`` opens the lesson picker and Enter starts the game chosen."""

from __future__ import annotations

from makao_tui.app.main import MakaoApp
from makao_tui.app.screens.learn import LessonPicker
from makao_tui.app.screens.table import TableScreen
from makao_tui.app.widgets.cards import HandView
from makao_tui.engine.cards import Card

from .scenes import Scene, humans_turn, wait_for

#: the games in the lesson picker's order
GAMES = ["makao-ru", "makao-pl", "macao", "peklo"]
#: the keys that complete each lesson, one turn of the learner a list; a card ("5H") is pressed as the digit
#: that chooses it in the hand as shown
KEYS = {
    "makao-ru": [["d"], ["5H", "enter"], ["9C", "enter"], ["3D", "enter"], ["AS", "enter", "4"],
                 ["m", "8S", "enter"], ["KS", "enter"]],
    "makao-pl": [["2H", "enter"], ["4H", "enter"], ["JH", "enter", "7"], ["m", "7D", "enter"], ["8D", "enter"]],
    "macao": [["r"], ["d"]],
    "peklo": [["2", "enter"], ["AS", "enter"], ["6D", "enter"], ["3H", "enter"]],
}


async def open_lesson(pilot, game: str) -> None:
    """From the start screen: ``L``, the game's entry, Enter; wait for the learner's turn."""
    await pilot.press("L")
    await wait_for(pilot, lambda: isinstance(pilot.app.screen, LessonPicker))
    await pilot.press(*["down"] * GAMES.index(game), "enter")
    await wait_for(pilot, lambda: humans_turn(pilot.app))


def coach_text(app: MakaoApp) -> str:
    """The coach line the table shows."""
    screen = app.screen
    assert isinstance(screen, TableScreen)
    return str(screen.query_one("#coach").content)


def card_key(app: MakaoApp, card: str) -> str:
    """The digit key that chooses ``card`` in the hand as the table shows it (1-9, then 0)."""
    screen = app.screen
    assert isinstance(screen, TableScreen)
    place = screen.query_one(HandView).cards.index(Card.parse(card))
    return "1234567890"[place]


def _lesson(game: str):
    async def ready(pilot) -> None:
        await open_lesson(pilot, game)

    return ready


LESSON_SCENES = {
    "lesson": Scene(lambda: MakaoApp(ai_delay=0), _lesson("makao-ru")),
    "lesson-peklo": Scene(lambda: MakaoApp(ai_delay=0), _lesson("peklo")),
}
