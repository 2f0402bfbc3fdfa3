"""Names are text (issue 12): a player's name with markup, escape sequences or bidi controls is
shown literally (cleaned by engine.text.clean_name), on every screen of a match of every game, in
the seat widgets and score sheets, and never breaks the app."""

from __future__ import annotations

import asyncio

import pytest
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


#: seat names for whole matches: markup, escape sequences (a colour, a window title, a bell), bidi
#: controls, a name far too long, a newline
HOSTILE_SEATS = ("[bold red]Ann", "[/]", "Eve\x1b[31m\x1b]0;pwned\x07", "Bob\u202ebidi\u2066x", "W" * 60,
                 "[link=http://x]y", "two\nlines")
#: what must never reach a terminal from a name
RAW = ("\x1b", "\x07", "\u202e", "\u2066")


def hostile_match(game: str, seed: int, count: int | None = None) -> tuple[int, list[str]]:
    """A match of ``game`` (short options) at the table service, stored, seat 0 a human named
    ``[bold red]Ann`` moved by the game's AI, the other seats AI with the other hostile names;
    played to its end (or ``count`` actions). Checks every update the human's seat got: the names
    cleaned, no raw control or bidi character in its JSON. Returns the match id and the names."""
    import random

    import msgspec

    from makao_tui.ai import ai_for
    from makao_tui.store import Seat, open_store
    from makao_tui.table import SeatSpec, Table
    from tests.store.util import SHORT, short_setup

    variant, rules, _ = short_setup(game)
    given = [HOSTILE_SEATS[i % len(HOSTILE_SEATS)] for i in range(SHORT[game][1])]
    names = [clean_name(n) for n in given]
    updates: list = []
    with open_store() as store:
        writer = store.start_match(variant, rules, [Seat(n, i > 0) for i, n in enumerate(given)], seed)
        table = Table(variant, rules, [SeatSpec(n, i > 0) for i, n in enumerate(given)], seed, writer=writer)
        ann = table.join(0, updates.append)
        table.start()
        player, rng = ai_for(game), random.Random(seed)
        while not table.match_over and (count is None or table.match.action_count < count):
            if table.match.awaiting_next_deal:
                assert ann.next_deal(table.seq) is None
            else:
                assert table.match.state.to_act == 0
                assert ann.act(table.seq, player.choose(table.match.state.view(0), rng)) is None
        table.close()
    assert table.names == names
    for update in updates:
        assert [s.name for s in update.seats] == names
        text = msgspec.json.encode(update).decode()
        assert not any(c in text for c in RAW)
    return writer.id, names


@pytest.mark.parametrize("game", ["makao-ru", "makao-pl", "macao", "peklo"])
def test_a_whole_match_with_hostile_names_then_saves_and_history(game, data_dir):
    """A whole match at the table service with hostile names, then ``makao history`` and ``makao
    saves`` (with an unfinished match of the same names) show each name as literal text."""
    from typer.testing import CliRunner

    from makao_tui.cli import app as cli

    finished, names = hostile_match(game, 11)
    unfinished, _ = hostile_match(game, 12, count=5)
    runner = CliRunner()
    for command, match_id in (("history", finished), ("saves", unfinished)):
        out = runner.invoke(cli, [command], env={"COLUMNS": "400"})
        assert out.exit_code == 0, out.output
        assert str(match_id) in out.output
        assert not any(c in out.output for c in RAW)
        shown = names if command == "history" else names[:1]  # saves names the humans, "vs N AI"
        for name in shown:
            assert name in out.output


def test_score_sheets_and_statistics_of_matches_with_hostile_names(data_dir):
    """The statistics screen and each finished match's score sheet (Enter on its row) show the
    hostile names literally."""
    from textual.widgets import DataTable

    from makao_tui.app.screens.common import ScoreSheetScreen

    matches = [hostile_match(game, 11) for game in ("makao-ru", "peklo")]
    app = MakaoApp(ai_delay=0)

    async def main():
        async with app.run_test(size=(160, 50)) as pilot:
            app.push_screen(StatisticsScreen())
            await step(pilot)
            texts = [screen_text(app)]
            stats = app.screen.query_one("#stats", DataTable)
            players = [str(stats.get_row_at(row)[0]) for row in range(stats.row_count)]
            history = app.screen.query_one("#history", DataTable)
            for row in range(len(matches)):
                history.move_cursor(row=row)
                await pilot.press("enter")
                await step(pilot)
                assert isinstance(app.screen, ScoreSheetScreen)
                texts.append(screen_text(app))
                await pilot.press("escape")
                await step(pilot)
            return players, texts

    players, texts = asyncio.run(main())
    assert not any(c in texts[0] for c in RAW)
    for _, names in matches:
        assert {f"{name} (AI)" if seat else name for seat, name in enumerate(names)} <= set(players)
    for text, (_, names) in zip(texts[1:], reversed(matches), strict=True):  # the last finished first
        flat = text.replace("\n", "")
        assert not any(c in flat for c in RAW)
        for name in names:
            assert name[:8] in flat


def test_the_table_and_the_deal_summary_show_hostile_names_literally(data_dir):
    """A makao-ru match in the app with hostile names, played to the end of its first deal: the
    table and the deal's summary show every name as literal text."""
    from makao_tui.app.screens.common import DealSummaryScreen
    from makao_tui.table import SeatSpec

    from .scenes import app_ru, autoplay, humans_turn, wait_for

    given = HOSTILE_SEATS[:3]
    app = app_ru(seats=[SeatSpec(given[0], False), *(SeatSpec(n, True) for n in given[1:])])

    async def main():
        async with app.run_test(size=(120, 40)) as pilot:
            await wait_for(pilot, lambda: humans_turn(app))
            await step(pilot)
            table = screen_text(app)
            await autoplay(pilot, lambda: isinstance(app.screen, DealSummaryScreen))
            await step(pilot)
            return table, screen_text(app)

    for text in asyncio.run(main()):
        flat = text.replace("\n", "")
        assert not any(c in flat for c in RAW)
        for name in map(clean_name, given):
            assert name[:8] in flat
