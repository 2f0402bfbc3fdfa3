"""Locks that cannot go stale: held by a running process, gone the moment it ends.

Beside the saved-games file ``makao.sqlite3`` sits the folder ``makao.sqlite3-locks`` (mode 0700,
files 0600) with two kinds of lock files, each locked with ``flock`` by the process it belongs
to. The kernel drops an ``flock`` when its process ends, however it ends (kill -9 included), and a
zombie or a process that later gets the same pid holds none, so neither can keep a lock alive.

- ``match-<id>``: the claim of the one writer of a match (:func:`claim`, :func:`claimed`). The
  file stays (removing a lock file others may have open is racy); its lock is what counts.
- ``open-<random>``: one per open :class:`~makao_tui.store.Store`, removed when it is closed. A
  marker found unlocked was left by a process that ended without closing its store: an unclean
  shutdown, after which the store runs a full integrity check (:func:`unclean_shutdowns`).

Where ``fcntl`` is missing (Windows) :data:`LOCKS` is False and callers fall back to the pid.
"""

from __future__ import annotations

import os
import socket
import time
import uuid
from contextlib import suppress
from pathlib import Path

try:
    import fcntl
except ImportError:  # pragma: no cover - not on POSIX
    fcntl = None  # type: ignore[assignment]

#: this machine's name, as a writer's claim records it
HOST = socket.gethostname()
#: whether this platform has flock (every POSIX system)
LOCKS = fcntl is not None
#: attempts to take a match's lock, to ride over another process probing it (:func:`claimed`)
_TRIES = 5


def folder(db: Path) -> Path:
    """The lock folder of the saved-games file ``db`` (created, mode 0700, on first use)."""
    return db.with_name(db.name + "-locks")


def _open(path: Path, create: bool) -> int | None:
    flags = os.O_RDWR | (os.O_CREAT if create else 0)
    if create:
        path.parent.mkdir(mode=0o700, exist_ok=True)
    try:
        return os.open(path, flags, 0o600)
    except (FileNotFoundError, NotADirectoryError):  # (a lock folder that is a file: the store says so)
        return None


def _try_lock(fd: int) -> bool:
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    return True


def claim(db: Path, match_id: int) -> int | None:
    """Lock match ``match_id``'s claim file for this process; returns the open descriptor (keep it
    open while the match is written; :func:`release` it) or None if another open descriptor, of
    this or another live process, holds it. Raises OSError if the lock folder cannot be written."""
    fd = _open(folder(db) / f"match-{match_id}", create=True)
    assert fd is not None
    for attempt in range(_TRIES):
        if _try_lock(fd):
            return fd
        if attempt < _TRIES - 1:
            time.sleep(0.002 * (attempt + 1))  # a probe holds the lock for microseconds
    os.close(fd)
    return None


def claimed(db: Path, match_id: int) -> bool:
    """Whether a live process holds match ``match_id``'s claim (probed by taking and dropping the
    lock at once)."""
    fd = _open(folder(db) / f"match-{match_id}", create=False)
    if fd is None:
        return False
    try:
        if _try_lock(fd):
            fcntl.flock(fd, fcntl.LOCK_UN)
            return False
        return True
    finally:
        os.close(fd)


def release(fd: int | None) -> None:
    """Drop a lock taken by :func:`claim` or :func:`mark_open` (None: nothing to drop)."""
    if fd is not None:
        with suppress(OSError):
            os.close(fd)


def unclean_shutdowns(db: Path) -> int:
    """Remove the ``open-*`` markers of processes that ended without closing the store, and
    return how many there were (0: every earlier session closed the file cleanly)."""
    found = 0
    place = folder(db)
    if not place.is_dir():
        return 0
    for marker in place.glob("open-*"):  # (a new-* is being named by a live process: left alone)
        fd = _open(marker, create=False)
        if fd is None:
            continue
        try:
            if _try_lock(fd):
                found += 1
                with suppress(FileNotFoundError):
                    marker.unlink()
        finally:
            os.close(fd)
    return found


def open_elsewhere(db: Path, own: Path | None = None) -> int:
    """How many live processes (this one's ``own`` marker left out) have the saved-games file
    ``db`` open: its ``open-*`` markers still locked."""
    place = folder(db)
    if not place.is_dir():
        return 0
    found = 0
    for marker in place.glob("open-*"):
        if marker == own:
            continue
        fd = _open(marker, create=False)
        if fd is None:
            continue
        try:
            if _try_lock(fd):
                fcntl.flock(fd, fcntl.LOCK_UN)
            else:
                found += 1
        finally:
            os.close(fd)
    return found


def mark_open(db: Path) -> tuple[int, Path]:
    """Leave a locked ``open-*`` marker for this open store; returns its descriptor and path, for
    :func:`mark_closed`. Raises OSError if the lock folder cannot be written."""
    place = folder(db)
    name = uuid.uuid4().hex
    temporary = place / f"new-{name}"
    fd = _open(temporary, create=True)
    assert fd is not None
    fcntl.flock(fd, fcntl.LOCK_EX)  # locked before it is named open-*, so never seen unlocked
    final = place / f"open-{name}"
    os.rename(temporary, final)
    return fd, final


def mark_closed(marker: tuple[int, Path] | None) -> None:
    """Remove a marker of :func:`mark_open` (a clean close)."""
    if marker is None:
        return
    fd, path = marker
    with suppress(FileNotFoundError):
        path.unlink()
    release(fd)
