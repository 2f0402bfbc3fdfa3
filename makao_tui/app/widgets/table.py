"""The lines and boxes every table screen is built of, each owning its styles: the bar over the
table (:class:`TopBar`), the banner over the hand (:class:`AlertLine`), the box of the hand
(:class:`HandBox`) and the key bar at the foot (:class:`TableKeyBar`). A game's table composes
them with the seats, the log (:class:`~makao_tui.app.widgets.log.EventLog`) and the status line
(:class:`~makao_tui.app.widgets.status.StatusLine`); a family's own parts (the shedding games'
pile and hand) are in its screen's ``*_parts`` module."""

from __future__ import annotations

from rich.text import Text
from textual.containers import Vertical
from textual.widgets import Static

from ...engine.i18n import _
from .footer import fit_key_bar
from .status import show


class TopBar(Static):
    """The bar over the table: the game, the deal, whose turn (a family's words)."""

    DEFAULT_CSS = """
    TopBar {
        height: 1;
        background: $panel;
    }
    """


class AlertLine(Static):
    """The banner over the hand: a pending penalty, a demand, or whose turn it is; ``warning``
    (a penalty, a demand) is drawn on the warning colour."""

    DEFAULT_CSS = """
    AlertLine {
        height: 1;
    }
    AlertLine.warning {
        background: $warning 30%;
        color: $text;
    }
    """

    def put(self, text: Text, warning: bool = False) -> None:
        """Show ``text``, as a warning or not (nothing is redrawn when it is already shown)."""
        show(self, text)
        self.set_class(warning, "warning")


class HandBox(Vertical):
    """The bordered box of the hand, its title the owner and the cards' count."""

    DEFAULT_CSS = """
    HandBox {
        height: auto;
        border: round $accent;
        border-subtitle-color: $warning;
        border-subtitle-style: bold;
        padding: 0 1;
    }
    """


class TableKeyBar(Static):
    """The key bar at the foot of a table (:func:`~makao_tui.app.widgets.footer.fit_key_bar`):
    what may be done now, then the keys every table has; once it took two lines at a width it keeps
    two, so the table above does not move up and down as the turn passes."""

    DEFAULT_CSS = """
    TableKeyBar {
        /* two lines where one does not hold every key with its word */
        height: auto;
        max-height: 2;
        background: $panel;
        color: $text-muted;
    }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._lines, self._width = 1, 0

    def show(self, keys: list[tuple[str, str]], table_keys: list[tuple[str, str]]) -> Text:
        """Show ``keys`` then ``table_keys`` ((key, untranslated word) pairs), fitted to the
        terminal's width; returns the text shown."""
        width = self.app.size.width
        if width != self._width:
            self._width, self._lines = width, 1
        text = fit_key_bar([(key, _(word)) for key, word in keys],
                           [(key, _(word)) for key, word in table_keys], width, self._lines)
        self._lines = max(self._lines, len(text.plain.split("\n")))
        show(self, text)
        return text
