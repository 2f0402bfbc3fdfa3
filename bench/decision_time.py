"""How long the hard AI takes over one decision, against its budget, in every game (issue 15).

Run from the project root with the venv active (on a shared machine, with ``nice``)::

    python bench/decision_time.py [--think 1.0] [--decisions 40] [--games makao-ru,makao-pl,...]
                                  [--worker]

For each game the hard AI sits in seat 0 against normal seats (two-player Makao deals, the
makao-pl house preset as ``makao-pl-house``; four-player Peklo deals of 7 and of 13 cards, the
whole pack), and deals are played until ``--decisions`` of its decisions with more than one legal
action have been timed (a lone legal action is answered without a search). Each decision is timed
twice: on the wall clock (``time.monotonic``: what a player at the table waits) and on the CPU time
of the process that thinks (``time.process_time``; with ``--worker``, the worker's from
``/proc``, in 10 ms steps). The
target: the longest decision at most 1.05 × the budget, on both clocks.

``--worker`` sends every decision through the table's path instead: :class:`~makao_tui.table.
worker.AIWorker` (the AI's own process, the view and the player pickled there and back) with the
moment it was asked for (``decide(..., start)``), and times it in this process from the call to
the answer, as the table's AI seat does; the worker is started (and that timed) before the first
decision. Macao's hard level is exact (no search, no budget) and
is not timed. Not a test: it is not part of the suite.
"""

from __future__ import annotations

import argparse
import asyncio
import datetime
import os
import random
import sys
import time
from dataclasses import dataclass, field

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir))

from engine_speed import machine

from makao_tui.ai import Thinking, ai_for, decide
from makao_tui.games import get_variant
from makao_tui.games.peklo import PekloState

#: game label -> (variant id, players, preset or Peklo deal number)
GAMES = {
    "makao-ru": ("makao-ru", 2, None),
    "makao-pl": ("makao-pl", 2, None),
    "makao-pl-house": ("makao-pl", 2, "house"),
    "peklo-7": ("peklo", 4, 7),
    "peklo-13": ("peklo", 4, 13),
}


@dataclass
class Times:
    """The timed decisions of one game: wall and CPU seconds each."""

    wall: list[float] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)

    def line(self, budget: float) -> str:
        """Mean and max on both clocks, and the verdict."""
        limit = 1.05 * budget
        ok = max(self.wall) <= limit and max(self.cpu) <= limit
        mean_w, mean_c = sum(self.wall) / len(self.wall), sum(self.cpu) / len(self.cpu)
        return (f"{len(self.wall):>5} {mean_w:>9.3f} {max(self.wall):>9.3f} {mean_c:>9.3f} {max(self.cpu):>9.3f}  "
                f"{max(self.wall) / budget:>5.3f}  {'met' if ok else 'MISSED'}")


def worker_cpu(worker) -> float:
    """CPU seconds (user + system) the AI worker's process has used so far, from ``/proc`` (in
    clock ticks: 10 ms steps); 0.0 before it has started."""
    proc = getattr(worker._pool, "_proc", None)
    if proc is None:
        return 0.0
    with open(f"/proc/{proc.pid}/stat", encoding="ascii") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def new_deal(label: str, i: int, seed: int):
    """Deal ``i`` of the game ``label`` and its rules."""
    vid, players, extra = GAMES[label]
    variant = get_variant(vid)
    deal_rng = random.Random(f"{seed}/{label}/deal/{i}")
    if vid == "peklo":
        rules = variant.rules()
        return rules, PekloState.deal(rules, players, i % players, extra, deal_rng)
    rules = variant.rules(dict(variant.presets[extra]) if extra else {})
    return rules, variant.deal(rules, players, i % players, deal_rng, None)


async def time_game(label: str, thinking: Thinking, decisions: int, seed: int, worker) -> Times:
    """Play deals of ``label`` until ``decisions`` of the hard seat's decisions with a choice are
    timed (directly, or through ``worker``, an AIWorker)."""
    vid, players, _ = GAMES[label]
    times = Times()
    i = 0
    while len(times.wall) < decisions:
        rules, state = new_deal(label, i, seed)
        hard = ai_for(vid, "hard", rules, thinking)
        others = {s: ai_for(vid, "normal", rules, thinking) for s in range(1, players)}
        rngs = [random.Random(f"{seed}/{label}/{i}/{s}") for s in range(players)]
        moves = 0
        while not state.is_over and len(times.wall) < decisions and moves < 3000:
            seat = state.to_act
            view = state.view(seat)
            if seat != 0:
                state.apply(others[seat].choose(view, rngs[seat]))
            elif len(view.legal) == 1:
                state.apply(view.legal[0])
            elif worker is None:
                start, cpu = time.monotonic(), time.process_time()
                action = hard.choose(view, rngs[0])
                times.cpu.append(time.process_time() - cpu)
                times.wall.append(time.monotonic() - start)
                state.apply(action)
            else:
                cpu = worker_cpu(worker)
                start = time.monotonic()
                action, rng_state = await worker.run(decide, hard, view, rngs[0], start)
                times.wall.append(time.monotonic() - start)
                times.cpu.append(worker_cpu(worker) - cpu)
                rngs[0].setstate(rng_state)
                state.apply(action)
            moves += 1
        i += 1
    return times


async def main_async(args) -> None:
    thinking = Thinking(seconds=args.think)
    worker = None
    if args.worker:
        from makao_tui.table.worker import AIWorker

        worker = AIWorker()
    print(f"date: {datetime.datetime.now(datetime.timezone.utc):%Y-%m-%d %H:%M} UTC")
    print(f"machine: {machine()}; load average {os.getloadavg()[0]:.1f}; nice {os.nice(0)}")
    print(f"hard budget {args.think:g} s a decision; {args.decisions} decisions with a choice a game; "
          f"{'through the AI worker process, timed by the caller' if worker else 'in this process'}\n")
    print(f"{'game':<15} {'n':>5} {'wall mean':>9} {'wall max':>9} {'cpu mean':>9} {'cpu max':>9}  "
          f"{'max/b':>5}  target ≤ 1.05 × budget")
    try:
        if worker is not None:
            # the worker's start (a new Python process importing the AI) is timed apart: a table
            # starts it once, before its first AI turn when it can (the app, after its first frame)
            started = time.monotonic()
            await worker.run(os.getpid)
            print(f"{'worker start':<15} {time.monotonic() - started:>15.3f} s (once a table)")
        for label in args.games.split(","):
            times = await time_game(label, thinking, args.decisions, args.seed, worker)
            print(f"{label:<15} {times.line(args.think)}", flush=True)
    finally:
        if worker is not None:
            worker.close()
    print(f"load average at the end {os.getloadavg()[0]:.1f}")


def main() -> None:
    """Parse the options and time every game asked."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--think", type=float, default=1.0, help="hard level: seconds a decision (default 1)")
    parser.add_argument("--decisions", type=int, default=40, help="decisions with a choice to time a game")
    parser.add_argument("--games", default=",".join(GAMES), help=f"comma-separated, of {', '.join(GAMES)}")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--worker", action="store_true", help="decide in the AI worker process, as a table does")
    args = parser.parse_args()
    asyncio.run(main_async(args))


if __name__ == "__main__":
    main()
