"""A ladder of the AI levels of one game: a round robin, Elo ratings with intervals (issue 32).

Run from the project root with the venv active::

    python bench/ladder.py GAME [--deals 40] [--think 0.05 | --playouts N] [--seed 0]
                           [--levels easy,normal,hard] [--ismcts] [--simulations 1000] [--size 7]
                           [--resamples 400]
    python bench/ladder.py GAME --smoke      # a few deals, tiny budgets: the plumbing only

What it plays. Every pair of levels meets on ``--deals`` deals, each dealt once and played twice
with the two levels' seats swapped (duplicate play: the cards favour neither), the dealer turning
from deal to deal, every seed fixed (``--seed``), so a run is repeated exactly with ``--playouts``:

- makao-ru, makao-pl, macao: two seats, one of each level;
- peklo: four seats, one level at seats 0 and 2, the other at 1 and 3, ``--size`` cards a deal
  (default 7: ``PekloState.deal``), a turned-up trump, the hook on (so that OpenSpiel's ``oh_hell``,
  where it is always on, plays the same rules); ``--ismcts`` adds OpenSpiel's IS-MCTS bot as a level
  (``pip install open-spiel``; ``bench/vs_openspiel.py`` says how the two engines are kept in
  lock-step and where ``oh_hell`` differs from makao_tui/rules/peklo.en.md).

A game's result for a level is 1, ½ or 0 as its seats' points that deal (summed) beat, equal or
trail the other level's, by the game's own order (makao-ru: fewer points is better). Options are
each game's defaults.

Ratings: a Bradley–Terry fit of all the games of the round robin (Hunter's MM algorithm; a draw
counts half a win each way; one drawn game between every two levels is added as a prior, so that a
level that won every game still gets a finite rating), on the Elo scale (400 × log10 of the odds),
the weakest level listed at 0. Intervals: 95 % percentile bootstrap over the duplicate deals of
each pair (``--resamples``). A level *stands clearly above* the one below it when the bootstrap's
95 % interval of their difference lies above 0; the verdict line says MISSED where one does not.

Budgets: ``--think`` seconds a decision (wall clock, as :class:`~makao_tui.ai.Thinking` counts it:
run it alone on a quiet machine) or ``--playouts`` a decision (load-independent, reproducible).
IS-MCTS gets ``--simulations``. Not a test: the suite does not run it; its figures go into
``bench/RESULTS.md``.
"""

from __future__ import annotations

import argparse
import itertools
import math
import os
import random
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir))

from vs_openspiel import ismcts, os_action, os_deal, our_action

from makao_tui.ai import Thinking, ai_for, levels_for
from makao_tui.games import get_variant
from makao_tui.games.peklo import PekloState

ISMCTS = "is-mcts"
#: Elo points per factor of ten in the odds
ELO = 400.0


@dataclass
class Pair:
    """The games of two levels: ``outcomes[i]`` the first level's results (1, ½, 0) in the two
    games of duplicate deal ``i``."""

    first: str
    second: str
    outcomes: list[tuple[float, float]] = field(default_factory=list)

    def score(self) -> float:
        """The first level's share of the points of all the pair's games (0..1)."""
        games = [r for both in self.outcomes for r in both]
        return sum(games) / len(games) if games else 0.5


class IsmctsSeats:
    """OpenSpiel's IS-MCTS bot at some seats of a Peklo deal: an ``oh_hell`` state kept in
    lock-step with ours (every action applied to both), from which the bot decides."""

    def __init__(self, size: int, simulations: int, seed: int) -> None:
        self.game, self.bot = ismcts(size, simulations, seed)
        self.theirs: Any = None

    def start(self, state: PekloState) -> None:
        self.theirs = os_deal(self.game, state)

    def choose(self, state: PekloState) -> Any:
        return our_action(state, self.bot.step(self.theirs))

    def applied(self, action: Any) -> None:
        self.theirs.apply_action(os_action(action))


@dataclass
class Setup:
    """How one game's ladder deals: ``players`` seats, ``deal(i)`` deal ``i`` (the same cards for
    both games of it), ``rules``."""

    game: str
    players: int
    rules: Any
    deal: Callable[[int], Any]


def setup(game: str, seed: int, size: int) -> Setup:
    """The ladder's table of ``game`` (see the module docstring)."""
    variant = get_variant(game)
    if game == "peklo":
        rules = variant.rules({"hook": True})
        return Setup(game, 4, rules, lambda i: PekloState.deal(rules, 4, i % 4, size,
                                                                random.Random(f"{seed}/{game}/deal/{i}")))
    rules = variant.rules()
    return Setup(game, 2, rules, lambda i: variant.deal(rules, 2, i % 2, random.Random(f"{seed}/{game}/deal/{i}"),
                                                         None))


def play(table: Setup, state: Any, levels: list[str], thinking: Thinking, ismcts: IsmctsSeats | None,
         seed: str, clock: dict[str, list[float]]) -> list[int]:
    """Play ``state`` to its end, seat ``s`` by level ``levels[s]``; the deal's points. ``clock``
    gathers the CPU seconds of each level's decisions."""
    players = {s: ai_for(table.game, lv, table.rules, thinking) for s, lv in enumerate(levels) if lv != ISMCTS}
    rngs = {s: random.Random(f"{seed}/seat/{s}") for s in players}
    lockstep = ismcts if ISMCTS in levels else None
    if lockstep is not None:
        lockstep.start(state)
    while not state.is_over:
        seat = state.to_act
        start = time.process_time()
        if levels[seat] == ISMCTS:
            assert lockstep is not None
            action = lockstep.choose(state)
        else:
            action = players[seat].choose(state.view(seat), rngs[seat])
        clock.setdefault(levels[seat], []).append(time.process_time() - start)
        state.apply(action)
        if lockstep is not None:
            lockstep.applied(action)
    return list(state.points())


def meet(table: Setup, first: str, second: str, deals: int, thinking: Thinking, ismcts: IsmctsSeats | None,
         seed: int, clock: dict[str, list[float]]) -> Pair:
    """``deals`` duplicate deals between the levels ``first`` and ``second``."""
    higher_wins = get_variant(table.game).higher_wins
    pair = Pair(first, second)
    for i in range(deals):
        results = []
        for swap in (False, True):
            mine = [s for s in range(table.players) if (s % 2 == 0) != swap]
            levels = [first if s in mine else second for s in range(table.players)]
            points = play(table, table.deal(i), levels, thinking, ismcts, f"{seed}/{first}-{second}/{i}/{swap}",
                          clock)
            lead = sum(points[s] for s in mine) - sum(p for s, p in enumerate(points) if s not in mine)
            lead = lead if higher_wins else -lead
            results.append(1.0 if lead > 0 else 0.5 if lead == 0 else 0.0)
        pair.outcomes.append((results[0], results[1]))
    return pair


def fit(levels: list[str], pairs: list[Pair], rounds: int = 2000) -> dict[str, float]:
    """Elo ratings of ``levels`` from the pairs' games (Bradley–Terry by Hunter's MM algorithm,
    with one drawn game added between every two levels), the first level at 0."""
    index = {lv: i for i, lv in enumerate(levels)}
    n = len(levels)
    wins = [0.0] * n
    games = [[0.0] * n for _ in range(n)]
    for i, j in itertools.combinations(range(n), 2):  # the prior: one draw each
        wins[i] += 0.5
        wins[j] += 0.5
        games[i][j] += 1
        games[j][i] += 1
    for pair in pairs:
        a, b = index[pair.first], index[pair.second]
        for both in pair.outcomes:
            for result in both:
                wins[a] += result
                wins[b] += 1 - result
                games[a][b] += 1
                games[b][a] += 1
    strength = [1.0] * n
    for _ in range(rounds):
        strength = [wins[i] / sum(games[i][j] / (strength[i] + strength[j]) for j in range(n) if j != i)
                    for i in range(n)]
        scale = math.prod(strength) ** (1 / n)
        strength = [s / scale for s in strength]
    base = strength[0]
    return {lv: ELO * math.log10(strength[index[lv]] / base) for lv in levels}


def bootstrap(levels: list[str], pairs: list[Pair], resamples: int, seed: int) -> list[dict[str, float]]:
    """The ratings of ``resamples`` resamplings of each pair's duplicate deals (with replacement)."""
    rng = random.Random(f"{seed}/bootstrap")
    fits = []
    for _ in range(resamples):
        drawn = [Pair(p.first, p.second, [rng.choice(p.outcomes) for _ in p.outcomes]) for p in pairs]
        fits.append(fit(levels, drawn, rounds=300))
    return fits


def interval(values: list[float]) -> tuple[float, float]:
    """The 2.5th and 97.5th percentiles of ``values``."""
    ordered = sorted(values)
    return ordered[int(0.025 * (len(ordered) - 1))], ordered[math.ceil(0.975 * (len(ordered) - 1))]


def main(argv: list[str] | None = None) -> int:
    """Run the ladder of one game and print its table and verdicts; 0, or 1 without OpenSpiel
    when ``--ismcts`` asks for it."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("game", choices=("makao-ru", "makao-pl", "macao", "peklo"))
    parser.add_argument("--deals", type=int, default=40, help="duplicate deals for each pair of levels")
    budget = parser.add_mutually_exclusive_group()
    budget.add_argument("--think", type=float, help="the hard level's seconds a decision (wall clock)")
    budget.add_argument("--playouts", type=int, help="the hard level's playouts a decision (default 200)")
    parser.add_argument("--levels", default=None, help="levels, weakest first (default: the game's)")
    parser.add_argument("--ismcts", action="store_true", help="Peklo: add OpenSpiel's IS-MCTS as a level")
    parser.add_argument("--simulations", type=int, default=1000, help="IS-MCTS simulations a decision")
    parser.add_argument("--size", type=int, default=7, help="Peklo: cards dealt to each of the 4 seats (1-12)")
    parser.add_argument("--resamples", type=int, default=400, help="bootstrap resamples for the intervals")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--smoke", action="store_true", help="2 deals a pair, tiny budgets: plumbing only")
    args = parser.parse_args(argv)
    if args.smoke:
        args.deals, args.resamples, args.simulations = 2, 20, 20
        args.think, args.playouts = None, 5
    thinking = Thinking(seconds=args.think, playouts=None) if args.think else \
        Thinking(seconds=None, playouts=args.playouts or 200)
    levels = args.levels.split(",") if args.levels else levels_for(args.game)
    ismcts = None
    if args.ismcts:
        if args.game != "peklo":
            parser.error("--ismcts is for peklo (OpenSpiel's oh_hell)")
        try:
            ismcts = IsmctsSeats(args.size, args.simulations, args.seed)
        except ImportError:
            print("OpenSpiel is not installed: pip install open-spiel (or the bench extra)")
            return 1
        levels.append(ISMCTS)
    table = setup(args.game, args.seed, args.size)
    budget_words = f"{thinking.seconds:g} s" if thinking.seconds else f"{thinking.playouts} playouts"
    print(f"{args.game} ladder: levels {', '.join(levels)}; hard {budget_words} a decision"
          + (f", IS-MCTS {args.simulations} simulations" if ismcts else "")
          + f"; {args.deals} duplicate deals a pair ({table.players} seats"
          + (f", {args.size} cards, hook on" if args.game == "peklo" else "") + f"), seed {args.seed}")
    clock: dict[str, list[float]] = {}
    pairs = []
    for first, second in itertools.combinations(levels, 2):
        pair = meet(table, second, first, args.deals, thinking, ismcts, args.seed, clock)
        pairs.append(pair)
        print(f"  {pair.first} v {pair.second}: {100 * pair.score():.1f} % of {2 * args.deals} games", flush=True)
    ratings = fit(levels, pairs)
    fits = bootstrap(levels, pairs, args.resamples, args.seed)
    print(f"\n{'level':<8} {'Elo':>6} {'95 % interval':>16} {'CPU s/decision':>15}")
    for lv in levels:
        low, high = interval([f[lv] for f in fits])
        times = clock.get(lv, [])
        mean = sum(times) / len(times) if times else 0.0
        print(f"{lv:<8} {ratings[lv]:>6.0f} {low:>7.0f} to {high:<6.0f} {mean:>15.4f}")
    verdicts = []
    for below, above in itertools.pairwise(levels):
        low, high = interval([f[above] - f[below] for f in fits])
        clear = low > 0
        verdicts.append(clear)
        print(f"{above} above {below}: {ratings[above] - ratings[below]:+.0f} Elo (95 % {low:+.0f} to {high:+.0f}): "
              + ("clearly above" if clear else "NOT clearly above: MISSED"))
    verdict = "every level clearly above the one below it" if all(verdicts) else "MISSED"
    if args.smoke:
        verdict += " (smoke run: too few deals to judge)"
    print(f"verdict: {verdict}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
