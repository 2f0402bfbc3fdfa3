"""The table service: one running match, its seats, AI players, clock, saving and undo.

See the package docstring (:mod:`makao_tui.table`) for how it is used.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import logging
import random
import threading
import time
from collections.abc import Callable, Generator, Sequence
from dataclasses import dataclass
from typing import Any, cast

import msgspec

from ..ai import DEFAULT_LEVEL, Player, Thinking, advise, ai_for, decide, decision_rng
from ..engine.actions import Action, ActionFormatError, action_from_json
from ..engine.errors import MakaoError
from ..engine.events import Event
from ..engine.i18n import N_, _, pgettext
from ..engine.match import Match
from ..engine.state import GameState, IllegalAction
from ..engine.text import clean_name
from ..engine.variant import Variant, rules_to_options
from ..engine.words import NC_, Seat, Words, fault_words
from ..store import StoreError
from .wire import KEEP_ENTRIES, DealRow, Hint, LogEntry, LogPage, Notice, Refusal, SeatInfo, Update, to_wire
from .worker import AIWorker

#: names given to AI seats that were not named, first unused one first (each said in the language
#: in use, under :data:`AI_NAME`: "Ольга" on a Russian screen; a match keeps the names it was given)
AI_NAMES = (NC_("an AI player's name", "Olga"), NC_("an AI player's name", "Piotr"),
            NC_("an AI player's name", "Ivan"), NC_("an AI player's name", "Zosia"),
            NC_("an AI player's name", "Marek"), NC_("an AI player's name", "Vera"),
            NC_("an AI player's name", "Kasia"), NC_("an AI player's name", "Boris"))
#: the context of :data:`AI_NAMES` in the catalogs
AI_NAME = "an AI player's name"

#: what a table calls with every message for one receiver
Listener = Callable[[Any], None]

#: the table's log: an AI's fault in full (the players are told its type only: ``fault_words``);
#: at INFO, so that it is written where logging is set up (a table server's log) and nowhere else
log = logging.getLogger("makao.table")


@dataclass(frozen=True)
class SeatSpec:
    """One seat of a match: ``name`` (empty for an AI seat lets the table pick one), ``is_ai``,
    the AI's ``level`` (one of :data:`makao_tui.ai.LEVELS`; ignored for a human seat), and
    ``open``: a human seat waiting for whoever joins (its ``name`` may be empty)."""

    name: str
    is_ai: bool
    level: str = DEFAULT_LEVEL
    open: bool = False


def seat_names(seats: Sequence[SeatSpec]) -> list[str]:
    """Seat names: the humans' own, cleaned (:func:`~makao_tui.engine.text.clean_name`: no control
    or bidi characters, a length limit), and for unnamed AI seats the first unused of
    :data:`AI_NAMES`; a human seat whose name cleans to nothing is "Player N", an unnamed open
    seat "Seat N" (N: seat number). The names made here are in the language in use ("Ольга",
    "Игрок 2"): they are given once, when the table is set, and kept with the match."""
    given = [clean_name(s.name) for s in seats]
    taken = {name.casefold() for name in given if name}
    pool = [n for n in (pgettext(AI_NAME, name) for name in AI_NAMES) if n.casefold() not in taken]
    names: list[str] = []
    for spec, name in zip(seats, given, strict=True):
        number = len(names) + 1
        if name:
            names.append(name)
        elif spec.is_ai:
            names.append(pool.pop(0) if pool else _("AI {number}").format(number=number))
        else:
            names.append((_("Seat {number}") if spec.open else _("Player {number}")).format(number=number))
    return names


#: why undo is refused once the deal of the human's last move is settled, by what the game calls a
#: deal (``Variant.deal_word``): its end showed the cards to come (Macao's next card, the others'
#: hands), so taking a move back into it would be a peek (issue 13: undo cannot peek)
UNDO_SETTLED = {
    "deal": N_("undo cannot reopen a settled deal: you have seen how it ended"),
    "hand": N_("undo cannot reopen a settled hand: you have seen how it ended"),
}


#: what the table's notice ``"saved"`` says: the actions a busy file or a full disk held back are
#: all written now
SAVED = Words("Every action of this match is saved.")


#: the most log entries one request may read back (:meth:`Table.older`; the app asks for a page of 100)
OLDER_MAX = 1000
#: the log entries a table rebuilds from its store at once, ending with those asked for: the pages
#: before them are then read without rebuilding the match again (one player scrolling back)
OLDER_WINDOW = 2000
#: stored actions replayed between two looks at the event loop while a page is rebuilt
#: (:meth:`Table.older_async`): about a millisecond of the compiled cores' time
OLDER_SLICE = 200


def deal_start(match: Match) -> int:
    """The place over the whole match (a count of actions, as :func:`last_move` counts) where
    the deal under way, or the last one, began: an undo keeps at least this many actions, the rule
    that undo stays inside the deal under way (:data:`UNDO_SETTLED`)."""
    return match.action_count - len(match.current.actions)


def last_move(match: Match, seat: int) -> int | None:
    """The place over the whole match of ``seat``'s last action (as :func:`makao_tui.store.undo_point`
    finds it in ``match.all_actions()``: the count of actions an undo keeps), or None if it never
    acted or acted only in deals whose actions the match let go (``Match.forget_actions``: the
    deals before the one under way). Searched from the last deal back, so the check costs the
    same late in a long match as early (it is made for every update)."""
    end = match.action_count
    for deal in reversed(match.deals):
        end -= len(deal.actions)
        for index in range(len(deal.actions) - 1, -1, -1):
            if deal.actions[index][0] == seat:
                return end + index
    return None


class TableError(MakaoError):
    """A seat that cannot be joined (no such seat, or a client holds it already)."""


@dataclass(frozen=True)
class _Entry:
    """The events one step caused, as the engine made them (``deal`` 0: the match's opening)."""

    deal: int
    seat: int | None
    events: tuple[Event, ...]

    def seen_by(self, seat: int | None) -> LogEntry:
        """This entry as ``seat`` may see it (None: a spectator): every card of an event private
        to another seat blanked (:func:`~makao_tui.table.wire.to_wire` with ``hide``)."""
        return LogEntry(deal=self.deal, seat=self.seat, events=[
            to_wire(ev, hide=ev.private_to is not None and ev.private_to != seat) for ev in self.events])


class _Unavailable(Exception):
    """Log entries that cannot be read back now: ``words`` says why."""

    def __init__(self, words: Words) -> None:
        super().__init__(words.text())
        self.words = words


class Subscription:
    """One receiver at a table: a seat (``seat``) or a spectator (``seat`` None).

    Made by :meth:`Table.join` / :meth:`Table.watch`; its ``listener`` gets an :class:`Update`
    after every change of the table (the first one at once) and a :class:`Notice` when something
    happens to the table itself. Intents (:meth:`act`, :meth:`next_deal`, :meth:`undo`,
    :meth:`hint`) carry ``seq``, the sequence number of the last update the sender saw, and
    return their :class:`Refusal` (or None when carried out); a refusal changes nothing.
    """

    def __init__(self, table: Table, seat: int | None, listener: Listener) -> None:
        self.table = table
        self.seat = seat
        self.listener = listener
        self._sent = 0
        self._reset = True
        self.closed = False

    def act(self, seq: int, action: Action | dict[str, Any]) -> Refusal | None:
        """Apply ``action`` (an Action or its docs/scenarios.md JSON form) for this seat."""
        return self.table._act(self, seq, action)

    def next_deal(self, seq: int) -> Refusal | None:
        """Start the next deal once the deal under way is over (any seated receiver may)."""
        return self.table._next_deal_for(self, seq)

    def undo(self, seq: int) -> Refusal | None:
        """Take back this seat's last action and the AI's actions after it (one human against AI
        seats only, in a saved match); every receiver then gets a ``reset`` update."""
        return self.table._undo(self, seq)

    async def hint(self, seq: int) -> Hint | Refusal:
        """What the hard AI would do in this seat's place now, from this seat's view (it thinks in
        the AI's process, up to the table's ``thinking`` budget)."""
        return await self.table._hint(self, seq)

    def update(self) -> Update:
        """An update for this receiver now (the log entries it has not been sent yet)."""
        return self.table._update_for(self)

    def older(self, end: int, count: int) -> LogPage | Refusal:
        """Up to ``count`` log entries before entry number ``end`` as this receiver's seat may see
        them (:meth:`Table.older`)."""
        return self.table.older(self.seat, end, count)

    def older_steps(self, end: int, count: int) -> Generator[None, None, LogPage | Refusal]:
        """:meth:`older` in steps (:meth:`Table.older_steps`)."""
        return self.table.older_steps(self.seat, end, count)

    def leave(self) -> None:
        """Stop receiving; the seat is free to be joined again."""
        self.table._leave(self)


class Table:
    """A running match and the seats around it (see the package docstring).

    ``variant``, ``rules``, ``seats`` (:class:`SeatSpec`, seat 0 first), ``seed`` and
    ``first_dealer`` make the match (:class:`~makao_tui.engine.match.Match`).
    ``worker``: the AI's process (:class:`AIWorker`); None plays AI turns at once on the caller's
    thread, in a row, before the update goes out (tests, ``ai_delay`` 0). ``ai_delay``: seconds
    an AI move waits at least, so humans can follow (with a worker); ``pace(view, rules)``: a
    factor on it for the AI seat about to move (the table screens lengthen it after a trick…).
    ``thinking``: the hard AI's budget. ``clock``: monotonic seconds (the time limit).
    ``writer``: a :class:`~makao_tui.store.MatchWriter` that stores every action (None: unsaved).
    ``on_error``: called with an exception an AI turn raised (default: the loop's handler).
    Raises :class:`~makao_tui.engine.variant.RulesError` for a player count the game does not
    take. AI seats move only after :meth:`start`.

    Memory (issue 31 item 3): a saved table keeps of its log the entries of the deal under way and
    at least the last :data:`~makao_tui.table.wire.KEEP_ENTRIES`, and of its match the actions of
    the deal under way (what undo takes back); the rest is in the store, and :meth:`older` reads
    the log's earlier entries back from it. An unsaved table (a lesson, a test, a match whose
    saving failed) keeps what it has from then on.
    """

    def __init__(self, variant: Variant, rules: Any, seats: Sequence[SeatSpec], seed: int, *,
                 first_dealer: int | None = None, worker: AIWorker | None = None, ai_delay: float = 0.0,
                 pace: Callable[[Any, Any], float] | None = None, thinking: Thinking | None = None,
                 clock: Callable[[], float] = time.monotonic, writer: Any = None,
                 on_error: Callable[[BaseException], None] | None = None) -> None:
        self.variant = variant
        self.rules = rules
        self.seats = list(seats)
        self.seed = seed
        self.first_dealer = first_dealer
        self.names = seat_names(self.seats)
        self.worker = worker
        self.ai_delay = ai_delay
        self.pace = pace
        self.thinking = thinking
        self.writer = writer
        self.on_error = on_error
        self._clock = clock
        self.started_at = clock()
        #: seconds played before this sitting (a resumed match)
        self.played_before = 0.0
        #: the table's sequence number: it grows with every action, new deal and undo
        self.seq = 0
        self._players: dict[int, Player] = {
            i: ai_for(variant.id, s.level, rules, thinking) for i, s in enumerate(self.seats) if s.is_ai}
        self._subs: list[Subscription] = []
        self._started = False
        self._held = False
        self._unheld = asyncio.Event()
        self._unheld.set()
        self._task: asyncio.Task | None = None
        self._rows: dict[int, DealRow] = {}
        #: the log entries kept (see the class docstring): ``_log[0]`` is entry number ``_log_start``
        #: of the match, and entry ``_deal_entry`` the first of the deal under way
        self._log: list[_Entry] = []
        self._log_start = 0
        self._deal_entry = 0
        #: entries read back from the store for :meth:`older`: the number of the first, and them
        self._read_back: tuple[int, list[_Entry]] | None = None
        #: one rebuild of earlier entries at a time (:meth:`older_async`), made when first needed
        self._older_lock: asyncio.Lock | None = None
        #: notices to send after the next updates (an AI that failed)
        self._notices: list[Notice] = []
        #: actions an undo may not take back (those before the move last taken back)
        self._undo_floor = 0
        self._loop: asyncio.AbstractEventLoop | None = None
        self._loop_thread: int | None = None
        self._fresh_match()
        self._watch_writer()

    @classmethod
    def resume(cls, saved: Any, writer: Any = None, **options: Any) -> Table:
        """The table of a stored match (:class:`~makao_tui.store.SavedMatch`) after its last
        action, its log rebuilt and its clock going on from the seconds already played; stored on
        through ``writer``. ``options``: as for the constructor. Raises DamagedMatchError if its
        actions do not replay."""
        seats = [SeatSpec(s.name, s.is_ai, s.level) for s in saved.seats]
        table = cls(saved.variant, saved.rules, seats, saved.seed, first_dealer=saved.first_dealer, **options)
        table.writer = writer  # (before the replay: a saved table keeps the last entries only)
        table._replay(saved)
        if writer is not None:
            writer.let_go_of_saved_actions()  # (the file has them)
        table.played_before = saved.played
        table._watch_writer()
        return table

    # ------------------------------------------------------------ seats

    @property
    def players(self) -> int:
        """Number of seats."""
        return len(self.seats)

    @property
    def humans(self) -> list[int]:
        """The seats not played by the AI (open seats included)."""
        return [i for i in range(self.players) if i not in self._players]

    def is_ai(self, seat: int | None) -> bool:
        """Whether ``seat`` is played by the computer now."""
        return seat in self._players

    def set_ai(self, seat: int, level: str | None) -> None:
        """Let the AI of ``level`` play ``seat`` from now on (a player who left), or with ``level``
        None give it back to its human; every receiver is told. Raises ValueError for an unknown
        seat and KeyError for a level the game has not."""
        if not 0 <= seat < self.players:
            raise ValueError(f"no seat {seat}")
        if level is None:
            self._players.pop(seat, None)
        else:
            self._players[seat] = ai_for(self.variant.id, level, self.rules, self.thinking)
            self.seats[seat] = dataclasses.replace(self.seats[seat], level=level)
        self._changed()

    def join(self, seat: int, listener: Listener) -> Subscription:
        """Receive the updates of ``seat``; the first one (the whole log) is sent at once. Raises
        :class:`TableError` for no such seat or one a receiver holds already."""
        if not isinstance(seat, int) or not 0 <= seat < self.players:
            raise TableError(f"there is no seat {seat!r} at this table")
        if any(s.seat == seat for s in self._subs):
            raise TableError(f"seat {seat} ({self.names[seat]}) is taken")
        return self._add(Subscription(self, seat, listener))

    def watch(self, listener: Listener) -> Subscription:
        """Receive the public updates of a spectator; the first one is sent at once."""
        return self._add(Subscription(self, None, listener))

    def _add(self, sub: Subscription) -> Subscription:
        self._subs.append(sub)
        sub.listener(self._update_for(sub))
        return sub

    def _leave(self, sub: Subscription) -> None:
        sub.closed = True
        if sub in self._subs:
            self._subs.remove(sub)

    # ------------------------------------------------------------ running

    @property
    def ai_thinking(self) -> bool:
        """Whether an AI seat's move is being thought of (in the worker)."""
        return self._task is not None

    @property
    def started(self) -> bool:
        """Whether :meth:`start` has been called (and not :meth:`close`)."""
        return self._started

    def start(self) -> None:
        """Let the AI seats play (with a worker, call it in a running asyncio loop)."""
        self._started = True
        with contextlib.suppress(RuntimeError):  # no loop running: the writer's news are not forwarded
            self._loop = asyncio.get_running_loop()
            self._loop_thread = threading.get_ident()
        self._changed()

    def hold(self, held: bool) -> None:
        """Hold the AI seats back (``held``) or let them go on: a local table waits while its only
        screen shows something else (help, a score sheet). A move thought of while held is made
        when the hold ends."""
        self._held = held
        if held:
            self._unheld.clear()
            return
        self._unheld.set()
        if self._started:
            if self._play_at_once():
                self._publish()
            self._think()

    def close(self, wait: float | None = None) -> str | None:
        """Stop the AI, drop every receiver and release the stored match (it stays saved): what
        still waits to be written is tried once more (``wait``: seconds a busy file is waited for,
        default the store's). Returns why some actions could not be saved, or None."""
        self._started = False
        if self._task is not None:
            self._task.cancel()
            self._task = None
        for sub in list(self._subs):
            self._leave(sub)
        writer, self.writer = self.writer, None
        if writer is not None:
            writer.on_status = None
            try:
                writer.close(wait)
            except StoreError as exc:  # named to the player; the claim lapses with this process
                return str(exc)
        return None

    @property
    def saved(self) -> bool:
        """Whether every action is being stored."""
        return self.writer is not None

    @property
    def match_over(self) -> bool:
        """Whether the match has ended."""
        return self.match.is_over

    def played(self) -> float:
        """Seconds of play: earlier sittings' (``played_before``) and this one's."""
        return self.played_before + self._clock() - self.started_at

    def seconds_left(self) -> float | None:
        """Seconds before the time limit (rule option ``time_limit_min``; never negative), or None."""
        limit = getattr(self.rules, "time_limit_min", None)
        if limit is None:
            return None
        return max(0.0, limit * 60 - self.played())

    def tick(self) -> None:
        """Look at the clock: when the time limit is up, the match ends after the deal under way
        (stored, and every receiver told)."""
        left = self.seconds_left()
        if left is not None and left <= 0 and not self.match.time_up:
            self.match.time_up = True
            self._save()
            self._publish()

    # ------------------------------------------------------------ the match inside

    def _fresh_match(self) -> None:
        self.match = Match(self.variant, self.rules, self.names, self.seed, self.first_dealer)
        self._new_log()
        if self.match.opening:  # the match's own opening (macao: the cut for the bank)
            self._note(_Entry(0, None, tuple(self.match.opening)))
        self._deal_started()

    def _new_log(self) -> None:
        """An empty log (a new match, or one about to be replayed)."""
        self._log = []
        self._log_start = self._deal_entry = 0
        self._read_back = None
        self._rows.clear()

    @property
    def log_end(self) -> int:
        """The number of log entries so far over the match (the next entry's number); the table
        keeps the last of them only (see the class docstring): :meth:`older` reads the others."""
        return self._log_start + len(self._log)

    def _note(self, entry: _Entry) -> None:
        """Add ``entry`` to the log; a saved table then lets go of the entries before the last
        :data:`KEEP_ENTRIES` that are not of the deal under way, once they are twice as many (so
        that this costs no more late in a match than early)."""
        log = self._log
        log.append(entry)
        if self.writer is None or len(log) < 2 * KEEP_ENTRIES:
            return
        cut = min(len(log) - KEEP_ENTRIES, self._deal_entry - self._log_start)
        if cut > 0:
            del log[:cut]
            self._log_start += cut

    def _deal_started(self) -> None:
        """A deal has begun: its first entry's number is noted (the entries from it on are kept,
        :meth:`_note`) and its opening is logged (macao: the bank's cut of a new shoe; most deals
        have none)."""
        self._deal_entry = self.log_end
        opening = _deal_opening(self.match)
        if opening is not None:
            self._note(opening)

    def _let_go(self) -> None:
        """A saved table lets go of the actions of the deals before the one under way once the
        writer has taken them (``Match.forget_actions``; :meth:`older` reads them back)."""
        if self.writer is not None:
            self.match.forget_actions()

    def _apply(self, action: Action) -> None:
        """Apply ``action`` for the seat to act, log and store it; IllegalAction changes nothing."""
        seat = self.match.state.to_act
        events = self.match.apply(action)
        self._note(_Entry(len(self.match.deals), seat, tuple(events)))
        self.seq += 1
        self._save()

    def _start_next_deal(self) -> None:
        self._next_deal()
        self.seq += 1
        self._save()  # the stored deal number is the new deal's, before anyone acts in it
        self._let_go()

    def _next_deal(self) -> None:
        """Start the next deal of the match (it must be awaited), logged."""
        self.match.next_deal()
        self._deal_started()

    def _replay(self, saved: Any) -> None:
        """Rebuild the match and its log from ``saved`` (its ``replay_into`` checks each step);
        a saved table keeps as much of them as while playing."""
        table = self

        class Target:
            match = table.match

            @staticmethod
            def apply(action: Action) -> None:
                seat = table.match.state.to_act
                events = table.match.apply(action)
                table._note(_Entry(len(table.match.deals), seat, tuple(events)))

            @staticmethod
            def next_deal() -> None:
                table._next_deal()
                table._let_go()  # (the writer holds every action replayed)

        saved.replay_into(Target)

    # ------------------------------------------------------------ the log's earlier entries

    def older(self, seat: int | None, end: int, count: int) -> LogPage | Refusal:
        """Up to ``count`` log entries before entry number ``end`` (numbered from 0 over the
        match; :attr:`log_end` is the next one's), as ``seat`` may see them (None: a spectator):
        every card of an event private to another seat blanked, as in its updates. What the
        player scrolling back reads: the entries the table keeps are given at once, the earlier
        ones rebuilt by replaying the stored actions up to them (up to :data:`OLDER_WINDOW`
        entries are kept for the next pages). Refused as data (a :class:`Refusal` of kind
        ``"older"``) for an ``end`` outside ``0..log_end``, a ``count`` outside
        ``1..``:data:`OLDER_MAX` (anything but an int too), or entries that cannot be read back
        now (an unsaved match that let them go, a store that cannot be read: its words).
        Raises ValueError for a ``seat`` that is not one of the table's (nor None)."""
        if seat is not None and (not _whole(seat) or not 0 <= seat < self.players):
            raise ValueError(f"no seat {seat!r}")
        log_end = self.log_end
        if not _whole(end) or not 0 <= end <= log_end:
            return self._refused("older", Words("the log has no such entry to read back from"), "older")
        if not _whole(count) or not 1 <= count <= OLDER_MAX:
            return self._refused("older", Words("the log is read back {most} entries at a time at most",
                                                most=OLDER_MAX), "older")
        return _drain(self.older_steps(seat, end, count))

    async def older_async(self, seat: int | None, end: int, count: int) -> LogPage | Refusal:
        """:meth:`older`, for a caller in the table's event loop (the table server, the app): a
        page to rebuild is replayed a slice of :data:`OLDER_SLICE` actions at a time, the loop
        handling the players' messages between slices, and one rebuild at a time per table (so
        that a client asking for pages far apart, or many at once, slows only the reading back,
        never the play). Same answers and errors as :meth:`older`."""
        return await self.finish_older(self.older_steps(seat, end, count))

    async def finish_older(self, steps: Generator[None, None, LogPage | Refusal]) -> LogPage | Refusal:
        """Run ``steps`` (:meth:`older_steps`, perhaps begun) to its end in the table's loop, a
        slice at a time, one rebuild at a time (see :meth:`older_async`)."""
        if self._older_lock is None:
            self._older_lock = asyncio.Lock()
        async with self._older_lock:
            while True:
                try:
                    next(steps)
                except StopIteration as done:
                    return cast("LogPage | Refusal", done.value)
                await asyncio.sleep(0)

    def older_steps(self, seat: int | None, end: int, count: int) -> Generator[None, None, LogPage | Refusal]:
        """:meth:`older` in steps: a generator that yields after each slice of a rebuild and
        returns the page or refusal (a page the table keeps, or has just rebuilt, comes at the
        first ``next``: the table server answers those at once, in order, and finishes the others
        with :meth:`finish_older`). Raises ValueError as :meth:`older`."""
        if seat is not None and (not _whole(seat) or not 0 <= seat < self.players):
            raise ValueError(f"no seat {seat!r}")
        while True:  # (read again if the table let more entries go meanwhile: play goes on)
            kept = self._log_start
            if not _whole(end) or not 0 <= end <= self.log_end:
                return self._refused("older", Words("the log has no such entry to read back from"), "older")
            if not _whole(count) or not 1 <= count <= OLDER_MAX:
                return self._refused("older", Words("the log is read back {most} entries at a time at most",
                                                    most=OLDER_MAX), "older")
            start = max(0, end - count)
            try:
                entries = (yield from self._read(start, min(end, kept))) if start < kept else []
            except _Unavailable as exc:
                return self._refused("older", exc.words, "older")
            if kept == self._log_start:
                break
        if end > kept:
            entries += self._log[max(start, kept) - kept:end - kept]
        return LogPage(start=start, end=end, log=[entry.seen_by(seat) for entry in entries])

    def _read(self, start: int, end: int) -> Generator[None, None, list[_Entry]]:
        """Log entries ``start`` to ``end`` (excluded) among those the table let go, rebuilt from
        the stored actions (or from the last ones rebuilt), yielding after each
        :data:`OLDER_SLICE` actions replayed. Raises :class:`_Unavailable`."""
        done = self._read_back
        if done is not None and done[0] <= start and end <= done[0] + len(done[1]):
            return done[1][start - done[0]:end - done[0]]
        if self.writer is None:
            raise _Unavailable(Words("the log's earlier entries are not kept: this match is no longer saved"))
        try:
            # (each action makes one entry, and openings more: the first ``end`` actions are enough)
            actions = self.writer.actions(min(end, self.match.action_count))
        except StoreError as exc:
            raise _Unavailable(exc.words if exc.words is not None else Words(
                "the log's earlier entries cannot be read back now: {error}", error=str(exc))) from None
        first = min(start, max(0, end - OLDER_WINDOW))
        rebuilt = _LogReader(Match(self.variant, self.rules, self.names, self.seed, self.first_dealer), first, end)
        try:
            for played, (seat, action) in enumerate(actions, 1):
                if rebuilt.full:
                    break
                rebuilt.play(seat, action)
                if played % OLDER_SLICE == 0:
                    yield
        except Exception as exc:  # stored actions that do not replay (a damaged file): never the table's end
            raise _Unavailable(Words("the log's earlier entries cannot be read back now: {error}",
                                     error=str(exc))) from None
        self._read_back = (first, rebuilt.entries)
        return rebuilt.entries[start - first:end - first]

    def _watch_writer(self) -> None:
        """Forward the writer's news (a busy file or full disk delays saving; then all is saved)
        to every receiver as notices ``"save_delayed"`` / ``"saved"``, on the table's loop."""
        writer = self.writer
        if writer is None:
            return

        def status(status: Any) -> None:
            if status.state not in ("delayed", "saved"):
                return
            if status.state == "saved":
                notice = Notice(kind="saved", words=SAVED.to_wire())
            else:
                assert status.words is not None  # a delay is always said as data (MatchWriter._delayed)
                notice = Notice(kind="save_delayed", words=status.words.to_wire())
            if self._loop is None or threading.get_ident() == self._loop_thread:
                self._notice(notice)
            else:
                with contextlib.suppress(RuntimeError):  # the loop is closed: nobody listens
                    self._loop.call_soon_threadsafe(self._notice, notice)

        writer.on_status = status

    def save_status(self) -> Any:
        """The writer's :class:`~makao_tui.store.SaveStatus` (None: the match is not saved)."""
        return self.writer.status if self.writer is not None else None

    def _save(self) -> None:
        """Store what the match did since the last save; on failure tell everyone and stop saving."""
        if self.writer is None:
            return
        try:
            self.writer.save(self.match, played=self.played())
        except StoreError as exc:
            writer, self.writer = self.writer, None
            writer.on_status = None
            with contextlib.suppress(StoreError):
                writer.close()
            words = Words("{error}. This match is no longer saved here.", error=exc.said())
            self._notice(Notice(kind="save_failed", words=words.to_wire()))

    def _mark(self, seat: int, undos: int = 0, hints: int = 0) -> None:
        """Store that ``seat`` took a move back or had a hint (the statistics show the help a
        player had: issue 13); an unsaved match keeps no count."""
        if self.writer is not None:
            with contextlib.suppress(StoreError):  # a closed writer: the match is no longer saved
                self.writer.mark(seat, undos=undos, hints=hints)

    def _ai_rng(self, seat: int) -> random.Random:
        """The generator of the AI of ``seat`` for the decision at hand (the one place AI
        randomness comes from): :func:`~makao_tui.ai.decision_rng` of the seed, the seat and the
        actions so far, so a resumed or undone match plays on as the unbroken one would."""
        return decision_rng(self.seed, seat, self.match.action_count)

    # ------------------------------------------------------------ intents

    def _check(self, sub: Subscription, seq: int, intent: str) -> Refusal | None:
        if sub.closed or sub.seat is None:
            return self._refused("seat", Words("a spectator cannot act"), intent)
        if seq != self.seq:
            return self._refused("stale", Words("the table has moved on since your last update"), intent)
        return None

    def _act(self, sub: Subscription, seq: int, action: Action | dict[str, Any]) -> Refusal | None:
        refusal = self._check(sub, seq, "act")
        wire = action if isinstance(action, dict) else to_wire(action)
        if refusal is not None:
            return msgspec.structs.replace(refusal, action=wire)
        if isinstance(action, dict):
            try:
                action = action_from_json(action)
            except ActionFormatError as exc:
                unread = Words("the table could not read this action: {problem}", problem=exc.words)
                return msgspec.structs.replace(self._refused("illegal", unread, "act", wire), rule="action_format")
        to_act = self.match.state.to_act
        if sub.seat in self._players:
            return self._refused("seat", Words("the computer plays this seat"), "act", wire)
        if to_act != sub.seat:
            reason = Words("the deal is over") if to_act is None else Words("it is {name}'s turn", name=Seat(to_act))
            return self._refused("not_your_turn", reason, "act", wire)
        try:
            self._apply(action)
        except IllegalAction as exc:
            return msgspec.structs.replace(self._refused("illegal", exc.words, "act", wire), rule=exc.kind,
                                           fields=exc.fields)
        self._changed()
        return None

    def _next_deal_for(self, sub: Subscription, seq: int) -> Refusal | None:
        refusal = self._check(sub, seq, "next_deal")
        if refusal is not None:
            return refusal
        if not self.match.awaiting_next_deal:
            reason = Words("the match is over") if self.match.state.is_over else Words("the deal is not over")
            return self._refused("no_deal", reason, "next_deal")
        self._start_next_deal()
        self._changed()
        return None

    def undo_refusal(self, seat: int | None) -> Words | None:
        """Why ``seat`` cannot take a move back now, as a message, or None if it can. (Several
        humans: hot-seat in one terminal or a shared table; the table does not know which, so it
        names neither; a hot-seat seating says so itself.) A seat a person holds counts while the
        AI plays it for them (:meth:`set_ai`: a player away from a shared table): an undo would
        take back the move made for them and show what it played back in their hand."""
        humans = [i for i, s in enumerate(self.seats) if not s.is_ai]
        if len(humans) > 1:
            return Words("undo is off with several players at the table: it would take back the others' moves")
        if not humans or seat != humans[0]:
            return Words("undo is for a human playing against the computer")
        if self.writer is None:
            return Words("undo needs the saved game, and this match is not saved")
        point = last_move(self.match, seat)
        if point is None and not self.match.forgotten:
            return Words("you have not moved yet: nothing to take back")
        if point is None or point < deal_start(self.match) or self.match.state.is_over:
            return Words(UNDO_SETTLED.get(self.variant.deal_word, UNDO_SETTLED["deal"]))
        if point < self._undo_floor:
            # one step only: going back further would show the computer's answers to moves not made
            return Words("undo goes back one move only, and you have just taken one back: make your next move, and "
                         "that one can be taken back")
        return None

    def _refused(self, kind: str, words: Words, intent: str, action: dict[str, Any] | None = None) -> Refusal:
        """A refusal whose reason travels as data (``words``), said by each client in its
        player's language."""
        return Refusal(kind=kind, words=words.to_wire(), intent=intent, seq=self.seq, action=action)

    def _undo(self, sub: Subscription, seq: int) -> Refusal | None:
        refusal = self._check(sub, seq, "undo")
        if refusal is not None:
            return refusal
        why = self.undo_refusal(sub.seat)
        if why is not None:
            return self._refused("undo", why, "undo")
        assert sub.seat is not None  # a spectator was refused above
        keep = last_move(self.match, sub.seat)
        assert keep is not None  # undo_refusal() said so otherwise
        try:
            saved = self.writer.truncate(keep)
        except StoreError as exc:
            # the store's own words when it has them as data, else its text (a field, not a sentence of ours)
            why = exc.words if exc.words is not None else Words("cannot take moves back now: {error}", error=str(exc))
            return self._refused("undo", why, "undo")
        self._mark(sub.seat, undos=1)
        self._fresh_match()
        self._replay(saved)
        self._undo_floor = keep  # no second step back before the human moves again
        if self.match.awaiting_next_deal:  # back at the human's turn, in the next deal
            self._next_deal()
            self._save()
            self._let_go()
        self.seq += 1
        for s in self._subs:
            s._reset = True
        self._changed()
        return None

    def hint_refusal(self, seat: int | None) -> Words | None:
        """Why ``seat`` cannot have a hint now, as a message, or None if it can."""
        if len(self.humans) != 1 or seat not in self.humans:
            return Words("hints are for one human playing against the computer")
        if self.match.state.to_act != seat:
            return Words("a hint is for your own turn")
        return None

    async def _hint(self, sub: Subscription, seq: int) -> Hint | Refusal:
        refusal = self._check(sub, seq, "hint")
        if refusal is not None:
            return refusal
        why = self.hint_refusal(sub.seat)
        if why is not None:
            return self._refused("hint", why, "hint")
        assert sub.seat is not None  # a spectator was refused above
        adviser = ai_for(self.variant.id, "hard", self.rules, self.thinking)
        token = (len(self.match.deals), len(self.match.current.actions))
        args = (adviser, self.match.state.view(sub.seat), random.Random(f"{self.seed}/hint/{token}"), time.monotonic())
        try:
            advice = await self.worker.run(advise, *args) if self.worker is not None else advise(*args)
        except Exception as exc:  # a hint that fails is a refusal, not the table's end
            log.info("the hint of seat %s failed", sub.seat, exc_info=exc)
            return self._refused("hint_failed", fault_words(exc), "hint")
        if seq != self.seq:
            return self._refused("stale", Words("the table moved on while the hint was thought of"), "hint")
        self._mark(sub.seat, hints=1)
        return Hint(action=to_wire(advice.action), words=advice.words.to_wire(), seq=seq)

    # ------------------------------------------------------------ AI turns

    def _changed(self) -> None:
        """After a change: play AI turns at once (no worker), tell every receiver, start the AI
        worker on the turn of an AI seat (with one)."""
        self._play_at_once()
        self._publish()
        self._think()

    def _play_at_once(self) -> bool:
        """Without a worker: play the AI seats' turns now, in a row; whether any was played."""
        played = False
        if self._started and not self._held and self.worker is None:
            while (seat := self.match.state.to_act) in self._players:
                view = self.match.state.view(seat)
                try:
                    action = self._players[seat].choose(view, self._ai_rng(seat))
                except Exception as exc:  # an AI that fails must not stop the table
                    action = self._ai_failed(seat, view, exc)
                self._apply(action)
                played = True
        return played

    def _think(self) -> None:
        """With a worker: start the AI turns' task when an AI seat is to act and none runs."""
        if (self._started and not self._held and self.worker is not None
                and self.match.state.to_act in self._players and self._task is None):
            self._task = asyncio.get_running_loop().create_task(self._ai_turns())
            self._task.add_done_callback(self._ai_done)

    def _ai_failed(self, seat: int, view: Any, exc: Exception) -> Action:
        """The stand-in move of an AI seat whose AI raised ``exc``: its first legal action; every
        receiver is told (a :class:`Notice` ``"ai_failed"`` after the move's update)."""
        log.info("the AI of seat %s failed; it makes its first legal move", seat, exc_info=exc)
        self._notices.append(Notice(kind="ai_failed", seat=seat, words=fault_words(exc).to_wire()))
        return view.legal[0]

    def _ai_done(self, task: asyncio.Task) -> None:
        error = None if task.cancelled() else task.exception()
        if error is None:
            return
        if self.on_error is not None:
            self.on_error(error)
        else:
            asyncio.get_running_loop().call_exception_handler({"message": "an AI turn failed", "exception": error})

    async def _ai_turns(self) -> None:
        """Play AI turns, each in the worker and no sooner than the pause, while an AI seat is to
        act; a move is made only while the table is not held, and a turn overtaken by another
        change (an undo) is thought of again."""
        try:
            while self._started and self.match.state.to_act in self._players:
                if self._held:
                    await self._unheld.wait()
                    continue
                seat = self.match.state.to_act
                seq = self.seq
                view = self.match.state.view(seat)
                factor = self.pace(view, self.rules) if self.pace is not None else 1.0
                pause = asyncio.ensure_future(asyncio.sleep(self.ai_delay * factor))
                rng = self._ai_rng(seat)
                assert self.worker is not None  # the task runs only with a worker
                try:
                    action, _state = await self.worker.run(decide, self._players[seat], view, rng, time.monotonic())
                except Exception as exc:  # an AI that fails must not stop the table
                    action = self._ai_failed(seat, view, exc)
                await pause
                if self._held:
                    await self._unheld.wait()
                if seq != self.seq or not self._started:
                    continue
                self._apply(action)
                self._publish()
        finally:
            self._task = None

    # ------------------------------------------------------------ updates

    def _publish(self) -> None:
        """Send every receiver its update, then the notices that came with it."""
        notices, self._notices = self._notices, []
        for sub in list(self._subs):
            if not sub.closed:
                sub.listener(self._update_for(sub))
        for notice in notices:
            self._notice(notice)

    def _notice(self, notice: Notice) -> None:
        for sub in list(self._subs):
            if not sub.closed:
                sub.listener(notice)

    def public_view(self, state: GameState) -> Any:
        """What a spectator may know of ``state``: a seat's view with the fields only that seat
        may see (the view class's ``PRIVATE``) blanked, and ``seat`` None."""
        view = state.view(0)
        return dataclasses.replace(view, seat=None, **type(view).PRIVATE)

    def _row(self, index: int) -> DealRow:
        deal = self.match.deals[index]
        if deal.number in self._rows:
            return self._rows[deal.number]
        row = DealRow(number=deal.number, dealer=deal.dealer, public=to_wire(self.public_view(deal.state)))
        if deal.points is not None:
            hands = [to_wire(deal.state.view(s).hand) for s in range(self.players)]
            row = DealRow(number=deal.number, dealer=deal.dealer, public=row.public, points=list(deal.points),
                          totals_after=list(deal.totals_after or ()), hands=hands)
            self._rows[deal.number] = row
        return row

    def _update_for(self, sub: Subscription) -> Update:
        """The update of ``sub`` now: its seat's view, and the log entries it was not sent yet
        with what its seat may not see blanked (see :func:`~makao_tui.table.wire.to_wire`)."""
        seat = sub.seat
        match = self.match
        state = match.state
        view = state.view(seat) if seat is not None else self.public_view(state)
        reset = sub._reset or sub._sent < self._log_start  # (entries it was not sent were let go)
        first = self._log_start if reset else sub._sent
        log = [e.seen_by(seat) for e in self._log[first - self._log_start:]]
        sub._reset, sub._sent = False, self.log_end
        limit = getattr(self.rules, "time_limit_min", None)
        undo, hint = self.undo_refusal(seat), self.hint_refusal(seat)
        return Update(
            seq=self.seq, seat=seat, game=self.variant.id, rules=rules_to_options(self.rules),
            seats=[SeatInfo(name=self.names[i], kind="ai" if i in self._players else ("open" if s.open else "human"),
                            level=s.level if i in self._players else None,
                            taken=any(x.seat == i for x in self._subs))
                   for i, s in enumerate(self.seats)],
            deal=len(match.deals), to_act=state.to_act, view=to_wire(view), totals=list(match.totals),
            deals=[self._row(i) for i in range(len(match.deals))], deal_over=state.is_over,
            match_over=match.is_over, next_dealer=match.next_dealer() if match.awaiting_next_deal else None,
            winners=match.winners(), time_limit_min=limit, seconds_left=self.seconds_left(),
            time_up=match.time_up, undo_words=undo.to_wire() if undo is not None else None,
            hint_words=hint.to_wire() if hint is not None else None,
            reset=reset, log=log, log_start=first)


def _deal_opening(match: Match) -> _Entry | None:
    """The log entry of the opening of ``match``'s deal under way (its ``opening`` events; most
    deals have none: None)."""
    opening = tuple(getattr(match.state, "opening", ()))
    return _Entry(len(match.deals), None, opening) if opening else None


def _whole(value: Any) -> bool:
    """Whether ``value`` is an int and not a bool (a peer's number, checked before it is used)."""
    return isinstance(value, int) and not isinstance(value, bool)


def _drain(steps: Generator[None, None, Any]) -> Any:
    """Run ``steps`` to its end at once; its return value."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return done.value


class _LogReader:
    """A match replayed from its start to rebuild the log entries ``first`` to ``end`` (excluded),
    numbered as the table numbers them (the match's opening, then each deal's opening and one
    entry an action): :meth:`play` each stored action in turn until :attr:`full`."""

    def __init__(self, match: Match, first: int, end: int) -> None:
        self.match = match
        self.first, self.end = first, end
        self.count = 0
        self.entries: list[_Entry] = []
        if match.opening:
            self._note(_Entry(0, None, tuple(match.opening)))
        self._opening()

    @property
    def full(self) -> bool:
        """Whether every entry wanted is rebuilt."""
        return self.count >= self.end

    def _note(self, entry: _Entry) -> None:
        if self.first <= self.count < self.end:
            self.entries.append(entry)
        self.count += 1

    def _opening(self) -> None:
        opening = _deal_opening(self.match)
        if opening is not None:
            self._note(opening)

    def play(self, seat: int, action: Action) -> None:
        """Apply the stored ``action`` of ``seat`` (the next deal first when the last is over).
        Raises IllegalAction or ValueError for one that does not fit (a damaged file)."""
        match = self.match
        if match.awaiting_next_deal:
            match.next_deal()
            self._opening()
        if match.state.to_act != seat:
            raise ValueError(f"action {match.action_count} is seat {seat}'s, out of turn")
        self._note(_Entry(len(match.deals), seat, tuple(match.apply(action))))
