"""Players of a ``makao serve`` door at a shared table: the door's word for who they are is believed
from the server's own Unix user only (issue 17 item 1, docs/protocol.md)."""

from __future__ import annotations

import asyncio
import os

from makao_tui.net import places
from makao_tui.net.client import default_name
from makao_tui.net.identity import ENV, DoorPlayer, door_player, encode_player
from makao_tui.net.protocol import VERSION, Hello, Join, Seated, Start, Welcome
from makao_tui.table import WIRE_VERSION, Refusal, said

from .util import Raw, config, server


def hello(door: DoorPlayer | None) -> Hello:
    return Hello(v=VERSION, wire=WIRE_VERSION, client="test", door=door)


def greet(path, door: DoorPlayer | None) -> tuple[Raw, Welcome]:
    raw = Raw(path)
    raw.send(hello(door))
    welcome = raw.read()
    assert isinstance(welcome, Welcome)
    return raw, welcome


def test_a_door_player_is_shown_as_the_door_names_them_and_sits_so(tmp_path):
    folder = tmp_path

    async def body():
        srv = await server(folder, config(seats=("open", "open", "ai")))
        path = places.socket_path(srv.code, folder)
        raw, welcome = await asyncio.to_thread(greet, path, DoorPlayer("ssh", "Bob", "SHA256:x"))
        assert welcome.user == "ssh:Bob"
        raw.send(Join(name="Bob"))
        assert isinstance(await asyncio.to_thread(raw.read), Seated)
        assert srv.info().seats[0].user == "ssh:Bob"
        assert srv.info().seats[0].describe() == "Bob (ssh:Bob)"
        raw.close()
        srv.close("test over")
        await srv.shutdown()

    asyncio.run(body())


def test_another_unix_users_claim_is_ignored_they_are_their_unix_user(tmp_path):
    async def body():
        srv = await server(tmp_path, config())
        srv.host_uid = os.getuid() + 1  # the peer is now another user than the server's
        path = places.socket_path(srv.code, tmp_path)
        raw, welcome = await asyncio.to_thread(greet, path, DoorPlayer("ssh", "Bob", "SHA256:x"))
        assert welcome.user == places.user_name(os.getuid())
        raw.close()
        srv.close("test over")
        await srv.shutdown()

    asyncio.run(body())


def test_a_table_a_door_player_opened_is_theirs_to_start(tmp_path, monkeypatch):
    monkeypatch.setenv(ENV, encode_player(DoorPlayer("ssh", "Alice", "SHA256:a")))

    async def body():
        srv = await server(tmp_path, config(game="peklo", seats=("open", "open", "open")))
        assert srv.info().host == "ssh:Alice"
        path = places.socket_path(srv.code, tmp_path)
        bob, _ = await asyncio.to_thread(greet, path, DoorPlayer("ssh", "Bob", "SHA256:b"))
        bob.send(Start(fill_ai=True))
        refused = await asyncio.to_thread(bob.read)
        assert isinstance(refused, Refusal) and "only the host (ssh:Alice)" in said(refused.words)
        local, _ = await asyncio.to_thread(greet, path, None)  # the door's Unix user, at the box itself
        local.send(Start(fill_ai=True))
        refused = await asyncio.to_thread(local.read)
        assert isinstance(refused, Refusal) and refused.kind == "start"
        alice, _ = await asyncio.to_thread(greet, path, DoorPlayer("ssh", "Alice", "SHA256:a"))
        alice.send(Join(name="Alice"))
        assert isinstance(await asyncio.to_thread(alice.read), Seated)
        alice.send(Start(fill_ai=True))
        while not srv.info().started:
            await asyncio.sleep(0.01)
        for raw in (alice, bob, local):
            raw.close()
        srv.close("test over")
        await srv.shutdown()

    asyncio.run(body())


def test_the_door_player_comes_from_the_environment_and_names_the_player(monkeypatch):
    monkeypatch.setenv(ENV, encode_player(DoorPlayer("web", "guest-\u202e4821\x1b[2J", None)))
    player = door_player()
    assert player is not None and player.label == "web:guest-4821 [2J"
    assert default_name() == "guest-4821 [2J"
    for bad in ("{", '{"door":"telnet","name":"x"}', '{"door":"ssh","name":"  "}', '{"door":"ssh"}'):
        monkeypatch.setenv(ENV, bad)
        assert door_player() is None
    monkeypatch.delenv(ENV)
    assert door_player() is None


def test_the_setup_screen_seats_a_door_player_under_their_name(monkeypatch):
    from makao_tui.app.screens.setup import SetupScreen
    from makao_tui.games import get_variant

    monkeypatch.setenv(ENV, encode_player(DoorPlayer("ssh", "Ann", "SHA256:a")))
    assert SetupScreen(get_variant("peklo")).start_seats[0].name == "Ann"
    monkeypatch.delenv(ENV)
    assert SetupScreen(get_variant("peklo")).start_seats[0].name == "Player 1"
