"""The menus' key bar (issue 13 item 1): one widget that draws the screen's keys as text, one line
or two where one does not hold them, each key clickable, its words in the player's language."""

import asyncio
import functools
from typing import ClassVar

from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.widgets import Select

from makao_tui.app.main import MakaoApp
from makao_tui.app.screens.saves import StatisticsScreen
from makao_tui.app.screens.setup import SetupScreen
from makao_tui.app.screens.start import StartScreen
from makao_tui.app.widgets.footer import KeyBar
from makao_tui.engine.i18n import set_language

from .scenes import step, wait_for


def synchronous(test):
    """Run an async test function in its own event loop (the suite has no asyncio plugin)."""
    @functools.wraps(test)
    def run(*args, **kwargs):
        asyncio.run(test(*args, **kwargs))
    return run


def bar_lines(screen: Screen) -> list[str]:
    """The lines the screen's key bar draws."""
    bar = screen.query_one(KeyBar)
    return [strip.text.rstrip() for strip in bar.render_lines(bar.region.reset_offset)]


@synchronous
async def test_the_start_screen_bar_is_one_widget_and_a_click_presses_its_key():
    app = MakaoApp(ai_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
        await step(pilot)
        bar = app.screen.query_one(KeyBar)
        assert not bar.children  # the keys are text, not a widget each
        assert bar_lines(app.screen) == [" q Quit  h Statistics  l Language  L Learn  r Rules  t Colours  ? Help"]
        assert bar.region.y == 23  # at the foot of the screen
        column = bar_lines(app.screen)[0].index("Statistics")
        await pilot.click(KeyBar, offset=(column, 0))
        await wait_for(pilot, lambda: isinstance(app.screen, StatisticsScreen))
        await pilot.click(KeyBar, offset=(0, 0))  # the space before the first key does nothing
        await step(pilot)
        assert isinstance(app.screen, StatisticsScreen)
        assert "esc Back" in bar_lines(app.screen)[0]
        await pilot.click(KeyBar, offset=(bar_lines(app.screen)[0].index("esc") + 1, 0))  # back to the start screen
        await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))


@synchronous
async def test_the_bar_shows_the_focused_widgets_keys_in_the_players_language():
    set_language("ru")
    try:
        app = MakaoApp(ai_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
            await pilot.press("enter")  # the first game's setup
            await wait_for(pilot, lambda: isinstance(app.screen, SetupScreen))
            await step(pilot)
            # the keys are in seat 1's name: Ctrl+R removes that seat
            assert bar_lines(app.screen) == [" esc Назад  ^s Начать  ^o Стол для других  f1 Правила  ^r Убрать место"]
            select = app.screen.query(Select).last()
            select.focus()
            select.action_show_overlay()  # its menu open: Esc closes the menu first
            await wait_for(pilot, lambda: "Закрыть список" in "".join(bar_lines(app.screen)))
            assert "esc Закрыть список" in bar_lines(app.screen)[0]
    finally:
        set_language("en")


class _Keys(Screen[None]):
    """A screen of many keys with long words: ``few`` hides the last three."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(key, f"note('{key}')", f"{word} now") for key, word in zip(
            "abcdefg", ["Statistics", "Language", "Rules", "Colours", "Help", "Resume", "Watch"], strict=True)]

    def __init__(self) -> None:
        super().__init__()
        self.few = False
        self.noted: list[str] = []

    def compose(self) -> ComposeResult:
        yield KeyBar()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return not (self.few and parameters and parameters[0] in "efg")

    def action_note(self, key: str) -> None:
        self.noted.append(key)


class _KeysApp(App[None]):
    def on_mount(self) -> None:
        self.push_screen(_Keys())


@synchronous
async def test_keys_too_many_for_one_line_take_two_and_keep_two_while_the_width_stays():
    app = _KeysApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, _Keys))
        await step(pilot)
        screen = app.screen
        lines = bar_lines(screen)
        assert len(lines) == 2 and all(len(line) <= 80 for line in lines)
        assert " ".join(lines).split() == " ".join(f"{k} {b.description}" for k, b in zip(
            "abcdefg", _Keys.BINDINGS, strict=True)).split()  # every key with its words
        bar = screen.query_one(KeyBar)
        assert bar.region.height == 2 and bar.region.bottom == 24
        second = lines[1]
        await pilot.click(KeyBar, offset=(second.index(second.split()[1]), 1))  # a word: its key
        await step(pilot)
        assert screen.noted == [second.split()[0]]
        screen.few = True  # three keys hidden: one line would hold the rest, two lines stay
        screen.refresh_bindings()
        await wait_for(pilot, lambda: "Watch" not in " ".join(bar_lines(screen)))
        lines = bar_lines(screen)
        assert lines[0] == "" and lines[1].split()[::3] == ["a", "b", "c", "d"]
        assert bar.region.height == 2
