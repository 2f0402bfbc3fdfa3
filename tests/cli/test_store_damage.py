"""Damaged saved games on disk, as a user meets them (issue 29, items 8, 9, 11 and 12): damaged
pages, lost action rows, a lock folder that is a file, a data folder of someone else's mode. Every
command gives its message in a line or two, never a traceback, and no file is deleted."""

from __future__ import annotations

import os
import random
import sqlite3
import stat

import pytest
from typer.testing import CliRunner

import makao_tui.app.main as app_main
from makao_tui.cli import app
from makao_tui.engine.match import Match
from makao_tui.store import default_path, open_store
from tests.store.util import play, short_setup

runner = CliRunner()
WIDE = {"COLUMNS": "300"}


@pytest.fixture
def data(tmp_path, monkeypatch):
    monkeypatch.setenv("MAKAO_DATA_DIR", str(tmp_path / "data"))
    return tmp_path / "data"


def record(seed: int, actions: int, loss_limit: int = 1000) -> tuple[int, Match]:
    """A stored makao-ru match of ``actions`` actions; returns (its id, the match)."""
    variant, _rules, seats = short_setup("makao-ru")
    rules = variant.rules({"loss_limit": loss_limit})
    with open_store() as store, store.start_match(variant, rules, seats, seed) as writer:
        match = Match(variant, rules, [s.name for s in seats], seed)
        play(match, actions, writer)
    return writer.id, match


def damage_pages(path, pages=(5, 7, 9), seed=3) -> None:
    """Random bytes over whole pages inside the file (its header, page 1, left as it was)."""
    data = bytearray(path.read_bytes())
    rng = random.Random(seed)
    for page in pages:
        assert 4096 * (page + 1) <= len(data)
        data[4096 * page:4096 * (page + 1)] = rng.randbytes(4096)
    path.write_bytes(bytes(data))


def run(*args: str):
    """The command's result; a traceback (any exception but an exit) fails the test."""
    result = runner.invoke(app, list(args), env=WIDE)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    assert "Traceback" not in result.output
    return result


def no_app(monkeypatch) -> list[int]:
    """Stand in for the app (``makao resume``): the ids it was opened at."""
    opened: list[int] = []
    monkeypatch.setattr(app_main, "run_app", lambda **kw: opened.append(kw["resume"].id))
    return opened


def files(folder) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in folder.iterdir() if p.is_file()}


# ------------------------------------------------------------ 8: damaged pages


def test_damaged_pages_are_told_and_check_sets_the_file_aside(data, monkeypatch):
    record(1, 400)
    record(2, 15)
    damage_pages(default_path())
    damaged = default_path().read_bytes()
    opened = no_app(monkeypatch)
    for args in (["saves"], ["resume"], ["history"]):
        result = run(*args)
        assert result.exit_code == 2, result.output
        assert str(default_path()) in result.output and "makao saves --check" in result.output
    assert opened == [] and default_path().read_bytes() == damaged  # told, not moved: --check does that
    result = run("saves", "--check")
    assert result.exit_code == 1
    flat = " ".join(result.output.split())
    [moved] = data.glob("makao.sqlite3.corrupt-*")
    assert moved.read_bytes() == damaged  # set aside whole, nothing deleted
    assert f"was moved to {moved}" in flat and "nothing in it is deleted" in flat
    assert f"a new saved-games file was started at {default_path()}" in flat
    result = run("saves")  # play goes on saving, in the new file
    assert result.exit_code == 0 and "No unfinished match" in result.output
    assert f"set aside as {moved}" in " ".join(result.output.split())
    record(3, 5)
    assert "Ann vs 2 AI" in run("saves").output


def test_check_never_crashes_and_leaves_a_file_another_session_has_open(data):
    record(1, 400)
    damage_pages(default_path())
    damaged = default_path().read_bytes()
    from makao_tui.store import locks

    fd, _marker = locks.mark_open(default_path())  # another makao process has the file open
    try:
        result = run("saves", "--check")
    finally:
        locks.mark_closed((fd, _marker))
    assert result.exit_code == 1
    flat = " ".join(result.output.split())
    assert "is damaged" in flat and "close the other makao sessions" in flat
    assert default_path().read_bytes() == damaged and not list(data.glob("makao.sqlite3.corrupt-*"))


def test_the_start_screen_sets_a_damaged_file_aside_and_a_new_match_is_saved(data):
    import asyncio

    from makao_tui.app.main import MakaoApp
    from makao_tui.app.screens.start import StartScreen
    from tests.app.scenes import step, wait_for

    record(1, 400)
    damage_pages(default_path())
    damaged = default_path().read_bytes()

    async def main():
        app = MakaoApp(ai_delay=0)
        async with app.run_test(size=(120, 40)) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
            await step(pilot)
            note = str(app.screen.query_one("#store-note").render())
            variant, rules, seats = short_setup("makao-ru")
            writer = app.store.start_match(variant, rules, seats, 5)
            match = Match(variant, rules, [s.name for s in seats], 5)
            play(match, 3, writer)
            status = writer.status
            writer.close()
            return note, status

    note, status = asyncio.run(main())
    [moved] = data.glob("makao.sqlite3.corrupt-*")
    assert moved.read_bytes() == damaged
    assert str(moved) in " ".join(note.split())
    assert status.state == "saved"
    with open_store() as store:
        assert [m.actions for m in store.unfinished()] == [3]


# ------------------------------------------------------------ 9: action rows lost


def test_lost_action_rows_are_found_by_every_read(data, monkeypatch):
    match_id, _ = record(2, 15)
    conn = sqlite3.connect(default_path())
    with conn:
        conn.execute("DELETE FROM actions WHERE match_id = ? AND idx >= 10", (match_id,))
    conn.close()
    missing = "actions 10 to 14 are missing (15 stored before, 10 left)"
    opened = no_app(monkeypatch)
    result = run("saves")
    assert result.exit_code == 0 and f"Match {match_id} is damaged: {missing}" in result.output
    result = run("saves", "--check")
    assert result.exit_code == 1 and f"Match {match_id} is damaged: {missing}" in result.output
    result = run("resume", str(match_id))
    assert result.exit_code == 2 and missing in result.output and opened == []
    result = run("resume")
    assert result.exit_code == 2 and "no unfinished match" in result.output and opened == []


def test_a_lost_action_row_is_damage_in_the_store(tmp_path):
    from makao_tui.store import DamagedMatchError

    path = tmp_path / "makao.sqlite3"
    with open_store(path) as store:
        variant, rules, seats = short_setup("makao-ru")
        with store.start_match(variant, rules, seats, 4) as writer:
            play(Match(variant, rules, [s.name for s in seats], 4), 6, writer)
        store._conn.execute("DELETE FROM actions WHERE idx = 5")
        assert store.unfinished(quick=True) == []  # the first frame's listing sees the last rows gone
        [damaged] = store.damaged()
        assert damaged.damage == "action 5 is missing (6 stored before, 5 left)"
        with pytest.raises(DamagedMatchError, match="action 5 is missing"):
            store.load(1)
        store._conn.execute("UPDATE matches SET actions = 5")
        assert store.damaged() == [] and len(store.load(1).actions) == 5


# ------------------------------------------------------------ 11: the data folder's mode


def mode(path) -> int:
    return stat.S_IMODE(os.stat(path).st_mode)


def test_an_existing_folder_keeps_its_mode_and_is_warned_about(data):
    data.mkdir()
    os.chmod(data, 0o1777)
    assert run("saves").exit_code == 0
    assert mode(data) == 0o1777 and list(data.iterdir()) == []  # nothing created to list nothing
    record(1, 3)
    assert mode(data) == 0o1777
    assert mode(default_path()) == 0o600 and mode(data / "makao.sqlite3-locks") == 0o700
    flat = " ".join(run("saves").output.split())
    assert f"{data} can be read by other users of this machine (mode 1777)" in flat
    assert mode(data) == 0o1777
    os.chmod(data, 0o700)
    assert "other users" not in run("saves").output


def test_saves_history_and_resume_on_a_missing_folder_create_nothing(data, monkeypatch):
    opened = no_app(monkeypatch)
    assert "No unfinished match" in run("saves").output
    assert "No unfinished match" in run("saves", "--check").output
    assert "No finished match" in run("history").output
    assert run("resume").exit_code == 2 and opened == []
    assert not data.exists()


# ------------------------------------------------------------ 12: the lock folder is a file


def test_a_lock_folder_that_is_a_file_is_named_not_a_traceback(data, monkeypatch):
    record(1, 5)
    locks = data / "makao.sqlite3-locks"
    for p in locks.iterdir():
        p.unlink()
    locks.rmdir()
    locks.write_text("not a folder")
    opened = no_app(monkeypatch)
    for args in (["saves"], ["saves", "--check"], ["resume"], ["history"]):
        result = run(*args)
        assert result.exit_code == 2, (args, result.output)
        flat = " ".join(result.output.split())
        assert f"{locks} is a file, not a folder" in flat, flat
    assert opened == [] and locks.read_text() == "not a folder"


# ------------------------------------------------------------ 10: actions kept in a file


def test_saves_names_a_file_of_unsaved_actions_and_resume_takes_it_back(data, monkeypatch):
    from tests.store.test_faults import fill_up, long_match, play_until_delayed

    with open_store() as store:
        writer, match = long_match(store)
        play(match, 5, writer)
        fill_up(store)
        play_until_delayed(match, writer)
        play(match, 6, writer)
        kept, count = writer.write_unsaved()
        writer.close()
    flat = " ".join(run("saves").output.split())
    assert f"Actions that could not be saved wait in {kept}: `makao resume` takes them back." in flat
    opened = no_app(monkeypatch)
    result = run("resume")
    assert result.exit_code == 0 and opened == [writer.id]
    assert f"{count} actions of match {writer.id} that could not be saved were taken back from {kept}" in \
        " ".join(result.output.split())
    with open_store() as store:
        assert store.load(writer.id).actions == tuple(match.all_actions()) and store.unsaved_files() == []


def test_the_shared_tables_private_folder_leaves_the_data_folder_its_mode(data):
    from makao_tui.net import places

    data.mkdir()
    os.chmod(data, 0o1777)
    folder = places.private_dir("tables")
    assert mode(data) == 0o1777 and mode(folder) == 0o700
    os.chmod(folder, 0o755)  # made by an earlier version: makao's own folder is made private again
    places.private_dir("tables")
    assert mode(data) == 0o1777 and mode(folder) == 0o700
