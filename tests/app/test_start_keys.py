"""The start screen's list at 80×24 with matches to resume: ↑ on the first entry and ↓ on the
last stay where they are (the list does not wrap round, which scrolled the first entries out of
sight), as Home and End do; the list fits the screen (issue 30), so nothing scrolls."""

from makao_tui.app.main import MakaoApp

from .scenes import step, store_match
from .test_table import run


def test_up_on_the_first_entry_and_down_on_the_last_stay(data_dir):
    for game, seed, actions in (("makao-pl", 3, 40), ("peklo", 5, 30)):
        store_match(game, seed, actions)
    app = MakaoApp(ai_delay=0)

    async def body(pilot):
        for _step in range(3):
            await step(pilot)
        games = app.screen.query_one("#games")
        assert games.get_option_at_index(0).id.startswith("resume:")
        await pilot.press("home", "up")
        await pilot.pause()
        assert games.highlighted == 0 and games.scroll_y == 0
        await pilot.press("down")
        assert games.highlighted == 1
        await pilot.press("end", "down")
        await pilot.pause()
        assert games.highlighted == games.option_count - 1 and games.scroll_y == games.max_scroll_y == 0
        assert games.get_option_at_index(games.highlighted).id == "peklo"
        await pilot.press("up")
        assert games.highlighted == games.option_count - 2

    run(app, body)
