"""Screens every table uses: pass the keyboard, help, confirm, too small, score sheet, deal
summary and match end."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path, PurePath
from time import monotonic
from typing import TYPE_CHECKING, ClassVar, cast

from rich.console import RenderableType
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Center, Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Button, Static

from ...engine.cards import ascii_text
from ...engine.i18n import N_, _
from ..terminal import MIN_HEIGHT, MIN_WIDTH
from ..widgets.footer import KeyBar

#: the stylesheet of what the screens other than the start screen share (titles, buttons,
#: dialogs...): each names it first in its ``CSS_PATH``, read when the first of them is shown, so
#: that the first frame does not parse it
COMMON_CSS = str(Path(__file__).with_name("common.tcss"))
#: the stylesheet of the table screens and what they show in front of the table (loaded by the
#: first of them shown; the start screen does not need it)
TABLE_CSS = str(Path(__file__).with_name("table.tcss"))
#: the ``CSS_PATH`` of the table screens and of those shown in front of the table
TABLE_SHEETS: list[str | PurePath] = [COMMON_CSS, TABLE_CSS]

if TYPE_CHECKING:
    from ..services import AppServices
    from ..widgets.scores import ScoreSheet


def reflow(text: str) -> str:
    """Join the lines of a help text that break mid-sentence, so it wraps at any width; a line
    ending a sentence (``.`` or ``:``) still ends its paragraph line."""
    out: list[str] = []
    for line in text.splitlines():
        line = line.strip()
        if out and out[-1] and not out[-1].endswith((".", ":")) and line:
            out[-1] += " " + line
        else:
            out.append(line)
    return "\n".join(out)


class PassDeviceScreen(Screen[None]):
    """Hot-seat privacy: covers every hand until the named player presses Enter.

    Keys pressed within ``guard`` seconds of the screen showing are ignored, so that the Enter
    of the previous player's play, pressed twice, cannot uncover the next player's hand.
    """

    CSS_PATH = TABLE_SHEETS

    BINDINGS: ClassVar[list[BindingType]] = [Binding("enter,space", "dismiss_screen", N_("I am here")),
                                             Binding("q", "app.quit_match", N_("Quit"))]

    def __init__(self, name: str, guard: float = 0.0) -> None:
        super().__init__()
        self.player = name
        self.guard = guard
        self._shown_at = 0.0

    def on_mount(self) -> None:
        self._shown_at = monotonic()

    def compose(self) -> ComposeResult:
        with Vertical(classes="centre-box"):
            yield Static(Text(_("Pass the keyboard to {name}").format(name=self.player)), classes="big")
            yield Static(Text(_("{name}: press Enter to see your hand.\nq: quit the match.").format(name=self.player)),
                         classes="hint")
        yield KeyBar()

    def action_dismiss_screen(self) -> None:
        """The player is at the keyboard."""
        if monotonic() - self._shown_at >= self.guard:
            self.dismiss(None)


class HandOverScreen(ModalScreen[None]):
    """Hot-seat: the player whose turn just ended with cards only he may see (a card drawn that
    did not fit, a penalty taken) sees them first, his hand still showing behind this line at the
    foot of the table; Enter (or Space) then passes the keyboard on. ``what``: what happened, in
    words; ``name``: the player the keyboard goes to."""

    CSS_PATH = TABLE_SHEETS

    BINDINGS: ClassVar[list[BindingType]] = [Binding("enter,space", "dismiss_screen", N_("Pass the keyboard")),
                                             Binding("q", "app.quit_match", N_("Quit"))]

    def __init__(self, what: str, name: str) -> None:
        super().__init__()
        self.what = what
        self.player = name

    def compose(self) -> ComposeResult:
        with Vertical(id="hand-over"):
            yield Static(Text(self.what), classes="what")
            yield Static(Text(_("Enter: pass the keyboard to {name}").format(name=self.player)), classes="hint")

    def action_dismiss_screen(self) -> None:
        """The player has seen his cards."""
        self.dismiss(None)


class HelpScreen(ModalScreen[None]):
    """Keys of the current screen (each key's words given in English, marked with ``N_``, and
    translated here) and the rules of the game in short."""

    CSS_PATH = COMMON_CSS

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,enter,q,f1,question_mark", "close", N_("Close"))]

    def __init__(self, title: str, keys: list[tuple[str, str]], text: str) -> None:
        super().__init__()
        self.heading = title
        self.keys = keys
        self.text = text

    def compose(self) -> ComposeResult:
        with Vertical(id="help-box", classes="dialog"):
            yield Static(self.heading, classes="title")
            with VerticalScroll():
                keys = Table(box=None, show_header=False, pad_edge=False)
                keys.add_column(style="bold", no_wrap=True)
                keys.add_column()
                for key, what in self.keys:  # a key's name with words in it is marked too
                    if key:
                        keys.add_row(_(key), _(what))
                    else:  # a heading over the keys after it, a line apart
                        keys.add_row("", "")
                        keys.add_row("", Text(_(what), style="bold"))
                yield Static(keys, classes="keys")
                if self.text:
                    text = reflow(self.text)
                    yield Static(ascii_text(text) if getattr(self.app, "ascii", False) else text,
                                 classes="rules")
            yield Static(_("Esc / Enter: close"), classes="hint")

    def action_close(self) -> None:
        """Back to where help was opened."""
        self.dismiss(None)


class ConfirmScreen(ModalScreen[bool]):
    """A yes/no question (y / n, Enter = the focused button, Esc = no)."""

    CSS_PATH = COMMON_CSS
    AUTO_FOCUS = "#no"

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y", "answer(True)", N_("Yes")), Binding("n,escape", "answer(False)", N_("No")),
        Binding("left,right", "app.focus_next", show=False)]

    def __init__(self, question: str) -> None:
        super().__init__()
        self.question = question

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog small"):
            yield Static(self.question, classes="title")
            with Horizontal(classes="buttons"):
                yield Button(_("Yes (y)"), id="yes", variant="error")
                yield Button(_("No (n)"), id="no", variant="primary")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "yes")

    def action_answer(self, yes: bool) -> None:
        """Answer the question."""
        self.dismiss(yes)


class TooSmallScreen(Screen[None]):
    """Shown instead of everything while the terminal is smaller than 80×24."""

    CSS_PATH = COMMON_CSS

    def compose(self) -> ComposeResult:
        # (the words are kept, not looked up: a resize may come while the cover is being removed,
        # the terminal grown back at once, when its widget is gone)
        self._words = Static(id="too-small")
        yield self._words

    def on_mount(self) -> None:
        self.show_size()

    def on_resize(self) -> None:
        self.show_size()

    def show_size(self) -> None:
        """Name the size wanted and the size there is."""
        w, h = self.app.size
        self._words.update(
            _("Please enlarge the terminal to at least {min_width}×{min_height}.\n"
              "It is {width}×{height} now. The game waits, unchanged.\n\nCtrl+Q quits.").format(
                min_width=MIN_WIDTH, min_height=MIN_HEIGHT, width=w, height=h))


class ScoreSheetScreen(ModalScreen[None]):
    """The score sheet of the match, over the table (with the chart of its totals when the sheet
    has them). ``key``: the table's key that opened it, which closes it too; ``back``: where
    closing it goes, in words."""

    CSS_PATH = COMMON_CSS

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,enter,q", "close", N_("Close"), priority=True)]

    def __init__(self, title: str, sheet: ScoreSheet, key: str = "s", back: str = N_("back to the table")) -> None:
        super().__init__()
        self.heading = title
        self.sheet = sheet
        self.key = key
        self.back = back
        self._bindings.bind(key, "close", N_("Close"), show=False, priority=True)

    def compose(self) -> ComposeResult:
        from ..widgets.scores import ScoreTable, TotalsChart  # a table's screens: not loaded at start-up

        with Vertical(id="sheet-box", classes="dialog"):
            yield Static(self.heading, classes="title")
            yield ScoreTable(self.sheet)
            if self.sheet.series:
                yield TotalsChart(self.sheet)
            yield Static("\n".join(self.sheet.notes), classes="notes", markup=False)
            yield Static(_("Esc / Enter / {key}: {what}").format(key=self.key, what=_(self.back)), classes="hint")

    def action_close(self) -> None:
        """Back to where the sheet was opened."""
        self.dismiss(None)


@dataclass(frozen=True)
class SheetKey:
    """The table's score-sheet key, for a screen shown over the table: ``key`` (``s``, Macao's
    ``l``), its word in the hints (``scores``, ``ledger``; marked with ``N_``, said when shown),
    the sheet screen's title (said), and where closing the sheet goes (marked, as ``word``)."""

    key: str
    word: str
    title: str
    back: str


class DealSummaryScreen(Screen[None]):
    """The end of a deal: its result, then the score sheet; Enter goes on, and so does the
    screen by itself ``after`` seconds when given (a match of AI seats only; 0: at once). With
    ``sheet_key``, the table's score-sheet key opens the sheet in full (with the chart of its
    totals) over it, as at the table, and closes it again."""

    CSS_PATH = TABLE_SHEETS

    BINDINGS: ClassVar[list[BindingType]] = [Binding("enter,space", "go_on", N_("Go on"), priority=True),
                Binding("q", "quit_match", N_("Quit")), Binding("z", "pause", N_("Pause"), show=False)]

    def __init__(self, title: str, result: RenderableType, sheet: ScoreSheet, go_on: str,
                 sheet_key: SheetKey | None = None, after: float | None = None) -> None:
        super().__init__()
        self.heading = title
        self.result = result
        self.sheet = sheet
        self.go_on_label = go_on
        self.sheet_key = sheet_key
        if sheet_key is not None:
            self._bindings.bind(sheet_key.key, "sheet", sheet_key.word)
        self.after = after

    def on_mount(self) -> None:
        if self.after is not None:
            if self.after > 0:
                self.set_timer(self.after, self._by_itself)
            else:  # (a timer of no time is refused)
                self.call_after_refresh(self._by_itself)

    def _by_itself(self) -> None:
        """Go on, once nothing is over the summary (a question to quit waits for its answer), unless
        the computer was paused meanwhile (``z``)."""
        if self.after is None:
            return
        if self.app.screen is self:
            self.dismiss(None)
        elif self.is_attached:
            self.set_timer(max(self.after, 0.1), self._by_itself)

    def action_pause(self) -> None:
        """Pause the computer at the table under the summary, or let it go on (the table's ``z``):
        paused, the summary waits for Enter."""
        table = next((s for s in reversed(self.app.screen_stack) if hasattr(s, "action_pause") and s is not self),
                     None)
        if table is None:
            return
        table.action_pause()
        if getattr(table, "paused", False):
            self.after = None
            self.query_one("#go-on", Static).update(self._hint())

    def compose(self) -> ComposeResult:
        from ..widgets.scores import ScoreTable  # a table's screens: not loaded at start-up

        yield Static(self.heading, classes="title")
        yield Static(self.result, id="result")
        yield ScoreTable(self.sheet)
        yield Static("\n".join(self.sheet.notes), classes="notes", markup=False)
        yield Static(self._hint(), classes="hint", id="go-on")

    def _hint(self) -> str:
        """The keys of the summary in words: Enter (or waiting, while it goes on by itself), the
        score sheet's key where it has one, q."""
        if self.after:
            return _("Enter: {what} (or wait: it comes by itself)    q: quit").format(what=_(self.go_on_label))
        if self.sheet_key is None:
            return _("Enter: {what}    q: quit").format(what=_(self.go_on_label))
        return _("Enter: {what}    {key}: {sheet}    q: quit").format(
            what=_(self.go_on_label), key=self.sheet_key.key, sheet=_(self.sheet_key.word))

    def action_sheet(self) -> None:
        """The score sheet in full over the summary (its key closes it again)."""
        if self.sheet_key is not None:
            self.app.push_screen(ScoreSheetScreen(self.sheet_key.title, self.sheet, self.sheet_key.key,
                                                  self.sheet_key.back))

    def action_go_on(self) -> None:
        """Next deal (or the end of the match)."""
        self.dismiss(None)

    def action_quit_match(self) -> None:
        """Leave the match, asking first (as at the table)."""
        cast("AppServices", self.app).action_quit_match()


class MatchEndScreen(Screen[None]):
    """The match is over: winner(s), the final sheet (and the chart of its totals when the sheet
    has them), New match / Quit (back to the start screen when the match was chosen there)."""

    CSS_PATH = TABLE_SHEETS
    AUTO_FOCUS = "#new"

    BINDINGS: ClassVar[list[BindingType]] = [Binding("n", "new_match", N_("New match")),
                                             Binding("left,right", "app.focus_next", show=False)]

    def __init__(self, result: RenderableType, sheet: ScoreSheet, new_match: Callable[[], None]) -> None:
        super().__init__()
        self.result = result
        self.sheet = sheet
        self.new_match = new_match
        self.leave_word = N_("Quit")

    def compose(self) -> ComposeResult:
        from ..widgets.scores import ScoreTable, TotalsChart  # a table's screens: not loaded at start-up

        # q goes back to the start screen when the match was chosen there
        self.leave_word = N_("Quit") if getattr(self.app, "leave_to_shell", True) else N_("Start screen")
        self._bindings.bind("q", "app.quit_match", self.leave_word)
        yield Static(_("The match is over"), classes="title")
        yield Static(self.result, id="result")
        yield ScoreTable(self.sheet)
        if self.sheet.series:
            yield TotalsChart(self.sheet)
        yield Static("\n".join(self.sheet.notes), classes="notes", markup=False)
        with Center(), Horizontal(classes="buttons"):
            yield Button(_("New match (n)"), id="new", variant="primary")
            yield Button(_("Quit (q)") if self.leave_word == "Quit" else _("Start screen (q)"), id="quit")
        yield KeyBar()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "new":
            self.action_new_match()
        else:
            cast("AppServices", self.app).action_quit_match()

    def action_new_match(self) -> None:
        """Set up a new match of the same game."""
        self.new_match()
