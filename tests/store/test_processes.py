"""Processes: a match survives its process being killed; two processes share the file safely; one
writer per match."""

from __future__ import annotations

import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from makao_tui.engine.match import Match
from makao_tui.store import STALE_AFTER_S, MatchInUseError, open_store

from .util import play, short_setup

CHILD = Path(__file__).with_name("child.py")
#: seconds after which a child is taken for hung: a guard against a test that never ends, not a measure
HANG = 300


def spawn(*args: str) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, str(CHILD), *map(str, args)], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)


def expect(child: subprocess.Popen, word: str) -> str:
    line = child.stdout.readline()
    assert line.startswith(word), f"child said {line!r}; stderr: {child.stderr.read()}"
    return line.split()[-1]


def kill(child: subprocess.Popen, sig: int) -> None:
    child.send_signal(sig)
    assert child.wait(timeout=HANG) == -sig
    child.stdout.close()
    child.stderr.close()


def expected_match(game: str, seed: int, actions: int) -> Match:
    variant, rules, seats = short_setup(game)
    match = Match(variant, rules, [s.name for s in seats], seed)
    play(match, actions)
    return match


def test_killed_by_sighup_then_sigkill_the_match_resumes_where_it_stood(tmp_path):
    db = tmp_path / "makao.sqlite3"
    first = spawn(db, "start", "makao-ru", 21, 40)
    match_id = int(expect(first, "ready"))
    kill(first, signal.SIGHUP)
    with open_store(db) as store:
        saved = store.load(match_id)
        assert saved.rebuild().state.snapshot() == expected_match("makao-ru", 21, 40).state.snapshot()

        second = spawn(db, "resume", match_id, 40)
        expect(second, "ready")
        with pytest.raises(MatchInUseError, match=f"match {match_id} is open in another makao process "
                                                  f"\\(pid {second.pid} on "):
            store.resume(match_id)
        assert len(store.load(match_id).actions) == 80  # reading while another process writes
        assert store.unfinished()[0].in_use
        kill(second, signal.SIGKILL)

        assert not store.unfinished()[0].in_use
        with store.resume(match_id) as writer:  # the dead process's claim is taken over
            rebuilt = writer.saved.rebuild()
    expected = expected_match("makao-ru", 21, 80)
    assert rebuilt.state.snapshot() == expected.state.snapshot()
    assert rebuilt.totals == expected.totals and len(rebuilt.deals) == len(expected.deals)


def test_two_processes_write_two_matches_at_once(tmp_path):
    db = tmp_path / "makao.sqlite3"
    open_store(db).close()  # created once, so both children open the same upgraded file
    go = tmp_path / "go"
    children = [spawn(db, "race", game, seed, 150, go) for game, seed in (("makao-ru", 1), ("peklo", 2))]
    for child in children:
        expect(child, "waiting")
    go.touch()
    ids = {}
    for child, game, seed in zip(children, ("makao-ru", "peklo"), (1, 2), strict=False):
        ids[int(expect(child, "done"))] = (game, seed)
        assert child.wait(timeout=HANG) == 0
        child.stdout.close()
        child.stderr.close()
    conn = sqlite3.connect(db)
    assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    conn.close()
    with open_store(db) as store:
        assert len(ids) == 2
        for match_id, (game, seed) in ids.items():
            rebuilt = store.load(match_id).rebuild()
            expected = expected_match(game, seed, 150)
            assert rebuilt.state.snapshot() == expected.state.snapshot() and rebuilt.totals == expected.totals


def test_a_writer_whose_claim_was_taken_over_can_no_longer_save(tmp_path):
    variant, rules, seats = short_setup("macao")
    names = [s.name for s in seats]
    with open_store(tmp_path / "s.db") as one, open_store(tmp_path / "s.db") as two:
        writer = one.start_match(variant, rules, seats, seed=3)
        match = Match(variant, rules, names, 3)
        play(match, 2, writer)
        with pytest.raises(MatchInUseError):  # same live process, another writer
            two.resume(writer.id)
        # a process on another host took the match over, finding this writer's heartbeat stale
        one._conn.execute("UPDATE writers SET token = 'theirs', host = 'elsewhere', heartbeat = ?", (time.time(),))
        play(match, 1)
        with pytest.raises(MatchInUseError, match="taken over"):
            writer.save(match)
        assert writer.status.state == "lost"
        writer.close()  # releases nothing of the new writer's
        assert one._conn.execute("SELECT token FROM writers").fetchone() == ("theirs",)
        with pytest.raises(MatchInUseError, match="on elsewhere"):
            one.resume(writer.id)


def test_a_claim_from_another_host_lapses_with_its_heartbeat(tmp_path):
    variant, rules, seats = short_setup("macao")
    with open_store(tmp_path / "s.db") as store:
        with store.start_match(variant, rules, seats, seed=3) as writer:
            pass
        store._conn.execute("INSERT INTO writers (match_id, token, host, pid, heartbeat)"
                            " VALUES (?, 'x', 'elsewhere', 1, ?)", (writer.id, time.time() - 5))
        with pytest.raises(MatchInUseError, match="on elsewhere"):
            store.resume(writer.id)
        assert store.unfinished()[0].in_use
        store._conn.execute("UPDATE writers SET heartbeat = ?", (time.time() - STALE_AFTER_S - 1,))
        assert not store.unfinished()[0].in_use
        store.resume(writer.id).close()
