"""Faults the store survives (issue 12): a full disk, a busy file, reused pids and zombies, damaged
rows, unclean shutdowns; and a save that costs the new rows only (issue 13)."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import threading

import pytest

from makao_tui.engine.match import Match
from makao_tui.store import (
    CorruptStoreError,
    DamagedMatchError,
    MatchInUseError,
    Store,
    StoreError,
    StoreFullError,
    UnknownMatchError,
    locks,
    open_store,
    open_store_or_recover,
    schema,
    set_aside,
)

from .test_processes import expect, kill, spawn
from .util import play, short_setup, step


def new_match(store, game="makao-ru", seed=7):
    variant, rules, seats = short_setup(game)
    writer = store.start_match(variant, rules, seats, seed)
    return writer, Match(variant, rules, [s.name for s in seats], seed)


def fill_up(store):
    """Let the file grow no more (SQLite's ``max_page_count``): a write that needs a new page then
    fails as on a full disk."""
    pages = store._conn.execute("PRAGMA page_count").fetchone()[0]
    store._conn.execute(f"PRAGMA max_page_count = {pages}")


def unwritten_new_match(store):
    """On a full file (:func:`fill_up`), new Peklo matches until one cannot be written at all:
    (the writers, every one still open: closing one would make room; the last one's match)."""
    writers = []
    for seed in range(1000):
        writer, match = new_match(store, "peklo", seed)
        writers.append(writer)
        if writer.id is None:
            return writers, match
    raise AssertionError("the full file took 1000 new matches")


def long_match(store, seed=7):
    """A makao-ru match to 1000 points (long enough to fill the last pages of a full file)."""
    variant, _, seats = short_setup("makao-ru")
    rules = variant.rules({"loss_limit": 1000})
    return store.start_match(variant, rules, seats, seed), Match(variant, rules, [s.name for s in seats], seed)


def play_until_delayed(match, writer, limit=3000):
    """Play and save until a save is delayed; returns its status."""
    for _ in range(limit):
        step(match)
        status = writer.save(match)
        if status.state != "saved":
            return status
    raise AssertionError("the file never filled up")


def make_room(store):
    store._conn.execute("PRAGMA max_page_count = 1000000")


def stored_actions(path, match_id):
    with open_store(path) as other:
        return other.load(match_id).actions


def saved_event(writer):
    """An Event set when the writer's status comes back to "saved"."""
    done = threading.Event()
    writer.on_status = lambda status: status.state == "saved" and done.set()
    return done


def test_a_disk_that_fills_mid_match_delays_saving_and_loses_nothing(tmp_path):
    path = tmp_path / "makao.sqlite3"
    with open_store(path) as store:
        writer, match = long_match(store)
        play(match, 10, writer)
        fill_up(store)
        statuses = []
        writer.on_status = statuses.append
        play_until_delayed(match, writer)
        play(match, 20, writer)
        status = writer.status
        assert status.state == "delayed" and status.reason == "full" and writer.pending > 0
        assert "the disk is full" in status.message and str(path.parent) in status.message
        assert "free in" in status.message and "needed" in status.message
        assert "The match goes on" in status.message
        assert len(stored_actions(path, writer.id)) < match.action_count
        with open_store(path) as other, pytest.raises(MatchInUseError):
            other.resume(writer.id)  # the claim stays while saving is delayed
        assert path.exists() and set_aside(path) == []  # a full disk is never taken for a corrupt file
        make_room(store)
        assert writer.flush() and writer.pending == 0 and statuses[-1].state == "saved"
        states = [s.state for s in statuses]  # (a retry that fails again tells the new count)
        assert states[-1] == "saved" and set(states[:-1]) == {"delayed"}
        assert stored_actions(path, writer.id) == tuple(match.all_actions())
        writer.close()


def test_a_new_match_on_a_full_disk_is_written_when_there_is_room(tmp_path):
    path = tmp_path / "makao.sqlite3"
    with open_store(path) as store:
        fill_up(store)
        writers, match = unwritten_new_match(store)
        writer = writers[-1]
        assert writer.id is None and writer.status.state == "delayed" and writer.status.reason == "full"
        play(match, 30, writer)
        assert len(store.unfinished()) == len(writers) - 1
        make_room(store)
        assert writer.flush()
        assert writer.id is not None and writer.saved.id == writer.id
        assert stored_actions(path, writer.id) == tuple(match.all_actions())
        with open_store(path) as other, pytest.raises(MatchInUseError):
            other.resume(writer.id)
        for w in writers:
            w.close()


def test_a_full_disk_at_start_up_is_told_as_such_and_nothing_is_set_aside(tmp_path, monkeypatch):
    path = tmp_path / "makao.sqlite3"
    with open_store(path) as store:
        writer, match = new_match(store)
        play(match, 5, writer)
        writer.close()

    def grow(conn):  # a schema step that needs more room than the disk has
        pages = conn.execute("PRAGMA page_count").fetchone()[0]
        conn.execute(f"PRAGMA max_page_count = {pages}")
        conn.execute("CREATE TABLE notes (text TEXT)")
        conn.executemany("INSERT INTO notes VALUES (?)", [("x" * 1000,)] * 100)

    monkeypatch.setattr(schema, "MIGRATIONS", [*schema.MIGRATIONS, grow])
    with pytest.raises(StoreFullError, match="the disk is full") as err:
        open_store_or_recover(path)
    assert err.value.path == path and err.value.needed > 0
    assert path.exists() and set_aside(path) == [] and list(tmp_path.glob("makao.sqlite3.*")) == []
    monkeypatch.undo()
    with open_store(path) as store:
        assert [m.actions for m in store.unfinished()] == [5]


def test_a_busy_file_delays_saving_and_the_retry_writes_when_it_answers(tmp_path):
    path = tmp_path / "makao.sqlite3"
    with open_store(path) as store:
        writer, match = new_match(store, "macao")
        play(match, 3, writer)
        other = sqlite3.connect(path, isolation_level=None)
        other.execute("BEGIN IMMEDIATE")  # another process holds the write lock
        saved = saved_event(writer)
        play(match, 4, writer)
        assert writer.status.state == "delayed" and writer.status.reason == "busy"
        assert "busy" in writer.status.message and writer.pending == 4
        other.execute("COMMIT")
        other.close()
        assert saved.wait(60)  # the writer's own retry, not a flush from here
        assert writer.pending == 0
        assert stored_actions(path, writer.id) == tuple(match.all_actions())
        writer.close()


def test_the_actions_are_read_back_from_the_file_and_from_those_that_wait_to_be_written(tmp_path):
    """A table that let its earlier actions go reads them back through its writer (issue 31
    item 3): the stored ones, then those a busy file holds back, in order."""
    path = tmp_path / "makao.sqlite3"
    with open_store(path) as store:
        writer, match = new_match(store, "macao")
        play(match, 5, writer)
        assert writer.actions(5) == match.all_actions() and writer.actions(2) == match.all_actions()[:2]
        other = sqlite3.connect(path, isolation_level=None)
        other.execute("BEGIN IMMEDIATE")  # another process holds the write lock
        play(match, 4, writer)
        assert writer.pending == 4
        assert writer.actions(9) == match.all_actions()
        assert writer.actions(7) == match.all_actions()[:7] and writer.actions(0) == []
        with pytest.raises(ValueError):
            writer.actions(10)
        other.execute("COMMIT")
        other.close()
        assert writer.flush() and writer.actions(9) == match.all_actions()
        store._conn.execute("DELETE FROM actions WHERE match_id = ? AND idx = 3", (writer.id,))
        with pytest.raises(DamagedMatchError, match="action 3 is missing"):
            writer.actions(9)
        writer.close()


def test_closing_a_writer_that_cannot_write_says_what_is_lost_and_releases_the_match(tmp_path):
    path = tmp_path / "makao.sqlite3"
    with open_store(path) as store:
        writer, match = long_match(store)
        play(match, 2, writer)
        fill_up(store)
        play_until_delayed(match, writer)
        play(match, 2, writer)
        waiting = writer.pending
        assert waiting > 0
        with pytest.raises(StoreError, match=f"{waiting} actions of match {writer.id} could not be saved: "
                                             "cannot save to .*the disk is full"):
            writer.close()
        make_room(store)
        store.resume(writer.id).close()  # released all the same


def test_a_reused_pid_or_a_zombie_in_a_claim_never_locks_the_match(tmp_path):
    path = tmp_path / "makao.sqlite3"
    with open_store(path) as store:
        writer, match = new_match(store)
        play(match, 3, writer)
        match_id = writer.id
        writer.close()
        live = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(120)"])
        zombie = subprocess.Popen([sys.executable, "-c", "pass"])
        try:
            while os.waitid(os.P_PID, zombie.pid, os.WEXITED | os.WNOWAIT) is None:
                pass  # exited, not reaped: a zombie
            for pid in (live.pid, zombie.pid):
                store._conn.execute("INSERT OR REPLACE INTO writers (match_id, token, host, pid, heartbeat)"
                                    " VALUES (?, 'old', ?, ?, 0)", (match_id, locks.HOST, pid))
                assert not store.unfinished()[0].in_use
                store.resume(match_id).close()
        finally:
            live.kill()
            live.wait()
            zombie.wait()


def test_a_claim_is_held_by_the_live_writer_process_and_lapses_with_it(tmp_path):
    db = tmp_path / "makao.sqlite3"
    child = spawn(db, "start", "makao-pl", 3, 10)
    match_id = int(expect(child, "ready"))
    with open_store(db) as store:
        assert store.unfinished()[0].in_use
        with pytest.raises(MatchInUseError, match=f"pid {child.pid}"):
            store.resume(match_id)
        kill(child, signal.SIGKILL)
        assert not store.unfinished()[0].in_use
        store.resume(match_id).close()


#: (damage done to match 1, the reason given, whether the list of matches already sees it)
DAMAGE = [
    ("UPDATE matches SET totals = '[1,2' WHERE id = 1", "totals is not valid JSON: '[1,2'", True),
    ("UPDATE matches SET winners = '[7]', finished = 5 WHERE id = 1", "winners is 7, not 0 to 2", True),
    ("UPDATE seats SET level = 'godlike' WHERE match_id = 1 AND seat = 1", "the AI level of seat 1 is 'godlike'",
     True),
    ("DELETE FROM seats WHERE match_id = 1 AND seat = 1", "seat 1 is missing", True),
    ("DELETE FROM seats WHERE match_id = 1", "the match has no seats", True),
    ("UPDATE seats SET name = x'00ff' WHERE match_id = 1 AND seat = 0", "the name of seat 0", True),
    ("UPDATE matches SET first_dealer = 7 WHERE id = 1", "first_dealer is 7, not 0 to 2", True),
    ("UPDATE seats SET hints = -1 WHERE match_id = 1 AND seat = 0", "the hints of seat 0 is -1, not 0 to …", True),
    ("UPDATE seats SET undos = 'x' WHERE match_id = 1 AND seat = 1", "the undos of seat 1 is 'x'", True),
    ("UPDATE matches SET seed = 'abc' WHERE id = 1", "seed is 'abc'", True),
    ("UPDATE matches SET options = '[]' WHERE id = 1", "options is '[]', not an object", True),
    ("UPDATE matches SET options = '{\"loss_limit\": 5}' WHERE id = 1", "loss_limit", True),
    ("UPDATE matches SET deal = 'x' WHERE id = 1", "deal is 'x'", True),
    ("UPDATE matches SET game = 'poker' WHERE id = 1", "unknown game 'poker'", True),
    ("UPDATE actions SET action = 'nope' WHERE match_id = 1 AND idx = 1", "action 1 is not valid JSON", False),
    ("DELETE FROM actions WHERE match_id = 1 AND idx = 1", "action 1 is missing", False),
    ("UPDATE actions SET seat = 9 WHERE match_id = 1 AND idx = 0", "the seat of action 0 is 9", False),
    ("UPDATE actions SET action = '{\"do\": \"draw\"}' WHERE match_id = 1 AND idx = 0", "does not replay", False),
]


@pytest.mark.parametrize(("sql", "reason", "listed"), DAMAGE)
def test_a_damaged_row_makes_a_damaged_match_never_a_traceback(tmp_path, sql, reason, listed):
    with open_store(tmp_path / "makao.sqlite3") as store:
        writer, match = new_match(store)
        play(match, 6, writer)
        writer.close()
        sound, other = new_match(store, seed=8)
        play(other, 2, sound)
        sound.close()
        store._conn.execute(sql)
        if listed:
            assert [m.id for m in store.unfinished()] == [2] and store.finished() == []
            [damaged] = store.damaged()
            assert damaged.id == 1 and reason in damaged.damage
        report = store.check()
        assert not report.ok and report.integrity == ["ok"] and report.matches == 2
        assert [r[0] for r in report.damaged] == [1] and reason in report.damaged[0][1], report.damaged
        with pytest.raises(DamagedMatchError, match=r"match 1 in .* (cannot be read|does not replay)"):
            store.load(1).rebuild()
        store.statistics()
        store.resume(2).close()  # the sound match is untouched


def test_a_stored_action_the_game_cannot_take_is_damage_not_a_crash(tmp_path):
    path = tmp_path / "makao.sqlite3"
    with open_store(path) as store:
        writer, match = new_match(store, "peklo")
        play(match, 3, writer)
        writer.close()
        store._conn.execute("UPDATE actions SET action = '{\"do\": \"bid\", \"n\": -40}' WHERE idx = 0")
        report = store.check()
        assert [r[0] for r in report.damaged] == [1] and "action 0" in report.damaged[0][1]


def test_an_id_sqlite_cannot_hold_is_simply_unknown(tmp_path):
    with open_store(tmp_path / "s.db") as store:
        for bad in (0, -1, 2**63, 10**20):
            with pytest.raises(UnknownMatchError, match=f"no match {bad}"):
                store.load(bad)
            with pytest.raises(UnknownMatchError):
                store.resume(bad)
            with pytest.raises(UnknownMatchError):
                store.score_sheet(bad)


def test_opening_checks_every_page_only_after_an_unclean_shutdown(tmp_path, monkeypatch):
    db = tmp_path / "makao.sqlite3"
    checks = []
    real = Store._integrity
    monkeypatch.setattr(Store, "_integrity", lambda self: checks.append(self.path) or real(self))
    with open_store(db) as store:
        assert store.unclean == 0
    with open_store(db) as store:
        assert store.unclean == 0 and checks == []  # closed cleanly: the header and schema only
    child = spawn(db, "start", "macao", 5, 4)
    expect(child, "ready")
    with open_store(db) as store:  # the child has it open: not unclean
        assert store.unclean == 0 and checks == []
    kill(child, signal.SIGKILL)
    with open_store(db) as store:
        assert store.unclean == 1 and checks == [db]
        assert store.check().ok and checks == [db, db]
    with open_store(db) as store:
        assert store.unclean == 0 and len(checks) == 2


def test_damage_found_after_an_unclean_shutdown_sets_the_file_aside(tmp_path):
    db = tmp_path / "makao.sqlite3"
    with open_store(db) as store:
        writer, match = new_match(store)
        play(match, 400, writer)
        writer.close()
    data = bytearray(db.read_bytes())
    data[4096 * 3:4096 * 4] = b"\xa5" * 4096
    db.write_bytes(bytes(data))
    marker = locks.folder(db) / "open-leftover"
    marker.write_bytes(b"")  # a process that had the file open and died
    with pytest.raises(CorruptStoreError, match=r"is damaged|cannot read"):
        open_store(db)
    marker.write_bytes(b"")
    store, message = open_store_or_recover(db)
    store.close()
    [moved] = set_aside(db)
    assert str(moved) in message and str(db) in message


def test_a_save_costs_its_new_rows_not_the_whole_match(tmp_path, monkeypatch):
    with open_store(tmp_path / "s.db") as store:
        writer, match = new_match(store)
        play(match, 50, writer)
        statements = []
        store._conn.set_trace_callback(statements.append)
        monkeypatch.setattr(Match, "all_actions", lambda self: pytest.fail("a save listed every action"))
        step(match)
        writer.save(match)
        store._conn.set_trace_callback(None)
        inserts = [s for s in statements if s.startswith("INSERT INTO actions")]
        assert len(inserts) == 1 and not any("SELECT" in s and "FROM actions" in s for s in statements)
