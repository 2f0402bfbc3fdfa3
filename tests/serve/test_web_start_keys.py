"""The start screen's keys at the web door, pressed as a browser tab's page sends them (textual-serve's
``["stdin", TEXT]`` over the websocket) and read on the screen the websocket carries, for each kind
of entry the list holds: an open shared table hosted by another player on the box (Enter sits, or
says why not and what to do; w watches), a match to resume (Enter resumes it), a game (↓ to it,
Enter sets it up). A web page's app starts blurred (Textual's web driver), so Textual focused no
widget of the start screen, and the list, hidden until it is fitted, could not take the focus the
screen gave it: Enter and the arrows did nothing at the web door while they worked at the SSH door."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import aiohttp
import pytest

from makao_tui.serve.players import player_dir
from makao_tui.serve.web import WebDoor
from makao_tui.store import Seat
from tests.app.scenes import store_match

from .util import HANG, ROOT, WebTerminal, run


@contextlib.contextmanager
def hosted(tables: Path, home: Path, *seats: str) -> Iterator[str]:
    """A Russian Makao table with ``seats`` hosted by another player of the box (``makao host
    --detach``, their data in ``home``) on the tables folder ``tables``; its join code. Its server
    is ended at the end."""
    env = {**os.environ, "MAKAO_TABLES_DIR": str(tables), "MAKAO_DATA_DIR": str(home), "PYTHONPATH": str(ROOT)}
    args = [sys.executable, "-m", "makao_tui", "host", "makao-ru", "--detach"]
    for seat in seats:
        args += ["--seat", seat]
    done = subprocess.run(args, env=env, capture_output=True, text=True, timeout=HANG, check=True)
    code = done.stdout.split()[1]  # "Table crane-47 is open. ..."
    try:
        yield code
    finally:
        with contextlib.suppress(OSError, ValueError):
            os.kill(json.loads((tables / f"{code}.json").read_text())["pid"], signal.SIGTERM)


@contextlib.asynccontextmanager
async def web_door(folder: Path, user_header: str | None = None) -> AsyncIterator[WebDoor]:
    door = WebDoor("127.0.0.1", 0, folder, user_header=user_header)
    await door.start()
    try:
        yield door
    finally:
        await door.stop()


@contextlib.asynccontextmanager
async def tab(door: WebDoor, headers: dict[str, str] | None = None) -> AsyncIterator[WebTerminal]:
    """A browser tab on the door at 80×24, once the app's start screen shows."""
    async with aiohttp.ClientSession() as client, \
            client.ws_connect(f"{door.url}ws?width=80&height=24", headers=headers) as ws:
        terminal = WebTerminal(ws)
        try:
            await terminal.until(r"Card games in the terminal\.")
            yield terminal
        finally:
            await terminal.close()


def notice(terminal: WebTerminal) -> str:
    """The words of the notice shown (a toast, drawn right of its ▌ edge), its lines joined."""
    lines = [line.rsplit("▌", 1)[1] for line in terminal.text.splitlines() if "▌" in line]
    return " ".join(" ".join(lines).split())


@pytest.mark.filterwarnings("error::pytest.PytestUnraisableExceptionWarning")
def test_a_web_guest_sits_at_an_open_table_with_enter(tmp_path, tables_dir):
    async def body():
        with hosted(tables_dir, tmp_path / "host", "open", "open", "ai") as code:
            async with web_door(tmp_path / "serve") as door, tab(door) as guest:
                await guest.until(rf"Open table {code} — Russian Makao")
                await guest.press("enter")  # the table is the first entry, highlighted
                await guest.until(rf"Table {code} — Russian Makao, hosted by")
                await guest.until(r"\d\. guest-\d{4}")  # seated under their guest's name

    run(body())


@pytest.mark.filterwarnings("error::pytest.PytestUnraisableExceptionWarning")
def test_a_web_guest_is_told_how_to_watch_a_full_table_and_watches_it_with_w(tmp_path, tables_dir):
    async def body():
        with hosted(tables_dir, tmp_path / "host", "bob", "ai") as code:  # bob's seat: none for a guest
            async with web_door(tmp_path / "serve") as door, tab(door) as guest:
                await guest.until(rf"Open table {code} — Russian Makao")
                await guest.press("enter")
                await guest.until(r"Cannot join")
                await guest.until(r"press w to watch it\.")
                assert notice(guest) == (f"Cannot join no free seat at table {code}: every seat is taken. "
                                         "Highlight the table and press w to watch it.")
                await guest.press("w")
                await guest.until(rf"Table {code} — Russian Makao, hosted by")
                assert "guest-" not in guest.text  # watching: no seat

    run(body())


@pytest.mark.filterwarnings("error::pytest.PytestUnraisableExceptionWarning")
def test_a_match_to_resume_and_the_games_answer_the_keys_at_the_web_door(tmp_path, monkeypatch):
    monkeypatch.setenv("MAKAO_DATA_DIR", str(player_dir(tmp_path / "serve" / "players", "web", "alice")))
    store_match("makao-ru", 3, 40, [Seat("alice", False), Seat("Olga", True), Seat("Piotr", True)])
    alice = {"X-Forwarded-User": "alice"}  # a proxy's player, whose folder holds the match

    async def body():
        async with web_door(tmp_path / "serve", "X-Forwarded-User") as door:
            async with tab(door, alice) as terminal:
                await terminal.until(r"Resume — Russian Makao, alice vs 2 AI")
                await terminal.press("enter")  # the match, the first entry
                await terminal.until(r"Russian Makao · ")
            async with tab(door, alice) as terminal:
                await terminal.press("down", "enter")  # the first game, under the match
                await terminal.until(r"Russian Makao — new match")
            async with tab(door, alice) as terminal:
                await terminal.press("end", "up", "enter")  # the last game but one
                await terminal.until(r"Macao — new match")

    run(body())
