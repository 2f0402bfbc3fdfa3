"""The table of Macao (family ``banking``): the banker and every punter with their bankrolls, the
stake and the shoe, your own card and points, the cut for the first bank, the settlement of each
hand (every card face up, who pays whom, how much and why) and the ledger with a chart of the
bankrolls.

Everything shown comes from the table's updates to this terminal's seats (through a
:class:`~makao_tui.table.Seating`): the seat views (:class:`~makao_tui.games.macao_view.MacaoView`),
the score sheet's rows (bankrolls are the totals) and the logged events. The table is composed of
parts that draw themselves (``macao_parts.py``); the hand's ``r`` / ``d`` / ``s`` offer the
engine's replace, draw and stand, and a refusal shows the engine's reason. ``s`` stands here, so
the ledger (the score sheet) is on ``l``.
"""

from __future__ import annotations

from typing import ClassVar, cast

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical

from ...engine.cards import ascii_text
from ...engine.events import Event
from ...engine.i18n import N_, _, ngettext
from ...games.macao_events import BankBroken, CardsCut, FirstBanker, HandShown, LeftTable, Settled
from ...games.macao_rules import called_natural
from ...table import Seating
from ..widgets.cards import card_text, with_cards
from ..widgets.log import EventLog
from ..widgets.scores import ScoreSheet
from ..widgets.status import StatusLine
from ..widgets.table import TableKeyBar
from .common import DealSummaryScreen
from .macao_parts import MacaoAlert, MacaoHand, MacaoPlayers, MacaoTopBar, cards_text
from .table import TableScreen

KEYS = [
    ("r", N_("replace: throw away your card worth 0 and take another")),
    ("d", N_("draw one more card (ends your turn)")),
    ("s", N_("stand on your card (ends your turn)")),
    ("l", N_("ledger: the score sheet hand by hand and the bankroll chart")),
    ("?", N_("this help")),
    ("q / Ctrl+C", N_("quit (asks first)")),
]

#: the keys that scroll the log, and the log's action each runs (the hand keeps the focus, so the
#: table has them: they are the keys a focused log has)
LOG_KEYS = (("up", "scroll_up"), ("down", "scroll_down"), ("pageup", "page_up"), ("pagedown", "page_down"),
            ("home", "scroll_home"), ("end", "scroll_end"))


def _signed(chips: int) -> str:
    return f"+{chips}" if chips > 0 else ("0" if chips == 0 else f"−{-chips}")


class MacaoTableScreen(TableScreen):
    """The table of Macao (see the module docstring)."""

    SHEET_KEY = "l"
    SHEET_WORD = N_("ledger")
    SHEET_TITLE = N_("{game} — ledger")
    SUMMARY_BACK = N_("back to the hand's settlement")
    HAND_ORDER = False  # two cards at most

    BINDINGS: ClassVar[list[BindingType]] = [
        # the hand's own keys (replace, draw, stand) are the hand's: MacaoHand
        Binding("l", "scores", N_("Ledger")),
        # the hand keeps the focus: the log is scrolled from here
        *[Binding(key, f"log('{how}')", show=False) for key, how in LOG_KEYS],
    ]

    def compose(self) -> ComposeResult:
        yield MacaoTopBar(id="topbar")
        with Vertical(id="middle"):
            yield MacaoPlayers(id="players")
            yield EventLog(id="log", focusable=False)
        yield MacaoAlert(id="alert")
        yield MacaoHand(id="hand-box")
        yield StatusLine(id="status")
        yield TableKeyBar(id="keybar")

    def on_mount(self) -> None:
        if self.leaving:  # removed before its widgets were all mounted (see TableScreen.leaving)
            return
        self.query_one("#log").border_title = _("Log")
        self.query_one(MacaoHand).focus()
        seating = self.seating
        log = seating.log
        opening = [e for entry in log if entry.deal == 0 for e in entry.events]
        if opening and seating.deal_number == 1 and not any(entry.seat is not None for entry in log):
            self.app.push_screen(cut_screen(opening, seating.names, self.ascii))
        # Textual then runs TableScreen.on_mount, which starts the play once the cut is read

    # ------------------------------------------------------------ what the table shows

    def refresh_table(self) -> None:
        now = self.now()
        for part in (self.query_one(MacaoTopBar), self.query_one(MacaoPlayers), self.query_one(MacaoAlert),
                     self.query_one(MacaoHand)):
            part.show(now)
        self.show_log()
        self.query_one(StatusLine).say(*(self.message or (self.query_one(MacaoHand).hint(), False)))
        self.key_bar(self.query_one(MacaoHand).keys())

    def action_log(self, how: str) -> None:
        """Scroll the log (``how``: ``scroll_up``, ``page_down``...: the log's own action of
        that name; at its top older lines are read back from the table)."""
        getattr(self.query_one(EventLog), f"action_{how}")()

    # ------------------------------------------------------------ hooks of the base

    def say(self, message: str, error: bool = False) -> None:
        if self.ascii:
            message = ascii_text(message)
        self.message = (_("Not allowed: {reason}").format(reason=message) if error else message, error)
        self.query_one(StatusLine).say(*self.message)

    def on_turn_change(self) -> None:
        self.message = None

    def help_keys(self) -> list[tuple[str, str]]:
        return KEYS

    def deal_title(self, number: int) -> str:
        return _("Hand {number} is settled").format(number=number)

    # ------------------------------------------------------------ settlement, ledger, result

    def score_sheet(self) -> ScoreSheet:
        return macao_ledger(self.seating)

    def _hand_events(self) -> list[Event]:
        """The logged events of the hand under way (or just over), in order."""
        return self.seating.deal_events()

    def deal_result(self) -> RenderableType:
        """Every hand face up and the settlement: who pays whom, how much and why."""
        session = self.seating
        names = session.names
        events = self._hand_events()
        row = session.rows[-1]
        banker = row.dealer
        lines = {e.punter: e for e in events if isinstance(e, Settled)}
        points = row.points or (0,) * session.players
        table = Table(box=None, pad_edge=False, show_header=True, header_style="bold")
        table.add_column(_("Player"), no_wrap=True)
        table.add_column(_("Cards"), no_wrap=True)
        table.add_column(_("Points"), no_wrap=True)
        table.add_column(_("Pays → to"), no_wrap=True)
        table.add_column(_("Chips"), justify="right", no_wrap=True)
        table.add_column(_("Why"))
        for shown in (e for e in events if isinstance(e, HandShown)):
            seat = cast(int, shown.seat)  # a hand shown is a seat's
            cards = self._shown_cards(shown)
            total = (_("natural {points}").format(points=shown.total) if called_natural(shown.total, shown.natural)
                     else str(shown.total))
            line = lines.get(seat)
            if line is None:  # the banker: his net result
                table.add_row(Text(_("{name} (banker)").format(name=names[seat]), style="bold"), cards, total, "",
                              Text(_signed(points[seat]), style="bold"), _("the banker's net"))
                continue
            paid = (str(line.paid) if line.paid == line.owed
                    else _("{paid} of {owed}").format(paid=line.paid, owed=line.owed))
            why = (_("{reason} (bank broken)").format(reason=line.reason)
                   if line.punter_wins and line.paid < line.owed else line.reason)
            table.add_row(Text(names[seat]), cards, total, Text(f"{names[line.payer]} → {names[line.payee]}"), paid,
                          why)
        notes = [Text(e.text(names, self.ascii)) for e in events if isinstance(e, (BankBroken, LeftTable))]
        following = session.update.next_dealer
        if not session.match_over and following is not None and following != banker:
            # the banker's leaving (told just above) or the shoe ends the bank
            # (makao_tui/rules/macao.en.md#the-bank-and-the-match)
            broke = LeftTable(banker) in events
            template = (_("The bank passes to {name}.") if broke
                        else _("The shoe is used up: the bank passes to {name}."))
            notes.append(Text(template.format(name=names[following]), style="bold"))
        return Group(table, *notes)

    def _shown_cards(self, shown: HandShown) -> Text:
        """The cards a seat shows at the settlement, the ones it threw away first, struck out:
        ``10♠→9♥ 3♣`` (threw away 10♠, took 9♥, drew 3♣)."""
        out = Text()
        for card in shown.thrown:
            out.append(card.label(self.ascii), style="strike dim")
            out.append("→", style="dim")
        out.append_text(cards_text(shown.cards, self.ascii))
        return out

    def match_result(self) -> RenderableType:
        totals = self.seating.totals
        start = self.seating.variant.initial_total(self.seating.rules)
        def win_words(who: str, winners: int, best: int) -> str:
            words = (ngettext("{who} wins with a bankroll of {n} chip.", "{who} wins with a bankroll of {n} chips.",
                              best) if winners == 1 else
                     ngettext("{who} share the win with a bankroll of {n} chip.",
                              "{who} share the win with a bankroll of {n} chips.", best))
            return words.format(who=who, n=best)

        return self.standings(win_words, lambda s: [str(totals[s]), f"({_signed(totals[s] - start)})"])


class CutScreen(DealSummaryScreen):
    """The cut for the first bank, before the first hand: every player's card in every round of
    the cut, and who holds the bank. Enter goes on to the first hand."""


def cut_screen(events: list[Event], names: list[str], ascii: bool = False) -> CutScreen:
    """The :class:`CutScreen` of the match opening ``events`` (:class:`CardsCut` rounds, then
    :class:`FirstBanker`)."""
    rounds = [e for e in events if isinstance(e, CardsCut)]
    banker = next(e.seat for e in events if isinstance(e, FirstBanker) and e.seat is not None)
    sheet = ScoreSheet([_("Player"), *(_("Cut") if r.round == 1 else _("Again ({round})").format(round=r.round)
                                       for r in rounds)])
    for seat, name in enumerate(names):
        row: list[Text | str] = [Text(name + (" ★" if seat == banker else ""),
                                      style="bold" if seat == banker else "")]
        for cut in rounds:
            card = cut.cards[seat]
            row.append(card_text(card, ascii) if card is not None else "")
        sheet.rows.append(row)
    sheet.notes.append(_("The lowest card banks first (2 lowest, ace highest); a tie for lowest cuts again."))
    card = rounds[-1].cards[banker]
    head = with_cards(_("{name} cut the lowest card, {card}, and holds the first bank."), "bold",
                      name=names[banker], card=card_text(card, ascii) if card is not None else "")
    return CutScreen(_("The cut for the bank"), head, sheet, N_("deal the first hand"))


def macao_ledger(session: Seating) -> ScoreSheet:
    """The makao_tui/rules/macao.en.md#settlement of macao: one row per hand with its banker and, per player, the
    points (n: a natural 7, 8 or 9, :func:`~makao_tui.games.macao_rules.called_natural`), the chip
    change and the bankroll after it; the bankrolls last; and the series of bankrolls for the
    chart; from the rows the table sent."""
    names = session.names
    start = session.variant.initial_total(session.rules)
    sheet = ScoreSheet([_("Hand"), _("Banker"), *names], series_title=_("Bankrolls, hand by hand"))
    for deal in session.rows:
        row: list[Text | str] = [str(deal.number), names[deal.dealer]]
        if deal.points is None or deal.totals_after is None:
            sheet.rows.append(row + [_("playing…")] + [""] * (len(names) - 1))
            continue
        view = deal.public
        points, totals = deal.points, deal.totals_after
        for seat in range(len(names)):
            if not view.in_play[seat]:
                row.append(Text("—", style="dim"))
                continue
            cell = Text(f"{view.totals[seat]}")
            cell.append(_("n") if called_natural(view.totals[seat], view.naturals[seat]) else " ",
                        style="bold yellow")
            change = points[seat]
            cell.append(f" {_signed(change)}", style="green" if change > 0 else ("red" if change < 0 else ""))
            cell.append(f" → {totals[seat]}")
            row.append(cell)
        sheet.rows.append(row)
    sheet.rows.append([Text(_("Bankroll"), style="bold"), "", *(Text(str(t), style="bold") for t in session.totals)])
    sheet.notes.append(_("Each cell: points (n: a natural 7, 8 or 9), chips won or lost, bankroll after. "
                         "Stake {stake}; the highest bankroll wins.").format(stake=session.rules.stake))
    done = [d.totals_after for d in session.rows if d.totals_after is not None]
    sheet.series = [(name, [start] + [after[seat] for after in done]) for seat, name in enumerate(names)]
    return sheet
