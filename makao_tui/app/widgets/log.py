"""The table's log: one line per action in plain words (a run of draws until a card fits is one
line), newest at the bottom."""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence

from textual import events
from textual.widgets import RichLog

#: the log keeps this many of the most recent lines
KEEP = 200


class EventLog(RichLog):
    """A log of lines that grows at its end: :meth:`append` writes only the new lines (its cost does
    not grow with the match), :meth:`amend` writes its last line again (one more draw of a run),
    :meth:`replace` starts it anew (another viewer at the keyboard, an undo); a change of width
    re-wraps the last :data:`KEEP` lines. It always scrolls to its newest line, also when its
    height changes."""

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        # each line is wrapped to the width the log has (min_width 1: RichLog's own minimum would
        # make a narrow log's lines wider than itself, their ends cut off)
        super().__init__(id=id, classes=classes, wrap=True, markup=False, auto_scroll=True,
                         min_width=1, max_lines=KEEP)
        self._shown: deque[str] = deque(maxlen=KEEP)
        self._width = 0

    def append(self, lines: Sequence[str]) -> None:
        """Add ``lines`` at the end (only the last :data:`KEEP` of them matter)."""
        for line in lines[-KEEP:]:
            self.write(line)
            self._shown.append(line)
        if lines:
            # the newest line stays in sight even when the log's height changed meanwhile
            self.call_after_refresh(self.scroll_end, animate=False)

    def amend(self, lines: Sequence[str]) -> None:
        """Write the last line again as ``lines[0]`` and add the rest after it. The log is written
        anew from its last :data:`KEEP` lines (one line of a wrapping log can take several rows),
        so this costs no more late in a match than early."""
        self.replace([*list(self._shown)[:-1], *lines])

    def replace(self, lines: Sequence[str]) -> None:
        """Make the log read ``lines`` (the last :data:`KEEP` of them)."""
        self.clear()
        self._shown.clear()
        self.append(lines)

    def on_resize(self, event: events.Resize) -> None:
        """Re-wrap every line when the width changes; keep the newest line in sight."""
        if event.size.width != self._width:
            self._width = event.size.width
            self.replace(list(self._shown))
        else:
            self.call_after_refresh(self.scroll_end, animate=False)
