"""How strong the AI levels are: hard vs normal vs easy in every game (issues 7 and 15).

Run from the project root with the venv active::

    python bench/ai_strength.py [--deals 40] [--width 10] [--max-deals 400] [--think 1.0 | --playouts N]
                                [--games makao-ru,makao-pl,peklo,macao] [--seed 0]
                                [--pairings hard-normal,hard-easy,normal-easy] [--levels easy,normal,hard]
                                [--preset house] [--option NAME=JSON ...] [--progress]

What it plays (every level decides from its own seat's view, as in a match):

- *makao-ru, makao-pl*: two-player deals (default options, or ``--preset`` / ``--option``), for each pairing of
  levels (hard–normal, hard–easy, normal–easy). The two levels swap seats every deal and play each
  deal's cards twice, and the dealer turns, so neither gets the first play more often. A deal is
  won by the player who goes out (a deal that ends with nobody out counts for neither). Target:
  hard wins at least 60 % of its deals against normal.
- *peklo*: four-player seven-card deals (``PekloState.deal(..., 7, ...)``, trump turned up, hook
  off), one seat of the level measured against three normal seats, that seat moving round the
  table deal by deal. Figures: exact-bid rate and points per deal (makao_tui/rules/peklo.en.md: bid + 10 when
  exact). Target: hard makes its exact bid in at least 65 % of deals and scores more per deal than
  normal does in the same seat.
- *macao*: the average chip result of each level's decisions next to the exact optimum, as
  ``bench/macao_optimum.py`` computes it (target: hard within 0.5 % of the optimum); see that
  script for the method.

How many deals: at least ``--deals``, then on until the 95 % Wilson interval of the rate (first
wins; exact bids) is at most ``--width`` points either side (default 10: about 100 deals), or
``--max-deals``. Every rate comes with its interval, Peklo's points a deal with a 95 % interval
too. Time per decision (mean and max) is the wall clock of the measured seat's decisions; the
hard level's budget is kept when its longest decision is at most 1.05 × ``--think``.
``--playouts`` caps its playouts instead (a reproducible run). The machine, date and command of a
run go into ``bench/RESULTS.md``. Not a test: it is not part of the suite (a full run takes long:
run it with ``nice``).
"""

from __future__ import annotations

import argparse
import datetime
import json
import math
import os
import random
import statistics
import sys
import time
from dataclasses import dataclass, field

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir))

from engine_speed import machine

from makao_tui.ai import Thinking, ai_for
from makao_tui.games import get_variant
from makao_tui.games.peklo import PekloState
from makao_tui.sim import wilson_interval

PAIRINGS = (("hard", "normal"), ("hard", "easy"), ("normal", "easy"))


@dataclass
class Clock:
    """Wall-clock seconds of the measured seats' decisions: ``seats`` measured, ``seconds`` in
    all, ``decisions`` timed and the longest one, ``longest``."""

    seats: set = field(default_factory=set)
    seconds: float = 0.0
    decisions: int = 0
    longest: float = 0.0

    def line(self) -> str:
        """Mean and max seconds a decision."""
        mean = self.seconds / self.decisions if self.decisions else 0.0
        return f"{mean:.3f} / {self.longest:.3f}"


def _play(state, players: dict, rngs: dict, clock: Clock) -> None:
    """Play ``state`` to its end, each seat by its player; ``clock`` times the seats in
    ``clock.seats`` (wall clock: what a player at the table waits)."""
    while not state.is_over:
        seat = state.to_act
        view = state.view(seat)
        start = time.perf_counter()
        action = players[seat].choose(view, rngs[seat])
        if seat in clock.seats:
            spent = time.perf_counter() - start
            clock.seconds += spent
            clock.decisions += 1
            clock.longest = max(clock.longest, spent)
        state.apply(action)


@dataclass
class Pairing:
    """Two-player shedding deals between ``first`` and ``second`` (levels): deals won by each,
    deals with no winner, and the clock of ``first``'s decisions."""

    game: str
    first: str
    second: str
    wins: list[int] = field(default_factory=lambda: [0, 0])
    drawn: int = 0
    deals: int = 0
    clock: Clock = field(default_factory=Clock)


def half_width(k: int, n: int) -> float:
    """Half the width of the 95 % Wilson interval of ``k`` successes in ``n``, in points (0–100)."""
    low, high = wilson_interval(k, n)
    return 50 * (high - low)


@dataclass
class Plan:
    """How many deals: at least ``least``, then on (in whole rounds of ``step`` deals) until the
    95 % interval of the rate is at most ``width`` points either side, or ``most`` deals."""

    least: int
    most: int
    width: float

    def more(self, k: int, n: int, step: int) -> bool:
        """Whether to play on after ``k`` successes in ``n`` deals."""
        if n % step:
            return True
        return n < self.least or (n < self.most and half_width(k, n) > self.width)


def shedding(game: str, first: str, second: str, plan: Plan, seed: int, thinking: Thinking,
             options: dict | None = None, progress: bool = False) -> Pairing:
    """Two-player deals of ``game`` between the levels ``first`` and ``second`` (seats swapped every
    deal, the same cards twice) as many as ``plan`` asks; with ``progress``, a line on stderr after
    each deal (the wins so far), so that a long run shows where it stands."""
    variant = get_variant(game)
    rules = variant.rules(options or {})
    result = Pairing(game, first, second)
    i = 0
    while plan.more(result.wins[0], i, 2):
        order = (first, second) if i % 2 == 0 else (second, first)
        players = {s: ai_for(game, lv, rules, thinking) for s, lv in enumerate(order)}
        rngs = {s: random.Random(f"{seed}/{game}/{i}/{s}") for s in range(2)}
        state = variant.deal(rules, 2, (i // 2) % 2, random.Random(f"{seed}/{game}/deal/{i // 2}"), None)
        result.clock.seats = {s for s, lv in enumerate(order) if lv == first}
        _play(state, players, rngs, result.clock)
        result.deals += 1
        if state.winner is None:
            result.drawn += 1
        else:
            result.wins[0 if order[state.winner] == first else 1] += 1
        i += 1
        if progress:
            print(f"  {game} deal {i}: {first} {result.wins[0]}, {second} {result.wins[1]}, no winner {result.drawn}",
                  file=sys.stderr, flush=True)
    return result


@dataclass
class PekloFigures:
    """One level in one seat against three normal seats: ``deals``, ``exact`` bids made, the
    seat's ``points`` deal by deal, and the clock of its decisions."""

    level: str
    deals: int = 0
    exact: int = 0
    points: list[int] = field(default_factory=list)
    clock: Clock = field(default_factory=Clock)

    def points_line(self) -> str:
        """Mean points a deal with a 95 % interval (normal approximation)."""
        n = len(self.points)
        mean = sum(self.points) / n
        sd = statistics.stdev(self.points) if n > 1 else 0.0
        return f"{mean:5.2f} ± {1.96 * sd / math.sqrt(n):.2f}"


def peklo(level: str, plan: Plan, seed: int, thinking: Thinking, size: int = 7) -> PekloFigures:
    """Four-player ``size``-card Peklo deals, ``level`` in one seat (moving round) against three
    normal seats, as many as ``plan`` asks. The deals are the same for every level (same seeds)."""
    variant = get_variant("peklo")
    rules = variant.rules()
    figures = PekloFigures(level)
    i = 0
    while plan.more(figures.exact, i, 4):
        seat = i % 4
        players = {s: ai_for("peklo", level if s == seat else "normal", rules, thinking) for s in range(4)}
        rngs = {s: random.Random(f"{seed}/peklo/{i}/{s}") for s in range(4)}
        state = PekloState.deal(rules, 4, (i // 4) % 4, size, random.Random(f"{seed}/peklo/deal/{i}"))
        figures.clock.seats = {seat}
        _play(state, players, rngs, figures.clock)
        figures.deals += 1
        figures.exact += state.bids[seat] == state.tricks[seat]
        figures.points.append(state.points()[seat])
        i += 1
    return figures


def _rate(k: int, n: int) -> str:
    low, high = wilson_interval(k, n)
    return f"{100 * k / n:5.1f} % (95 %: {100 * low:.0f}–{100 * high:.0f})" if n else "  n/a"


def _time_verdict(level: str, clock: Clock, thinking: Thinking) -> str | None:
    """The budget verdict of a hard seat: its longest decision at most 1.05 × the budget."""
    if level != "hard" or thinking.seconds is None or not clock.decisions:
        return None
    ok = clock.longest <= 1.05 * thinking.seconds
    return (f"longest decision {clock.longest:.3f} s for a budget of {thinking.seconds:g} s "
            f"(target at most {1.05 * thinking.seconds:.3f}): {'met' if ok else 'MISSED'}")


def main() -> None:
    """Parse the options, play every game asked and print the tables and the verdicts."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=40, help="least deals per pairing / per level (default 40)")
    parser.add_argument("--width", type=float, default=10.0,
                        help="play on until the 95 %% interval is at most this many points either side (default 10)")
    parser.add_argument("--max-deals", type=int, default=400, help="most deals per pairing / level (default 400)")
    parser.add_argument("--think", type=float, default=None, help="hard level: seconds a decision (default 1)")
    parser.add_argument("--playouts", type=int, default=None, help="hard level: playouts a decision instead")
    parser.add_argument("--games", default="makao-ru,makao-pl,peklo,macao", help="comma-separated games")
    parser.add_argument("--seed", type=int, default=0, help="seed of the deals (default 0)")
    parser.add_argument("--pairings", default=",".join(f"{a}-{b}" for a, b in PAIRINGS),
                        help="Makao pairings to play, e.g. hard-normal (default: all three)")
    parser.add_argument("--levels", default="easy,normal,hard", help="Peklo levels to measure (default all)")
    parser.add_argument("--preset", default=None, help="a Makao preset of makao_tui/rules/makao-pl.en.md#house-rules "
        "(seed, house), before --option")
    parser.add_argument("--option", action="append", default=[],
                        help="a Makao rule option NAME=VALUE (JSON value), e.g. preset=\"house\"; repeatable")
    parser.add_argument("--progress", action="store_true", help="a line on stderr after each Makao deal")
    args = parser.parse_args()
    if args.playouts is not None and args.think is None:
        thinking = Thinking(seconds=None, playouts=args.playouts)
    else:
        thinking = Thinking(seconds=args.think if args.think is not None else 1.0, playouts=args.playouts)
    games = [g.strip() for g in args.games.split(",") if g.strip()]
    pairings = [tuple(p.strip().split("-", 1)) for p in args.pairings.split(",") if p.strip()]
    if any(p not in PAIRINGS for p in pairings):
        parser.error(f"--pairings takes {', '.join(f'{a}-{b}' for a, b in PAIRINGS)}")
    options: dict = {}
    for item in args.option:
        name, _, value = item.partition("=")
        options[name] = json.loads(value)
    plan = Plan(args.deals, max(args.deals, args.max_deals), args.width)

    print(f"machine: {machine()}; load average {os.getloadavg()[0]:.1f}")
    print(f"date: {datetime.datetime.now(datetime.timezone.utc):%Y-%m-%d %H:%M} UTC; "
          f"hard budget: {thinking.seconds or 'no'} s, {thinking.playouts or 'no cap on'} playouts a decision; "
          f"seed {args.seed}; deals: at least {plan.least}, on until ±{plan.width:g} points (95 %) or {plan.most}\n")
    verdicts = []
    for game in ("makao-ru", "makao-pl"):
        if game not in games:
            continue
        game_options = {**get_variant(game).presets[args.preset], **options} if args.preset else dict(options)
        preset = f"; preset {args.preset}" if args.preset else ""
        shown = f"; options {game_options}" if game_options else ""
        print(f"{game}: two-player deals (seats swapped every deal){preset}{shown}")
        print(f"  {'pairing':<16} {'first wins':<34} {'deals':>5} {'no winner':>9}  s/decision of first (mean / max)")
        for first, second in pairings:
            r = shedding(game, first, second, plan, args.seed, thinking, game_options, args.progress)
            print(f"  {first + ' v ' + second:<16} {_rate(r.wins[0], r.deals):<34} {r.deals:>5} {r.drawn:>9}  "
                  f"{r.clock.line()}")
            if (first, second) == ("hard", "normal"):
                ok = r.wins[0] >= 0.6 * r.deals
                verdicts.append(f"{game}: hard wins {_rate(r.wins[0], r.deals)} of {r.deals} deals against "
                                f"normal (target at least 60 %): {'met' if ok else 'MISSED'}")
            timing = _time_verdict(first, r.clock, thinking)
            if timing:
                verdicts.append(f"{game} {first} v {second}: {timing}")
        print()
    if "peklo" in games:
        print("peklo: four players, seven-card deals, one seat of the level v three normal")
        print(f"  {'level':<8} {'exact bids':<34} {'deals':>5} {'points/deal (95 %)':>19}  s/decision (mean / max)")
        rows = {}
        for level in [lv.strip() for lv in args.levels.split(",") if lv.strip()]:
            f = peklo(level, plan, args.seed, thinking)
            rows[level] = f
            print(f"  {level:<8} {_rate(f.exact, f.deals):<34} {f.deals:>5} {f.points_line():>19}  {f.clock.line()}")
            timing = _time_verdict(level, f.clock, thinking)
            if timing:
                verdicts.append(f"peklo hard: {timing}")
        if "hard" in rows and "normal" in rows:
            hard, normal = rows["hard"], rows["normal"]
            ok = hard.exact >= 0.65 * hard.deals and sum(hard.points) / hard.deals > sum(normal.points) / normal.deals
            verdicts.append(f"peklo: hard exact {_rate(hard.exact, hard.deals)} (target at least 65 %), "
                            f"{hard.points_line()} points/deal v normal {normal.points_line()} "
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
