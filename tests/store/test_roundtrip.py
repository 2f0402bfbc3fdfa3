"""A stored match rebuilds exactly: every game, mid-match and finished; time_up; undo; reading."""

from __future__ import annotations

from pathlib import Path

import platformdirs
import pytest

from makao_tui.engine.match import Match
from makao_tui.store import (
    DamagedMatchError,
    MatchFinishedError,
    Seat,
    UnknownMatchError,
    data_dir,
    default_path,
    open_store,
    undo_point,
)
from makao_tui.table import SeatSpec, Table

from .util import GAMES, play, short_setup, step


@pytest.fixture
def store(tmp_path):
    with open_store(tmp_path / "saves.sqlite3") as s:
        yield s


def names(seats):
    return [s.name for s in seats]


def assert_same(a: Match, b: Match) -> None:
    assert a.state.snapshot() == b.state.snapshot()
    assert a.totals == b.totals
    assert [(d.number, d.dealer, d.points, d.totals_after) for d in a.deals] == \
        [(d.number, d.dealer, d.points, d.totals_after) for d in b.deals]
    assert a.all_actions() == b.all_actions()
    assert a.is_over == b.is_over and a.awaiting_next_deal == b.awaiting_next_deal


@pytest.mark.parametrize("game", GAMES)
def test_every_game_round_trips_mid_match_and_to_its_end(store, game):
    variant, rules, seats = short_setup(game)
    writer = store.start_match(variant, rules, seats, seed=2024)
    match = Match(variant, rules, names(seats), 2024)
    play(match, 25, writer)
    saved = store.load(writer.id)
    assert saved.seats == tuple(seats) and saved.rules == rules and saved.finished is None
    assert_same(saved.rebuild(), match)
    [summary] = store.unfinished()
    assert (summary.id, summary.game, summary.deal, summary.actions) == (writer.id, game, len(match.deals), 25)
    assert summary.in_use  # this process writes it

    play(match, 5000, writer)
    assert match.is_over
    saved = store.load(writer.id)
    assert saved.finished is not None
    assert_same(saved.rebuild(), match)
    assert store.unfinished() == []
    [done] = store.finished()
    assert done.winners == match.winners() and done.totals == match.totals
    sheet = store.score_sheet(writer.id)
    assert [(d.number, d.dealer, d.points, d.totals_after) for d in sheet.deals] == \
        [(d.number, d.dealer, d.points, d.totals_after) for d in match.deals]
    assert sheet.initial == [variant.initial_total(rules)] * len(seats) and sheet.winners == match.winners()
    with pytest.raises(MatchFinishedError):
        store.resume(writer.id)
    writer.close()


def test_resume_claims_the_stored_actions_and_goes_on(store):
    variant, rules, seats = short_setup("makao-ru")
    with store.start_match(variant, rules, seats, seed=5) as writer:
        match = Match(variant, rules, names(seats), 5)
        play(match, 30, writer)
    with store.resume(writer.id) as again:
        assert again.saved.actions == tuple(match.all_actions())
        rebuilt = again.saved.rebuild()
        play(rebuilt, 30, again)
    play(match, 30)
    assert_same(store.load(writer.id).rebuild(), match)


def test_time_up_is_stored_and_ends_a_timed_match_after_the_deal(store):
    variant, rules, seats = short_setup("makao-pl")
    rules = variant.rules({"time_limit_min": 5})
    writer = store.start_match(variant, rules, seats, seed=8)
    match = Match(variant, rules, names(seats), 8)
    play(match, 3, writer)
    match.time_up = True
    writer.save(match)
    saved = store.load(writer.id)
    assert saved.time_up and saved.rebuild().time_up and store.unfinished()[0].id == writer.id
    while not match.state.is_over:
        step(match)
        writer.save(match)
    assert match.is_over
    assert store.load(writer.id).rebuild().is_over and store.finished()[0].id == writer.id


def test_undo_truncates_to_before_the_humans_last_action_and_across_a_deal_end(store):
    variant, rules, seats = short_setup("makao-ru")
    writer = store.start_match(variant, rules, seats, seed=3)
    match = Match(variant, rules, names(seats), 3)
    while len(match.deals) < 2 or match.current.actions == [] or match.current.actions[-1][0] != 0:
        step(match)
        writer.save(match)
    actions = match.all_actions()
    keep = undo_point(actions, 0)
    assert actions[keep][0] == 0 and all(seat != 0 for seat, _ in actions[keep + 1:])
    saved = writer.truncate(keep)
    assert saved.actions == tuple(actions[:keep])
    assert_same(store.load(writer.id).rebuild(), Match.replay(variant, rules, names(seats), 3, None, actions[:keep]))

    # back to before the action that ended deal 1: its score-sheet row goes, the totals follow
    first_deal_end = len(match.deals[0].actions) - 1
    saved = writer.truncate(first_deal_end)
    rebuilt = saved.rebuild()
    assert len(rebuilt.deals) == 1 and not rebuilt.state.is_over
    assert store.score_sheet(writer.id).deals == [] and store.unfinished()[0].totals == [0, 0, 0]
    assert store.unfinished()[0].deal == 1

    # the match goes on from there, stored actions numbered on
    play(rebuilt, 10, writer)
    assert_same(store.load(writer.id).rebuild(), rebuilt)
    with pytest.raises(ValueError):
        writer.truncate(len(rebuilt.all_actions()) + 1)
    with pytest.raises(ValueError):
        writer.save(Match.replay(variant, rules, names(seats), 3, None, rebuilt.all_actions()[:2]))
    with pytest.raises(ValueError):
        writer.save(Match(variant, rules, names(seats), 4))
    assert undo_point([(1, None), (2, None)], 0) is None


def test_undo_of_the_last_action_reopens_a_finished_match(store):
    variant, rules, seats = short_setup("macao")
    writer = store.start_match(variant, rules, seats, seed=1)
    match = Match(variant, rules, names(seats), 1)
    play(match, 5000, writer)
    assert store.load(writer.id).finished is not None
    saved = writer.truncate(len(match.all_actions()) - 1)
    assert saved.finished is None and not saved.rebuild().is_over
    assert [m.id for m in store.unfinished()] == [writer.id] and store.finished() == []


def test_replay_into_a_table_rebuilds_the_match_and_its_log(store):
    variant, rules, seats = short_setup("peklo")
    writer = store.start_match(variant, rules, seats, seed=12)
    match = Match(variant, rules, names(seats), 12)
    play(match, 40, writer)
    saved = store.load(writer.id)
    table = Table.resume(saved)
    assert_same(table.match, match)
    assert len([e for e in table._log if e.seat is not None]) == 40
    other = Table(variant, rules, [SeatSpec(s.name, s.is_ai) for s in seats], 13)
    with pytest.raises(ValueError):
        other._replay(saved)


def test_statistics_per_player_and_game(store):
    expected = {}
    for seed in (1, 2, 3):
        variant, rules, seats = short_setup("macao")
        with store.start_match(variant, rules, seats, seed=seed) as writer:
            match = Match(variant, rules, names(seats), seed)
            play(match, 5000, writer)
        for seat, name in enumerate(names(seats)):
            e = expected.setdefault(name, {"matches": 0, "wins": 0, "points": [], "totals": []})
            e["matches"] += 1
            e["wins"] += seat in match.winners()
            e["points"] += [d.points[seat] for d in match.deals]
            e["totals"].append((match.totals[seat], writer.id))
    unfinished = store.start_match(*short_setup("macao"), seed=9)  # not counted
    play(Match(*short_setup("macao")[:2], ["Ann", "Bot1"], 9), 3, unfinished)
    stats = {s.name: s for s in store.statistics()}
    assert set(stats) == {"Ann", "Bot1"} and not stats["Ann"].is_ai and stats["Bot1"].is_ai
    for name, e in expected.items():
        s = stats[name]
        assert (s.game, s.matches, s.wins, s.deals) == ("macao", 3, e["wins"], len(e["points"]))
        assert s.average == pytest.approx(sum(e["points"]) / len(e["points"]))
        best_total, best_id = max(e["totals"], key=lambda t: (t[0], -t[1]))
        assert (s.best_match, s.best_total) == (best_id, best_total)


def test_reading_errors_name_the_match_and_the_file(store):
    with pytest.raises(UnknownMatchError, match=f"no match 99 in {store.path}"):
        store.load(99)
    with pytest.raises(UnknownMatchError):
        store.score_sheet(99)
    variant, rules, seats = short_setup("makao-ru")
    writer = store.start_match(variant, rules, seats, seed=5)
    play(Match(variant, rules, names(seats), 5), 4, writer)
    store._conn.execute("UPDATE actions SET action = '{\"do\": \"fly\"}' WHERE idx = 2")
    with pytest.raises(DamagedMatchError, match="unknown action 'fly'"):
        store.load(writer.id)
    store._conn.execute("UPDATE actions SET action = '{\"do\": \"take\"}' WHERE idx = 2")
    saved = store.load(writer.id)
    with pytest.raises(DamagedMatchError, match=f"match {writer.id} in .* does not replay"):
        saved.rebuild()
    store._conn.execute("UPDATE matches SET game = 'poker'")
    with pytest.raises(DamagedMatchError, match="unknown game 'poker'"):
        store.load(writer.id)
    assert store.unfinished() == []
    [damaged] = store.damaged()
    assert (damaged.id, damaged.game_name) == (writer.id, "poker") and "unknown game 'poker'" in damaged.damage
    with pytest.raises(ValueError):
        store.start_match(variant, rules, [Seat("", False), Seat("Bob", True)], seed=1)


def test_the_data_folder(monkeypatch, tmp_path):
    monkeypatch.setenv("MAKAO_DATA_DIR", str(tmp_path / "here"))
    assert data_dir() == tmp_path / "here" and default_path().parent == tmp_path / "here"
    with open_store() as s:
        assert s.path == default_path() and s.path.exists()
    monkeypatch.setenv("MAKAO_DATA_DIR", "")
    assert data_dir() == Path(platformdirs.user_data_dir("makao-tui"))

