"""The saved-games database: one SQLite file, matches stored action by action.

:class:`Store` opens (and creates or upgrades) the file; :meth:`Store.start_match` and
:meth:`Store.resume` hand out a :class:`MatchWriter`, the one writer of a match, which stores
each action as it is applied (:meth:`MatchWriter.save`) and takes actions back
(:meth:`MatchWriter.truncate`). Reading (lists, score sheets, statistics, :meth:`Store.load`)
needs no writer, so another process may read a match while one plays it.

Durability and sharing: WAL journal, ``synchronous=NORMAL`` (a committed action survives the
process being killed; an operating-system crash may lose the last few, never corrupt the file),
a busy timeout of :data:`BUSY_TIMEOUT_S`. Each write is one ``BEGIN IMMEDIATE`` transaction that
first checks the writer still owns its match. A writer's claim (a ``writers`` row: token, host,
pid, heartbeat) stands while its process lives (same host) or, for a process on another host,
while its heartbeat (refreshed by every save) is younger than :data:`STALE_AFTER_S`; a claim of a
dead process is simply taken over.
"""

from __future__ import annotations

import dataclasses
import json
import os
import socket
import sqlite3
import threading
import time
import uuid
from collections.abc import Iterator, Sequence
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any

import platformdirs

from ..engine.actions import ActionFormatError, action_from_json, action_to_json
from ..engine.match import Match
from ..engine.variant import RulesError, Variant, rules_to_options
from ..games import all_variants, get_variant
from . import schema
from .errors import (
    CorruptStoreError,
    DamagedMatchError,
    MatchFinishedError,
    MatchInUseError,
    NewerStoreError,
    StoreError,
    UnknownMatchError,
)
from .records import DealScore, MatchSummary, PlayerStats, SavedMatch, ScoreSheet, Seat

#: the database file's name inside the data folder
DB_NAME = "makao.sqlite3"
#: how long a write waits for another process's write to end before giving up (seconds)
BUSY_TIMEOUT_S = 5.0
#: age (seconds) after which the claim of a writer on another host lapses
STALE_AFTER_S = 120.0

_HOST = socket.gethostname()
_BUSY_CODES = (5, 6)  # SQLITE_BUSY, SQLITE_LOCKED


def data_dir() -> Path:
    """The folder of the saved-games file: ``$MAKAO_DATA_DIR`` if set and not empty, else the
    user's data folder (``platformdirs.user_data_dir("makao-tui")``)."""
    override = os.environ.get("MAKAO_DATA_DIR", "").strip()
    return Path(override).expanduser() if override else Path(platformdirs.user_data_dir("makao-tui"))


def default_path() -> Path:
    """The saved-games file: ``data_dir() / DB_NAME``."""
    return data_dir() / DB_NAME


def _is_busy(exc: sqlite3.Error) -> bool:
    code = getattr(exc, "sqlite_errorcode", None)
    if code is not None:
        return code & 0xFF in _BUSY_CODES
    return "locked" in str(exc) or "busy" in str(exc)


def _pid_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # another user's process
        return True
    return True


def _claim_holds(host: str, pid: int, heartbeat: float, now: float) -> bool:
    """Whether a writer's claim still stands (see the module docstring)."""
    if host == _HOST and os.name == "posix":
        return _pid_alive(pid)
    return now - heartbeat < STALE_AFTER_S


class Store:
    """The saved-games file at ``path`` (a :class:`~pathlib.Path` or str), opened, created if
    missing and upgraded to the current schema.

    Raises :class:`CorruptStoreError` for a file that is not a readable makao-tui database,
    :class:`NewerStoreError` for one of a newer schema version, :class:`StoreError` when its
    folder cannot be created, it stays busy, or an upgrade fails (the file is then left as it was).
    Every method may raise :class:`CorruptStoreError` if damage shows up later. One Store may be
    shared by threads; close it with :meth:`close` (or use it as a context manager).
    """

    def __init__(self, path: Path | str):
        self.path = Path(path)
        try:
            # user-only: the saved matches hold every hand (issue 11: no other user may read them)
            self.path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        except OSError as exc:
            raise StoreError(self.path, f"cannot create the folder of {self.path}: {exc.strerror}") from None
        self._lock = threading.RLock()
        try:
            self._conn = sqlite3.connect(str(self.path), timeout=BUSY_TIMEOUT_S, isolation_level=None,
                                         check_same_thread=False)
        except sqlite3.Error as exc:
            raise CorruptStoreError(self.path, f"cannot open {self.path}: {exc}") from None
        for private in (self.path.parent, self.path):  # made before this rule, or by another umask
            with suppress(OSError):
                if private.stat().st_mode & 0o077:
                    os.chmod(private, 0o700 if private.is_dir() else 0o600)
        try:
            with self._guard():
                self._conn.execute(f"PRAGMA busy_timeout = {int(BUSY_TIMEOUT_S * 1000)}")
                check = self._conn.execute("PRAGMA quick_check").fetchone()[0]
                if check != "ok":
                    raise CorruptStoreError(self.path, f"{self.path} is damaged ({check})")
                self._version(self._conn)  # refuse a foreign or newer file before changing it
                self._conn.execute("PRAGMA journal_mode = WAL")
                self._conn.execute("PRAGMA synchronous = NORMAL")
                self._conn.execute("PRAGMA foreign_keys = ON")
                self._migrate()
        except BaseException:
            self._conn.close()
            raise

    # ------------------------------------------------------------ plumbing

    def close(self) -> None:
        """Close the file (writers of this store can no longer save)."""
        self._conn.close()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @contextmanager
    def _guard(self) -> Iterator[None]:
        """Turn SQLite errors into store errors naming the file."""
        try:
            yield
        except sqlite3.IntegrityError as exc:
            raise StoreError(self.path, f"{self.path}: {exc}") from None
        except sqlite3.DatabaseError as exc:
            if _is_busy(exc):
                raise StoreError(self.path, f"{self.path} stayed busy (another makao process is "
                                            f"writing to it): {exc}") from None
            raise CorruptStoreError(self.path, f"cannot read {self.path}: {exc}") from None

    @contextmanager
    def _read(self) -> Iterator[sqlite3.Connection]:
        with self._lock, self._guard():
            yield self._conn

    @contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        """One ``BEGIN IMMEDIATE`` transaction: committed on success, rolled back on any error."""
        with self._lock, self._guard():
            self._conn.execute("BEGIN IMMEDIATE")
            try:
                yield self._conn
            except BaseException:
                if self._conn.in_transaction:
                    self._conn.execute("ROLLBACK")
                raise
            self._conn.execute("COMMIT")

    def _version(self, conn: sqlite3.Connection) -> int:
        """The file's schema version (0: empty); raises for a foreign file or a newer version."""
        tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        if "schema_version" in tables:
            rows = conn.execute("SELECT version FROM schema_version").fetchall()
            if len(rows) != 1 or not isinstance(rows[0][0], int):
                raise CorruptStoreError(self.path, f"{self.path} has no valid schema version")
            version = rows[0][0]
        elif tables - {"sqlite_sequence"}:
            raise CorruptStoreError(self.path, f"{self.path} is the database of another program")
        else:
            version = 0
        current = schema.current_version()
        if version > current:
            raise NewerStoreError(self.path, f"{self.path} was written by a newer makao-tui "
                                             f"(schema version {version}, this one knows {current})")
        return version

    def _migrate(self) -> None:
        with self._write() as conn:
            version = self._version(conn)  # again: another process may have upgraded it meanwhile
            current = schema.current_version()
            for step in range(version, current):
                try:
                    schema.MIGRATIONS[step](conn)
                except Exception as exc:
                    raise StoreError(self.path, f"cannot upgrade {self.path} from schema version "
                                                f"{step} to {step + 1}: {exc}") from None
            if version < current:
                conn.execute("UPDATE schema_version SET version = ?", (current,))

    def schema_version(self) -> int:
        """The schema version of the file (after the upgrade made on opening)."""
        with self._read() as conn:
            return conn.execute("SELECT version FROM schema_version").fetchone()[0]

    # ------------------------------------------------------------ writing

    def start_match(self, variant: Variant, rules: Any, seats: Sequence[Seat], seed: int,
                    first_dealer: int | None = None) -> MatchWriter:
        """Store a new match and return its writer.

        The arguments are those of :class:`~makao_tui.engine.match.Match` (``seats`` gives the
        names, which must not be empty, who is AI and at which level); the caller builds its Match from the same
        ones. Raises :class:`~makao_tui.engine.variant.RulesError` for a player count the game
        does not take, ValueError for an empty name.
        """
        seats = tuple(Seat(s.name, bool(s.is_ai), s.level) for s in seats)
        if any(not s.name.strip() for s in seats):
            raise ValueError("every seat of a stored match needs a name")
        fresh = Match(variant, rules, [s.name for s in seats], seed, first_dealer)
        now = time.time()
        with self._write() as conn:
            cur = conn.execute(
                "INSERT INTO matches (game, options, seed, first_dealer, created, updated, totals)"
                " VALUES (?, ?, ?, ?, ?, ?, ?)",
                (variant.id, json.dumps(rules_to_options(rules)), str(seed), first_dealer, now, now,
                 json.dumps(fresh.totals)))
            match_id = cur.lastrowid
            assert match_id is not None  # set by an INSERT
            conn.executemany("INSERT INTO seats (match_id, seat, name, is_ai, level) VALUES (?, ?, ?, ?, ?)",
                             [(match_id, i, s.name, int(s.is_ai), s.level) for i, s in enumerate(seats)])
            token = self._claim(conn, match_id)
        saved = SavedMatch(match_id, self.path, variant, rules, seats, seed, first_dealer, (), False,
                           now, now, None)
        return MatchWriter(self, saved, token, stored_deals=0)

    def resume(self, match_id: int) -> MatchWriter:
        """Claim an unfinished match for writing; its :attr:`MatchWriter.saved` holds the setup
        and every action stored.

        Raises :class:`UnknownMatchError`, :class:`MatchFinishedError`, :class:`MatchInUseError`
        (another live process writes it) or :class:`DamagedMatchError` (it cannot be read).
        """
        with self._write() as conn:
            saved = self._load(conn, match_id)
            if saved.finished is not None:
                raise MatchFinishedError(self.path, f"match {match_id} is over; it can be read, not resumed")
            token = self._claim(conn, match_id)
            deals = conn.execute("SELECT COUNT(*) FROM deals WHERE match_id = ?", (match_id,)).fetchone()[0]
        return MatchWriter(self, saved, token, stored_deals=deals)

    def _claim(self, conn: sqlite3.Connection, match_id: int) -> str:
        now = time.time()
        row = conn.execute("SELECT host, pid, heartbeat FROM writers WHERE match_id = ?", (match_id,)).fetchone()
        if row is not None and _claim_holds(row[0], row[1], row[2], now):
            raise MatchInUseError(self.path, f"match {match_id} is open in another makao process "
                                             f"(pid {row[1]} on {row[0]})")
        token = uuid.uuid4().hex
        conn.execute("INSERT OR REPLACE INTO writers (match_id, token, host, pid, heartbeat) VALUES (?, ?, ?, ?, ?)",
                     (match_id, token, _HOST, os.getpid(), now))
        return token

    # ------------------------------------------------------------ reading

    def load(self, match_id: int) -> SavedMatch:
        """The stored match (finished or not), without claiming it.

        Raises :class:`UnknownMatchError` or :class:`DamagedMatchError`.
        """
        with self._read() as conn:
            return self._load(conn, match_id)

    def _load(self, conn: sqlite3.Connection, match_id: int) -> SavedMatch:
        row = conn.execute("SELECT game, options, seed, first_dealer, time_up, created, updated, finished,"
                           " played FROM matches WHERE id = ?", (match_id,)).fetchone()
        if row is None:
            raise UnknownMatchError(self.path, f"no match {match_id} in {self.path}")
        game, options, seed, first_dealer, time_up, created, updated, finished, played = row
        seats = tuple(Seat(name, bool(ai), level) for name, ai, level in conn.execute(
            "SELECT name, is_ai, level FROM seats WHERE match_id = ? ORDER BY seat", (match_id,)))
        rows = conn.execute("SELECT seat, action FROM actions WHERE match_id = ? ORDER BY idx", (match_id,)).fetchall()
        try:
            variant = get_variant(game)
            rules = variant.rules(json.loads(options))
            actions = tuple((seat, action_from_json(json.loads(text))) for seat, text in rows)
            seed = int(seed)
        except (RulesError, ActionFormatError, ValueError, TypeError) as exc:
            raise DamagedMatchError(self.path, f"match {match_id} in {self.path} cannot be read: {exc}") from None
        return SavedMatch(match_id, self.path, variant, rules, seats, seed, first_dealer, actions,
                          bool(time_up), created, updated, finished, played)

    def unfinished(self) -> list[MatchSummary]:
        """The matches under way, the last played first."""
        return self._summaries("m.finished IS NULL", "m.updated DESC, m.id DESC")

    def finished(self) -> list[MatchSummary]:
        """The finished matches, the last finished first."""
        return self._summaries("m.finished IS NOT NULL", "m.finished DESC, m.id DESC")

    def _summaries(self, where: str, order: str) -> list[MatchSummary]:
        now = time.time()
        with self._read() as conn:
            rows = conn.execute(
                "SELECT m.id, m.game, m.deal, m.actions, m.created, m.updated, m.finished, m.totals,"
                " m.winners, w.host, w.pid, w.heartbeat FROM matches m LEFT JOIN writers w ON w.match_id = m.id"
                f" WHERE {where} ORDER BY {order}").fetchall()
            seats: dict[int, list[Seat]] = {}
            for match_id, name, ai in conn.execute(
                    f"SELECT s.match_id, s.name, s.is_ai FROM seats s JOIN matches m ON m.id = s.match_id"
                    f" WHERE {where} ORDER BY s.match_id, s.seat"):
                seats.setdefault(match_id, []).append(Seat(name, bool(ai)))
        out = []
        for (match_id, game, deal, actions, created, updated, finished, totals, winners,
             host, pid, heartbeat) in rows:
            out.append(MatchSummary(
                match_id, game, _game_name(game), tuple(seats.get(match_id, ())), deal, actions, created,
                updated, finished, json.loads(totals), json.loads(winners) if winners else None,
                host is not None and _claim_holds(host, pid, heartbeat, now)))
        return out

    def score_sheet(self, match_id: int) -> ScoreSheet:
        """The score sheet of a match (finished or not): its finished deals so far.

        Raises :class:`UnknownMatchError`.
        """
        with self._read() as conn:
            row = conn.execute("SELECT game, totals, winners FROM matches WHERE id = ?", (match_id,)).fetchone()
            if row is None:
                raise UnknownMatchError(self.path, f"no match {match_id} in {self.path}")
            names = [r[0] for r in conn.execute("SELECT name FROM seats WHERE match_id = ? ORDER BY seat",
                                                (match_id,))]
            deals = [DealScore(number, dealer, json.loads(points), json.loads(after))
                     for number, dealer, points, after in conn.execute(
                         "SELECT number, dealer, points, totals_after FROM deals WHERE match_id = ?"
                         " ORDER BY number", (match_id,))]
        totals = json.loads(row[1])
        initial = ([t - p for t, p in zip(deals[0].totals_after, deals[0].points, strict=False)] if deals
                   else list(totals))
        return ScoreSheet(match_id, row[0], names, initial, deals, totals,
                          json.loads(row[2]) if row[2] else None)

    def statistics(self) -> list[PlayerStats]:
        """Per player name (and human or AI) and game, over the finished matches; sorted by game
        (start-screen order), then most wins, then name."""
        with self._read() as conn:
            seats = conn.execute(
                "SELECT m.id, m.game, m.totals, m.winners, s.seat, s.name, s.is_ai FROM matches m"
                " JOIN seats s ON s.match_id = m.id WHERE m.finished IS NOT NULL ORDER BY m.id, s.seat").fetchall()
            deals: dict[int, list[list[int]]] = {}
            for match_id, points in conn.execute(
                    "SELECT d.match_id, d.points FROM deals d JOIN matches m ON m.id = d.match_id"
                    " WHERE m.finished IS NOT NULL ORDER BY d.match_id, d.number"):
                deals.setdefault(match_id, []).append(json.loads(points))
        acc: dict[tuple[str, bool, str], dict[str, Any]] = {}
        for match_id, game, totals, winners, seat, name, ai in seats:
            total = json.loads(totals)[seat]
            a = acc.setdefault((name, bool(ai), game), {"matches": 0, "wins": 0, "deals": 0, "points": 0,
                                                        "best": None})
            a["matches"] += 1
            a["wins"] += seat in json.loads(winners)
            played = deals.get(match_id, [])
            a["deals"] += len(played)
            a["points"] += sum(p[seat] for p in played)
            better = max if _higher_wins(game) else min
            if a["best"] is None or better(total, a["best"][1]) != a["best"][1]:
                a["best"] = (match_id, total)
        order = {v.id: i for i, v in enumerate(all_variants())}
        stats = [PlayerStats(name, ai, game, a["matches"], a["wins"], a["deals"],
                             a["points"] / a["deals"] if a["deals"] else 0.0, a["best"][0], a["best"][1])
                 for (name, ai, game), a in acc.items()]
        stats.sort(key=lambda s: (order.get(s.game, len(order)), s.game, -s.wins, s.name.casefold()))
        return stats


def _game_name(game: str) -> str:
    try:
        return get_variant(game).name
    except RulesError:
        return game


def _higher_wins(game: str) -> bool:
    try:
        return get_variant(game).higher_wins
    except RulesError:
        return True


class MatchWriter:
    """The one writer of a stored match (from :meth:`Store.start_match` or :meth:`Store.resume`).

    ``id``: the match id. ``saved``: the match as it was when claimed (for :meth:`Store.resume`,
    every action stored; rebuild it with ``saved.rebuild()`` or ``saved.replay_into(session)``).
    Every method raises :class:`MatchInUseError` if another process has taken the match over (this
    process was thought dead), :class:`StoreError` once closed. Use as a context manager, or call
    :meth:`close`, to release the match.
    """

    def __init__(self, store: Store, saved: SavedMatch, token: str, stored_deals: int):
        self.store = store
        self.saved = saved
        self.id = saved.id
        self._token = token
        self._actions = len(saved.actions)
        self._deals = stored_deals
        self._closed = False

    def __enter__(self) -> MatchWriter:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _owned(self, conn: sqlite3.Connection) -> None:
        if self._closed:
            raise StoreError(self.store.path, f"the writer of match {self.id} is closed")
        row = conn.execute("SELECT token FROM writers WHERE match_id = ?", (self.id,)).fetchone()
        if row is None or row[0] != self._token:
            raise MatchInUseError(self.store.path, f"match {self.id} was taken over by another makao process")

    def save(self, match: Match, played: float | None = None) -> None:
        """Store what ``match`` did since the last save, in one transaction: its new actions, the
        score-sheet rows of deals that ended, its totals, the ``time_up`` flag, and its end
        (winners) once over. Call it after every ``match.apply`` and after setting ``time_up``.
        ``played``: seconds of play so far, for a time limit (None: left as stored).

        Raises ValueError if ``match`` is not this match (another game, names or seed) or has
        fewer actions than stored (take actions back with :meth:`truncate`).
        """
        s = self.saved
        if match.variant.id != s.variant.id or match.names != s.names or match.seed != s.seed:
            raise ValueError(f"that is not match {self.id}")
        actions = match.all_actions()
        if len(actions) < self._actions:
            raise ValueError(f"the match has {len(actions)} actions, {self._actions} are stored")
        done = [d for d in match.deals if d.points is not None]
        now = time.time()
        with self.store._write() as conn:
            self._owned(conn)
            conn.executemany("INSERT INTO actions (match_id, idx, seat, action) VALUES (?, ?, ?, ?)",
                             [(self.id, i, seat, json.dumps(action_to_json(action)))
                              for i, (seat, action) in enumerate(actions) if i >= self._actions])
            conn.executemany("INSERT INTO deals (match_id, number, dealer, points, totals_after)"
                             " VALUES (?, ?, ?, ?, ?)",
                             [(self.id, d.number, d.dealer, json.dumps(d.points), json.dumps(d.totals_after))
                              for d in done[self._deals:]])
            self._update(conn, match, len(actions), now)
            if played is not None:
                conn.execute("UPDATE matches SET played = ? WHERE id = ?", (played, self.id))
        self._actions = len(actions)
        self._deals = len(done)

    def _update(self, conn: sqlite3.Connection, match: Match, actions: int, now: float) -> None:
        over = match.is_over
        conn.execute("UPDATE matches SET updated = ?, deal = ?, actions = ?, time_up = ?, totals = ?,"
                     " finished = ?, winners = ? WHERE id = ?",
                     (now, len(match.deals), actions, int(match.time_up),
                      json.dumps(match.totals), now if over else None,
                      json.dumps(match.winners()) if over else None, self.id))
        conn.execute("UPDATE writers SET heartbeat = ? WHERE match_id = ?", (now, self.id))

    def truncate(self, count: int) -> SavedMatch:
        """Keep only the first ``count`` stored actions (undo: see
        :func:`~makao_tui.store.records.undo_point`) and return the match as now stored; the
        score sheet, totals and end follow. Raises ValueError unless ``0 <= count <=`` the
        actions stored, :class:`DamagedMatchError` if the kept actions do not replay (nothing
        changes then).
        """
        if not 0 <= count <= self._actions:
            raise ValueError(f"cannot keep {count} of {self._actions} actions")
        now = time.time()
        with self.store._write() as conn:
            self._owned(conn)
            stored = self.store._load(conn, self.id)
            kept = dataclasses.replace(stored, actions=stored.actions[:count], updated=now)
            match = kept.rebuild()
            done = sum(1 for d in match.deals if d.points is not None)
            conn.execute("DELETE FROM actions WHERE match_id = ? AND idx >= ?", (self.id, count))
            conn.execute("DELETE FROM deals WHERE match_id = ? AND number > ?", (self.id, done))
            self._update(conn, match, count, now)
        self._actions = count
        self._deals = done
        return dataclasses.replace(kept, finished=now if match.is_over else None)

    def close(self) -> None:
        """Release the match (other processes may then resume it); closing twice does nothing."""
        if self._closed:
            return
        with self.store._write() as conn:
            conn.execute("DELETE FROM writers WHERE match_id = ? AND token = ?", (self.id, self._token))
        self._closed = True


def open_store(path: Path | str | None = None) -> Store:
    """The store at ``path`` (default :func:`default_path`); raises as :class:`Store` does."""
    return Store(path if path is not None else default_path())


def move_aside(path: Path, kind: str) -> Path:
    """Rename ``path`` to ``<name>.<kind>-<YYYYmmdd-HHMMSS>`` (``-2``, ``-3``… added if taken; an
    existing file is never overwritten) together with its ``-wal``/``-shm`` companions, and return
    the new path. Raises OSError if the file cannot be renamed.
    """
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.{kind}-{stamp}")
    n = 1
    while any(Path(f"{target}{s}").exists() for s in ("", "-wal", "-shm")):
        n += 1
        target = path.with_name(f"{path.name}.{kind}-{stamp}-{n}")
    os.rename(path, target)
    for suffix in ("-wal", "-shm"):
        with suppress(FileNotFoundError):
            os.rename(f"{path}{suffix}", f"{target}{suffix}")
    return target


def open_store_or_recover(path: Path | str | None = None) -> tuple[Store, str | None]:
    """Open the store; if its file is corrupt or of a newer version, move it aside (see
    :func:`move_aside`: kind ``corrupt`` or ``newer``), start a fresh file and say so.

    Returns ``(store, message)``: ``message`` is None when nothing was moved, else one line naming
    both files, to show the user. Raises :class:`StoreError` when the file cannot be moved aside
    or a fresh one cannot be opened.
    """
    path = Path(path if path is not None else default_path())
    try:
        return Store(path), None
    except (CorruptStoreError, NewerStoreError) as exc:
        kind = "newer" if isinstance(exc, NewerStoreError) else "corrupt"
        try:
            moved = move_aside(path, kind)
        except FileNotFoundError:  # another process moved it first
            return Store(path), None
        except OSError as err:
            raise StoreError(path, f"{exc}; it could not be moved aside: {err.strerror}") from None
        return Store(path), f"{exc}. It was moved to {moved}; a new saved-games file was started."
