"""The Peklo hard AI's exact solver of one world (makao_tui/ai/peklo_solve.py) against a brute-force
minimax over the rules engine itself (makao_tui/rules/peklo.en.md#play): the same value for every
card on small deals of 3 and 4 seats, so the same trick counts; and the hard AI's use of it: a
budget counted in worlds solved, a world too large to solve handed to playouts. (Compiled and pure
solve alike: tests/games/test_compiled_cores.py.)"""

from __future__ import annotations

import random

import pytest

import makao_tui.ai.peklo_hard as peklo_hard
from makao_tui.ai import Thinking
from makao_tui.ai.peklo_hard import HardPekloAI
from makao_tui.ai.peklo_solve import SCALE, Solver, final_value, value_points
from makao_tui.engine.cards import SUITS
from makao_tui.games.peklo import PekloRules, PekloState, bid_points
from tests.games.peklo.util import bid_all, deal_of


def brute_force(state: PekloState, me: int, bid: int, every_trick: bool) -> int:
    """The value of ``state`` for seat ``me`` with every card known, ``me`` choosing its cards to
    raise :func:`final_value` of the tricks it ends with and every other seat to lower it: a plain
    minimax over the engine's own moves (``moves``/``step`` on clones), no pruning."""
    if state.is_over:
        return final_value(bid, state.tricks[me], every_trick)
    values = []
    for move in state.moves():
        child = state.clone()
        child.step(move)
        values.append(brute_force(child, me, bid, every_trick))
    return max(values) if state.to_act == me else min(values)


def small_deal(seed: int) -> tuple[PekloState, int, bool]:
    """A deal of 3 or 4 seats and 1 to 4 cards, bid at random and played a random number of cards
    in; (state, the bid of the seat to act as the solver sees it, every_trick)."""
    rng = random.Random(seed)
    players = rng.choice((3, 4))
    size = rng.randint(1, 4 if players == 3 else 3)
    state = PekloState.deal(PekloRules(), players, rng.randrange(players), size, rng)
    while state.phase == "bid":
        state.apply(rng.choice(state.legal_actions()))
    for _ in range(rng.randrange(players * size)):
        state.step(rng.choice(state.moves()))
    return state, rng.randint(0, size), rng.random() < 0.3


@pytest.mark.parametrize("seed", range(60))
def test_every_card_is_valued_as_the_brute_force_minimax_values_it(seed):
    state, bid, every_trick = small_deal(seed)
    me = state.to_act
    hands = [[int(c) for c in hand] for hand in state.hands]
    before = [list(h) for h in hands]
    trump = SUITS.index(state.trump_suit) if state.trump_suit is not None else -1
    solver = Solver(state.players, me, trump, bid, state.tricks[me], every_trick, 10 ** 9)
    for move in state.moves():
        child = state.clone()
        child.step(move)
        want = brute_force(child, me, bid, every_trick)
        got = solver.card_value(hands, state.leader, [int(c) for c in state.trick], int(move))
        assert got == want, (state.snapshot(), bid, every_trick, move)
    assert hands == before  # the solver does not touch the hands it is given
    assert not solver.aborted


@pytest.mark.parametrize("seed", range(20))
def test_a_whole_deal_is_valued_as_the_brute_force_values_it(seed):
    rng = random.Random(100 + seed)
    players = 3
    state = PekloState.deal(PekloRules(), players, rng.randrange(players), rng.randint(1, 3), rng)
    while state.phase == "bid":
        state.apply(rng.choice(state.legal_actions()))
    trump = SUITS.index(state.trump_suit) if state.trump_suit is not None else -1
    me = rng.randrange(players)
    for bid in range(state.size + 1):
        solver = Solver(players, me, trump, bid, 0, False, 10 ** 9)
        got = solver.deal_value([[int(c) for c in hand] for hand in state.hands], state.leader)
        assert got == brute_force(state, me, bid, False)


def test_value_points_gives_the_points_of_the_rules():
    for every_trick in (False, True):
        for bid in range(5):
            for final in range(5):
                scoring = "tricks" if every_trick else "exact"
                assert value_points(final_value(bid, final, every_trick)) == bid_points(bid, final, scoring)


def test_a_sure_made_bid_is_worth_its_points_and_a_forced_miss_counts_its_distance():
    # seat 0 holds the two top trumps and leads: bid 2 is sure (2 + 10 points); bid 0 cannot be
    # made, both trumps take their tricks: a miss by 2
    state = deal_of([["AH", "KH"], ["2C", "3C"], ["4C", "5C"]], "2H")
    solver = Solver(3, 0, 2, 2, 0, False, 10 ** 6)
    hands = [[int(c) for c in hand] for hand in state.hands]
    assert solver.card_value(hands, 0, [], hands[0][0]) == SCALE * 12
    solver = Solver(3, 0, 2, 0, 0, False, 10 ** 6)
    assert solver.card_value(hands, 0, [], hands[0][0]) == -2


def endgame() -> PekloState:
    """Four seats, three cards each, bid, the first trick begun: the hard AI solves its worlds."""
    state = PekloState.deal(PekloRules(hook=True), 4, 0, 3, random.Random(3))
    bid_all(state, {1: 1, 2: 0, 3: 1, 0: 0})
    return state


def made_solvers(monkeypatch) -> list[Solver]:
    """Every Solver the hard AI makes from now on (each counts the roots it solved)."""
    made: list[Solver] = []

    def make(*args):
        made.append(Solver(*args))
        return made[-1]

    monkeypatch.setattr(peklo_hard, "Solver", make)
    return made


def test_the_hard_ai_solves_each_world_for_every_card_within_its_budget(monkeypatch):
    """The budget counted in worlds: with a cap of 30 playouts and 3 cards to choose from, 10
    worlds are solved, each for every card."""
    made = made_solvers(monkeypatch)
    state = endgame()
    view = state.view(state.to_act)
    assert len(view.legal) == 3
    action = HardPekloAI(Thinking(seconds=None, playouts=30)).choose(view, random.Random(0))
    assert action in view.legal
    assert [s.solved for s in made] == [30]


def test_the_hard_ai_stops_solving_at_its_clock(monkeypatch):
    """A clock read before every solve: with 0.05 s and a clock that moves 0.01 s a read, the
    worlds begun past the deadline are never solved, and the decision still comes."""
    made = made_solvers(monkeypatch)
    ticks = iter(range(10 ** 6))
    ai = HardPekloAI(Thinking(seconds=0.05), clock=lambda: next(ticks) / 100)
    state = endgame()
    view = state.view(state.to_act)
    assert ai.choose(view, random.Random(0), start=0.0) in view.legal
    assert 0 < made[0].solved <= 5


def test_a_world_too_large_to_solve_hands_the_decision_to_playouts(monkeypatch):
    made = made_solvers(monkeypatch)
    monkeypatch.setattr(peklo_hard, "SOLVE_NODES", 3)
    state = endgame()
    view = state.view(state.to_act)
    advice = HardPekloAI(Thinking(seconds=None, playouts=30)).advise(view, random.Random(0))
    assert advice.action in view.legal
    assert made[0].aborted and made[0].solved == 0  # the first solve gave up; playouts decided


def test_the_solving_ai_decides_the_same_whatever_the_hidden_cards():
    """The hard AI's view only (issue 32 item 4), where it solves: deals reshuffled among the
    other seats give the same advice."""
    checked = 0
    for seed in range(40):
        rng = random.Random(seed)
        state = PekloState.deal(PekloRules(hook=True), 4, rng.randrange(4), rng.randint(2, 5), rng)
        while state.phase == "bid":
            state.apply(rng.choice(state.legal_actions()))
        for _ in range(rng.randrange(4)):
            state.apply(rng.choice(state.legal_actions()))
        me = state.to_act
        if len(state.legal_actions()) < 2:
            continue
        other = state.clone()
        hidden = [c for s, h in enumerate(other.hands) if s != me for c in h]
        rng.shuffle(hidden)
        for s in range(4):
            if s != me:
                n = len(other.hands[s])
                other.hands[s], hidden = sorted(hidden[:n]), hidden[n:]
        ai = HardPekloAI(Thinking(seconds=None, playouts=40))
        first = ai.advise(state.view(me), random.Random(seed))
        second = HardPekloAI(Thinking(seconds=None, playouts=40)).advise(other.view(me), random.Random(seed))
        assert first == second
        checked += 1
    assert checked >= 20


def test_a_solve_stops_at_its_deadline_by_the_clock_it_reads_every_256_nodes():
    """The budget kept inside a solve: a clock that moves one step a read, a deadline of three
    reads: the solve of a 6-card world (thousands of nodes) stops after about 3 × 256 nodes, says
    it is late, and counts no root solved; the next root starts afresh."""
    rng = random.Random(4)
    deck = list(range(52))
    rng.shuffle(deck)
    hands = [deck[s * 6:(s + 1) * 6] for s in range(4)]
    reads = iter(range(10 ** 6))
    solver = Solver(4, 0, 1, 2, 0, False, 10 ** 9, clock=lambda: float(next(reads)), deadline=3.0)
    solver.card_value(hands, 0, [], hands[0][0])
    assert solver.late and not solver.aborted and solver.solved == 0
    assert 3 * 256 <= solver.nodes < 5 * 256
    unhurried = Solver(4, 0, 1, 2, 0, False, 10 ** 9)
    unhurried.card_value(hands, 0, [], hands[0][0])
    assert unhurried.nodes > 5 * 256 and unhurried.solved == 1
