"""A box that holds many tables (issue 31 item 5): ``--tables`` shared tables at once, each with two
players and an AI seat, on Unix sockets only, bounded in count and in time.

    python bench/box_load.py [--tables 20] [--seconds 60] [--think 0.5] [--ai-delay 0.6] [--game makao-ru]

Each table is a real table server started as ``makao host`` starts it (``net.daemon.spawn``: a
detached ``python -m makao_tui.net.daemon`` on a Unix socket in a temporary tables folder, every
action stored in a temporary saved-games file, its AI in a worker process of its own), with seats
open, open and ``ai`` (normal). Two clients sit at each (2 × ``--tables`` clients, all in this
process, one ``selectors`` loop over their sockets). A client whose turn it is chooses its move
with the normal AI (before the clock starts), waits ``--think`` seconds as a player would, and
sends it; the clock stops when the *other* player at that table receives the update that shows
it (an update of a later sequence number): one player's wait to see the other's move. Between
deals both players ask for the next deal. The AI seats play in their servers after the server's
``--ai-delay`` pause (the app's normal pace is 0.6 s).

The run stops after ``--seconds`` of play (at most 600) or when every match has ended. Then, with
the servers still up, it reads from /proc each server's and each AI worker's resident memory
(``VmRSS``) and proportional share (``Pss``, shared pages counted in part: what a process adds to
the box) and the servers' CPU time since play began (``/proc/PID/task/*/schedstat``); the moves
are the actions the servers stored in that time (read from the saved-games file after they
close). Reported: memory per table server and per worker (RSS median and largest; PSS and USS,
``Private_Clean`` + ``Private_Dirty``, what the process alone holds, medians), the total of all
of them, server CPU per move, the round trip's p50 / p99 / worst, and the machine's load.

For scale it reads this interpreter the same way with nothing imported and with asyncio
imported (the table server runs on asyncio): the floor under a server and a worker.

Targets (issue 31 item 5), on RSS (the resident set, shared library pages counted whole, as
``ps`` and ``top`` show it): a table server ≤ 15 MiB, its AI worker ≤ 15 MiB; p99 ≤ 100 ms
at load average 2 on two cores (the load is printed: on a busier machine the figure is of that
load). Not a test: it is not part of the suite.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import random
import selectors
import signal
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).absolute().parents[1]
sys.path.insert(0, str(ROOT))

TARGET_TABLE_MIB = 15.0
TARGET_WORKER_MIB = 15.0
TARGET_P99_MS = 100.0
#: the most tables and seconds a run may take (the load is bounded whatever is asked)
MAX_TABLES = 50
MAX_SECONDS = 600.0


def proc_kib(pid: int, key: str, file: str = "status") -> int:
    """A figure in KiB of ``/proc/PID/status`` (``VmRSS``) or ``smaps_rollup`` (``Pss``); 0 when
    the process is gone."""
    try:
        for line in Path(f"/proc/{pid}/{file}").read_text().splitlines():
            if line.startswith(key + ":"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


def proc_cpu(pid: int) -> float:
    """CPU seconds of ``pid`` so far, every thread (the scheduler's run time, in nanoseconds)."""
    try:
        return sum(int((task / "schedstat").read_text().split()[0])
                   for task in Path(f"/proc/{pid}/task").iterdir()) / 1e9
    except OSError:
        return 0.0


def children(pid: int) -> list[int]:
    """The child processes of ``pid`` (its AI worker)."""
    out: list[int] = []
    try:
        for task in Path(f"/proc/{pid}/task").iterdir():
            out += [int(t) for t in (task / "children").read_text().split()]
    except OSError:
        pass
    return out


def floor_kib(imports: str) -> tuple[int, int]:
    """(RSS, USS) in KiB of this interpreter after ``imports`` (``""``: none), in a process of its
    own read as the servers are: the floor under what a table server or a worker can be."""
    import subprocess

    code = f"import sys\n{imports}\nprint(flush=True)\nsys.stdin.read()"
    with subprocess.Popen([sys.executable, "-c", code], stdin=subprocess.PIPE, stdout=subprocess.PIPE) as proc:
        assert proc.stdout is not None and proc.stdin is not None  # opened with PIPE
        proc.stdout.readline()
        rss = proc_kib(proc.pid, "VmRSS")
        uss = proc_kib(proc.pid, "Private_Clean", "smaps_rollup") + proc_kib(proc.pid, "Private_Dirty", "smaps_rollup")
        proc.stdin.close()
    return rss, uss


def alive(pid: int) -> bool:
    """Whether the server ``pid`` still runs (reaped here once it has ended: ``spawn`` started it
    as a child of this process)."""
    try:
        done, _status = os.waitpid(pid, os.WNOHANG)
    except ChildProcessError:  # not this process's child
        return Path(f"/proc/{pid}").exists()
    return done == 0


@dataclass
class Player:
    """One client: its socket, what it has read of a line, what it knows of the table."""

    table: int
    sock: Any
    client: Any
    buffer: bytes = b""
    asked_next: int = -1  # the seq of the deal-over update it asked the next deal at
    moved_at: int = -1  # the seq of the update it chose a move at


@dataclass
class Table:
    """One table: its server's pid, its two players, the move whose clock runs."""

    pid: int
    players: list[Player] = field(default_factory=list)
    clock: tuple[float, int, int] | None = None  # (start, mover index, seq the mover saw)
    due: tuple[float, int, bytes] | None = None  # (send at, mover index, line)
    over: bool = False


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=20, help=f"tables at once (default 20, at most {MAX_TABLES})")
    parser.add_argument("--seconds", type=float, default=60.0,
                        help=f"seconds of play (default 60, at most {MAX_SECONDS:g})")
    parser.add_argument("--think", type=float, default=0.5, help="seconds a player waits before moving (default 0.5)")
    parser.add_argument("--ai-delay", type=float, default=0.6,
                        help="the servers' pause before an AI move (default 0.6)")
    parser.add_argument("--game", default="makao-ru", choices=("makao-ru", "makao-pl", "peklo", "macao"))
    args = parser.parse_args(argv)
    if not 1 <= args.tables <= MAX_TABLES or not 0 < args.seconds <= MAX_SECONDS:
        parser.error(f"--tables is 1 to {MAX_TABLES}, --seconds more than 0 and at most {MAX_SECONDS:g}")

    with tempfile.TemporaryDirectory(prefix="makao-box-") as tmp:
        os.environ["MAKAO_TABLES_DIR"] = str(Path(tmp) / "tables")
        os.environ["MAKAO_DATA_DIR"] = str(Path(tmp) / "data")
        from makao_tui.ai import ai_for
        from makao_tui.net import places
        from makao_tui.net.client import handshake
        from makao_tui.net.daemon import spawn
        from makao_tui.net.protocol import Act, Bye, NextDeal, decode_server, encode
        from makao_tui.net.server import HostConfig, SeatPlan
        from makao_tui.store import open_store
        from makao_tui.table import TableClient, Update

        options = {"makao-ru": {"loss_limit": 1000}, "makao-pl": {"deals": 50}}.get(args.game, {})
        seats = [SeatPlan("open"), SeatPlan("open"), SeatPlan("ai")]
        tables: list[Table] = []
        began = time.monotonic()
        try:
            for t in range(args.tables):
                code = spawn(HostConfig(game=args.game, options=options, seats=seats, ai_delay=args.ai_delay))
                table = Table(places.read_info(code).pid)
                tables.append(table)
                for name in ("Ann", "Bob"):
                    shake = handshake(code, name)
                    player = Player(t, shake.sock, TableClient())
                    for message in shake.early:
                        if isinstance(message, Update):
                            player.client.receive(message)
                    table.players.append(player)
            started = time.monotonic()
            print(f"{args.tables} tables up, {2 * args.tables} clients seated in {started - began:.1f} s", flush=True)
            cpu_before = {t.pid: proc_cpu(t.pid) for t in tables}
            play(tables, args, ai_for, Act, NextDeal, decode_server, encode, Update, random.Random(1),
                 latencies := [])
            played = time.monotonic() - started
            load = os.getloadavg()
            servers = [t.pid for t in tables]
            workers = [kid for pid in servers for kid in children(pid)]
            rss = {pid: proc_kib(pid, "VmRSS") for pid in servers + workers}
            pss = {pid: proc_kib(pid, "Pss", "smaps_rollup") for pid in servers + workers}
            uss = {pid: proc_kib(pid, "Private_Clean", "smaps_rollup") + proc_kib(pid, "Private_Dirty", "smaps_rollup")
                   for pid in servers + workers}
            cpu = sum(proc_cpu(pid) - cpu_before[pid] for pid in servers)
            worker_cpu = sum(proc_cpu(pid) for pid in workers)
            for table in tables:
                for p in table.players:
                    with contextlib.suppress(OSError):
                        p.sock.sendall(encode(Bye()))
                    p.sock.close()
        finally:
            for table in tables:
                with contextlib.suppress(ProcessLookupError):
                    os.kill(table.pid, signal.SIGTERM)
            deadline = time.monotonic() + 30
            while time.monotonic() < deadline and any(alive(t.pid) for t in tables):
                time.sleep(0.1)
        with open_store() as store:
            moves = sum(m.actions for m in store.unfinished()) + sum(m.actions for m in store.finished())

    mib = 1 / 1024
    server_rss = sorted(rss[p] * mib for p in servers)
    worker_rss = sorted(rss[p] * mib for p in workers) or [0.0]
    total_rss = sum(rss.values()) * mib
    total_pss = sum(pss.values()) * mib
    ms = sorted(1000 * x for x in latencies)
    p50 = statistics.median(ms) if ms else float("nan")
    p99 = ms[int(0.99 * (len(ms) - 1))] if ms else float("nan")
    print(f"date: {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}; Python {sys.version.split()[0]}; "
          f"{os.cpu_count()} cores; load average at the end {load[0]:.1f} {load[1]:.1f} {load[2]:.1f}")
    print(f"{args.game}: {args.tables} tables × (2 players + 1 AI seat), {played:.0f} s of play, players think "
          f"{args.think:g} s, AI pause {args.ai_delay:g} s; {moves} moves stored, {len(ms)} player moves timed")
    def shares(pids: list[int]) -> str:
        """The PSS and USS medians of ``pids``."""
        if not pids:
            return "no process"
        return (f"PSS median {statistics.median(pss[p] for p in pids) * mib:.1f} MiB, "
                f"USS median {statistics.median(uss[p] for p in pids) * mib:.1f} MiB")

    print(f"table server RSS: median {statistics.median(server_rss):.1f} MiB, largest {server_rss[-1]:.1f} MiB "
          f"(target ≤ {TARGET_TABLE_MIB:g}: {'met' if server_rss[-1] <= TARGET_TABLE_MIB else 'MISSED'}); "
          f"{shares(servers)}")
    print(f"AI worker RSS: median {statistics.median(worker_rss):.1f} MiB, largest {worker_rss[-1]:.1f} MiB, "
          f"{len(workers)} workers (target ≤ {TARGET_WORKER_MIB:g}: "
          f"{'met' if worker_rss[-1] <= TARGET_WORKER_MIB else 'MISSED'}); {shares(workers)}")
    for what, imports in (("python -c pass", ""), ("python, asyncio imported", "import asyncio")):
        rss_floor, uss_floor = floor_kib(imports)
        print(f"floor, {what}: RSS {rss_floor * mib:.1f} MiB, USS {uss_floor * mib:.1f} MiB")
    print(f"total of servers and workers: RSS {total_rss:.0f} MiB, PSS {total_pss:.0f} MiB "
          f"(PSS counts shared pages in part: what they add to the box)")
    print(f"server CPU per move: {1000 * cpu / max(1, moves):.2f} ms (servers' CPU {cpu:.1f} s; "
          f"workers' CPU {worker_cpu:.1f} s in all)")
    verdict = "met" if p99 <= TARGET_P99_MS else "MISSED"
    print(f"round trip, player to the other player: p50 {p50:.1f} ms, p99 {p99:.1f} ms, worst "
          f"{(ms[-1] if ms else float('nan')):.1f} ms (target p99 ≤ {TARGET_P99_MS:g} ms at load 2: {verdict} "
          f"at load {load[0]:.1f})")
    return 0


def play(tables: list[Table], args, ai_for, Act, NextDeal, decode_server, encode, Update, rng: random.Random,
         latencies: list[float]) -> None:
    """Run the tables' play for ``args.seconds`` (or until every match has ended), timing each
    player's move to the other player's update into ``latencies``."""
    selector = selectors.DefaultSelector()
    for table in tables:
        for i, p in enumerate(table.players):
            p.sock.setblocking(False)
            selector.register(p.sock, selectors.EVENT_READ, (table, i))
    ai = ai_for(args.game)
    end = time.monotonic() + args.seconds

    def consider(table: Table, i: int) -> None:
        """After player ``i`` of ``table`` took an update: its next step, if any."""
        p = table.players[i]
        u = p.client.update
        if u.match_over:
            table.over = True
        elif u.deal_over:
            if p.asked_next != u.seq:
                p.asked_next = u.seq
                p.sock.sendall(encode(NextDeal(seq=u.seq)))
        elif u.to_act == u.seat and p.moved_at != u.seq and table.due is None and table.clock is None:
            p.moved_at = u.seq
            action = ai.choose(p.client.view, rng)
            line = encode(Act(seq=u.seq, action=p.client.wire(action)))
            table.due = (time.monotonic() + args.think, i, line)

    for table in tables:
        for i, p in enumerate(table.players):
            if p.client._update is not None:
                consider(table, i)
    while time.monotonic() < end and not all(t.over for t in tables):
        now = time.monotonic()
        for table in tables:
            if table.due is not None and table.due[0] <= now:
                _, i, line = table.due
                table.due = None
                table.clock = (time.perf_counter(), i, table.players[i].client.update.seq)
                table.players[i].sock.sendall(line)
        dues = [t.due[0] for t in tables if t.due is not None]
        timeout = max(0.0, min([*dues, end]) - time.monotonic())
        for key, _events in selector.select(timeout):
            table, i = key.data
            p = table.players[i]
            try:
                chunk = p.sock.recv(1 << 20)
            except BlockingIOError:
                continue
            if not chunk:
                selector.unregister(p.sock)
                table.over = True
                continue
            p.buffer += chunk
            while b"\n" in p.buffer:
                line, p.buffer = p.buffer.split(b"\n", 1)
                message = decode_server(line)
                if not isinstance(message, Update):
                    continue
                p.client.receive(message)
                if table.clock is not None and i != table.clock[1] and message.seq > table.clock[2]:
                    latencies.append(time.perf_counter() - table.clock[0])
                    table.clock = None
                    consider(table, 1 - i)  # the mover may be to act again (after a draw)
                consider(table, i)
    selector.close()


if __name__ == "__main__":
    sys.exit(main())
