"""The parts of the Macao table, each drawing itself from the table as it shows now
(:class:`~makao_tui.app.screens.table.TableNow`, its ``show``): the bar over the table, the
players' table (banker and punters, their bankrolls, cards and what they did this hand), the
banner over the hand, and the hand (its cards and points), whose keys ``r`` / ``d`` / ``s`` send
the engine's replace, draw and stand as :class:`~makao_tui.app.screens.table.Act` messages.
Their words are made here; the screen (``macao.py``) lays them out."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.widgets import Static

from ...engine.actions import Action, Draw, Replace, Stand
from ...engine.cards import Card
from ...engine.i18n import N_, _, ngettext
from ...games.macao_events import BankPassed, ShoeShuffled
from ...games.macao_rules import called_natural, card_points
from ...games.macao_view import MacaoView
from ..widgets.cards import CardView, card_text, with_cards
from ..widgets.status import show
from ..widgets.table import AlertLine, HandBox, TopBar
from .table import Act, Say, TableNow, fit_top_bar, hidden_hand


def cards_text(cards: Sequence[Card], ascii: bool) -> Text:
    """``cards`` face up, in their colours, one space apart (``ascii``: suits as letters)."""
    return Text(" ").join(card_text(c, ascii) for c in cards)


class MacaoTopBar(TopBar):
    """The game, the hand's number, the banker and the stake, the shoe, whose turn."""

    def show(self, now: TableNow) -> None:
        seating, view = now.seating, now.view
        parts = [(Text(seating.variant.title(), style="bold"), False),
                 (Text(_("hand {number} · {name} banks · stake {stake}").format(
                     number=seating.deal_number, name=seating.names[view.banker], stake=view.stake)), False),
                 (Text(ngettext("shoe {n} card", "shoe {n} cards", view.shoe).format(n=view.shoe)), True)]
        if view.to_act is not None:
            turn = (_("your turn") if now.my_turn
                    else _("{name}'s turn").format(name=seating.names[view.to_act]))
            parts.append((Text(turn, style="bold"), False))
        show(self, fit_top_bar(parts, self.app.size.width))


class MacaoPlayers(Static):
    """One row a player: whose turn, name, banker or punter, bankroll, cards (face up for the
    hand shown, backs for the others until the hand is over) and what he did this hand."""

    DEFAULT_CSS = """
    MacaoPlayers {
        height: auto;
        border: round $panel-lighten-2;
        border-title-align: left;
        padding: 0 1;
    }
    """

    def on_mount(self) -> None:
        self.border_title = _("Table")

    def show(self, now: TableNow) -> None:
        seating, view, shown = now.seating, now.view, now.hand_seat
        table = Table(box=None, pad_edge=False, show_header=True, header_style="bold")
        table.add_column("", width=1, no_wrap=True)
        table.add_column(_("Player"), no_wrap=True)
        table.add_column(_("Role"), no_wrap=True)
        table.add_column(_("Bankroll"), justify="right", no_wrap=True)
        table.add_column(_("Cards"), no_wrap=True)
        table.add_column(_("This hand"), no_wrap=True)
        for seat in range(view.players):
            name = Text(seating.seat_label(seat))
            if seat == shown and seating.humans:
                name.append(" · " + _("you"), style="bold")
            role = _("banker") if seat == view.banker else (_("punter") if view.in_play[seat] else _("out"))
            to_act = seat == view.to_act
            if seat == view.banker or to_act:
                name.stylize("bold")
            table.add_row(Text("▶", style="bold") if to_act else "", name,
                          Text(role, style="bold yellow" if seat == view.banker else ""),
                          str(seating.totals[seat]), self._cards(now, seat), self._doing(now, seat))
        show(self, table)

    @staticmethod
    def _cards(now: TableNow, seat: int) -> Text:
        """The seat's cards: face up for the hand shown (or all once the hand is over), else backs."""
        view: MacaoView = now.view
        if view.revealed is not None:
            return cards_text(view.revealed[seat], now.ascii)
        if seat == now.hand_seat:
            return cards_text(view.hand, now.ascii)
        return Text(" ".join("▒▒" for _card in range(view.counts[seat])), style="dim")

    @staticmethod
    def _doing(now: TableNow, seat: int) -> str:
        """What the seat has done this hand, in words."""
        view: MacaoView = now.view
        if not view.in_play[seat]:
            return _("left the table") if now.seating.totals[seat] <= 0 else ""
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


class MacaoAlert(AlertLine):
    """The banner over the hand: news of the bank until the first move of its first hand (then
    it is old news, in the log), else whose turn it is."""

    def show(self, now: TableNow) -> None:
        self.put(*self.words(now))

    @staticmethod
    def words(now: TableNow) -> tuple[Text, bool]:
        """The banner's text and whether it is news (drawn as a warning)."""
        seating, view = now.seating, now.view
        deal, log = seating.deal_number, seating.log
        if any(entry.deal == deal and entry.seat is not None for entry in log):
            return MacaoAlert.turn_words(now), False
        opening = [e for entry in log if entry.deal == deal and entry.seat is None for e in entry.events]
        passed = next((e for e in opening if isinstance(e, BankPassed) and e.seat is not None), None)
        if passed is not None and passed.seat is not None:
            shoe = next(e for e in opening if isinstance(e, ShoeShuffled))
            return Text(" " + ngettext("The bank passes from {before} to {after}: a fresh shoe of {n} card",
                                       "The bank passes from {before} to {after}: a fresh shoe of {n} cards",
                                       shoe.count).format(before=seating.names[passed.previous],
                                                          after=seating.names[passed.seat], n=shoe.count),
                        style="bold"), True
        if deal == 1 and any(entry.deal == 0 for entry in log):
            return Text(" " + _("{name} cut lowest and holds the first bank").format(
                name=seating.names[view.banker]), style="bold"), True
        return MacaoAlert.turn_words(now), False

    @staticmethod
    def turn_words(now: TableNow) -> Text:
        """The banner's words on whose turn it is."""
        seating, view = now.seating, now.view
        if view.to_act is None:
            return Text(" " + _("The hand is over"))
        name = seating.names[view.to_act]
        if now.my_turn:
            return Text(" " + _("Your turn, {name}").format(name=name))
        if seating.is_ai(view.to_act):
            return Text(" " + _("{name} is thinking…").format(name=name))
        return Text(" " + _("{name} to play").format(name=name))


#: the key and the word of each action in the key bar and the hints (translated where shown)
ACTION_KEYS: tuple[tuple[type[Action], str, str], ...] = (
    (Replace, "r", N_("replace")), (Draw, "d", N_("draw")), (Stand, "s", N_("stand")))


class MacaoHand(HandBox, can_focus=True):
    """The hand shown, in its box: its one or two cards face up and their points (card backs
    and a few words while the keyboard is passed, or when the seat was not dealt in). Its keys
    ``r`` / ``d`` / ``s`` send the engine's replace, draw and stand as an :class:`Act` message;
    out of turn, or once the hand is over, it says so itself (a :class:`Say`). It keeps the
    focus: its keys work wherever the mouse is."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("r", "act('replace')", N_("Replace")),
        Binding("d", "act('draw')", N_("Draw")),
        Binding("s", "act('stand')", N_("Stand")),
    ]

    DEFAULT_CSS = """
    MacaoHand {
        layout: horizontal;
    }
    MacaoHand CardView {
        width: 6;
        height: 3;
    }
    MacaoHand #points {
        width: 1fr;
        height: auto;
        padding-left: 1;
    }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._now: TableNow | None = None

    def compose(self) -> ComposeResult:
        yield CardView(id="card-1")
        yield CardView(id="card-2")
        yield Static(id="points")

    def show(self, now: TableNow) -> None:
        self._now = now
        view: MacaoView = now.view
        seating, seat = now.seating, now.hand_seat
        points = self.query_one("#points", Static)
        first, second = self.query_one("#card-1", CardView), self.query_one("#card-2", CardView)
        if seat is None or not view.hand:
            if seat is not None:
                title, words = _("Your hand"), _("Out of chips: not dealt in.")
            else:
                title, words = hidden_hand(now, _("Cards hidden"),
                                           _("Every card is hidden while the keyboard is passed."))
            self.border_title = title
            first.show(None)
            second.display = False
            points.update(Text(words, style="italic"))
            return
        name = seating.names[seat]
        if seating.humans:
            title = _("Your hand ({name}) · banker") if view.is_banker else _("Your hand ({name}) · punter")
        else:
            title = _("{name}'s hand · banker") if view.is_banker else _("{name}'s hand · punter")
        self.border_title = Text(title.format(name=name))
        first.show(view.hand[0], now.ascii)
        second.display = len(view.hand) == 2
        if second.display:
            second.show(view.hand[1], now.ascii)
        show(points, self.points(now))

    @staticmethod
    def points(now: TableNow) -> Text:
        """The points of the hand shown, natural or not, what became of its cards, and who banks."""
        view: MacaoView = now.view
        text = Text(_("Points") + " ")
        text.append(str(view.total), style="bold")
        if called_natural(view.total, view.natural):
            text.append(" · " + _("natural"))
        elif not view.natural:
            text.append(" · " + _("drawn"))
        if len(view.hand) == 2 and card_points(view.hand[1]) and view.total == card_points(view.hand[0]):
            text.append("\n")
            text.append_text(with_cards(_("The drawn {card} counts for nothing (over 9)"),
                                        card=card_text(view.hand[1], now.ascii)))
        if view.thrown:
            text.append("\n")
            text.append_text(with_cards(_("Threw away {cards}"), cards=cards_text(view.thrown, now.ascii)))
        banker = now.seating.names[view.banker]
        text.append("\n" + (_("You bank: you play last.") if view.is_banker and now.seating.humans
                            else _("{name} banks; stake {stake}.").format(name=banker, stake=view.stake)))
        return text

    # ------------------------------------------------------------ what may be done now

    def keys(self) -> list[tuple[str, str]]:
        """The key bar's keys that do something now ((key, untranslated word) pairs, from the
        legal actions; [] when it is not the turn of the player at the keyboard)."""
        now = self._now
        if now is None or not now.my_turn:
            return []
        return [(key, word) for kind, key, word in ACTION_KEYS if any(isinstance(a, kind) for a in now.view.legal)]

    def hint(self) -> str:
        """What the player at the keyboard may do now, from the legal actions ("" when it is not
        his turn)."""
        now = self._now
        if now is None or not now.my_turn:
            return ""
        view: MacaoView = now.view
        words = [f"{_(word)} ({key})" for kind, key, word in ACTION_KEYS
                 if any(isinstance(a, kind) for a in view.legal)]
        choice = (_("{some} or {last}").format(some=", ".join(words[:-1]), last=words[-1]) if len(words) > 1
                  else words[0])
        if any(isinstance(a, Replace) for a in view.legal):
            return _("Your {card} is worth 0: {choice}.").format(card=view.hand[0].label(now.ascii), choice=choice)
        return _("You hold {points}: {choice}.").format(points=view.total, choice=choice)

    def action_act(self, what: str) -> None:
        """Replace the card worth 0 (``r``), draw one card (``d``) or stand (``s``): sent to the
        table, which refuses what the rules do not allow and says why."""
        now = self._now
        if now is not None and now.my_turn:
            action: Replace | Draw | Stand = Replace() if what == "replace" else Draw() if what == "draw" else Stand()
            self.post_message(Act(action))
            return
        seat = now.seating.to_act if now is not None else None
        self.post_message(Say(_("the hand is over") if seat is None or now is None
                              else _("it is {name}'s turn").format(name=now.seating.names[seat]), True))
