"""How long the Peklo hard AI's solver (makao_tui/ai/peklo_solve.py) takes to solve one world, by the
number of tricks left (issue 32 item 1): the figure behind ``SOLVE_TRICKS`` of
makao_tui/ai/peklo_hard.py.

Run from the project root with the venv active::

    python bench/peklo_solve_speed.py [--worlds 10] [--most 7] [--seed 0]
    MAKAO_PURE_PYTHON=1 python bench/peklo_solve_speed.py     # the same source, not compiled

For each deal size from 2 to ``--most`` it deals ``--worlds`` random 4-seat deals (a trump suit,
random bids), and solves each from its first lead for every card of the leader (one
:class:`~makao_tui.ai.peklo_solve.Solver` a world, as the AI uses one a decision): printed are the
CPU milliseconds and the nodes a world, means over the worlds. CPU time (``time.process_time``):
on a loaded machine it is what the solver costs, not what the clock on the wall shows.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir))

import makao_tui.ai  # noqa: F401  (installs the finder of the compiled cores first)
from makao_tui.ai.peklo_solve import Solver
from makao_tui.games.compiled import core_is_compiled


def main(argv: list[str] | None = None) -> int:
    """Print the table; returns 0."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--worlds", type=int, default=10, help="worlds a deal size")
    parser.add_argument("--most", type=int, default=7, help="the largest deal size (cards a seat)")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    print(f"Peklo solver, 4 seats, compiled: {core_is_compiled('ai.peklo_solve')}; "
          f"load {os.getloadavg()[0]:.1f}")
    print(f"{'tricks':>6} {'CPU ms a world':>15} {'nodes a world':>14}")
    for size in range(2, args.most + 1):
        cpu = 0.0
        nodes = 0
        for _ in range(args.worlds):
            deck = list(range(52))
            rng.shuffle(deck)
            hands = [deck[s * size:(s + 1) * size] for s in range(4)]
            solver = Solver(4, 0, rng.randrange(4), rng.randint(0, size), 0, False, 10 ** 9)
            start = time.process_time()
            for card in hands[0]:
                solver.card_value(hands, 0, [], card)
                nodes += solver.nodes
            cpu += time.process_time() - start
        print(f"{size:>6} {1000 * cpu / args.worlds:>15.2f} {nodes / args.worlds:>14.0f}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
