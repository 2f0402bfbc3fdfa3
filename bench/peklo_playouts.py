"""Playouts a second of the Peklo hard AI's ``play_out``, compiled against pure Python, measured
fairly (issue 15 item 3, "playouts on the fast path"; CONTRIBUTING.md "The compiled core").

Run from the project root with the venv active::

    python bench/peklo_playouts.py [--seconds 4] [--slice 0.2] [--players 4] [--size 12] [--worlds 2000]

``--worlds`` random worlds are dealt once (``--players`` hands of ``--size`` cards, a random
trump suit or none, a random leader, random bids 0..size): the searching AI's case at the start
of the play. Two contestants play them out from the first lead in the same order, world after
world (each on a copy of the hands, as the AI's search copies a world), by
:func:`makao_tui.ai.peklo_playout.play_out`: the installed module (compiled where the install
compiled it) and its pure-Python source loaded beside it. The greedy playout of the normal AI
(``greedy_playout``) is timed the same way. Fairness: the contestants run in alternating slices
of ``--slice`` CPU seconds (``time.process_time``), the order turned round every round, until
each has had ``--seconds``; the ratio's spread over the rounds is printed. Both sides' results
are compared as they go (they must agree). Not a test: it is not part of the suite.
"""

from __future__ import annotations

import argparse
import datetime
import importlib.util
import os
import random
import statistics
import sys
import time
from collections.abc import Callable

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir))

from makao_tui.ai import peklo_playout
from makao_tui.games.compiled import core_is_compiled, source_path

CORE = "ai.peklo_playout"


def pure_module():
    """The pure-Python source of the playouts, loaded as a module of its own."""
    spec = importlib.util.spec_from_file_location("makao_tui.bench_pure_peklo_playout", source_path(CORE))
    assert spec is not None and spec.loader is not None  # a .py file has both
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def worlds(count: int, players: int, size: int, seed: int = 0) -> list[tuple[list[list[int]], list[int], int, int]]:
    """``count`` worlds: (hands, bids, leader, trump)."""
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        deck = list(range(52))
        rng.shuffle(deck)
        hands = [sorted(deck[s * size:(s + 1) * size]) for s in range(players)]
        out.append((hands, [rng.randint(0, size) for _ in range(players)], rng.randrange(players),
                    rng.randrange(-1, 4)))
    return out


class Contestant:
    """One side: ``run(world)`` plays one world out; counts playouts and CPU seconds."""

    def __init__(self, name: str, run: Callable[[tuple], object]):
        self.name, self.run = name, run
        self.playouts, self.seconds = 0, 0.0
        self.rounds: list[float] = []  # playouts/s of each slice
        self.next = 0

    def slice(self, all_worlds: list, seconds: float, results: dict[int, object]) -> None:
        """Play worlds in order (round the list) for ``seconds`` of CPU time."""
        n, start = 0, time.process_time()
        while True:
            i = self.next % len(all_worlds)
            got = self.run(all_worlds[i])
            if results.setdefault(i, got) != got:
                sys.exit(f"{self.name}: world {i} played out differently")
            self.next += 1
            n += 1
            spent = time.process_time() - start
            if spent >= seconds:
                break
        self.playouts += n
        self.seconds += spent
        self.rounds.append(n / spent)

    @property
    def per_s(self) -> float:
        return self.playouts / self.seconds


def duel(label: str, sides: list[Contestant], all_worlds: list, seconds: float, slice_s: float) -> float:
    """Interleave ``sides`` (compiled, pure) and print their figures; return compiled/pure."""
    results: dict[int, object] = {}
    round_no = 0
    while min(s.seconds for s in sides) < seconds:
        for side in sides if round_no % 2 == 0 else sides[::-1]:
            side.slice(all_worlds, slice_s, results)
        round_no += 1
    fast, pure = sides
    ratio = fast.per_s / pure.per_s
    per_round = sorted(f / p for f, p in zip(fast.rounds, pure.rounds, strict=False))
    print(f"{label}: {fast.name} {fast.per_s:,.0f} playouts/s, {pure.name} {pure.per_s:,.0f} playouts/s; "
          f"compiled / pure {ratio:.2f} (per round {per_round[0]:.2f}–{per_round[-1]:.2f}, median "
          f"{statistics.median(per_round):.2f}; {round_no} rounds)")
    return ratio


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=4.0, help="CPU seconds per contestant (default 4)")
    parser.add_argument("--slice", type=float, default=0.2, help="CPU seconds of one slice (default 0.2)")
    parser.add_argument("--players", type=int, default=4, help="players (default 4)")
    parser.add_argument("--size", type=int, default=12, help="cards each (default 12)")
    parser.add_argument("--worlds", type=int, default=2000, help="worlds dealt (default 2000)")
    args = parser.parse_args()
    if args.players * args.size > 52:
        sys.exit("more cards than a deck")
    compiled = core_is_compiled(CORE)
    print(f"date: {datetime.datetime.now(datetime.timezone.utc):%Y-%m-%d %H:%M} UTC; load average "
          f"{os.getloadavg()[0]:.1f}; {CORE} {'compiled (mypyc)' if compiled else 'pure Python (not compiled!)'}")
    print(f"{args.players} players × {args.size} cards, {args.worlds} worlds; {args.seconds:g} CPU s a side in "
          f"slices of {args.slice:g} s; time.process_time")
    pure = pure_module()
    all_worlds = worlds(args.worlds, args.players, args.size)
    players = args.players

    def hard(module):
        def run(world):
            hands, bids, leader, trump = world
            return module.play_out([list(h) for h in hands], bids, [0] * players, leader, [], trump)
        return run

    def greedy(module):
        def run(world):
            hands, _, leader, trump = world
            return module.greedy_playout([list(h) for h in hands], leader, trump)
        return run

    duel("play_out", [Contestant("installed", hard(peklo_playout)), Contestant("pure", hard(pure))],
         all_worlds, args.seconds, args.slice)
    duel("greedy_playout", [Contestant("installed", greedy(peklo_playout)), Contestant("pure", greedy(pure))],
         all_worlds, args.seconds, args.slice)
    print(f"load average at the end {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
