"""The table of Macao (family ``banking``): the banker and every punter with their bankrolls, the
stake and the shoe, your own card and points, the cut for the first bank, the settlement of each
hand (every card face up, who pays whom, how much and why) and the ledger with a chart of the
bankrolls.

Everything shown comes from the seat views (:class:`~makao_tui.games.macao_view.MacaoView`), the match
(bankrolls are ``Match.totals``) and the logged events; ``r`` / ``d`` / ``s`` offer the engine's
replace, draw and stand, and a refusal shows the engine's reason. ``s`` stands here, so the
ledger (the score sheet) is on ``l``.
"""

from __future__ import annotations

from typing import ClassVar, cast

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.widgets import Static

from ...engine.actions import Action, Draw, Replace, Stand
from ...engine.cards import ascii_text
from ...engine.events import Event
from ...engine.i18n import N_, _, ngettext
from ...games.macao_events import (
    BankBroken,
    BankPassed,
    CardsCut,
    FirstBanker,
    HandShown,
    LeftTable,
    Settled,
    ShoeShuffled,
)
from ...games.macao_rules import called_natural, card_points
from ...games.macao_view import MacaoView
from ...table import Seating
from ..widgets.cards import CardView, card_text, with_cards
from ..widgets.log import EventLog
from ..widgets.scores import ScoreSheet
from ..widgets.status import StatusLine, show
from ..widgets.table import AlertLine, HandBox, TableKeyBar, TopBar
from .common import DealSummaryScreen
from .table import TableScreen, fit_top_bar

KEYS = [
    ("r", N_("replace: throw away your card worth 0 and take another")),
    ("d", N_("draw one more card (ends your turn)")),
    ("s", N_("stand on your card (ends your turn)")),
    ("l", N_("ledger: the score sheet hand by hand and the bankroll chart")),
    ("?", N_("this help")),
    ("q / Ctrl+C", N_("quit (asks first)")),
]

#: the key and the word of each action in the key bar and the hints (translated where shown)
ACTION_KEYS: tuple[tuple[type[Action], str, str], ...] = (
    (Replace, "r", N_("replace")), (Draw, "d", N_("draw")), (Stand, "s", N_("stand")))


def _signed(chips: int) -> str:
    return f"+{chips}" if chips > 0 else ("0" if chips == 0 else f"−{-chips}")


def _cards(cards, ascii: bool) -> Text:
    return Text(" ").join(card_text(c, ascii) for c in cards)


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


class MacaoTableScreen(TableScreen):
    """The table of Macao (see the module docstring)."""

    SHEET_KEY = "l"
    SHEET_WORD = N_("ledger")
    SHEET_TITLE = N_("{game} — ledger")
    SUMMARY_BACK = N_("back to the hand's settlement")
    HAND_ORDER = False  # two cards at most

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("r", "replace", N_("Replace")),
        Binding("d", "draw", N_("Draw")),
        Binding("s", "stand", N_("Stand")),
        Binding("l", "scores", N_("Ledger")),
    ]

    def compose(self) -> ComposeResult:
        yield TopBar(id="topbar")
        with Vertical(id="middle"):
            yield Static(id="players")
            yield EventLog(id="log")
        yield AlertLine(id="alert")
        with HandBox(id="hand-box"):
            yield CardView(id="card-1", classes="macao-card")
            yield CardView(id="card-2", classes="macao-card")
            yield Static(id="points")
        yield StatusLine(id="status")
        yield TableKeyBar(id="keybar")

    def on_mount(self) -> None:
        if self.leaving:  # removed before its widgets were all mounted (see TableScreen.leaving)
            return
        self.query_one("#players").border_title = _("Table")
        self.query_one("#log").border_title = _("Log")
        seating = self.seating
        log = seating.log
        opening = [e for entry in log if entry.deal == 0 for e in entry.events]
        if opening and seating.deal_number == 1 and not any(entry.seat is not None for entry in log):
            self.app.push_screen(cut_screen(opening, seating.names, self.ascii))
        # Textual then runs TableScreen.on_mount, which starts the play once the cut is read

    # ------------------------------------------------------------ what the table shows

    def refresh_table(self) -> None:
        view = self._view()
        show(self.query_one("#topbar", Static), self._topbar(view))
        show(self.query_one("#players", Static), self._players(view))
        self.show_log()
        alert, news = self._alert(view)
        alert_widget = self.query_one("#alert", Static)
        show(alert_widget, alert)
        alert_widget.set_class(news, "warning")
        self._show_hand(view)
        status = self.query_one(StatusLine)
        status.say(*(self.message or (self._hint(view), False)))
        self._keys(view)  # (the key bar draws itself)

    def _topbar(self, view: MacaoView) -> Text:
        session = self.seating
        parts = [(Text(session.variant.title(), style="bold"), False),
                 (Text(_("hand {number} · {name} banks · stake {stake}").format(
                     number=session.deal_number, name=session.names[view.banker], stake=view.stake)), False),
                 (Text(ngettext("shoe {n} card", "shoe {n} cards", view.shoe).format(n=view.shoe)), True)]
        if view.to_act is not None:
            turn = (_("your turn") if self._my_turn()
                    else _("{name}'s turn").format(name=session.names[view.to_act]))
            parts.append((Text(turn, style="bold"), False))
        return fit_top_bar(parts, self.app.size.width)

    def _players(self, view: MacaoView) -> Table:
        """One row per player: whose turn, name, banker or punter, bankroll, cards, this hand."""
        session = self.seating
        shown = session.hand_seat()
        table = Table(box=None, pad_edge=False, show_header=True, header_style="bold")
        table.add_column("", width=1, no_wrap=True)
        table.add_column(_("Player"), no_wrap=True)
        table.add_column(_("Role"), no_wrap=True)
        table.add_column(_("Bankroll"), justify="right", no_wrap=True)
        table.add_column(_("Cards"), no_wrap=True)
        table.add_column(_("This hand"), no_wrap=True)
        for seat in range(view.players):
            name = Text(session.seat_label(seat))
            if seat == shown and session.humans:
                name.append(" · " + _("you"), style="bold")
            role = _("banker") if seat == view.banker else (_("punter") if view.in_play[seat] else _("out"))
            to_act = seat == view.to_act
            if seat == view.banker or to_act:
                name.stylize("bold")
            table.add_row(Text("▶", style="bold") if to_act else "", name,
                          Text(role, style="bold yellow" if seat == view.banker else ""),
                          str(session.totals[seat]), self._seat_cards(view, seat, shown),
                          self._doing(view, seat))
        return table

    def _seat_cards(self, view: MacaoView, seat: int, shown: int | None) -> Text:
        """The seat's cards: face up for the hand shown (or all once the hand is over), else backs."""
        if view.revealed is not None:
            return _cards(view.revealed[seat], self.ascii)
        if seat == shown:
            return _cards(view.hand, self.ascii)
        return Text(" ".join("▒▒" for _card in range(view.counts[seat])), style="dim")

    def _doing(self, view: MacaoView, seat: int) -> str:
        """What the seat has done this hand, in words."""
        if not view.in_play[seat]:
            return _("left the table") if self.seating.totals[seat] <= 0 else ""
        parts = []
        if view.replaced[seat]:
            parts.append(_("replaced {card}").format(card=view.replaced[seat]))
        if view.drew[seat]:
            parts.append(_("drew"))
        elif view.stood[seat]:
            parts.append(_("stood"))
        elif seat == view.to_act:
            parts.append(_("to play"))
        return ", ".join(parts)

    def _alert(self, view: MacaoView) -> tuple[Text, bool]:
        """The banner over the hand: news of the bank until the first move of its first hand
        (then it is old news, in the log), else whose turn."""
        session = self.seating
        deal = session.deal_number
        log = session.log
        if any(entry.deal == deal and entry.seat is not None for entry in log):
            return self._turn_alert(view), False
        opening = [e for entry in log if entry.deal == deal and entry.seat is None for e in entry.events]
        passed = next((e for e in opening if isinstance(e, BankPassed) and e.seat is not None), None)
        if passed is not None and passed.seat is not None:
            shoe = next(e for e in opening if isinstance(e, ShoeShuffled))
            return Text(" " + ngettext("The bank passes from {before} to {after}: a fresh shoe of {n} card",
                                       "The bank passes from {before} to {after}: a fresh shoe of {n} cards",
                                       shoe.count).format(before=session.names[passed.previous],
                                                          after=session.names[passed.seat], n=shoe.count),
                        style="bold"), True
        if deal == 1 and any(entry.deal == 0 for entry in log):
            return Text(" " + _("{name} cut lowest and holds the first bank").format(
                name=session.names[view.banker]), style="bold"), True
        return self._turn_alert(view), False

    def _turn_alert(self, view: MacaoView) -> Text:
        """The banner's words on whose turn it is."""
        session = self.seating
        if view.to_act is None:
            return Text(" " + _("The hand is over"))
        name = session.names[view.to_act]
        if self._my_turn():
            return Text(" " + _("Your turn, {name}").format(name=name))
        if session.is_ai(view.to_act):
            return Text(" " + _("{name} is thinking…").format(name=name))
        return Text(" " + _("{name} to play").format(name=name))

    def _show_hand(self, view: MacaoView) -> None:
        """The cards of the hand shown, face up, and their points; card backs while hidden."""
        seat = self.seating.hand_seat()
        box = self.query_one("#hand-box")
        points = self.query_one("#points", Static)
        first, second = self.query_one("#card-1", CardView), self.query_one("#card-2", CardView)
        if seat is None or not view.hand:
            title, words = (self.hidden_hand(_("Cards hidden"), _("Every card is hidden while the keyboard is passed."))
                            if seat is None else (_("Your hand"), _("Out of chips: not dealt in.")))
            box.border_title = title
            first.show(None)
            second.display = False
            points.update(Text(words, style="italic"))
            return
        name = self.seating.names[seat]
        if self.seating.humans:
            title = _("Your hand ({name}) · banker") if view.is_banker else _("Your hand ({name}) · punter")
        else:
            title = _("{name}'s hand · banker") if view.is_banker else _("{name}'s hand · punter")
        box.border_title = Text(title.format(name=name))
        first.show(view.hand[0], self.ascii)
        second.display = len(view.hand) == 2
        if second.display:
            second.show(view.hand[1], self.ascii)
        show(points, self._points(view))

    def _points(self, view: MacaoView) -> Text:
        """The points of the hand shown, natural or not, and what became of its cards."""
        text = Text(_("Points") + " ")
        text.append(str(view.total), style="bold")
        if called_natural(view.total, view.natural):
            text.append(" · " + _("natural"))
        elif not view.natural:
            text.append(" · " + _("drawn"))
        if len(view.hand) == 2 and card_points(view.hand[1]) and view.total == card_points(view.hand[0]):
            text.append("\n")
            text.append_text(with_cards(_("The drawn {card} counts for nothing (over 9)"),
                                        card=card_text(view.hand[1], self.ascii)))
        if view.thrown:
            text.append("\n")
            text.append_text(with_cards(_("Threw away {cards}"), cards=_cards(view.thrown, self.ascii)))
        banker = self.seating.names[view.banker]
        text.append("\n" + (_("You bank: you play last.") if view.is_banker and self.seating.humans
                            else _("{name} banks; stake {stake}.").format(name=banker, stake=view.stake)))
        return text

    def _keys(self, view: MacaoView) -> Text:
        """The key bar: the actions open now (from the legal actions), then the rest."""
        keys: list[tuple[str, str]] = []
        if self._my_turn():
            keys += [(key, word) for kind, key, word in ACTION_KEYS
                     if any(isinstance(a, kind) for a in view.legal)]
        return self.key_bar(keys)

    def _hint(self, view: MacaoView) -> str:
        """What the human to act may do now, from the legal actions."""
        if not self._my_turn():
            return ""
        words = [f"{_(word)} ({key})" for kind, key, word in ACTION_KEYS
                 if any(isinstance(a, kind) for a in view.legal)]
        choice = (_("{some} or {last}").format(some=", ".join(words[:-1]), last=words[-1]) if len(words) > 1
                  else words[0])
        if any(isinstance(a, Replace) for a in view.legal):
            return _("Your {card} is worth 0: {choice}.").format(card=view.hand[0].label(self.ascii), choice=choice)
        return _("You hold {points}: {choice}.").format(points=view.total, choice=choice)

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

    # ------------------------------------------------------------ keys

    def _act(self, action: Action) -> None:
        if self._my_turn():
            self.act(action)
            return
        seat = self.seating.to_act
        self.say(_("the hand is over") if seat is None
                 else _("it is {name}'s turn").format(name=self.seating.names[seat]), error=True)

    def action_replace(self) -> None:
        """Throw away the card worth 0 and take another."""
        self._act(Replace())

    def action_draw(self) -> None:
        """Draw one card."""
        self._act(Draw())

    def action_stand(self) -> None:
        """Stand."""
        self._act(Stand())

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
        out.append_text(_cards(shown.cards, self.ascii))
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
