"""The parts of ``makao serve`` one by one: names and claims, players' folders, input runs, the
command's addresses and refusals, the table log (issue 17)."""

from __future__ import annotations

import logging
import os
import stat

import pytest
from hypothesis import given
from hypothesis import strategies as st
from typer.testing import CliRunner

from makao_tui.cli import app
from makao_tui.net import places
from makao_tui.net.protocol import TableInfo, TableSeat
from makao_tui.serve.command import TableLog, parse_address
from makao_tui.serve.players import Claims, PlayerRefused, guest_name, player_dir, player_name
from makao_tui.serve.ssh import cut_runs


def test_a_name_is_claimed_once_case_blind_kept_user_only_and_guest_names_stay_free(tmp_path):
    claims = Claims(tmp_path / "keys.json")
    assert claims.claim("Alice", "SHA256:a", "ssh-ed25519 AAAA", now=1.0)
    assert not claims.claim("ALICE", "SHA256:a", "ssh-ed25519 AAAA")  # hers already
    with pytest.raises(PlayerRefused, match="belongs to another player's key"):
        claims.claim("alice", "SHA256:b", "ssh-ed25519 BBBB")
    with pytest.raises(PlayerRefused, match="without a key"):
        claims.check("Guest-Bob", "SHA256:b")
    assert stat.S_IMODE((tmp_path / "keys.json").stat().st_mode) == 0o600
    again = Claims(tmp_path / "keys.json")
    owner = again.owner("aLiCe")
    assert owner is not None and (owner.name, owner.fingerprint) == ("Alice", "SHA256:a")
    (tmp_path / "broken.json").write_text("{not json")
    assert Claims(tmp_path / "broken.json").owner("alice") is None


def test_player_and_guest_names_are_cleaned():
    assert player_name("  Ann\u202e  Lee ") == "Ann Lee"
    with pytest.raises(PlayerRefused, match="player name"):
        player_name("\u200b ")
    assert guest_name("bob", set()) == "guest-bob"
    assert guest_name("bob", {"guest-bob"}) == "guest-bob-2"
    assert guest_name("guest-bob", {"guest-bob", "guest-bob-2"}) == "guest-bob-3"
    assert guest_name("", set()) == "guest-player"


@given(st.text(max_size=40))
def test_a_players_folder_stays_under_its_root_whatever_the_name(name):
    import tempfile
    from pathlib import Path

    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        folder = player_dir(root, "ssh", name)
        assert folder.resolve().parent == (root / "ssh").resolve()
        assert folder == player_dir(root, "ssh", name.upper()) or name.upper().casefold() != name.casefold()
        assert stat.S_IMODE(folder.stat().st_mode) == 0o700


def test_a_run_of_input_is_cut_after_the_limit_and_line_ends_and_escapes_start_new_runs():
    assert cut_runs(b"abcdef", 0, 4) == (b"abcd", 6, 2)
    assert cut_runs(b"gh\rijk", 6, 4) == (b"\rijk", 3, 2)
    assert cut_runs(b"\x1b[<0;1;1M" * 3, 0, 8) == (b"\x1b[<0;1;1M" * 3, 8, 0)
    kept, run, dropped = cut_runs(b"x" * (1 << 20), 0, 4096)
    assert (len(kept), run, dropped) == (4096, 1 << 20, (1 << 20) - 4096)


def test_addresses_and_the_commands_refusals():
    assert parse_address("2222", "") == ("", 2222)
    assert parse_address("0.0.0.0:22", "") == ("0.0.0.0", 22)
    assert parse_address("[::1]:8080", "127.0.0.1") == ("::1", 8080)
    assert parse_address("8080", "127.0.0.1") == ("127.0.0.1", 8080)
    for bad in ("host:", "host:http", "99999", ""):
        with pytest.raises(ValueError, match="HOST:]PORT"):
            parse_address(bad, "")
    runner = CliRunner()
    for args, words in ((["serve"], "open a door"), (["serve", "--ssh", "x:y"], "not [HOST:]PORT"),
                        (["serve", "--ssh", "2222", "--idle", "0"], "--idle"),
                        (["serve", "--ssh", "2222", "--per-key", "0"], "--per-key"),
                        (["serve", "--ssh", "2222", "--allow-keys", "/nonexistent/keys"], "--allow-keys"),
                        (["serve", "--web", "8080", "--web-user-header", "X-User: alice"], "a header's name")):
        result = runner.invoke(app, args)
        assert result.exit_code == 2 and words in result.output, (args, result.output)


def test_the_table_log_says_who_opens_sits_leaves_and_when_a_table_ends(tmp_path, caplog, monkeypatch):
    caplog.set_level(logging.INFO, logger="makao.serve")

    def info(seats, code="crane-47", host="ssh:ann"):
        return TableInfo(code=code, game="peklo", game_name="Peklo", seats=tuple(seats), started=False,
                         host=host, created=1.0, pid=os.getpid())

    log = TableLog(tmp_path)
    tables = [info([TableSeat(kind="human", name="Ann", user="ssh:ann", connected=True), TableSeat(kind="open")])]
    monkeypatch.setattr(places, "live_tables", lambda folder=None: list(tables))
    log.look()
    tables[0] = info([TableSeat(kind="human", name="Ann", user="ssh:ann", connected=False),
                      TableSeat(kind="human", name="Bo", user="alice", connected=True)])
    log.look()
    tables.clear()
    log.look()
    text = caplog.text
    assert "ssh:ann opened table crane-47 (Peklo)" in text
    assert "ssh:ann sits at table crane-47 (Peklo), seat 1, as Ann" in text
    assert "ssh:ann is away from table crane-47 (Peklo)" in text
    assert "ssh:ann: table crane-47 has ended" in text
    assert "alice" not in text  # a user of the box is not the door's to log

