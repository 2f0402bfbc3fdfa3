"""Random-playout throughput of our games next to OpenSpiel's crazy_eights and oh_hell, measured
fairly (issue 15, item 1).

Run from the project root with the venv active (OpenSpiel: ``pip install -e '.[bench]'``)::

    python bench/engine_speed.py [--seconds 4] [--slice 0.2] [--players 4] [--size 7]

What is timed, per game, each as a *contestant* that plays whole deals from the deal to the end,
choosing uniformly among the legal actions with ``random.Random.choice``:

- ``ours fast``: ``variant.deal(...)``, then ``state.step(rng.choice(state.moves()))`` until the
  deal is over: the engine's fast path (the same ``_step`` as the checked path, with no check and
  no events; ``tests/engine/test_fast_path.py`` plays both side by side).
- ``ours checked``: the same with ``state.apply(rng.choice(state.legal_actions()))``: ``Action``
  objects, the legality check and the events of the log.
- ``ours fast, pure``: when the game's rules core is compiled (the install's mypyc build,
  CONTRIBUTING.md "The compiled core": ``games.shedding_core`` for the Makaos,
  ``games.peklo_core`` for Peklo): the fast path of the same deals on the pure-Python source of
  that core, loaded beside it, for the compiled/pure ratio.
- ``OpenSpiel lean``: the leanest Python loop a user of ``pyspiel`` would write:
  ``game.new_initial_state()``, then ``state.apply_action(rng.choice(state.legal_actions()))`` at
  every node, chance nodes included where their outcomes are uniform (checked before the timing
  on 100 deals: every chance node of crazy_eights and oh_hell is uniform); only a game with a
  non-uniform chance node would pay for ``chance_outcomes()`` and a weighted pick.
- ``OpenSpiel C++``: ``pyspiel.evaluate_bots(state, bots, seed)`` with
  ``pyspiel.make_uniform_random_bot`` at every seat: the whole deal played inside C++, for
  reference (no Python loop can match it). It returns no action count, so its actions/s is its
  deals/s times the mean actions per deal of the lean loop on the same game (the same game and the
  same uniform policy give the same distribution of deal lengths).

Pairs: makao-ru and makao-pl against ``crazy_eights`` (players = ``--players``, 5 cards each, as in
both Makaos), Peklo against ``oh_hell`` (players = ``--players``, ``num_tricks_fixed`` = ``--size``;
Peklo dealt with ``PekloState.deal(..., number=size, ...)``, the same number of cards each).

Fairness: the contestants of one pair run in short alternating slices (``--slice`` CPU seconds
each, the order turned round every round) until each has had ``--seconds`` of CPU time, so load
from other processes falls on all of them alike; time is ``time.process_time()`` (CPU time of
this process), the dealing and OpenSpiel's chance nodes inside it. *actions* are player decisions
applied (chance nodes are not counted). The verdict (issue 15, item 2: ours/OpenSpiel ≥ 1.0) is on
actions/s of ``ours fast`` against ``OpenSpiel lean``; the spread of that ratio over the rounds is
printed beside it (each round's ratio from its own two slices). Deals/s of the shedding games are
not comparable: crazy_eights stops a deal at 100 turns, random Makao deals run on for hundreds.
Macao (a banking game) has no OpenSpiel counterpart and no separate fast path; it is not timed here.
Not a test: it is not part of the suite.
"""

from __future__ import annotations

import argparse
import datetime
import importlib.util
import os
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir))

from makao_tui.games import get_variant
from makao_tui.games.compiled import CORES, core_is_compiled, source_path
from makao_tui.games.peklo import PekloState

#: a random playout of ours still running after this many actions is abandoned and counted as cut
DEAL_ACTION_CAP = 20_000


@dataclass
class Contestant:
    """One loop being timed: ``play_deal()`` plays one whole deal and returns its player actions
    (or -1 for a deal cut at :data:`DEAL_ACTION_CAP`). The totals are CPU seconds, deals, actions,
    and per slice (seconds, actions) for the spread of the ratios."""

    name: str
    play_deal: Callable[[], int]
    seconds: float = 0.0
    deals: int = 0
    actions: int = 0
    cut: int = 0
    slices: list[tuple[float, int]] = field(default_factory=list)

    def run_slice(self, seconds: float) -> None:
        """Play whole deals until ``seconds`` of CPU time have passed (the last deal is finished)."""
        clock = time.process_time
        start = clock()
        end = start + seconds
        deals = actions = cut = 0
        while True:
            n = self.play_deal()
            if n < 0:
                cut += 1
                actions += DEAL_ACTION_CAP
            else:
                deals += 1
                actions += n
            if clock() >= end:
                break
        spent = clock() - start
        self.seconds += spent
        self.deals += deals
        self.actions += actions
        self.cut += cut
        self.slices.append((spent, actions))

    @property
    def actions_per_s(self) -> float:
        """Player actions applied per CPU second."""
        return self.actions / self.seconds if self.seconds else 0.0

    @property
    def deals_per_s(self) -> float:
        """Deals played to the end (or cut) per CPU second."""
        return (self.deals + self.cut) / self.seconds if self.seconds else 0.0

    @property
    def actions_per_deal(self) -> float:
        """Mean player actions a deal."""
        return self.actions / max(1, self.deals + self.cut)


def pure_core(core: str):
    """The pure-Python source of ``core`` (one of ``compiled.CORES``), loaded as a module of its
    own beside the compiled one (the same rules; its own tables)."""
    spec = importlib.util.spec_from_file_location(f"makao_tui.bench_pure_{core.replace('.', '_')}", source_path(core))
    assert spec is not None and spec.loader is not None  # a .py file has both
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def ours(game: str, players: int, size: int, checked: bool, pure=None) -> Contestant:
    """Our ``game``: random deals through the fast path, or with ``checked`` the checked path;
    ``pure``: the module of :func:`pure_core`, whose states are dealt instead."""
    variant = get_variant(game)
    rules = variant.rules()
    deal_rng = random.Random(f"bench/{game}/deal")
    choice = random.Random(f"bench/{game}/choose").choice
    count = [0]

    def new_state():
        count[0] += 1
        dealer = count[0] % players
        if game == "peklo":
            return (pure.PekloState if pure is not None else PekloState).deal(rules, players, dealer, size, deal_rng)
        if pure is not None:
            return pure.ShedState.deal(rules, players, dealer, deal_rng)
        return variant.deal(rules, players, dealer, deal_rng, None)

    def fast() -> int:
        state = new_state()
        step, moves = state.step, state.moves
        n = 0
        while not state.is_over:
            step(choice(moves()))
            n += 1
            if n >= DEAL_ACTION_CAP:
                return -1
        return n

    def slow() -> int:
        state = new_state()
        apply, legal = state.apply, state.legal_actions
        n = 0
        while not state.is_over:
            apply(choice(legal()))
            n += 1
            if n >= DEAL_ACTION_CAP:
                return -1
        return n

    return Contestant(f"ours {'checked' if checked else 'fast'}{', pure' if pure else ''}", slow if checked else fast)


def chance_is_uniform(game, deals: int = 100) -> bool:
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


def openspiel_lean(game, name: str, uniform: bool) -> Contestant:
    """The leanest Python loop over the OpenSpiel ``game`` (see the module docstring)."""
    rng = random.Random(f"bench/{name}")
    choice = rng.choice

    def uniform_deal() -> int:
        state = game.new_initial_state()
        n = 0
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(choice(state.legal_actions()))
            else:
                state.apply_action(choice(state.legal_actions()))
                n += 1
        return n

    def weighted_deal() -> int:
        state = game.new_initial_state()
        n = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, probs)[0])
            else:
                state.apply_action(choice(state.legal_actions()))
                n += 1
        return n

    return Contestant("OpenSpiel lean", uniform_deal if uniform else weighted_deal)


def openspiel_cpp(pyspiel, game, players: int) -> Contestant:
    """``pyspiel.evaluate_bots`` with uniform random bots at every seat; it counts deals only (the
    caller sets its actions from the lean loop's actions per deal, see the module docstring)."""
    bots = [pyspiel.make_uniform_random_bot(p, 1000 + p) for p in range(players)]
    seed = [0]

    def deal() -> int:
        seed[0] += 1
        pyspiel.evaluate_bots(game.new_initial_state(), bots, seed[0])
        return 0

    return Contestant("OpenSpiel C++", deal)


def interleave(contestants: list[Contestant], seconds: float, slice_s: float) -> None:
    """Give every contestant ``seconds`` of CPU time in alternating slices of ``slice_s``; the order
    is turned round each round so none always runs first."""
    rounds = max(1, round(seconds / slice_s))
    for r in range(rounds):
        order = contestants if r % 2 == 0 else contestants[::-1]
        for c in order:
            c.run_slice(slice_s)


def ratio_spread(a: Contestant, b: Contestant) -> tuple[float, float, float]:
    """Per round, the actions/s of ``a`` over that of ``b`` (their slices of the same round):
    (lowest, median, highest)."""
    ratios = [(na / sa) / (nb / sb) for (sa, na), (sb, nb) in zip(a.slices, b.slices, strict=True) if sa and sb and nb]
    return min(ratios), statistics.median(ratios), max(ratios)


def machine() -> str:
    """One line on the machine: CPU model, cores (``os.cpu_count``), Python version."""
    model = platform.processor() or "unknown CPU"
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as info:
            model = next(line.split(":", 1)[1].strip() for line in info if line.startswith("model name"))
    except (OSError, StopIteration):
        pass
    return f"{model}; {os.cpu_count()} cores; Python {platform.python_version()} ({platform.python_implementation()})"


def main() -> None:
    """Parse the options, time every pair and print the figures and the verdicts."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=4.0, help="CPU seconds per contestant (default 4)")
    parser.add_argument("--slice", type=float, default=0.2, help="CPU seconds of one slice (default 0.2)")
    parser.add_argument("--players", type=int, default=4, help="players in every game (default 4)")
    parser.add_argument("--size", type=int, default=7, help="cards each in Peklo and oh_hell (default 7)")
    parser.add_argument("--games", default="makao-ru,makao-pl,peklo", help="our games to time (comma-separated)")
    args = parser.parse_args()
    try:
        import pyspiel
    except ImportError:
        sys.exit("OpenSpiel is not installed: pip install -e '.[bench]' (or pip install open-spiel)")
    from importlib.metadata import version

    print(f"date: {datetime.datetime.now(datetime.timezone.utc):%Y-%m-%d %H:%M} UTC")
    print(f"machine: {machine()}; open-spiel {version('open-spiel')}; load average {os.getloadavg()[0]:.1f}")
    compiled = {core: core_is_compiled(core) for core in CORES}
    print("rules cores: " + ", ".join(f"{core} {'compiled (mypyc)' if done else 'pure Python'}"
                                      for core, done in compiled.items()))
    print(f"{args.players} players; {args.seconds:g} CPU s per contestant in slices of {args.slice:g} s; "
          "time.process_time; random legal actions\n")
    pairs = {"makao-ru": ("crazy_eights", {"players": args.players}),
             "makao-pl": ("crazy_eights", {"players": args.players}),
             "peklo": ("oh_hell", {"players": args.players, "num_tricks_fixed": args.size})}
    verdicts = []
    header = f"{'contestant':<16} {'actions/s':>10} {'deals/s':>9} {'actions/deal':>12} {'cut':>4}"
    for game in args.games.split(","):
        name, params = pairs[game]
        os_game = pyspiel.load_game(name, params)
        uniform = chance_is_uniform(os_game)
        fast = ours(game, args.players, args.size, checked=False)
        checked = ours(game, args.players, args.size, checked=True)
        lean = openspiel_lean(os_game, name, uniform)
        cpp = openspiel_cpp(pyspiel, os_game, args.players)
        core = "games.peklo_core" if game == "peklo" else "games.shedding_core"
        pure = ours(game, args.players, args.size, checked=False, pure=pure_core(core)) if compiled[core] else None
        interleave([fast, checked, lean, cpp, *([pure] if pure else [])], args.seconds, args.slice)
        cpp.actions = round(cpp.deals * lean.actions_per_deal)
        label = f"{game} ({args.size} cards each)" if game == "peklo" else game
        print(f"{label} v {name} ({', '.join(f'{k}={v}' for k, v in params.items())}); "
              f"OpenSpiel chance nodes {'uniform: plain pick' if uniform else 'not uniform: weighted pick'}")
        print(header)
        for c in (fast, checked, lean, cpp, *([pure] if pure else [])):
            note = "  (actions = deals × lean's actions/deal)" if c is cpp else ""
            print(f"{c.name:<16} {c.actions_per_s:>10.0f} {c.deals_per_s:>9.1f} {c.actions_per_deal:>12.1f} "
                  f"{c.cut:>4}{note}")
        low, mid, high = ratio_spread(fast, lean)
        r_fast = fast.actions_per_s / lean.actions_per_s
        r_checked = checked.actions_per_s / lean.actions_per_s
        r_cpp = fast.actions_per_s / cpp.actions_per_s
        verdict = "met" if r_fast >= 1.0 else "MISSED"
        print(f"ours fast / OpenSpiel lean {r_fast:.2f} (per round {low:.2f}–{high:.2f}, median {mid:.2f}); "
              f"ours checked / lean {r_checked:.2f}; ours fast / C++ {r_cpp:.2f}")
        if pure:
            low, mid, high = ratio_spread(fast, pure)
            print(f"ours fast compiled / pure {fast.actions_per_s / pure.actions_per_s:.2f} (per round "
                  f"{low:.2f}–{high:.2f}, median {mid:.2f}); pure / OpenSpiel lean "
                  f"{pure.actions_per_s / lean.actions_per_s:.2f}")
        print()
        verdicts.append(f"  {game:<9} ours fast / OpenSpiel lean loop = {r_fast:.2f} (target ≥ 1.0): {verdict}")
    print("verdicts (issue 15: ours on the fast path at least as fast as OpenSpiel's lean Python loop)")
    print("\n".join(verdicts))
    print(f"load average at the end {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
