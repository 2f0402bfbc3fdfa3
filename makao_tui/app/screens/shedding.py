"""The table of the shedding games (makao-ru, makao-pl): seats, pile, log, your hand.

Everything shown comes from the table's updates to this terminal's seats (through a
:class:`~makao_tui.table.Seating`): the seat views (:class:`~makao_tui.games.shedding.ShedView`),
the score sheet's rows and the events of the log; playable cards are the engine's legal plays,
refusals are the engine's words. The shedding games' words are made here.
"""

from __future__ import annotations

import dataclasses
import math
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any, ClassVar

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import Static

from ...engine.actions import Draw, Pass, Play, Take
from ...engine.cards import JOKER, RANKS, SUITS, Card, ascii_text, rank_plural, suit_label
from ...engine.events import Event
from ...engine.i18n import N_, _, ngettext
from ...games.shedding import CardPlayed, CardsDrawn, PenaltyPending, ShedView, StockRebuilt
from ...table import Seating
from ..rules_text import rules_word
from ..widgets.cards import CardView, HandView, card_text, suit_style, with_cards
from ..widgets.log import EventLog
from ..widgets.scores import ScoreSheet
from ..widgets.seats import SeatPanel
from ..widgets.status import StatusLine, show
from .pickers import NO_DEMAND, DemandPicker, JokerRankPicker, JokerSuitPicker, SuitPicker
from .table import TableScreen, fit_top_bar

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
        Binding("left", "move(-1)", N_("Choose"), show=False),
        Binding("right", "move(1)", N_("Choose"), show=False),
        Binding("enter", "play", N_("Play")),
        Binding("d", "draw", N_("Draw")),
        Binding("D", "draw_until", N_("Draw until a card fits"), show=False),
        Binding("t", "take", N_("Take")),
        Binding("p", "pass_turn", N_("Pass")),
        Binding("m", "makao", N_("Makao")),
        Binding("o", "sort_hand", N_("Sort the hand"), show=False),
        Binding("space", "mark", N_("Mark"), show=False),
        *[Binding(key, f"pick({i})", show=False) for i, key in enumerate("1234567890")],
    ]

    def __init__(self, seating: Seating) -> None:
        super().__init__(seating)
        self.selected: Card | None = None
        #: indices into the hand of the cards marked for a play of several cards, in order
        self.marked: list[int] = []
        self.makao_armed = False
        self._turn_owner: int | None = None
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
        yield Static(id="topbar")
        with Horizontal(id="seats"):
            for seat in range(self.seating.players):
                yield SeatPanel(id=f"seat-{seat}", classes="seat")
        with Horizontal(id="middle"):
            with Horizontal(id="pile-box"):
                yield CardView(id="top-card")
                yield Static(id="pile-info")
            yield EventLog(id="log")
        yield Static(id="alert")
        with Vertical(id="hand-box"):
            yield HandView(id="hand")
        yield StatusLine(id="status")
        yield Static(id="keybar")

    def on_mount(self) -> None:
        if self.leaving:  # removed before its widgets were all mounted (see TableScreen.leaving)
            return
        self.query_one("#pile-box").border_title = _("Pile")
        self.query_one("#log").border_title = _("Log")
        self.query_one(HandView).focus()
        self.on_turn_change()  # Textual then runs TableScreen.on_mount, which starts the play

    def on_resize(self) -> None:
        """Use the height: three rows of card boxes on a tall terminal, two otherwise."""
        if self.leaving:
            return
        self.query_one(HandView).max_box_rows = 3 if self.app.size.height >= 36 else 2
        self.refresh_table()

    # ------------------------------------------------------------ what the table shows

    def refresh_table(self) -> None:
        session = self.seating
        view = self._view()
        hand_seat = session.hand_seat()
        show(self.query_one("#topbar", Static), self._topbar(view))
        for seat in range(view.players):
            self.query_one(f"#seat-{seat}", SeatPanel).show(
                session.seat_label(seat), cards=view.counts[seat],
                dealer=seat == view.dealer, to_act=seat == view.to_act,
                you=seat == hand_seat and bool(session.humans))
        self.query_one("#top-card", CardView).show(view.top, self.ascii,
                                                   joker=bool(view.pile) and view.pile[-1] == JOKER)
        show(self.query_one("#pile-info", Static), self._pile_info(view))
        self.show_log()
        alert = self._alert(view)
        alert_widget = self.query_one("#alert", Static)
        show(alert_widget, alert[0])
        alert_widget.set_class(alert[1], "warning")
        self._show_hand(view, hand_seat)
        self._show_status(view)
        show(self.query_one("#keybar", Static), self._keys(view))

    def _topbar(self, view: ShedView) -> Text:
        session = self.seating
        parts = [(Text(session.variant.title(), style="bold"), False)]
        number = session.deal_number
        rules = session.rules
        left = session.seconds_left()
        if left is not None:  # a time limit
            parts.append((Text(_("deal {number}").format(number=number)), False))
            parts.append((Text(_("time is up: last deal") if session.time_up
                               else _("{minutes} min left").format(minutes=math.ceil(left / 60))), False))
        elif rules.deals is not None:
            parts.append((Text(_("deal {number} of {deals}").format(number=number, deals=rules.deals)), False))
        else:
            parts.append((Text(_("deal {number}").format(number=number)), False))
        if rules.loss_limit is not None:
            parts.append((Text(_("loss limit {points}").format(points=rules.loss_limit)), True))
        parts.append((Text(rules_word(session.variant, rules)), True))  # the options: help (?)
        if view.to_act is not None:
            turn = (_("your turn") if self._my_turn()
                    else _("{name}'s turn").format(name=session.names[view.to_act]))
            parts.append((Text(turn, style="bold"), False))
        return fit_top_bar(parts, self.app.size.width)

    def _pile_info(self, view: ShedView) -> Text:
        info = Text()
        if view.pile and view.pile[-1] == JOKER:
            info.append_text(with_cards(_("{joker} joker as {card}"), joker=card_text(JOKER, self.ascii),
                                        card=card_text(view.top, self.ascii)))
            info.append("\n")
        info.append(_("Suit") + " ")
        info.append(suit_label(view.suit, self.ascii), style=suit_style(view.suit))
        played = self.seating.last_event(CardPlayed)
        if (isinstance(played, CardPlayed) and played.named is not None and played.face == view.top):
            info.append(" " + _("(named)"))
        info.append("\n" + _("Stock {count}").format(count=view.stock))
        info.append("\n" + _("Pile {count}").format(count=len(view.pile)))
        earlier = view.pile[-2:-8:-1]
        if earlier:
            info.append("\n\n" + _("Below the top:") + "\n")
            info.append_text(Text(" ").join(card_text(c, self.ascii) for c in earlier))
        return info

    def _alert(self, view: ShedView) -> tuple[Text, bool]:
        """The banner over the hand: a pending penalty, a jack's demand, or whose turn it is."""
        session = self.seating
        mine = self._my_turn()
        if view.to_act is None:
            return Text(" " + _("The deal is over")), False
        target = session.names[view.to_act]
        if view.skip:
            text = Text(" " + _("A four: answer with a 4 to pass the skip on"), style="bold")
            if mine:
                text.append(" " + ngettext("— answer with a 4 or wait {n} turn (t)",
                                           "— answer with a 4 or wait {n} turns (t)", view.skip).format(n=view.skip))
            else:
                text.append(ngettext("; {name} waits {n} turn or answers", "; {name} waits {n} turns or answers",
                                     view.skip).format(name=target, n=view.skip))
            return text, True
        if view.penalty:
            pending = session.last_event(PenaltyPending)
            text = Text(" " + _("Penalty: {penalty}").format(penalty=view.penalty), style="bold")
            if isinstance(pending, PenaltyPending) and pending.out_of_turn:
                text = Text(" " + _("K♠ hits back: {penalty} on {name}, out of turn").format(
                    penalty=view.penalty, name=target), style="bold")
                text.append(" " + _("— answer with K♥/K♠ or take (t)") if mine else "")
                return text, True
            if mine:
                if isinstance(pending, PenaltyPending) and pending.answer:
                    words = (_("— ransom it with {cards} or take (t)") if pending.ransom
                             else _("— answer with {cards} or take (t)"))
                    text.append(" " + words.format(cards=pending.answer_text()))
                else:
                    text.append(" " + _("— take it (t)"))
            else:
                text.append(" " + _("on {name}").format(name=target))
            return text, True
        if view.demand:
            text = Text(" " + _("The jack demands {ranks}").format(ranks=rank_plural(view.demand)), style="bold")
            if mine:
                can_draw = any(isinstance(a, Draw) for a in view.legal)
                text.append(" " + (_("— play one, or draw (d)") if can_draw else _("— play one")))
            else:
                text.append(" " + _("({name} to answer)").format(name=target))
            return text, True
        special = self._top_note(view)
        if mine:
            if special:
                return Text(" " + _("Your turn, {name} — {note}").format(name=target, note=special)), False
            return Text(" " + _("Your turn, {name}").format(name=target)), False
        if special:
            return Text(" " + _("{note}; {name} to play").format(note=special, name=target)), False
        if session.is_ai(view.to_act):
            return Text(" " + _("{name} is thinking…").format(name=target)), False
        return Text(" " + _("{name} to play").format(name=target)), False

    def _top_note(self, view: ShedView) -> str:
        """A few words on what the top card means under the options in force (a joker's card, a
        queen under ``queens``), or ``""``."""
        rules = view.rules
        if view.pile and view.pile[-1] == JOKER:
            return _("the joker on the pile counts as {card}").format(card=view.top.label(self.ascii))
        if rules.queens and view.top.rank == "Q":
            return _("a queen is on top: any card goes on it")
        return ""

    def _show_hand(self, view: ShedView, hand_seat: int | None) -> None:
        hand = self.query_one(HandView)
        box = self.query_one("#hand-box")
        if hand_seat is None:
            box.border_title, words = self.hidden_hand(_("Hand hidden"),
                                                       _("Hands are hidden while the keyboard is passed."))
            box.border_subtitle = ""
            hand.show((), (), None, self.ascii, words)
            return
        name = self.seating.names[hand_seat]
        owner = (_("Your hand ({name})") if self.seating.humans else _("{name}'s hand")).format(name=name)
        count = len(view.hand)
        cards = ngettext("{n} card", "{n} cards", count).format(n=count)
        box.border_title = Text(f"{owner} · {cards}{self.order_title()}")
        box.border_subtitle = _("Makao call: ON") if self.makao_armed else ""
        playable = {a.card for a in view.legal if isinstance(a, Play)}
        if self.selected not in view.hand:
            self.selected = self._default_choice(view)
        order = self.shown_indices(view.hand)
        shown = [view.hand[i] for i in order]
        index = shown.index(self.selected) if self.selected in shown else None
        self.marked = [i for i in self.marked if i < len(view.hand)]
        hand.show(shown, playable, index, self.ascii, _("No cards left."),
                  marked=[order.index(i) for i in self.marked])

    def _default_choice(self, view: ShedView) -> Card | None:
        """The card chosen when a turn starts: the card just drawn, else the first playable one."""
        if view.drawn is not None:
            return view.drawn
        for action in view.legal:
            if isinstance(action, Play):
                return action.card
        return view.hand[0] if view.hand else None

    def _show_status(self, view: ShedView) -> None:
        status = self.query_one(StatusLine)
        if self.message is not None:
            status.say(*self.message)
            return
        self._read_news()
        status.say(" ".join(words for words in (self.news, self._hint(view)) if words))

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
        """As :meth:`TableScreen.act`; the news of the last move is old once the player moves again."""
        before, self.news = self.news, None
        if super().act(action):
            return True
        self.news = before
        return False

    def _keys(self, view: ShedView) -> Text:
        """The key bar: the keys that do something now (from the legal actions), then the rest."""
        keys: list[tuple[str, str]] = []
        if self._my_turn():
            legal = view.legal
            if any(isinstance(a, Play) for a in legal):
                keys += [("←→ 1-0", N_("choose")), ("Enter", N_("play"))]
                if any(isinstance(a, Play) and a.more for a in legal):
                    keys.append(("Space", N_("mark")))
            for kind, key, word in ((Draw, "d", N_("draw")), (Take, "t", N_("take")), (Pass, "p", N_("pass"))):
                if any(isinstance(a, kind) for a in legal):
                    keys.append((key, word))
            if self._drawing_until(view):
                keys.append(("D", N_("draw until it fits")))
            if any(isinstance(a, Play) and a.makao for a in legal):
                keys.append(("m", N_("Makao")))
            elif any(isinstance(a, Play) and a.out for a in legal):
                keys.append(("m", N_("po makale")))
        return self.key_bar(keys)

    def _hint(self, view: ShedView) -> str:
        """What the human to act may do now, from the legal actions."""
        if not self._my_turn():
            return ""
        legal = view.legal
        plays = [a for a in legal if isinstance(a, Play)]
        if view.drawn is not None:
            card = view.drawn.label(self.ascii)
            if any(isinstance(a, Pass) for a in legal):
                return _("You drew {card}: play it (Enter) or pass (p)").format(card=card)
            return _("You drew {card}: play it (Enter)").format(card=card)
        if self.marked:
            cards = " ".join(view.hand[i].label(self.ascii) for i in self.marked)
            return _("Marked {cards}: Enter lays them in this order (the last on top); Space unmarks.").format(
                cards=cards)
        if any(a.makao for a in plays):
            if self.makao_armed:
                return _("Makao will be called with your play (m cancels).")
            return _("Two cards left: press m to call Makao with your play!")
        if any(a.out for a in plays):
            if self.makao_armed:
                return _('"Po makale" will be called with your last card (m cancels).')
            return _('One card left: press m to call "po makale" with it!')
        draw = any(isinstance(a, Draw) for a in legal)
        take = any(isinstance(a, Take) for a in legal)
        if not plays:
            if draw and take:
                return _("Draw (d), or take the penalty (t).")
            return _("Draw (d).") if draw else _("Take the penalty (t).") if take else ""
        choose = (_("choose a card and press Enter (Space marks several)") if any(a.more for a in plays)
                  else _("choose a card and press Enter"))
        if draw and take:
            words = _("{choose}, or draw (d), or take the penalty (t).")
        elif draw:
            words = _("{choose}, or draw (d).")
        elif take:
            words = _("{choose}, or take the penalty (t).")
        else:
            words = _("{choose}.")
        text = words.format(choose=choose)
        return text[:1].upper() + text[1:]

    # ------------------------------------------------------------ hooks of the base

    def say(self, message: str, error: bool = False) -> None:
        if self.ascii:
            message = ascii_text(message)
        self.message = (_("Not allowed: {reason}").format(reason=message) if error
                        else message[:1].upper() + message[1:], error)
        self.query_one(StatusLine).say(*self.message)

    def on_turn_change(self) -> None:
        session = self.seating
        owner = session.to_act if session.to_act == session.at_keyboard else None
        if owner != self._turn_owner:
            self.makao_armed = False
        self.marked = []
        self._turn_owner = owner
        self.message = None
        view = self._view()
        self.selected = self._default_choice(view) if session.hand_seat() is not None else None

    @staticmethod
    def pace(view: Any, rules: Any) -> float:
        """Shorter while an AI seat can only draw on (makao-pl, drawing until a card fits), so a
        long run of draws goes by quickly; the cards still show one by one in the log."""
        return DRAW_ON_PAUSE if _draws_on(view, rules) else 1.0

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

    def action_move(self, step: int) -> None:
        """Choose the card left or right of the chosen one."""
        view = self._view()
        if not view.hand or self.seating.hand_seat() is None:
            return
        shown = self.shown_hand(view.hand)
        index = shown.index(self.selected) if self.selected in shown else 0
        self.selected = shown[(index + step) % len(shown)]
        self.refresh_table()

    def action_pick(self, index: int) -> None:
        """Choose the card at ``index`` (keys 1-9, 0)."""
        view = self._view()
        if self.seating.hand_seat() is not None and index < len(view.hand):
            self.selected = self.shown_hand(view.hand)[index]
            self.refresh_table()

    def on_hand_view_clicked(self, message: HandView.Clicked) -> None:
        """A click chooses a card; a click on the chosen card plays it."""
        view = self._view()
        if self.seating.hand_seat() is None or message.index >= len(view.hand):
            return
        card = self.shown_hand(view.hand)[message.index]
        if card == self.selected:
            self.action_play()
        else:
            self.selected = card
            self.refresh_table()

    def action_mark(self) -> None:
        """Mark the chosen card for a play of several cards, or unmark it (§5 ``multi_play``)."""
        if not self._check_turn():
            return
        if not self.seating.rules.multi_play:
            self.say(_("one card at a time: several cards at once are not in these rules"), error=True)
            return
        view = self._view()
        if self.selected not in view.hand:
            return
        index = view.hand.index(self.selected)
        if index in self.marked:
            self.marked.remove(index)
        else:
            self.marked.append(index)
        self.message = None
        self.refresh_table()

    def action_play(self) -> None:
        """Play the chosen card, or the marked cards in the order marked; ask for the card a joker
        stands for, a suit or a demand when the engine offers a choice."""
        if not self._check_turn():
            return
        view = self._view()
        if self.marked:
            cards = [view.hand[i] for i in self.marked]
        elif self.selected is not None:
            cards = [self.selected]
        else:
            self.say(_("Choose a card first."), error=True)
            return
        want = Counter(cards)
        forms = [a for a in view.legal if isinstance(a, Play) and a.card == cards[0]
                 and a.cards[-1] == cards[-1] and Counter(a.cards) == want]
        if not forms:  # not legal as laid: the engine says why
            self._play(Play(cards[0], more=tuple(cards[1:])))
            return
        if len(view.hand) == len(cards) and self.seating.rules.makao_out:
            # the last card: with "po makale" armed it ends the deal and names nothing; without the
            # call it keeps its effect (makao_tui/rules/makao-pl.en.md#house-rules makao_out), so only then is a suit
            # or demand asked
            forms = [a for a in forms if a.out == self.makao_armed] or forms
        self._choose(forms)

    def _choose(self, forms: list[Play]) -> None:
        """Narrow ``forms`` (the legal forms of one play) by asking: the card a joker stands for
        (rank, then suit), the suit an ace names, the rank a jack demands; then make the play."""
        def then(narrow: Callable[[Play, str], bool]) -> Callable[[str | None], None]:
            return lambda choice: self._choose([a for a in forms if narrow(a, choice)]) if choice is not None else None

        as_cards = sorted({a.as_card for a in forms if a.as_card is not None})
        if len(as_cards) > 1:
            ranks = sorted({c.rank for c in as_cards}, key=RANKS.index)
            if len(ranks) > 1:
                self.app.push_screen(JokerRankPicker(ranks), then(
                    lambda a, r: a.as_card is not None and a.as_card.rank == r))
                return
            suits = sorted({c.suit for c in as_cards}, key=SUITS.index)
            self.app.push_screen(JokerSuitPicker(ranks[0], suits, self.ascii),
                                 then(lambda a, su: a.as_card is not None and a.as_card.suit == su))
            return
        suits = sorted({a.suit for a in forms if a.suit is not None}, key=SUITS.index)
        if len(suits) > 1:
            self.app.push_screen(SuitPicker(suits, self.ascii), then(lambda a, su: a.suit == su))
            return
        demands = list(dict.fromkeys(a.demand for a in forms))
        if len(demands) > 1:
            self.app.push_screen(DemandPicker(demands), then(
                lambda a, d: a.demand == (None if d == NO_DEMAND else d)))
            return
        play = forms[0]
        left = len(self._view().hand) - len(play.cards)
        out = self.makao_armed and left == 0 and self.seating.rules.makao_out
        self._play(dataclasses.replace(play, makao=self.makao_armed and not out, out=out))

    def _play(self, play: Play) -> None:
        if self.act(play):
            self.makao_armed = False
            self.marked = []
            self.refresh_table()

    def action_draw(self) -> None:
        """Draw a card from the stock."""
        if self._check_turn():
            self.act(Draw())

    def _drawing_until(self, view: ShedView) -> bool:
        """Whether only drawing is legal and the rules draw until a card fits (makao-pl)."""
        return _draws_on(view, self.seating.rules)

    def action_draw_until(self) -> None:
        """Draw card after card, as the rules make the player do anyway, until one fits."""
        if not self._check_turn():
            return
        seat = self.seating.to_act
        assert seat is not None  # _check_turn() passed
        while self._drawing_until(self._view()) and self.act(Draw()):
            if self.seating.to_act != seat:
                break

    def action_take(self) -> None:
        """Take the pending penalty."""
        if self._check_turn():
            self.act(Take())

    def action_pass_turn(self) -> None:
        """Keep the card just drawn and end the turn."""
        if self._check_turn():
            self.act(Pass())

    def action_makao(self) -> None:
        """Toggle the Makao call that goes with the next play."""
        if not self._check_turn():
            return
        self.makao_armed = not self.makao_armed
        self.say(_("Makao will be called with your next play.") if self.makao_armed
                 else _("No Makao call with your next play."))
        self.refresh_table()

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


def _draws_on(view: ShedView, rules: Any) -> bool:
    """Whether only drawing is legal and the rules draw until a card fits (makao-pl)."""
    return view.legal == (Draw(),) and rules.draw_until_playable


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
