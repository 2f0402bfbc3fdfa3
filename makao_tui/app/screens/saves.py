"""Screens of the saved games: a notice about the saved-games file, and statistics with the
history of finished matches (each one's score sheet on Enter)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, ClassVar, cast

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen, Screen
from textual.widgets import Button, DataTable, Static

from ...engine.i18n import N_, _, ngettext, number, os_reason
from ...engine.variant import RulesError
from ...games import game_info, get_variant, shared_deal_word
from ...store import SavedMatch, StoreError, ago, help_used
from ...store import ScoreSheet as StoredSheet
from ..widgets.footer import KeyBar
from ..widgets.scores import ScoreSheet
from .common import COMMON_CSS, ScoreSheetScreen

if TYPE_CHECKING:
    from ...store import MatchWriter
    from ..services import AppServices


class NoticeScreen(ModalScreen[None]):
    """A message to read before going on (the saved-games file was set aside); Enter closes it."""

    CSS_PATH = COMMON_CSS
    BINDINGS: ClassVar[list[BindingType]] = [Binding("enter,escape,space", "close", N_("OK"))]

    def __init__(self, title: str, text: str) -> None:
        super().__init__()
        self.heading = title
        self.text = text

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog", id="notice"):
            yield Static(self.heading, classes="title")
            yield Static(self.text, markup=False)
            yield Static(_("Enter: OK"), classes="hint")

    def action_close(self) -> None:
        """Go on."""
        self.dismiss(None)


class UnsavedScreen(ModalScreen[str | None]):
    """Leaving a match while some of its actions wait to be written (a busy file, a full disk:
    issue 29). The table is held while it shows, so the count it gives is the count left behind.
    The choices: w tries to write them at once (waiting for a busy file), f writes them to a file
    beside the saves that ``makao resume`` takes back (:meth:`MatchWriter.write_unsaved
    <makao_tui.store.MatchWriter.write_unsaved>`), l leaves and loses them, Esc goes back to the
    table. Dismissed with None (back to the table) or the line to tell on leaving ("" when every
    action is saved; the lost ones are told by the app, which then ends with a status that is
    not 0)."""

    CSS_PATH = COMMON_CSS
    DEFAULT_CSS = """
    UnsavedScreen .choices-column { height: auto; margin-top: 1; }
    UnsavedScreen .choices-column Button, UnsavedScreen .choices-column Button.-error,
    UnsavedScreen .choices-column Button.-primary {
        width: 100%; height: 1; min-height: 1; border: none; border-top: none; border-bottom: none; margin: 0;
    }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("w", "wait", N_("Try again")), Binding("f", "file", N_("Write to a file")),
        Binding("l", "lose", N_("Leave and lose them")), Binding("escape", "back", N_("Back to the table")),
        Binding("up", "app.focus_previous", show=False), Binding("down", "app.focus_next", show=False)]

    def __init__(self, writer: MatchWriter, quitting: bool) -> None:
        super().__init__()
        self.writer = writer
        self.quitting = quitting
        self._busy = False

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog", id="unsaved"):
            yield Static(_("Saving is delayed"), classes="title")
            yield Static("", id="unsaved-text", markup=False)
            with Vertical(classes="choices-column"):
                yield Button(_("Try to save again now (w)"), id="wait")
                yield Button(_("Write them to a file beside the saves (f)"), id="file")
                yield Button(_("Quit and lose them (l)") if self.quitting else _("Leave and lose them (l)"),
                             id="lose", variant="error")
                yield Button(_("Back to the table (Esc)"), id="back", variant="primary")

    def on_mount(self) -> None:
        self.app.clear_notifications()  # (the notice of the delay says what this says, and would cover it)
        self.show()
        self.query_one("#back", Button).focus()

    def show(self, first: str = "") -> None:
        """Say how many actions wait and why (``first``: a line before, what the last try found)."""
        waiting = self.writer.pending
        why = self.writer.status.error or self.writer.status.message
        text = ngettext("{n} action of this match is not saved yet: {error}.",
                        "{n} actions of this match are not saved yet: {error}.", waiting).format(n=waiting, error=why)
        lines = [first] if first else []
        lines += [text, _("The table waits while you choose. In a file, `makao resume` takes them back later.")]
        self.query_one("#unsaved-text", Static).update("\n\n".join(lines))

    async def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        await self.run_action(event.button.id or "back")

    async def action_wait(self) -> None:
        """Write what waits now, waiting for a busy file as a closing writer does."""
        import asyncio

        from ...store import BUSY_TIMEOUT_S, MatchInUseError

        if self._busy:
            return
        self._busy = True
        self.query_one("#unsaved-text", Static).update(_("Saving…"))
        try:
            written = await asyncio.to_thread(self.writer.flush, BUSY_TIMEOUT_S)
        except MatchInUseError as exc:
            self._busy = False
            self.show(str(exc))
            return
        self._busy = False
        if written:
            self.dismiss("")
        else:
            self.show(_("Still not saved."))

    def action_file(self) -> None:
        """Write what waits to a file beside the saves and leave."""
        if self._busy:
            return
        try:
            path, count = self.writer.write_unsaved()
        except OSError as exc:
            self.show(_("The file could not be written either: {reason}.").format(reason=os_reason(exc)))
            return
        self.dismiss(ngettext("{n} action that could not be saved was written to {file}: `makao resume` takes "
                              "it back.",
                              "{n} actions that could not be saved were written to {file}: `makao resume` takes "
                              "them back.", count).format(n=count, file=path))

    def action_lose(self) -> None:
        """Leave; what waits is tried once more, then lost."""
        if not self._busy:
            self.dismiss("")

    def action_back(self) -> None:
        """Back to the table, which goes on."""
        if not self._busy:
            self.dismiss(None)


def _signed(points: int) -> str:
    return number(points, sign=True)


def stored_sheet(sheet: StoredSheet, deal_winners: Sequence[int | None] = ()) -> ScoreSheet:
    """A stored match's score sheet as the app draws one: a row per deal (the dealer, then each
    player's points and total, the deal's winner marked ★ as at the table), a chart of the
    totals, and the match's winners marked ★ in the headings (as on the match's last screen) and
    named in the notes. ``deal_winners``: the winner of each deal, in order (None: a deal the
    game names no winner of; missing: none known). The deal and dealer columns are headed with
    the game's words (Macao's hand and banker)."""
    rows: list[Sequence[Text | str]] = []
    for index, deal in enumerate(sheet.deals):
        winner = deal_winners[index] if index < len(deal_winners) else None
        cells: list[Text | str] = []
        for seat, (p, t) in enumerate(zip(deal.points, deal.totals_after, strict=False)):
            cell = Text(f"{_signed(p)} → {number(t)}")
            if seat == winner:
                cell.append(" ★", style="bold yellow")
            cells.append(cell)
        rows.append([str(deal.number), sheet.names[deal.dealer], *cells])
    series = [(name, [sheet.initial[seat]] + [d.totals_after[seat] for d in sheet.deals])
              for seat, name in enumerate(sheet.names)]
    notes = []
    won = sheet.winners or []
    if sheet.winners is not None:
        notes.append(_("Won by {names}.").format(names=", ".join(sheet.names[s] for s in sheet.winners)))
    try:
        info = game_info(sheet.game)
        deal_word, dealer_word = info.deal_noun().capitalize(), info.dealer_noun().capitalize()
    except RulesError:  # a game this version does not know
        deal_word, dealer_word = _("Deal"), _("Dealer")
    headings = [name + (" ★" if seat in won else "") for seat, name in enumerate(sheet.names)]
    return ScoreSheet([deal_word, dealer_word, *headings], rows, notes,
                      series=series if sheet.deals else [], series_title=_("Totals over the match"))


def deal_winners(saved: SavedMatch) -> list[int | None]:
    """The winner of each finished deal of ``saved``, in order, where its game names one (the
    view of a shedding game's finished deal holds who went out; a game without a deal's winner
    gives None): the stored score sheet marks them as the table's does. Replays the match;
    raises :class:`~makao_tui.store.DamagedMatchError` if it does not replay."""
    match = saved.rebuild()
    return [getattr(deal.state.view(0), "winner", None) for deal in match.deals if deal.points is not None]


class StatisticsScreen(Screen[None]):
    """Per player name and game: matches, wins, average points per deal, best match; below, the
    finished matches, the last first (Enter shows one's score sheet; on a player's row, the sheet
    of his best match). The undos and hints used are told on a line under each table for its
    highlighted row, not in a column: in Russian and Polish a column more made the tables wider
    than 80 columns. Tab moves between the tables (the key bar says so); only the table the keys
    go to shows its highlighted row. The finished matches have the keys first. Esc goes back."""

    DEFAULT_CSS = """
    StatisticsScreen DataTable { height: 1fr; margin: 0 1; }
    StatisticsScreen #stats { max-height: 9; }
    StatisticsScreen .title { margin-top: 1; }
    StatisticsScreen .help-line { margin: 0 1; }
    """

    CSS_PATH = COMMON_CSS
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,q,h", "back", N_("Back")),
                                             Binding("tab", "app.focus_next", N_("Other table"))]

    @property
    def makao_app(self) -> AppServices:
        """The app, typed."""
        return self.app  # type: ignore[return-value]

    def compose(self) -> ComposeResult:
        # (the parts are kept, not looked up: on_mount may come after the screen has already left,
        # when a key that closes it came with the one that opened it, and its parts are gone)
        self._tables: dict[str, DataTable] = {"stats": DataTable(id="stats", zebra_stripes=True, cursor_type="row"),
                        "history": DataTable(id="history", zebra_stripes=True, cursor_type="row")}
        self._helps = {name: Static("", id=f"{name}-help", classes="hint help-line", markup=False)
                       for name in self._tables}
        self._note = Static("", id="stats-note", classes="hint")
        yield Static(_("Statistics — finished matches, per player and game"), classes="title")
        yield self._tables["stats"]
        yield self._helps["stats"]
        yield Static(_("Finished matches — Enter: score sheet"), classes="title")
        yield self._tables["history"]
        yield self._helps["history"]
        yield self._note
        yield KeyBar()

    def on_mount(self) -> None:
        store = self.makao_app.store
        try:
            stats = store.statistics() if store else []
            finished = store.finished() if store else []
        except StoreError as exc:
            stats, finished = [], []
            self._note.update(str(exc))
        if store is None:
            self._note.update(_("Saved games are off: nothing to show."))
        elif not finished:
            self._note.update(_("No finished match yet."))
        table = self._tables["stats"]
        points = POINTS_HEADINGS.get(shared_deal_word(s.game for s in stats), POINTS_HEADINGS[""])
        table.add_columns(_("Player"), _("Game"), _("Matches"), _("Wins"), _(points), _("Best match"))
        #: the line under each table for each of its rows: the help that row's player(s) used
        self.help_lines: dict[str, list[str]] = {"stats": [], "history": []}
        #: the best match of each statistics row (Enter on the row shows its sheet)
        self.best_matches = [s.best_match for s in stats]
        for s in stats:
            name = _("{name} (AI)").format(name=s.name) if s.is_ai else s.name
            game = _game_name(s.game)
            table.add_row(Text(name), game, str(s.matches), str(s.wins), number(s.average, 1),
                          f"#{s.best_match}: {number(s.best_total)}")
            used = help_used(s.undos, s.hints)
            self.help_lines["stats"].append(
                _("Help used by {name} in {game}: {help}").format(name=name, game=game, help=used) if used
                else _("{name} in {game}: no undo, no hint used").format(name=name, game=game))
        history = self._tables["history"]
        deals = DEALS_HEADINGS.get(shared_deal_word(m.game for m in finished), DEALS_HEADINGS[""])
        history.add_columns("#", _("Game"), _("Players"), _(deals), _("Won by"), _("Finished"))
        now = self.makao_app.clock()
        for m in finished:
            names = [seat.name for seat in m.seats]
            history.add_row(str(m.id), _(m.game_name), Text(m.players()), str(m.deal),
                            Text(", ".join(names[s] for s in m.winners or [])), ago(cast(float, m.finished), now),
                            key=str(m.id))
            used = m.help_used()
            self.help_lines["history"].append(
                _("Help used in match #{number}: {help}").format(number=m.id, help=used) if used
                else _("Match #{number}: no undo, no hint used").format(number=m.id))
        for name in ("stats", "history"):
            self._show_help(name, 0)
        table.show_cursor = False  # until Tab gives it the keys
        history.focus()

    def _show_help(self, table: str, row: int) -> None:
        """Tell under ``table`` ("stats" or "history") the help used by its row ``row``."""
        lines = self.help_lines[table]
        self._helps[table].update(lines[row] if 0 <= row < len(lines) else "")

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        if event.data_table.id in self.help_lines:
            self._show_help(event.data_table.id, event.cursor_row)

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        if event.data_table.id == "stats":  # a player's row: the sheet of his best match
            if 0 <= event.cursor_row < len(self.best_matches):
                self.show_sheet(self.best_matches[event.cursor_row])
            return
        if event.row_key.value is not None:  # the history lists the store's matches by id
            self.show_sheet(int(event.row_key.value))

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        """Only the table the keys go to shows its highlighted row (both looked chosen before)."""
        for table in self.query(DataTable):
            table.show_cursor = table is event.widget

    def show_sheet(self, match_id: int) -> None:
        """The score sheet of stored match ``match_id`` over the lists (a notice if it cannot be
        read); the deals' winners are marked where the match replays."""
        store = self.makao_app.store
        if store is None:
            return
        try:
            sheet = store.score_sheet(match_id)
        except StoreError as exc:
            self.notify(str(exc), severity="error")
            return
        try:
            winners = deal_winners(store.load(match_id))
        except (StoreError, RulesError):  # the sheet still shows, unmarked
            winners = []
        self.app.push_screen(ScoreSheetScreen(_("Match #{number}, {game} — score sheet").format(
            number=match_id, game=_game_name(sheet.game)), stored_sheet(sheet, winners), back=N_("back to the list")))

    def action_back(self) -> None:
        """Back to the start screen."""
        self.dismiss(None)


#: the statistics' points-per-deal and the history's deal-count headings, by what the games listed
#: call a deal (:func:`~makao_tui.games.shared_deal_word`; ``""``: several words, one right for all)
POINTS_HEADINGS = {"deal": N_("Points/deal"), "hand": N_("Points/hand"), "": N_("Points/deal or hand")}
DEALS_HEADINGS = {"deal": N_("Deals"), "hand": N_("Hands"), "": N_("Deals/hands")}


def _game_name(game: str) -> str:
    """The name of the game with id ``game`` (the id itself for a game this version lacks)."""
    try:
        return get_variant(game).title()
    except RulesError:
        return game
