"""The AI's process starts after the app's first frame, and the AI's first move waits for it
(``MakaoApp.after_first_frame``). The frame was noted by a callback Textual keeps with the screen
on top when it is asked, run once that screen has refreshed while on top: a screen that never does
again (the cut for Macao's bank, dismissed at once) could keep it for good, and the AI seats never
moved (the Macao journeys' stalls, "Olga to play" for 180 s)."""

from __future__ import annotations

import asyncio

from makao_tui.app.main import MakaoApp

from .scenes import patience, step


def test_the_ai_waits_for_the_first_frame_only_until_a_screen_on_top_refreshes():
    async def main() -> None:
        app = MakaoApp()
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            app.first_frame.clear()  # as if the callback had gone with a screen dismissed at once
            waiting = asyncio.ensure_future(app.after_first_frame())
            for _ in patience("the AI's wait for the first frame to end"):
                if waiting.done():
                    break
                await step(pilot)
            assert app.first_frame.is_set()

    asyncio.run(main())
