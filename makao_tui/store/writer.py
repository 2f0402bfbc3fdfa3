"""The one writer of a stored match: saving that never gives up.

:meth:`MatchWriter.save` turns what a match did since the last save into rows (its new actions,
the score-sheet rows of deals that ended, the match's row) and writes them in one transaction, so
a save costs the same at the 10,000th action as at the first. When the file is busy (another
process holds its write lock) or the disk is full, the rows wait in memory, the match goes on, and
a background thread tries again with back-off (:data:`RETRY_FIRST_S` doubling to
:data:`RETRY_MAX_S`) until they are written; :attr:`MatchWriter.status` (and the ``on_status``
callback) says "delayed" and then "saved". The writer's claim (a lock held by this process, see
:mod:`.locks`) stays whatever the database does, until :meth:`MatchWriter.close`.
"""

from __future__ import annotations

import contextlib
import dataclasses
import json
import os
import sqlite3
import threading
import time
from collections.abc import Callable
from contextlib import AbstractContextManager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

from ..engine.i18n import _, ngettext
from ..engine.variant import rules_to_options
from ..engine.words import Words, plural_words
from . import locks
from .errors import DamagedMatchError, MatchInUseError, StoreBusyError, StoreError, StoreFullError
from .records import SavedMatch

if TYPE_CHECKING:
    from ..engine.actions import Action
    from ..engine.match import Match

#: how long a read, and a writer's last save on closing, wait for another process's write (seconds)
BUSY_TIMEOUT_S = 5.0
#: how long a save waits for another process's write before keeping its rows in memory (seconds)
SAVE_WAIT_S = 0.2
#: the first retry of delayed rows comes after this many seconds; each next one after twice as long
RETRY_FIRST_S = 0.1
#: the longest pause between two retries (seconds)
RETRY_MAX_S = 5.0


class StoreFile(Protocol):
    """What a writer uses of its :class:`~makao_tui.store.database.Store` (which hands it out and so
    passes itself): the file's ``path`` for messages, a write transaction, the claim of a match and
    the load of one (or of its first actions) inside a transaction, a read."""

    @property
    def path(self) -> Path: ...

    def _write(self, wait: float = BUSY_TIMEOUT_S, needed: int = 0) -> AbstractContextManager[sqlite3.Connection]:
        ...

    def _claim(self, conn: sqlite3.Connection, match_id: int) -> tuple[str, int | None]: ...

    def _load(self, conn: sqlite3.Connection, match_id: int) -> SavedMatch: ...

    def _read(self) -> AbstractContextManager[sqlite3.Connection]: ...

    def _actions(self, conn: sqlite3.Connection, match_id: int, players: int, end: int) -> list[tuple[int, Any]]: ...


#: the store a writer belongs to: :meth:`Store.resume` hands out a ``MatchWriter[Store]``
StoreT = TypeVar("StoreT", bound=StoreFile)


@dataclass(frozen=True)
class SaveStatus:
    """Where a writer's saving stands. ``state``: ``"saved"`` (everything is in the file),
    ``"delayed"`` (``pending`` actions wait in memory and are retried), ``"lost"`` (another
    process took the match over: nothing more is written) or ``"closed"``. ``reason``: ``"busy"``,
    ``"full"``, ``"error"`` or ``""``; ``message``: one line for the user (``""`` when saved);
    ``error``: the store error alone (``message`` without what the table does about it);
    ``words``: ``message`` as data, for a table to send (each player reads it in their language)."""

    state: str = "saved"
    pending: int = 0
    reason: str = ""
    message: str = ""
    error: str = ""
    words: Words | None = None

    def said(self) -> Words | str:
        """``message`` as data when it has that form (:attr:`words`), else as text."""
        return self.words if self.words is not None else self.message


class MatchWriter(Generic[StoreT]):
    """The one writer of a stored match (from :meth:`Store.start_match` or :meth:`Store.resume`).

    ``store``: the store that handed it out (``StoreT``: any :class:`StoreFile`). ``id``: the match id
    (None while a new match waits to be written: busy file, full disk).
    ``saved``: the match as it was when claimed (for :meth:`Store.resume`, every action stored;
    rebuild it with ``saved.rebuild()`` or ``saved.replay_into(session)``). ``status``: a
    :class:`SaveStatus`; ``on_status``: called with each new status, from the thread that changed
    it (the caller's, or the retry thread). Use as a context manager, or call :meth:`close`, to
    write what waits and release the match. Thread-safe.
    """

    def __init__(self, store: StoreT, saved: SavedMatch, claim: tuple[str, int | None] | None,
                 stored_deals: int, totals: list[int] | None = None):
        self.store = store
        self.saved = saved
        self.id: int | None = saved.id
        self._token: str | None = claim[0] if claim is not None else None
        self._fd: int | None = claim[1] if claim is not None else None
        self._actions = len(saved.actions)  # actions taken from the match so far (written or waiting)
        self._deals = stored_deals
        self._closed = False
        self.status = SaveStatus()
        self.on_status: Callable[[SaveStatus], None] | None = None
        # what waits to be written: the match's creation (new match), rows, the match row's values
        self._create = self.id is None
        self._rows: list[tuple[int, int, str]] = []
        self._deal_rows: list[tuple[int, int, str, str]] = []
        self._row: tuple[Any, ...] | None = None
        self._played: float | None = None
        self._marks: dict[int, tuple[int, int]] = {}  # seat: (undos, hints) not yet written
        self._totals = totals
        self._queue = threading.Lock()  # guards what waits
        self._flushing = threading.Lock()  # one write at a time
        self._status_lock = threading.RLock()  # the status and the error behind it change together
        self._stop = threading.Event()
        self._retrying: threading.Thread | None = None
        self._error: StoreError | None = None  # why the rows that wait could not be written
        self._handed = False  # what waited went to a file (write_unsaved): nothing more is stored
        if self._create:
            self._write_or_retry()

    def __enter__(self) -> MatchWriter:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @property
    def pending(self) -> int:
        """Actions that wait in memory to be written."""
        return len(self._rows)

    # ------------------------------------------------------------ saving

    def save(self, match: Match, played: float | None = None) -> SaveStatus:
        """Store what ``match`` did since the last save: its new actions, the score-sheet rows of
        deals that ended, its totals, the ``time_up`` flag, and its end (winners) once over. Call
        it after every ``match.apply`` and after setting ``time_up``. ``played``: seconds of play
        so far, for a time limit (None: left as stored). Costs the new actions, not the match's
        length. Returns the status: if the file is busy or the disk full, the rows wait in memory
        and are retried in the background (the match goes on).

        Raises ValueError if ``match`` is not this match (another game, names or seed) or has
        fewer actions than stored (take actions back with :meth:`truncate`), StoreError once
        closed, MatchInUseError if the match was taken over (by a process on another host that
        found this writer's heartbeat stale).
        """
        from ..engine.actions import action_to_json  # (a list of matches needs no actions)

        s = self.saved
        if match.variant.id != s.variant.id or match.names != s.names or match.seed != s.seed:
            raise ValueError(f"that is not match {self.id}")
        count = match.action_count
        if count < self._actions:
            raise ValueError(f"the match has {count} actions, {self._actions} are stored")
        if self._closed or self._handed:
            raise StoreError(self.store.path, Words("the writer of match {id} is closed", id=self.id))
        if self.status.state == "lost":
            raise MatchInUseError(self.store.path, self.status.said())
        new = [(self._actions + i, seat, json.dumps(action_to_json(action)))
               for i, (seat, action) in enumerate(match.actions_since(self._actions))]
        done = len(match.deals) - (0 if match.deals[-1].points is not None else 1)
        deals = [(d.number, d.dealer, json.dumps(d.points), json.dumps(d.totals_after))
                 for d in match.deals[self._deals:done]]
        now = time.time()
        over = match.is_over
        row = (now, len(match.deals), count, int(match.time_up), json.dumps(match.totals),
               now if over else None, json.dumps(match.winners()) if over else None)
        with self._queue:
            self._rows.extend(new)
            self._deal_rows.extend(deals)
            self._row = row
            if played is not None:
                self._played = played
            self._actions, self._deals = count, done
            retrying = self._retrying is not None
        if not retrying:
            self._write_or_retry()
        elif new:  # the retry goes on: the status says how many wait now
            with self._status_lock:
                if self._error is not None:
                    self._delayed(self._error)
        if self.status.state == "lost":
            raise MatchInUseError(self.store.path, self.status.said())
        return self.status

    def mark(self, seat: int, undos: int = 0, hints: int = 0) -> SaveStatus:
        """Count ``undos`` moves taken back and ``hints`` hints asked for by ``seat`` in this match
        (issue 13: the statistics mark the help a player had; the table service calls it where
        undo and hints happen). Written at once, or with the delayed rows (as :meth:`save`).
        Raises ValueError for no such seat or a negative count, StoreError once closed."""
        if not 0 <= seat < len(self.saved.seats) or undos < 0 or hints < 0:
            raise ValueError(f"cannot mark {undos} undos and {hints} hints of seat {seat}")
        if self._closed or self._handed:
            raise StoreError(self.store.path, Words("the writer of match {id} is closed", id=self.id))
        with self._queue:
            had = self._marks.get(seat, (0, 0))
            self._marks[seat] = (had[0] + undos, had[1] + hints)
            retrying = self._retrying is not None
        if not retrying:
            self._write_or_retry()
        return self.status

    def _write_or_retry(self) -> None:
        """Write what waits now; if that fails, start the retry thread."""
        if not self._flush(SAVE_WAIT_S):
            with self._queue:
                if self._retrying is None and not self._stop.is_set() and self.status.state == "delayed":
                    self._retrying = threading.Thread(target=self._retry, name=f"makao-save-{self.id}",
                                                      daemon=True)
                    self._retrying.start()

    def _retry(self) -> None:
        delay = RETRY_FIRST_S
        while not self._stop.wait(delay):
            written = self._flush(SAVE_WAIT_S)
            with self._queue:
                if self.status.state != "delayed" or (written and not self._waiting()):
                    self._retrying = None
                    return
            delay = RETRY_FIRST_S if written else min(delay * 2, RETRY_MAX_S)
        with self._queue:
            self._retrying = None

    def _waiting(self) -> bool:
        return bool(self._create or self._rows or self._deal_rows or self._row or self._played is not None
                    or self._marks)

    def flush(self, wait: float = SAVE_WAIT_S) -> bool:
        """Write what waits now, waiting up to ``wait`` seconds for a busy file; returns whether
        everything is written. Raises MatchInUseError if the match was taken over."""
        written = self._flush(wait)
        if self.status.state == "lost":
            raise MatchInUseError(self.store.path, self.status.said())
        return written

    def _flush(self, wait: float) -> bool:
        with self._flushing:
            with self._queue:
                if not self._waiting():
                    return True
                create, rows, deal_rows = self._create, list(self._rows), list(self._deal_rows)
                row, played, marks = self._row, self._played, dict(self._marks)
            size = sum(len(r[2]) + 32 for r in rows) + 512
            created: tuple[int, str, int | None] | None = None
            try:
                with self.store._write(wait, needed=size) as conn:
                    if create:
                        created = self._insert_match(conn)
                        match_id = created[0]
                    else:
                        match_id = self._still_ours(conn)
                    conn.executemany("INSERT INTO actions (match_id, idx, seat, action) VALUES (?, ?, ?, ?)",
                                     [(match_id, *r) for r in rows])
                    conn.executemany("INSERT INTO deals (match_id, number, dealer, points, totals_after)"
                                     " VALUES (?, ?, ?, ?, ?)", [(match_id, *d) for d in deal_rows])
                    if row is not None:
                        conn.execute("UPDATE matches SET updated = ?, deal = ?, actions = ?, time_up = ?,"
                                     " totals = ?, finished = ?, winners = ? WHERE id = ?", (*row, match_id))
                        conn.execute("UPDATE writers SET heartbeat = ? WHERE match_id = ?", (row[0], match_id))
                    if played is not None:
                        conn.execute("UPDATE matches SET played = ? WHERE id = ?", (played, match_id))
                    conn.executemany("UPDATE seats SET undos = undos + ?, hints = hints + ? WHERE match_id = ?"
                                     " AND seat = ?", [(u, h, match_id, seat) for seat, (u, h) in marks.items()])
            except MatchInUseError as exc:
                self._set(SaveStatus("lost", self.pending, "error", str(exc), str(exc), exc.words))
                return False
            except StoreError as exc:
                if created is not None:  # rolled back: the new match's id and lock are not ours
                    locks.release(created[2])
                with self._status_lock:
                    self._error = exc
                    self._delayed(exc)
                return False
            if created is not None:
                self.id, self._token, self._fd = created
                self.saved = dataclasses.replace(self.saved, id=self.id)
            with self._queue:
                self._create = False
                del self._rows[:len(rows)]
                del self._deal_rows[:len(deal_rows)]
                if self._row is row:
                    self._row = None
                if self._played is played:
                    self._played = None
                for seat, (u, h) in marks.items():  # marks made meanwhile wait for the next write
                    left = (self._marks[seat][0] - u, self._marks[seat][1] - h)
                    if left == (0, 0):
                        del self._marks[seat]
                    else:
                        self._marks[seat] = left
                done = not self._waiting()
            if done:
                with self._status_lock:
                    self._error = None
                    if self.status.state != "saved":
                        self._set(SaveStatus())
            return done

    def _delayed(self, exc: StoreError) -> None:
        """Say that saving is delayed by ``exc``, counting the actions that wait right now."""
        reason = "busy" if isinstance(exc, StoreBusyError) else "full" if isinstance(exc, StoreFullError) else "error"
        with self._queue:
            waiting = len(self._rows)
        words = plural_words(
            "{error}. The match goes on; {count} action kept in memory and saved as soon as the file "
            "can be written.",
            "{error}. The match goes on; {count} actions kept in memory and saved as soon as the file "
            "can be written.", waiting, error=exc.said(), count=waiting)
        self._set(SaveStatus("delayed", waiting, reason, words.text(), str(exc), words))

    def _insert_match(self, conn: Any) -> tuple[int, str, int | None]:
        """Create the match's rows and claim it, inside the transaction of its first write; returns
        its id, the claim's token and the claim's lock (the caller keeps them once committed)."""
        s = self.saved
        cur = conn.execute(
            "INSERT INTO matches (game, options, seed, first_dealer, created, updated, totals)"
            " VALUES (?, ?, ?, ?, ?, ?, ?)",
            (s.variant.id, json.dumps(rules_to_options(s.rules)), str(s.seed), s.first_dealer, s.created,
             s.created, json.dumps(self._totals)))
        match_id = cur.lastrowid
        conn.executemany("INSERT INTO seats (match_id, seat, name, is_ai, level) VALUES (?, ?, ?, ?, ?)",
                         [(match_id, i, seat.name, int(seat.is_ai), seat.level) for i, seat in enumerate(s.seats)])
        token, fd = self.store._claim(conn, match_id)
        return match_id, token, fd

    def _still_ours(self, conn: Any) -> int:
        """The match's id, after making sure no process on another host took the match over (on
        this host the lock held by this process rules that out; else MatchInUseError); a writers
        row that went missing is put back."""
        row = conn.execute("SELECT token, host FROM writers WHERE match_id = ?", (self.id,)).fetchone()
        if row is None or (row[0] != self._token and self._fd is not None and row[1] == locks.HOST):
            conn.execute("INSERT OR REPLACE INTO writers (match_id, token, host, pid, heartbeat)"
                         " VALUES (?, ?, ?, ?, ?)", (self.id, self._token, locks.HOST, os.getpid(), time.time()))
        elif row[0] != self._token:
            raise MatchInUseError(self.store.path, Words("match {id} was taken over by another makao process",
                                                         id=self.id))
        assert self.id is not None  # only a created match is written without being created
        return self.id

    def _set(self, status: SaveStatus) -> None:
        changed = status != self.status
        self.status = status
        if changed and self.on_status is not None:
            self.on_status(status)

    # ------------------------------------------------------------ reading back

    def actions(self, end: int) -> list[tuple[int, Action]]:
        """The match's first ``end`` actions, ``(seat, action)`` in order, as :meth:`save` took
        them: read from the file, then those that wait in memory to be written (a busy file, a
        full disk). A table that let its earlier actions go reads them back so (issue 31 item 3:
        the log's older entries are rebuilt from them). Costs the actions read. Raises ValueError
        unless ``0 <= end <=`` the actions taken, :class:`DamagedMatchError` if a stored one does
        not read, StoreError if the file cannot be read now or the writer handed its actions to
        a file (:meth:`write_unsaved`)."""
        from ..engine.actions import action_from_json

        if not 0 <= end <= self._actions:
            raise ValueError(f"no first {end} actions of {self._actions}")
        if self._handed:
            raise StoreError(self.store.path, Words("the writer of match {id} is closed", id=self.id))
        players = len(self.saved.seats)
        with self._flushing:  # nothing is written between reading what waits and the file
            with self._queue:
                waiting = [(idx, seat, text) for idx, seat, text in self._rows if idx < end]
            stored = waiting[0][0] if waiting else end
            read: list[tuple[int, Action]] = []
            if self.id is not None and stored:
                with self.store._read() as conn:
                    read = self.store._actions(conn, self.id, players, stored)
        if len(read) != stored:
            missing = f"action {len(read)} is missing"
            raise DamagedMatchError(self.store.path, _("match {id} in {path} cannot be read: {error}").format(
                id=self.id, path=self.store.path, error=missing))
        return read + [(seat, action_from_json(json.loads(text))) for _idx, seat, text in waiting]

    def let_go_of_saved_actions(self) -> None:
        """Keep :attr:`saved` without its actions (its setup stays): a table that replayed them
        lets them go, so that a resumed match held in memory does not grow with its length
        (issue 31 item 3); :meth:`actions` reads them back from the file."""
        self.saved = dataclasses.replace(self.saved, actions=())

    # ------------------------------------------------------------ undo and closing

    def truncate(self, count: int) -> SavedMatch:
        """Keep only the first ``count`` stored actions (undo: see
        :func:`~makao_tui.store.records.undo_point`) and return the match as now stored; the
        score sheet, totals and end follow. Writes what waits first. Raises ValueError unless
        ``0 <= count <=`` the actions saved, :class:`DamagedMatchError` if the kept actions do not
        replay (nothing changes then), StoreError if the file cannot be written now.
        """
        if not 0 <= count <= self._actions:
            raise ValueError(f"cannot keep {count} of {self._actions} actions")
        if not self.flush(SAVE_WAIT_S):
            raise StoreError(self.store.path, Words("cannot take moves back now: {error}", error=self.status.said()))
        now = time.time()
        with self._flushing, self.store._write() as conn:
            stored = self.store._load(conn, self._still_ours(conn))
            kept = dataclasses.replace(stored, actions=stored.actions[:count], updated=now)
            match = kept.rebuild()
            done = sum(1 for d in match.deals if d.points is not None)
            conn.execute("DELETE FROM actions WHERE match_id = ? AND idx >= ?", (self.id, count))
            conn.execute("DELETE FROM deals WHERE match_id = ? AND number > ?", (self.id, done))
            over = match.is_over
            conn.execute("UPDATE matches SET updated = ?, deal = ?, actions = ?, time_up = ?, totals = ?,"
                         " finished = ?, winners = ? WHERE id = ?",
                         (now, len(match.deals), count, int(match.time_up), json.dumps(match.totals),
                          now if over else None, json.dumps(match.winners()) if over else None, self.id))
        self._actions = count
        self._deals = done
        return dataclasses.replace(kept, finished=now if match.is_over else None)

    def write_unsaved(self) -> tuple[Path, int]:
        """Hand what waits to be written (busy file, full disk) to a file beside the saved-games
        file, ``<name>.unsaved-<id or "new">-<YYYYmmdd-HHMMSS>.json`` (mode 0600: it holds hands),
        which :meth:`Store.take_back <makao_tui.store.Store.take_back>` (``makao resume``, the
        app's start) writes into the saved-games file later (issue 29: quitting while the disk is
        full or the file locked loses nothing). The file holds the match's setup, its actions not
        yet written (each with its index), its seconds of play and the undos and hints not yet
        counted. From then on the writer stores nothing more (:meth:`save` raises StoreError);
        :meth:`close` releases the match. Returns the file and how many actions it holds. Raises
        OSError if the file cannot be written (nothing changes then: the actions still wait)."""
        from ..engine.variant import rules_to_options

        self._stop.set()
        thread = self._retrying
        if thread is not None:
            thread.join()
        with self._flushing:
            with self._queue:
                rows, row, played, marks = list(self._rows), self._row, self._played, dict(self._marks)
            s = self.saved
            data = {"makao_unsaved": 1, "saves": str(self.store.path), "match": self.id, "game": s.variant.id,
                    "options": rules_to_options(s.rules), "seed": str(s.seed), "first_dealer": s.first_dealer,
                    "seats": [[seat.name, int(seat.is_ai), seat.level] for seat in s.seats], "created": s.created,
                    "actions": [[idx, seat, json.loads(text)] for idx, seat, text in rows],
                    "time_up": bool(row[3]) if row is not None else s.time_up,
                    "played": played, "marks": {str(seat): list(count) for seat, count in marks.items()}}
            stamp = time.strftime("%Y%m%d-%H%M%S")
            base = self.store.path.with_name(f"{self.store.path.name}.unsaved-{self.id or 'new'}-{stamp}")
            target, n, made = base.with_name(base.name + ".json"), 1, False
            failed: OSError | None = None
            try:
                while not made:
                    try:
                        fd = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
                        made = True
                    except FileExistsError:
                        n += 1
                        target = base.with_name(f"{base.name}-{n}.json")
                with os.fdopen(fd, "w", encoding="utf-8") as out:
                    json.dump(data, out)
                    out.flush()
                    os.fsync(out.fileno())
            except OSError as exc:
                failed = exc
                if made:
                    with contextlib.suppress(OSError):
                        os.unlink(target)  # a half-written file of this call
            else:
                with self._queue:
                    self._create = False
                    self._rows.clear()
                    self._deal_rows.clear()
                    self._row, self._played = None, None
                    self._marks.clear()
                    self._handed = True
                with self._status_lock:
                    self._error = None
        if failed is not None:  # the actions still wait, and are retried as before
            self._stop.clear()
            if self._waiting():
                self._write_or_retry()
            raise failed
        return target, len(rows)

    def close(self, wait: float | None = None) -> None:
        """Write what waits (waiting up to ``wait`` seconds for a busy file; default the store's
        read timeout), then release the match (other processes may then resume it). Closing twice
        does nothing. Raises StoreError naming the actions that could not be written (the match is
        released all the same)."""
        if self._closed:
            return
        self._stop.set()
        thread = self._retrying
        if thread is not None:
            thread.join()
        written = self.status.state == "lost" or self._flush(BUSY_TIMEOUT_S if wait is None else wait)
        self._closed = True
        try:
            if self.id is not None and self._token is not None and self.status.state != "lost":
                with self.store._write(BUSY_TIMEOUT_S if wait is None else wait) as conn:
                    conn.execute("DELETE FROM writers WHERE match_id = ? AND token = ?", (self.id, self._token))
        except StoreError:
            pass  # the row names a process that is gone: the lock, released below, is what counts
        finally:
            locks.release(self._fd)
            self._fd = None
        lost = self.status
        self._set(SaveStatus("closed"))
        if not written:
            why = lost.error or lost.message
            if self.id is not None:
                words = ngettext("{count} action of match {id} could not be saved: {error}",
                                 "{count} actions of match {id} could not be saved: {error}", lost.pending)
            else:
                words = ngettext("the new {game} match and its {count} action could not be saved: {error}",
                                 "the new {game} match and its {count} actions could not be saved: {error}",
                                 lost.pending)
            raise StoreError(self.store.path, words.format(count=lost.pending, id=self.id, error=why,
                                                           game=self.saved.variant.title()))
