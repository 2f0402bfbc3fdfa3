"""The saved-games database: one SQLite file, matches stored action by action.

:class:`Store` opens (and creates or upgrades) the file; :meth:`Store.start_match` and
:meth:`Store.resume` hand out a :class:`~makao_tui.store.writer.MatchWriter`, the one writer of a
match, which stores each action as it is applied and takes actions back. Reading (lists, score
sheets, statistics, :meth:`Store.load`) needs no writer, so another process may read a match while
one plays it.

Durability and sharing: WAL journal, ``synchronous=NORMAL`` (a committed action survives the
process being killed; an operating-system crash may lose the last few, never corrupt the file).
Reads wait up to :data:`BUSY_TIMEOUT_S` for a busy file. A match's writer claim is an ``flock``
held by the writing process (:mod:`.locks`), so it lapses the moment that process ends and never
outlives it (a zombie or a reused pid holds nothing); a ``writers`` row (token, host, pid,
heartbeat) names the writer in messages, and for a writer on another host (no shared flock) its
heartbeat, refreshed by every save, counts for :data:`STALE_AFTER_S`.

Opening costs the same for a small and a large file: the header and the schema are checked, not
every page. A full ``PRAGMA integrity_check`` runs only after an unclean shutdown (a process that
had the file open ended without closing it) and in :meth:`Store.check` (``makao saves --check``).

Errors are told for what they are (:func:`classify`): a busy file (:class:`StoreBusyError`), a full
disk (:class:`StoreFullError`, with the free space and where), a file SQLite cannot read
(:class:`CorruptStoreError`, the only one ever set aside), anything else (:class:`StoreError`).
"""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
import stat
import threading
import time
import uuid
from collections.abc import Iterator, Sequence
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import platformdirs

from ..engine.i18n import N_, _, ngettext, os_reason
from ..engine.text import clean_name
from ..engine.variant import GameInfo, RulesError, Variant
from ..engine.words import Number, Words, plural_words
from ..games import all_games, game_info, get_variant
from . import locks, schema, validate
from .errors import (
    CorruptStoreError,
    DamagedMatchError,
    MatchFinishedError,
    MatchInUseError,
    NewerStoreError,
    StoreBusyError,
    StoreError,
    StoreFullError,
    UnknownMatchError,
)
from .records import DealScore, MatchSummary, PlayerStats, SavedMatch, ScoreSheet, Seat
from .validate import Damage
from .writer import BUSY_TIMEOUT_S, MatchWriter

#: the database file's name inside the data folder
DB_NAME = "makao.sqlite3"
#: age (seconds) after which the claim of a writer on another host lapses
STALE_AFTER_S = 120.0
#: the most memory (KiB) SQLite's page cache of the file may hold (its default is 2,000): saving
#: writes at the end of the actions, so the rest of a long match need not stay in the process's
#: memory (issue 31 item 3: a table's memory flat in the match's length)
CACHE_KIB = 512
#: the first bytes of every SQLite database file
SQLITE_HEADER = b"SQLite format 3\x00"

#: a match's row as :meth:`Store._summary` reads it, with how many action rows it has and the
#: highest index among them (counting is a walk over the match's index entries: a quick listing,
#: the start screen's first frame, leaves it out, ``NULL``, and checks the highest index only)
_SUMMARY = ("SELECT m.id, m.game, m.deal, m.actions, m.created, m.updated, m.finished, m.totals, m.winners,"
            " w.host, w.pid, w.heartbeat, m.options, m.seed, m.first_dealer, m.time_up, m.played,"
            " {count}, (SELECT MAX(a.idx) FROM actions a WHERE a.match_id = m.id)"
            " FROM matches m LEFT JOIN writers w ON w.match_id = m.id")
_COUNT = "(SELECT COUNT(*) FROM actions a WHERE a.match_id = m.id)"
#: a match's seats as :func:`.validate.seats` reads them
_SEATS = "SELECT seat, name, is_ai, level, undos, hints FROM seats WHERE match_id = ? ORDER BY seat"
_BUSY, _LOCKED, _IOERR, _CORRUPT, _FULL, _NOTADB = 5, 6, 10, 11, 13, 26
#: below this many bytes free, an I/O error while writing is taken for a full disk
_NEARLY_FULL = 1 << 20


def data_dir() -> Path:
    """The folder of the saved-games file: ``$MAKAO_DATA_DIR`` if set and not empty, else the
    user's data folder (``platformdirs.user_data_dir("makao-tui")``)."""
    override = os.environ.get("MAKAO_DATA_DIR", "").strip()
    return Path(override).expanduser() if override else Path(platformdirs.user_data_dir("makao-tui"))


def default_path() -> Path:
    """The saved-games file: ``data_dir() / DB_NAME``."""
    return data_dir() / DB_NAME


def size_words(count: int) -> Words:
    """A byte count as a message: ``"512 bytes"``, ``"3.2 MiB"`` (``"3,2 MiB"`` in Russian and
    Polish), said in the reader's language."""
    if count < 1024:
        return plural_words("{n} byte", "{n} bytes", count, n=count)
    units = ("KiB", "MiB", "GiB", "TiB")
    value, unit = count / 1024, 0
    while value >= 1024 and unit < len(units) - 1:
        value, unit = value / 1024, unit + 1
    return Words("{size} {unit}", size=Number(value, 1), unit=units[unit])


def size_text(count: int) -> str:
    """:func:`size_words` in the language in use."""
    return size_words(count).text()


def _free(path: Path) -> int | None:
    try:
        return shutil.disk_usage(path.parent).free
    except OSError:
        return None


def _in_use(match_id: int, row: Any) -> Words:
    """The words of a match another process holds (``row``: its writer's host, pid, heartbeat)."""
    if row is None:
        return Words("match {id} is open in another makao process", id=match_id)
    return Words("match {id} is open in another makao process (pid {pid} on {host})", id=match_id, pid=row[1],
                 host=row[0])


def full_error(path: Path, needed: int = 0) -> StoreFullError:
    """The :class:`StoreFullError` of a write to ``path`` that needed about ``needed`` bytes,
    naming the folder and the space free there."""
    free = _free(path)
    needed = max(needed, 64 * 1024)  # SQLite grows a file by pages, and the WAL beside it too
    fields: dict[str, Any] = {"path": str(path), "free": size_words(free or 0), "folder": str(path.parent),
                              "needed": size_words(needed)}
    if free is not None and free > 16 * needed:
        words = Words("cannot save to {path}: the disk is full (or the file reached a size limit): {free} free in "
                      "{folder}, about {needed} needed", **fields)
    else:
        words = Words("cannot save to {path}: the disk is full: {free} free in {folder}, about {needed} needed",
                      **fields)
    return StoreFullError(path, words, free, needed)


def classify(path: Path, exc: sqlite3.Error, doing: str = "read", needed: int = 0) -> StoreError:
    """The store error ``exc`` stands for: busy, full, corrupt (SQLite cannot read the file) or
    another error (permissions, I/O); ``doing`` ("read", "write"…) words the last kind."""
    code = getattr(exc, "sqlite_errorcode", None)
    primary = code & 0xFF if isinstance(code, int) else None
    text = str(exc)
    if primary in (_BUSY, _LOCKED) or (primary is None and ("locked" in text or "busy" in text)):
        return StoreBusyError(path, Words("{path} is busy: another makao process is writing to it", path=str(path)))
    free = _free(path)
    if primary == _FULL or "disk is full" in text or (
            primary == _IOERR and free is not None and free < _NEARLY_FULL):
        return full_error(path, needed)
    if primary in (_CORRUPT, _NOTADB) or (primary is None and ("malformed" in text or "not a database" in text)):
        return CorruptStoreError(path, Words("cannot read {path}: {error}", path=str(path), error=text))
    templates = {"read": N_("cannot read {path}: {error}"), "open": N_("cannot open {path}: {error}"),
                 "write to": N_("cannot write to {path}: {error}")}
    template = templates.get(doing) or N_("cannot use {path}: {error}")
    return StoreError(path, Words(template, path=str(path), error=text))  # SQLite's own words stay English


@dataclass
class StoreCheck:
    """What :meth:`Store.check` found. ``integrity``: SQLite's ``integrity_check`` lines (``["ok"]``
    for a sound file); ``damaged``: ``(match id, reason)`` of each match that cannot be rebuilt;
    ``matches``: matches checked."""

    path: Path
    integrity: list[str] = field(default_factory=list)
    damaged: list[tuple[int, str]] = field(default_factory=list)
    matches: int = 0

    @property
    def ok(self) -> bool:
        """Whether the file and every match in it are sound."""
        return self.integrity == ["ok"] and not self.damaged


class Store:
    """The saved-games file at ``path`` (a :class:`~pathlib.Path` or str), opened, created if
    missing and upgraded to the current schema.

    Raises :class:`CorruptStoreError` for a file that is not a readable makao-tui database,
    :class:`NewerStoreError` for one of a newer schema version, :class:`StoreFullError` when there
    is no room to create or upgrade it, :class:`StoreError` when its folder cannot be created, it
    stays busy, or an upgrade fails (the file is then left as it was). Every method may raise
    :class:`CorruptStoreError` if damage shows up later. One Store may be shared by threads; close
    it with :meth:`close` (or use it as a context manager).

    ``unclean``: how many earlier processes ended without closing the file (each time, opening ran
    a full integrity check).
    """

    def __init__(self, path: Path | str):
        self.path = Path(path)
        self._lock = threading.RLock()
        #: what the user should know about the file's folder (one line each): it is not the user's
        #: only (issue 29: an existing folder keeps its mode, and a folder others can read is told)
        self.notes: list[str] = []
        folder = self.path.parent
        made = not folder.exists()
        try:
            # user-only: the saved matches hold every hand (issue 11: no other user may read them); a
            # folder made here gets that mode, one that was there keeps its own
            folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        except OSError as exc:
            raise StoreError(self.path, _("cannot create the folder of {path}: {error}").format(
                path=self.path, error=os_reason(exc))) from None
        place = locks.folder(self.path)
        if place.exists() and not place.is_dir():
            raise StoreError(self.path, _("{folder} is a file, not a folder: makao keeps the locks of {path} in a "
                                          "folder of that name. Move that file elsewhere and try again.").format(
                folder=place, path=self.path))
        if not made:
            with suppress(OSError):
                mode = stat.S_IMODE(folder.stat().st_mode)
                if mode & 0o044:
                    self.notes.append(_("{folder} can be read by other users of this machine (mode {mode}): "
                                        "the saved games in it are kept readable by you only, but a folder of "
                                        "your own is safer (MAKAO_DATA_DIR names it).").format(folder=folder,
                                                                                              mode=f"{mode:o}"))
        self._open()

    def _open(self) -> None:
        """Open (create, upgrade) the file at :attr:`path`, as :class:`Store` says."""
        self._check_header()
        self._marker: tuple[int, Path] | None = None
        self.unclean = 0
        try:
            self._conn = sqlite3.connect(str(self.path), timeout=BUSY_TIMEOUT_S, isolation_level=None,
                                         check_same_thread=False)
        except sqlite3.Error as exc:
            raise classify(self.path, exc, "open") from None
        with suppress(OSError):  # the file is the app's: made before this rule, or by another umask
            if self.path.stat().st_mode & 0o077:
                os.chmod(self.path, 0o600)
        try:
            self._mark_open()
            with self._guard():
                self._conn.execute(f"PRAGMA busy_timeout = {int(BUSY_TIMEOUT_S * 1000)}")
                version = self._version(self._conn)  # refuse a foreign or newer file before changing it
                if self.unclean:
                    problems = self._integrity()
                    if problems != ["ok"]:
                        raise CorruptStoreError(self.path, _("{path} is damaged ({problem})").format(
                            path=self.path, problem=problems[0]))
                self._conn.execute("PRAGMA journal_mode = WAL")
                self._conn.execute("PRAGMA synchronous = NORMAL")
                self._conn.execute(f"PRAGMA cache_size = -{CACHE_KIB}")
                self._conn.execute("PRAGMA foreign_keys = ON")
                if version < schema.current_version():  # (a file up to date is opened without a write:
                    self._migrate()                     # a file busy with another writer can be read)
                self._check_schema()
        except BaseException:
            self.close()
            raise

    def set_damaged_aside(self, reason: str) -> str:
        """Move this file, found damaged (``reason``: what was found, one line), aside as
        :func:`move_aside` does (kind ``corrupt``: renamed, nothing deleted) and go on in a new
        file at :attr:`path`, so that play goes on saving; returns the line that says so, naming
        both files. Writers of this store write to the new file from then on.

        Raises :class:`StoreError` (the file left in place and still open) when another makao
        process has the file open (moving it under that process would split its saves) or it
        cannot be renamed; :class:`StoreError` too when the new file cannot be opened.
        """
        with self._lock:
            refuse_if_open_elsewhere(self.path, reason, self._marker[1] if self._marker is not None else None)
            self.close()
            try:
                moved = move_aside(self.path, "corrupt")
            except OSError as err:
                self._open()
                raise StoreError(self.path, _("{reason}; it could not be moved aside: {error}").format(
                    reason=reason, error=os_reason(err))) from None
            self._open()
        return _("{reason}. It was moved to {moved} (nothing in it is deleted); "
                 "a new saved-games file was started at {path}.").format(reason=reason, moved=moved, path=self.path)

    def _check_header(self) -> None:
        """Refuse at once a file that is not SQLite (its first 16 bytes), without reading more."""
        try:
            with self.path.open("rb") as f:
                head = f.read(len(SQLITE_HEADER))
        except FileNotFoundError:
            return
        except OSError as exc:
            raise StoreError(self.path, _("cannot read {path}: {error}").format(
                path=self.path, error=os_reason(exc))) from None
        if head and head != SQLITE_HEADER:
            raise CorruptStoreError(self.path, _("cannot read {path}: file is not a database").format(path=self.path))

    def _mark_open(self) -> None:
        """Count the unclean shutdowns since the file was last opened, and mark it open by this
        process; a folder that cannot be written leaves the file unmarked (nothing else changes)."""
        if not locks.LOCKS:
            return
        with suppress(OSError):
            self.unclean = locks.unclean_shutdowns(self.path)
            self._marker = locks.mark_open(self.path)

    # ------------------------------------------------------------ plumbing

    def close(self) -> None:
        """Close the file (writers of this store can no longer save); closing twice does nothing."""
        self._conn.close()
        locks.mark_closed(self._marker)
        self._marker = None

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @contextmanager
    def _guard(self, doing: str = "read", needed: int = 0) -> Iterator[None]:
        """Turn SQLite errors into store errors naming the file (see :func:`classify`)."""
        try:
            yield
        except sqlite3.IntegrityError as exc:
            raise StoreError(self.path, f"{self.path}: {exc}") from None
        except (sqlite3.DatabaseError, sqlite3.OperationalError) as exc:
            raise classify(self.path, exc, doing, needed) from None

    @contextmanager
    def _read(self) -> Iterator[sqlite3.Connection]:
        with self._lock, self._guard():
            yield self._conn

    @contextmanager
    def _write(self, wait: float = BUSY_TIMEOUT_S, needed: int = 0) -> Iterator[sqlite3.Connection]:
        """One ``BEGIN IMMEDIATE`` transaction, waiting up to ``wait`` seconds for the write lock:
        committed on success, rolled back on any error. ``needed``: about the bytes it writes (for
        a full disk's message)."""
        with self._lock, self._guard("write to", needed):
            self._conn.execute(f"PRAGMA busy_timeout = {int(wait * 1000)}")
            try:
                self._conn.execute("BEGIN IMMEDIATE")
                try:
                    yield self._conn
                    self._conn.execute("COMMIT")
                except BaseException:
                    if self._conn.in_transaction:
                        self._conn.execute("ROLLBACK")
                    raise
            finally:
                if wait != BUSY_TIMEOUT_S:
                    self._conn.execute(f"PRAGMA busy_timeout = {int(BUSY_TIMEOUT_S * 1000)}")

    def _version(self, conn: sqlite3.Connection) -> int:
        """The file's schema version (0: empty); raises for a foreign file or a newer version."""
        tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        if "schema_version" in tables:
            rows = conn.execute("SELECT version FROM schema_version").fetchall()
            if len(rows) != 1 or not isinstance(rows[0][0], int):
                raise CorruptStoreError(self.path, _("{path} has no valid schema version").format(path=self.path))
            version = rows[0][0]
        elif tables - {"sqlite_sequence"}:
            raise CorruptStoreError(self.path, _("{path} is the database of another program").format(path=self.path))
        else:
            version = 0
        current = schema.current_version()
        if version > current:
            raise NewerStoreError(self.path, _("{path} was written by a newer makao-tui (schema version {version}, "
                                               "this one knows {current})").format(path=self.path, version=version,
                                                                                   current=current))
        return version

    def _migrate(self) -> None:
        with self._write() as conn:
            version = self._version(conn)  # again: another process may have upgraded it meanwhile
            current = schema.current_version()
            for step in range(version, current):
                try:
                    schema.MIGRATIONS[step](conn)
                except sqlite3.Error as exc:
                    if isinstance(classify(self.path, exc), (StoreFullError, StoreBusyError)):
                        raise
                    raise StoreError(self.path, f"cannot upgrade {self.path} from schema version "
                                                f"{step} to {step + 1}: {exc}") from None
                except Exception as exc:
                    raise StoreError(self.path, f"cannot upgrade {self.path} from schema version "
                                                f"{step} to {step + 1}: {exc}") from None
            if version < current:
                conn.execute("UPDATE schema_version SET version = ?", (current,))

    def _check_schema(self) -> None:
        """Every table and column this code reads is there (a few rows of ``sqlite_master``)."""
        for table, columns in schema.columns().items():
            have = {row[1] for row in self._conn.execute(f"PRAGMA table_info({table})")}
            if not columns <= have:
                missing = ", ".join(sorted(columns - have))
                raise CorruptStoreError(self.path, f"{self.path} lacks {table}: {missing}")

    def _integrity(self) -> list[str]:
        return [row[0] for row in self._conn.execute("PRAGMA integrity_check")]

    def schema_version(self) -> int:
        """The schema version of the file (after the upgrade made on opening)."""
        with self._read() as conn:
            return conn.execute("SELECT version FROM schema_version").fetchone()[0]

    # ------------------------------------------------------------ writing

    def start_match(self, variant: Variant, rules: Any, seats: Sequence[Seat], seed: int,
                    first_dealer: int | None = None) -> MatchWriter[Store]:
        """Store a new match and return its writer (the caller builds its Match from the same
        arguments).

        ``seats`` gives the names (cleaned with :func:`~makao_tui.engine.text.clean_name`; they
        must not clean to nothing), who is AI and at which level. If the file is busy or the disk
        full the writer is returned all the same: it keeps the match and its actions and writes
        them when it can (:attr:`MatchWriter.status` says so; its ``id`` is None until then).
        Raises :class:`~makao_tui.engine.variant.RulesError` for a player count the game does not
        take, ValueError for an empty name or an unknown AI level.
        """
        seats = tuple(Seat(clean_name(s.name), bool(s.is_ai), s.level) for s in seats)  # no help used yet
        if any(not s.name for s in seats):
            raise ValueError("every seat of a stored match needs a name")
        try:
            validate.seats((i, s.name, int(s.is_ai), s.level, 0, 0) for i, s in enumerate(seats))
        except Damage as exc:
            raise ValueError(str(exc)) from None
        from ..engine.match import Match

        fresh = Match(variant, rules, [s.name for s in seats], seed, first_dealer)
        now = time.time()
        saved = SavedMatch(None, self.path, variant, rules, seats, seed, first_dealer, (), False,  # type: ignore[arg-type]
                           now, now, None)
        return MatchWriter(self, saved, claim=None, stored_deals=0, totals=fresh.totals)

    def resume(self, match_id: int) -> MatchWriter[Store]:
        """Claim an unfinished match for writing; its :attr:`MatchWriter.saved` holds the setup
        and every action stored.

        Raises :class:`UnknownMatchError`, :class:`MatchFinishedError`, :class:`MatchInUseError`
        (another live process writes it) or :class:`DamagedMatchError` (it cannot be read).
        """
        self._known_id(match_id)
        with self._write() as conn:
            saved = self._load(conn, match_id)
            if saved.finished is not None:
                raise MatchFinishedError(self.path, _("match {id} is over; it can be read, not resumed").format(
                    id=match_id))
            claim = self._claim(conn, match_id)
            try:
                deals = conn.execute("SELECT COUNT(*) FROM deals WHERE match_id = ?", (match_id,)).fetchone()[0]
            except BaseException:
                locks.release(claim[1])
                raise
        return MatchWriter(self, saved, claim=claim, stored_deals=deals)

    def _claim(self, conn: sqlite3.Connection, match_id: int) -> tuple[str, int | None]:
        """Claim ``match_id`` for this process inside the caller's write transaction: returns the
        writer's token and its lock's descriptor (None without flock). Raises MatchInUseError."""
        now = time.time()
        row = conn.execute("SELECT host, pid, heartbeat FROM writers WHERE match_id = ?", (match_id,)).fetchone()
        if row is not None and row[0] != locks.HOST and now - _number(row[2]) < STALE_AFTER_S:
            raise MatchInUseError(self.path, _in_use(match_id, row))
        fd = None
        if locks.LOCKS:
            try:
                fd = locks.claim(self.path, match_id)
            except OSError as exc:
                raise StoreError(self.path, _("cannot lock match {id} in {folder}: {error}").format(
                    id=match_id, folder=locks.folder(self.path), error=os_reason(exc))) from None
            if fd is None:
                raise MatchInUseError(self.path, _in_use(match_id, row))
        elif row is not None and row[0] == locks.HOST and _pid_alive(row[1]):
            raise MatchInUseError(self.path, _in_use(match_id, row))
        token = uuid.uuid4().hex
        try:
            conn.execute("INSERT OR REPLACE INTO writers (match_id, token, host, pid, heartbeat)"
                         " VALUES (?, ?, ?, ?, ?)",
                         (match_id, token, locks.HOST, os.getpid(), now))
        except BaseException:
            locks.release(fd)
            raise
        return token, fd

    def _holds(self, match_id: int, host: Any, pid: Any, heartbeat: Any, now: float) -> bool:
        """Whether the writer of a ``writers`` row is alive (see the module docstring)."""
        if host != locks.HOST:
            return now - _number(heartbeat) < STALE_AFTER_S
        if locks.LOCKS:
            return locks.claimed(self.path, match_id)
        return isinstance(pid, int) and _pid_alive(pid)

    # ------------------------------------------------------------ reading

    def _known_id(self, match_id: int) -> None:
        """Refuse an id SQLite cannot hold (it could not be in the file)."""
        if isinstance(match_id, bool) or not isinstance(match_id, int) or not 1 <= match_id <= validate.MAX_ID:
            raise UnknownMatchError(self.path, _("no match {id} in {path}").format(id=match_id, path=self.path))

    def load(self, match_id: int) -> SavedMatch:
        """The stored match (finished or not), without claiming it.

        Raises :class:`UnknownMatchError` or :class:`DamagedMatchError`.
        """
        self._known_id(match_id)
        with self._read() as conn:
            return self._load(conn, match_id)

    def _load(self, conn: sqlite3.Connection, match_id: int) -> SavedMatch:
        row = conn.execute(f"{_SUMMARY.format(count=_COUNT)} WHERE m.id = ?", (match_id,)).fetchone()
        if row is None:
            raise UnknownMatchError(self.path, _("no match {id} in {path}").format(id=match_id, path=self.path))
        seat_rows = conn.execute(_SEATS, (match_id,)).fetchall()
        lost = _lost_actions(conn, match_id, row[3], row[17], row[18])
        summary = self._summary(row, seat_rows, time.time(), lost=lost)
        if summary.damage is not None:
            raise DamagedMatchError(self.path, _("match {id} in {path} cannot be read: {error}").format(
                id=match_id, path=self.path, error=summary.damage))
        game, created, updated, finished = row[1], row[4], row[5], row[6]
        options, seed, first_dealer, time_up, played = row[12:17]
        rows = conn.execute("SELECT idx, seat, action FROM actions WHERE match_id = ? ORDER BY idx",
                            (match_id,)).fetchall()
        try:
            variant = _variant(game)
            seats = validate.seats(seat_rows)
            rules, seed, first_dealer = _setup(variant, seats, options, seed, first_dealer)
            actions = validate.actions(rows, len(seats))
            saved = SavedMatch(
                match_id, self.path, variant, rules, seats, seed, first_dealer, tuple(actions),
                validate.flag(time_up, "time_up"), validate.moment(created, "created"),
                validate.moment(updated, "updated"),
                None if finished is None else validate.moment(finished, "finished"), validate.moment(played, "played"))
        except Damage as exc:
            raise DamagedMatchError(self.path, _("match {id} in {path} cannot be read: {error}").format(
                id=match_id, path=self.path, error=exc)) from None
        return saved

    def _actions(self, conn: sqlite3.Connection, match_id: int, players: int, end: int) -> list[tuple[int, Any]]:
        """The first ``end`` stored actions of match ``match_id`` (of ``players`` seats), fewer if
        fewer are stored, checked as :meth:`_load` checks them. Raises :class:`DamagedMatchError`."""
        rows = conn.execute("SELECT idx, seat, action FROM actions WHERE match_id = ? AND idx < ? ORDER BY idx",
                            (match_id, end)).fetchall()
        try:
            return validate.actions(rows, players)
        except Damage as exc:
            raise DamagedMatchError(self.path, _("match {id} in {path} cannot be read: {error}").format(
                id=match_id, path=self.path, error=exc)) from None

    def unfinished(self, quick: bool = False) -> list[MatchSummary]:
        """The matches under way that can be read, the last played first (see :meth:`damaged`).

        ``quick``: each match's options are checked to be names and values but not against its
        game's rules, so that no game's rules are loaded (what the start screen's first frame
        lists); a match whose options its game refuses is then listed too, and :meth:`resume`
        refuses it (:class:`DamagedMatchError`) as :meth:`damaged` names it."""
        return [m for m in self._summaries("m.finished IS NULL", "m.updated DESC, m.id DESC", quick)
                if m.damage is None]

    def finished(self) -> list[MatchSummary]:
        """The finished matches that can be read, the last finished first."""
        return [m for m in self._summaries("m.finished IS NOT NULL", "m.finished DESC, m.id DESC")
                if m.damage is None]

    def damaged(self) -> list[MatchSummary]:
        """The matches whose stored values do not make a match (each one's ``damage`` says why),
        by id; left out of :meth:`unfinished`, :meth:`finished` and :meth:`statistics`.
        :meth:`check` also finds matches whose actions do not replay."""
        return [m for m in self._summaries("1", "m.id") if m.damage is not None]

    def _summaries(self, where: str, order: str, quick: bool = False) -> list[MatchSummary]:
        now = time.time()
        with self._read() as conn:
            summary = _SUMMARY.format(count="NULL" if quick else _COUNT)
            rows = conn.execute(f"{summary} WHERE {where} ORDER BY {order}").fetchall()
            seats: dict[int, list[tuple[Any, ...]]] = {}
            for row in conn.execute(
                    f"SELECT s.match_id, s.seat, s.name, s.is_ai, s.level, s.undos, s.hints FROM seats s JOIN matches m"
                    f" ON m.id = s.match_id WHERE {where} ORDER BY s.match_id, s.seat"):
                seats.setdefault(row[0], []).append(row[1:])
            lost = {row[0]: _lost_actions(conn, row[0], row[3], row[17], row[18]) for row in rows}
        return [self._summary(row, seats.get(row[0], []), now, quick, lost[row[0]]) for row in rows]

    def _summary(self, row: tuple[Any, ...], seat_rows: list[tuple[Any, ...]], now: float,
                 quick: bool = False, lost: str | None = None) -> MatchSummary:
        """One checked summary (every value of the match's row and seats, and that its action rows
        are all there: ``lost`` says which are not, see :func:`_lost_actions`; the actions
        themselves are checked by :meth:`load` and :meth:`check`; with ``quick``, its options only
        as far as :meth:`unfinished` says); a damaged match gets its reason and harmless
        placeholders."""
        (match_id, game, deal, actions, created, updated, finished, totals, winners, host, pid, heartbeat,
         options, seed, first_dealer, time_up, played) = row[:17]
        try:
            if lost is not None:
                raise Damage(lost)
            info = _game(game)
            good = validate.seats(seat_rows)
            _setup(info, good, options, seed, first_dealer, rules=not quick)
            validate.flag(time_up, "time_up")
            validate.moment(played, "played")
            return MatchSummary(
                match_id, game, info.name, good, validate.whole(deal, "deal", 1),
                validate.whole(actions, "actions", 0),
                validate.moment(created, "created"), validate.moment(updated, "updated"),
                None if finished is None else validate.moment(finished, "finished"),
                validate.numbers(totals, "totals", len(good)),
                validate.seat_numbers(winners, "winners", len(good)) if finished is not None else None,
                host is not None and self._holds(match_id, host, pid, heartbeat, now))
        except Damage as exc:
            game_text = clean_name(game, 40) if isinstance(game, str) else "?"
            return MatchSummary(match_id, game_text, _game_name(game), (), 0, 0, _number(created),
                                _number(updated), None, [], None, False, damage=str(exc))

    def score_sheet(self, match_id: int) -> ScoreSheet:
        """The score sheet of a match (finished or not): its finished deals so far.

        Raises :class:`UnknownMatchError`, :class:`DamagedMatchError`.
        """
        self._known_id(match_id)
        with self._read() as conn:
            row = conn.execute("SELECT game, totals, winners, finished FROM matches WHERE id = ?",
                               (match_id,)).fetchone()
            if row is None:
                raise UnknownMatchError(self.path, _("no match {id} in {path}").format(id=match_id, path=self.path))
            seat_rows = conn.execute(_SEATS, (match_id,)).fetchall()
            deal_rows = conn.execute("SELECT number, dealer, points, totals_after FROM deals WHERE match_id = ?"
                                     " ORDER BY number", (match_id,)).fetchall()
        try:
            names = [s.name for s in validate.seats(seat_rows)]
            players = len(names)
            deals = []
            for position, (number, dealer, points, after) in enumerate(deal_rows, start=1):
                if number != position:
                    raise Damage(f"deal {position} is missing from the score sheet")
                deals.append(DealScore(number, validate.whole(dealer, f"the dealer of deal {number}", 0, players - 1),
                                       validate.numbers(points, f"the points of deal {number}", players),
                                       validate.numbers(after, f"the totals after deal {number}", players)))
            totals = validate.numbers(row[1], "totals", players)
            winners = validate.seat_numbers(row[2], "winners", players) if row[3] is not None else None
        except Damage as exc:
            raise DamagedMatchError(self.path, _("match {id} in {path} cannot be read: {error}").format(
                id=match_id, path=self.path, error=exc)) from None
        initial = ([t - p for t, p in zip(deals[0].totals_after, deals[0].points, strict=True)] if deals
                   else list(totals))
        return ScoreSheet(match_id, row[0], names, initial, deals, totals, winners)

    def statistics(self) -> list[PlayerStats]:
        """Per player name (and human or AI) and game, over the finished matches that can be read;
        sorted by game (start-screen order), then most wins, then name."""
        finished = {m.id: m for m in self.finished()}
        with self._read() as conn:
            deal_rows = conn.execute(
                "SELECT d.match_id, d.points FROM deals d JOIN matches m ON m.id = d.match_id"
                " WHERE m.finished IS NOT NULL ORDER BY d.match_id, d.number").fetchall()
        deals: dict[int, list[list[int]]] = {}
        for match_id, points in deal_rows:
            summary = finished.get(match_id)
            if summary is not None:
                try:
                    deals.setdefault(match_id, []).append(validate.numbers(points, "points", len(summary.seats)))
                except Damage:
                    finished.pop(match_id)
        acc: dict[tuple[str, bool, str], dict[str, Any]] = {}
        for match_id, summary in sorted(finished.items()):
            for seat, player in enumerate(summary.seats):
                total = summary.totals[seat]
                a = acc.setdefault((player.name, player.is_ai, summary.game),
                                   {"matches": 0, "wins": 0, "deals": 0, "points": 0, "best": None,
                                    "undos": 0, "hints": 0})
                a["matches"] += 1
                a["undos"] += player.undos
                a["hints"] += player.hints
                a["wins"] += seat in (summary.winners or [])
                played = deals.get(match_id, [])
                a["deals"] += len(played)
                a["points"] += sum(p[seat] for p in played)
                better = max if _higher_wins(summary.game) else min
                if a["best"] is None or better(total, a["best"][1]) != a["best"][1]:
                    a["best"] = (match_id, total)
        order = {g.id: i for i, g in enumerate(all_games())}
        stats = [PlayerStats(name, ai, game, a["matches"], a["wins"], a["deals"],
                             a["points"] / a["deals"] if a["deals"] else 0.0, a["best"][0], a["best"][1],
                             a["undos"], a["hints"])
                 for (name, ai, game), a in acc.items()]
        stats.sort(key=lambda s: (order.get(s.game, len(order)), s.game, -s.wins, s.name.casefold()))
        return stats

    def damage_note(self) -> str | None:
        """One line naming the damaged matches (their ids and this file) and ``makao saves
        --check``, which says why; None when no match is damaged. Reads every match's row."""
        damaged = [m.id for m in self.damaged()]
        if not damaged:
            return None
        return ngettext("{n} saved match is damaged and cannot be resumed or shown (id {ids} in {path}): "
                        "`makao saves --check` says why.",
                        "{n} saved matches are damaged and cannot be resumed or shown (id {ids} in {path}): "
                        "`makao saves --check` says why.", len(damaged)).format(
            n=len(damaged), ids=", ".join(map(str, damaged)), path=self.path)

    def set_aside_notes(self) -> list[str]:
        """One line for each file set aside beside this one (see :func:`set_aside`), naming both."""
        return [_("A saved-games file that could not be read was set aside as {moved} (nothing in it is deleted); "
                  "the saved games are now kept in {path}.").format(moved=moved, path=self.path)
                for moved in set_aside(self.path)]

    def troubles(self) -> list[str]:
        """What the user should be told about the saved games (the start screen shows it): the
        :attr:`notes` on the folder, :meth:`damage_note` and :meth:`set_aside_notes`; empty when
        all is well. Reads every match's row: call it off the first frame's path. A file found
        damaged on the way is set aside and a new one started (:meth:`set_damaged_aside`; its line
        says so, or why it could not be), so that play goes on saving."""
        try:
            note = self.damage_note()
        except CorruptStoreError as exc:
            try:
                return [*self.notes, self.set_damaged_aside(str(exc))]
            except StoreError as err:
                return [*self.notes, str(err)]
        return self.notes + ([note] if note else []) + self.set_aside_notes()

    def unsaved_files(self) -> list[Path]:
        """The files of actions that could not be written here, beside this file (see
        :meth:`MatchWriter.write_unsaved`), oldest first."""
        return sorted(self.path.parent.glob(f"{self.path.name}.unsaved-*.json"),
                      key=lambda p: (p.stat().st_mtime, p.name))

    def unsaved_notes(self) -> list[str]:
        """One line for each file of :meth:`unsaved_files`: what it holds and that ``makao resume``
        takes it back."""
        return [_("Actions that could not be saved wait in {file}: `makao resume` takes them back.").format(file=f)
                for f in self.unsaved_files()]

    def take_back(self, path: Path) -> str:
        """Write the actions of a file of :meth:`MatchWriter.write_unsaved` into this file: after
        the stored actions of its match (resumed for that), or as a new match when the match itself
        could not be written; the file is removed once they are stored. The file is data, never
        trusted: each action must fit where it stands, and actions already stored must be the same.
        Returns one line saying what was taken back. Raises :class:`StoreError` (the file left as
        it was) when it cannot be read or does not fit, or the match cannot be written now (busy,
        in use by another process, full disk).

        In four steps: the file read and checked (:func:`_read_unsaved`), its match opened
        (:meth:`_open_for_take_back`), its actions replayed and saved (:meth:`_save_taken_back`),
        the match closed (:meth:`_close_taken_back`); then the file is removed."""
        try:
            unsaved = _read_unsaved(path)
        except (OSError, ValueError, KeyError, TypeError, IndexError, AttributeError) as exc:
            why = os_reason(exc) if isinstance(exc, OSError) else str(exc)
            raise StoreError(self.path, _taken_back_error(path, why)) from None
        writer, match, stored = self._open_for_take_back(unsaved, path)
        first = self._save_taken_back(writer, match, stored, unsaved, path)
        self._close_taken_back(writer, unsaved, path)
        path.unlink()
        count = len(unsaved.actions) - max(0, len(stored) - first)  # (those already stored were not taken back)
        return ngettext("{n} action of match {id} that could not be saved was taken back from {file}.",
                        "{n} actions of match {id} that could not be saved were taken back from {file}.",
                        count).format(n=count, id=writer.id, file=path)

    def _open_for_take_back(self, unsaved: _Unsaved, path: Path
                            ) -> tuple[MatchWriter, Any, tuple[tuple[int, Any], ...]]:
        """(the writer, the match rebuilt, its stored actions) of the match ``unsaved``'s actions
        belong to: resumed, or started anew (nothing stored) when the match itself could not be
        written. Raises :class:`StoreError` naming ``path`` when the match cannot be opened."""
        from ..engine.match import Match

        stored: tuple[tuple[int, Any], ...] = ()
        try:
            if unsaved.match_id is None:
                writer = self.start_match(unsaved.variant, unsaved.rules, unsaved.seats, unsaved.seed,
                                          unsaved.first_dealer)
                match = Match(unsaved.variant, unsaved.rules, [s.name for s in unsaved.seats], unsaved.seed,
                              unsaved.first_dealer)
            else:
                writer = self.resume(unsaved.match_id)
                try:
                    match, stored = writer.saved.rebuild(), writer.saved.actions
                except BaseException:
                    writer.close()
                    raise
        except StoreError as exc:
            raise type(exc)(self.path, _taken_back_error(path, exc)) from None
        return writer, match, stored

    def _save_taken_back(self, writer: MatchWriter, match: Any, stored: tuple[tuple[int, Any], ...],
                         unsaved: _Unsaved, path: Path) -> int:
        """Replay ``unsaved``'s actions on ``match`` after the ``stored`` ones (an action already
        stored must be the same; each other must be legal where it stands) and save them with the
        file's marks; return the index of the file's first action. On any failure the writer is
        closed; one that does not fit raises :class:`StoreError` naming ``path``."""
        from ..engine.state import IllegalAction

        try:
            first = unsaved.actions[0][0] if unsaved.actions else len(stored)
            if first > len(stored):
                raise Damage(f"the actions before it are not stored: {len(stored)} are, it starts at {first}")
            for idx, seat, action in unsaved.actions:
                if idx < len(stored):
                    if stored[idx] != (seat, action):
                        raise Damage(f"action {idx} is not the one stored")
                    continue
                if match.awaiting_next_deal:
                    match.next_deal()
                if match.state.to_act != seat:
                    raise Damage(f"action {idx} is seat {seat}'s, out of turn")
                match.apply(action)
            match.time_up = match.time_up or unsaved.time_up
            writer.save(match, unsaved.played)
            for seat, (undos, hints) in unsaved.marks.items():
                writer.mark(seat, undos, hints)
        except (Damage, IllegalAction) as exc:
            writer.close()
            why = exc.reason if isinstance(exc, IllegalAction) else str(exc)
            raise StoreError(self.path, _taken_back_error(path, why)) from None
        except BaseException:
            writer.close()
            raise
        return first

    def _close_taken_back(self, writer: MatchWriter, unsaved: _Unsaved, path: Path) -> None:
        """Close the writer of the actions taken back; when that fails for a match that was new, the
        file at ``path`` is rewritten to name the match now in this file, so that only its actions
        wait (the :class:`StoreError` is raised on)."""
        try:
            writer.close()
        except StoreError:
            if unsaved.match_id is None and writer.id is not None:  # the match is in the file now: only actions wait
                with suppress(OSError):
                    path.write_text(json.dumps({**unsaved.data, "match": writer.id}), encoding="utf-8")
            raise

    def take_back_all(self) -> list[str]:
        """:meth:`take_back` of every file of :meth:`unsaved_files`; one line for each (what was
        taken back, or why it could not be: that file stays)."""
        lines = []
        for path in self.unsaved_files():
            try:
                lines.append(self.take_back(path))
            except StoreError as exc:
                lines.append(str(exc))
        return lines

    def check(self) -> StoreCheck:
        """The full check (``makao saves --check``): SQLite's ``integrity_check`` of every page, then
        every match read and rebuilt action by action; the time grows with the file. Never raises
        for damage: damaged pages are in ``integrity`` (with SQLite's own error when even the check
        cannot read the file), a match that cannot be read in ``damaged``."""
        report = StoreCheck(self.path)
        try:
            with self._lock:
                report.integrity = self._integrity()
        except sqlite3.DatabaseError as exc:
            error = classify(self.path, exc)
            if not isinstance(error, CorruptStoreError):  # busy, unreadable: not damage
                raise error from None
            report.integrity = [str(exc)]  # even the check cannot read the file: SQLite's own words
            return report
        try:
            with self._read() as conn:
                ids = [row[0] for row in conn.execute("SELECT id FROM matches ORDER BY id")]
            damage = {m.id: m.damage for m in self.damaged()}
        except CorruptStoreError as exc:
            if report.integrity == ["ok"]:
                report.integrity = [str(exc)]
            return report
        for match_id in ids:
            report.matches += 1
            reason = damage.get(match_id)
            if reason is not None:
                report.damaged.append((match_id, reason))
                continue
            try:
                self.load(match_id).rebuild()
                self.score_sheet(match_id)
            except DamagedMatchError as exc:
                report.damaged.append((match_id, str(exc).removeprefix(f"match {match_id} in {self.path} ")))
            except CorruptStoreError as exc:
                report.damaged.append((match_id, str(exc)))
                if report.integrity == ["ok"]:
                    report.integrity = [str(exc)]
        return report


@dataclass
class _Unsaved:
    """A file of :meth:`MatchWriter.write_unsaved` read and checked by :func:`_read_unsaved`:
    ``data`` its JSON object; ``match_id`` None when the match itself could not be written;
    ``actions`` (index, seat, action), their indices following each other; ``marks`` a seat's
    (undos, hints)."""

    data: dict[str, Any]
    match_id: int | None
    variant: Variant
    rules: Any
    seats: tuple[Seat, ...]
    seed: int
    first_dealer: int | None
    actions: list[tuple[int, int, Any]]
    marks: dict[int, tuple[int, int]]
    played: Any
    time_up: bool


def _read_unsaved(path: Path) -> _Unsaved:
    """Read the file of unsaved actions at ``path`` and check each field (the file is data, never
    trusted). Raises OSError when it cannot be read, :class:`Damage` (or the ValueError, KeyError,
    TypeError, IndexError, AttributeError of a field of the wrong shape) when it does not fit."""
    from ..engine.actions import ActionFormatError, action_from_json

    data = json.loads(path.read_text(encoding="utf-8"))
    if not isinstance(data, dict) or data.get("makao_unsaved") != 1:
        raise Damage("it is not a file of unsaved makao actions")
    match_id = data["match"]
    if match_id is not None:
        validate.whole(match_id, "match", 1, validate.MAX_ID)
    seat_rows = data["seats"]
    if not isinstance(seat_rows, list):
        raise Damage("seats is not a list")
    seats = validate.seats((i, *row, 0, 0) for i, row in enumerate(seat_rows) if isinstance(row, list))
    variant = _variant(data["game"])
    rules, seed, first_dealer = _setup(variant, seats, json.dumps(data["options"]), data["seed"],
                                       data["first_dealer"])
    actions = []
    for entry in data["actions"]:
        if not (isinstance(entry, list) and len(entry) == 3):
            raise Damage(f"an action is {validate.shown(entry)}")
        idx = validate.whole(entry[0], "an action's index", 0)
        seat = validate.whole(entry[1], f"the seat of action {idx}", 0, len(seats) - 1)
        try:
            actions.append((idx, seat, action_from_json(entry[2])))
        except ActionFormatError as exc:
            raise Damage(f"action {idx}: {exc}") from None
    if any(idx != actions[0][0] + i for i, (idx, _seat, _action) in enumerate(actions)):
        raise Damage("its actions do not follow each other")
    marks = {validate.whole(int(k), "a marked seat", 0, len(seats) - 1): (validate.whole(v[0], "undos", 0),
                                                                         validate.whole(v[1], "hints", 0))
             for k, v in data["marks"].items()}
    played = None if data["played"] is None else validate.moment(data["played"], "played")
    return _Unsaved(data, match_id, variant, rules, seats, seed, first_dealer, actions, marks, played,
                    data["time_up"] is True)


def _taken_back_error(path: Path, error: object) -> str:
    """The line of a file of unsaved actions at ``path`` that cannot be taken back, and why."""
    return _("cannot take back {file}: {error}").format(file=path, error=error)


def _setup(game: GameInfo, seats: tuple[Seat, ...], options: Any, seed: Any,
           first_dealer: Any, rules: bool = True) -> tuple[Any, int, int | None]:
    """A stored match's rules, seed and first dealer, checked against its game and seats; with
    ``rules`` False, the options are checked to be an object but no rules are made (None), so
    that the game's module is not loaded."""
    try:
        game.check_players(len(seats))
        values = validate.from_json(options, "options")
        if not isinstance(values, dict):
            raise Damage(f"options is {validate.shown(options)}, not an object")
        made = get_variant(game.id).rules(values) if rules else None
    except RulesError as exc:
        raise Damage(str(exc)) from None
    dealer = None if first_dealer is None else validate.whole(first_dealer, "first_dealer", 0, len(seats) - 1)
    return made, validate.seed(seed), dealer


def _lost_actions(conn: sqlite3.Connection, match_id: int, expected: Any, count: int | None,
                  top: int | None) -> str | None:
    """Which action rows of a match are missing, or None when its ``count`` rows are the
    ``expected`` ones (``top``: the highest index among them; ``count`` None: not counted, only
    ``top`` is checked, which finds the last rows gone but not one inside). A save writes a
    match's action rows and its count in one transaction, so a difference is damage: rows
    deleted, or a count written by hand ("actions 10 to 14 are missing (15 stored before, 10
    left)")."""
    if not isinstance(expected, int) or isinstance(expected, bool):
        return None  # the count itself is damaged: its check says so
    if (top is None if expected == 0 else top == expected - 1) and count in (None, expected):
        return None
    if count is None:
        count = conn.execute("SELECT COUNT(*) FROM actions WHERE match_id = ?", (match_id,)).fetchone()[0]
        if count == expected and (top is None if count == 0 else top == count - 1):
            return None
    if count < expected and (top is None if count == 0 else top == count - 1):  # the last ones are gone
        first, last = count, expected - 1
    else:
        first = 0
        for (idx,) in conn.execute("SELECT idx FROM actions WHERE match_id = ? ORDER BY idx", (match_id,)):
            if idx != first:
                break
            first += 1
        if first >= expected:
            return f"{count} actions are stored where the match counts {expected}"
        last = first
    # (the reasons of damage are English, as validate's: they quote the file's own values)
    which = f"action {first} is" if first == last else f"actions {first} to {last} are"
    return f"{which} missing ({expected} stored before, {count} left)"


def _number(value: Any) -> float:
    return float(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else 0.0


def _game(game: Any) -> GameInfo:
    """The stored game id's game (its rules not loaded); Damage for an unknown one."""
    if not isinstance(game, str):
        raise Damage(f"game is {validate.shown(game)}")
    try:
        return game_info(game)
    except RulesError:
        raise Damage(f"unknown game {clean_name(game, 40)!r} (written by another version of makao-tui?)") from None


def _variant(game: Any) -> Variant:
    """The stored game id's variant, its module loaded; Damage for an unknown one."""
    return get_variant(_game(game).id)


def _game_name(game: Any) -> str:
    try:
        return _game(game).name
    except Damage:
        return clean_name(game, 40) if isinstance(game, str) else "?"


def _higher_wins(game: str) -> bool:
    try:
        return game_info(game).higher_wins
    except RulesError:
        return True


def _pid_alive(pid: int) -> bool:
    """Whether process ``pid`` exists (only where flock is missing)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError, ValueError):
        return not isinstance(pid, int) or pid > 0
    return True


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


def refuse_if_open_elsewhere(path: Path, reason: str, own: Path | None = None) -> None:
    """Raise :class:`StoreError` (``reason``, then what to do) if another live makao process has
    the saved-games file ``path`` open (``own``: this process's marker, left out): a damaged file
    is set aside only when nobody else would go on writing to it under its new name."""
    others = locks.open_elsewhere(path, own) if locks.LOCKS else 0
    if others:
        raise StoreError(path, ngettext(
            "{reason}. {n} other makao session has the file open: close the other makao sessions, then "
            "`makao saves --check` sets it aside.",
            "{reason}. {n} other makao sessions have the file open: close the other makao sessions, then "
            "`makao saves --check` sets it aside.", others).format(reason=reason, n=others))


def set_aside(path: Path | str | None = None) -> list[Path]:
    """The files :func:`open_store_or_recover` set aside beside ``path`` (default
    :func:`default_path`), oldest first (their ``-wal``/``-shm`` companions left out)."""
    path = Path(path if path is not None else default_path())
    found = [p for kind in ("corrupt", "newer") for p in path.parent.glob(f"{path.name}.{kind}-*")
             if not p.name.endswith(("-wal", "-shm"))]
    return sorted(found, key=lambda p: (p.stat().st_mtime, p.name))


def open_store_or_recover(path: Path | str | None = None) -> tuple[Store, str | None]:
    """Open the store; if SQLite cannot read its file (:class:`CorruptStoreError`) or it is of a
    newer version, move it aside (see :func:`move_aside`: kind ``corrupt`` or ``newer``), start a
    fresh file and say so. A busy file, a full disk or a missing permission is never a reason to
    move the file: those raise.

    Returns ``(store, message)``: ``message`` is None when nothing was moved, else one line naming
    both files, to show the user. Raises :class:`StoreError` when the file cannot be opened for
    another reason, cannot be moved aside, or a fresh one cannot be opened.
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
            raise StoreError(path, _("{reason}; it could not be moved aside: {error}").format(
                reason=exc, error=os_reason(err))) from None
        return Store(path), _("{reason}. It was moved to {moved} (nothing in it is deleted); "
                              "a new saved-games file was started at {path}.").format(
            reason=exc, moved=moved, path=path)
