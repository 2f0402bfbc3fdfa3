"""A seat at the table: name (and AI level), cards in hand, dealer, whose turn."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from ...engine.i18n import _, ngettext


class SeatPanel(Static):
    """One seat's public facts in a small bordered box; the seat to act is highlighted."""

    DEFAULT_CSS = """
    SeatPanel {
        width: 1fr;
        max-width: 26;
        height: 3;
        border: round $panel-lighten-2;
        border-title-align: left;
        border-subtitle-align: right;
        padding: 0 1;
    }
    SeatPanel.to-act {
        border: round $accent;
        border-title-style: bold;
    }
    """

    _state: tuple | None = None

    def show(self, label: str, *, cards: int, dealer: bool, to_act: bool, you: bool,
             extra: str = "") -> None:
        """Draw the seat. ``label``: its name, with the AI's level for a computer seat
        (``Seating.seat_label``); ``you``: the hand below is this seat's; ``extra``: a game's
        own fact. Nothing is redrawn when the seat is shown as it already is."""
        state = (label, cards, dealer, to_act, you, extra)
        if state == self._state:
            return
        self._state = state
        self.border_title = Text(label + (" · " + _("you") if you else ""))  # a name is text, never markup
        self.border_subtitle = _("dealer") if dealer else ""
        self.set_class(to_act, "to-act")
        line = Text("▶ " if to_act else "  ", style="bold")
        line.append(ngettext("{n} card", "{n} cards", cards).format(n=cards))
        if extra:
            line.append(f"  {extra}")
        self.update(line)
