"""Saved matches: every action stored as it is applied, resume, history, statistics (SQLite).

No Textual here. What the app calls, and when:

- on start: ``store, notice = open_store_or_recover()`` (show ``notice`` if not None);
- match start: ``writer = store.start_match(variant, rules, seats, seed)``, then build the
  :class:`~makao_tui.engine.match.Match` from the same arguments;
- after each ``match.apply(action)`` and after setting ``match.time_up``: ``writer.save(match)``
  (stores the action, a finished deal's score-sheet row, and the match's end with its winners);
- undo: ``saved = writer.truncate(undo_point(match.all_actions(), seat))`` then rebuild from
  ``saved`` (``saved.replay_into(session)`` or ``saved.rebuild()``);
- resume: ``writer = store.resume(match_id)``; ``writer.saved.replay_into(session)``;
- lists: ``store.unfinished()``, ``store.finished()``, ``store.score_sheet(id)``,
  ``store.statistics()``; leaving the match: ``writer.close()``.
"""

from .database import (
                       BUSY_TIMEOUT_S,
                       DB_NAME,
                       STALE_AFTER_S,
                       MatchWriter,
                       Store,
                       data_dir,
                       default_path,
                       move_aside,
                       open_store,
                       open_store_or_recover,
)
from .errors import (
                       CorruptStoreError,
                       DamagedMatchError,
                       MatchFinishedError,
                       MatchInUseError,
                       NewerStoreError,
                       StoreError,
                       UnknownMatchError,
)
from .records import (
                       DealScore,
                       MatchSummary,
                       PlayerStats,
                       ReplayTarget,
                       SavedMatch,
                       ScoreSheet,
                       Seat,
                       ago,
                       undo_point,
)

__all__ = [
    "BUSY_TIMEOUT_S", "DB_NAME", "STALE_AFTER_S", "CorruptStoreError", "DamagedMatchError", "DealScore",
    "MatchFinishedError", "MatchInUseError", "MatchSummary", "MatchWriter", "NewerStoreError", "PlayerStats",
    "ReplayTarget", "SavedMatch", "ScoreSheet", "Seat", "Store", "StoreError", "UnknownMatchError", "ago",
    "data_dir", "default_path", "move_aside", "open_store", "open_store_or_recover", "undo_point",
]
