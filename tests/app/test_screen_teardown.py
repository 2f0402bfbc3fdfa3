"""Every screen of the app, pushed and then left at once (the app quits, a door player hangs up)
before Textual has mounted all of it, ends quietly: no screen's ``on_mount`` may count on its
widgets being there (Textual still sends Mount to a screen whose children it never mounted).

This was the flaky ``test_an_all_ai_match_deals_on_by_itself`` (``NoMatches '#new'`` in
``MatchEndScreen.on_mount``: the test ended as soon as the screen was on the stack) and, at the
SSH door, ``NoMatches '#stats-note'`` in the statistics screen. The table screens have their own
test (``test_table_teardown.py``)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

import pytest
from textual.screen import Screen

from makao_tui.app.main import MakaoApp
from makao_tui.app.screens.common import (
    ConfirmScreen,
    DealSummaryScreen,
    HandOverScreen,
    HelpScreen,
    MatchEndScreen,
    PassDeviceScreen,
    ScoreSheetScreen,
    TooSmallScreen,
)
from makao_tui.app.screens.language import LanguagePicker
from makao_tui.app.screens.learn import LessonPicker
from makao_tui.app.screens.pickers import DemandPicker, JokerRankPicker, JokerSuitPicker, SuitPicker
from makao_tui.app.screens.rules import RulesScreen
from makao_tui.app.screens.saves import NoticeScreen, StatisticsScreen
from makao_tui.app.screens.setup import SetupScreen
from makao_tui.app.screens.start import StartScreen
from makao_tui.app.widgets.scores import ScoreSheet
from makao_tui.games import get_variant


def _sheet() -> ScoreSheet:
    sheet = ScoreSheet(["Deal", "Ann", "Bob"])
    sheet.rows.append(["1", "+10", "−5"])
    return sheet


#: a maker of each screen, by name
SCREENS: dict[str, Callable[[], Screen[Any]]] = {
    "confirm": lambda: ConfirmScreen("Leave?"),
    "deal summary": lambda: DealSummaryScreen("Deal 1 is over", "Ann wins", _sheet(), "deal the next hand", after=0),
    "hand over": lambda: HandOverScreen("You drew 7♥", "Bob"),
    "help": lambda: HelpScreen("Help", [("q", "quit")], "text"),
    "match end": lambda: MatchEndScreen("Ann wins", _sheet(), lambda: None),
    "pass": lambda: PassDeviceScreen("Bob", 0.5),
    "score sheet": lambda: ScoreSheetScreen("Sheet", _sheet()),
    "too small": lambda: TooSmallScreen(),
    "language": lambda: LanguagePicker(),
    "lessons": lambda: LessonPicker(),
    "suit": lambda: SuitPicker(["S", "H"]),
    "demand": lambda: DemandPicker(["5", None]),
    "joker rank": lambda: JokerRankPicker(["5", "K"]),
    "joker suit": lambda: JokerSuitPicker("5", ["S", "H"]),
    "rules": lambda: RulesScreen(get_variant("makao-pl"), get_variant("makao-pl").rules(), False),
    "notice": lambda: NoticeScreen("Note", "text"),
    "statistics": lambda: StatisticsScreen(),
    "setup": lambda: SetupScreen(get_variant("peklo")),
    "start": lambda: StartScreen(),
}


@pytest.mark.parametrize("name", list(SCREENS))
def test_leaving_while_a_screen_mounts_is_no_error(name, tmp_path, monkeypatch):
    monkeypatch.setenv("MAKAO_DATA_DIR", str(tmp_path))

    async def main(turns: int) -> None:
        app = MakaoApp(ai_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            app.push_screen(SCREENS[name]())
            for _ in range(turns):
                await asyncio.sleep(0)

    for turns in range(6):  # every stage of the mount
        asyncio.run(main(turns))
