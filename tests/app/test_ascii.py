"""Terminals without UTF-8 (issue 16 item 4): ``LANG=C`` or ``--ascii`` draws the start screen and
every game's table in plain ASCII. Every non-ASCII character a screen draws has an ASCII stand-in
of one cell (no ``?``), and the app's driver writes every frame through it."""

from __future__ import annotations

import asyncio

import pytest

from makao_tui.app.main import MakaoApp
from makao_tui.app.screens.macao import CutScreen
from makao_tui.app.terminal import to_ascii, unicode_locale
from makao_tui.games import get_variant

from .scenes import AI, ANN, humans_turn, step, wait_for
from .test_names import screen_text


def _ascii_frame(app: MakaoApp, table: bool) -> str:
    async def main():
        async with app.run_test(size=(80, 24)) as pilot:
            await step(pilot)
            await wait_for(pilot, lambda: screen_text(app).splitlines()[-1].strip())  # the key bar drawn too
            shown = ""
            if table:
                await wait_for(pilot, lambda: humans_turn(app) or isinstance(app.screen, CutScreen))
                if isinstance(app.screen, CutScreen):  # macao: the cut for the bank first
                    shown = screen_text(app) + "\n"
                    await pilot.press("enter")
                    await wait_for(pilot, lambda: humans_turn(app))
            return shown + screen_text(app)

    shown = asyncio.run(main())
    frame = to_ascii(shown)
    assert frame.isascii()
    assert frame.count("?") == shown.count("?"), "a character without an ASCII stand-in"
    assert [len(line) for line in frame.splitlines()] == [len(line) for line in shown.splitlines()]
    return frame


def test_the_start_screen_in_ascii(data_dir):
    frame = _ascii_frame(MakaoApp(ascii=True, ai_delay=0), table=False)
    assert "Quit" in frame and "Help" in frame


@pytest.mark.parametrize("game", ["makao-ru", "makao-pl", "macao", "peklo"])
def test_a_table_of_every_game_in_ascii(game, data_dir):
    variant = get_variant(game)
    app = MakaoApp(ascii=True, variant=variant, rules=variant.rules(), seats=[ANN, AI, AI][:variant.max_players],
                   seed=7, ai_delay=0)
    frame = _ascii_frame(app, table=True)
    assert "+-" in frame and "Ann" in frame


def test_the_ascii_driver_writes_every_frame_through_the_stand_ins(monkeypatch):
    driver = MakaoApp(ascii=True).driver_class
    assert MakaoApp().driver_class is not driver
    written: list[str] = []
    monkeypatch.setattr(driver.__mro__[1], "write", lambda self, data: written.append(data))
    driver.write(object.__new__(driver), "\x1b[1m╭─ 10♥ ★ ←→ ┃\x1b[0m")
    assert written == ["\x1b[1m+- 10H * <> #\x1b[0m"]


@pytest.mark.parametrize(("environ", "utf8"), [
    ({"LANG": "en_US.UTF-8"}, True), ({"LANG": "pl_PL.utf8"}, True), ({"LC_ALL": "ru_RU.UTF-8", "LANG": "C"}, True),
    ({"LANG": "C"}, False), ({"LANG": "C", "LC_CTYPE": "C.UTF-8"}, False), ({}, False),
    ({"LC_ALL": "C", "LANG": "en_US.UTF-8"}, False), ({"LANG": "pl_PL.ISO-8859-2"}, False),
    ({"LANG": "POSIX"}, False), ({"LC_CTYPE": "de_DE.UTF-8", "LANG": "C"}, True),
])
def test_the_locale_decides_unicode_or_ascii(environ, utf8):
    assert unicode_locale(environ) is utf8


def test_russian_and_polish_letters_stay_readable_in_ascii():
    for text, plain in (("Ольга Щукина", "Ol'ga Sukina"), ("Пётр кладёт 10♥", "Petr kladet 10H"),
                        ("Łukasz Żółć", "Lukasz Zolc"), ("«Макао»", '"Makao"')):
        assert to_ascii(text) == plain


def test_a_russian_players_name_is_readable_at_an_ascii_table(data_dir):
    from makao_tui.table import SeatSpec

    variant = get_variant("makao-pl")
    app = MakaoApp(ascii=True, variant=variant, rules=variant.rules(), seats=[SeatSpec("Ольга", False), AI],
                   seed=7, ai_delay=0)
    frame = _ascii_frame(app, table=True)
    assert "Ol'ga" in frame and frame.count("?") == 1  # only the help key's
