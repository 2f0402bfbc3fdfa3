"""An AI turn or a hint that raises never ends the app: the table says so and the match goes on."""

from __future__ import annotations

from makao_tui.ai import ai_for

from .scenes import AI, ANN, app_ru, humans_turn, peek, wait_for
from .test_table import run, status_text


async def _failing_think(call, *args):
    raise RuntimeError("the AI's process broke")


def test_an_ai_turn_that_fails_in_its_worker_is_a_message_and_the_seat_plays_on():
    app = app_ru(seats=(AI, AI), seed=4)
    app.ai_delay, app.ai_in_worker = 0.01, True  # AI turns run in the table's worker
    app.ai_worker.run = _failing_think

    async def body(pilot):
        session = peek(app)
        await wait_for(pilot, lambda: session.token()[1] >= 3)
        assert app.is_running and app.screen.is_mounted
        assert "AI failed (a fault in makao-tui: RuntimeError)" in status_text(app)
        assert "made the first legal move instead" in status_text(app)

    run(app, body)


def test_an_ai_that_raises_without_a_pause_is_a_message_too(monkeypatch):
    app = app_ru(seats=(ANN, AI, AI), seed=3)  # ai_delay 0: the AI seats play inside act()
    player = type(ai_for("makao-ru"))

    def broken(self, view, rng):
        raise ValueError("no idea")

    monkeypatch.setattr(player, "choose", broken)

    async def body(pilot):
        await wait_for(pilot, lambda: humans_turn(app))
        session = peek(app)
        table = app.screen
        table.act(session.match.state.legal_actions()[0])
        await wait_for(pilot, lambda: humans_turn(app))
        assert session.token()[1] >= 3  # both AI seats moved
        assert "AI failed (a fault in makao-tui: ValueError)" in status_text(app)

    run(app, body)


def test_a_hint_that_fails_is_a_message(monkeypatch):
    app = app_ru(seats=(ANN, AI))

    def broken(*_args):
        raise RuntimeError("the AI's process broke")

    monkeypatch.setattr("makao_tui.table.service.advise", broken)  # ai_delay 0: the hint is thought of in process

    async def body(pilot):
        await wait_for(pilot, lambda: humans_turn(app))
        token = peek(app).token()
        await pilot.press("h")
        await wait_for(pilot, lambda: "No hint" in status_text(app))
        assert "the hard AI failed (a fault in makao-tui: RuntimeError)" in status_text(app)
        assert peek(app).token() == token and app.is_running
        await pilot.press("h")  # and a second try is allowed
        await wait_for(pilot, lambda: "Thinking about a hint" not in status_text(app))

    run(app, body)
