"""The matrix of storage damage (issue 29): each kind of damage to the saved games on disk, met by
every store command as a user runs them, gives its expected message and exit status, never a
traceback, and deletes nothing (a file set aside keeps every byte under its new name)."""

from __future__ import annotations

import json
import os
import sqlite3
import stat
from collections.abc import Callable

import pytest
from typer.testing import CliRunner

import makao_tui.app.main as app_main
from makao_tui.cli import app
from makao_tui.store import database, default_path, locks, schema

from .test_store_damage import damage_pages, record

runner = CliRunner()
#: the commands in the order a user tries them; the last "saves" comes after the check
COMMANDS = (("saves",), ("history",), ("resume",), ("resume", "1"), ("saves", "--check"), ("saves", "again"))


def sql(statement: str) -> Callable[[], None]:
    def damage() -> None:
        conn = sqlite3.connect(default_path())
        with conn:
            conn.execute(statement)
        conn.close()
    return damage


def pages() -> None:
    damage_pages(default_path())


def first_page() -> None:
    data = bytearray(default_path().read_bytes())
    data[16:4096] = bytes(range(256)) * 15 + bytes(range(240))  # header kept, the rest of page 1 gone
    default_path().write_bytes(bytes(data))


def not_sqlite() -> None:
    default_path().write_text("these are my notes, not a database\n" * 50)


def lock_folder_file() -> None:
    place = locks.folder(default_path())
    for p in place.iterdir():
        p.unlink()
    place.rmdir()
    place.write_text("x")


def dead_session() -> None:
    (locks.folder(default_path()) / "open-leftover").write_bytes(b"")  # a process that died with it open


def open_mode() -> None:
    os.chmod(default_path().parent, 0o1777)


def another_program() -> None:
    default_path().unlink()
    conn = sqlite3.connect(default_path())
    conn.execute("CREATE TABLE contacts (name TEXT)")
    conn.close()


def newer() -> None:
    sql(f"UPDATE schema_version SET version = {schema.current_version() + 1}")()


def bad_unsaved_file() -> None:
    default_path().with_name("makao.sqlite3.unsaved-1-20260101-000000.json").write_text(json.dumps(
        {"makao_unsaved": 1, "match": 1, "game": "makao-ru", "actions": "lost"}))


#: kind: (damage done, {command: (exit status, words expected)}); a command left out exits 0 with
#: no word asked for
KINDS: dict[str, tuple[Callable[[], None], dict[tuple[str, ...], tuple[int, str]]]] = {
    "damaged pages": (pages, {
        ("saves",): (2, "`makao saves --check` checks every page"), ("history",): (2, "database disk image"),
        ("resume",): (2, "malformed"), ("resume", "1"): (2, "malformed"),
        ("saves", "--check"): (1, "It was moved to"), ("saves", "again"): (0, "set aside as")}),
    "damaged first page": (first_page, {
        ("saves",): (2, "makao saves --check"), ("history",): (2, "makao saves --check"),
        ("resume",): (2, "makao saves --check"), ("resume", "1"): (2, "makao saves --check"),
        ("saves", "--check"): (1, "It was moved to")}),
    "not a database": (not_sqlite, {
        ("saves",): (2, "file is not a database"), ("history",): (2, "file is not a database"),
        ("resume",): (2, "file is not a database"), ("resume", "1"): (2, "file is not a database"),
        ("saves", "--check"): (1, "It was moved to")}),
    "another program's database": (another_program, {
        ("saves",): (2, "the database of another program"), ("history",): (2, "another program"),
        ("resume",): (2, "another program"), ("resume", "1"): (2, "another program"),
        ("saves", "--check"): (1, "It was moved to")}),
    "newer schema": (newer, {
        ("saves",): (2, "written by a newer makao-tui"), ("history",): (2, "newer"), ("resume",): (2, "newer"),
        ("resume", "1"): (2, "newer"), ("saves", "--check"): (2, "newer"), ("saves", "again"): (2, "newer")}),
    "damaged value": (sql("UPDATE matches SET totals = '[1,2' WHERE id = 1"), {
        ("saves",): (0, "Match 1 is damaged: totals is not valid JSON"), ("resume", "1"): (2, "cannot be read"),
        ("saves", "--check"): (1, "Match 1 is damaged: totals is not valid JSON")}),
    "last action rows deleted": (sql("DELETE FROM actions WHERE match_id = 1 AND idx >= 10"), {
        ("saves",): (0, "Match 1 is damaged: actions 10 to 14 are missing (15 stored before, 10 left)"),
        ("resume", "1"): (2, "actions 10 to 14 are missing"),
        ("saves", "--check"): (1, "Match 1 is damaged: actions 10 to 14 are missing")}),
    "an action row deleted": (sql("DELETE FROM actions WHERE match_id = 1 AND idx = 3"), {
        ("saves",): (0, "Match 1 is damaged: action 3 is missing (15 stored before, 14 left)"),
        ("resume", "1"): (2, "action 3 is missing"), ("saves", "--check"): (1, "action 3 is missing")}),
    "count raised": (sql("UPDATE matches SET actions = 17 WHERE id = 1"), {
        ("saves",): (0, "actions 15 to 16 are missing (17 stored before, 15 left)"),
        ("resume", "1"): (2, "actions 15 to 16 are missing"), ("saves", "--check"): (1, "actions 15 to 16")}),
    "count lowered": (sql("UPDATE matches SET actions = 12 WHERE id = 1"), {
        ("saves",): (0, "15 actions are stored where the match counts 12"),
        ("resume", "1"): (2, "15 actions are stored where the match counts 12"),
        ("saves", "--check"): (1, "15 actions are stored where the match counts 12")}),
    "seat row deleted": (sql("DELETE FROM seats WHERE match_id = 1 AND seat = 1"), {
        ("saves",): (0, "Match 1 is damaged: seat 1 is missing"), ("resume", "1"): (2, "seat 1 is missing"),
        ("saves", "--check"): (1, "seat 1 is missing")}),
    "lock folder is a file": (lock_folder_file, {
        command: (2, "is a file, not a folder") for command in COMMANDS}),
    "a session that died": (dead_session, {("saves", "--check"): (0, "Every page of the file")}),
    "folder open to all": (open_mode, {("saves",): (0, "can be read by other users of this machine (mode 1777)")}),
    "unsaved actions that do not fit": (bad_unsaved_file, {
        ("saves",): (0, "Actions that could not be saved wait in"),
        ("resume",): (0, "cannot take back"), ("resume", "1"): (0, "cannot take back")}),
}


def snapshot(folder) -> dict[str, bytes]:
    """The files of the data folder and their bytes (SQLite's own -wal and -shm left out)."""
    return {p.name: p.read_bytes() for p in folder.iterdir() if p.is_file() and not p.name.endswith(("-wal", "-shm"))}


@pytest.mark.parametrize("kind", list(KINDS))
def test_every_command_meets_each_kind_of_damage_with_its_message(kind, data_dir, monkeypatch):
    record(1, 15)  # id 1: the match the damage is done to
    record(2, 15)  # id 2: a sound one
    damage, expected = KINDS[kind]
    damage()
    before = snapshot(data_dir)
    monkeypatch.setattr(app_main, "run_app", lambda **kw: None)
    for command in COMMANDS:
        status, words = expected.get(command, (0, ""))
        result = runner.invoke(app, [word for word in command if word != "again"], env={"COLUMNS": "400"})
        assert result.exception is None or isinstance(result.exception, SystemExit), (command, result.output)
        assert "Traceback" not in result.output
        assert result.exit_code == status, (command, result.output)
        assert words in " ".join(result.output.split()), (command, result.output)
    after = snapshot(data_dir)
    for name, content in before.items():  # nothing deleted: each file still there, or set aside whole
        assert name in after or content in after.values(), name
    if expected.get(("saves", "--check"), (0, ""))[1] == "It was moved to":
        assert before["makao.sqlite3"] in after.values()  # set aside before anything was written to it
    assert stat.S_IMODE(os.stat(data_dir).st_mode) == (0o1777 if kind == "folder open to all" else 0o700)


def test_a_busy_file_and_a_match_held_by_another_session(data_dir, monkeypatch):
    record(1, 15)
    monkeypatch.setattr(database, "BUSY_TIMEOUT_S", 0.05)  # how long a command waits for the busy file
    monkeypatch.setattr(app_main, "run_app", lambda **kw: None)
    fd = locks.claim(default_path(), 1)  # another session plays match 1
    sql(f"INSERT INTO writers VALUES (1, 'other', '{locks.HOST}', 4242, 0)")()
    try:
        result = runner.invoke(app, ["saves"], env={"COLUMNS": "400"})
        assert result.exit_code == 0 and "(open in another session)" in result.output
        result = runner.invoke(app, ["resume", "1"])
        assert result.exit_code == 2 and "match 1 is open in another makao process (pid 4242" in result.output
    finally:
        locks.release(fd)
    other = sqlite3.connect(default_path(), isolation_level=None)
    other.execute("BEGIN IMMEDIATE")  # another process is writing
    try:
        assert runner.invoke(app, ["saves"]).exit_code == 0  # reading goes on beside a writer
        result = runner.invoke(app, ["resume", "1"])
        assert result.exit_code == 2 and "is busy: another makao process is writing to it" in result.output
    finally:
        other.execute("COMMIT")
        other.close()
    assert runner.invoke(app, ["resume", "1"]).exit_code == 0


def test_a_full_disk_lets_every_command_read_and_sets_nothing_aside(data_dir, monkeypatch):
    record(1, 15)
    real = sqlite3.connect

    def full(*args, **kwargs):  # every connection of the store finds no room to grow the file
        conn = real(*args, **kwargs)
        pages = conn.execute("PRAGMA page_count").fetchone()[0]
        conn.execute(f"PRAGMA max_page_count = {max(pages, 1)}")
        return conn

    monkeypatch.setattr(database.sqlite3, "connect", full)
    monkeypatch.setattr(app_main, "run_app", lambda **kw: None)
    before = default_path().read_bytes()
    for command in COMMANDS:
        result = runner.invoke(app, [word for word in command if word != "again"], env={"COLUMNS": "400"})
        assert result.exception is None or isinstance(result.exception, SystemExit), (command, result.output)
        assert result.exit_code == 0, (command, result.output)
    assert sorted(p.name for p in data_dir.iterdir() if "corrupt" in p.name) == []
    assert default_path().read_bytes()[:100] == before[:100]
