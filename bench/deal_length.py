"""How long a deal of Polish Makao runs under each preset (issue 14: "bench/ reports the median
deal length of two- and four-player makao-pl under each preset").

Run from the project root with the venv active::

    nice -n 10 python bench/deal_length.py [--deals 100] [--players 2,4] [--presets seed,house]
                                           [--level normal] [--seed 0]

For each preset and number of players, ``--deals`` deals are dealt from seeds ``seed, seed + 1,
…`` (the same seeds for every preset) and played to their end by the AI of ``--level`` in every
seat, each from its own view, as in a match (``--level random``: every action drawn at random from
the legal ones, the players the seeds' rules were measured with in issue 14).

Figures per configuration: the deal's length in actions (every play, draw, take and pass counts
one; the turns the engine takes by itself, a skipped player or a drawn card that does not fit, are
not actions) as median, quartiles and maximum; the median of the largest hand seen in each deal;
and how many deals ended without a winner (makao_tui/rules/makao-ru.en.md: a forced loop, or nobody able to play or
draw). The figures count actions, not time: they do not depend on the machine or its load. Not a
test: it is not part of the suite.
"""

from __future__ import annotations

import argparse
import datetime
import os
import random
import statistics
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir))

from makao_tui.ai import ai_for
from makao_tui.games import get_variant

#: actions after which a deal is given up as endless (none has come near it)
CAP = 100_000


def play_deal(rules, players: int, seed: int, level: str) -> tuple[int, int, bool]:
    """One deal from ``seed``: (actions taken, the largest hand seen, whether somebody went out)."""
    variant = get_variant("makao-pl")
    state = variant.deal(rules, players, seed % players, random.Random(seed), None)
    ais = [None if level == "random" else ai_for("makao-pl", level, rules) for _ in range(players)]
    rng = random.Random(seed)
    actions, largest = 0, max(len(h) for h in state.hands)
    while not state.is_over:
        seat = state.to_act
        ai = ais[seat]
        state.apply(rng.choice(state.legal_actions()) if ai is None else ai.choose(state.view(seat), rng))
        actions += 1
        largest = max(largest, len(state.hands[seat]))
        if actions >= CAP:
            raise RuntimeError(f"deal {seed} ran past {CAP} actions")
    return actions, largest, state.winner is not None


def quartiles(values: list[int]) -> tuple[float, float, float]:
    q = statistics.quantiles(values, n=4, method="inclusive")
    return q[0], q[1], q[2]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--players", default="2,4")
    parser.add_argument("--presets", default="seed,house")
    parser.add_argument("--level", default="normal", choices=("random", "easy", "normal", "hard"))
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    variant = get_variant("makao-pl")
    started = datetime.datetime.now(datetime.timezone.utc)
    print(f"makao-pl deal length, {args.deals} deals a row, AI level {args.level}, seeds {args.seed}.."
          f"{args.seed + args.deals - 1}, {started:%Y-%m-%d %H:%M} UTC")
    print()
    print("| preset | players | median actions | quartiles | max | median largest hand | no winner |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for preset in args.presets.split(","):
        rules = variant.rules(preset=preset)
        for players in (int(p) for p in args.players.split(",")):
            runs = [play_deal(rules, players, args.seed + i, args.level) for i in range(args.deals)]
            lengths = [r[0] for r in runs]
            low, mid, high = quartiles(lengths)
            print(f"| {preset} | {players} | {mid:g} | {low:g}–{high:g} | {max(lengths)} | "
                  f"{statistics.median(r[1] for r in runs):g} | {sum(not r[2] for r in runs)} |", flush=True)


if __name__ == "__main__":
    main()
