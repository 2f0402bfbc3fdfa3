"""Three players of the SSH door at one Peklo table, each on a terminal of their own read as a
person reads it (issue 17's tests): Alice logs in and sees the start screen, hosts a Peklo table
with an open seat; Bob's start screen shows it by itself and he joins; both play the first deal
(one card each) to its end from their terminals; Carol watches it, and sees no hand."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import re
import signal

import pytest

from .util import HANG, REAL_APP, Terminal, connect, make_door, new_key, run, session, until

COLUMNS, ROWS = 80, 24


async def log_in(door, name: str) -> Terminal:
    conn, _ = await connect(door, name, new_key())
    terminal = Terminal(await session(conn, COLUMNS, ROWS), COLUMNS, ROWS)
    # the start screen (its list scrolls under the logo: with a table open, Peklo is further down)
    await terminal.until(r"Card games in the terminal\.")
    return terminal


def my_turn(terminal: Terminal) -> str | None:
    """``bid`` or ``card`` when the title says this player is to act, else None."""
    found = re.search(r"· your (bid|turn|lead)$", terminal.title)
    return None if found is None else "bid" if found.group(1) == "bid" else "card"


def playable(terminal: Terminal) -> int | None:
    """The number key of the first card the hand marks playable (•), or None while the hand
    shows none (the title can say "your turn" a frame before the hand is redrawn)."""
    lines = terminal.text.splitlines()
    start = next((i for i, line in enumerate(lines) if "Your hand" in line), len(lines))
    for line in lines[start:]:
        marks = re.findall(r"┗━(.)━┛|└─(.)─┘", line)
        if marks:
            return next((i + 1 for i, pair in enumerate(marks) if "•" in pair), None)
    return None


async def play_the_deal(players: list[Terminal], watcher: Terminal) -> None:
    """Each player takes their turns (the bid 0, the first playable card) until the deal's summary
    shows on every terminal."""
    while not all("Deal 1 is over" in p.text for p in players):
        for player in players:
            what = my_turn(player)
            if what is None:
                continue
            title = player.title
            if what == "card":
                await until(lambda player=player: playable(player) is not None)  # the hand is drawn
            player.press(*(("0", "enter") if what == "bid" else (str(playable(player)), "enter")))
            await until(lambda player=player, title=title: player.title != title)  # the turn was taken
        await asyncio.sleep(0.02)  # the table moves on (the AI's turn)
    await watcher.until(r"Deal 1 is over")


@pytest.mark.long
def test_two_ssh_players_host_join_and_play_a_peklo_deal_while_a_third_watches(tmp_path, monkeypatch):
    monkeypatch.setenv("MAKAO_TABLES_DIR", str(tmp_path / "tables"))
    (tmp_path / "tables").mkdir()

    async def body():
        door = make_door(tmp_path / "serve", command=REAL_APP)
        await door.start()
        try:
            await play(door)
        finally:
            await door.stop("test over")
            for info in (tmp_path / "tables").glob("*.json"):  # the table's own server: ended here
                with contextlib.suppress(OSError, ValueError):
                    os.kill(json.loads(info.read_text())["pid"], signal.SIGTERM)

    async def play(door) -> None:
        alice, bob = await log_in(door, "alice"), await log_in(door, "bob")
        alice.press("end", "enter")  # the last game: Peklo
        await alice.until(r"Peklo — new match")
        alice.press("tab", "enter")  # seat 2's Human / AI button: AI → Open
        await alice.until(r"2\.\s+Open")
        alice.press("ctrl+o")  # host for others
        code = (await alice.until(r"Table ([a-z]+-\d\d) — Peklo, hosted by ssh:alice")).group(1)
        await alice.until(rf"Others choose table {code} on their start screen")
        await bob.until(rf"Open table {code} — Peklo, hosted by ssh:alice")  # by itself
        bob.press("home", "enter")
        await alice.until(r"Your hand \(alice\)")
        await bob.until(r"Your hand \(bob\)")
        assert "Your hand (bob)" not in alice.text and "Your hand (alice)" not in bob.text
        carol = await log_in(door, "carol")
        await carol.until(rf"Open table {code} .*under way")
        carol.press("home", "w")
        await carol.until(r"Peklo · deal 1 of \d+")
        await carol.until(r"You are watching this table")
        await play_the_deal([alice, bob], carol)
        for terminal in (alice, bob, carol):
            assert re.search(r"alice ✓?\s+\d\s+\d", terminal.text) and "Olga" in terminal.text
            assert "Your hand" not in terminal.text  # the summary
        assert "follow the table" in carol.text and "deal the next hand" in alice.text
        for terminal in (alice, bob, carol):
            await terminal.close()

    run(body(), limit=8 * HANG)  # three apps, a table server and its AI on a loaded machine: a hang guard only
