"""Try ``makao serve`` as new users would (issue 17): the server in one terminal, players with the
real ``ssh`` command in others, a browser player through the web door.

Terminal S (a tmux session) runs ``makao serve --ssh 127.0.0.1:PORT --web 127.0.0.1:PORT``.
Terminals A, B and C run ``ssh -p PORT -i KEY alice@127.0.0.1`` (bob, carol), each with a key of
its own made here. Alice chooses Peklo on her start screen, makes seat 2 Open (its Human / AI
button) and hosts the table for others (Ctrl+O); Bob's start screen shows the new table by
itself and he joins it (Enter); Carol watches it (w). Alice and Bob play their deals with the
keys a player uses (a bid by its digit and Enter, a card marked playable by its number and
Enter) until the deal's summary shows in both terminals, and in Carol's. A browser player opens
the web door: the page, its websocket, the app's start screen listing the table; with
``chromium-headless-shell`` (or ``chromium``) installed, a screenshot of it
(``--shot FILE``). Then Ctrl+C in S: every player is told, the server exits 0 and the table
waits for its players (its server still runs). At the end everything started here is ended:
the tmux server, the table's server, the browser. Exit status 0 when all went as it should.

    python scripts/tmux_serve.py [--deals 2] [--size 80x24] [--shot lobby.png] [--keep]

Not part of the test suite (it takes a minute or two and needs tmux and OpenSSH's client; the
suite's ``tests/serve`` does the same with asyncssh clients). It uses its own tmux server (``-L
makao-serve-test``), data and tables folders in a temporary folder, and free ports.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(1, str(Path(__file__).resolve().parent.parent))
import tmux_shared_table as terminals  # the tmux helpers and the turn-taking player

from tests.serve.browser import screenshot  # the suite's headless browser

ROOT = Path(__file__).resolve().parent.parent

TMUX = ["tmux", "-L", "makao-serve-test"]
terminals.TMUX = TMUX  # its helpers drive this script's own tmux server
screen, keys, wait = terminals.screen, terminals.keys, terminals.wait


def tmux(*args: str) -> str:
    return subprocess.run([*TMUX, *args], capture_output=True, text=True, check=False).stdout


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def log_text() -> str:
    """The server's whole log so far (terminal S, its scrollback joined)."""
    return tmux("capture-pane", "-p", "-J", "-S", "-2000", "-t", "S")


def wait_log(pattern: str, limit: float = 60.0) -> str:
    end = time.monotonic() + limit
    while time.monotonic() < end:
        if re.search(pattern, text := log_text()):
            return text
        time.sleep(0.2)
    raise SystemExit(f"the server never logged {pattern!r}; its log:\n{log_text()}")


def step(message: str) -> None:
    print(f"- {message}", flush=True)


async def browser_player(url: str, code: str) -> None:
    """A browser's page and websocket: the app's start screen, which lists table ``code``."""
    import aiohttp

    async with aiohttp.ClientSession() as client:
        async with client.get(url) as page:
            html = await page.text()
            if page.status != 200 or "/ws" not in html:
                raise SystemExit(f"the web door's page: status {page.status}, no websocket in it")
        async with client.ws_connect(f"{url}ws?width=100&height=30") as ws:
            seen = b""

            async def read() -> None:
                nonlocal seen
                async for message in ws:
                    data = message.data
                    if isinstance(data, str):
                        data = data.encode()
                    if isinstance(data, bytes):
                        seen += data
                    if b"Peklo" in seen and code.encode() in seen:
                        return
                raise SystemExit(f"the websocket closed before the start screen showed {code}")

            try:
                await asyncio.wait_for(read(), 90)
            except asyncio.TimeoutError:
                raise SystemExit(f"the browser's start screen never listed {code}: {seen[-800:]!r}") from None


def play(players: list[str], deals: int) -> None:
    """Alice and Bob take their turns until ``deals`` deals are over in both terminals (Enter
    deals the next one); Carol's terminal shows each deal's end too."""
    for deal in range(1, deals + 1):
        turns = terminals.play_until(players, terminals.both_over)
        if "Your hand" in screen("C"):
            raise SystemExit("the watcher's terminal shows a hand")
        wait("C", rf"Deal {deal} is over")
        step(f"deal {deal} played to its end in {turns} turns; Alice, Bob and the watcher Carol see its summary")
        if deal < deals:
            for player in players:
                keys(player, "Enter")
            for player in players:
                wait(player, rf"deal {deal + 1} of")


def run(args: argparse.Namespace, tmp: str) -> None:
    ssh_port, web_port = free_port(), free_port()
    env = (f"cd {ROOT} && PYTHONPATH={ROOT} MAKAO_TABLES_DIR={tmp}/tables MAKAO_DATA_DIR={tmp}/data "
           f"PATH={os.environ.get('PATH', '/usr/bin:/bin')}")
    os.mkdir(f"{tmp}/tables", 0o1777)
    columns, rows = (int(n) for n in args.size.split("x"))
    tmux("kill-server")
    tmux("new-session", "-d", "-s", "S", "-x", "120", "-y", "40",
         f"{env} {sys.executable} -m makao_tui serve --ssh 127.0.0.1:{ssh_port} --web 127.0.0.1:{web_port}; "
         "echo serve exited $?; sleep 120")
    wait_log(r"SSH door: players run")
    step(f"makao serve listens: ssh on {ssh_port}, web on {web_port}")
    for session, user in (("A", "alice"), ("B", "bob"), ("C", "carol")):
        subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", f"{tmp}/{user}"], check=True)
        tmux("new-session", "-d", "-s", session, "-x", str(columns), "-y", str(rows),
             f"HOME={tmp} ssh -p {ssh_port} -o StrictHostKeyChecking=accept-new -o UserKnownHostsFile={tmp}/known "
             f"-o IdentitiesOnly=yes -i {tmp}/{user} {user}@127.0.0.1; echo ssh exited $?; sleep 120")
        wait(session, r"Peklo")
        time.sleep(1)  # the second and third wait for the first's known_hosts line
    step("alice, bob and carol logged in with ssh and their own keys: each sees the start screen")
    keys("A", "End", "Enter")  # the last game: Peklo
    wait("A", r"Peklo — new match")
    keys("A", "Tab", "Enter")  # seat 2's Human / AI button: AI → Open
    wait("A", r"2\.\s+Open")
    keys("A", "C-o")
    code = re.search(r"Table ([a-z]+-\d\d) — Peklo", wait("A", r"Table [a-z]+-\d\d — Peklo")).group(1)  # type: ignore[union-attr]
    text = wait("A", r"on their start screen")
    step(f"alice hosts Peklo table {code} with an open seat; her lobby says: "
         + " ".join(line.strip(" │") for line in text.splitlines() if "start screen" in line))
    wait_log(rf"ssh:alice opened table {code}")
    wait("B", rf"Open table {code}")
    step("bob's start screen lists the table by itself")
    keys("B", "Home", "Enter")
    wait("A", r"Your hand \(alice\)")
    wait("B", r"Your hand \(bob\)")
    wait_log(rf"ssh:bob sits at table {code}")
    step("bob joined: the match started; each terminal shows its own hand only")
    wait("C", rf"Open table {code}.*under way")
    keys("C", "Home", "w")
    wait("C", r"Peklo · deal \d+ of")
    if "Your hand" in screen("C"):
        raise SystemExit("the watcher's terminal shows a hand")
    step("carol watches the table: the public view, no hand")
    url = f"http://127.0.0.1:{web_port}/"
    asyncio.run(browser_player(url, code))
    wait_log(r"web from 127\.0\.0\.1: playing")
    step("a browser player opened the web door: the page, its websocket, the start screen listing the table")
    if args.shot is not None:
        if screenshot(url, args.shot, Path(tmp, "browser")):
            step(f"the browser's screenshot: {args.shot}")
        else:
            step("no headless browser installed (chromium-headless-shell): no screenshot")
    play(["A", "B"], args.deals)
    if args.keep:
        print(f"kept: tmux -L makao-serve-test attach -t S (A, B, C); files in {tmp}")
        return
    tmux("send-keys", "-t", "S", "C-c")
    wait("S", r"serve exited 0")
    for session in ("A", "B", "C"):
        wait(session, r"makao: the server stopped")
        wait(session, r"ssh exited")
    log = log_text()
    for line in ("ssh:alice: app", "ssh:bob: app", "ssh:carol: app"):
        if not re.search(re.escape(line) + r" \d+ ended .*: the server stopped", log):
            raise SystemExit(f"the log does not say {line}... ended: the server stopped\n{log}")
    listed = subprocess.run([sys.executable, "-m", "makao_tui", "tables", "--json"], capture_output=True, text=True,
                            cwd=ROOT, env={**os.environ, "MAKAO_TABLES_DIR": f"{tmp}/tables", "PYTHONPATH": str(ROOT)},
                            check=False)
    if code not in {t["code"] for t in json.loads(listed.stdout or "[]")}:
        raise SystemExit(f"the table {code} did not outlive the server: {listed.stdout} {listed.stderr}")
    step(f"Ctrl+C: every player was told, makao serve exited 0, table {code} waits for its players")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=2, help="Peklo deals to play (1, 2, ... cards each; default 2)")
    parser.add_argument("--size", default="80x24", help="the players' terminals, COLSxROWS (default 80x24)")
    parser.add_argument("--shot", type=Path, help="save the browser's screenshot of the web door here (PNG)")
    parser.add_argument("--keep", action="store_true", help="leave everything running, to look at it")
    args = parser.parse_args()
    for tool in ("tmux", "ssh", "ssh-keygen"):
        if shutil.which(tool) is None:
            print(f"{tool} is not installed", file=sys.stderr)
            return 2
    tmp = tempfile.mkdtemp(prefix="makao-serve-")
    try:
        run(args, tmp)
    finally:
        if not args.keep:
            tmux("kill-server")
            for info in Path(tmp, "tables").glob("*.json"):  # the tables' servers, by their own pids
                with contextlib.suppress(OSError, ValueError, KeyError):
                    os.kill(json.loads(info.read_text())["pid"], signal.SIGTERM)
            time.sleep(3)
            for process in terminals.makao_processes(f"{tmp}/tables"):
                print(f"still running, ended now: {process}", file=sys.stderr)
                os.kill(int(process.split()[0]), signal.SIGKILL)
    print("all as it should be")
    return 0


if __name__ == "__main__":
    sys.exit(main())
