"""A seat at the table: name, AI or human, cards in hand, dealer, whose turn."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static


class SeatPanel(Static):
    """One seat's public facts in a small bordered box; the seat to act is highlighted."""

    def show(self, name: str, *, cards: int, is_ai: bool, dealer: bool, to_act: bool,
             you: bool, extra: str = "") -> None:
        """Draw the seat. ``you``: the hand below is this seat's; ``extra``: a game's own fact."""
        self.border_title = name + (" (AI)" if is_ai else "") + (" · you" if you else "")
        self.border_subtitle = "dealer" if dealer else ""
        self.set_class(to_act, "to-act")
        line = Text("▶ " if to_act else "  ", style="bold")
        line.append(f"{cards} card{'s' if cards != 1 else ''}")
        if extra:
            line.append(f"  {extra}")
        self.update(line)
