"""A table screen removed while it is still being mounted (the app quit, or the screen popped, the
moment a match starts) ends quietly: it neither draws nor plays (``TableScreen.leaving``).

This was the flaky ``test_a_corrupt_saved_games_file…`` (``NoMatches '#top-card'`` in
``TableScreen.on_mount`` on a loaded machine): its body ended as soon as the table screen was on
the stack, the app shut down while the screen was mounting, Textual then mounted none of its
containers' widgets but still sent the screen its Mount event, and the table queried them. Here
the app leaves after 0 to 3 turns of the event loop, which hits every stage of the mount."""

from __future__ import annotations

import asyncio

import pytest

from makao_tui.app.main import MakaoApp
from makao_tui.games import get_variant
from makao_tui.table import SeatSpec


@pytest.mark.parametrize("game", ["makao-ru", "makao-pl", "macao", "peklo"])
def test_quitting_the_moment_a_match_starts_is_no_error(game):
    variant = get_variant(game)
    seats = [SeatSpec("Ann", False), SeatSpec("", True), SeatSpec("", True)]

    async def main(turns: int) -> None:
        app = MakaoApp(ai_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            app.start_match(variant, variant.rules(), seats, 3)
            for _ in range(turns):
                await asyncio.sleep(0)

    for turns in range(4):
        asyncio.run(main(turns))  # raised NoMatches from the table's on_mount or on_resize


def test_a_table_popped_while_it_mounts_is_no_error():
    variant = get_variant("makao-ru")

    async def main() -> None:
        app = MakaoApp(ai_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            app.start_match(variant, variant.rules(), [SeatSpec("Ann", False), SeatSpec("", True)], 3)
            app.open_start()  # back to the start screen before the table was mounted
            await pilot.pause()
            assert type(app.screen).__name__ == "StartScreen"

    asyncio.run(main())
