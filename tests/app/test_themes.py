"""Colour themes (issue 16 item 4): 16 colours chosen where the terminal reports fewer than 256,
a high-contrast theme by ``--theme`` or ``t`` on the start screen, Textual themes throughout."""

from __future__ import annotations

import asyncio

import pytest
from typer.testing import CliRunner

import makao_tui.app.main as app_main
from makao_tui.app.main import MakaoApp, terminal_look
from makao_tui.app.themes import THEMES, choose_theme, colour_system
from makao_tui.cli import THEME_NAMES
from makao_tui.cli import app as cli

from .scenes import step


@pytest.mark.parametrize(("environ", "colours", "theme"), [
    ({"TERM": "xterm"}, "standard", "16-colour"),
    ({"TERM": "linux"}, "standard", "16-colour"),
    ({"TERM": "xterm-256color"}, "256", "default"),
    ({"TERM": "tmux-256color"}, "256", "default"),
    ({"TERM": "xterm", "COLORTERM": "truecolor"}, "truecolor", "default"),
    ({"TERM": "xterm", "COLORTERM": "24bit"}, "truecolor", "default"),
    ({"TERM": "xterm-256color", "TEXTUAL_COLOR_SYSTEM": "standard"}, "standard", "16-colour"),
])
def test_the_terminals_colours_choose_the_theme(environ, colours, theme):
    assert colour_system(environ) == colours
    assert choose_theme(None, colours) == theme
    assert choose_theme("auto", colours) == theme


def test_a_chosen_theme_wins_over_the_terminal():
    assert choose_theme("high-contrast", "truecolor") == "high-contrast"
    assert choose_theme("default", "standard") == "default"
    with pytest.raises(KeyError):
        choose_theme("pink", "256")


def test_the_terminal_look_of_this_process(monkeypatch):
    monkeypatch.setenv("TERM", "xterm")
    monkeypatch.delenv("COLORTERM", raising=False)
    monkeypatch.delenv("TEXTUAL_COLOR_SYSTEM", raising=False)
    assert terminal_look() == {"ascii": False, "theme": "16-colour"}
    monkeypatch.setenv("LC_ALL", "C")
    assert terminal_look(theme="high-contrast") == {"ascii": True, "theme": "high-contrast"}


def test_the_command_line_names_every_theme():
    assert set(THEME_NAMES) == {"auto", *THEMES}


def test_the_theme_option_reaches_the_app_and_a_wrong_one_is_refused(monkeypatch):
    seen: dict = {}
    monkeypatch.setattr(app_main, "run_app", lambda **kwargs: seen.update(kwargs))
    result = CliRunner().invoke(cli, ["--theme", "high-contrast"])
    assert result.exit_code == 0, result.output
    assert seen["theme"] == "high-contrast"
    result = CliRunner().invoke(cli, ["--theme", "high-contrast", "play", "peklo", "--seat", "Ann", "--seat", "ai",
                                      "--seat", "ai"])
    assert result.exit_code == 0 and seen["theme"] == "high-contrast"
    result = CliRunner().invoke(cli, ["--theme", "pink"])
    assert result.exit_code == 2 and "unknown theme 'pink'" in result.output


@pytest.mark.parametrize("name", list(THEMES))
def test_the_app_draws_in_the_theme_it_was_given(name):
    app = MakaoApp(theme=name)
    assert app.theme_name == name and app.theme == (THEMES[name].name if THEMES[name] else "textual-dark")


def test_t_on_the_start_screen_goes_round_the_themes(data_dir):
    app = MakaoApp(ai_delay=0)

    async def main():
        async with app.run_test(size=(80, 24)) as pilot:
            await step(pilot)
            seen = [app.theme_name]
            for _ in THEMES:
                await pilot.press("t")
                await step(pilot)
                seen.append(app.theme_name)
            return seen

    assert asyncio.run(main()) == ["default", "high-contrast", "16-colour", "default"]


def test_the_colours_chosen_on_the_start_screen_are_remembered(data_dir, monkeypatch):
    from makao_tui.store.settings import load_settings

    monkeypatch.setenv("TERM", "xterm-256color")
    monkeypatch.delenv("TEXTUAL_COLOR_SYSTEM", raising=False)
    app = MakaoApp(**terminal_look(), ai_delay=0)
    assert app.theme_name == "default"

    async def main():
        async with app.run_test(size=(80, 24)) as pilot:
            await step(pilot)
            await pilot.press("t")
            await step(pilot)

    asyncio.run(main())
    assert load_settings().theme == "high-contrast"
    assert terminal_look()["theme"] == "high-contrast"  # the next run starts in it
    assert terminal_look(theme="auto")["theme"] == "default"  # unless told otherwise
    assert choose_theme(None, "standard", saved="no-such-theme") == "16-colour"
