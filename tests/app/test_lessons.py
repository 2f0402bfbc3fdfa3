"""Learn to play (issue 30): each game's lesson completed by keys alone from the start screen, the
coach line following the play, refusals said and the lesson going on; a damaged lesson file said in
one message while the app goes on; a terminal that shrinks mid-lesson makes the lesson wait; the
coach lines translated into Russian and Polish."""

from __future__ import annotations

import asyncio
import io
import re
import shutil

import pytest
from rich.console import Console
from rich.text import Text

from makao_tui.app.main import MakaoApp
from makao_tui.app.screens.common import DealSummaryScreen, TooSmallScreen
from makao_tui.app.screens.start import StartScreen
from makao_tui.app.screens.table import TableScreen
from makao_tui.engine.i18n import _, language, set_language
from makao_tui.table.lesson import LESSONS_DIR, load_lesson

from .lesson_scenes import GAMES, KEYS, card_key, coach_text, open_lesson
from .scenes import humans_turn, peek, wait_for

CARD = re.compile(r"^[2-9TJQKA][CDHS]$")


def run(app: MakaoApp, body, size=(80, 24)) -> None:
    """Run ``body(pilot)`` against ``app`` in a headless terminal."""
    async def main():
        async with app.run_test(size=size) as pilot:
            await body(pilot)
    asyncio.run(main())


def summary_text(screen: DealSummaryScreen) -> str:
    """The words of a deal's summary, its lines joined."""
    console = Console(width=78, file=io.StringIO(), record=True, color_system=None)
    console.print(screen.result)
    return " ".join(console.export_text().split())


async def press_turn(pilot, keys: list[str]) -> None:
    for key in keys:
        await pilot.press(card_key(pilot.app, key) if CARD.match(key) else key)
        await pilot.pause()


async def play_lesson(pilot, game: str) -> None:
    """Open ``game``'s lesson and play it to its summary, checking the coach line at every turn."""
    app = pilot.app
    lesson = load_lesson(game)
    await open_lesson(pilot, game)
    seen = []
    for keys in KEYS[game]:
        assert humans_turn(app)
        count = peek(app).match.action_count
        assert coach_text(app) == _(lesson.line_at(count))
        seen.append(coach_text(app))
        await press_turn(pilot, keys)
        await wait_for(pilot, lambda: humans_turn(app) or isinstance(app.screen, DealSummaryScreen))
        assert peek(app).match.action_count > count, f"{keys} did not act"
    assert len(set(seen)) == len(seen)  # a new line every turn
    assert isinstance(app.screen, DealSummaryScreen)
    assert " ".join(_(lesson.end).split()) in summary_text(app.screen)
    await pilot.press("enter")
    await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
    assert app.seating is None  # the lesson's table is closed


@pytest.mark.parametrize("game", GAMES)
def test_each_lesson_is_completed_by_keys_alone(game):
    async def body(pilot):
        await play_lesson(pilot, game)

    run(MakaoApp(ai_delay=0), body)


def test_a_wrong_move_is_refused_with_its_reason_and_the_lesson_goes_on():
    app = MakaoApp(ai_delay=0)

    async def body(pilot):
        await open_lesson(pilot, "makao-ru")
        screen = app.screen
        assert isinstance(screen, TableScreen)
        first = coach_text(app)
        await pilot.press("t")  # no penalty to take: the engine's words
        await pilot.pause()
        assert screen.message == ("Not allowed: there is no penalty to take", True)
        await pilot.press("d", "p")  # drawing is the lesson's move; passing is allowed, not the lesson's
        await pilot.pause()
        assert screen.message is not None and "coach line above asks for another move" in screen.message[0]
        assert coach_text(app) != first  # the draw moved the coach on
        await press_turn(pilot, ["5H", "enter"])
        await wait_for(pilot, lambda: peek(app).match.action_count == 3)

    run(app, body)


def test_a_damaged_lesson_is_said_once_and_the_app_goes_on(tmp_path):
    folder = tmp_path / "lessons"
    shutil.copytree(LESSONS_DIR, folder)
    (folder / "makao-pl.json").write_text('{"variant": "makao-pl", "players": 2, ', encoding="utf-8")
    app = MakaoApp(ai_delay=0)
    app.lessons_dir = folder

    async def body(pilot):
        await pilot.press("L", "down", "enter")
        await wait_for(pilot, lambda: isinstance(app.screen, StartScreen) and bool(app._notifications))
        messages = [n.message for n in app._notifications]
        assert messages == ["The lesson makao-pl.json cannot be used: the file cannot be read as JSON."]
        assert app.seating is None
        await play_lesson(pilot, "makao-ru")  # the other lessons work

    run(app, body)


def test_a_terminal_that_shrinks_mid_lesson_makes_it_wait():
    app = MakaoApp(ai_delay=0)

    async def body(pilot):
        await open_lesson(pilot, "makao-pl")
        line, count = coach_text(app), peek(app).match.action_count
        await pilot.resize_terminal(70, 20)
        await wait_for(pilot, lambda: isinstance(app.screen, TooSmallScreen))
        assert peek(app).table._held  # the scripted seats wait too
        await pilot.press("enter", "t")
        await pilot.pause()
        assert peek(app).match.action_count == count  # nothing happened under the cover
        await pilot.resize_terminal(80, 24)
        await wait_for(pilot, lambda: humans_turn(app))
        assert not peek(app).table._held and coach_text(app) == line
        await press_turn(pilot, ["2H", "enter"])  # the lesson goes on: the ransom, then the opponent's take
        await wait_for(pilot, lambda: humans_turn(app) and peek(app).match.action_count == count + 2)
        assert coach_text(app) != line

    run(app, body)


@pytest.mark.parametrize("code", ["ru", "pl"])
def test_every_coach_line_is_translated(code):
    before = language()
    set_language(code)
    try:
        for game in GAMES:
            lesson = load_lesson(game)
            for english in [line.say for line in lesson.lines] + [lesson.end]:
                said = _(english)
                assert said and said != english, (code, game, english)
                cards = sorted(re.findall(r"(?:10|[2-9JQKA])[♣♦♥♠]", english))
                assert sorted(re.findall(r"(?:10|[2-9JQKA])[♣♦♥♠]", said)) == cards, (code, english)
    finally:
        set_language(before)


@pytest.mark.parametrize("code", ["ru", "pl"])
def test_a_lesson_in_another_language(code):
    before = language()
    set_language(code)
    app = MakaoApp(ai_delay=0)

    async def body(pilot):
        await open_lesson(pilot, "peklo")
        lesson = load_lesson("peklo")
        assert coach_text(app) == _(lesson.line_at(peek(app).match.action_count)) != lesson.lines[1].say

    try:
        run(app, body)
    finally:
        set_language(before)


@pytest.mark.parametrize("code", ["en", "ru", "pl"])
def test_every_coach_line_fits_the_coach_box_at_80_columns(code):
    """The box shows three lines of 78 columns (80 less its padding) at most."""
    console = Console(width=78, file=io.StringIO())
    before = language()
    set_language(code)
    try:
        for game in GAMES:
            for line in load_lesson(game).lines:
                assert len(Text(_(line.say)).wrap(console, 78)) <= 3, (code, game, line.at)
    finally:
        set_language(before)
