"""Flat store costs (issue 13 item 2): a save at the 10,000th action against a save at the first,
and opening a large saved-games file against a small one.

Both sides of each comparison do the same work, are measured the same way (CPU time of this
process, ``time.process_time``, which includes SQLite's work), in the same run and interleaved
sample by sample, so that a change of machine load hits both alike.

- *Save*: one file holds a makao-pl match of more than 10,000 stored actions (4 AI seats, 100
  deals). Each sample times, in turn, the save of the first action of a new match (started, not
  timed) and the save of the long match's next action. Same file, one action each, the same rows
  written (the action, the match's row, the writer's heartbeat).
- *Open*: a small file (one short match) and a large one (the same schema with ``--matches`` long
  matches of 10,000 actions written straight into it: 21.6 MB with the default 40, as measured on
  2026-12-06; the run prints its size). Each sample opens and closes one, then the other, cleanly
  (no unclean shutdown: the header and schema are checked, not the pages).
  The full check (``makao saves --check``) of each is timed once, for contrast.

Targets: save ratio (10,000th / first, medians) and open ratio (large / small, medians) at most 1.2.

    python bench/store_costs.py [--samples 400] [--matches 40]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from makao_tui.ai import ai_for, decision_rng
from makao_tui.engine.actions import action_to_json
from makao_tui.engine.match import Match
from makao_tui.games import get_variant
from makao_tui.store import Seat, Store, open_store

TARGET = 1.2
LONG = 10_000


def ai_step(match: Match) -> None:
    """One action by the normal AI for the seat to act (the next deal started if needed)."""
    if match.awaiting_next_deal:
        match.next_deal()
    seat = match.state.to_act
    action = ai_for(match.variant.id).choose(match.state.view(seat), decision_rng(match.seed, seat, match.action_count))
    match.apply(action)


def cpu(call) -> float:
    start = time.process_time()
    call()
    return time.process_time() - start


def long_match(store: Store, seed: int, samples: int):
    """A makao-pl match with LONG actions stored (and room for ``samples`` more), and its writer."""
    variant = get_variant("makao-pl")
    rules = variant.rules({"deals": 100})
    seats = [Seat(f"P{i}", True) for i in range(4)]
    while True:
        match = Match(variant, rules, [s.name for s in seats], seed)
        while not match.is_over and match.action_count < LONG + samples:
            ai_step(match)
        if match.action_count >= LONG + samples:
            break
        seed += 1
    replay = Match(variant, rules, [s.name for s in seats], seed)
    writer = store.start_match(variant, rules, seats, seed)
    for seat, action in match.all_actions()[:LONG]:
        if replay.awaiting_next_deal:
            replay.next_deal()
        assert replay.state.to_act == seat
        replay.apply(action)
        if replay.action_count % 500 == 0 or replay.action_count == LONG:
            writer.save(replay)
    return replay, writer


def bench_saves(folder: Path, samples: int) -> dict:
    with open_store(folder / "saves.sqlite3") as store:
        long, long_writer = long_match(store, 1, samples)
        variant, rules = get_variant("makao-pl"), get_variant("makao-pl").rules({"deals": 100})
        seats = [Seat(f"P{i}", True) for i in range(4)]
        first, tenth = [], []
        for i in range(samples):
            fresh = Match(variant, rules, [s.name for s in seats], 1000 + i)
            writer = store.start_match(variant, rules, seats, 1000 + i)
            ai_step(fresh)
            ai_step(long)
            pair = [lambda w=writer, m=fresh: w.save(m), lambda: long_writer.save(long)]
            if i % 2:  # alternate which side goes first
                tenth.append(cpu(pair[1]))
                first.append(cpu(pair[0]))
            else:
                first.append(cpu(pair[0]))
                tenth.append(cpu(pair[1]))
            writer.close()
        at = long.action_count
        long_writer.close()
    return {"first": first, "tenth": tenth, "long_actions_at_end": at}


def large_file(path: Path, matches: int) -> None:
    """``matches`` long makao-pl matches written straight into a new store (realistic rows)."""
    variant = get_variant("makao-pl")
    rules = variant.rules({"deals": 100})
    seats = [Seat(f"P{i}", True) for i in range(4)]
    match = Match(variant, rules, [s.name for s in seats], 5)
    while not match.is_over and match.action_count < LONG:
        ai_step(match)
    rows = [json.dumps(action_to_json(a)) for _, a in match.all_actions()]
    with open_store(path) as store:
        for _ in range(matches):
            writer = store.start_match(variant, rules, seats, 5)
            writer.close()
            with store._write() as conn:
                conn.executemany("INSERT INTO actions (match_id, idx, seat, action) VALUES (?, ?, ?, ?)",
                                 [(writer.id, i, seat, rows[i]) for i, (seat, _) in enumerate(match.all_actions())])


def bench_opens(folder: Path, samples: int, matches: int) -> dict:
    small, large = folder / "small.sqlite3", folder / "large.sqlite3"
    with open_store(small) as store:
        variant = get_variant("macao")
        with store.start_match(variant, variant.rules({}), [Seat("Ann", False), Seat("Bot", True)], 1) as writer:
            match = Match(variant, variant.rules({}), ["Ann", "Bot"], 1)
            for _ in range(10):
                ai_step(match)
                writer.save(match)
    large_file(large, matches)
    times: dict[str, list[float]] = {"small": [], "large": []}
    order = ["small", "large"]
    for i in range(samples):
        for name in (order if i % 2 == 0 else order[::-1]):
            path = small if name == "small" else large
            times[name].append(cpu(lambda p=path: Store(p).close()))
    checks = {}
    for name, path in (("small", small), ("large", large)):
        with Store(path) as store:
            checks[name] = cpu(store.check)
    sizes = {name: (small if name == "small" else large).stat().st_size for name in order}
    return {**times, "check": checks, "sizes": sizes}


def summary(label: str, a: list[float], b: list[float], a_name: str, b_name: str) -> tuple[str, float]:
    ma, mb = statistics.median(a), statistics.median(b)
    ratio = mb / ma
    verdict = "met" if ratio <= TARGET else "MISSED"
    line = (f"{label}: {a_name} median {ma * 1e6:.0f} µs (mean {statistics.fmean(a) * 1e6:.0f}), "
            f"{b_name} median {mb * 1e6:.0f} µs (mean {statistics.fmean(b) * 1e6:.0f}); "
            f"ratio {ratio:.2f} (target ≤ {TARGET}: {verdict})")
    return line, ratio


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--samples", type=int, default=400)
    parser.add_argument("--matches", type=int, default=40, help="long matches in the large file")
    args = parser.parse_args()
    random.seed(0)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        saves = bench_saves(folder, args.samples)
        opens = bench_opens(folder, args.samples, args.matches)
    line, _ = summary("save", saves["first"], saves["tenth"], "action 1", f"action {LONG}+")
    print(line)
    print(f"  ({args.samples} samples each, interleaved; the long match had {saves['long_actions_at_end']} "
          f"actions at the end)")
    line, _ = summary("open", opens["small"], opens["large"],
                      f"small file ({opens['sizes']['small'] / 1e6:.2f} MB)",
                      f"large file ({opens['sizes']['large'] / 1e6:.1f} MB)")
    print(line)
    print(f"  full check (makao saves --check), once each: small {opens['check']['small'] * 1e3:.1f} ms, "
          f"large {opens['check']['large'] * 1e3:.0f} ms")


if __name__ == "__main__":
    main()
