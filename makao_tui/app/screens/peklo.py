"""The table of Peklo (family ``tricks``): the deal and its trump, every player's bid and tricks
taken, the trick under way (or the one just won), the bid panel, your hand.

Everything shown comes from the table's updates to this terminal's seats (through a
:class:`~makao_tui.table.Seating`): the seat views (:class:`~makao_tui.games.peklo.PekloView`), the
score sheet's rows and the events of the log. The parts of the table draw themselves
(``peklo_parts.py``); here they are laid out, and the status line's hint, the key bar, the deal's
and the match's results and the score sheet are made; a refused bid or play shows the engine's
reason.
"""

from __future__ import annotations

from typing import Any, ClassVar

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal

from ...engine.i18n import N_, _, ngettext
from ...table import Seating
from ..widgets.cards import HandView, card_text, with_cards
from ..widgets.log import EventLog
from ..widgets.scores import ScoreSheet
from ..widgets.status import StatusLine
from ..widgets.table import TableKeyBar
from .peklo_parts import PekloAlert, PekloHand, PekloSeats, PekloTopBar, PekloTrump, trump_text
from .table import HandChanged, TableScreen

KEYS = [
    (N_("← →  or  0-9"), N_("bidding: choose your bid (type 1 then 2 for 12)")),
    (N_("← →  or  1-9, 0"), N_("playing: choose a card of your hand (0 is the tenth)")),
    (N_("Enter (or click)"), N_("make the chosen bid / play the chosen card")),
    ("o", N_("show your hand by suit or by rank, trumps first (press again for the other)")),
    ("s", N_("score sheet")),
    ("?", N_("this help")),
    ("q / Ctrl+C", N_("quit (asks first)")),
]

#: the AI waits this many times its usual pause after a trick is won, so it can be read
TRICK_PAUSE = 3


class PekloTableScreen(TableScreen):
    """The table of Peklo (see the module docstring)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        # the hand's own keys (choose a bid or a card, bid or play) are the hand's: PekloHand
        Binding("o", "sort_hand", N_("Sort the hand"), show=False),
    ]

    def compose(self) -> ComposeResult:
        yield PekloTopBar(id="topbar")
        with Horizontal(id="middle"):
            yield PekloSeats(id="players")
            yield PekloTrump(id="trump-box")
            yield EventLog(id="log", focusable=False)
        yield PekloAlert(id="alert")
        yield PekloHand(id="choice")  # the bid panel (while the player bids) over the hand's box
        yield StatusLine(id="status")
        yield TableKeyBar(id="keybar")

    def on_mount(self) -> None:
        if self.leaving:  # removed before its widgets were all mounted (see TableScreen.leaving)
            return
        self.query_one("#log").border_title = _("Log")
        self.query_one(HandView).focus()
        self.on_turn_change()  # Textual then runs TableScreen.on_mount, which starts the play

    @property
    def hand(self) -> PekloHand:
        """The hand and the player's choice in it (the bid, the card)."""
        return self.query_one(PekloHand)

    def on_resize(self) -> None:
        """The top bar and the bid panel fit their lines to the width: make them anew."""
        if self.leaving:
            return
        self.refresh_table()

    # ------------------------------------------------------------ what the table shows

    def refresh_table(self) -> None:
        now = self.now()
        for part in (self.query_one(PekloTopBar), self.query_one(PekloSeats), self.query_one(PekloTrump),
                     self.query_one(PekloAlert), self.hand):
            part.show(now)
        self.show_log()
        self._show_status()
        self.key_bar(self.hand.keys())

    @on(HandChanged)
    def _hand_changed(self, message: HandChanged) -> None:
        """The player chose another bid or card: a bid typed makes a message said before old news."""
        if message.clear:
            self.message = None
        self._show_status()

    def _show_status(self) -> None:
        """The status line: a message said (a refusal), else the hand's hint."""
        self.query_one(StatusLine).say(*(self.message or (self.hand.hint(), False)))

    # ------------------------------------------------------------ hooks of the base

    def say(self, message: str, error: bool = False) -> None:
        self.message = (_("Not allowed: {reason}").format(reason=message) if error else message, error)
        self.query_one(StatusLine).say(*self.message)

    def on_turn_change(self) -> None:
        self.message = None
        self.hand.new_turn(self.now())

    @staticmethod
    def pace(view: Any, rules: Any) -> float:
        """Longer after a trick is won, so that the finished trick stays in sight a moment."""
        if view.phase == "play" and view.history and not view.trick.cards:
            return TRICK_PAUSE
        return 1.0

    def help_keys(self) -> list[tuple[str, str]]:
        return KEYS

    # ------------------------------------------------------------ sheet and results

    def score_sheet(self) -> ScoreSheet:
        return peklo_sheet(self.seating, self.ascii)

    def deal_result(self) -> RenderableType:
        session = self.seating
        names = session.names
        row = session.rows[-1]
        view = row.public
        head = Text(ngettext("{n} card each", "{n} cards each", view.size).format(n=view.size) + ", ", style="bold")
        head.append_text(trump_text(view, self.ascii))
        head.append(".")
        points = row.points or (0,) * session.players
        totals = row.totals_after or tuple(session.totals)
        made = [view.bids[s] == view.tricks[s] for s in range(view.players)]
        exact = [names[s] for s in range(view.players) if made[s]]
        head.append("\n" + (_("Exact bid: {names}.").format(names=", ".join(exact)) if exact
                            else _("Nobody took exactly the bid.")))
        table = Table(box=None, pad_edge=False, header_style="bold")
        table.add_column(_("Player"))
        table.add_column(_("Bid"), justify="right")
        table.add_column(_("Took"), justify="right")
        table.add_column(_("Points"), justify="right")
        table.add_column(_("Total"), justify="right")
        for seat in range(view.players):
            won = points[seat]
            table.add_row(Text(names[seat] + (" ✓" if made[seat] else "")), str(view.bids[seat]),
                          str(view.tricks[seat]),
                          Text(f"+{won}", style="bold green" if made[seat] else "bold") if won
                          else Text("0", style="dim"),
                          str(totals[seat]))
        last = view.history[-1]
        won_with = last.cards[last.seats.index(last.winner)]
        tail = with_cards(_("Last trick: {name} won it with {card} ({cards}, led by {leader})."),
                          name=names[last.winner], card=card_text(won_with, self.ascii),
                          cards=Text(" ").join(card_text(c, self.ascii) for c in last.cards),
                          leader=names[last.leader])
        return Group(head, Text(""), table, Text(""), tail)

    def match_result(self) -> RenderableType:
        totals = self.seating.totals
        def win_words(who: str, winners: int, best: int) -> str:
            words = (ngettext("{who} wins with {n} point.", "{who} wins with {n} points.", best) if winners == 1
                     else ngettext("{who} share the win with {n} point.", "{who} share the win with {n} points.", best))
            return words.format(who=who, n=best)

        return self.standings(win_words, lambda s: [str(totals[s])])


def peklo_sheet(session: Seating, ascii: bool = False) -> ScoreSheet:
    """The makao_tui/rules/peklo.en.md#scoring-and-the-match of Peklo: one row per deal with its cards dealt and
    trump, and
    per player bid / tricks taken, the points and the running total (two lines a cell); from the
    rows the table sent."""
    names = session.names
    sheet = ScoreSheet([_("Cards"), _("Trump"), *names], row_height=2)
    for deal in session.rows:
        view = deal.public
        trump = card_text(view.trump, ascii) if view.trump is not None else Text(_("none"), style="dim")
        row: list[Text | str] = [str(view.size), trump]
        for seat in range(view.players):
            bid = view.bids[seat]
            if deal.points is None or deal.totals_after is None:
                cell = Text("–" if bid is None else f"{bid}/{view.tricks[seat]} …")
            else:
                points, totals = deal.points, deal.totals_after
                if points[seat]:
                    cell = Text(f"{bid}/{view.tricks[seat]} +{points[seat]}",
                                style="bold green" if bid == view.tricks[seat] else "default")
                else:
                    cell = Text(f"{bid}/{view.tricks[seat]} 0", style="dim")
                cell.append(f"\n{totals[seat]}", style="default")
            row.append(cell)
        sheet.rows.append(row)
    sheet.rows.append([Text(_("Total"), style="bold"), "", *(Text(str(t), style="bold") for t in session.totals)])
    view = session.public
    left = max(0, view.deals - session.deal_number + (0 if session.deal_over else 1))
    sheet.notes.append(_("Each cell: bid/tricks taken and points (green: the exact bid, tricks + 10), "
                         "then the running total.") if view.rules.scoring == "tricks" else
                       _("Each cell: bid/tricks taken and points (green: the exact bid, bid + 10), "
                         "then the running total."))
    up_down = view.rules.cycle == "up_down"
    if session.match_over:
        sheet.notes.append((_("All {deals} deals played (the deal of the most cards without trump): the highest "
                              "total wins.") if up_down else
                            _("All {deals} deals played (the last without trump): the highest total wins.")).format(
                                deals=view.deals))
    else:
        sheet.notes.append((_("Deals left: {left} of {deals}; the deal of the most cards has no trump. The highest "
                              "total wins.") if up_down else
                            _("Deals left: {left} of {deals}; the last has no trump. The highest total wins.")).format(
                                left=left, deals=view.deals))
    return sheet
