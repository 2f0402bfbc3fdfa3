"""Saved matches hold every hand: the store's folder and files are the user's only (issue 11)."""

from __future__ import annotations

import os
import stat

from makao_tui.engine.match import Match
from makao_tui.store import open_store
from tests.store.util import play, short_setup


def mode(path) -> int:
    return stat.S_IMODE(os.stat(path).st_mode)


def test_the_store_is_readable_by_its_user_only(tmp_path):
    old = os.umask(0o022)
    try:
        path = tmp_path / "data" / "makao.sqlite3"
        with open_store(path) as store:
            variant, rules, seats = short_setup("makao-ru")
            with store.start_match(variant, rules, seats, 5) as writer:
                play(Match(variant, rules, [s.name for s in seats], 5), 3, writer)
                assert mode(path.parent) == 0o700
                files = list(path.parent.iterdir())
                assert files and all(mode(p) & 0o077 == 0 for p in files)
    finally:
        os.umask(old)


def test_an_older_readable_file_is_made_private_and_its_folder_keeps_its_mode(tmp_path):
    # issue 29: only what the app makes gets its mode; a folder that was there is told about
    folder = tmp_path / "data"
    folder.mkdir(mode=0o755)
    with open_store(folder / "makao.sqlite3"):
        pass
    os.chmod(folder, 0o755)
    os.chmod(folder / "makao.sqlite3", 0o644)
    with open_store(folder / "makao.sqlite3") as store:
        assert mode(folder) == 0o755
        assert mode(folder / "makao.sqlite3") == 0o600
        [note] = store.notes
        assert f"{folder} can be read by other users of this machine (mode 755)" in note
        assert store.troubles() == [note]


def test_a_folder_the_store_makes_is_the_users_only_and_told_about_by_nobody(tmp_path):
    with open_store(tmp_path / "new" / "makao.sqlite3") as store:
        assert mode(tmp_path / "new") == 0o700 and store.notes == [] and store.troubles() == []
