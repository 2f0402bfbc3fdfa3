"""One terminal's place at a table: the one interface the app's table screens read and act through.

A :class:`Seating` holds the :class:`~makao_tui.table.client.TableClient` of every seat played at
this terminal (``clients``: one in solo play or at a shared table, one per human in hot-seat,
every seat in a match of AI seats only, none for a spectator) and a ``watcher``: the client
whose updates are the public view (a spectator's subscription in process; at a shared table the
seat's own client). The screens read only what those clients received; they never see the
``Match`` or another seat's view. It offers:

- what to show: :attr:`client` (whose updates the table shows now: the human at the keyboard's,
  the watcher's while the keyboard is being passed), its ``view``, the seats (``names``,
  ``seat_label``, ``is_ai``), ``to_act``, ``totals``, the score sheet's ``rows``, ``deal_over``,
  ``match_over``, the clock (``seconds_left``), the ``log`` of events as data (words are the
  screens' business: the last entries only, :meth:`older` reads earlier ones back from the
  table), and why undo or a hint would be refused now;
- hot-seat privacy: :attr:`at_keyboard` (set only once the pass screen is confirmed),
  :meth:`needs_pass`, :meth:`hand_seat`;
- intents, each for the shown seat and with the sequence number of its last update:
  :meth:`act` (returns the :class:`~makao_tui.table.wire.Refusal`, or None), :meth:`next_deal`,
  :meth:`undo`, :meth:`hint` (awaitable: a :class:`~makao_tui.table.wire.Hint` or a refusal);
- delivery: after every change of the table ``on_change()`` is called (all of this terminal's
  clients are up to date by then), and ``on_notice(message)`` with news of the table itself (a
  :class:`~makao_tui.table.wire.Notice`: saving delayed, saved, failed; an AI that failed) or a
  refusal that comes later than the intent (a networked table). Both are called on the thread of
  the app's event loop (in process: inside the intent's call, or from the AI's task);
- the transport's part, which a subclass fills in: :meth:`play` (the table is on screen: the
  AI seats may move; the first call starts the match), :meth:`hold` (another screen covers it:
  a local table waits), :meth:`tick` (look at the clock), :meth:`save_status`, :meth:`close`.

:class:`LocalSeating` sits at an in-process :class:`~makao_tui.table.service.Table` (solo and
hot-seat play); a networked client subclasses :class:`Seating` with one client whose ``sender``
writes to the server's socket.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from ..engine.actions import Action
from ..engine.events import Event
from ..engine.i18n import _
from ..engine.words import Words
from .client import Entry, Row, TableClient
from .wire import Hint, LogPage, Notice, Refusal, Update

if TYPE_CHECKING:  # a shared table's seating (net.seating) runs no table service here: its module is not loaded
    from .service import Table


class Seating:
    """This terminal's seats at a table (see the module docstring).

    ``clients``: seat → client, the seats played here (their human seats; every seat when none
    is human); ``watcher``: the client of the public view, the last to receive each round of
    updates (it may be one of ``clients``). Every client must have received its first update.
    ``at_keyboard``: the human seat whose hand may be shown; with one human it is always that
    seat, with several it changes only when the pass screen is confirmed, and it is None while no
    human has been handed the keyboard yet.
    """

    def __init__(self, clients: Mapping[int, TableClient], watcher: TableClient) -> None:
        self.clients = dict(clients)
        self.watcher = watcher
        #: the human seats played at this terminal (seat order)
        self.humans = [s for s in sorted(self.clients) if not watcher.is_ai(s)]
        self.at_keyboard: int | None = self.humans[0] if len(self.humans) == 1 else None
        self.on_change: Callable[[], None] | None = None
        self.on_notice: Callable[[Any], None] | None = None
        self._shown = next(iter(self.clients), None)
        self._heard_at = time.monotonic()
        watcher.on_message = self._heard

    def _heard(self, message: Any) -> None:
        if isinstance(message, Update):
            self._heard_at = time.monotonic()
            if self.on_change is not None:
                self.on_change()
        elif self.on_notice is not None:
            self.on_notice(message)

    # ------------------------------------------------------------ the transport's part

    def play(self) -> None:
        """The table is on screen: the AI seats may move (a networked table plays regardless)."""

    def hold(self, held: bool) -> None:
        """Another screen covers the table (``held``) or it shows again (a networked table goes
        on whatever one screen shows)."""

    def tick(self) -> None:
        """Let the table look at its clock (a networked table's server keeps it)."""

    def save_status(self) -> Any:
        """How saving stands where this terminal can tell (a
        :class:`~makao_tui.store.SaveStatus`), or None: not saved here."""
        return None

    def close(self, wait: float | None = None) -> str | None:
        """Leave the table; returns why some actions could not be saved, or None."""
        return None

    # ------------------------------------------------------------ whose updates show

    @property
    def client(self) -> TableClient:
        """The client whose updates the table shows: the human at the keyboard's (the watcher's
        while the keyboard is being passed); with no human seat here, the seat to act's (the
        last one's between deals), or the watcher's for a spectator."""
        if self.humans:
            return self.watcher if self.at_keyboard is None else self.clients[self.at_keyboard]
        if not self.clients:
            return self.watcher
        if self.to_act is not None and self.to_act in self.clients:
            self._shown = self.to_act
        return self.clients[self._shown] if self._shown is not None else self.watcher

    def needs_pass(self) -> bool:
        """Whether the keyboard must be handed to the human to act before the table may show."""
        seat = self.to_act
        return (seat is not None and seat in self.humans and len(self.humans) > 1
                and seat != self.at_keyboard)

    def hand_seat(self) -> int | None:
        """The seat whose hand the table shows (None: no hand, the public view)."""
        return self.client.seat

    def viewer(self) -> int:
        """The seat reading the log (-1: a spectator, who may read nobody's private cards)."""
        seat = self.client.seat
        return -1 if seat is None else seat

    # ------------------------------------------------------------ what the updates say

    @property
    def update(self) -> Update:
        """The last public update."""
        return self.watcher.update

    @property
    def variant(self) -> Any:
        """The game (:class:`~makao_tui.engine.variant.Variant`)."""
        return self.watcher.variant

    @property
    def rules(self) -> Any:
        """The match's rules config (public to every seat)."""
        return self.watcher.rules

    @property
    def names(self) -> list[str]:
        """The seat names, seat 0 first."""
        return self.watcher.names

    @property
    def players(self) -> int:
        """Number of seats."""
        return self.watcher.players

    def seat_label(self, seat: int) -> str:
        """"Olga (AI)", "Olga (hard AI)", or the bare name of a human."""
        return self.watcher.seat_label(seat)

    def is_ai(self, seat: int | None) -> bool:
        """Whether ``seat`` is played by the computer."""
        return self.watcher.is_ai(seat)

    def away(self, seat: int) -> str | None:
        """A word for a human seat whose player is not at the table now (at a shared table:
        ``"away"``, or ``"AI"`` while an AI plays for them), or None: here, or not a human seat."""
        return None

    @property
    def to_act(self) -> int | None:
        """The seat to act in the deal under way (None once it is over)."""
        return self.watcher.to_act

    @property
    def view(self) -> Any:
        """The game's view of the deal in the shown client's last update."""
        return self.client.view

    @property
    def public(self) -> Any:
        """The public view of the deal (no hand in it)."""
        return self.watcher.view

    @property
    def rows(self) -> list[Row]:
        """The deals so far, for the score sheet (public views; every hand once a deal is over)."""
        return self.watcher.rows

    @property
    def totals(self) -> list[int]:
        """Match totals per seat."""
        return self.watcher.totals

    @property
    def deal_number(self) -> int:
        """The number of the deal under way (or the last)."""
        return self.watcher.deal_number

    @property
    def deal_over(self) -> bool:
        """Whether the deal under way is over."""
        return self.update.deal_over

    @property
    def match_over(self) -> bool:
        """Whether the match is over."""
        return self.update.match_over

    @property
    def winners(self) -> list[int]:
        """The seats with the best total (the winners once the match is over)."""
        return self.update.winners

    @property
    def time_limit_min(self) -> int | None:
        """Minutes the match may last (rule option ``time_limit_min``), or None."""
        return self.update.time_limit_min

    @property
    def time_up(self) -> bool:
        """Whether the time limit is reached (the deal under way is the last)."""
        return self.update.time_up

    def seconds_left(self) -> float | None:
        """Seconds before the time limit now (the last update's figure, less the time since it
        came; never negative), or None without a limit."""
        left = self.update.seconds_left
        if left is None or self.update.time_up:
            return left
        return max(0.0, left - (time.monotonic() - self._heard_at))

    @property
    def seq(self) -> int:
        """The table's sequence number at the last update: it changes with every action, new
        deal and undo."""
        return self.watcher.seq

    @property
    def log(self) -> list[Entry]:
        """The log as the shown client received it (events as data, hidden cards None)."""
        return self.client.log

    @property
    def log_start(self) -> int:
        """The table's number of the first entry in :attr:`log` (the entries before it were not
        kept here: :meth:`older` reads them back)."""
        return self.client.log_start

    async def older(self, end: int, count: int) -> tuple[int, list[Entry]] | Refusal:
        """Up to ``count`` log entries before the table's entry number ``end``, as the shown seat
        may see them, and the number of the first: what the player scrolling back reads; or the
        table's refusal (an ``end`` or ``count`` it has not, a store it cannot read now: say it
        with :meth:`text`). Here only those the client kept; a subclass asks its table for the
        rest (in process, or the server of a shared table)."""
        client = self.client
        start = max(client.log_start, end - count)
        return start, client.log[start - client.log_start:max(start, end) - client.log_start]

    def _page(self, page: LogPage | Refusal) -> tuple[int, list[Entry]] | Refusal:
        """A table's page of log entries decoded by the shown client (a refusal as it is)."""
        if isinstance(page, Refusal):
            return page
        client = self.client
        return page.start, [client.entry(entry) for entry in page.log]

    def last_event(self, kind: type) -> Event | None:
        """The most recent event of class ``kind`` in the deal under way (as the shown client knows it)."""
        return self.client.last_event(kind)

    def deal_events(self, deal: int | None = None) -> list[Event]:
        """The events of deal ``deal`` (default: the one under way or just over), in order."""
        return self.client.deal_events(deal)

    def _seating_refusal(self) -> Words | None:
        """Why this seating itself refuses undo (None: the table decides): not one human here."""
        if len(self.humans) != 1:
            return (Words("undo is off in hot-seat: it would take back the others' moves") if self.humans
                    else Words("undo is for a human playing against the computer"))
        return None

    def undo_refusal(self) -> str | None:
        """Why undo cannot work now (None: it can), as the table says for the human seat, in the
        language in use."""
        why = self._seating_refusal()
        if why is not None:
            return why.text(self.names)
        return self.clients[self.humans[0]].undo_refused

    def hint_refusal(self) -> str | None:
        """Why a hint cannot be had now (None: it can), as the table says for the shown seat, in
        the language in use."""
        if len(self.humans) != 1:
            return _("hints are for one human playing against the computer")
        return self.clients[self.humans[0]].hint_refused

    # ------------------------------------------------------------ intents

    def act(self, action: Action) -> Refusal | None:
        """Send the shown seat's ``action`` to the table (the client's sender: the table service
        in process, a server's connection at a shared table) with the sequence number of the
        client's last update; the refusal (say it with :meth:`text`), or None when it was sent
        (carried out, in process)."""
        client = self.client
        return client.sender.act(client.seq, action)

    def next_deal(self) -> Refusal | None:
        """Ask for the next deal (the deal must be over and the match not)."""
        client = self.clients.get(self.at_keyboard) if self.at_keyboard is not None else None
        return (client or next(iter(self.clients.values()), self.watcher)).next_deal()

    def undo(self) -> Refusal | None:
        """Take back the human's last action and the computer's after it."""
        why = self._seating_refusal()
        if why is not None:
            return Refusal(kind="undo", words=why.to_wire(), intent="undo", seq=self.seq)
        return self.clients[self.humans[0]].undo()

    async def hint(self) -> Hint | Refusal:
        """What the hard AI would do in the shown seat's place."""
        return await self.client.hint()

    def hint_action(self, hint: Hint) -> Action:
        """The action a hint names."""
        return self.client.hint_action(hint)

    def text(self, message: Refusal | Notice | Hint) -> str:
        """What a refusal, a notice or a hint of the table says, in the language in use, the
        players' names in (:meth:`TableClient.text`)."""
        return self.client.text(message)


class LocalSeating(Seating):
    """This terminal at an in-process :class:`~makao_tui.table.service.Table`: a client joins
    every human seat (every seat when none is human), then a spectator watches (the public view,
    last of each round of updates). The table is this seating's: :meth:`close` closes it."""

    def __init__(self, table: Table) -> None:
        self.table = table
        clients: dict[int, TableClient] = {}
        for seat in table.humans or range(table.players):
            client = TableClient()
            client.sender = table.join(seat, client.receive)
            clients[seat] = client
        watcher = TableClient()
        watcher.sender = table.watch(watcher.receive)
        super().__init__(clients, watcher)

    def play(self) -> None:
        """Let the AI seats play (the first call starts the match; call it in the app's loop)."""
        self.table.hold(False)
        if not self.table.started:
            self.table.start()

    def hold(self, held: bool) -> None:
        """Hold the AI seats back while the table is not on screen (help, a score sheet…)."""
        self.table.hold(held)

    def tick(self) -> None:
        """Let the table look at the clock (the time limit)."""
        self.table.tick()

    def save_status(self) -> Any:
        """The table writer's :class:`~makao_tui.store.SaveStatus`, or None: not saved."""
        return self.table.save_status()

    def close(self, wait: float | None = None) -> str | None:
        """Close the table: the AI stops, the match is released (it stays saved)."""
        return self.table.close(wait)

    async def older(self, end: int, count: int) -> tuple[int, list[Entry]] | Refusal:
        """As :meth:`Seating.older`, read from the table (:meth:`Table.older
        <makao_tui.table.service.Table.older>`: what it keeps, and the earlier entries rebuilt
        from its store), with what the shown seat may not see blanked as in its updates."""
        return self._page(await self.table.older_async(self.client.seat, end, count))


__all__ = ["LocalSeating", "Seating"]
