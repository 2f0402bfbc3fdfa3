"""Random-playout throughput of our games next to OpenSpiel's crazy_eights and oh_hell, measured
fairly (issues 15 and 31).

Run from the project root with the venv active (OpenSpiel: ``pip install -e '.[bench]'``, or
``pip install open-spiel``)::

    python bench/engine_speed.py [--seconds 4] [--slice 0.2] [--players 4] [--size 7] [--games ...]
    python bench/engine_speed.py --smoke    # a few CPU seconds in all: checks the plumbing only

``--smoke`` (run by ``.ci/run``) gives each contestant two slices of 0.05 s and counts the chance
steps of 4 deals a side: its figures are noise and it judges nothing. Without OpenSpiel installed
(the smoke run or any other) only our contestants are timed, and the output says so.

What is timed, per game, each as a *contestant* that plays whole deals from the deal to the end,
choosing uniformly among the legal actions with ``random.Random.choice``, every method the loop
calls bound to a local name before the loop, on both sides:

- ``ours fast``: ``variant.deal(...)``, then ``step(choice(moves()))`` until ``state.is_over``:
  the engine's fast path (the same ``_step`` as the checked path, with no check and no events;
  ``tests/engine/test_fast_path.py`` plays both side by side).
- ``ours checked``: the same with ``apply(choice(legal_actions()))``: ``Action`` objects, the
  legality check and the events of the log.
- ``ours fast, pure``: when the game's rules core is compiled (the install's mypyc build,
  CONTRIBUTING.md "The compiled core": ``games.shedding_core`` for the Makaos,
  ``games.peklo_core`` for Peklo): the fast path of the same deals on the pure-Python source of
  that core, loaded beside it as a module of the same package (:func:`pure_core`), for the
  compiled/pure ratio (the shuffle it imports, ``games.shuffle_core``, stays compiled: a deal's
  shuffle, and a Makao stock's rebuilt, run at the compiled speed on both).
- ``OpenSpiel lean``: the leanest Python loop a user of ``pyspiel`` would write:
  ``new_initial_state()``, then ``apply_action(choice(legal_actions()))`` until
  ``is_terminal()``, at every node alike, chance nodes included: one arm, no ``is_chance_node()``
  test. That is only right where every chance node is uniform over its legal actions, which is
  checked on 100 deals (10 in a smoke run) before the timing (it holds for crazy_eights and oh_hell); a game where it
  did not hold is refused, not timed with a loop of another shape.
- ``OpenSpiel C++``: ``pyspiel.evaluate_bots(state, bots, seed)`` with
  ``pyspiel.make_uniform_random_bot`` at every seat: the whole deal played inside C++, for
  reference (no Python loop can match it). It returns no count, so its decisions/s is its deals/s
  times the lean loop's mean decisions a deal (the same game and policy, the same distribution).

What is counted, on both sides the same way. A *decision* is an action chosen by a seat (ours:
every step, since our engine has no chance steps of its own; OpenSpiel: every action of its
history whose player is not chance). A *chance step* is one random outcome: a card dealt, turned
up or drawn from the stock, and any other chance node (OpenSpiel's pick of the dealer; oh_hell's
deal size). Our engine resolves chance inside the deal and the moves that draw, so its chance
steps are counted by a census of untimed deals, the same number on each side: ours from the
shuffles of a counting :class:`random.Random` (:class:`CountingRandom`; ``tests/bench`` checks the
count against the events of the same deals), OpenSpiel's from the deal's history. The timed loops
count their decisions exactly, OpenSpiel's from the history of each deal read after its clock
stopped. Both are printed: decisions per CPU second (the verdict) and steps per CPU second
(decisions and chance steps, the census's chance steps a decision times the timed decisions).

Fairness: the contestants of one pair run in short alternating slices (``--slice`` CPU seconds
each, the order turned round every round) until each has had ``--seconds`` of CPU time, so load
from other processes falls on all of them alike; time is ``time.process_time()`` (CPU time of
this process), read before and after each deal, the deal itself and OpenSpiel's chance nodes
inside it, the counting of a finished deal outside. Every figure is printed with the median of
its rounds and that median's 95 % interval (each round's figure from its own slice, a ratio from
the two slices of one round; the interval from the order statistics of the rounds, which assumes
nothing of their distribution: :func:`interval`). On a loaded machine single rounds scatter
widely (a neighbour's burst slows a slice's CPU second too: shared caches), which the interval
absorbs and a lowest round would not.

Pairs: makao-ru and makao-pl against ``crazy_eights`` (players = ``--players``, 5 cards each, as in
both Makaos), Peklo against ``oh_hell`` (players = ``--players``, ``num_tricks_fixed`` = ``--size``;
Peklo dealt with ``PekloState.deal(..., number=size, ...)``, the same number of cards each).
Targets (issue 31 item 2), ours fast / OpenSpiel lean in decisions per CPU second: makao-ru ≥ 1.3,
makao-pl ≥ 1.2, Peklo ≥ 1.5, in every run of three: a run meets its target when the low end of the
95 % interval of its median ratio is at or above it, and is MISSED otherwise. Deals/s of the
shedding games are not comparable: crazy_eights stops a deal at 100 turns, random Makao deals run
on for hundreds. Macao (a banking game) has no OpenSpiel counterpart and no separate fast path.
Not a test: it is not part of the suite.
"""

from __future__ import annotations

import argparse
import datetime
import importlib.util
import math
import os
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir))

from makao_tui.games import get_variant
from makao_tui.games.compiled import CORES, PACKAGE, core_is_compiled, source_path
from makao_tui.games.peklo import PekloState

#: a random playout of ours still running after this many decisions is abandoned and counted as cut
DEAL_ACTION_CAP = 20_000
#: issue 31 item 2: ours fast / OpenSpiel lean, decisions per CPU second, in every run
TARGETS = {"makao-ru": 1.3, "makao-pl": 1.2, "peklo": 1.5}
#: each of our games and its OpenSpiel counterpart (name; its parameters are made in main)
COUNTERPARTS = {"makao-ru": "crazy_eights", "makao-pl": "crazy_eights", "peklo": "oh_hell"}
#: each of our games and its compiled rules core (one of ``compiled.CORES``)
RULES_CORE = {"makao-ru": "games.shedding_core", "makao-pl": "games.shedding_core", "peklo": "games.peklo_core"}

#: ``play_deal()`` of a contestant: the finished state (None where none is kept) and the steps
#: its loop took (-1 for a deal cut at :data:`DEAL_ACTION_CAP`)
Play = Callable[[], tuple[Any, int]]


@dataclass
class Contestant:
    """One loop being timed. ``play_deal`` plays one whole deal (see :data:`Play`); ``decisions``
    turns its result into the deal's decisions, outside the clock. The totals are CPU seconds,
    deals, decisions and deals cut, and per slice (CPU seconds, decisions, deals)."""

    name: str
    play_deal: Play
    decisions_of: Callable[[Any, int], int] = lambda _state, steps: steps
    seconds: float = 0.0
    deals: int = 0
    decisions: int = 0
    cut: int = 0
    slices: list[tuple[float, int, int]] = field(default_factory=list)

    def run_slice(self, seconds: float) -> None:
        """Play whole deals until ``seconds`` of CPU time have gone into them (the last deal is
        finished); the clock runs only while a deal is played."""
        clock = time.process_time
        play, count = self.play_deal, self.decisions_of
        spent = 0.0
        deals = decisions = cut = 0
        while spent < seconds:
            start = clock()
            state, steps = play()
            spent += clock() - start
            if steps < 0:
                cut += 1
                decisions += DEAL_ACTION_CAP
            else:
                deals += 1
                decisions += count(state, steps)
        self.seconds += spent
        self.deals += deals
        self.decisions += decisions
        self.cut += cut
        self.slices.append((spent, decisions, deals + cut))

    @property
    def per_s(self) -> float:
        """Decisions per CPU second over all the slices."""
        return self.decisions / self.seconds if self.seconds else 0.0

    def rounds(self) -> list[float]:
        """Decisions per CPU second of each slice (one a round)."""
        return [n / s for s, n, _ in self.slices if s]

    @property
    def deals_per_s(self) -> float:
        """Deals played to the end (or cut) per CPU second."""
        return (self.deals + self.cut) / self.seconds if self.seconds else 0.0

    @property
    def decisions_per_deal(self) -> float:
        """Mean decisions a deal."""
        return self.decisions / max(1, self.deals + self.cut)


class CountingRandom(random.Random):
    """A :class:`random.Random` that counts the cards it has shuffled (``shuffled``). The rules
    cores shuffle a subclass with its own ``shuffle``, which draws the same numbers as theirs
    (``shedding_core.shuffle``), so a deal dealt with it is the deal a plain one of the same seed
    gives. For the census only: never timed."""

    shuffled = 0

    def shuffle(self, x: list, *args: Any) -> None:  # type: ignore[override]
        self.shuffled += len(x)
        super().shuffle(x, *args)


def pure_core(core: str):
    """The pure-Python source of ``core`` (one of ``compiled.CORES``, e.g. ``games.shedding_core``),
    loaded beside the compiled one as another module of the same package
    (``makao_tui.games._bench_pure_shedding_core``), so that its relative imports
    (``..engine``, ``.shedding_events``) resolve as the core's own do: the same rules, its own
    tables."""
    parent, _, leaf = core.rpartition(".")
    name = f"{PACKAGE}.{parent}._bench_pure_{leaf}" if parent else f"{PACKAGE}._bench_pure_{leaf}"
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, source_path(core))
    assert spec is not None and spec.loader is not None  # a .py file has both
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    try:
        spec.loader.exec_module(module)
    except BaseException:
        del sys.modules[name]
        raise
    return module


def _dealer(game: str, players: int, size: int, pure=None, rng_class: type[random.Random] = random.Random,
            tag: str = "") -> tuple[Callable[[], Any], random.Random]:
    """A function that deals the next deal of ``game`` (the dealer going round) and the deals'
    random generator, seeded by ``game`` and ``tag``."""
    variant = get_variant(game)
    rules = variant.rules()
    deal_rng = rng_class(f"bench/{game}/{tag}deal")
    count = [0]

    def new_state():
        count[0] += 1
        dealer = count[0] % players
        if game == "peklo":
            return (pure.PekloState if pure is not None else PekloState).deal(rules, players, dealer, size, deal_rng)
        if pure is not None:
            return pure.ShedState.deal(rules, players, dealer, deal_rng)
        return variant.deal(rules, players, dealer, deal_rng, None)

    return new_state, deal_rng


def ours(game: str, players: int, size: int, checked: bool, pure=None) -> Contestant:
    """Our ``game``: random deals through the fast path, or with ``checked`` the checked path;
    ``pure``: the module of :func:`pure_core`, whose states are dealt instead."""
    new_state, _ = _dealer(game, players, size, pure)
    choice = random.Random(f"bench/{game}/choose").choice

    def fast() -> tuple[Any, int]:
        state = new_state()
        step, moves = state.step, state.moves
        n = 0
        while not state.is_over:
            step(choice(moves()))
            n += 1
            if n >= DEAL_ACTION_CAP:
                return state, -1
        return state, n

    def slow() -> tuple[Any, int]:
        state = new_state()
        apply, legal = state.apply, state.legal_actions
        n = 0
        while not state.is_over:
            apply(choice(legal()))
            n += 1
            if n >= DEAL_ACTION_CAP:
                return state, -1
        return state, n

    return Contestant(f"ours {'checked' if checked else 'fast'}{', pure' if pure else ''}", slow if checked else fast)


def census_ours(game: str, players: int, size: int, deals: int) -> list[tuple[int, int]]:
    """(decisions, chance steps) of each of ``deals`` random deals of our ``game`` on the fast
    path, untimed. Chance steps: the cards dealt and turned up, and every card drawn; a Makao
    deal's draws are counted as the stock's cards taken (its first cards and those of every
    rebuild, from the counting generator's shuffles, less those still there at the end)."""
    new_state, rng = _dealer(game, players, size, rng_class=CountingRandom, tag="census/")
    assert isinstance(rng, CountingRandom)
    choice = random.Random(f"bench/{game}/census/choose").choice
    out = []
    for _ in range(deals):
        before = rng.shuffled
        state = new_state()
        n = 0
        while not state.is_over:
            state.step(choice(state.moves()))
            n += 1
        if game == "peklo":  # no draws: the cards dealt, and the trump card unless none is turned
            chance = state.size * players + (state.trump is not None)
        else:  # the stock's cards, shuffled at the deal or at a rebuild, less those never taken
            chance = rng.shuffled - before - len(state.stock)
        out.append((n, chance))
    return out


def os_decisions(state, steps: int) -> int:
    """The decisions of a finished OpenSpiel deal: its actions less its chance outcomes."""
    return steps - sum(1 for pa in state.full_history() if pa.player < 0)


def chance_is_uniform(game, deals: int) -> bool:
    """True when every chance node met in ``deals`` random deals of the OpenSpiel ``game`` has
    equal probabilities over exactly its legal actions (then ``rng.choice(legal_actions())`` is the
    same draw as a weighted pick from ``chance_outcomes()``)."""
    rng = random.Random(0)
    for _ in range(deals):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                probs = [p for _, p in outcomes]
                if max(probs) - min(probs) > 1e-12 or sorted(a for a, _ in outcomes) != sorted(state.legal_actions()):
                    return False
            state.apply_action(rng.choice(state.legal_actions()))
    return True


def openspiel_lean(game, name: str) -> Contestant:
    """The leanest Python loop over the OpenSpiel ``game`` (see the module docstring): one arm for
    every node, the methods bound to locals as ours are; its decisions are read from the
    finished deal's history, outside the clock."""
    choice = random.Random(f"bench/{name}").choice
    new_state = game.new_initial_state

    def deal() -> tuple[Any, int]:
        state = new_state()
        apply, legal, terminal = state.apply_action, state.legal_actions, state.is_terminal
        n = 0
        while not terminal():
            apply(choice(legal()))
            n += 1
        return state, n

    return Contestant("OpenSpiel lean", deal, os_decisions)


def census_openspiel(game, name: str, deals: int) -> list[tuple[int, int]]:
    """(decisions, chance steps) of each of ``deals`` random deals of the OpenSpiel ``game``, untimed."""
    choice = random.Random(f"bench/{name}/census").choice
    out = []
    for _ in range(deals):
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(choice(state.legal_actions()))
        history = state.full_history()
        chance = sum(1 for pa in history if pa.player < 0)
        out.append((len(history) - chance, chance))
    return out


def openspiel_cpp(pyspiel, game, players: int) -> Contestant:
    """``pyspiel.evaluate_bots`` with uniform random bots at every seat; it counts deals only (the
    caller sets its decisions from the lean loop's decisions a deal, see the module docstring)."""
    bots = [pyspiel.make_uniform_random_bot(p, 1000 + p) for p in range(players)]
    evaluate, new_state = pyspiel.evaluate_bots, game.new_initial_state
    seed = [0]

    def deal() -> tuple[Any, int]:
        seed[0] += 1
        evaluate(new_state(), bots, seed[0])
        return None, 0

    return Contestant("OpenSpiel C++", deal)


def interleave(contestants: list[Contestant], seconds: float, slice_s: float) -> None:
    """Give every contestant ``seconds`` of CPU time in alternating slices of ``slice_s``; the order
    is turned round each round so none always runs first."""
    rounds = max(1, round(seconds / slice_s))
    for r in range(rounds):
        order = contestants if r % 2 == 0 else contestants[::-1]
        for c in order:
            c.run_slice(slice_s)


def interval(values: list[float]) -> tuple[float, float, float, bool]:
    """(low, median, high, exact) of ``values``: their median and its 95 % interval from their
    order statistics (the k-th lowest and k-th highest value, k the largest with a binomial(n, ½)
    tail below k of at most 2.5 %); with fewer than 6 values no such k exists, and the lowest and
    highest are given instead (``exact`` False)."""
    ordered = sorted(values)
    n = len(ordered)
    k = 0
    while sum(math.comb(n, i) for i in range(k + 1)) / 2**n <= 0.025:
        k += 1
    if k == 0:
        return ordered[0], statistics.median(ordered), ordered[-1], False
    return ordered[k - 1], statistics.median(ordered), ordered[n - k], True


def shown(values: list[float], form: str) -> str:
    """``values``' median and interval (:func:`interval`) as ``median [low, high]``, the bracket
    marked ``range`` when it is the lowest and highest (too few rounds for a 95 % interval)."""
    low, mid, high, exact = interval(values)
    return f"{mid:{form}} [{low:{form}}, {high:{form}}{'' if exact else ' range'}]"


def round_ratios(a: Contestant, b: Contestant) -> list[float]:
    """Per round, the decisions/s of ``a`` over that of ``b`` (their slices of the same round)."""
    return [(na / sa) / (nb / sb) for (sa, na, _), (sb, nb, _) in zip(a.slices, b.slices, strict=True)
            if sa and sb and nb]


def machine() -> str:
    """One line on the machine: CPU model, cores (``os.cpu_count``), Python version."""
    model = platform.processor() or "unknown CPU"
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as info:
            model = next(line.split(":", 1)[1].strip() for line in info if line.startswith("model name"))
    except (OSError, StopIteration):
        pass
    return f"{model}; {os.cpu_count()} cores; Python {platform.python_version()} ({platform.python_implementation()})"


def mean_pair(census: list[tuple[int, int]]) -> tuple[float, float]:
    """Mean (decisions, chance steps) a deal of a census."""
    return statistics.mean(d for d, _ in census), statistics.mean(c for _, c in census)


def main(argv: list[str] | None = None) -> int:
    """Parse the options, time every pair, print the figures and the verdicts; returns 0."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=4.0, help="CPU seconds per contestant (default 4)")
    parser.add_argument("--slice", type=float, default=0.2, help="CPU seconds of one slice, a round (default 0.2)")
    parser.add_argument("--players", type=int, default=4, help="players in every game (default 4)")
    parser.add_argument("--size", type=int, default=7, help="cards each in Peklo and oh_hell (default 7)")
    parser.add_argument("--games", default="makao-ru,makao-pl,peklo", help="our games to time (comma-separated)")
    parser.add_argument("--census", type=int, default=200, help="untimed deals a side counting chance steps")
    parser.add_argument("--smoke", action="store_true", help="2 slices of 0.05 s, 4 census deals: plumbing only")
    args = parser.parse_args(argv)
    games = args.games.split(",")
    for game in games:
        if game not in COUNTERPARTS:
            parser.error(f"unknown game {game!r}: choose from {', '.join(COUNTERPARTS)}")
    if args.smoke:
        args.seconds, args.slice, args.census = 0.1, 0.05, 4
    checks = 10 if args.smoke else 100  # deals checked for uniform chance nodes
    try:
        import pyspiel
    except ImportError:
        pyspiel = None
    from importlib.metadata import version

    print(f"date: {datetime.datetime.now(datetime.timezone.utc):%Y-%m-%d %H:%M} UTC; "
          f"load average {os.getloadavg()[0]:.1f}")
    print(f"machine: {machine()}; "
          + (f"open-spiel {version('open-spiel')}" if pyspiel else "OpenSpiel NOT installed: ours only "
             "(pip install -e '.[bench]' adds it)"))
    compiled = {core: core_is_compiled(core) for core in CORES}
    print("cores: " + ", ".join(f"{core} {'compiled (mypyc)' if done else 'pure Python'}"
                                for core, done in compiled.items()))
    rounds = max(1, round(args.seconds / args.slice))
    print(f"{args.players} players; {args.seconds:g} CPU s per contestant in {rounds} rounds of {args.slice:g} s; "
          f"time.process_time; random legal actions{'; SMOKE RUN: figures are noise' if args.smoke else ''}\n")
    params = {"crazy_eights": {"players": args.players},
              "oh_hell": {"players": args.players, "num_tricks_fixed": args.size}}
    verdicts = []
    header = (f"{'contestant':<17} {'decisions/s':>11} {'rounds: median [95 % interval]':>32} {'deals/s':>9} "
              f"{'decisions/deal':>14} {'cut':>4}")
    for game in games:
        name = COUNTERPARTS[game]
        label = f"{game} ({args.size} cards each)" if game == "peklo" else game
        core = RULES_CORE[game]
        fast = ours(game, args.players, args.size, checked=False)
        checked = ours(game, args.players, args.size, checked=True)
        pure = ours(game, args.players, args.size, checked=False, pure=pure_core(core)) if compiled[core] else None
        lean = cpp = None
        ours_census = census_ours(game, args.players, args.size, args.census)
        os_census: list[tuple[int, int]] = []
        if pyspiel is not None:
            os_game = pyspiel.load_game(name, params[name])
            if not chance_is_uniform(os_game, checks):
                sys.exit(f"{name}: a chance node is not uniform: the one-arm lean loop would draw it wrongly")
            lean = openspiel_lean(os_game, name)
            cpp = openspiel_cpp(pyspiel, os_game, args.players)
            os_census = census_openspiel(os_game, name, args.census)
            print(f"{label} v {name} ({', '.join(f'{k}={v}' for k, v in params[name].items())}); "
                  f"OpenSpiel's chance nodes uniform (checked on {checks} deals): one-arm loop")
        else:
            print(f"{label} (OpenSpiel not installed: ours only)")
        contestants = [c for c in (fast, checked, lean, cpp, pure) if c is not None]
        interleave(contestants, args.seconds, args.slice)
        if cpp is not None and lean is not None:
            per_deal = lean.decisions_per_deal
            cpp.slices = [(s, round(k * per_deal), k) for s, _, k in cpp.slices]
            cpp.decisions = sum(d for _, d, _ in cpp.slices)
        print(header)
        for c in contestants:
            note = "  (deals × lean's decisions/deal)" if c is cpp else ""
            print(f"{c.name:<17} {c.per_s:>11.0f} {shown(c.rounds(), '.0f'):>32} {c.deals_per_s:>9.1f} "
                  f"{c.decisions_per_deal:>14.1f} {c.cut:>4}{note}")
        d_ours, c_ours = mean_pair(ours_census)
        line = (f"census of {args.census} untimed deals a side, a deal's mean decisions + chance steps: "
                f"ours {d_ours:.1f} + {c_ours:.1f}")
        if os_census:
            d_os, c_os = mean_pair(os_census)
            line += f", OpenSpiel {d_os:.1f} + {c_os:.1f}"
        print(line)
        steps_ours = fast.per_s * (1 + c_ours / d_ours)
        line = f"steps (decisions + chance steps) per CPU s: ours fast {steps_ours:.0f}"
        if lean is not None:
            steps_os = lean.per_s * (1 + c_os / d_os)
            line += f", OpenSpiel lean {steps_os:.0f} (ratio {steps_ours / steps_os:.2f})"
        print(line)
        if pure is not None:
            print(f"ours fast, compiled / pure {fast.per_s / pure.per_s:.2f} "
                  f"(rounds {shown(round_ratios(fast, pure), '.2f')})")
        if lean is not None and cpp is not None:
            ratios = round_ratios(fast, lean)
            low, _, _, exact = interval(ratios)
            target = TARGETS[game]
            verdict = "met" if exact and low >= target else "MISSED"
            if args.smoke:
                verdict += " (smoke run: too short to judge)"
            print(f"ours fast / OpenSpiel lean {fast.per_s / lean.per_s:.2f} (rounds {shown(ratios, '.2f')}); "
                  f"ours checked / lean {checked.per_s / lean.per_s:.2f}; ours fast / C++ {fast.per_s / cpp.per_s:.2f}")
            verdicts.append(f"  {game:<9} ours fast / OpenSpiel lean: rounds {shown(ratios, '.2f')} "
                            f"(target: low end ≥ {target:g}): {verdict}")
        print()
    if verdicts:
        print("verdicts (issue 31 item 2: decisions per CPU second, ours fast over OpenSpiel's lean loop)")
        print("\n".join(verdicts))
    else:
        print("verdicts: none (OpenSpiel not installed: nothing to compare with)")
    print(f"load average at the end {os.getloadavg()[0]:.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
