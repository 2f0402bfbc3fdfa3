"""Playouts a CPU second inside the shedding games' hard AI, the figure that makes it strong
(issue 31 item 2: reported beside the engine's random-playout ratio).

Run from the project root with the venv active::

    python bench/hard_playouts.py [--games makao-ru,makao-pl] [--positions 40] [--playouts 200] [--rounds 5]

For each game, ``--positions`` positions where the hard AI searches are collected once (4
players, the game's default rules; random deals played with random legal actions until the seat to
act has more than one legal action and the search runs there: some hand holds at most
``SEARCH_HANDS`` cards, or the game's playouts run to the deal's end). Each round then asks the
hard AI (``ai_for(game, "hard", rules, Thinking(seconds=None, playouts=--playouts))``: a playout
cap and no clock, so that the load cannot change what it does) for its advice on every position,
from the same generator each round. The playouts are counted as the AI runs them (its
``_playout`` wrapped by a counter: one call, one playout); the time is ``time.process_time()``
around each decision, so it holds the search's whole work: sampling the worlds, copying them,
the playouts (the rules core's ``moves()`` / ``step()`` under the normal policy's
``playout_move``), and the AI's own choice and candidates. The figure is playouts per CPU
second, the median of the rounds with its 95 % interval (``engine_speed.interval``; fewer than six
rounds give the range). Counts, not decisions: the same playouts every round (checked). Not a
test: it is not part of the suite.
"""

from __future__ import annotations

import argparse
import datetime
import os
import random
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir))

from bench.engine_speed import machine, shown
from makao_tui.ai import Thinking, ai_for
from makao_tui.ai.shedding import HardShedAI
from makao_tui.games import get_variant
from makao_tui.games.compiled import core_is_compiled

PLAYERS = 4


def positions(game: str, count: int, seed: int = 0) -> list:
    """``count`` views of the seat to act where the hard AI of ``game`` searches (see the module
    docstring), from random deals seeded by ``seed``."""
    variant = get_variant(game)
    rules = variant.rules()
    probe = ai_for(game, "hard", rules, Thinking(seconds=None, playouts=1))
    assert isinstance(probe, HardShedAI), f"the hard AI of {game} is not HardShedAI: this bench reads its search"
    rng = random.Random(f"hard_playouts/{game}/{seed}")
    out = []
    deal = 0
    while len(out) < count:
        state = variant.deal(rules, PLAYERS, deal % PLAYERS, random.Random(rng.getrandbits(32)), None)
        deal += 1
        while not state.is_over and len(out) < count:
            seat = state.to_act
            view = state.view(seat)
            if len(view.legal) > 1 and probe._searches(view):
                out.append(view)
                break  # one position a deal: positions of many deals
            state.apply(rng.choice(state.legal_actions()))
    return out


def run_round(game: str, views: list, playouts: int) -> tuple[int, float]:
    """(playouts run, CPU seconds) of the hard AI's advice on every view, from one generator."""
    rules = get_variant(game).rules()
    ai = ai_for(game, "hard", rules, Thinking(seconds=None, playouts=playouts))
    count = [0]
    playout = ai._playout

    def counted(state, action, rng):
        count[0] += 1
        return playout(state, action, rng)

    ai._playout = counted  # type: ignore[method-assign]  (the search looks it up on the instance)
    rng = random.Random(f"hard_playouts/{game}/advice")
    clock = time.process_time
    spent = 0.0
    for view in views:
        start = clock()
        ai.advise(view, rng)
        spent += clock() - start
    return count[0], spent


def main(argv: list[str] | None = None) -> int:
    """Parse the options, time every game, print the figures; returns 0."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", default="makao-ru,makao-pl", help="shedding games to time (comma-separated)")
    parser.add_argument("--positions", type=int, default=40, help="positions a game (default 40)")
    parser.add_argument("--playouts", type=int, default=200, help="the hard AI's playout cap a decision (default 200)")
    parser.add_argument("--rounds", type=int, default=5, help="rounds over the positions (default 5)")
    args = parser.parse_args(argv)
    print(f"date: {datetime.datetime.now(datetime.timezone.utc):%Y-%m-%d %H:%M} UTC; "
          f"load average {os.getloadavg()[0]:.1f}")
    print(f"machine: {machine()}; games.shedding_core "
          f"{'compiled (mypyc)' if core_is_compiled('games.shedding_core') else 'pure Python'}")
    print(f"{PLAYERS} players, default rules; {args.positions} positions a game, the hard AI capped at "
          f"{args.playouts} playouts a decision, no clock; {args.rounds} rounds; time.process_time\n")
    for game in args.games.split(","):
        views = positions(game, args.positions)
        rates = []
        counts = set()
        for _ in range(args.rounds):
            n, seconds = run_round(game, views, args.playouts)
            counts.add(n)
            rates.append(n / seconds)
        assert len(counts) == 1, f"{game}: the rounds ran different playouts ({sorted(counts)})"
        print(f"{game:<9} playouts per CPU s inside the hard AI: {shown(rates, ',.0f')} "
              f"({counts.pop()} playouts a round, {len(views)} decisions)")
    print(f"load average at the end {os.getloadavg()[0]:.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
