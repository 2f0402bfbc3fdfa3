"""A move's round trip between two players of a shared table on one box (issue 11).

A real table server is started as ``makao host`` starts it (a detached process on a Unix socket
in a temporary tables folder, every action stored in a temporary saved-games file); two clients
sit at its two seats (``--game``, default makao-ru). For each move, the player to act sends the
action its normal AI chose (chosen before the clock starts) and the clock stops when the *other*
player has received the update that shows it: the time one player waits to see the other's
move. Both clients live in this process on blocking sockets, so one clock measures both ends.

Reported: wall-clock latency per move (median, 90th and 99th percentile, worst) and the server's
CPU time per move (from /proc, so the work is counted whatever the load; wall time on a loaded
machine includes waiting for a core). Target: a median under 20 ms, the 99th percentile under
100 ms.

    python bench/table_roundtrip.py [--moves 400] [--game makao-ru]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).absolute().parents[1]
sys.path.insert(0, str(ROOT))

TARGET_MEDIAN_MS = 20.0
TARGET_P99_MS = 100.0


def cpu_seconds(pid: int) -> float:
    """User + system CPU seconds of process ``pid`` so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--moves", type=int, default=400, help="moves to time (default 400)")
    parser.add_argument("--game", default="makao-ru", help="the game (two seats; default makao-ru)")
    args = parser.parse_args()

    with tempfile.TemporaryDirectory() as tmp:
        os.environ["MAKAO_TABLES_DIR"] = str(Path(tmp) / "tables")
        os.environ["MAKAO_DATA_DIR"] = str(Path(tmp) / "data")
        from makao_tui.ai import ai_for
        from makao_tui.net import places
        from makao_tui.net.client import handshake
        from makao_tui.net.daemon import spawn
        from makao_tui.net.protocol import Act, Bye, NextDeal, decode_server, encode
        from makao_tui.net.server import HostConfig, SeatPlan
        from makao_tui.table import TableClient, Update

        options = {"makao-ru": {"loss_limit": 1000}, "makao-pl": {"deals": 50}}.get(args.game, {})
        code = spawn(HostConfig(game=args.game, options=options, seats=[SeatPlan("open"), SeatPlan("open")]))
        info = places.read_info(code)
        players = [handshake(code, name) for name in ("Ann", "Bob")]
        buffers = [b"", b""]

        def read(i: int):
            while b"\n" not in buffers[i]:
                chunk = players[i].sock.recv(1 << 20)
                if not chunk:
                    raise SystemExit("the server closed the connection")
                buffers[i] += chunk
            line, buffers[i] = buffers[i].split(b"\n", 1)
            return decode_server(line)

        def update(i: int) -> Update:
            while not isinstance(message := read(i), Update):
                pass
            return message

        clients = [TableClient(), TableClient()]
        for i in (0, 1):
            clients[i].receive(update(i))
        rng = random.Random(1)
        latencies: list[float] = []
        cpu_before = cpu_seconds(info.pid)
        moves = 0
        while moves < args.moves:
            u = clients[0].update
            if u.match_over:
                break
            if u.deal_over:  # the next deal starts once both have asked for it
                for i in (0, 1):
                    players[i].sock.sendall(encode(NextDeal(seq=u.seq)))
                for i in (0, 1):
                    clients[i].receive(update(i))
                continue
            mover = u.to_act
            other = 1 - mover
            client = clients[mover]
            action = ai_for(args.game).choose(client.view, rng)
            line = encode(Act(seq=client.seq, action=client.wire(action)))
            start = time.perf_counter()
            players[mover].sock.sendall(line)
            seen = update(other)
            latencies.append(time.perf_counter() - start)
            clients[other].receive(seen)
            clients[mover].receive(update(mover))
            moves += 1
        cpu = cpu_seconds(info.pid) - cpu_before
        for p in players:
            p.sock.sendall(encode(Bye()))
            p.sock.close()
        os.kill(info.pid, 15)

    ms = sorted(1000 * x for x in latencies)
    median = statistics.median(ms)
    p90, p99 = ms[int(0.9 * (len(ms) - 1))], ms[int(0.99 * (len(ms) - 1))]
    load = os.getloadavg()[0]
    print(f"date: {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}; load average {load:.1f}; "
          f"Python {sys.version.split()[0]}; {os.cpu_count()} cores")
    print(f"{args.game}, two clients on one box, {len(ms)} moves (each stored by the server)")
    print(f"round trip, player to other player: median {median:.2f} ms, p90 {p90:.2f} ms, p99 {p99:.2f} ms, "
          f"worst {ms[-1]:.2f} ms")
    print(f"server CPU per move: {1000 * cpu / max(1, len(ms)):.2f} ms")
    met = median < TARGET_MEDIAN_MS and p99 < TARGET_P99_MS
    print(f"target (median < {TARGET_MEDIAN_MS:.0f} ms, p99 < {TARGET_P99_MS:.0f} ms): {'met' if met else 'MISSED'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
