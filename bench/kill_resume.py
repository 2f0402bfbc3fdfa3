"""Kill -9 and resume (issue 12): no action a process said it saved is lost, and a resumed match
plays on exactly as the unbroken one.

Each run plays one match of a game (the four games in turn) between AI seats of every level (the
hard one with a playout cap, so its choices do not depend on the clock) at the table service
(:class:`makao_tui.table.Table`), in a child process that stores every action in a saved-games
file of its own and prints ``saved N`` each time its writer reports the first N actions written.
The parent kills the child with SIGKILL, opens the file, resumes the match in a new child
(``Store.resume`` and ``Table.resume``, as ``makao resume`` does), kills that one too, and so on
``--kills`` times; the last child plays on until ``--limit`` actions (or the match's end). After
every kill and at the end it reads the file and counts

- *lost actions*: actions the dead child reported saved that the file does not hold, and
- *divergences*: runs whose stored actions differ from those of the same match (same game, seats,
  seed) played without a break in this process, at the first difference.

The moment of each kill is random: ``--deterministic`` instead makes the child wait once it has
stored a given number of actions (drawn from the run's seed) and kills it then, so that a run
depends on no clock (the test suite runs four such runs: ``tests/store/test_kill_resume.py``).

    python bench/kill_resume.py [--runs 50] [--kills 2] [--limit 400] [--seed 1] [--deterministic] [--json]

Exit status 0 when no action was lost and no run diverged, 1 otherwise.
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import queue
import random
import signal
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from makao_tui.ai import LEVELS, Thinking
from makao_tui.engine.actions import action_to_json
from makao_tui.games import get_variant
from makao_tui.store import Seat, open_store
from makao_tui.table import SeatSpec, Table

GAMES = ("makao-ru", "makao-pl", "macao", "peklo")
#: options and seat count of a short match of each game (as tests/store/util.py)
SHORT: dict[str, tuple[dict[str, Any], int]] = {
    "makao-ru": ({"loss_limit": 200}, 3), "makao-pl": ({"deals": 1}, 3), "macao": ({}, 2), "peklo": ({}, 7)}
#: the hard AI's budget: a playout cap, no clock
THINKING = Thinking(seconds=None, playouts=6)
#: how long the parent waits for a child's next line before it calls the child hung (seconds)
HANG_S = 120.0


class Enough(Exception):
    """The match reached the action limit of this process."""


class Reporting:
    """The table's writer: stores through a real MatchWriter (``writer``; None: keeps the actions
    in ``actions`` instead, as a table that stores its match lets them go), prints ``saved N``
    once the writer says the first N actions are in the file, and stops the table at ``limit``
    actions. With ``pause_at``, it prints ``paused N`` after the save of that many actions and
    waits there to be killed."""

    def __init__(self, writer: Any, limit: int, pause_at: int | None = None) -> None:
        self.writer = writer
        self.limit = limit
        self.pause_at = pause_at
        self.actions: list[Any] = []

    def save(self, match: Any, played: float | None = None) -> Any:
        if self.writer is None:
            self.actions += match.actions_since(len(self.actions))
        status = self.writer.save(match, played) if self.writer is not None else None
        if status is not None and status.state == "saved":
            print(f"saved {match.action_count}", flush=True)
        if match.action_count == self.pause_at:
            print(f"paused {match.action_count}", flush=True)
            while True:
                time.sleep(60)
        if match.action_count >= self.limit:
            raise Enough
        return status

    def let_go_of_saved_actions(self) -> None:
        self.writer.let_go_of_saved_actions()

    def close(self, wait: float | None = None) -> None:
        if self.writer is not None:
            self.writer.close(wait)


def seat_specs(game: str) -> list[SeatSpec]:
    """The AI seats of a run of ``game``: levels easy, normal, hard in turn."""
    levels = itertools.cycle(LEVELS)
    return [SeatSpec(f"P{i}", True, next(levels)) for i in range(SHORT[game][1])]


def play(table: Table) -> None:
    """Let the AI seats play until the match ends or the writer stops it (:class:`Enough`)."""
    seat = table.join(0, lambda _update: None)
    try:
        table.start()
        while not table.match_over:
            if not table.match.awaiting_next_deal:
                raise RuntimeError("an all-AI table stopped in the middle of a deal")
            refusal = seat.next_deal(table.seq)
            if refusal is not None:
                raise RuntimeError(refusal.reason)
    except Enough:
        pass


def unbroken(game: str, seed: int, limit: int) -> list[Any]:
    """The actions (JSON, with their seats) of the match played without a break, up to ``limit``."""
    variant = get_variant(game)
    rules = variant.rules(SHORT[game][0])
    kept = Reporting(None, limit)
    table = Table(variant, rules, seat_specs(game), seed, thinking=THINKING, writer=kept)
    play(table)
    return [[s, action_to_json(a)] for s, a in kept.actions]


def child(db: str, game: str, seed: int, limit: int, match_id: int | None, pause_at: int | None) -> None:
    """A child process: start (or resume ``match_id``) and play, storing every action in ``db``
    (see :class:`Reporting` for ``limit`` and ``pause_at``)."""
    signal.signal(signal.SIGHUP, signal.SIG_DFL)
    store = open_store(db)
    variant = get_variant(game)
    if match_id is None:
        rules = variant.rules(SHORT[game][0])
        specs = seat_specs(game)
        writer = store.start_match(variant, rules, [Seat(s.name, s.is_ai, s.level) for s in specs], seed)
        table = Table(variant, rules, specs, seed, thinking=THINKING)
        table.writer = Reporting(writer, limit, pause_at)
    else:
        writer = store.resume(match_id)
        table = Table.resume(writer.saved, writer=Reporting(writer, limit, pause_at), thinking=THINKING)
    print(f"match {writer.id} {table.match.action_count}", flush=True)
    play(table)
    table.close()
    store.close()
    print("done", flush=True)


@dataclass
class Run:
    """What one run found."""

    run: int
    game: str
    seed: int
    kills: int = 0
    kill_points: list[int] = field(default_factory=list)  # actions stored when each kill landed
    reported: int = 0  # the most actions a child reported saved
    lost: int = 0
    diverged_at: int | None = None  # the first action that differs from the unbroken match
    actions: int = 0  # actions stored at the end
    seconds: float = 0.0


class Child:
    """A child process and the lines it prints (read by a thread)."""

    def __init__(self, db: Path, game: str, seed: int, limit: int, match_id: int | None,
                 pause_at: int | None) -> None:
        args = [sys.executable, __file__, "child", str(db), game, str(seed), str(limit),
                str(match_id or 0), str(pause_at or 0)]
        self.proc = subprocess.Popen(args, stdout=subprocess.PIPE, text=True)
        self.lines: queue.Queue[str | None] = queue.Queue()
        self.saved = 0
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.proc.stdout is not None  # opened with stdout=PIPE
        for line in self.proc.stdout:
            self.lines.put(line.strip())
        self.lines.put(None)

    def next(self, timeout: float = HANG_S) -> str | None:
        """The child's next line (None once it has ended); raises queue.Empty if it hangs."""
        line = self.lines.get(timeout=timeout)
        if line is not None and line.startswith("saved "):
            self.saved = max(self.saved, int(line.split()[1]))
        return line

    def drain(self) -> None:
        """Read what is left after the child ended."""
        while self.next() is not None:
            pass

    def kill(self) -> None:
        with_signal = self.proc.poll() is None
        if with_signal:
            os.kill(self.proc.pid, signal.SIGKILL)
        self.proc.wait(timeout=HANG_S)
        self.drain()


def one_run(index: int, folder: Path, base_seed: int, kills: int, limit: int, deterministic: bool) -> Run:
    """Play, kill and resume one match; see the module docstring."""
    game = GAMES[index % len(GAMES)]
    rng = random.Random(f"{base_seed}/{index}")
    seed = rng.randrange(2**31)
    run = Run(index, game, seed)
    started = time.monotonic()
    expected = unbroken(game, seed, limit)
    db = folder / f"run{index}.sqlite3"
    match_id: int | None = None
    stored: list[Any] = []
    for attempt in range(kills + 1):
        if match_id is not None and len(stored) >= len(expected):
            break  # the match (or the limit) was reached before the kill landed
        pause_at = None
        if deterministic and attempt < kills:
            pause_at = rng.randrange(len(stored) + 1, max(len(stored) + 2, len(expected)))
        proc = Child(db, game, seed, limit, match_id, pause_at)
        first = proc.next()
        if first is None or not first.startswith("match "):
            raise RuntimeError(f"run {index}: the child did not start a match ({first!r})")
        match_id = int(first.split()[1])
        if attempt < kills:
            if pause_at is not None:
                while (line := proc.next()) is not None and not line.startswith("paused "):
                    pass
            else:
                time.sleep(rng.uniform(0.0, 0.6))
            proc.kill()
            run.kills += 1
        else:
            proc.drain()
            if proc.proc.wait(timeout=HANG_S) != 0:
                raise RuntimeError(f"run {index}: the last child failed (exit {proc.proc.returncode})")
        with open_store(db) as store:
            stored = [[s, action_to_json(a)] for s, a in store.load(match_id).actions]
        if attempt < kills:
            run.kill_points.append(len(stored))
        run.reported = max(run.reported, proc.saved)
        run.lost += max(0, proc.saved - len(stored))
        if run.diverged_at is None and stored != expected[:len(stored)]:
            run.diverged_at = next((i for i, (a, b) in enumerate(zip(stored, expected, strict=False)) if a != b),
                                   min(len(stored), len(expected)))
    if run.diverged_at is None and stored != expected:
        run.diverged_at = min(len(stored), len(expected))  # the resumed match stopped short
    run.actions = len(stored)
    run.seconds = time.monotonic() - started
    return run


def main(argv: list[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if args and args[0] == "child":
        db, game, seed, limit, match_id, pause_at = args[1:]
        child(db, game, int(seed), int(limit), int(match_id) or None, int(pause_at) or None)
        return 0
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=50)
    parser.add_argument("--kills", type=int, default=2, help="kills per run (each followed by a resume)")
    parser.add_argument("--limit", type=int, default=400, help="actions a run plays at most")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--deterministic", action="store_true",
                        help="kill once the child stored a number of actions drawn from the seed "
                             "(it waits there), not at a random moment")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--folder", type=Path, help="where the saved-games files go (default: a temporary folder)")
    options = parser.parse_args(args)
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="makao-kill-") as tmp:
        folder = options.folder or Path(tmp)
        runs = []
        for index in range(options.runs):
            runs.append(one_run(index, folder, options.seed, options.kills, options.limit, options.deterministic))
            if not options.json:
                r = runs[-1]
                print(f"run {r.run:3} {r.game:9} kills at {r.kill_points} of {r.actions} actions: "
                      f"lost {r.lost}, {'diverged at ' + str(r.diverged_at) if r.diverged_at is not None else 'same'}"
                      f" ({r.seconds:.1f} s)", flush=True)
    summary = {"runs": len(runs), "kills": sum(r.kills for r in runs), "lost": sum(r.lost for r in runs),
               "divergences": sum(r.diverged_at is not None for r in runs),
               "actions": sum(r.actions for r in runs), "seconds": round(time.monotonic() - started, 1),
               "deterministic": options.deterministic}
    if options.json:
        print(json.dumps({**summary, "each": [asdict(r) for r in runs]}))
    else:
        print(json.dumps(summary))
    return 0 if summary["lost"] == 0 and summary["divergences"] == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
