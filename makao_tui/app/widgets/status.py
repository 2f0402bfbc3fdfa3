"""The status line under the hand (two lines for a long message): why a play was refused, a hint, or
what may be done now."""

from __future__ import annotations

from textual.widgets import Static


class StatusLine(Static):
    """Shows one message; ``error`` messages (a refused action) are styled as such."""

    def say(self, message: str, error: bool = False) -> None:
        """Show ``message``."""
        self.set_class(error, "error")
        self.update(message)
