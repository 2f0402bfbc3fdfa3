"""The table of the shedding games (makao-ru, makao-pl): seats, pile, log, your hand.

Everything shown comes from the table's updates to this terminal's seats (through a
:class:`~makao_tui.table.Seating`): the seat views (:class:`~makao_tui.games.shedding.ShedView`),
the score sheet's rows and the events of the log; playable cards are the engine's legal plays,
refusals are the engine's words. The shedding games' words are made here.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Sequence
from typing import Any, ClassVar

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal

from ...engine.actions import Draw, Play
from ...engine.cards import ascii_text
from ...engine.events import Event
from ...engine.i18n import N_, _, ngettext
from ...games.shedding import CardsDrawn, StockRebuilt
from ...table import Seating
from ..widgets.cards import HandView, card_text
from ..widgets.log import EventLog
from ..widgets.scores import ScoreSheet
from ..widgets.status import StatusLine
from ..widgets.table import TableKeyBar
from .shedding_parts import ShedAlert, ShedHand, ShedPile, ShedSeats, ShedTopBar, draws_on
from .table import HandChanged, TableScreen

#: the part of the usual AI pause taken by each draw of a run of draws until a card fits
DRAW_ON_PAUSE = 0.25

#: the keys of both games, then those of the game with jack demands (makao-pl)
#: the keys of both games, then those of the game with jack demands (makao-pl); the words are
#: translated by the help screen
KEYS = [
    (N_("← →  or  1-9, 0"), N_("choose a card of your hand")),
    (N_("Enter (or click)"), N_("play the chosen card")),
    ("d", N_("draw from the stock")),
    ("t", N_("take the pending penalty")),
    ("p", N_("pass (keep the card you just drew)")),
    ("m", N_("call Makao with the next play (press again to cancel)")),
    ("o", N_("show your hand by suit or by rank (press again for the other)")),
]
#: the help's heading over the keys of the pickers, which are theirs alone while one is open
PICKERS_HEADING = ("", N_("In a picker (after an ace, a jack or a joker) its own keys choose, Esc cancels:"))
#: the keys of the suit picker after an ace
SUIT_KEYS = [("1-4", N_("the suit an ace names, in the order shown"))]
#: the m key's words under ``makao_out`` (makao_tui/rules/makao-pl.en.md#house-rules)
PO_MAKALE_WORDS = N_("call Makao, or po makale with your last card, with the next play (press again to cancel)")
#: the keys of the options that add them (makao_tui/rules/makao-pl.en.md#house-rules)
MULTI_KEYS = [("Space", N_("mark a card for a play of several cards (again: unmark); Enter lays the "
                           "marked cards in the order marked, the last one on top"))]
JOKER_KEYS = [("2-9 0 j q k a, 1-4", N_("the rank a joker stands for as on the cards (10 is 0), then its suit"))]
DEMAND_GAME_KEYS = [
    (N_("D (shift+d)"), N_("drawing until a card fits: draw card after card until one does")),
]
DEMAND_KEYS = [("5-9 0 q n", N_("the rank a jack demands as on the cards (10 is 0), n: none"))]
COMMON_KEYS = [
    ("s", N_("score sheet")),
    ("?", N_("this help")),
    ("q / Ctrl+C", N_("quit (asks first)")),
]


def _signed(points: int) -> str:
    return f"+{points}" if points >= 0 else f"−{-points}"


def _number(points: int) -> str:
    """A total, with the same minus sign as :func:`_signed`."""
    return str(points) if points >= 0 else f"−{-points}"


def _lone_draw(entry: Any) -> bool:
    """Whether the log entry ``entry`` is one plain draw and nothing else (see
    :meth:`ShedTableScreen.joined`)."""
    events = entry.events
    return (len(events) == 1 and isinstance(events[0], CardsDrawn) and events[0].reason == "draw"
            and not events[0].forgiven and events[0].seat == entry.seat)


class ShedTableScreen(TableScreen):
    """The table of makao-ru and makao-pl (see the module docstring)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        # the hand's own keys (choose, mark, play, draw, take, pass, Makao) are the hand's: ShedHand
        Binding("D", "draw_until", N_("Draw until a card fits"), show=False),
        Binding("o", "sort_hand", N_("Sort the hand"), show=False),
    ]

    def __init__(self, seating: Seating) -> None:
        super().__init__(seating)
        #: what just happened to the player at the keyboard, said in the status line until his
        #: next move (a forgotten Makao's cards, a rebuilt stock), and how much of the log, read
        #: by which seat, it was looked for in
        self.news: str | None = None
        self._news_read: tuple[int, int] = (0, -1)

    def joined(self, before: Any, entry: Any) -> bool:
        """A player's draws one after another in a deal (drawing until a card fits, makao_tui/rules/makao-pl.en.md)
        are one line of the log: "Olga draws 4 cards", not four lines of one card. Only plain
        draws join: one with a penalty, a rebuilt stock or a pass is a line of its own."""
        return (entry.deal == before.deal and entry.seat is not None and entry.seat == before.seat
                and _lone_draw(before) and _lone_draw(entry))

    def joined_events(self, entries: Sequence[Any]) -> tuple[Event, ...]:
        """The draws of ``entries`` (joined by :meth:`joined`) as one: the cards of all of them."""
        first = entries[0].events[0]
        return (dataclasses.replace(first, cards=tuple(c for entry in entries for c in entry.events[0].cards)),)

    def compose(self) -> ComposeResult:
        yield ShedTopBar(id="topbar")
        yield ShedSeats(self.seating.players, id="seats")
        with Horizontal(id="middle"):
            yield ShedPile(id="pile-box")
            yield EventLog(id="log", focusable=False)
        yield ShedAlert(id="alert")
        yield ShedHand(id="hand-box")
        yield StatusLine(id="status")
        yield TableKeyBar(id="keybar")

    def on_mount(self) -> None:
        if self.leaving:  # removed before its widgets were all mounted (see TableScreen.leaving)
            return
        self.query_one("#log").border_title = _("Log")
        self.query_one(HandView).focus()
        self.on_turn_change()  # Textual then runs TableScreen.on_mount, which starts the play

    @property
    def hand(self) -> ShedHand:
        """The hand and the player's choice in it."""
        return self.query_one(ShedHand)

    def on_resize(self) -> None:
        """Use the height: three rows of card boxes on a tall terminal, two otherwise."""
        if self.leaving:
            return
        self.query_one(HandView).max_box_rows = 3 if self.app.size.height >= 36 else 2
        self.refresh_table()

    # ------------------------------------------------------------ what the table shows

    def refresh_table(self) -> None:
        now = self.now()
        for part in (self.query_one(ShedTopBar), self.query_one(ShedSeats), self.query_one(ShedPile),
                     self.hand, self.query_one(ShedAlert)):
            part.show(now)
        self.show_log()
        self._show_status()
        self.key_bar(self.hand.keys())

    @on(HandChanged)
    def _hand_changed(self, message: HandChanged) -> None:
        """The player chose another card, marked one or armed the Makao call: the status line's
        words follow."""
        if message.clear:
            self.message = None
        self._show_status()

    def _show_status(self) -> None:
        """The status line: a message said (a refusal, what undo took back), else what just
        happened to the player and the hand's hint."""
        status = self.query_one(StatusLine)
        if self.message is not None:
            status.say(*self.message)
            return
        self._read_news()
        status.say(" ".join(words for words in (self.news, self.hand.hint()) if words))

    def _read_news(self) -> None:
        """Look in the log entries not read yet for what happened to the player at the keyboard
        and should be told where he looks, not only in the log (issue 30): the cards drawn for a
        forgotten Makao or "po makale", a stock rebuilt from the pile. A new reader (the keyboard
        passed on) or a log written anew (an undo) starts with no news."""
        seating = self.seating
        log, viewer, first = seating.log, seating.viewer(), seating.log_start
        end = first + len(log)  # (entries counted by their number at the table)
        read, reader = self._news_read
        self._news_read = (end, viewer)
        if reader != viewer or read > end or not seating.humans:
            self.news = None
            return
        said = [words for entry in log[max(0, read - first):] for event in entry.events
                if (words := self._news_of(event, viewer))]
        if said:
            self.news = " ".join(said)

    def _news_of(self, event: Event, viewer: int) -> str:
        """The words of ``event`` for the status line, when it is news to ``viewer`` ("" if not)."""
        if isinstance(event, StockRebuilt):
            return ngettext("The stock ran out: the pile under the top card is shuffled into a new stock of {n} card.",
                            "The stock ran out: the pile under the top card is shuffled into a new stock of {n} cards.",
                            event.count).format(n=event.count)
        if isinstance(event, CardsDrawn) and event.seat == viewer and event.reason in ("makao", "out"):
            n, cards = len(event.cards), " ".join(c.label(self.ascii) for c in event.cards)
            if event.reason == "makao":
                words = ngettext("You did not call Makao: you draw {n} card ({cards}).",
                                 "You did not call Makao: you draw {n} cards ({cards}).", n)
            else:
                words = ngettext('You did not call "po makale": you draw {n} card ({cards}).',
                                 'You did not call "po makale": you draw {n} cards ({cards}).', n)
            return words.format(n=n, cards=cards)
        return ""

    def act(self, action: Any) -> bool:
        """As :meth:`TableScreen.act`; the news of the last move is old once the player moves again,
        and a play sent takes the hand's Makao call and marks with it."""
        before, self.news = self.news, None
        if super().act(action):
            if isinstance(action, Play):
                self.hand.played()
            return True
        self.news = before
        return False

    # ------------------------------------------------------------ hooks of the base

    def say(self, message: str, error: bool = False) -> None:
        if self.ascii:
            message = ascii_text(message)
        self.message = (_("Not allowed: {reason}").format(reason=message) if error
                        else message[:1].upper() + message[1:], error)
        self.query_one(StatusLine).say(*self.message)

    def on_turn_change(self) -> None:
        self.message = None
        self.hand.new_turn(self.now())

    @staticmethod
    def pace(view: Any, rules: Any) -> float:
        """Shorter while an AI seat can only draw on (makao-pl, drawing until a card fits), so a
        long run of draws goes by quickly; the cards still show one by one in the log."""
        return DRAW_ON_PAUSE if draws_on(view, rules) else 1.0

    def help_keys(self) -> list[tuple[str, str]]:
        """The keys of this game: drawing until a card fits and the demand picker only where the
        game has jack demands (makao-pl)."""
        rules = self.seating.rules
        keys = [(key, PO_MAKALE_WORDS if key == "m" and rules.makao_out else words) for key, words in KEYS]
        extra = [*(DEMAND_GAME_KEYS if rules.demand_rank else []), *(MULTI_KEYS if rules.multi_play else [])]
        return keys + extra + COMMON_KEYS

    def picker_keys(self) -> list[tuple[str, str]]:
        """The pickers' keys under their heading: the suit an ace names, the rank a jack demands
        (makao-pl), the card a joker stands for (makao_tui/rules/makao-pl.en.md#house-rules ``jokers``)."""
        rules = self.seating.rules
        return [PICKERS_HEADING, *SUIT_KEYS, *(DEMAND_KEYS if rules.demand_rank else []),
                *(JOKER_KEYS if rules.jokers else [])]

    # ------------------------------------------------------------ keys

    def _check_turn(self) -> bool:
        if self._my_turn():
            return True
        seat = self.seating.to_act
        self.say(_("The deal is over.") if seat is None
                 else _("It is {name}'s turn.").format(name=self.seating.names[seat]))
        return False

    def action_draw_until(self) -> None:
        """Draw card after card, as the rules make the player do anyway, until one fits."""
        if not self._check_turn():
            return
        seat = self.seating.to_act
        assert seat is not None  # _check_turn() passed
        while draws_on(self._view(), self.seating.rules) and self.act(Draw()):
            if self.seating.to_act != seat:
                break

    # ------------------------------------------------------------ sheet and results

    def score_sheet(self) -> ScoreSheet:
        return shedding_sheet(self.seating)

    def deal_result(self) -> RenderableType:
        session = self.seating
        row = session.rows[-1]
        names = session.names
        value = session.rules.card_value
        hands = row.hands or ((),) * session.players
        points = row.points or (0,) * session.players
        winner = row.public.winner
        head = Text(_("{name} went out and wins the deal.").format(name=names[winner]) if winner is not None
                    else _("Nobody went out: the deal ends with no winner."), style="bold")
        table = Table(box=None, pad_edge=False, show_header=True, header_style="bold")
        table.add_column(_("Player"))
        table.add_column(_("Cards left"), overflow="fold")
        table.add_column(_("Cost"), justify="right", overflow="fold")
        table.add_column(_("Points"), justify="right")
        for seat, hand in enumerate(hands):
            cards = (Text(" ").join(card_text(c, self.ascii) for c in hand) if hand
                     else Text(_("none: went out"), style="green"))
            # "10 +20 +6": a long hand's sum wraps between its terms, never inside a number
            costs = " +".join(str(value(c)) for c in hand) if hand else ""
            table.add_row(Text(names[seat] + (" ★" if seat == winner else "")), cards, costs,
                          _signed(points[seat]))
        return Group(head, Text(""), table)

    def match_result(self) -> RenderableType:
        totals = self.seating.totals
        def win_words(who: str, winners: int, best: int) -> str:
            words = (ngettext("{who} wins with {points} point.", "{who} wins with {points} points.", abs(best))
                     if winners == 1 else
                     ngettext("{who} share the win with {points} point.", "{who} share the win with {points} points.",
                              abs(best)))
            return words.format(who=who, points=_number(best))

        return self.standings(win_words, lambda s: [_number(totals[s])])


def shedding_sheet(session: Seating) -> ScoreSheet:
    """The score sheets in makao_tui/rules/<game>.en.md of makao-ru (points added, running total, winner, loss limit)
    and makao-pl (+10 or minus points, running totals, deals or minutes left), from the rows the
    table sent."""
    rules = session.rules
    names = session.names
    limit = rules.loss_limit
    sheet = ScoreSheet([_("Deal"), _("Dealer"), *names])
    for deal in session.rows:
        row: list[Text | str] = [str(deal.number), names[deal.dealer]]
        if deal.points is None or deal.totals_after is None:
            sheet.rows.append(row + [_("playing…")] + [""] * (len(names) - 1))
            continue
        winner = deal.public.winner
        points, totals = deal.points, deal.totals_after
        for seat in range(len(names)):
            cell = Text(f"{_signed(points[seat])} → {_number(totals[seat])}")
            if seat == winner:
                cell.append(" ★", style="bold yellow")
            if limit is not None and totals[seat] >= limit:
                cell.stylize("bold red")
                cell.append(" " + _("limit"), style="bold red")
            row.append(cell)
        sheet.rows.append(row)
    if limit is not None:
        sheet.rows.append([Text(_("Left"), style="bold"), Text(_("to {limit}").format(limit=limit), style="bold")]
                          + [Text(str(max(0, limit - t)), style="bold") for t in session.totals])
        sheet.notes.append(_("★ won the deal.  Loss limit {limit}: the match ends when a total "
                             "reaches it; the lowest total wins.").format(limit=limit))
    else:
        sheet.rows.append([Text(_("Total"), style="bold"), "",
                           *(Text(_number(t), style="bold") for t in session.totals)])
        left = session.seconds_left()
        if left is not None:
            when = (_("time is up: this is the last deal") if session.time_up
                    else _("about {minutes} min left").format(minutes=math.ceil(left / 60)))
            sheet.notes.append(_("★ won the deal (+10).  Time limit {minutes} min: {when}.").format(
                minutes=session.time_limit_min, when=when))
        else:
            remaining = max(0, rules.deals - session.deal_number + (0 if session.deal_over else 1))
            if session.match_over:
                played = ngettext("All {n} deal played", "All {n} deals played", rules.deals).format(n=rules.deals)
            else:
                played = _("Deals left: {left} of {deals}").format(left=remaining, deals=rules.deals)
            sheet.notes.append(_("★ won the deal (+10).  {played}; the highest total wins.").format(played=played))
    return sheet
