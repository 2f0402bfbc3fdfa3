"""Saved matches: every action stored as it is applied, resume, history, statistics (SQLite).

No Textual here. What the app calls, and when:

- on start: ``store, notice = open_store_or_recover()`` (show ``notice`` if not None);
- match start: ``writer = store.start_match(variant, rules, seats, seed)``, then build the
  :class:`~makao_tui.engine.match.Match` from the same arguments; set ``writer.on_status`` to
  hear when saving is delayed (busy file, full disk) and when it has caught up;
- after each ``match.apply(action)`` and after setting ``match.time_up``: ``writer.save(match)``
  (stores the action, a finished deal's score-sheet row, and the match's end with its winners;
  never raises for a busy file or a full disk: the rows wait in memory and are retried);
- undo: ``saved = writer.truncate(undo_point(match.all_actions(), seat))`` then rebuild from
  ``saved`` (``saved.replay_into(session)`` or ``saved.rebuild()``), and ``writer.mark(seat,
  undos=1)``; a hint given: ``writer.mark(seat, hints=1)`` (the statistics show the help used);
- resume: ``writer = store.resume(match_id)``; ``writer.saved.replay_into(session)``;
- lists: ``store.unfinished()``, ``store.finished()``, ``store.damaged()``, ``store.score_sheet(id)``,
  ``store.statistics()``; the full check: ``store.check()``; leaving the match: ``writer.close()``;
- leaving while actions wait (busy file, full disk): ``writer.write_unsaved()`` puts them in a file
  beside the saves, ``store.take_back_all()`` (``makao resume``, the app's start) stores them later;
- a file found damaged while in use: ``store.set_damaged_aside(reason)`` renames it and goes on in a
  new one (``store.troubles()`` does it for the start screen).
"""

from .database import (
    DB_NAME,
    STALE_AFTER_S,
    Store,
    StoreCheck,
    classify,
    data_dir,
    default_path,
    move_aside,
    open_store,
    open_store_or_recover,
    set_aside,
    size_text,
)
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
from .records import (
    DealScore,
    MatchSummary,
    PlayerStats,
    ReplayTarget,
    SavedMatch,
    ScoreSheet,
    Seat,
    ago,
    help_used,
    undo_point,
)
from .writer import BUSY_TIMEOUT_S, SAVE_WAIT_S, MatchWriter, SaveStatus

__all__ = [
    "BUSY_TIMEOUT_S", "DB_NAME", "SAVE_WAIT_S", "STALE_AFTER_S", "CorruptStoreError", "DamagedMatchError",
    "DealScore", "MatchFinishedError", "MatchInUseError", "MatchSummary", "MatchWriter", "NewerStoreError",
    "PlayerStats", "ReplayTarget", "SaveStatus", "SavedMatch", "ScoreSheet", "Seat", "Store", "StoreBusyError",
    "StoreCheck", "StoreError", "StoreFullError", "UnknownMatchError", "ago", "classify", "data_dir",
    "default_path", "help_used", "move_aside", "open_store", "open_store_or_recover", "set_aside", "size_text",
    "undo_point",
]
