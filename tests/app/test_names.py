"""Names are text (issue 12): a player's name with markup, escape sequences or bidi controls is
shown literally (cleaned by engine.text.clean_name), on every screen of a match of every game, in
the seat widgets and score sheets, and never breaks the app."""

from __future__ import annotations

import asyncio

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from textual.app import App, ComposeResult

from makao_tui.app.main import MakaoApp
from makao_tui.app.screens.saves import StatisticsScreen
from makao_tui.app.widgets.scores import ScoreSheet, ScoreTable, TotalsChart
from makao_tui.app.widgets.seats import SeatPanel
from makao_tui.engine.text import clean_name

from .scenes import step

#: names that were trouble: Rich markup (one of them crashed the app), an escape sequence, bidi
#: controls, a newline, a name far too long
HOSTILE = ["[/]", "[bold red]Ann", "Eve\x1b[31m\x1b]0;pwned\x07", "Bob\u202ebidi\u2066x", "two\nlines",
           "[link=http://x]y", "W" * 60]


def screen_text(app) -> str:
    """Everything the terminal shows now, as plain text."""
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


class Harness(App[None]):
    """One seat panel, one score table and its chart, to be fed names."""

    def compose(self) -> ComposeResult:
        yield SeatPanel(id="seat")


names = st.text(alphabet=st.characters(codec="utf-8"), max_size=40) | st.sampled_from(HOSTILE)


@settings(max_examples=60, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(name=names, other=names)
def test_random_names_in_the_seat_panel_and_the_score_sheet(name, other):
    clean, clean_other = clean_name(name) or "x", clean_name(other) or "y"

    async def main():
        app = Harness()
        async with app.run_test(size=(100, 30)) as pilot:
            panel = app.query_one(SeatPanel)
            panel.show(clean, cards=3, dealer=True, to_act=True, you=False)
            sheet = ScoreSheet(["Deal", "Dealer", clean, clean_other], [["1", clean, "+3 → 3", "-3 → -3"]],
                               series=[(clean, [0, 3]), (clean_other, [0, -3])])
            await app.mount(ScoreTable(sheet), TotalsChart(sheet))
            await pilot.pause()
            return screen_text(app)

    text = asyncio.run(main())
    for shown in (clean, clean_other):
        assert shown[:8].strip() in text.replace("\n", "")
    assert "\x1b" not in text


def test_the_statistics_screen_shows_names_literally(data_dir):
    from makao_tui.store import Seat

    from .scenes import store_match

    store_match("macao", 4, 100_000, [Seat("[bold red]Ann", False), Seat("[/]", True)])
    app = MakaoApp(ai_delay=0)

    async def main():
        async with app.run_test(size=(120, 40)) as pilot:
            app.push_screen(StatisticsScreen())
            await step(pilot)
            return screen_text(app)

    text = asyncio.run(main())
    assert "[bold red]Ann" in text and "[/]" in text
