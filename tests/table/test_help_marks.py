"""Undo and hints are marked in the statistics (issue 13): the table service counts each undo and
each hint of a stored match in its seat's row (schema version 4); the statistics, the history of
finished matches (screen and ``makao history``) say who had help."""

from __future__ import annotations

import asyncio
import random

import pytest
from textual.widgets import DataTable, Static
from typer.testing import CliRunner

from makao_tui.ai import Thinking, ai_for
from makao_tui.app.main import MakaoApp
from makao_tui.app.screens.saves import StatisticsScreen
from makao_tui.cli import app as cli
from makao_tui.games import get_variant
from makao_tui.store import Seat, help_used, open_store
from makao_tui.table import Table

from .test_service import AI, ANN, play_out, seated


def test_help_in_words():
    assert help_used(0, 0) == ""
    assert help_used(1, 0) == "undo used"
    assert help_used(3, 2) == "3 undos, 2 hints"
    assert help_used(0, 1) == "1 hint"


def test_undo_and_hints_at_the_table_are_counted_and_shown(data_dir):
    variant = get_variant("makao-ru")
    rules = variant.rules({"loss_limit": 200})
    with open_store() as store:
        table = Table(variant, rules, [ANN, AI], seed=3, thinking=Thinking(seconds=None, playouts=6))
        table.writer = store.start_match(variant, rules, [Seat("Ann", False), Seat(table.names[1], True)], 3)
        ann = seated(table, 0)
        table.start()
        hint = asyncio.run(ann.hint())
        assert ann.act(ann.hint_action(hint)) is None
        assert ann.undo() is None
        assert asyncio.run(ann.hint()).seq == ann.seq
        assert ann.act(ai_for(variant.id).choose(ann.view, random.Random(1))) is None
        play_out(ann)
        table.close()
        [match] = store.finished()
        assert [(s.undos, s.hints) for s in match.seats] == [(1, 2), (0, 0)]
        assert match.help_used() == "Ann: undo used, 2 hints"
        ann_stats = next(s for s in store.statistics() if s.name == "Ann")
        assert (ann_stats.undos, ann_stats.hints) == (1, 2)

    out = CliRunner().invoke(cli, ["history"], env={"COLUMNS": "300"})
    assert out.exit_code == 0 and "Help used" in out.output and "Ann: undo used, 2 hints" in out.output

    app = MakaoApp(ai_delay=0)

    async def main():
        async with app.run_test(size=(160, 40)) as pilot:
            app.push_screen(StatisticsScreen())
            await pilot.pause()
            stats = app.screen.query_one("#stats", DataTable)
            rows = [[str(c) for c in stats.get_row_at(r)] for r in range(stats.row_count)]
            lines = {}
            for row in range(stats.row_count):  # the line under the table tells the highlighted row's help
                stats.move_cursor(row=row)
                await pilot.pause()
                lines[rows[row][0]] = str(app.screen.query_one("#stats-help", Static).render())
            return rows, lines, str(app.screen.query_one("#history-help", Static).render())

    stats, lines, history = asyncio.run(main())
    assert stats[[r[0] for r in stats].index("Ann")][:2] == ["Ann", "Russian Makao"]
    assert lines["Ann"] == "Help used by Ann in Russian Makao: undo used, 2 hints"
    assert lines[f"{table.names[1]} (AI)"] == f"{table.names[1]} (AI) in Russian Makao: no undo, no hint used"
    assert history == f"Help used in match #{match.id}: Ann: undo used, 2 hints"


def test_a_mark_waits_for_a_busy_file_and_is_never_counted_twice(tmp_path):
    variant = get_variant("macao")
    path = tmp_path / "m.sqlite3"
    with open_store(path) as store:
        writer = store.start_match(variant, variant.rules(), [Seat("Ann", False), Seat("Olga", True)], 1)
        writer.mark(0, hints=1)
        other = open_store(path)
        other._conn.execute("BEGIN IMMEDIATE")  # another process holds the write lock
        status = writer.mark(0, undos=1, hints=1)
        assert status.state == "delayed" and status.reason == "busy"
        other._conn.execute("ROLLBACK")
        other.close()
        assert writer.flush()
        writer.mark(1, hints=3)
        writer.close()
        seats = store.load(writer.id).seats
        assert [(s.undos, s.hints) for s in seats] == [(1, 2), (0, 3)]
        with pytest.raises(ValueError):
            writer.mark(2, hints=1)  # no seat 2
