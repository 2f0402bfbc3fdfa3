"""The status line under the hand (two lines for a long message): why a play was refused, a hint, or
what may be done now."""

from __future__ import annotations

from rich.text import Text
from textual.visual import VisualType
from textual.widgets import Static


def show(widget: Static, content: VisualType) -> None:
    """``widget.update(content)`` only when it shows something else now (a text or a string
    equal to the one shown changes nothing; a rich table is always drawn anew): an update lays
    the screen out again, so a table redraws only what changed."""
    if type(widget.content) is type(content) and widget.content == content:
        return
    widget.update(content)


class StatusLine(Static):
    """Shows one message; ``error`` messages (a refused action) are styled as such."""

    DEFAULT_CSS = """
    StatusLine {
        /* one line, two for a long message (a hint with its reason) */
        height: auto;
        max-height: 2;
        padding: 0 1;
        color: $text-muted;
    }
    StatusLine.error {
        color: $error;
        text-style: bold;
    }
    """

    def say(self, message: str, error: bool = False) -> None:
        """Show ``message`` as it is (it may quote a player's name: never read as markup)."""
        self.set_class(error, "error")
        show(self, Text(message))
