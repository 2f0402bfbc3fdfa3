"""Quitting while the saved-games file cannot be written (issue 29, item 10): the question holds
the table, counts exactly the actions that wait, and offers to try again, to write them to a file
beside the saves (which the next start takes back) or to lose them, which the exit status tells."""

from __future__ import annotations

import asyncio

import pytest

import makao_tui.app.main as app_main
from makao_tui.app.screens.saves import NoticeScreen, UnsavedScreen
from makao_tui.store import open_store
from tests.store.test_faults import fill_up, make_room

from .scenes import ai_for, app_ru, autoplay, humans_turn, step, wait_for


def ann_plays(app) -> None:
    """Ann's move, chosen by the game's AI from her view."""
    import random

    seating = app.screen.seating
    app.screen.act(ai_for(seating.variant.id).choose(seating.view, random.Random(0)))


async def delayed_then_quit(pilot, app) -> tuple[int, str]:
    """Fill the disk, play on until some actions wait, then ask to quit right after Ann's move
    (the AI seats are to act). Returns how many actions the match had and the dialog's text."""
    await autoplay(pilot, lambda: humans_turn(app))
    fill_up(app.store)
    await autoplay(pilot, lambda: app.writer.pending >= 4 and humans_turn(app))
    ann_plays(app)
    await pilot.press("ctrl+q")
    await wait_for(pilot, lambda: isinstance(app.screen, UnsavedScreen))
    count = app.table.match.action_count
    for _ in range(40):  # the table is held: nothing more is played behind the question
        await step(pilot)
    assert app.table.match.action_count == count
    return count, " ".join(str(app.screen.query_one("#unsaved-text").render()).split())


def test_the_question_holds_the_table_counts_exactly_and_writes_a_file_taken_back_on_start():
    app = app_ru(loss_limit=1000)

    async def main():
        async with app.run_test(size=(80, 24)) as pilot:
            count, text = await delayed_then_quit(pilot, app)
            waiting = app.writer.pending
            match_id = app.writer.id
            assert waiting >= 5 and f"{waiting} actions of this match are not saved yet" in text
            assert "the disk is full" in text
            await pilot.press("f")
            await wait_for(pilot, lambda: not app.is_running, 200)
            return count, waiting, match_id

    count, waiting, match_id = asyncio.run(main())
    assert app.unsaved is None and app.kept is not None
    assert f"{waiting} actions that could not be saved were written to" in app.kept
    assert "`makao resume` takes them back" in app.kept
    with open_store() as store:
        [kept] = store.unsaved_files()
        assert str(kept) in app.kept
        assert len(store.load(match_id).actions) == count - waiting
    # the next start takes them back, and says so
    again = app_main.MakaoApp(ai_delay=0)

    async def start():
        async with again.run_test(size=(80, 24)) as pilot:
            await wait_for(pilot, lambda: isinstance(again.screen, NoticeScreen))
            return again.screen.text

    notice = asyncio.run(start())
    assert f"{waiting} actions of match {match_id} that could not be saved were taken back" in notice
    with open_store() as store:
        assert len(store.load(match_id).actions) == count and store.unsaved_files() == []


def test_losing_them_is_told_and_the_exit_status_is_not_0(monkeypatch, capsys):
    app = app_ru(loss_limit=1000)

    async def main():
        async with app.run_test(size=(80, 24)) as pilot:
            await delayed_then_quit(pilot, app)
            await pilot.press("l")
            await wait_for(pilot, lambda: not app.is_running, 200)

    asyncio.run(main())
    assert app.unsaved is not None and "could not be saved" in app.unsaved
    # what run_app does with it (the app itself needs a terminal: its run is the one above)
    monkeypatch.setattr("makao_tui.app.terminal.terminal_refusal", lambda: None)
    monkeypatch.setattr(app_main.MakaoApp, "run", lambda self: setattr(self, "unsaved", app.unsaved))
    with pytest.raises(SystemExit) as end:
        app_main.run_app()
    assert end.value.code == 1 and app.unsaved in capsys.readouterr().err


def test_back_to_the_table_lets_it_go_on_and_trying_again_saves_once_there_is_room():
    app = app_ru(loss_limit=1000)

    async def main():
        async with app.run_test(size=(80, 24)) as pilot:
            count, _text = await delayed_then_quit(pilot, app)
            await pilot.press("escape")
            await autoplay(pilot, lambda: app.table.match.action_count > count + 3 and humans_turn(app))
            await pilot.press("ctrl+q")
            await wait_for(pilot, lambda: isinstance(app.screen, UnsavedScreen))
            await pilot.press("w")
            for _ in range(5):
                await step(pilot)
            assert isinstance(app.screen, UnsavedScreen)
            assert "Still not saved" in str(app.screen.query_one("#unsaved-text").render())
            make_room(app.store)
            await pilot.press("w")
            await wait_for(pilot, lambda: not app.is_running, 400)

    asyncio.run(main())
    assert app.unsaved is None and app.kept is None
    with open_store() as store:
        [m] = store.unfinished()
        assert m.actions > 0 and store.unsaved_files() == []
