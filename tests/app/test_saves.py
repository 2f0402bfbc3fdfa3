"""Saved games in the app: every action stored as applied, resume from the start screen, undo,
statistics, a bad saved-games file at start (Pilot, 80×24; each test has its own data folder)."""

from __future__ import annotations

import random

import pytest
from textual.widgets import DataTable, OptionList

from makao_tui.ai import ai_for
from makao_tui.app.main import MakaoApp
from makao_tui.app.screens.common import MatchEndScreen, PassDeviceScreen, ScoreSheetScreen
from makao_tui.app.screens.saves import NoticeScreen, StatisticsScreen
from makao_tui.app.screens.start import StartScreen
from makao_tui.app.screens.table import TableScreen
from makao_tui.engine.i18n import number
from makao_tui.store import Seat, default_path, open_store
from makao_tui.table import Table

from .macao_scenes import app_macao
from .peklo_scenes import app_peklo
from .scenes import (
    AI,
    ANN,
    BOB,
    PL,
    app_pl,
    app_ru,
    app_with_resume,
    autoplay,
    humans_turn,
    peek,
    store_match,
    wait_for,
)
from .test_table import run, status_text, text_of


def human_moves(app, rng: random.Random) -> None:
    """The human at the keyboard makes the move the game's AI would (the AI seats answer)."""
    session = peek(app)
    app.screen.act(ai_for(session.variant.id).choose(session.match.state.view(session.to_act), rng))


def stored_actions(match_id: int):
    with open_store() as store:
        return store.load(match_id).actions


def test_a_match_started_in_the_app_is_stored_action_by_action():
    app = app_ru(seed=3)
    rng = random.Random(1)

    async def body(pilot):
        await wait_for(pilot, lambda: humans_turn(app))
        match_id = app.writer.id
        assert stored_actions(match_id) == tuple(peek(app).match.all_actions())
        for _ in range(4):
            before = len(peek(app).match.all_actions())
            human_moves(app, rng)
            await autoplay(pilot, lambda: humans_turn(app))
            actions = peek(app).match.all_actions()
            assert len(actions) > before
            assert stored_actions(match_id) == tuple(actions)
        with open_store() as store:
            (summary,) = store.unfinished()
            assert summary.in_use and summary.players() == "Ann vs 2 AI"
            assert [s.name for s in summary.seats] == peek(app).names

    run(app, body)
    with open_store() as store:  # released when the app ended, and still unfinished
        store.resume(store.unfinished()[0].id).close()


def test_the_start_screen_offers_an_unfinished_match_and_resuming_it_goes_on_saving():
    app = app_with_resume()
    with open_store() as store:
        saved = store.load(store.unfinished()[0].id)
    expected = saved.rebuild()
    rng = random.Random(2)

    async def body(pilot):
        await pilot.pause()
        games = app.screen.query_one("#games", OptionList)
        first = games.get_option_at_index(0)
        assert first.id == f"resume:{saved.id}" and games.highlighted == 0
        assert str(first.prompt).startswith(
            f"Resume — Russian Makao, Ann vs 2 AI, 10 minutes ago\nMatch #{saved.id} · deal 3")
        await pilot.press("enter")
        await wait_for(pilot, lambda: humans_turn(app))
        session = peek(app)
        assert session.match.state.snapshot() == expected.state.snapshot()
        assert session.match.totals == expected.totals and len(session.match.deals) == len(expected.deals)
        human_moves(app, rng)
        await autoplay(pilot, lambda: humans_turn(app))
        # (the table keeps the deal under way's actions only: the file has the rest)
        match, stored = session.match, stored_actions(saved.id)
        assert len(stored) == match.action_count > len(saved.actions) and stored[:len(saved.actions)] == saved.actions
        assert stored[match.forgotten:] == tuple(match.actions_since(match.forgotten)) and match.forgotten > 0

    run(app, body)


def test_resuming_a_hot_seat_match_shows_the_pass_screen_first():
    async def record(pilot):
        await wait_for(pilot, lambda: isinstance(pilot.app.screen, PassDeviceScreen))
        await pilot.press("enter")
        await wait_for(pilot, lambda: humans_turn(pilot.app))
        human_moves(pilot.app, random.Random(3))
        await pilot.pause()
        kept["snapshot"] = peek(pilot.app).match.state.snapshot()

    kept = {}
    first = app_ru(seats=(ANN, BOB, AI), seed=5)
    run(first, record)
    app = MakaoApp(ai_delay=0)

    async def body(pilot):
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, PassDeviceScreen))
        assert peek(app).at_keyboard is None
        assert peek(app).match.state.snapshot() == kept["snapshot"]

    run(app, body)


@pytest.mark.parametrize("make", [lambda: app_ru(seed=3), lambda: app_pl(seats=(ANN, AI, AI), seed=7),
                                  lambda: app_macao(seed=1), lambda: app_peklo(seed=3)],
                         ids=["makao-ru", "makao-pl", "macao", "peklo"])
def test_undo_takes_back_the_humans_last_move_and_the_ai_moves_after_it(make):
    # (seeds whose two first human moves fall in one deal: undo never reopens a settled deal)
    app = make()
    rng = random.Random(4)

    async def body(pilot):
        await autoplay(pilot, lambda: humans_turn(app))
        before = peek(app).match.state.snapshot()
        kept = tuple(peek(app).match.all_actions())
        log = peek(app).log_lines()
        human_moves(app, rng)
        await autoplay(pilot, lambda: humans_turn(app))
        seq = app.seating.seq
        mine = [e for e in peek(app).log if e.seat == 0][-1]
        move = mine.events[0].text(peek(app).names, viewer=0)
        await pilot.press("u")
        await wait_for(pilot, lambda: app.seating.seq != seq and humans_turn(app))  # the same screen, updated anew
        assert status_text(app).startswith(f"Taken back: {move}")  # it says what it took back
        assert peek(app).match.state.snapshot() == before
        assert tuple(peek(app).match.all_actions()) == kept == stored_actions(app.writer.id)
        assert peek(app).log_lines() == log
        human_moves(app, rng)  # and play goes on, saved
        await autoplay(pilot, lambda: humans_turn(app))
        assert stored_actions(app.writer.id) == tuple(peek(app).match.all_actions())

    run(app, body, size=(120, 40))


def test_undo_goes_back_one_move_only_until_the_human_moves_again():
    app = app_ru(seed=3)
    rng = random.Random(4)

    async def body(pilot):
        await autoplay(pilot, lambda: humans_turn(app))
        human_moves(app, rng)
        await autoplay(pilot, lambda: humans_turn(app))
        two_moves_in = tuple(peek(app).match.all_actions())
        human_moves(app, rng)
        await autoplay(pilot, lambda: humans_turn(app))
        seq = app.seating.seq
        await pilot.press("u")
        await wait_for(pilot, lambda: app.seating.seq != seq and humans_turn(app))  # the same screen, updated anew
        assert tuple(peek(app).match.all_actions()) == two_moves_in
        assert "u undo" not in str(app.screen.query_one("#keybar").render())
        await pilot.press("u")  # a second step back would show the AI's answers to moves not made
        await pilot.pause()
        assert "one move only, and you have just taken one back" in status_text(app)
        assert tuple(peek(app).match.all_actions()) == two_moves_in
        human_moves(app, rng)
        await autoplay(pilot, lambda: humans_turn(app))
        seq = app.seating.seq
        await pilot.press("u")  # the new move may be taken back
        await wait_for(pilot, lambda: app.seating.seq != seq and humans_turn(app))  # the same screen, updated anew
        assert tuple(peek(app).match.all_actions()) == two_moves_in

    run(app, body)


def test_undo_is_refused_in_hot_seat_and_before_the_first_move():
    async def hot_seat(pilot):
        app = pilot.app
        await autoplay(pilot, lambda: humans_turn(app) and peek(app).match.all_actions())
        actions = peek(app).match.all_actions()
        await pilot.press("u")
        assert "undo is off in hot-seat" in status_text(app)
        assert peek(app).match.all_actions() == actions

    run(app_ru(seats=(ANN, BOB), seed=1), hot_seat)

    async def first_move(pilot):
        app = pilot.app
        await wait_for(pilot, lambda: humans_turn(app))
        await pilot.press("u")
        assert "nothing to take back" in status_text(app)

    run(app_ru(seats=(ANN, AI), seed=2), first_move)


def test_statistics_after_a_finished_ai_only_match():
    played = app_pl(seats=(AI, AI), seed=2, deals=2, king_ransom="none")  # short deals
    stored = {}

    async def play(pilot):
        await autoplay(pilot, lambda: isinstance(played.screen, MatchEndScreen))
        stored["id"] = played.writer.id
        stored["match"], stored["names"] = peek(played).match, peek(played).names

    run(played, play)
    match = stored["match"]
    app = MakaoApp(ai_delay=0)

    async def body(pilot):
        await pilot.press("h")
        await wait_for(pilot, lambda: isinstance(app.screen, StatisticsScreen))
        stats = app.screen.query_one("#stats", DataTable)
        # cells read as plain text (a name is a rich Text, shown literally)
        rows = {str(row[0]): [str(cell) for cell in row] for row in map(stats.get_row_at, range(stats.row_count))}
        assert set(rows) == {f"{name} (AI)" for name in stored["names"]}
        for seat, name in enumerate(stored["names"]):
            _, game, matches, wins, average, best = rows[f"{name} (AI)"]
            assert (game, matches, wins) == ("Polish Makao", "1", "1" if seat in match.winners() else "0")
            assert average == number(sum(d.points[seat] for d in match.deals) / len(match.deals), 1)  # −3.5
            assert best == f"#{stored['id']}: {number(match.totals[seat])}"
        history = app.screen.query_one("#history", DataTable)
        assert history.row_count == 1
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, ScoreSheetScreen))
        assert app.screen.query_one(DataTable).row_count == len(match.deals)
        await pilot.press("escape")
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))

    run(app, body)


def test_a_corrupt_saved_games_file_is_set_aside_with_a_message_and_the_app_starts():
    path = default_path()
    path.parent.mkdir(parents=True)
    path.write_bytes(b"this is not a database" * 100)
    app = MakaoApp(ai_delay=0)

    async def body(pilot):
        await pilot.pause()
        assert isinstance(app.screen, NoticeScreen)
        text = " ".join(text_of(w) for w in app.screen.query("Static"))
        (moved,) = path.parent.glob("makao.sqlite3.corrupt-*")
        assert str(path) in text and moved.name in text.replace("\n", "")
        assert moved.read_bytes() == b"this is not a database" * 100
        await pilot.press("enter")
        assert isinstance(app.screen, StartScreen)
        await pilot.press("enter", "ctrl+s")  # a new match is stored in the new file
        await wait_for(pilot, lambda: isinstance(app.screen, TableScreen))
        assert app.writer is not None

    run(app, body)
    with open_store() as store:
        assert len(store.unfinished()) == 1


def test_the_time_limit_running_out_is_saved_once():
    now = [100.0]
    rules = PL.rules({"time_limit_min": 1})
    table = Table(PL, rules, [ANN, AI], seed=1, clock=lambda: now[0])
    seats = [Seat(n, s.is_ai) for n, s in zip(table.names, table.seats, strict=False)]
    with open_store() as store, store.start_match(PL, rules, seats, 1) as writer:
        saves = []
        save = writer.save
        writer.save = lambda match, played=None: (saves.append(match.time_up), save(match, played))[1]
        table.writer = writer
        table.tick()
        now[0] += 60
        table.tick()
        table.tick()
        assert saves == [True]
        assert store.load(writer.id).time_up


def test_without_a_usable_data_folder_the_app_says_so_and_plays_unsaved(data_dir, monkeypatch):
    data_dir.parent.mkdir(parents=True, exist_ok=True)
    blocker = data_dir.parent / "a-file"
    blocker.write_text("")
    monkeypatch.setenv("MAKAO_DATA_DIR", str(blocker / "makao"))
    app = app_ru(seats=(ANN, AI), seed=2)

    async def body(pilot):
        await pilot.pause()
        assert isinstance(app.screen, NoticeScreen)
        text = " ".join(text_of(w) for w in app.screen.query("Static"))
        assert str(blocker / "makao") in text and "not saved" in text
        await pilot.press("enter")
        await wait_for(pilot, lambda: humans_turn(app))
        assert app.store is None and app.writer is None
        human_moves(app, random.Random(5))
        await autoplay(pilot, lambda: humans_turn(app))
        await pilot.press("u")
        assert "not saved" in status_text(app)

    run(app, body)


def test_a_resumed_timed_match_keeps_the_time_already_played():
    now = [100.0]
    rules = PL.rules({"time_limit_min": 1})
    table = Table(PL, rules, [ANN, AI], seed=1, clock=lambda: now[0])
    seats = [Seat(n, s.is_ai) for n, s in zip(table.names, table.seats, strict=False)]
    with open_store() as store, store.start_match(PL, rules, seats, 1) as writer:
        now[0] += 40
        writer.save(table.match, played=table.played())
        match_id = writer.id
    with open_store() as store:
        saved = store.load(match_id)
    assert saved.played == 40
    resumed = Table.resume(saved)
    assert 19 <= resumed.seconds_left() <= 20  # 60 s of limit, 40 already played


def test_last_move_finds_what_undo_point_finds():
    from makao_tui.store import undo_point
    from makao_tui.table.service import last_move

    match = store_match("makao-ru", 3, 300)
    actions = match.all_actions()
    for seat in range(match.players):
        assert last_move(match, seat) == undo_point(actions, seat)
    assert last_move(match, 7) is None


def test_statistics_count_macaos_hands_and_a_shared_list_says_deal_or_hand():
    """Macao calls its deal a hand: its statistics read "Points/hand" and its history "Hands"; with
    the Makaos in the same lists the headings are right for both."""
    store_match("macao", 4, 100_000)

    def headings(app, table: str) -> list[str]:
        return [str(column.label) for column in app.screen.query_one(table, DataTable).columns.values()]

    async def body(pilot, expected):
        await pilot.press("h")
        await wait_for(pilot, lambda: isinstance(pilot.app.screen, StatisticsScreen))
        assert expected[0] in headings(pilot.app, "#stats") and expected[1] in headings(pilot.app, "#history")

    run(MakaoApp(ai_delay=0), lambda pilot: body(pilot, ("Points/hand", "Hands")))
    store_match("makao-pl", 2, 100_000)
    run(MakaoApp(ai_delay=0), lambda pilot: body(pilot, ("Points/deal or hand", "Deals/hands")))


def _sheet_cells(app) -> tuple[list[str], list[list[str]]]:
    """The score sheet on screen: its headings and its rows, as plain text."""
    table = app.screen.query_one(DataTable)
    headings = [str(column.label) for column in table.columns.values()]
    return headings, [[str(cell) for cell in table.get_row_at(i)] for i in range(table.row_count)]


def test_a_stored_score_sheet_marks_the_winners_as_the_table_does():
    """The score sheet of a finished match in the statistics marks each deal's winner ★, as the
    table's sheet does, and the match's winners ★ in the headings, as its last screen does."""
    match = store_match("makao-ru", 1, 100_000)
    assert match.is_over
    app = MakaoApp(ai_delay=0)

    async def body(pilot):
        await pilot.press("h")
        await wait_for(pilot, lambda: isinstance(app.screen, StatisticsScreen))
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, ScoreSheetScreen))
        await pilot.pause()
        headings, rows = _sheet_cells(app)
        names = match.names
        assert headings[2:] == [name + (" ★" if seat in match.winners() else "") for seat, name in enumerate(names)]
        for deal, row in zip(match.deals, rows, strict=True):
            winner = deal.state.view(0).winner
            assert winner is not None
            assert [cell.endswith("★") for cell in row[2:]] == [seat == winner for seat in range(len(names))]

    run(app, body)


def test_statistics_show_which_table_has_the_keys_and_enter_works_in_both():
    """The table the keys go to shows its highlighted row, the other none (both looked focused
    before); Enter on the finished matches opens one's sheet at once, Enter on a player's row the
    sheet of his best match; Tab goes from one to the other."""
    store_match("makao-pl", 2, 100_000)
    store_match("makao-pl", 5, 100_000)
    app = MakaoApp(ai_delay=0)

    async def body(pilot):
        await pilot.press("h")
        await wait_for(pilot, lambda: isinstance(app.screen, StatisticsScreen))
        await pilot.pause()
        stats, history = app.screen.query_one("#stats", DataTable), app.screen.query_one("#history", DataTable)
        assert history.has_focus and history.show_cursor and not stats.show_cursor
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, ScoreSheetScreen))
        assert "Match #2" in text_of(app.screen.query_one(".title"))  # the last finished, listed first
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, StatisticsScreen))
        await pilot.press("tab")
        await pilot.pause()
        assert stats.has_focus and stats.show_cursor and not history.show_cursor
        row = [str(cell) for cell in stats.get_row_at(stats.cursor_row)]
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, ScoreSheetScreen))
        assert f"Match #{row[-1].split(':')[0][1:]}," in text_of(app.screen.query_one(".title"))

    run(app, body)
