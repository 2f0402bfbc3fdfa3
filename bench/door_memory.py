"""A door player's process (issue 31 item 5): the memory of the app a player of ``makao serve``
runs, through the SSH door and through the web door, at a shared table.

    python bench/door_memory.py [--door ssh|web|both] [--game peklo|makao-ru]

(``--door web``: its runs at 06:14 and 06:20 UTC on 2026-12-06 played the deal; from 06:50 the
guest's Enter on the start screen's open table did nothing, while other keys reached the app
(``?`` opened its help): not understood yet, hence ``ssh`` by default.)

For each door: a table server is started as ``makao host`` starts it (``net.daemon.spawn``: a
detached server on a Unix socket in a temporary tables folder), with one open seat and AI seats
(normal); the door runs in this process as ``makao serve`` runs it (``SSHDoor`` on 127.0.0.1 with
the real app as its command, or ``WebDoor``); one player comes in (SSH: a key, as ``bob``; web: a
guest through the page's websocket), reads the screen as a person does (a ``pyte`` terminal of
80×24), chooses the open table on the start screen and plays the first deal to its end from the
keyboard (Peklo: bids 0, plays the first card the hand marks playable; Russian Makao: plays the
first card marked playable, else draws). The player's app is the process the door started (the
web door's player command replaces itself with the app: the same process).

Its memory is read from /proc at three moments: on the start screen, once the table is drawn,
and at the deal's end: ``VmRSS`` (resident: what the target counts), ``VmHWM`` (its peak),
``Pss`` (shared pages counted in part) and USS (``Private_Clean`` + ``Private_Dirty``: what the
process alone holds, freed when it ends). For scale, the SSH door then runs a bare Textual app (an
``App`` of one ``Static``) as a player's command and reads it the same way.

Target (issue 31 item 5): a door player's process ≤ 40 MiB RSS. The waits are bounded (a stuck
run stops with what it saw); nothing here is timed. Not a test: it is not part of the suite.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import re
import signal
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).absolute().parents[1]
sys.path.insert(0, str(ROOT))

TARGET_MIB = 40.0
COLUMNS, ROWS = 80, 24
#: seconds a wait may take before the run is taken for stuck (a bound, not a measure)
HANG = 180.0
#: a bare Textual app, run as a player's command for scale
BARE_APP = """
from textual.app import App
from textual.widgets import Static


class Bare(App):
    def compose(self):
        yield Static("Card games in the terminal.")


Bare().run()
"""


def memory(pid: int) -> dict[str, float]:
    """``pid``'s memory in MiB: ``rss``, ``hwm`` (peak RSS), ``pss``, ``uss``; empty once it is gone."""
    out: dict[str, float] = {}
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith(("VmRSS:", "VmHWM:")):
                out["rss" if line.startswith("VmRSS") else "hwm"] = int(line.split()[1]) / 1024
        uss = 0
        for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
            key, _, rest = line.partition(":")
            if key == "Pss":
                out["pss"] = int(rest.split()[0]) / 1024
            elif key in ("Private_Clean", "Private_Dirty"):
                uss += int(rest.split()[0])
        out["uss"] = uss / 1024
    except OSError:
        return {}
    return out


def app_pid(command_end: tuple[str, ...]) -> int | None:
    """The process below this one whose command line ends with ``command_end`` (the player's app
    the door started: a child, or the child of the shell textual-serve starts it with), or None."""
    todo = [os.getpid()]
    while todo:
        for task in Path(f"/proc/{todo.pop()}/task").iterdir():
            with contextlib.suppress(OSError):
                for pid in (task / "children").read_text().split():
                    todo.append(int(pid))
                    argv = Path(f"/proc/{pid}/cmdline").read_bytes().decode().split("\0")[:-1]
                    if tuple(argv[-len(command_end):]) == command_end:
                        return int(pid)
    return None


class Screen:
    """What the player sees: the bytes the door sends, on a pyte screen of 80×24."""

    def __init__(self) -> None:
        import pyte

        self.screen = pyte.Screen(COLUMNS, ROWS)
        self.stream = pyte.ByteStream(self.screen)
        self.ended = False

    def feed(self, data: bytes) -> None:
        self.stream.feed(data)

    @property
    def text(self) -> str:
        return "\n".join(line.rstrip() for line in self.screen.display)

    @property
    def title(self) -> str:
        return self.screen.display[0].strip()

    async def until(self, pattern: str, limit: float = HANG) -> re.Match[str]:
        """Wait until ``pattern`` (a regex) shows; raises RuntimeError after ``limit`` seconds
        or when the session ends first."""
        end = time.monotonic() + limit
        while (found := re.search(pattern, self.text)) is None:
            if self.ended or time.monotonic() > end:
                raise RuntimeError(f"never saw {pattern!r}; the screen:\n{self.text}")
            await asyncio.sleep(0.05)
        return found


KEYS = {"enter": b"\r", "home": b"\x1b[H"}


def playable(screen: Screen) -> int | None:
    """The number key of the first card the hand marks playable (•), or None."""
    lines = screen.text.splitlines()
    start = next((i for i, line in enumerate(lines) if "Your hand" in line), len(lines))
    for line in lines[start:]:
        marks = re.findall(r"┗━(.)━┛|└─(.)─┘", line)
        if marks:
            return next((i + 1 for i, pair in enumerate(marks) if "•" in pair), None)
    return None


async def play_deal(screen: Screen, press, game: str) -> int:
    """Take the player's turns until the first deal's summary shows; the turns taken."""
    turns = 0
    end = time.monotonic() + 4 * HANG
    while not re.search(r"Deal 1 is over|Hand 1 is over", screen.text):
        if time.monotonic() > end:
            raise RuntimeError(f"the deal did not end; the screen:\n{screen.text}")
        found = re.search(r"· your (bid|turn|lead)$", screen.title)
        if found is None:
            await asyncio.sleep(0.05)
            continue
        title = screen.title
        if found.group(1) == "bid":
            press("0", "enter")
        else:
            card = playable(screen)
            if card is None and game == "peklo":
                await asyncio.sleep(0.05)  # the hand is drawn a frame after the title
                continue
            press(*((str(card), "enter") if card is not None else ("d",)))
        turns += 1
        stop = time.monotonic() + HANG
        while screen.title == title and not re.search(r"is over", screen.text) and time.monotonic() < stop:
            await asyncio.sleep(0.05)
    return turns


def stop(server: int) -> None:
    """End the table server ``server`` (a child of this process) and wait for it (bounded)."""
    with contextlib.suppress(ProcessLookupError):
        os.kill(server, signal.SIGTERM)
    end = time.monotonic() + HANG
    with contextlib.suppress(ChildProcessError):
        while os.waitpid(server, os.WNOHANG)[0] == 0 and time.monotonic() < end:
            time.sleep(0.1)


@dataclass
class Reading:
    door: str
    moment: str
    figures: dict[str, float]


async def through_ssh(folder: Path, command: tuple[str, ...], name: str, join: bool, game: str,
                      readings: list[Reading], label: str) -> None:
    """One player of an SSH door running ``command``: log in, (``join``: sit at the open table and
    play its first deal), reading the app's memory at each moment."""
    from makao_tui.serve import ssh  # it imports asyncssh quieting its warnings

    asyncssh = ssh.asyncssh

    environ = {**ssh.app_environ(), "PYTHONPATH": str(ROOT)}
    door = ssh.SSHDoor(ssh.SSHDoorConfig("127.0.0.1", 0, folder, command=command, environ=environ))
    await door.start()
    try:
        class Client(asyncssh.SSHClient):
            pass

        conn, _client = await asyncssh.create_connection(
            Client, "127.0.0.1", door.port, username=name,
            client_keys=[asyncssh.generate_private_key("ssh-ed25519")], known_hosts=None, agent_path=None,
            password=None, preferred_auth="publickey")
        async with conn:
            process = await conn.create_process(term_type="xterm-256color", term_size=(COLUMNS, ROWS), encoding=None)
            screen = Screen()

            async def read() -> None:
                while chunk := await process.stdout.read(65536):
                    screen.feed(chunk)
                screen.ended = True

            reader = asyncio.ensure_future(read())

            def press(*keys: str) -> None:
                for key in keys:
                    process.stdin.write(KEYS.get(key, key.encode()))

            await session(screen, press, command, join, game, readings, label)
            process.close()
            reader.cancel()
            with contextlib.suppress(asyncio.CancelledError, asyncssh.Error):
                await reader
    finally:
        await door.stop("the benchmark is over")


async def through_web(folder: Path, game: str, readings: list[Reading]) -> None:
    """One guest of the web door: the page's websocket, as a browser's terminal uses it."""
    import aiohttp

    from makao_tui.serve.web import WebDoor

    door = WebDoor("127.0.0.1", 0, folder)
    await door.start()
    try:
        async with aiohttp.ClientSession() as client, \
                client.ws_connect(f"{door.url}ws?width={COLUMNS}&height={ROWS}") as ws:
            screen = Screen()

            async def read() -> None:
                async for message in ws:
                    if message.type == aiohttp.WSMsgType.BINARY:
                        screen.feed(message.data)
                    elif message.type == aiohttp.WSMsgType.TEXT:
                        screen.feed(message.data.encode())
                screen.ended = True

            reader = asyncio.ensure_future(read())
            sent: list[asyncio.Future] = []

            def press(*keys: str) -> None:
                for key in keys:
                    sent.append(asyncio.ensure_future(ws.send_json(["stdin", KEYS.get(key, key.encode()).decode()])))

            await session(screen, press, (sys.executable, "-m", "makao_tui"), True, game, readings, "web")
            reader.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await reader
    finally:
        await door.stop()


async def session(screen: Screen, press, command: tuple[str, ...], join: bool, game: str,
                  readings: list[Reading], label: str) -> None:
    """The player's steps and the readings of their app's memory."""
    await screen.until(r"Card games in the terminal\.")
    await asyncio.sleep(1.0)  # the start screen settles (its list of saves and tables is read)
    pid = app_pid(command[-2:])
    if pid is None:
        raise RuntimeError(f"no process of {command} found")
    readings.append(Reading(label, "start screen", memory(pid)))
    if not join:
        return
    await screen.until(r"Open table [a-z]+-\d\d")
    end = time.monotonic() + HANG
    while "Your hand" not in screen.text:  # keys pressed before the list took them are pressed again
        press("home", "enter")
        with contextlib.suppress(RuntimeError):
            await screen.until(r"Your hand", limit=min(10.0, max(0.0, end - time.monotonic())))
        if time.monotonic() > end:
            raise RuntimeError(f"never sat at the table; the screen:\n{screen.text}")
    readings.append(Reading(label, "table drawn", memory(pid)))
    turns = await play_deal(screen, press, game)
    readings.append(Reading(label, f"deal 1 over ({turns} turns)", memory(pid)))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--door", choices=("ssh", "web", "both"), default="ssh")
    parser.add_argument("--game", choices=("peklo", "makao-ru"), default="peklo")
    args = parser.parse_args(argv)
    readings: list[Reading] = []
    with tempfile.TemporaryDirectory(prefix="makao-doors-") as tmp:
        os.environ["MAKAO_TABLES_DIR"] = str(Path(tmp) / "tables")
        os.environ["MAKAO_DATA_DIR"] = str(Path(tmp) / "host")
        os.environ.setdefault("PYTHONPATH", str(ROOT))
        from makao_tui.net import places
        from makao_tui.net.daemon import spawn
        from makao_tui.net.server import HostConfig, SeatPlan

        seats = [SeatPlan("open"), *[SeatPlan("ai")] * (2 if args.game == "peklo" else 1)]
        doors = ("ssh", "web") if args.door == "both" else (args.door,)
        servers: list[int] = []
        try:
            for door in doors:
                code = spawn(HostConfig(game=args.game, seats=seats, ai_delay=0.2))
                servers.append(places.read_info(code).pid)
                folder = Path(tmp) / f"serve-{door}"
                if door == "ssh":
                    asyncio.run(through_ssh(folder, (sys.executable, "-m", "makao_tui"), "bob", True, args.game,
                                            readings, "ssh"))
                else:
                    asyncio.run(through_web(folder, args.game, readings))
                stop(servers[-1])  # the next door's player finds one open table: their own
            asyncio.run(through_ssh(Path(tmp) / "serve-bare", (sys.executable, "-c", BARE_APP), "ann", False,
                                    args.game, readings, "bare Textual app (SSH door)"))
        finally:
            for pid in servers:
                stop(pid)
    load = os.getloadavg()
    print(f"date: {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}; Python {sys.version.split()[0]}; "
          f"{os.cpu_count()} cores; load average at the end {load[0]:.1f} {load[1]:.1f} {load[2]:.1f}; {args.game}")
    print("a door player's process, MiB: RSS (peak so far) / PSS / USS")
    for r in readings:
        f = r.figures
        print(f"  {r.door:28} {r.moment:24} {f.get('rss', 0):5.1f} ({f.get('hwm', 0):5.1f}) / "
              f"{f.get('pss', 0):5.1f} / {f.get('uss', 0):5.1f}")
    players = [r.figures.get("hwm", 0.0) for r in readings if not r.door.startswith("bare")]
    if players:
        worst = max(players)
        verdict = "met" if worst <= TARGET_MIB else "MISSED"
        print(f"largest peak RSS of a player's app: {worst:.1f} MiB (median of the readings' peaks "
              f"{statistics.median(players):.1f}); target ≤ {TARGET_MIB:g}: {verdict}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
