"""Random-playout throughput of our four games next to OpenSpiel's crazy_eights and oh_hell (issue 7).

Run from the project root with the venv active::

    python bench/engine_speed.py [--seconds 3] [--players 4] [--size 7] [--checked]

For each game, deals are played out from the deal to the end by choosing uniformly among the
legal actions, for about ``--seconds`` seconds of wall-clock time each, and the script prints
actions/s (decisions applied, i.e. actions of a player; dealing and OpenSpiel's chance nodes are
inside the timing but not counted as actions) and deals/s (deals dealt and played to the end).

Ours: ``variant.deal(rules, players, dealer, random.Random(i), None)``, then a Python loop that
asks ``state.moves()`` for the legal moves, picks one with ``random.Random.choice`` and applies it
with ``state.step(move)``: the fast path of the engine (issue 7, item 3), the same loop as the one
driving OpenSpiel. The fast path IS the engine, not a copy of it: ``moves()`` is what
``legal_actions()`` lists (as small ints instead of ``Action`` objects), and ``step()`` runs the
same rules code as ``apply()``, only without the legality check and without building events
(``tests/engine/test_fast_path.py`` plays both side by side and finds the same states). With
``--checked`` the script also times the public, checked path (``legal_actions()`` / ``apply()``,
which builds events for the log), for information; the verdict is on the fast path. Macao has no
fast path of its own (its ``moves()`` / ``step()`` are ``legal_actions()`` / ``apply()``).
A Peklo deal without a match is deal 1 of a match (one card each), so Peklo is dealt with
``PekloState.deal(..., number=size, ...)``: ``--size`` cards each, the same as OpenSpiel's
``oh_hell`` with ``num_tricks_fixed=size``.
OpenSpiel (``pip install open-spiel``, or the ``bench`` extra): ``crazy_eights`` and ``oh_hell``
with ``--players`` players, driven from a Python loop through ``pyspiel``.

Ratios ours/OpenSpiel (deals/s and actions/s): makao-ru and makao-pl against crazy_eights,
peklo against oh_hell. Macao (a banking game) has no OpenSpiel counterpart; its figures are shown
without a ratio. The issue's target is a ratio of at least 1.0 for the shedding and trick-taking
games; the script judges it on actions/s, since deals are not of the same length (crazy_eights
ends a deal after ``max_turns`` = 100 turns, a random makao deal runs on for hundreds of actions;
the actions/deal column shows it). Not a test: it is not part of the suite.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import sys
import time
from dataclasses import dataclass

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir))

from makao_tui.games import get_variant
from makao_tui.games.peklo import PekloState

#: a random playout still running after this many actions is abandoned and counted as cut
DEAL_ACTION_CAP = 20_000


@dataclass
class Throughput:
    """One game's figures: ``deals`` played to the end (plus ``cut`` abandoned at
    :data:`DEAL_ACTION_CAP`), ``actions`` applied, in ``seconds`` of wall-clock time."""

    name: str
    deals: int
    actions: int
    seconds: float
    cut: int = 0

    @property
    def deals_per_s(self) -> float:
        """Deals dealt and played out per second."""
        return self.deals / self.seconds

    @property
    def actions_per_s(self) -> float:
        """Player actions applied per second."""
        return self.actions / self.seconds


def ours(game: str, players: int, size: int, seconds: float, checked: bool = False) -> Throughput:
    """Random playouts of one of our games for about ``seconds`` seconds, through the fast path
    (``moves()`` / ``step()``), or with ``checked`` through ``legal_actions()`` / ``apply()``."""
    variant = get_variant(game)
    rules = variant.rules()
    choose = random.Random(f"bench/{game}").choice
    deals = actions = cut = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        rng = random.Random(deals + cut)
        dealer = (deals + cut) % players
        if game == "peklo":
            state = PekloState.deal(rules, players, dealer, size, rng)
        else:
            state = variant.deal(rules, players, dealer, rng, None)
        n = 0
        if checked:
            while not state.is_over and n < DEAL_ACTION_CAP:
                state.apply(choose(state.legal_actions()))
                n += 1
        else:
            while not state.is_over and n < DEAL_ACTION_CAP:
                state.step(choose(state.moves()))
                n += 1
        actions += n
        if state.is_over:
            deals += 1
        else:
            cut += 1
    label = f"{game} ({size} cards each)" if game == "peklo" else game
    if checked:
        label += " [checked]"
    return Throughput(label, deals, actions, time.perf_counter() - start, cut)


def openspiel(pyspiel, name: str, params: dict, seconds: float) -> Throughput:
    """Random playouts of the OpenSpiel game ``name`` with ``params`` for about ``seconds`` seconds;
    chance nodes are sampled from ``state.chance_outcomes()``."""
    game = pyspiel.load_game(name, params)
    rng = random.Random(f"bench/{name}")
    deals = actions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes(), strict=False)
                state.apply_action(rng.choices(outcomes, probs)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
                actions += 1
        deals += 1
    label = f"{name} ({', '.join(f'{k}={v}' for k, v in params.items())})"
    return Throughput(label, deals, actions, time.perf_counter() - start)


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
    """Parse the options, run every game and print the figures and the ratios."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="wall-clock seconds per game (default 3)")
    parser.add_argument("--players", type=int, default=4, help="players in every game (default 4)")
    parser.add_argument("--size", type=int, default=7, help="cards each in Peklo and oh_hell (default 7)")
    parser.add_argument("--checked", action="store_true",
                        help="also time legal_actions()/apply() (checked, with events), for information")
    args = parser.parse_args()

    print(f"machine: {machine()}")
    print(f"{args.players} players, {args.seconds:g} s per game, random legal actions, one core\n")
    rows = {game: ours(game, args.players, args.size, args.seconds)
            for game in ("makao-ru", "makao-pl", "macao", "peklo")}
    checked = [ours(game, args.players, args.size, args.seconds, checked=True)
               for game in ("makao-ru", "makao-pl", "peklo")] if args.checked else []
    try:
        import pyspiel
    except ImportError:
        pyspiel = None
        print("OpenSpiel is not installed (pip install open-spiel, or pip install -e '.[bench]'): "
              "no comparison, our figures only.\n")
    theirs = {}
    if pyspiel is not None:
        theirs["crazy_eights"] = openspiel(pyspiel, "crazy_eights", {"players": args.players}, args.seconds)
        theirs["oh_hell"] = openspiel(pyspiel, "oh_hell", {"players": args.players, "num_tricks_fixed": args.size},
                                      args.seconds)

    table = [*rows.values(), *checked, *theirs.values()]
    width = max(len(r.name) for r in table)
    print(f"{'game':<{width}}  {'deals/s':>10}  {'actions/s':>10}  {'actions/deal':>12}  cut")
    for r in table:
        print(f"{r.name:<{width}}  {r.deals_per_s:>10.1f}  {r.actions_per_s:>10.0f}  "
              f"{r.actions / max(1, r.deals + r.cut):>12.1f}  {r.cut}")
    if not theirs:
        return
    print("\nratio ours (fast path)/OpenSpiel (target: actions/s ratio at least 1.0)")
    for game, other in (("makao-ru", "crazy_eights"), ("makao-pl", "crazy_eights"), ("peklo", "oh_hell")):
        a, b = rows[game], theirs[other]
        deal_ratio, action_ratio = a.deals_per_s / b.deals_per_s, a.actions_per_s / b.actions_per_s
        verdict = "met" if action_ratio >= 1.0 else "MISSED"
        print(f"  {game:<9} vs {other:<12}  deals/s {deal_ratio:6.2f}  actions/s {action_ratio:6.2f}  target {verdict}")
    print("  macao     has no OpenSpiel counterpart: no ratio")


if __name__ == "__main__":
    main()
