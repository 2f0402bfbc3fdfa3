"""Damaged saved games are told, not hidden (issue 12): the start screen and ``makao saves`` name
the damaged matches and the file they are in, every saved-games file set aside with the file now
used, and point to ``makao saves --check``."""

from __future__ import annotations

import asyncio

from typer.testing import CliRunner

from makao_tui.app.main import MakaoApp
from makao_tui.app.screens.start import RESUME, StartScreen
from makao_tui.cli import app as cli
from makao_tui.store import default_path, open_store, open_store_or_recover

from .scenes import step, store_match, wait_for


def damaged_saves():
    """A saved-games file that could not be read, set aside; in the new one, three matches, the
    first and the third damaged. Returns (the new file, the file set aside)."""
    path = default_path()
    path.parent.mkdir(parents=True)
    path.write_bytes(b"not a database" * 200)
    store, notice = open_store_or_recover()
    store.close()
    assert notice is not None
    (moved,) = path.parent.glob("makao.sqlite3.corrupt-*")
    for seed in (1, 2, 3):
        store_match("makao-ru", seed, 12)
    with open_store() as store:
        store._conn.execute("UPDATE matches SET totals = '[1,2' WHERE id IN (1, 3)")
    return path, moved


def start_screen(size: tuple[int, int] = (80, 24)) -> tuple[bool, str, list[str]]:
    """The start screen once it has checked the saved games: whether its note on them shows, the
    note, and the ids of its Resume entries."""
    app = MakaoApp(ai_delay=0)

    async def main():
        async with app.run_test(size=size) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
            await step(pilot)
            note = app.screen.query_one("#store-note")
            games = app.screen.query_one("#games")
            return (note.display, str(note.render()),
                    [o.id for o in games.options if o.id and o.id.startswith(RESUME)])

    return asyncio.run(main())


def test_the_start_screen_names_damaged_matches_and_files_set_aside():
    path, moved = damaged_saves()
    shown, text, _resume = start_screen((120, 40))
    assert shown
    assert "2 saved matches are damaged" in text and f"(id 1, 3 in {path})" in text
    assert "`makao saves --check` says why" in text
    assert f"set aside as {moved}" in text and f"now kept in {path}" in text


def test_the_start_screen_says_nothing_when_the_saved_games_are_sound():
    store_match("makao-ru", 1, 12)
    shown, _text, resume = start_screen()
    assert shown is False and resume == [f"{RESUME}1"]


def test_a_match_whose_options_its_game_refuses_is_named_not_offered():
    # the first frame lists it (its game's rules not yet loaded: tests/app/test_startup.py); once
    # the saved games are checked it leaves the list and the note names it
    store_match("makao-ru", 1, 12)
    with open_store() as store:
        store._conn.execute("UPDATE matches SET options = '{\"loss_limit\": 5}' WHERE id = 1")
    shown, text, resume = start_screen()
    assert shown and "1 saved match is damaged" in text and resume == []


def test_makao_saves_names_both_files_and_the_check():
    path, moved = damaged_saves()
    out = CliRunner().invoke(cli, ["saves"], env={"COLUMNS": "400"})
    assert out.exit_code == 0, out.output
    flat = " ".join(out.output.split())
    assert f"2 saved matches are damaged and cannot be resumed or shown (id 1, 3 in {path})" in flat
    assert f"set aside as {moved}" in flat and f"now kept in {path}" in flat
    checked = CliRunner().invoke(cli, ["saves", "--check"], env={"COLUMNS": "400"})
    assert checked.exit_code == 1
    assert "Match 1 is damaged: totals is not valid JSON" in checked.output
    assert "saves --check` says why" not in checked.output  # the reasons are right there
