"""The table screens are driven by the table's updates only: each game's screen, given a
:class:`Seating` whose clients receive every message as a JSON line (as a socket would carry it),
with no match anywhere in the app, shows the deal, takes the human's moves, sums up the deal from
the score sheet's rows and goes on to the next one."""

from __future__ import annotations

import random

import msgspec
import pytest

from makao_tui.ai import ai_for
from makao_tui.app.main import MakaoApp
from makao_tui.app.screens.common import DealSummaryScreen, PassDeviceScreen
from makao_tui.app.screens.table import TableScreen
from makao_tui.app.tables import table_for
from makao_tui.games import get_variant
from makao_tui.table import Message, Seating, SeatSpec, Table, TableClient

from .scenes import patience, step
from .test_table import run

ANN, BOB, AI = SeatSpec("Ann", False), SeatSpec("Bob", False), SeatSpec("", True)


class WireSeating(Seating):
    """This terminal's seats at ``table``, every message passed through its JSON line first; the
    table itself is out of the app's sight (the app has no match, no table, no seating)."""

    def __init__(self, table: Table) -> None:
        self._table = table
        clients = {}
        for seat in table.humans:
            clients[seat] = self._client(lambda listener, seat=seat: table.join(seat, listener))
        super().__init__(clients, self._client(table.watch))

    @staticmethod
    def _client(sit) -> TableClient:
        client = TableClient()
        client.sender = sit(lambda message: client.receive(
            msgspec.json.decode(msgspec.json.encode(message), type=Message)))
        return client

    def play(self) -> None:
        if not self._table.started:
            self._table.start()


@pytest.mark.parametrize(("game", "seats", "seed"), [
    ("makao-ru", (ANN, AI, AI), 3), ("makao-pl", (ANN, BOB), 5), ("macao", (ANN, AI), 3), ("peklo", (ANN, BOB, AI), 3),
])
def test_each_games_screen_plays_a_deal_from_updates_alone(game, seats, seed):
    variant = get_variant(game)
    rules = variant.rules({"deals": 3}) if game == "makao-pl" else variant.rules()
    table = Table(variant, rules, list(seats), seed)  # no worker: the AI seats answer at once
    seating = WireSeating(table)
    app = MakaoApp(ai_delay=0)
    rng = random.Random(1)

    async def body(pilot):
        await pilot.pause()
        app.push_screen(table_for(variant)(seating))
        summaries, passes, moves = [], 0, 0
        hot_seat = len(table.humans) > 1
        for _ in patience("two deals summed up (hot-seat: four turns passed)", 3000):
            screen = app.screen
            assert app.seating is None and app.table is None  # nothing in the app but the updates
            if len(summaries) == 2 or table.match.is_over or (hot_seat and passes >= 4 and moves >= 4):
                break
            if isinstance(screen, DealSummaryScreen):
                if not summaries or summaries[-1] != seating.deal_number:
                    summaries.append(seating.deal_number)
                await pilot.press("enter")
            elif isinstance(screen, PassDeviceScreen):
                assert seating.hand_seat() is None and seating.view.hand == ()  # the public view only
                passes += 1
                await pilot.press("enter")
            elif (isinstance(screen, TableScreen) and seating.at_keyboard is not None
                  and seating.to_act == seating.at_keyboard):
                view = seating.view
                assert view.hand == table.match.state.view(view.seat).hand  # the seat's own cards, decoded
                assert screen.act(ai_for(game).choose(view, rng)), screen.query_one("#status").render()
                moves += 1
            await step(pilot)
        assert summaries[:2] == [1, 2] or table.match.is_over or (hot_seat and passes >= 4 and moves >= 4)

    run(app, body)
