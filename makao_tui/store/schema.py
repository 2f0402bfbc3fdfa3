"""The database schema and its migrations.

``MIGRATIONS[i]`` brings a database from schema version ``i`` to ``i + 1``; version 0 is an empty
file, so a new file goes through every step and a file of an earlier version through the steps it
lacks; :func:`current_version` is ``len(MIGRATIONS)``. A step runs inside the caller's transaction
(never ``executescript``, which would commit half-way), so a failed step leaves the file as it was.
A released step is never edited: a schema change is a new step appended to the list.

Times are Unix seconds (float); JSON columns hold lists or objects written by :mod:`json`.
"""

from __future__ import annotations

import functools
import sqlite3
from collections.abc import Callable

_V1 = (
    "CREATE TABLE schema_version (version INTEGER NOT NULL)",
    # one row per match: its setup, where it stands, and its result once over
    """CREATE TABLE matches (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        game TEXT NOT NULL,                 -- variant id: makao-ru, makao-pl, macao, peklo
        options TEXT NOT NULL,              -- JSON object: rules_to_options(rules)
        seed TEXT NOT NULL,                 -- the match seed (any Python int, as text)
        first_dealer INTEGER,               -- as given to Match; NULL: drawn from the seed
        created REAL NOT NULL,
        updated REAL NOT NULL,              -- the last action (or setup change)
        deal INTEGER NOT NULL DEFAULT 1,    -- number of the deal under way (or the last one)
        actions INTEGER NOT NULL DEFAULT 0, -- actions stored
        time_up INTEGER NOT NULL DEFAULT 0, -- makao-pl time limit reached
        totals TEXT NOT NULL,               -- JSON list per seat, after the last finished deal
        finished REAL,                      -- NULL while the match is under way
        winners TEXT                        -- JSON list of seats, once finished
    )""",
    """CREATE TABLE seats (
        match_id INTEGER NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
        seat INTEGER NOT NULL,
        name TEXT NOT NULL,
        is_ai INTEGER NOT NULL,
        PRIMARY KEY (match_id, seat)
    )""",
    """CREATE TABLE actions (
        match_id INTEGER NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
        idx INTEGER NOT NULL,               -- 0-based over the whole match
        seat INTEGER NOT NULL,
        action TEXT NOT NULL,               -- JSON: action_to_json(action)
        PRIMARY KEY (match_id, idx)
    )""",
    # the score sheet: one row per finished deal
    """CREATE TABLE deals (
        match_id INTEGER NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
        number INTEGER NOT NULL,
        dealer INTEGER NOT NULL,
        points TEXT NOT NULL,               -- JSON list per seat
        totals_after TEXT NOT NULL,         -- JSON list per seat
        PRIMARY KEY (match_id, number)
    )""",
    # the one process allowed to write a match
    """CREATE TABLE writers (
        match_id INTEGER PRIMARY KEY REFERENCES matches(id) ON DELETE CASCADE,
        token TEXT NOT NULL,
        host TEXT NOT NULL,
        pid INTEGER NOT NULL,
        heartbeat REAL NOT NULL
    )""",
    "CREATE INDEX matches_by_state ON matches (finished, updated)",
    "INSERT INTO schema_version (version) VALUES (0)",
)


def _statements(statements: tuple[str, ...]) -> Callable[[sqlite3.Connection], None]:
    def step(conn: sqlite3.Connection) -> None:
        for sql in statements:
            conn.execute(sql)
    return step


# version 2: seconds of play, so that a resumed match with a time limit keeps what is left of it
_V2 = ("ALTER TABLE matches ADD COLUMN played REAL NOT NULL DEFAULT 0",)

# version 3: the AI level of each computer seat (issue 7); seats stored before it played "normal"
_V3 = ("ALTER TABLE seats ADD COLUMN level TEXT NOT NULL DEFAULT 'normal'",)

# version 4: how often each seat took a move back and asked for a hint (issue 13: the statistics
# mark help used); seats stored before it count none
_V4 = ("ALTER TABLE seats ADD COLUMN undos INTEGER NOT NULL DEFAULT 0",
       "ALTER TABLE seats ADD COLUMN hints INTEGER NOT NULL DEFAULT 0")

#: the steps, oldest first; see the module docstring
MIGRATIONS: list[Callable[[sqlite3.Connection], None]] = [_statements(_V1), _statements(_V2),
                                                          _statements(_V3), _statements(_V4)]


def current_version() -> int:
    """The schema version this code writes (the number of steps in :data:`MIGRATIONS`)."""
    return len(MIGRATIONS)


@functools.cache
def columns() -> dict[str, frozenset[str]]:
    """Each table of the current schema and its columns, as the migrations make them (worked out
    once, on an empty in-memory database), for the quick check of a file on opening."""
    conn = sqlite3.connect(":memory:")
    try:
        for step in MIGRATIONS:
            step(conn)
        tables = [row[0] for row in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'"
                                                 " AND name NOT LIKE 'sqlite_%'")]
        return {t: frozenset(row[1] for row in conn.execute(f"PRAGMA table_info({t})")) for t in tables}
    finally:
        conn.close()
