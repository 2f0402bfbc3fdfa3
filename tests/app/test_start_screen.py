"""The start screen with unfinished matches, as a newcomer met it (issue 30): at 80×24 three of
them pushed Peklo off the screen (in Polish Macao too) with no sign that the list went on, only
the three newest were offered, the three read the same ("Resume — Russian Makao, deal 1, You vs
Olga (AI), just now") and a match whose deal 1 was over still read "deal 1". Every game shows at
every size and in every language, the entries tell the matches apart, all of them are reachable,
and Esc from a game's setup comes back to that game."""

from __future__ import annotations

import re

import pytest

from makao_tui.app.main import MakaoApp
from makao_tui.app.screens.setup import SetupScreen
from makao_tui.app.screens.start import ALL_SAVES, RESUME, StartScreen, UnfinishedScreen
from makao_tui.app.tables import playable_games
from makao_tui.engine.i18n import _, set_language
from makao_tui.engine.match import Match
from makao_tui.store import Seat, open_store
from tests.store.util import short_setup, step

from .scenes import step as app_step
from .scenes import wait_for
from .test_language_picker import screen_text
from .test_table import run

YOU_AND_OLGA = [Seat("You", False), Seat("Olga", True)]


def store_ru(seed: int, until) -> Match:
    """A makao-ru match of You against Olga, played by the AI until ``until(match)``."""
    variant, rules, _seats = short_setup("makao-ru")
    with open_store() as store, store.start_match(variant, rules, YOU_AND_OLGA, seed) as writer:
        match = Match(variant, rules, [s.name for s in YOU_AND_OLGA], seed)
        while not until(match):
            step(match)
            writer.save(match)
    return match


def four_matches() -> list[Match]:
    """Four unfinished matches of the same game and players, the last played last: one after its
    first deal (the next not dealt), three in their first deal."""
    over = store_ru(1, lambda m: m.awaiting_next_deal)
    return [over] + [store_ru(seed, lambda m, n=n: m.action_count >= n) for seed, n in ((2, 6), (3, 8), (4, 10))]


def words(text: str) -> str:
    """The screen's words, one space between each (an entry may wrap; the list's border dropped)."""
    return " ".join(re.sub(r"[▊▎▔▁─]", " ", text).split())


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
@pytest.mark.parametrize("language", ["en", "ru", "pl"])
def test_every_game_is_in_sight_with_unfinished_matches(language, size):
    four_matches()
    set_language(language)
    app = MakaoApp(ai_delay=0)

    async def body(pilot):
        await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
        for _step in range(4):
            await app_step(pilot)
        text = screen_text(app)
        shown = words(text)
        for game in playable_games():  # its name and its line, whole
            assert f"{game.title()} " in shown and words(game.blurb_text()) in shown, (game.id, text)
        lines = text.rstrip().splitlines()
        assert lines[-1].strip().startswith(f"q {_('Quit')}")  # the key bar, last
        games = app.screen.query_one("#games")
        assert games.scroll_y == 0 and games.max_scroll_y == 0, text  # nothing hidden below
        ids = [o.id for o in games.options]
        offered = [i for i in ids if i.startswith(RESUME)]
        assert offered and offered[0] == f"{RESUME}4"  # the last played first
        if len(offered) < 4:
            assert ALL_SAVES in ids and f"({4})…" in shown
        entries = [str(games.get_option(i).prompt) for i in offered]
        assert len(set(entries)) == len(entries)  # told apart

    run(app, body, size=size)


def test_an_entry_says_where_its_match_stands():
    over, *_rest, newest_match = four_matches()
    app = MakaoApp(ai_delay=0)

    async def listed(pilot):
        await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
        for _step in range(3):
            await app_step(pilot)
        games = app.screen.query_one("#games")
        newest = str(games.get_option(f"{RESUME}4").prompt)
        to_act = newest_match.names[newest_match.state.to_act]
        assert f"Match #4 · deal 1 · {to_act} to play" in newest and "You vs Olga (AI)" in newest
        await pilot.press("end", "up", "up")  # the last game, Peklo, then up past the games
        while games.get_option_at_index(games.highlighted).id != ALL_SAVES:
            await pilot.press("up")
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, UnfinishedScreen))
        await pilot.pause()
        listed = app.screen.query_one("#unfinished")
        assert [o.id for o in listed.options] == [f"{RESUME}{n}" for n in (4, 3, 2, 1)]
        oldest = str(listed.get_option(f"{RESUME}1").prompt)
        totals = ", ".join(f"{name} {total}" for name, total in zip(over.names, over.totals, strict=True))
        assert f"Match #1 · deal 1 over · {totals}" in oldest and "to play" not in oldest
        await pilot.press("end", "enter")  # the oldest, reachable from the app: resumed
        await wait_for(pilot, lambda: type(app.screen).__name__ == "DealSummaryScreen"
                       or getattr(app.screen, "seating", None) is not None)
        assert app.writer is not None and app.writer.id == 1

    run(app, listed)


def test_esc_from_a_games_setup_comes_back_to_that_game():
    four_matches()
    app = MakaoApp(ai_delay=0)

    async def body(pilot):
        await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
        for _step in range(3):
            await app_step(pilot)
        games = app.screen.query_one("#games")
        games.highlighted = [o.id for o in games.options].index("macao")
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, SetupScreen))
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
        await pilot.pause()
        assert games.get_option_at_index(games.highlighted).id == "macao"

    run(app, body)
