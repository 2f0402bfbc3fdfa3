"""The life of a screen as Textual leads it, where the app's screens must mind it."""

from __future__ import annotations

from typing import Any

from textual.screen import Screen


def leaving(screen: Screen[Any]) -> bool:
    """Whether ``screen`` is being removed: popped, or the app ending (a door player hung up), perhaps
    before it was fully mounted. Textual then mounts no more of its containers' widgets, yet still
    sends it its Mount event: an ``on_mount`` that looks up its widgets returns at once when this
    holds (Textual's own flags, read here only)."""
    return screen._pruning or screen._closing
