"""Score sheets: a game builds a :class:`ScoreSheet`, a :class:`ScoreTable` shows it."""

from __future__ import annotations

from dataclasses import dataclass, field

from rich.text import Text
from textual.widgets import DataTable


@dataclass
class ScoreSheet:
    """A game's score sheet: column headings, rows of cells, notes shown under the table;
    ``row_height``: lines per row (a cell may hold that many lines)."""

    columns: list[str]
    rows: list[list[Text | str]] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    row_height: int = 1


class ScoreTable(DataTable):
    """A read-only DataTable showing a :class:`ScoreSheet`, scrolled to its last row."""

    def __init__(self, sheet: ScoreSheet, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes, zebra_stripes=True, cursor_type="row",
                         show_cursor=False)
        self.sheet = sheet

    def on_mount(self) -> None:
        """Fill the table."""
        self.add_columns(*self.sheet.columns)
        for row in self.sheet.rows:
            self.add_row(*row, height=self.sheet.row_height)
        if self.sheet.rows:
            self.move_cursor(row=len(self.sheet.rows) - 1)
