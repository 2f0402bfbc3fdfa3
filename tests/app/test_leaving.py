"""Leaving a match with q: back to the start screen when the match was chosen there, out of the app
when the command line opened it; q works on the pass screen too."""

from makao_tui.app.main import MakaoApp
from makao_tui.app.screens.common import ConfirmScreen, MatchEndScreen, PassDeviceScreen
from makao_tui.app.screens.setup import SetupScreen
from makao_tui.app.screens.shedding import ShedTableScreen
from makao_tui.app.screens.start import StartScreen
from makao_tui.games import get_variant

from .scenes import AI, ANN, BOB, app_ru, autoplay, humans_turn, wait_for
from .test_table import run


def test_q_at_a_match_chosen_on_the_start_screen_goes_back_there():
    app = MakaoApp(ai_delay=0)

    async def body(pilot):
        await pilot.press("enter")  # Russian Makao
        await wait_for(pilot, lambda: isinstance(app.screen, SetupScreen))
        await pilot.press("ctrl+s")
        await wait_for(pilot, lambda: humans_turn(app))
        match_id = app.writer.id
        await pilot.press("q")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        assert "Resume on the start screen" in app.screen.question
        await pilot.press("y")
        await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
        assert app.is_running and app.writer is None
        with app.store.resume(match_id):  # released: it can be resumed
            pass
        assert app.screen.query_one("#games").get_option(f"resume:{match_id}").prompt

    run(app, body)


def test_q_on_the_pass_screen_asks_then_ends_a_command_line_match():
    app = app_ru(seats=(ANN, BOB), seed=1)

    async def body(pilot):
        await wait_for(pilot, lambda: isinstance(app.screen, PassDeviceScreen))
        await pilot.press("q")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        assert "makao resume reopens it" in app.screen.question
        await pilot.press("n")
        await wait_for(pilot, lambda: isinstance(app.screen, PassDeviceScreen))
        await pilot.press("q")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        await pilot.press("y")
        await pilot.pause()
        assert not app.is_running

    run(app, body)


def test_q_at_the_end_of_a_match_chosen_on_the_start_screen_goes_back_there():
    app = MakaoApp(ai_delay=0)
    ru = get_variant("makao-ru")

    async def body(pilot):
        app.open_setup("makao-ru")
        await pilot.pause()
        app.start_match(ru, ru.rules({"loss_limit": 200}), [AI, AI], 11)
        await wait_for(pilot, lambda: isinstance(app.screen, ShedTableScreen))
        await autoplay(pilot, lambda: isinstance(app.screen, MatchEndScreen))
        await pilot.pause()
        assert "Start screen (q)" in str(app.screen.query_one("#quit").label)
        await pilot.press("q")
        await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
        assert app.is_running

    run(app, body)
