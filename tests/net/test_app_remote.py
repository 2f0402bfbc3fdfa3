"""The app at a shared table (Pilot): the lobby fills as players sit, the host starts with AI in
the open seats, chat lines from others show literally, the start screen lists open tables (and
follows them as they open and fill; ``w`` watches one, and a watcher follows the players from deal
to deal), and the setup screen's Open seats are refused for a local match."""

from __future__ import annotations

import asyncio

from rich.text import Text
from textual.widgets import Input, OptionList, Static

from makao_tui.app.main import MakaoApp
from makao_tui.app.remote import ChatScreen, LobbyScreen
from makao_tui.app.screens import start
from makao_tui.app.screens.common import DealSummaryScreen
from makao_tui.app.screens.setup import SeatRow, SetupScreen
from makao_tui.app.screens.table import TableScreen
from makao_tui.games import get_variant
from makao_tui.net.client import handshake
from makao_tui.net.seating import SharedSeating

from .test_server import play_turns
from .util import Player, config, server, until


def text_of(widget: Static) -> str:
    content = widget.content if hasattr(widget, "content") else widget.renderable
    return content.plain if isinstance(content, Text) else str(content)


def test_the_lobby_fills_chat_is_literal_and_the_host_starts(tmp_path):
    async def body():
        srv = await server(tmp_path, config(game="peklo", seats=("open", "open", "open")))
        shake = await asyncio.to_thread(handshake, srv.code, "Ann", None, False, tmp_path)
        app = MakaoApp(shared=shake, ai_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await until(lambda: isinstance(app.screen, LobbyScreen))
            lobby = app.screen
            seats = lobby.query_one("#lobby-seats", Static)
            await pilot.pause()
            assert "1. Ann (" in text_of(seats) and "2. open" in text_of(seats)
            assert f"makao join {srv.code}" in text_of(lobby.query_one("#lobby-hint", Static))
            bob = await Player.sit(srv.code, "[red]Bob[/red]", tmp_path)
            await until(lambda: "[red]Bob[/red]" in text_of(seats))
            bob.conn.chat("hello [b]there[/b]\x1b[2J")
            await until(lambda: app.shared is not None and app.shared.chat)
            assert app.shared.chat[-1].text == "hello [b]there[/b] [2J"  # the escape character is a space
            await pilot.press("c")
            assert isinstance(app.screen, ChatScreen)
            assert "hello [b]there[/b]" in text_of(app.screen.query_one("#chat-text", Static))
            app.screen.query_one(Input).value = "hi Bob"
            await pilot.press("enter")
            await until(lambda: any(e.text == "hi Bob" for e in bob.events if hasattr(e, "text")))
            assert isinstance(app.screen, LobbyScreen)
            await pilot.press("s")  # the host starts: AI in the open seat
            await until(lambda: srv.info().started)
            assert [s.kind for s in srv.info().seats] == ["human", "human", "ai"]
            # the match is on: the usual Peklo table, reading this terminal's seat only
            await until(lambda: isinstance(app.screen, TableScreen))
            seating = app.seating
            assert isinstance(seating, SharedSeating) and seating.hand_seat() == 0
            assert all(c is not None for c in seating.view.hand)
            await pilot.pause()
        srv.close("test over")
        await srv.shutdown()

    asyncio.run(body())


def test_the_start_screen_lists_open_tables_above_the_games(tmp_path, monkeypatch):
    monkeypatch.setenv("MAKAO_TABLES_DIR", str(tmp_path))

    async def body():
        srv = await server(tmp_path, config())
        app = MakaoApp(ai_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            games = app.screen.query_one("#games", OptionList)
            first = games.get_option_at_index(0)
            assert first.id == f"join:{srv.code}"
            assert "Russian Makao" in str(first.prompt) and "open" in str(first.prompt)
        srv.close("test over")
        await srv.shutdown()

    asyncio.run(body())


def test_the_start_screen_follows_the_tables_w_watches_one_and_the_watcher_follows_the_deals(tmp_path,
                                                                                             monkeypatch):
    monkeypatch.setenv("MAKAO_TABLES_DIR", str(tmp_path))
    monkeypatch.setattr(start, "TABLES_LOOK_S", 0.05)

    async def body():
        app = MakaoApp(ai_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            games = app.screen.query_one("#games", OptionList)
            assert not app.screen.check_action("watch", ())  # no table: no w in the key bar
            await pilot.press("down")
            chosen = games.get_option_at_index(games.highlighted or 0).id
            srv = await server(tmp_path, config(game="peklo"))
            await until(lambda: games.get_option_at_index(0).id == f"join:{srv.code}")
            assert games.get_option_at_index(games.highlighted or 0).id == chosen  # the player's choice kept
            assert app.screen.check_action("watch", ())
            players = [await Player.sit(srv.code, name, tmp_path) for name in ("Ann", "Bob")]
            await until(lambda: "no free seat" in str(games.get_option_at_index(0).prompt))
            await pilot.press("home", "w")
            await until(lambda: isinstance(app.screen, TableScreen))
            seating = app.seating
            assert isinstance(seating, SharedSeating) and seating.hand_seat() is None
            await pilot.pause()
            assert str(app.screen.query_one("#hand-box").border_title) == "Watching"
            count = 0
            while not all(p.client.update is not None and p.client.update.deal_over for p in players):
                count += 1
                play_turns(players, count)
                await asyncio.sleep(0.01)
            await until(lambda: isinstance(app.screen, DealSummaryScreen))
            assert "follow the table" in str(app.screen.go_on_label)
            for player in players:
                player.client.next_deal()
            await until(lambda: isinstance(app.screen, TableScreen) and seating.deal_number == 2)
        for player in players:
            await player.conn.close()
        srv.close("test over")
        await srv.shutdown()

    asyncio.run(body())


def test_an_open_seat_is_for_hosting_not_for_a_local_match():
    async def body():
        app = MakaoApp(ai_delay=0)
        async with app.run_test(size=(100, 40)) as pilot:
            app.push_screen(SetupScreen(get_variant("makao-ru")))
            await pilot.pause()
            row = app.screen.query(SeatRow)[1]
            assert row.kind == "ai"
            row.toggle()
            assert row.kind == "open" and row.name_input.disabled
            await pilot.press("ctrl+s")
            await pilot.pause()
            assert "host the table" in text_of(app.screen.query_one("#setup-error", Static))
            assert isinstance(app.screen, SetupScreen)

    asyncio.run(body())
