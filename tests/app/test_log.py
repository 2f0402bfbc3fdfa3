"""The table's log keeps its newest line in sight (also when its height changes)."""

from __future__ import annotations

import asyncio

from textual.app import App, ComposeResult

from makao_tui.app.widgets.log import EventLog


class LogApp(App):
    CSS = "EventLog { height: 12; }"

    def compose(self) -> ComposeResult:
        yield EventLog(id="log")


def test_newest_line_stays_in_sight_when_the_log_gets_shorter():
    async def main():
        app = LogApp()
        async with app.run_test(size=(60, 20)) as pilot:
            log = app.query_one(EventLog)
            log.replace([(i, f"line {i}") for i in range(40)])
            await pilot.pause()
            assert log.scroll_y == log.max_scroll_y > 0
            log.styles.height = 5
            await pilot.pause()
            await pilot.pause()
            assert log.scroll_y == log.max_scroll_y
            log.append([(i, f"line {i}") for i in range(40, 45)])
            await pilot.pause()
            await pilot.pause()
            assert log.scroll_y == log.max_scroll_y

    asyncio.run(main())
