"""Key-to-screen cost at the table with a short log and with a long one (issue 13, item 2).

Run from the project root with the venv active::

    python bench/table_latency.py [--entries 10000] [--keys 40] [--rounds 8]

Two copies of the app run side by side, each in its own process, headless at 120×40 through
Textual's Pilot: a Polish Makao match of Ann against one AI (100 deals), both at Ann's first move
of a deal with a full hand of five cards, one with a log of one entry (a new match: the deal's
opening) and one with ``--entries`` entries (the same kind of match played on by the computer for
both seats, each action saved as at any table, until its log is that long and a deal starts
with Ann to play, as in the new match). Each round, one process and then the
other is asked to press ``→`` ``--keys`` times (choosing the next card: the table is redrawn, the
log is not changed), each press followed by ``Pilot.pause`` (the key handled and the screen
refreshed); the process measures its own CPU time (``time.process_time``) over the presses. The
two sides are interleaved round by round and do the same work; the figure is the median over the
rounds of the CPU milliseconds a key, and the target is long/short ≤ 1.2.

Memory (issue 31 item 3): each side prints its resident memory (``VmRSS`` of ``/proc/self/status``)
once its table is drawn and again after the last round, and a third process, a bare Textual app
(an ``App`` with one ``Static``) run headless the same way at the same size, prints its own.
Targets: the long side within 5 % of the short one (memory flat in the match's length; run
``--entries 30000`` for the issue's 30k entries) and either side at most 1.6 × the bare app. The
sides hold the match as a player's app at a table on this box does (the table service in the
app's process, saving to a saved-games file in a temporary data folder, its AI moves in a worker
process that is not counted here). Not a test: it is not part of the suite.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import platform
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def rss_mib() -> float:
    """This process's resident memory now, in MiB (``VmRSS``)."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise KeyError("VmRSS")


async def serve_bare() -> None:
    """The bare side of the memory figure: a Textual app of one ``Static``, headless at 120×40,
    printing its resident memory once drawn."""
    from textual.app import App
    from textual.widgets import Static

    class Bare(App):
        def compose(self):
            yield Static("bare app ready")

    async with Bare().run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        print(f"ready 0 {rss_mib():.1f}", flush=True)


#: the filling's actions between two updates to the seats (at a table, one update an action; the
#: clients then hold what they keep of a log that came in small parts, not one update of 30k
#: entries)
PUBLISH_EVERY = 50


def fill(app, entries: int) -> None:
    """Play the match on with the normal AI for every seat, saved, until the log holds at least
    ``entries`` entries and a deal starts as the first one did: Ann (seat 0) to make the deal's
    first move, with a full hand of the same size and a card she may play (so that both sides
    draw the same amount: a hand of as many cards, a deal of as few entries)."""
    from makao_tui.ai import ai_for
    from makao_tui.engine.actions import Play

    table = app.table  # the in-process table service: the match is played on inside it (and saved)
    # the screen is not drawn while the match is played on (this loop holds the app's event loop:
    # the redraws of 600 updates would wait in its queues, which a table never does), and then once
    seating = app.seating
    on_change, seating.on_change = seating.on_change, None
    first_hand = len(table.match.state.view(0).hand)
    player = ai_for(table.variant.id, "normal", table.rules)
    rng = random.Random(1)
    while True:
        match = table.match
        if match.awaiting_next_deal:
            table._start_next_deal()
            continue
        seat = match.state.to_act
        view = match.state.view(seat)
        if (seat == 0 and table.log_end >= entries and not match.current.actions
                and len(view.hand) == first_hand and any(isinstance(a, Play) for a in view.legal)):
            seating.on_change = on_change
            table._publish()
            return
        table._apply(player.choose(view, rng))
        if table.log_end % PUBLISH_EVERY == 0:
            table._publish()  # the seats' updates, a few entries each, as at a table


async def serve(entries: int) -> None:
    """The child: an app at Ann's turn with a log of at least ``entries`` entries; then, for each
    line ``N`` read from standard input, press → N times and print the CPU seconds they took."""
    from makao_tui.app.main import MakaoApp
    from makao_tui.games import get_variant
    from makao_tui.table import SeatSpec

    pl = get_variant("makao-pl")
    app = MakaoApp(variant=pl, rules=pl.rules({"deals": 100}), seats=[SeatSpec("Ann", False), SeatSpec("", True)],
                   seed=7, ai_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        table = app.screen
        if entries:
            fill(app, entries)
            table.on_turn_change()
            table.refresh_table()
        await pilot.pause()
        assert app.screen is table and app.seating.to_act == 0, app.screen
        print(f"ready {app.seating.log_start + len(app.seating.log)} {rss_mib():.1f}", flush=True)
        loop = asyncio.get_running_loop()
        while True:
            line = await loop.run_in_executor(None, sys.stdin.readline)
            if not line.strip():
                print(f"{rss_mib():.1f}", flush=True)
                break
            keys = int(line)
            start = time.process_time()
            for _ in range(keys):
                await pilot.press("right")
                await pilot.pause()
            print(f"{time.process_time() - start}", flush=True)
            assert app.screen is table


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--entries", type=int, default=10_000, help="log entries of the long side")
    parser.add_argument("--keys", type=int, default=40, help="key presses per side and round")
    parser.add_argument("--rounds", type=int, default=8, help="rounds, each side once a round")
    parser.add_argument("--serve", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve is not None:
        asyncio.run(serve(args.serve) if args.serve >= 0 else serve_bare())
        return

    data = tempfile.mkdtemp(prefix="makao-latency-")
    env = dict(os.environ, MAKAO_DATA_DIR=data)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    sides = {}
    for name, entries in (("short", 0), ("long", args.entries)):
        sides[name] = subprocess.Popen([sys.executable, __file__, "--serve", str(entries)], stdin=subprocess.PIPE,
                                       stdout=subprocess.PIPE, text=True, env=env, cwd=ROOT)
    logs = {}
    rss: dict[str, list[float]] = {}
    for name, proc in sides.items():
        ready = proc.stdout.readline().split()
        if not ready or ready[0] != "ready":
            raise SystemExit(f"the {name} side did not start")
        logs[name] = int(ready[1])
        rss[name] = [float(ready[2])]
    per_key: dict[str, list[float]] = {name: [] for name in sides}
    try:
        for _ in range(args.rounds):
            for name, proc in sides.items():
                proc.stdin.write(f"{args.keys}\n")
                proc.stdin.flush()
                per_key[name].append(float(proc.stdout.readline()) / args.keys * 1000)
    finally:
        for name, proc in sides.items():
            proc.stdin.close()
            end = proc.stdout.readline().strip()
            if end:
                rss[name].append(float(end))
            proc.wait(timeout=60)
    bare = subprocess.run([sys.executable, __file__, "--serve", "-1"], capture_output=True, text=True, env=env,
                          cwd=ROOT, check=True).stdout.split()
    bare_mib = float(bare[2])

    load = os.getloadavg()
    short, long_ = statistics.median(per_key["short"]), statistics.median(per_key["long"])
    print(f"Python {platform.python_version()}, {os.cpu_count()} CPUs, load average {load[0]:.2f} {load[1]:.2f} "
          f"{load[2]:.2f}; {args.rounds} rounds of {args.keys} keys a side, interleaved; 120x40, headless")
    print(f"{'log entries':>12}  {'CPU ms a key (median)':>22}  rounds")
    for name, entries in (("short", logs["short"]), ("long", logs["long"])):
        rounds = " ".join(f"{v:.1f}" for v in per_key[name])
        print(f"{entries:>12}  {statistics.median(per_key[name]):>22.2f}  {rounds}")
    ratio = long_ / short
    print(f"ratio long/short {ratio:.2f} (target: at most 1.20): {'met' if ratio <= 1.2 else 'MISSED'}")
    print(f"resident memory (MiB), drawn / after the rounds: short {' / '.join(f'{v:.1f}' for v in rss['short'])}, "
          f"long {' / '.join(f'{v:.1f}' for v in rss['long'])}; a bare Textual app {bare_mib:.1f}")
    flat = max(rss["long"]) / max(rss["short"])
    worst = max(max(rss["short"]), max(rss["long"])) / bare_mib
    print(f"memory long/short {flat:.2f} (target: at most 1.05): {'met' if flat <= 1.05 else 'MISSED'}; "
          f"largest / bare app {worst:.2f} (target: at most 1.6): {'met' if worst <= 1.6 else 'MISSED'}")


if __name__ == "__main__":
    main()
