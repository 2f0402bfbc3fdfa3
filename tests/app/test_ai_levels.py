"""AI levels in the app: chosen per seat in setup and kept by the saved game; the table stays live
while a hard AI thinks; ``h`` gives the hard AI's hint to a lone human."""

from __future__ import annotations

import asyncio

from textual.widgets import Select

from makao_tui.ai import Thinking
from makao_tui.app.main import MakaoApp
from makao_tui.app.screens.common import HelpScreen, PassDeviceScreen, ScoreSheetScreen
from makao_tui.app.screens.setup import SeatRow, SetupScreen
from makao_tui.app.screens.table import TableScreen, describe_action
from makao_tui.engine.actions import Bid, Draw, Play
from makao_tui.engine.cards import Card
from makao_tui.store import open_store
from makao_tui.table import SeatSpec

from .scenes import ANN, BOB, RU, app_ru, humans_turn, peek, wait_for
from .test_table import run, status_text

HARD = SeatSpec("", True, "hard")


def test_setup_offers_a_level_for_each_ai_seat_and_the_saved_game_keeps_it():
    app = MakaoApp(ai_delay=0)

    async def body(pilot):
        app.open_setup("makao-ru")
        await pilot.pause()
        rows = list(app.screen.query(SeatRow))
        assert [r.query_one(".level", Select).visible for r in rows] == [False, True, True]
        rows[1].query_one(".level", Select).value = "hard"
        rows[2].query_one(".level", Select).value = "easy"
        await pilot.pause()
        app.screen.action_start()
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        assert [s.level for s in peek(app).seats[1:]] == ["hard", "easy"]
        assert type(peek(app)._players[1]).__name__ != type(peek(app)._players[2]).__name__

    run(app, body)
    with open_store() as store:
        saved = store.load(store.unfinished()[0].id)
    assert [(s.is_ai, s.level) for s in saved.seats] == [(False, "normal"), (True, "hard"), (True, "easy")]


def test_a_human_seat_hides_the_level_and_shows_it_again_as_ai():
    app = MakaoApp(ai_delay=0)

    async def body(pilot):
        app.push_screen(SetupScreen(RU, [ANN, HARD]))
        await pilot.pause()
        row = list(app.screen.query(SeatRow))[1]
        assert row.level == "hard"
        row.toggle()  # open for another player
        assert row.kind == "open" and not row.query_one(".level", Select).visible
        row.toggle()  # human
        assert row.kind == "human" and not row.query_one(".level", Select).visible
        row.toggle()
        assert row.query_one(".level", Select).visible and row.level == "hard"

    run(app, body)


def test_keys_work_while_a_hard_ai_thinks():
    # the AI thinks in its own process, and each decision with a real choice is held there until
    # the test lets it go (not for a time, which a loaded machine could outlast): the score sheet
    # and the help open and close meanwhile, the terminal is resized, and the AI's move comes after
    app = MakaoApp(variant=RU, rules=RU.rules(), seats=[ANN, HARD], seed=3, ai_delay=0.01,
                   thinking=Thinking(seconds=None, playouts=40))
    think, held = app.ai_worker.run, asyncio.Event()

    async def held_think(call, player, view, rng, *start):
        if len(view.legal) > 1:
            await held.wait()
        return await think(call, player, view, rng, *start)

    app.ai_worker.run = held_think

    async def body(pilot):
        session = peek(app)
        table = app.screen
        service = session.table
        while True:  # on to an AI turn with a real choice (a lone legal action needs no thought)
            await wait_for(pilot, lambda: humans_turn(app) or service.ai_thinking)
            if humans_turn(app):
                legal = session.match.state.legal_actions()
                table.act(next((a for a in legal if isinstance(a, Play)), legal[0]))
                continue
            if len(session.match.state.legal_actions()) > 1:
                break
            token = session.token()
            await wait_for(pilot, lambda token=token: session.token() != token)
        token = session.token()
        await pilot.press("s")
        assert isinstance(app.screen, ScoreSheetScreen)
        await pilot.press("escape")
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("escape")
        assert app.screen is table and session.token() == token and service.ai_thinking
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        assert session.token() == token and service.ai_thinking  # the keys did not wait for the AI
        held.set()
        await wait_for(pilot, lambda: session.token() != token)

    run(app, body)


def test_h_gives_the_hard_ai_hint_to_a_lone_human():
    app = app_ru(seats=(ANN, HARD))
    app.thinking = Thinking(seconds=None, playouts=40)

    async def body(pilot):
        await wait_for(pilot, lambda: humans_turn(app))
        token = peek(app).token()
        await pilot.press("h")
        await wait_for(pilot, lambda: "Hint:" in status_text(app))
        words = status_text(app)
        legal = peek(app).match.state.legal_actions()
        assert any(describe_action(a) in words for a in legal)
        assert peek(app).token() == token  # a hint plays nothing

    run(app, body)


def test_no_hint_in_hot_seat():
    app = app_ru(seats=(ANN, BOB))

    async def body(pilot):
        await wait_for(pilot, lambda: isinstance(app.screen, PassDeviceScreen))
        await pilot.press("enter")
        await wait_for(pilot, lambda: humans_turn(app))
        assert "h hint" not in app.screen.key_bar([]).plain
        await pilot.press("h")
        assert "hints are for one human playing against the computer" in status_text(app)

    run(app, body)


def test_actions_in_words():
    assert describe_action(Play(Card.parse("AS"), suit="H")) == "play A♠ and name ♥"
    assert describe_action(Play(Card.parse("JC"), demand="T", makao=True)) == "play J♣ and demand 10s, calling Makao"
    assert describe_action(Bid(0)) == "bid 0"
    assert describe_action(Draw()) == "draw a card"
    assert describe_action(Play(Card.parse("TH")), ascii=True) == "play 10H"
