"""bench/hard_playouts.py's plumbing, untimed: it finds positions where the hard AI searches and
counts the playouts the AI runs there, the same in every round. Timing is the benchmark's
business, never a test's."""

from __future__ import annotations

import pytest

from bench import hard_playouts


@pytest.mark.parametrize("game", ["makao-ru", "makao-pl"])
def test_the_playouts_of_the_hard_ai_are_counted_and_the_same_each_round(game):
    views = hard_playouts.positions(game, 2)
    assert len(views) == 2 and all(len(v.legal) > 1 for v in views)
    first, _ = hard_playouts.run_round(game, views, 6)
    again, _ = hard_playouts.run_round(game, views, 6)
    assert first == again > 0  # (0: the AI's search no longer calls the playout the bench wraps)


def test_a_short_run_prints_a_figure_for_each_game(capsys):
    assert hard_playouts.main(["--games", "makao-pl", "--positions", "1", "--playouts", "4", "--rounds", "1"]) == 0
    assert "makao-pl  playouts per CPU s inside the hard AI:" in capsys.readouterr().out
