"""The receiving side of a table: what one seat (or a spectator) knows, read back from updates.

A :class:`TableClient` is the listener of a :class:`~makao_tui.table.service.Subscription` (in
process) or of a socket's JSON lines (a networked table): it decodes every :class:`Update` into
the engine's objects (the seat's view, the events of the log, the score-sheet rows) and sends
intents with the sequence number of the last update it saw. The table screens read only this.

It keeps what a table shows, not the whole match (issue 31 item 3): the last :data:`KEEP_ENTRIES`
log entries (``log_start`` is the table's number of the first one kept; a deal of thousands of
moves is not kept whole either), the most recent event of each kind in the deal under way (what
:meth:`TableClient.last_event` answers), and the last update without its log; the rest stays
with the table (in its store), which reads it back when the player scrolls back
(:meth:`~makao_tui.table.seating.Seating.older`). So a client's memory does not grow with the
length of the match.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

import msgspec

from ..engine.actions import Action
from ..engine.cards import Card
from ..engine.events import Event
from ..engine.variant import Variant
from ..games import get_variant
from .wire import KEEP_ENTRIES, Codec, DealRow, Hint, Notice, Refusal, SeatInfo, Update, ai_seat_label, said, to_wire


class Sender(Protocol):
    """Where a client's intents go: a :class:`~makao_tui.table.service.Subscription`, or a
    connection that sends them to a table server. Each returns the refusal when it is known at
    once (else None); ``hint`` returns the hint or the refusal."""

    def act(self, seq: int, action: Any) -> Refusal | None: ...

    def next_deal(self, seq: int) -> Refusal | None: ...

    def undo(self, seq: int) -> Refusal | None: ...

    async def hint(self, seq: int) -> Hint | Refusal: ...


@dataclass(frozen=True)
class Entry:
    """One log entry, decoded: ``deal`` (0: the match's opening), ``seat`` (who acted; None for
    an opening), ``events`` (engine events; cards the receiver may not see are None)."""

    deal: int
    seat: int | None
    events: tuple[Event, ...]


@dataclass(frozen=True)
class Row:
    """One deal of the score sheet, decoded (see :class:`~makao_tui.table.wire.DealRow`):
    ``public`` is the game's view object as a spectator sees it, ``hands`` every seat's cards at
    the deal's end (None while it is under way)."""

    number: int
    dealer: int
    public: Any
    points: tuple[int, ...] | None
    totals_after: tuple[int, ...] | None
    hands: tuple[tuple[Card, ...], ...] | None


class TableClient:
    """One receiver's knowledge of a table, from the updates it got (see the module docstring).

    Before the first update its fields are unset. ``on_message(message)``: called after each
    update (decoded first) and notice. ``sender``: set once the client has joined.
    Raises :class:`~makao_tui.table.wire.WireError` for an update that does not decode.
    """

    def __init__(self, on_message: Callable[[Any], None] | None = None) -> None:
        self.on_message = on_message
        self._sender: Sender | None = None
        self._update: Update | None = None
        #: the log entries kept (see the module docstring), the first one the table's entry number
        #: ``log_start`` (0: the match's first)
        self.log: list[Entry] = []
        self.log_start = 0
        #: the deal under way's most recent event of each class (see :meth:`last_event`): class ->
        #: (its place among the deal's events, the event); of deal ``_last_deal``
        self._last: dict[type, tuple[int, Event]] = {}
        self._last_deal = 0
        self._counted = 0
        self.rows: list[Row] = []
        self._finished: dict[int, Row] = {}
        self._codec: Codec | None = None
        self.variant: Variant | None = None
        self.rules: Any = None
        self.view: Any = None

    # ------------------------------------------------------------ receiving

    def receive(self, message: Any) -> None:
        """Take one message of the table (an :class:`Update`, a :class:`Notice`, or a
        :class:`Refusal` that arrives on its own from a networked table: :meth:`text` says it)."""
        if isinstance(message, Update):
            self._take(message)
        if self.on_message is not None:
            self.on_message(message)

    def _take(self, update: Update) -> None:
        if self._codec is None or self._codec.variant.id != update.game:
            self.variant = get_variant(update.game)
            self._codec = Codec(self.variant)
            self.rules = self._codec.rules(update.rules)
        codec = self.codec
        new = update.log
        if update.reset:  # (an undo: the deal's events are read anew)
            self._last.clear()
        first = max(0, len(new) - KEEP_ENTRIES)
        for passed in new[:first]:  # not kept, but the last of each kind of the deal is
            if passed.deal == update.deal:
                self._note(self.entry(passed))
        entries = [self.entry(e) for e in new[first:]]
        for entry in entries:
            self._note(entry)
        if update.reset or first:  # (more new entries than are kept: the log starts again)
            self.log_start = update.log_start + first
            self.log = entries
        else:
            self.log.extend(entries)
        self._trim()
        self.view = codec.value(update.view)
        if update.reset:
            self._finished.clear()
        self.rows = [self._row(r) for r in update.deals]
        # its log is in ``log`` now: the update is kept without it (a first update carries the
        # whole log of a resumed match)
        self._update = msgspec.structs.replace(update, log=[]) if update.log else update

    def entry(self, entry: Any) -> Entry:
        """A :class:`~makao_tui.table.wire.LogEntry` decoded."""
        value = self.codec.value
        return Entry(entry.deal, entry.seat, tuple(value(ev) for ev in entry.events))

    def _note(self, entry: Entry) -> None:
        """Remember the events of ``entry`` as the most recent of their kinds in its deal."""
        if entry.deal != self._last_deal:
            self._last.clear()
            self._last_deal = entry.deal
        for event in entry.events:
            self._counted += 1
            self._last[type(event)] = (self._counted, event)

    def _trim(self) -> None:
        """Drop the entries before the last :data:`KEEP_ENTRIES`."""
        cut = len(self.log) - KEEP_ENTRIES
        if cut > 0:
            del self.log[:cut]
            self.log_start += cut

    @property
    def log_end(self) -> int:
        """The table's entry number after the last entry received (the log's length at the table)."""
        return self.log_start + len(self.log)

    @property
    def update(self) -> Update:
        """The last update received; LookupError before the first."""
        if self._update is None:
            raise LookupError("no update from the table yet")
        return self._update

    @property
    def sender(self) -> Sender:
        """Where intents go; LookupError until the client has joined."""
        if self._sender is None:
            raise LookupError("this client has not joined a table")
        return self._sender

    @sender.setter
    def sender(self, sender: Sender) -> None:
        self._sender = sender

    @property
    def codec(self) -> Codec:
        """The reader of this game's values; LookupError before the first update."""
        if self._codec is None:
            raise LookupError("no update from the table yet")
        return self._codec

    def _row(self, row: DealRow) -> Row:
        """A score-sheet row decoded (a finished deal's only once: it does not change)."""
        done = self._finished.get(row.number)
        if done is not None:
            return done
        codec = self.codec
        out = Row(row.number, row.dealer, codec.value(row.public),
                  tuple(row.points) if row.points is not None else None,
                  tuple(row.totals_after) if row.totals_after is not None else None,
                  tuple(tuple(Card.parse(c) for c in hand) for hand in row.hands) if row.hands is not None else None)
        if row.points is not None:
            self._finished[row.number] = out
        return out

    # ------------------------------------------------------------ what the update says

    @property
    def seat(self) -> int | None:
        """The receiving seat (None: a spectator)."""
        return self.update.seat

    @property
    def seats(self) -> list[SeatInfo]:
        """Every seat: name, kind, label."""
        return self.update.seats

    @property
    def names(self) -> list[str]:
        """The seat names, seat 0 first."""
        return [s.name for s in self.update.seats]

    @property
    def players(self) -> int:
        """Number of seats."""
        return len(self.update.seats)

    def seat_label(self, seat: int) -> str:
        """The seat's name as the table shows it ("Olga (hard AI)"), in the language in use."""
        info = self.update.seats[seat]
        return ai_seat_label(info.name, info.level) if info.kind == "ai" else info.name

    def is_ai(self, seat: int | None) -> bool:
        """Whether ``seat`` is played by the computer."""
        return seat is not None and self.update.seats[seat].kind == "ai"

    @property
    def humans(self) -> list[int]:
        """The seats not played by the computer."""
        return [i for i, s in enumerate(self.update.seats) if s.kind != "ai"]

    @property
    def to_act(self) -> int | None:
        """The seat to act (None between deals and at the end)."""
        return self.update.to_act

    @property
    def seq(self) -> int:
        """The table's sequence number at the last update."""
        return self.update.seq

    @property
    def totals(self) -> list[int]:
        """Match totals per seat."""
        return self.update.totals

    @property
    def deal_number(self) -> int:
        """The number of the deal under way (or the last one)."""
        return self.update.deal

    def last_event(self, kind: type) -> Event | None:
        """The most recent event of class ``kind`` (or a subclass) in the deal under way, however
        long ago in it (the client remembers the last of each kind as the entries come)."""
        if self._last_deal != self.update.deal:
            return None
        found = [seen for cls, seen in self._last.items() if issubclass(cls, kind)]
        return max(found, key=lambda seen: seen[0])[1] if found else None

    def deal_events(self, deal: int | None = None) -> list[Event]:
        """The events of deal ``deal`` (default: the one under way or just over), in order, of
        the entries kept (the last :data:`KEEP_ENTRIES`: every one of a deal no longer than that,
        such as a Macao hand)."""
        deal = self.update.deal if deal is None else deal
        return [e for entry in self.log if entry.deal == deal for e in entry.events]

    # ------------------------------------------------------------ intents

    # Refusals, notices and hints come with their reasons as data only (``words``): ``text`` says
    # them in this client's language (the table may run in another: a shared table's players each
    # read their own).

    def act(self, action: Action) -> Refusal | None:
        """Send ``action`` for this seat; the refusal if it is known at once (say it with
        :meth:`text`)."""
        return self.sender.act(self.update.seq, action)

    def next_deal(self) -> Refusal | None:
        """Ask for the next deal."""
        return self.sender.next_deal(self.update.seq)

    def undo(self) -> Refusal | None:
        """Ask to take back this seat's last action."""
        return self.sender.undo(self.update.seq)

    async def hint(self) -> Hint | Refusal:
        """Ask what the hard AI would do here."""
        return await self.sender.hint(self.update.seq)

    def text(self, message: Refusal | Notice | Hint) -> str:
        """What a refusal, a notice or a hint says, in the language in use, the players' names in
        (:func:`~makao_tui.table.wire.said` of its ``words``)."""
        return said(message.words, self.names if self._update is not None else None)

    @property
    def undo_refused(self) -> str | None:
        """Why this seat cannot undo now, in the language in use (None: it can)."""
        update = self.update
        return said(update.undo_words, self.names) if update.undo_words is not None else None

    @property
    def hint_refused(self) -> str | None:
        """Why this seat cannot have a hint now, in the language in use (None: it can)."""
        update = self.update
        return said(update.hint_words, self.names) if update.hint_words is not None else None

    def hint_action(self, hint: Hint) -> Action:
        """The action a hint names, decoded."""
        return self.codec.action(hint.action)

    def wire(self, value: Any) -> Any:
        """``value``'s wire form (for comparing an action with a hint's)."""
        return to_wire(value)


__all__ = ["KEEP_ENTRIES", "Entry", "Notice", "Row", "Sender", "TableClient"]
