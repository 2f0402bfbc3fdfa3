"""Quitting while the file cannot be written loses nothing (issue 29, item 10): the writer's status
counts exactly what waits, and what waits can go to a file beside the saves, which the store takes
back later, checking it as any data from disk."""

from __future__ import annotations

import json
import os
import sqlite3
import stat

import pytest

from makao_tui.store import StoreError, open_store

from .test_faults import (
    fill_up,
    long_match,
    make_room,
    new_match,
    play_until_delayed,
    saved_event,
    stored_actions,
    unwritten_new_match,
)
from .util import play, step


def test_the_status_counts_every_action_that_waits(tmp_path):
    path = tmp_path / "makao.sqlite3"
    with open_store(path) as store:
        writer, match = new_match(store, "macao")
        play(match, 2, writer)
        other = sqlite3.connect(path, isolation_level=None)
        other.execute("BEGIN IMMEDIATE")  # another process holds the write lock
        try:
            seen = []
            writer.on_status = seen.append
            for count in range(1, 6):
                step(match)
                writer.save(match)
                assert writer.status.state == "delayed"
                assert writer.status.pending == writer.pending == count, (count, writer.status)
                assert f"{count} action" in writer.status.message
            assert [s.pending for s in seen] == [1, 2, 3, 4, 5]
        finally:
            other.execute("COMMIT")
            other.close()
        assert writer.flush() and writer.status.state == "saved"
        writer.close()


def test_what_waits_goes_to_a_file_and_is_taken_back(tmp_path):
    path = tmp_path / "makao.sqlite3"
    with open_store(path) as store:
        writer, match = long_match(store)
        play(match, 5, writer)
        fill_up(store)
        play_until_delayed(match, writer)
        play(match, 30, writer)
        waiting = writer.pending
        kept, count = writer.write_unsaved()
        assert count == waiting > 0 and kept.parent == tmp_path
        assert kept.name.startswith(f"makao.sqlite3.unsaved-{writer.id}-") and kept.suffix == ".json"
        assert stat.S_IMODE(os.stat(kept).st_mode) == 0o600  # it holds hands
        with pytest.raises(StoreError):
            writer.save(match)  # nothing more is stored past the file
        writer.close()  # releases the match; nothing left to lose
        assert len(stored_actions(path, writer.id)) == match.action_count - waiting
        assert store.unsaved_files() == [kept] and str(kept) in store.unsaved_notes()[0]
        make_room(store)
        [line] = store.take_back_all()
        assert f"{waiting} actions of match {writer.id} that could not be saved were taken back" in line
        assert stored_actions(path, writer.id) == tuple(match.all_actions())
        assert store.unfinished()[0].actions == match.action_count and store.damaged() == []
        assert not kept.exists() and store.unsaved_files() == []
        resumed = store.resume(writer.id)
        assert resumed.saved.rebuild().state.snapshot() == match.state.snapshot()
        resumed.close()


def test_a_new_match_that_was_never_written_is_taken_back_whole(tmp_path):
    path = tmp_path / "makao.sqlite3"
    with open_store(path) as store:
        fill_up(store)
        writers, match = unwritten_new_match(store)
        writer = writers[-1]
        play(match, 12, writer)
        kept, count = writer.write_unsaved()
        assert count == 12 and "unsaved-new-" in kept.name
        make_room(store)
        for w in writers:
            w.close()
        [line] = store.take_back_all()
        [taken] = [m for m in store.unfinished() if m.actions == 12]
        assert f"match {taken.id}" in line
        assert store.load(taken.id).rebuild().state.snapshot() == match.state.snapshot()


def kept_file(tmp_path, actions=20):
    """A file of unsaved actions of a match whose first 10 actions are stored; returns the store's
    path, the file and the whole match."""
    path = tmp_path / "makao.sqlite3"
    with open_store(path) as store:
        writer, match = long_match(store)
        play(match, 10, writer)
        fill_up(store)
        play_until_delayed(match, writer)
        play(match, actions, writer)
        kept, _count = writer.write_unsaved()
        writer.close()
    return path, kept, match


@pytest.mark.parametrize(("change", "reason"), [
    (lambda d: "not json", "cannot take back"),
    (lambda d: {**d, "makao_unsaved": 2}, "not a file of unsaved makao actions"),
    (lambda d: {**d, "actions": d["actions"][1:]}, "the actions before it are not stored"),
    (lambda d: {**d, "actions": d["actions"][:2] + d["actions"][3:]}, "do not follow each other"),
    (lambda d: {**d, "actions": [[a[0], (a[1] + 1) % 3, a[2]] for a in d["actions"]]}, "out of turn"),
    (lambda d: {**d, "game": "poker"}, "unknown game 'poker'"),
    (lambda d: {**d, "seats": "Ann"}, "seats is not a list"),
    (lambda d: {**d, "match": 99}, "no match 99"),
])
def test_a_file_that_does_not_fit_is_refused_and_kept(tmp_path, change, reason):
    path, kept, match = kept_file(tmp_path)
    data = json.loads(kept.read_text())
    changed = change(data)
    kept.write_text(changed if isinstance(changed, str) else json.dumps(changed))
    before = kept.read_bytes()
    with open_store(path) as store:
        make_room(store)
        [line] = store.take_back_all()
        assert reason in line and f"cannot take back {kept}" in line, line
        assert kept.read_bytes() == before
        assert len(store.load(1).actions) < match.action_count  # nothing half taken back
        store.resume(1).close()  # the match is released


def test_a_file_taken_back_twice_adds_nothing(tmp_path):
    path, kept, match = kept_file(tmp_path)
    copy = kept.with_name(kept.name.replace(".json", "-copy.json"))
    copy.write_bytes(kept.read_bytes())
    with open_store(path) as store:
        make_room(store)
        lines = store.take_back_all()
        assert "were taken back" in lines[0] and "0 actions" in lines[1], lines
        assert stored_actions(path, 1) == tuple(match.all_actions())


def test_a_file_that_cannot_be_written_changes_nothing(tmp_path, monkeypatch):
    path = tmp_path / "makao.sqlite3"
    with open_store(path) as store:
        writer, match = long_match(store)
        play(match, 5, writer)
        fill_up(store)
        play_until_delayed(match, writer)
        play(match, 3, writer)
        waiting = writer.pending

        def no_room(*args, **kwargs):
            raise OSError(28, "No space left on device")

        with monkeypatch.context() as m:
            m.setattr(os, "open", no_room)
            with pytest.raises(OSError, match="No space left"):
                writer.write_unsaved()
        assert writer.pending == waiting and store.unsaved_files() == []
        play(match, 2, writer)  # the match goes on, saving as before
        saved = saved_event(writer)
        make_room(store)
        assert saved.wait(60)  # the writer's own retry goes on, not a flush from here
        assert stored_actions(path, writer.id) == tuple(match.all_actions())
        writer.close()
