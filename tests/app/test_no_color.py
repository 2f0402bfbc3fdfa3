"""``NO_COLOR`` (issue 16 item 4): Textual's own handling turns every colour the app draws into a
grey, at the start screen and at a table of every game; the selection stays visible by shape
(the chosen card's heavy border) and by brightness (the highlighted choice)."""

from __future__ import annotations

import asyncio

import pytest

from makao_tui.app.main import MakaoApp
from makao_tui.app.screens.macao import CutScreen
from makao_tui.games import get_variant

from .scenes import AI, ANN, humans_turn, step, wait_for


def _colours(app) -> set[tuple[int, int, int]]:
    found = set()
    for strip in app.screen._compositor.render_strips():
        for segment in strip:
            for colour in (segment.style.color, segment.style.bgcolor) if segment.style else ():
                if colour is not None and colour.triplet is not None:
                    found.add(tuple(colour.triplet))
    return found


def _frame(app: MakaoApp, table: bool):
    async def main():
        async with app.run_test(size=(80, 24)) as pilot:
            await step(pilot)
            if table:
                await wait_for(pilot, lambda: humans_turn(app) or isinstance(app.screen, CutScreen))
                if isinstance(app.screen, CutScreen):
                    await pilot.press("enter")
                    await wait_for(pilot, lambda: humans_turn(app))
            from .test_names import screen_text

            return _colours(app), screen_text(app)

    return asyncio.run(main())


@pytest.mark.parametrize("game", [None, "makao-ru", "makao-pl", "macao", "peklo"])
def test_no_color_draws_only_greys(game, data_dir, monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    if game is None:
        app = MakaoApp(ai_delay=0)
    else:
        variant = get_variant(game)
        app = MakaoApp(variant=variant, rules=variant.rules(), seats=[ANN, AI, AI][:variant.max_players],
                       seed=7, ai_delay=0)
    colours, text = _frame(app, table=game is not None)
    assert app.no_color
    assert colours and all(r == g == b for r, g, b in colours), sorted(colours)
    assert len(colours) > 2  # shades of grey remain to tell things apart
    if game in ("makao-ru", "makao-pl"):
        assert "┏" in text  # the chosen card, by its heavy border


def test_colours_without_no_color(data_dir, monkeypatch):
    monkeypatch.delenv("NO_COLOR", raising=False)
    colours, _ = _frame(MakaoApp(ai_delay=0), table=False)
    assert any(not r == g == b for r, g, b in colours)
