"""The errors of the saved-games store; every one names the file it is about."""

from __future__ import annotations

from pathlib import Path

from ..engine.errors import MakaoError
from ..engine.words import Words


class StoreError(MakaoError):
    """A saved-games file that cannot be used; ``path`` is the file, ``str(error)`` one line in
    the language in use. ``message`` may be a :class:`~makao_tui.engine.words.Words`, kept as
    ``words`` (else None), so that a table can send it as data and each player reads it in their
    own language (a save notice at a shared table)."""

    def __init__(self, path: Path, message: str | Words):
        super().__init__(message.text() if isinstance(message, Words) else message)
        self.path = path
        self.words = message if isinstance(message, Words) else None

    def said(self) -> str | Words:
        """The message as data if it has that form, else its text (a :class:`Words` field)."""
        return self.words if self.words is not None else str(self)


class CorruptStoreError(StoreError):
    """The file cannot be read as a saved-games database (not SQLite, damaged pages, another
    program's database). A full disk, a busy lock or a missing permission is not corruption.

    :func:`~makao_tui.store.open_store_or_recover` moves such a file aside as
    ``<name>.corrupt-<timestamp>``.
    """


class StoreBusyError(StoreError):
    """Another process held the file's write lock for longer than this write could wait. Not a
    fault of the file: a :class:`~makao_tui.store.MatchWriter` keeps the actions and tries again."""


class StoreFullError(StoreError):
    """A write found no room: the disk holding the file is full (or the file reached a size limit).
    ``free``: bytes free on that disk (None if unknown); ``needed``: about how many more bytes the
    write needs. Never a reason to set the file aside; a writer keeps the actions and tries again."""

    def __init__(self, path: Path, message: str | Words, free: int | None = None, needed: int = 0):
        super().__init__(path, message)
        self.free = free
        self.needed = needed


class NewerStoreError(StoreError):
    """The file was written by a newer makao-tui (its schema version is above this code's).

    :func:`~makao_tui.store.open_store_or_recover` moves such a file aside as
    ``<name>.newer-<timestamp>``.
    """


class UnknownMatchError(StoreError):
    """No match with this id in the file."""


class MatchFinishedError(StoreError):
    """The match is over: it can be read, not resumed."""


class MatchInUseError(StoreError):
    """Another live process holds the match for writing (one writer per match)."""


class DamagedMatchError(StoreError):
    """A stored match that does not rebuild: an unknown game or option, an unreadable action, or
    an action the rules refuse at its place."""
