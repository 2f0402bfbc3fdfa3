"""Resume is exact (issue 12): a match stored action by action, rebuilt from the database and played
on by its AI seats, makes the same moves as the same match played without a break, in every game
and at every AI level (the hard level with a playout cap instead of a clock)."""

from __future__ import annotations

import itertools

import pytest

from makao_tui.ai import LEVELS, Thinking, decision_rng
from makao_tui.engine.actions import Action
from makao_tui.store import Seat, open_store
from makao_tui.table import SeatSpec, Table
from tests.store.util import GAMES, SHORT, short_setup

THINKING = Thinking(seconds=None, playouts=6)


def seats(game: str) -> list[SeatSpec]:
    levels = itertools.cycle(LEVELS)
    return [SeatSpec(f"P{i}", True, next(levels)) for i in range(SHORT[game][1])]


def play_on(table: Table, count: int) -> list[tuple[int, Action]]:
    """``count`` actions chosen by the table's AI seats, each from its own view and the table's
    generator for the decision (fewer if the match ends), as (seat, action); stored by the
    table's writer, if any."""
    out = []
    for _ in range(count):
        if table.match.is_over:
            break
        if table.match.awaiting_next_deal:
            table._start_next_deal()
        seat = table.match.state.to_act
        action = table._players[seat].choose(table.match.state.view(seat), table._ai_rng(seat))
        table._apply(action)
        out.append((seat, action))
    return out


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("before", [1, 37])
def test_a_resumed_match_plays_on_as_the_unbroken_one(tmp_path, game, before):
    variant, rules, _ = short_setup(game)
    specs = seats(game)
    after = 40
    unbroken = Table(variant, rules, specs, 99, thinking=THINKING)
    expected = play_on(unbroken, before + after)[before:]
    assert len(expected) >= 10  # the match goes on after the break

    with open_store(tmp_path / "makao.sqlite3") as store:
        names = Table(variant, rules, specs, 99).names
        stored = [Seat(n, s.is_ai, s.level) for n, s in zip(names, specs, strict=True)]
        writer = store.start_match(variant, rules, stored, 99)
        first = Table(variant, rules, specs, 99, thinking=THINKING, writer=writer)
        play_on(first, before)
        assert first.close() is None  # the process ends here (or is killed: every action is already stored)

        resumed = store.resume(writer.id)
        again = Table.resume(resumed.saved, writer=resumed, thinking=THINKING)
        assert again.match.action_count == before
        assert play_on(again, after) == expected
        again.close()


def test_the_decision_generator_depends_on_seed_seat_and_index_only():
    draws = {(seed, seat, index): decision_rng(seed, seat, index).random()
             for seed in (1, 2) for seat in (0, 1) for index in (0, 1)}
    assert len(set(draws.values())) == len(draws)
    assert decision_rng(1, 0, 1).random() == draws[(1, 0, 1)]  # a new generator, the same draws
