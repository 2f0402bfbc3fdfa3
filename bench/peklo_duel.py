"""Peklo's hard AI as it decides now (worlds solved exactly near the deal's end) against the same AI
with playouts only (as it was before the solver), on duplicate deals (issue 32 item 1).

Run from the project root with the venv active::

    python bench/peklo_duel.py [--deals 40] [--size 7] [--think 0.2 | --playouts N] [--seed 0]
    python bench/peklo_duel.py --smoke      # two deals, tiny budgets: the plumbing only

Four seats, the hook on, ``--size`` cards a deal (``PekloState.deal``, the dealer turning from deal
to deal); each deal is played twice, the solving AI at seats 0 and 2 and the playout-only AI at 1
and 3, then the seats swapped (duplicate play: the cards favour neither). Both are
:class:`~makao_tui.ai.peklo_hard.HardPekloAI` with the same budget: ``--think`` seconds a decision
(wall clock, as at the table: both sides share the machine's load, decision by decision) or
``--playouts`` a decision (``Thinking.playouts``: for the solver, worlds × cards); the old one with
``solve_tricks=0``. A game's figure is the solving side's points minus the other's (the mean over
its two seats, makao_tui/rules/peklo.en.md#scoring-and-the-match); printed: the mean per deal
with its 95 % interval (1.96 standard errors over the duplicate pairs), the exact bids of each
side, and each side's mean and longest decision (wall) with its CPU seconds. Not a test.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir))

from makao_tui.ai import Thinking
from makao_tui.ai.peklo_hard import HardPekloAI
from makao_tui.games.peklo import PekloRules, PekloState

PLAYERS = 4


def play(state: PekloState, new_seats: set[int], thinking: Thinking, seed: str,
         times: dict[str, list[tuple[float, float]]]) -> list[int]:
    """Play ``state`` to its end, the solving AI at ``new_seats``, the playout-only one elsewhere;
    the deal's points. ``times`` gathers (wall, CPU) seconds of the decisions with a choice."""
    ais = {s: HardPekloAI(thinking) if s in new_seats else HardPekloAI(thinking, solve_tricks=0)
           for s in range(PLAYERS)}
    rngs = {s: random.Random(f"{seed}/seat/{s}") for s in range(PLAYERS)}
    while not state.is_over:
        seat = state.to_act
        view = state.view(seat)
        wall, cpu = time.perf_counter(), time.process_time()
        action = ais[seat].choose(view, rngs[seat])
        if len(view.legal) > 1:
            times["new" if seat in new_seats else "old"].append((time.perf_counter() - wall,
                                                                 time.process_time() - cpu))
        state.apply(action)
    return list(state.points())


def main(argv: list[str] | None = None) -> int:
    """Run the duel and print its figures; returns 0."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=40, help="duplicate deals (each played twice)")
    parser.add_argument("--size", type=int, default=7, help="cards dealt to each of the 4 seats (1-12)")
    budget = parser.add_mutually_exclusive_group()
    budget.add_argument("--think", type=float, help="seconds a decision (wall clock; default 0.2)")
    budget.add_argument("--playouts", type=int, help="playouts a decision instead of a clock")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--smoke", action="store_true", help="2 deals, 0.02 s: plumbing only")
    args = parser.parse_args(argv)
    if args.smoke:
        args.deals, args.think, args.playouts = 2, 0.02, None
    thinking = Thinking(seconds=None, playouts=args.playouts) if args.playouts else \
        Thinking(seconds=args.think or 0.2)
    rules = PekloRules(hook=True)
    budget = f"{thinking.seconds:g} s" if thinking.seconds else f"{thinking.playouts} playouts"
    print(f"Peklo hard (solving) v hard (playouts only): {budget} a decision; 4 players, {args.size} cards, hook on; "
          f"{args.deals} deals x 2 seatings, seed {args.seed}; load {os.getloadavg()[0]:.1f}")
    diffs: list[float] = []
    exact = {"new": 0, "old": 0}
    times: dict[str, list[tuple[float, float]]] = {"new": [], "old": []}
    for d in range(args.deals):
        pair = []
        for new_seats in ({0, 2}, {1, 3}):
            state = PekloState.deal(rules, PLAYERS, d % PLAYERS, args.size, random.Random(f"{args.seed}/deal/{d}"))
            points = play(state, new_seats, thinking, f"{args.seed}/{d}/{min(new_seats)}", times)
            new = sum(points[s] for s in new_seats) / 2
            old = sum(points[s] for s in range(PLAYERS) if s not in new_seats) / 2
            exact["new"] += sum(state.bids[s] == state.tricks[s] for s in new_seats)
            exact["old"] += sum(state.bids[s] == state.tricks[s] for s in range(PLAYERS) if s not in new_seats)
            pair.append(new - old)
        diffs.append(sum(pair) / 2)
        print(f"  deal {d:>3}: solving − playouts {pair[0]:+6.1f} {pair[1]:+6.1f}", flush=True)
    mean = statistics.mean(diffs)
    half = 1.96 * statistics.stdev(diffs) / len(diffs) ** 0.5 if len(diffs) > 1 else float("nan")
    print(f"\nsolving − playouts: {mean:+.2f} points a seat a deal, 95 % [{mean - half:+.2f}, {mean + half:+.2f}] "
          f"over {len(diffs)} duplicate deals")
    seats = 2 * 2 * len(diffs)
    print(f"exact bids: solving {exact['new'] / seats:.1%}, playouts {exact['old'] / seats:.1%}")
    for side in ("new", "old"):
        wall = [w for w, _ in times[side]]
        cpu = [c for _, c in times[side]]
        name = "solving" if side == "new" else "playouts"
        print(f"{name}: {len(wall)} decisions, wall mean {statistics.mean(wall):.3f} max {max(wall):.3f} s, "
              f"CPU mean {statistics.mean(cpu):.3f} s")
    print(f"load average at the end {os.getloadavg()[0]:.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
