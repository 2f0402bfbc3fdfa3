"""This terminal at a shared table: the :class:`~makao_tui.table.seating.Seating` the table screens
read, fed by a connection to a table server instead of an in-process table.

Usage (in the app's loop, once the first update of the match has come)::

    client = SharedTableClient(conn.info)       # conn: a Connection (makao_tui.net.client)
    conn.attach(client)                         # updates flow into it; its intents go out
    ... the first Update arrives ...
    seating = SharedSeating(conn, client)       # what the usual table screen of the game reads

The screens are the same as in solo and hot-seat play. What differs is the transport's part:
the server keeps the clock and plays the AI seats whatever one screen shows (``play``, ``hold``,
``tick`` do nothing), an intent's refusal comes back later as a message (``on_notice``), the log's
earlier entries are asked of the server (``older``), and ``close`` says goodbye to the server,
which keeps the seat. No Textual here.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from typing import Any

from ..engine.i18n import N_
from ..table import Entry, Refusal, TableClient, Update
from ..table.seating import Seating
from .client import ConnectError, Connection
from .protocol import TableInfo, refusal


class SharedTableClient(TableClient):
    """A table client at a shared table: a human seat's label carries the Unix user, or says that
    the player is away ("Bob (bob)", "Bob — disconnected", "Bob — AI plays": see
    :meth:`~makao_tui.net.protocol.TableSeat.label`), from the server's latest public description
    ``info`` (a ``lobby`` message replaces it)."""

    def __init__(self, info: TableInfo, on_message: Callable[[Any], None] | None = None) -> None:
        super().__init__(on_message)
        self.info = info

    def seat_label(self, seat: int) -> str:
        """The seat's name as the table shows it (see the class docstring)."""
        if seat < len(self.info.seats) and self.info.seats[seat].kind == "human":
            return self.info.seats[seat].label()
        return super().seat_label(seat)


class SharedSeating(Seating):
    """This terminal's one client at a shared table (its seat's, or a watcher's public view),
    reading the updates ``conn`` delivers. ``client`` must have had its first update.
    ``on_turn()``: called when it becomes this seat's turn (the terminal bell)."""

    def __init__(self, conn: Connection, client: SharedTableClient) -> None:
        seat = client.seat
        super().__init__({seat: client} if seat is not None else {}, client)
        self.conn = conn
        self.on_turn: Callable[[], None] | None = None
        self._my_turn = self._turn_now()

    def _turn_now(self) -> bool:
        update = self.watcher.update
        return update.seat is not None and update.to_act == update.seat and not update.deal_over

    def _heard(self, message: Any) -> None:
        super()._heard(message)
        if isinstance(message, Update):
            turn = self._turn_now()
            if turn and not self._my_turn and self.on_turn is not None:
                self.on_turn()
            self._my_turn = turn

    def away(self, seat: int) -> str | None:
        """``"away"`` for a human seat whose player's connection is gone, ``"AI"`` once an AI
        plays for them (the server's latest description says so), else None."""
        info = self.watcher.info if isinstance(self.watcher, SharedTableClient) else None
        if info is None or not 0 <= seat < len(info.seats):
            return None
        held = info.seats[seat]
        if held.kind != "human" or held.connected or not held.user:
            return None
        return "AI" if held.ai_playing else "away"

    def info_changed(self, info: TableInfo) -> None:
        """The table's public description changed (a player left or came back, an AI took over):
        the seat labels follow, the screen redraws."""
        client = self.watcher
        if isinstance(client, SharedTableClient):
            client.info = info
        if self.on_change is not None:
            self.on_change()

    async def older(self, end: int, count: int) -> tuple[int, list[Entry]] | Refusal:
        """As :meth:`Seating.older`, asked of the server (which keeps the match and its store):
        the entries the client keeps at once, the others as the server answers; a dropped
        connection is a refusal too."""
        if end - count >= self.client.log_start:
            return await super().older(end, count)
        try:
            page = await self.conn.older(end, count)
        except ConnectError:
            return refusal("older", "older", self.seq, N_("the connection dropped"))
        return self._page(page)

    def close(self, wait: float | None = None) -> str | None:
        """Leave the table: say goodbye (the server keeps the seat). Nothing is saved here: the
        server saves every action."""
        with contextlib.suppress(RuntimeError):  # no running loop: the connection ends with the process
            asyncio.get_running_loop().create_task(self.conn.close())
        return None


__all__ = ["SharedSeating", "SharedTableClient"]
