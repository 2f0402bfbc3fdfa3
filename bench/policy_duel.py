"""The hard Makao AI's reading weight (``makao_tui.ai.shedding.READ_WEIGHT``) chosen by duels on
the fast path (issue 15: what wins two-player makao-pl deals is making the other player draw).

Run from the project root with the venv active::

    python bench/policy_duel.py [--deals 300] [--weights 0,20,40,80] [--preset seed|house]
                                [--game makao-pl] [--seed 0] [--cap 30000]

For each weight ``w`` two policies play two-player deals on the engine's fast path (``moves()`` /
``step()``, forced moves stepped as they come): :func:`~makao_tui.ai.shedding.playout_move` with
``read=w`` (a play scores ``w`` times :func:`~makao_tui.ai.shedding.miss_chance`, the chance that
the player who must follow it cannot, from what the seat to act may see: its hand, the pile,
the hands' sizes and the draws' inference) against the same policy with ``read=0`` (the normal
level's playout form). Every deal of ``--deals`` is played twice on the same cards with the
seats swapped; the policies' generators are seeded per deal and seat. The figure is the reading
policy's share of the deals won (95 % Wilson interval), with the deals that reached ``--cap``
moves without a winner counted as not won (so the rate is of all deals played) and shown apart.
The weight 0 row is the control (the same policy on both sides: about 50 %). Not a test; the
fast path plays both sides, so the figures count moves, not time, and the machine's load does not
change them. The weights' rows are played one after the other on the same deals.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir))

from makao_tui.ai.shedding import _policy_table, playout_move
from makao_tui.games import get_variant
from makao_tui.sim import wilson_interval


def duel(game: str, preset: str, weight: float, deals: int, seed: int, cap: int) -> tuple[int, int, int, int]:
    """(deals the reading policy won, deals played, deals with no winner, moves in all) of
    ``deals`` pairs of deals (seats swapped) between ``playout_move(read=weight)`` and
    ``playout_move(read=0)``."""
    variant = get_variant(game)
    rules = variant.rules(variant.presets[preset])
    table = _policy_table(rules)
    won = played = unfinished = steps = 0
    for d in range(deals):
        for reader in (0, 1):
            state = variant.deal(rules, 2, d % 2, random.Random(f"{seed}/{game}/{d}"), None)
            rngs = [random.Random(f"{seed}/{game}/{d}/{reader}/{s}") for s in range(2)]
            reads = [weight if s == reader else 0.0 for s in range(2)]
            n = 0
            while not state.over and n < cap:
                moves = state.moves()
                seat = state._turn
                state.step(moves[0] if len(moves) == 1 else playout_move(state, moves, table, rngs[seat], reads[seat]))
                n += 1
            played += 1
            steps += n
            if state.winner is None:
                unfinished += 1
            elif state.winner == reader:
                won += 1
    return won, played, unfinished, steps


def main() -> None:
    """Parse the options, play the duels and print one row per weight."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=300, help="pairs of deals per weight (default 300)")
    parser.add_argument("--weights", default="0,20,40,80", help="comma-separated read weights (default 0,20,40,80)")
    parser.add_argument("--preset", default="seed", help="the rules' preset, "
        "makao_tui/rules/makao-pl.en.md#house-rules (default seed)")
    parser.add_argument("--game", default="makao-pl")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--cap", type=int, default=30_000, help="moves after which a deal counts as unfinished")
    args = parser.parse_args()
    print(f"{args.game}, preset {args.preset}: {args.deals} pairs of two-player deals a weight, seed {args.seed}, "
          f"cap {args.cap} moves")
    print(f"  {'read':>6}  {'reader wins':<30} {'deals':>6} {'unfinished':>10} {'moves/deal':>10} {'CPU s':>7}")
    for weight in (float(w) for w in args.weights.split(",")):
        start = time.process_time()
        won, played, unfinished, steps = duel(args.game, args.preset, weight, args.deals, args.seed, args.cap)
        low, high = wilson_interval(won, played)
        rate = f"{100 * won / played:5.1f} % (95 %: {100 * low:.0f}–{100 * high:.0f})"
        print(f"  {weight:6g}  {rate:<30} {played:>6} {unfinished:>10} {steps / played:10.0f} "
              f"{time.process_time() - start:7.1f}", flush=True)


if __name__ == "__main__":
    main()
