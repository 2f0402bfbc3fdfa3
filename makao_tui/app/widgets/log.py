"""The table's log: one line per action in plain words (a run of draws until a card fits is one
line), newest at the bottom; it holds the last lines only, and reads back older ones when the
player scrolls back to its top."""

from __future__ import annotations

from collections.abc import Sequence

from textual import events
from textual.message import Message
from textual.widgets import RichLog

#: the log keeps this many of the most recent lines (a tall terminal's log shows about 30)
KEEP = 200


class EventLog(RichLog):
    """A log of lines that grows at its end: :meth:`append` writes only the new lines (its cost does
    not grow with the match), :meth:`amend` writes its last line again (one more draw of a run),
    :meth:`replace` starts it anew (another viewer at the keyboard, an undo); a change of width
    re-wraps its lines. Each line comes with the table's number of its first log entry. It holds
    the last :data:`KEEP` lines; a player who scrolls (keys or wheel) to its top makes it post
    :class:`Older`, and the lines read back are put above by :meth:`prepend` and kept until the
    next new line. It always scrolls to its newest line when one comes, also when its height
    changes."""

    DEFAULT_CSS = """
    EventLog {
        width: 1fr;
        height: 100%;
        padding: 0 0 0 1;
        border: round $panel-lighten-2;
        scrollbar-size-vertical: 1;
        /* the scroll bar's column is kept from the start: lines wrapped before the log filled
           up would otherwise lose their last letter under it */
        scrollbar-gutter: stable;
    }
    """

    class Older(Message):
        """The player scrolled back to the log's top: the lines before it are wanted."""

    def __init__(self, *, id: str | None = None, classes: str | None = None, focusable: bool = True) -> None:
        # each line is wrapped to the width the log has (min_width 1: RichLog's own minimum would
        # make a narrow log's lines wider than itself, their ends cut off)
        super().__init__(id=id, classes=classes, wrap=True, markup=False, auto_scroll=True,
                         min_width=1, max_lines=KEEP)
        self._shown: list[str] = []
        self._starts: list[int] = []
        self._width = 0
        #: whether Tab or a click may focus the log (a table whose hand keeps the focus says no,
        #: and scrolls it with keys of its own)
        self.can_focus = focusable

    @property
    def first_entry(self) -> int | None:
        """The table's number of the first log entry of the top line (None: no line)."""
        return self._starts[0] if self._starts else None

    def append(self, lines: Sequence[tuple[int, str]]) -> None:
        """Add ``lines`` ((first entry's number, words)) at the end; the log then holds its last
        :data:`KEEP` lines (those read back by scrolling are let go)."""
        if lines and self.max_lines is None:  # lines read back are shown: let them go
            self._write_anew([*zip(self._starts, self._shown, strict=True), *lines][-KEEP:])
            return
        for start, line in lines[-KEEP:]:
            self.write(line)
            self._shown.append(line)
            self._starts.append(start)
        del self._shown[:-KEEP], self._starts[:-KEEP]
        if lines:
            # the newest line stays in sight even when the log's height changed meanwhile
            self.call_after_refresh(self.scroll_end, animate=False)

    def amend(self, lines: Sequence[tuple[int, str]]) -> None:
        """Write the last line again as ``lines[0]`` and add the rest after it. The log is written
        anew from its last :data:`KEEP` lines (one line of a wrapping log can take several rows),
        so this costs no more late in a match than early."""
        self.replace([*zip(self._starts[:-1], self._shown[:-1], strict=True), *lines])

    def replace(self, lines: Sequence[tuple[int, str]]) -> None:
        """Make the log read ``lines`` (the last :data:`KEEP` of them)."""
        self._write_anew(lines[-KEEP:])

    def _write_anew(self, lines: Sequence[tuple[int, str]]) -> None:
        self.clear()
        self.max_lines = KEEP
        self._shown.clear()
        self._starts.clear()
        self.append(lines)

    def prepend(self, lines: Sequence[tuple[int, str]]) -> None:
        """Put ``lines`` (read back from the table) above the first line, the rows in sight
        staying where they are."""
        if not lines:
            return
        rows, y = len(self.lines), self.scroll_y
        kept = [*lines, *zip(self._starts, self._shown, strict=True)]
        self.clear()
        self.max_lines = None  # (until the next new line: see append)
        self._shown, self._starts = [line for _start, line in kept], [start for start, _line in kept]
        for line in self._shown:
            self.write(line, scroll_end=False)
        self.scroll_to(y=y + len(self.lines) - rows, animate=False)

    def on_resize(self, event: events.Resize) -> None:
        """Re-wrap every line when the width changes; keep the newest line in sight."""
        if event.size.width != self._width:
            self._width = event.size.width
            self._write_anew(list(zip(self._starts, self._shown, strict=True)))
        else:
            self.call_after_refresh(self.scroll_end, animate=False)

    # ------------------------------------------------------------ scrolling back

    def _at_top(self) -> None:
        if self._starts and self.scroll_target_y <= 0:
            self.post_message(self.Older())

    def action_scroll_up(self) -> None:
        super().action_scroll_up()
        self._at_top()

    def action_page_up(self) -> None:
        super().action_page_up()
        self._at_top()

    def action_scroll_home(self) -> None:
        super().action_scroll_home()
        self._at_top()

    def _on_mouse_scroll_up(self, event: events.MouseScrollUp) -> None:
        super()._on_mouse_scroll_up(event)
        self._at_top()
