"""Score sheets: a game builds a :class:`ScoreSheet`, a :class:`ScoreTable` shows it and a
:class:`TotalsChart` draws its ``series`` (each player's total over the match), when it has them."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from rich.text import Text
from textual.geometry import Size
from textual.widget import Widget
from textual.widgets import DataTable

from ...engine.i18n import _

#: the levels of a chart bar, lowest first
BARS = "▁▂▃▄▅▆▇█"
#: one colour per player's line of the chart, in seat order (then again from the first)
CHART_COLOURS = ("cyan", "magenta", "green", "yellow", "bright_blue", "red", "bright_cyan", "white")


@dataclass
class ScoreSheet:
    """A game's score sheet: column headings, rows of cells, notes shown under the table;
    ``row_height``: lines per row (a cell may hold that many lines); ``series``: optional, each
    player's name and total before the first deal and after every deal, for a
    :class:`TotalsChart`; ``series_title``: what the chart shows."""

    columns: list[str]
    rows: list[Sequence[Text | str]] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    row_height: int = 1
    series: list[tuple[str, list[int]]] = field(default_factory=list)
    #: the chart's title (translated by whoever makes the sheet; the default is English)
    series_title: str = "Totals over the match"


class ScoreTable(DataTable):
    """A read-only DataTable showing a :class:`ScoreSheet`, scrolled to its last row. Text given as
    ``str`` (players' names among it) is shown as it is, never read as markup."""

    def __init__(self, sheet: ScoreSheet, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes, zebra_stripes=True, cursor_type="row",
                         show_cursor=False)
        self.sheet = sheet

    def on_mount(self) -> None:
        """Fill the table."""
        self.add_columns(*(Text(c) for c in self.sheet.columns))
        for row in self.sheet.rows:
            self.add_row(*(Text(c) if isinstance(c, str) else c for c in row), height=self.sheet.row_height)
        if self.sheet.rows:
            self.move_cursor(row=len(self.sheet.rows) - 1)


class TotalsChart(Widget):
    """A small chart of a :class:`ScoreSheet`'s ``series``: one line of bars per player, all on
    one scale (lowest total ▁, highest █), one bar per deal (evenly sampled when there are more
    deals than columns), the name before and the last total after. Its height (a title line and
    one line per player) is known before it is drawn, so the layout keeps room for it at once."""

    DEFAULT_CSS = """
    TotalsChart { height: auto; }
    """

    def __init__(self, sheet: ScoreSheet, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.sheet = sheet

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        """The title line and one line per player."""
        return 1 + len(self.sheet.series)

    def render(self) -> Text:
        """The chart at the widget's width (drawn again when the width changes)."""
        return self.chart(self.content_size.width)

    def chart(self, width: int) -> Text:
        """The chart, ``width`` columns wide."""
        series = self.sheet.series
        values = [v for _name, line in series for v in line]
        low, high = min(values), max(values)
        out = Text(_("{title} (scale {low} to {high})").format(title=self.sheet.series_title, low=low, high=high),
                   style="bold")
        name_width = max(len(name) for name, _line in series)
        value_width = max(len(str(line[-1])) for _name, line in series)
        bars_width = max(1, width - name_width - value_width - 2)
        for index, (name, line) in enumerate(series):
            out.append("\n" + name.ljust(name_width) + " ")
            bars = "".join(BARS[_level(v, low, high)] for v in _sample(line, bars_width))
            out.append(bars, style=CHART_COLOURS[index % len(CHART_COLOURS)])
            out.append(" " + str(line[-1]).rjust(value_width), style="bold")
        return out


def _level(value: int, low: int, high: int) -> int:
    """The bar (0..7) for ``value`` on the scale ``low``..``high`` (the middle one if flat)."""
    if high == low:
        return len(BARS) // 2
    return round((value - low) * (len(BARS) - 1) / (high - low))


def _sample(line: list[int], width: int) -> list[int]:
    """``line`` as it is if it fits in ``width`` columns, else ``width`` evenly spaced values of it,
    the last one always included."""
    if len(line) <= width:
        return line
    if width == 1:
        return [line[-1]]
    return [line[round(i * (len(line) - 1) / (width - 1))] for i in range(width)]
