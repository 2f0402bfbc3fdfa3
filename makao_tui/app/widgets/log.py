"""The table's log: one line per action in plain words, newest at the bottom."""

from __future__ import annotations

from collections.abc import Sequence

from textual import events
from textual.widgets import RichLog

#: the log keeps this many of the most recent lines
KEEP = 200


class EventLog(RichLog):
    """A log that shows a list of lines, appending when only new lines came and redrawing when
    earlier ones changed (another viewer at the keyboard) or the width changed (re-wrapping);
    it always scrolls to its newest line, also when its height changes."""

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes, wrap=True, markup=False, auto_scroll=True,
                         min_width=20, max_lines=KEEP)
        self._shown: list[str] = []
        self._width = 0

    def show(self, lines: Sequence[str]) -> None:
        """Make the log read ``lines`` (the last :data:`KEEP` of them)."""
        lines = list(lines)
        if lines[:len(self._shown)] == self._shown:
            new = lines[len(self._shown):][-KEEP:]
        else:
            self.clear()
            new = lines[-KEEP:]
        for line in new:
            self.write(line)
        self._shown = lines
        # the newest line stays in sight even when the log's height changed meanwhile
        self.call_after_refresh(self.scroll_end, animate=False)

    def on_resize(self, event: events.Resize) -> None:
        """Re-wrap every line when the width changes; keep the newest line in sight."""
        if event.size.width != self._width:
            self._width = event.size.width
            shown, self._shown = self._shown, []
            self.clear()
            self.show(shown)
        else:
            self.call_after_refresh(self.scroll_end, animate=False)
