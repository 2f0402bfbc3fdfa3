"""Schema versions and migrations; corrupt, foreign and newer files set aside, never lost."""

from __future__ import annotations

import sqlite3

import pytest

from makao_tui.engine.match import Match
from makao_tui.store import (
    CorruptStoreError,
    NewerStoreError,
    StoreError,
    database,
    move_aside,
    open_store,
    open_store_or_recover,
    schema,
)

from .util import play, short_setup


def stored_match(path, seed=4, actions=20):
    """A file holding one match of ``actions`` actions; returns the match."""
    variant, rules, seats = short_setup("makao-ru")
    with open_store(path) as store, store.start_match(variant, rules, seats, seed) as writer:
        match = Match(variant, rules, [s.name for s in seats], seed)
        play(match, actions, writer)
    return match


def version_of(path) -> int:
    conn = sqlite3.connect(path)
    try:
        return conn.execute("SELECT version FROM schema_version").fetchone()[0]
    finally:
        conn.close()


def set_aside(folder, kind):
    """The files set aside as ``kind`` (their -wal/-shm companions left out)."""
    return [p for p in folder.glob(f"makao.sqlite3.{kind}-*") if not p.name.endswith(("-wal", "-shm"))]


def test_a_new_file_has_the_current_schema(tmp_path):
    with open_store(tmp_path / "s.db") as store:
        assert store.schema_version() == schema.current_version() == len(schema.MIGRATIONS)
        assert store._conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_a_file_of_the_first_schema_is_migrated_on_opening(tmp_path):
    path = tmp_path / "s.db"
    match = stored_match(path)
    # take the file back to the first schema: without the columns that later steps add
    with sqlite3.connect(path) as conn:
        conn.execute("ALTER TABLE matches DROP COLUMN played")
        conn.execute("ALTER TABLE seats DROP COLUMN level")
        conn.execute("ALTER TABLE seats DROP COLUMN undos")
        conn.execute("ALTER TABLE seats DROP COLUMN hints")
        conn.execute("UPDATE schema_version SET version = 1")
    conn.close()
    assert version_of(path) == 1
    with open_store(path) as store:
        assert store.schema_version() == 4
        saved = store.load(1)
        assert saved.played == 0.0  # version 2: the seconds played, 0 for an old match
        assert {s.level for s in saved.seats} == {"normal"}  # version 3: the AI level
        assert {(s.undos, s.hints) for s in saved.seats} == {(0, 0)}  # version 4: no help used
        assert saved.rebuild().state.snapshot() == match.state.snapshot()
    assert version_of(path) == 4


def test_a_later_schema_step_runs_once_and_keeps_the_matches(tmp_path, monkeypatch):
    path = tmp_path / "s.db"
    match = stored_match(path)
    current = schema.current_version()
    assert version_of(path) == current
    calls = []

    def add_notes(conn):  # a second schema: a column filled from the existing rows
        calls.append(1)
        conn.execute("ALTER TABLE matches ADD COLUMN note TEXT")
        conn.execute("UPDATE matches SET note = game || ' #' || id")

    monkeypatch.setattr(schema, "MIGRATIONS", [*schema.MIGRATIONS, add_notes])
    with open_store(path) as store:
        assert store.schema_version() == current + 1
        assert store._conn.execute("SELECT note FROM matches").fetchall() == [("makao-ru #1",)]
        rebuilt = store.load(1).rebuild()
        assert rebuilt.state.snapshot() == match.state.snapshot() and rebuilt.totals == match.totals
    with open_store(path):
        pass
    assert calls == [1] and version_of(path) == current + 1


def test_a_failed_migration_leaves_the_file_as_it_was(tmp_path, monkeypatch):
    path = tmp_path / "s.db"
    match = stored_match(path)

    def broken(conn):
        conn.execute("DROP TABLE actions")
        raise RuntimeError("step failed")

    with monkeypatch.context() as m:
        m.setattr(schema, "MIGRATIONS", [*schema.MIGRATIONS, broken])
        current = schema.current_version() - 1
        with pytest.raises(StoreError, match=f"cannot upgrade {path} from schema version {current} "
                                             f"to {current + 1}: step failed") as err:
            open_store(path)
        assert type(err.value) is StoreError  # not corrupt: the file is not set aside
    assert version_of(path) == schema.current_version()
    with open_store(path) as store:
        assert store.load(1).rebuild().state.snapshot() == match.state.snapshot()


@pytest.mark.parametrize("content", [b"this is no database" * 200, b"\x00" * 100 + b"\xff" * 5000])
def test_a_corrupt_file_is_moved_aside_and_a_fresh_one_started(tmp_path, content):
    path = tmp_path / "makao.sqlite3"
    path.write_bytes(content)
    with pytest.raises(CorruptStoreError) as err:
        open_store(path)
    assert str(path) in str(err.value) and err.value.path == path
    store, message = open_store_or_recover(path)
    with store:
        assert store.unfinished() == [] and store.schema_version() == schema.current_version()
    [moved] = set_aside(tmp_path, "corrupt")
    assert moved.read_bytes() == content
    assert str(path) in message and str(moved) in message and "new saved-games file" in message
    store, message = open_store_or_recover(path)  # a good file: nothing moved, no message
    store.close()
    assert message is None and len(list(tmp_path.glob("makao.sqlite3.*"))) == 1


def test_a_damaged_database_is_corrupt(tmp_path):
    path = tmp_path / "makao.sqlite3"
    stored_match(path, actions=400)
    data = bytearray(path.read_bytes())
    assert len(data) > 8192 and not (tmp_path / "makao.sqlite3-wal").exists()
    data[4096:8192] = b"\xa5" * 4096  # page 2 overwritten
    path.write_bytes(bytes(data))
    with pytest.raises(CorruptStoreError, match=str(path)), open_store(path) as store:
        store.load(1)


def test_the_database_of_another_program_is_not_touched(tmp_path):
    path = tmp_path / "makao.sqlite3"
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE contacts (name TEXT)")
    conn.close()
    with pytest.raises(CorruptStoreError, match="another program"):
        open_store(path)
    conn = sqlite3.connect(path)
    assert [r[0] for r in conn.execute("SELECT name FROM sqlite_master")] == ["contacts"]
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "delete"
    conn.close()


def test_a_newer_file_is_refused_then_moved_aside(tmp_path):
    path = tmp_path / "makao.sqlite3"
    stored_match(path)
    conn = sqlite3.connect(path)
    with conn:
        conn.execute("UPDATE schema_version SET version = ?", (schema.current_version() + 1,))
    conn.close()
    with pytest.raises(NewerStoreError, match=f"{path} was written by a newer makao-tui"):
        open_store(path)
    assert version_of(path) == schema.current_version() + 1
    store, message = open_store_or_recover(path)
    store.close()
    [moved] = set_aside(tmp_path, "newer")
    assert version_of(moved) == schema.current_version() + 1 and str(moved) in message


def test_moving_aside_never_overwrites_and_takes_the_wal_along(tmp_path, monkeypatch):
    monkeypatch.setattr(database.time, "strftime", lambda fmt, *a: "20250101-120000")
    path = tmp_path / "makao.sqlite3"
    path.write_bytes(b"first")
    (tmp_path / "makao.sqlite3-wal").write_bytes(b"first wal")
    first = move_aside(path, "corrupt")
    path.write_bytes(b"second")
    second = move_aside(path, "corrupt")
    assert first.name == "makao.sqlite3.corrupt-20250101-120000"
    assert second.name == "makao.sqlite3.corrupt-20250101-120000-2"
    assert first.read_bytes() == b"first" and second.read_bytes() == b"second"
    assert (tmp_path / "makao.sqlite3.corrupt-20250101-120000-wal").read_bytes() == b"first wal"
    assert not path.exists() and not (tmp_path / "makao.sqlite3-wal").exists()


def test_a_folder_that_cannot_be_created(tmp_path):
    (tmp_path / "file").write_text("x")
    with pytest.raises(StoreError, match="cannot create the folder"):
        open_store(tmp_path / "file" / "makao.sqlite3")
