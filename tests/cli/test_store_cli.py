"""The saved-match commands: saves, resume, history, export; bad ids and files exit 2 in one line."""

from __future__ import annotations

import asyncio
import csv
import subprocess
import sys

import pytest
from typer.testing import CliRunner

import makao_tui.app.main as app_main
from makao_tui.app.main import MakaoApp
from makao_tui.cli import app
from makao_tui.engine.match import Match
from makao_tui.store import MatchInUseError, Seat, default_path, open_store
from tests.app.scenes import peek
from tests.store.util import play, short_setup

runner = CliRunner()
WIDE = {"COLUMNS": "200"}


@pytest.fixture
def data(tmp_path, monkeypatch):
    monkeypatch.setenv("MAKAO_DATA_DIR", str(tmp_path / "data"))
    return tmp_path / "data"


def record(game: str, seed: int, actions: int, seats=None):
    """A stored match of ``actions`` actions (to its end if there are fewer); returns (id, match)."""
    variant, rules, default_seats = short_setup(game)
    seats = seats or default_seats
    with open_store() as store, store.start_match(variant, rules, seats, seed) as writer:
        match = Match(variant, rules, [s.name for s in seats], seed)
        play(match, actions, writer)
    return writer.id, match


def test_saves_lists_the_unfinished_matches(data):
    result = runner.invoke(app, ["saves"])
    assert result.exit_code == 0 and "No unfinished match" in result.output
    _, ru_match = record("makao-ru", 1, 150)
    record("macao", 2, 5000)  # finished: not listed
    pl, _ = record("makao-pl", 3, 10)
    result = runner.invoke(app, ["saves"], env=WIDE)
    assert result.exit_code == 0
    lines = [line for line in result.output.splitlines() if "Makao" in line and "Ann" in line]
    assert len(lines) == 2 and str(pl) in lines[0] and "Polish Makao" in lines[0]  # the last played first
    assert "Russian Makao" in lines[1] and "Ann vs 2 AI" in lines[1] and "just now" in lines[1]
    assert f" {len(ru_match.deals)} " in lines[1] and "Macao" not in result.output
    assert " Deal " in result.output  # Makaos only: deals
    record("macao", 4, 3)
    result = runner.invoke(app, ["saves"], env=WIDE)
    assert " Deal/hand " in result.output  # a Macao among them, which counts hands: a word right for both


def test_history_and_export_of_a_finished_match(data, tmp_path):
    assert "No finished match" in runner.invoke(app, ["history"]).output
    match_id, match = record("macao", 2, 5000)
    assert match.is_over
    result = runner.invoke(app, ["history"], env=WIDE)
    assert result.exit_code == 0
    [line] = [line for line in result.output.splitlines() if "Macao" in line and "Ann" in line]
    winners = ", ".join(match.names[s] for s in match.winners())
    assert winners in line and f"Ann {match.totals[0]}, Bot1 {match.totals[1]}" in line
    assert " Hands " in result.output and "Deals" not in result.output  # Macao's only: its hands counted

    out = tmp_path / "sheet.csv"
    result = runner.invoke(app, ["export", str(match_id), "--csv", str(out)])
    assert result.exit_code == 0 and str(out) in result.output and "rows)" in result.output
    rows = list(csv.reader(out.open()))
    # Macao's own words and columns: hands, the banker, each player's points, natural and chips
    assert rows[0] == ["hand", "banker"] + [f"{name} {column}" for name in ("Ann", "Bot1")
                                            for column in ("points", "natural", "chips", "bankroll")]
    assert len(rows) == 1 + len(match.deals)
    for row, deal in zip(rows[1:], match.deals, strict=True):
        view = deal.state.view(deal.dealer)
        assert row[:2] == [str(deal.number), match.names[deal.dealer]]
        for seat in range(2):
            points, natural, chips, bankroll = row[2 + 4 * seat:6 + 4 * seat]
            assert points == (str(view.totals[seat]) if view.in_play[seat] else "")
            # "natural" as the screen says it: a natural 7, 8 or 9 (a tester read "yes" for a 3)
            called = view.naturals[seat] and view.totals[seat] >= 7
            assert natural == ("" if not view.in_play[seat] else "yes" if called else "no")
            assert (chips, bankroll) == (str(deal.points[seat]), str(deal.totals_after[seat]))
    assert {row[3] for row in rows[1:]} >= {"yes", "no"}


def test_export_peklo_and_makao_columns_to_standard_output(data, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    match_id, match = record("peklo", 4, 400)
    result = runner.invoke(app, ["export", str(match_id), "--csv", "-"])
    assert result.exit_code == 0
    rows = list(csv.reader(result.stdout.splitlines()))
    names = match.names
    assert rows[0] == ["deal", "dealer", "cards", "trump"] + [
        f"{n} {c}" for n in names for c in ("bid", "tricks", "points", "total")]
    finished = [d for d in match.deals if d.points is not None]
    assert len(rows) == 1 + len(finished) > 2
    for row, deal in zip(rows[1:], finished, strict=True):
        view = deal.state.view(0)
        assert row[2:4] == [str(view.size), view.trump.label(True) if view.trump else "none"]
        assert row[4:8] == [str(view.bids[0]), str(view.tricks[0]), str(deal.points[0]), str(deal.totals_after[0])]
    assert "none" in {row[3] for row in rows[1:]}  # the deal without trump says so, not an empty cell
    assert not (tmp_path / "-").exists()

    match_id, match = record("makao-ru", 1, 400)
    rows = list(csv.reader(runner.invoke(app, ["export", str(match_id), "--csv", "-"]).stdout.splitlines()))
    assert rows[0][:5] == ["deal", "dealer", "Ann cards left", "Ann points", "Ann total"]
    first = match.deals[0]
    assert rows[1][2:5] == [str(first.state.view(0).counts[0]), str(first.points[0]), str(first.totals_after[0])]


def test_resume_rebuilds_the_last_played_match_and_holds_it_while_the_app_runs(data, monkeypatch):
    first, _ = record("makao-ru", 1, 30)
    latest, latest_match = record("peklo", 4, 30)
    seen = {}

    def fake_run_app(**kwargs):
        writer = kwargs["resume"]
        seen["id"] = writer.id
        seen["snapshot"] = writer.saved.rebuild().state.snapshot()
        with open_store() as other, pytest.raises(MatchInUseError):
            other.resume(writer.id)

    monkeypatch.setattr(app_main, "run_app", fake_run_app)
    result = runner.invoke(app, ["resume"])
    assert result.exit_code == 0, result.output
    assert seen == {"id": latest, "snapshot": latest_match.state.snapshot()}
    assert runner.invoke(app, ["resume", str(first)]).exit_code == 0 and seen["id"] == first
    with open_store() as store:  # released when the app ended
        store.resume(latest).close()


def test_the_app_reopens_a_resumed_match_at_its_table(data):
    seats = [Seat("Ann", False), Seat("Bob", False), Seat("Olga", True)]
    match_id, match = record("peklo", 6, 25, seats)

    async def run():
        with open_store() as store, store.resume(match_id) as writer:
            app = MakaoApp(resume=writer, ai_delay=0)
            async with app.run_test(size=(120, 40)) as pilot:
                await pilot.pause()
                assert peek(app).match.state.snapshot() == match.state.snapshot()
                assert peek(app).at_keyboard is None  # hot-seat: nobody's hand before the pass screen
                assert type(app.screen).__name__ == "PassDeviceScreen"

    asyncio.run(run())


@pytest.mark.parametrize("args,message", [
    (["resume", "99"], "no match 99 in "),
    (["export", "99", "--csv", "x.csv"], "no match 99 in "),
    (["resume"], "no unfinished match to resume"),
])
def test_bad_ids_one_line_exit_2(data, args, message):
    result = runner.invoke(app, args)
    assert result.exit_code == 2 and message in result.output and len(result.output.strip().splitlines()) == 1


def test_a_finished_match_is_not_resumed_and_an_unwritable_csv_is_refused(data, tmp_path):
    match_id, _ = record("macao", 2, 5000)
    result = runner.invoke(app, ["resume", str(match_id)])
    assert result.exit_code == 2 and f"match {match_id} is over" in result.output
    result = runner.invoke(app, ["export", str(match_id), "--csv", str(tmp_path / "no" / "such.csv")])
    assert result.exit_code == 2 and "cannot write" in result.output


def test_a_corrupt_file_one_line_exit_2_and_left_in_place(data):
    data.mkdir()
    default_path().write_bytes(b"garbage" * 500)
    run = subprocess.run([sys.executable, "-m", "makao_tui.cli", "saves"], capture_output=True, text=True)
    assert run.returncode == 2 and run.stdout == "" and "Traceback" not in run.stderr
    [line] = run.stderr.strip().splitlines()
    assert str(default_path()) in line and "not a database" in line
    for args in (["history"], ["resume"], ["export", "1", "--csv", "x.csv"]):
        result = runner.invoke(app, args)
        assert result.exit_code == 2
        [line] = result.output.strip().splitlines()
        assert str(default_path()) in line and "not a database" in line
    assert default_path().read_bytes() == b"garbage" * 500
