"""The table's log: one line per action in plain words, newest at the bottom."""

from __future__ import annotations

from collections.abc import Sequence

from textual.widgets import RichLog


class EventLog(RichLog):
    """A log that shows a list of lines, appending when only new lines came and redrawing when
    earlier ones changed (another viewer at the keyboard) or the width changed (re-wrapping)."""

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes, wrap=True, markup=False, auto_scroll=True,
                         min_width=20)
        self._shown: list[str] = []

    def show(self, lines: Sequence[str]) -> None:
        """Make the log read ``lines``."""
        lines = list(lines)
        if lines[:len(self._shown)] == self._shown:
            for line in lines[len(self._shown):]:
                self.write(line)
        else:
            self.clear()
            for line in lines:
                self.write(line)
        self._shown = lines

    def on_resize(self) -> None:
        """Re-wrap every line at the new width."""
        shown, self._shown = self._shown, []
        self.clear()
        self.show(shown)
