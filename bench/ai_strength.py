"""How strong the AI levels are: hard vs normal vs easy in every game, with issue 7's targets.

Run from the project root with the venv active::

    python bench/ai_strength.py [--deals 40] [--think 1.0 | --playouts N] [--games makao-ru,peklo] [--seed 0]
                                [--pairings hard-normal,hard-easy,normal-easy]

What it plays (every level decides from its own seat's view, as in a match):

- *makao-ru, makao-pl*: two-player deals (default options), for each pairing of levels
  (hard–normal, hard–easy, normal–easy). The two levels swap seats every deal and the dealer turns,
  so neither gets the first play more often. A deal is won by the player who goes out (a deal that
  ends with nobody out — the stock and pile gone — counts for neither). Target: hard wins at
  least 60 % of its deals against normal.
- *peklo*: four-player seven-card deals (``PekloState.deal(..., 7, ...)``, trump turned up, hook
  off), one seat of the level measured against three normal seats, that seat moving round the
  table deal by deal. Figures: exact-bid rate and points per deal (RULES.md §4: bid + 10 when
  exact). Target: hard makes its exact bid in at least 65 % of deals and scores more per deal than
  normal does in the same seat.
- *macao*: the average chip result of each level's decisions next to the exact optimum, as
  ``bench/macao_optimum.py`` computes it (target: hard within 0.5 % of the optimum); see that
  script for the method.

Every figure comes with a 95 % Wilson interval where it is a rate. ``--think`` is the hard
level's budget per decision (seconds of wall clock, default 1 as in a match); ``--playouts`` caps
its playouts instead (a reproducible run). The machine, date and command of a run go into
``bench/RESULTS.md``. Not a test: it is not part of the suite (a full run takes a long while).
"""

from __future__ import annotations

import argparse
import datetime
import os
import random
import sys
import time
from dataclasses import dataclass

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir))

from engine_speed import machine

from makao_tui.ai import Thinking, ai_for
from makao_tui.games import get_variant
from makao_tui.games.peklo import PekloState
from makao_tui.sim import wilson_interval

PAIRINGS = (("hard", "normal"), ("hard", "easy"), ("normal", "easy"))


@dataclass
class Pairing:
    """Two-player shedding deals between ``first`` and ``second`` (levels): deals won by each,
    deals with no winner, decisions of each level and the seconds they took."""

    game: str
    first: str
    second: str
    wins: tuple[int, int] = (0, 0)
    drawn: int = 0
    deals: int = 0
    seconds: float = 0.0
    decisions: int = 0


def _play(state, players: dict, rngs: dict, clock: list) -> None:
    """Play ``state`` to its end, each seat by its player; ``clock`` gathers [seconds, decisions]
    of the seats in ``clock[2]`` (the measured ones)."""
    while not state.is_over:
        seat = state.to_act
        view = state.view(seat)
        start = time.perf_counter()
        action = players[seat].choose(view, rngs[seat])
        if seat in clock[2]:
            clock[0] += time.perf_counter() - start
            clock[1] += 1
        state.apply(action)


def shedding(game: str, first: str, second: str, deals: int, seed: int, thinking: Thinking) -> Pairing:
    """``deals`` two-player deals of ``game`` between the levels ``first`` and ``second``."""
    variant = get_variant(game)
    rules = variant.rules()
    wins = [0, 0]
    result = Pairing(game, first, second)
    clock = [0.0, 0, set()]
    for i in range(deals):
        order = (first, second) if i % 2 == 0 else (second, first)
        players = {s: ai_for(game, lv, rules, thinking) for s, lv in enumerate(order)}
        rngs = {s: random.Random(f"{seed}/{game}/{i}/{s}") for s in range(2)}
        state = variant.deal(rules, 2, (i // 2) % 2, random.Random(f"{seed}/{game}/deal/{i // 2}"), None)
        clock[2] = {s for s, lv in enumerate(order) if lv == first}
        _play(state, players, rngs, clock)
        result.deals += 1
        if state.winner is None:
            result.drawn += 1
        else:
            wins[0 if order[state.winner] == first else 1] += 1
    result.wins = (wins[0], wins[1])
    result.seconds, result.decisions = clock[0], clock[1]
    return result


@dataclass
class PekloFigures:
    """One level in one seat against three normal seats: ``deals``, ``exact`` bids made, ``points``
    in all, decisions and seconds of the measured seat."""

    level: str
    deals: int = 0
    exact: int = 0
    points: int = 0
    seconds: float = 0.0
    decisions: int = 0


def peklo(level: str, deals: int, seed: int, thinking: Thinking, size: int = 7) -> PekloFigures:
    """``deals`` four-player ``size``-card Peklo deals, ``level`` in one seat (moving round) against
    three normal seats. The deals are the same for every level (same seeds)."""
    variant = get_variant("peklo")
    rules = variant.rules()
    figures = PekloFigures(level)
    clock = [0.0, 0, set()]
    for i in range(deals):
        seat = i % 4
        players = {s: ai_for("peklo", level if s == seat else "normal", rules, thinking) for s in range(4)}
        rngs = {s: random.Random(f"{seed}/peklo/{i}/{s}") for s in range(4)}
        state = PekloState.deal(rules, 4, (i // 4) % 4, size, random.Random(f"{seed}/peklo/deal/{i}"))
        clock[2] = {seat}
        _play(state, players, rngs, clock)
        figures.deals += 1
        figures.exact += state.bids[seat] == state.tricks[seat]
        figures.points += state.points()[seat]
    figures.seconds, figures.decisions = clock[0], clock[1]
    return figures


def _rate(k: int, n: int) -> str:
    low, high = wilson_interval(k, n)
    return f"{100 * k / n:5.1f} % (95 %: {100 * low:.0f}–{100 * high:.0f})" if n else "  n/a"


def main() -> None:
    """Parse the options, play every game asked and print the tables and the verdicts."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=40, help="deals per pairing / per level (default 40)")
    parser.add_argument("--think", type=float, default=None, help="hard level: seconds a decision (default 1)")
    parser.add_argument("--playouts", type=int, default=None, help="hard level: playouts a decision instead")
    parser.add_argument("--games", default="makao-ru,makao-pl,peklo,macao", help="comma-separated games")
    parser.add_argument("--seed", type=int, default=0, help="seed of the deals (default 0)")
    parser.add_argument("--pairings", default=",".join(f"{a}-{b}" for a, b in PAIRINGS),
                        help="Makao pairings to play, e.g. hard-normal (default: all three)")
    args = parser.parse_args()
    if args.playouts is not None and args.think is None:
        thinking = Thinking(seconds=None, playouts=args.playouts)
    else:
        thinking = Thinking(seconds=args.think if args.think is not None else 1.0, playouts=args.playouts)
    games = [g.strip() for g in args.games.split(",") if g.strip()]
    pairings = [tuple(p.strip().split("-", 1)) for p in args.pairings.split(",") if p.strip()]
    if any(p not in PAIRINGS for p in pairings):
        parser.error(f"--pairings takes {', '.join(f'{a}-{b}' for a, b in PAIRINGS)}")

    print(f"machine: {machine()}")
    print(f"date: {datetime.datetime.now(datetime.timezone.utc):%Y-%m-%d %H:%M} UTC; "
          f"hard budget: {thinking.seconds or 'no'} s, {thinking.playouts or 'no cap on'} playouts a decision; "
          f"seed {args.seed}\n")
    verdicts = []
    for game in ("makao-ru", "makao-pl"):
        if game not in games:
            continue
        print(f"{game}: two-player deals, {args.deals} per pairing (seats swapped every deal)")
        print(f"  {'pairing':<16} {'first wins':<34} {'no winner':>9}  {'s/decision (first)':>18}")
        for first, second in pairings:
            r = shedding(game, first, second, args.deals, args.seed, thinking)
            per = r.seconds / r.decisions if r.decisions else 0.0
            print(f"  {first + ' v ' + second:<16} {_rate(r.wins[0], r.deals):<34} {r.drawn:>9}  {per:>18.3f}")
            if (first, second) == ("hard", "normal"):
                ok = r.wins[0] >= 0.6 * r.deals
                verdicts.append(f"{game}: hard wins {100 * r.wins[0] / r.deals:.1f} % of deals against normal "
                                f"(target at least 60 %): {'met' if ok else 'MISSED'}")
        print()
    if "peklo" in games:
        print(f"peklo: four players, seven-card deals, {args.deals} deals per level (one seat v three normal)")
        print(f"  {'level':<8} {'exact bids':<34} {'points/deal':>11}  {'s/decision':>10}")
        rows = {}
        for level in ("easy", "normal", "hard"):
            f = peklo(level, args.deals, args.seed, thinking)
            rows[level] = f
            per = f.seconds / f.decisions if f.decisions else 0.0
            print(f"  {level:<8} {_rate(f.exact, f.deals):<34} {f.points / f.deals:>11.2f}  {per:>10.3f}")
        hard, normal = rows["hard"], rows["normal"]
        ok = hard.exact >= 0.65 * hard.deals and hard.points > normal.points
        verdicts.append(f"peklo: hard exact {100 * hard.exact / hard.deals:.1f} % (target at least 65 %), "
                        f"{hard.points / hard.deals:.2f} points/deal v normal {normal.points / normal.deals:.2f} "
                        f"(target: more): {'met' if ok else 'MISSED'}")
        print()
    if "macao" in games:
        from macao_optimum import compare

        verdicts.append(compare(args.deals * 50, args.seed))
        print()
    print("verdicts")
    for line in verdicts:
        print(f"  {line}")


if __name__ == "__main__":
    main()
