"""The parts of the shedding games' table (makao-ru, makao-pl), each drawing itself from the table
as it shows now (:class:`~makao_tui.app.screens.table.TableNow`, its ``show``): the bar over the
table, the seats, the pile, the banner over the hand, and the hand, which holds the player's choice
of cards and sends what he plays as an :class:`~makao_tui.app.screens.table.Act` message. Their
words are made here; the screen (``shedding.py``) lays them out."""

from __future__ import annotations

import dataclasses
import math
from collections import Counter
from collections.abc import Callable
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal
from textual.widgets import Static

from ...engine.actions import Draw, Pass, Play, Take
from ...engine.cards import JOKER, RANKS, SUITS, Card, rank_plural, suit_label
from ...engine.i18n import N_, _, ngettext
from ...games.shedding import CardPlayed, PenaltyPending, ShedRules, ShedView
from ..rules_text import rules_word
from ..sorting import shown_order
from ..widgets.cards import CardView, HandView, card_text, suit_style, with_cards
from ..widgets.seats import SeatPanel
from ..widgets.status import show
from ..widgets.table import AlertLine, HandBox, TopBar
from .pickers import NO_DEMAND, DemandPicker, JokerRankPicker, JokerSuitPicker, SuitPicker
from .table import Act, HandChanged, Say, TableNow, fit_top_bar, hand_title, hidden_hand, my_turn_or_say


class ShedTopBar(TopBar):
    """The game, the deal (of how many, or the minutes left), the loss limit, the options, whose turn."""

    def show(self, now: TableNow) -> None:
        seating, view = now.seating, now.view
        parts = [(Text(seating.variant.title(), style="bold"), False)]
        number = seating.deal_number
        rules = seating.rules
        left = seating.seconds_left()
        if left is not None:  # a time limit
            parts.append((Text(_("deal {number}").format(number=number)), False))
            parts.append((Text(_("time is up: last deal") if seating.time_up
                               else _("{minutes} min left").format(minutes=math.ceil(left / 60))), False))
        elif rules.deals is not None:
            parts.append((Text(_("deal {number} of {deals}").format(number=number, deals=rules.deals)), False))
        else:
            parts.append((Text(_("deal {number}").format(number=number)), False))
        if rules.loss_limit is not None:
            parts.append((Text(_("loss limit {points}").format(points=rules.loss_limit)), True))
        parts.append((Text(rules_word(seating.variant, rules)), True))  # the options: help (?)
        if view.to_act is not None:
            turn = (_("your turn") if now.my_turn
                    else _("{name}'s turn").format(name=seating.names[view.to_act]))
            parts.append((Text(turn, style="bold"), False))
        show(self, fit_top_bar(parts, self.app.size.width))


class ShedSeats(Horizontal):
    """One box a seat: its name, cards in hand, the dealer, the seat to act."""

    DEFAULT_CSS = """
    ShedSeats {
        height: 3;
    }
    """

    def __init__(self, players: int, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.players = players

    def compose(self) -> ComposeResult:
        for seat in range(self.players):
            yield SeatPanel(id=f"seat-{seat}")

    def show(self, now: TableNow) -> None:
        seating, view = now.seating, now.view
        for seat, panel in enumerate(self.query(SeatPanel)):
            panel.show(seating.seat_label(seat), cards=view.counts[seat], dealer=seat == view.dealer,
                       to_act=seat == view.to_act, you=seat == now.hand_seat and bool(seating.humans))


class ShedPile(Horizontal):
    """The discard pile: its top card, the suit to follow, the stock's and the pile's counts and
    the cards below the top."""

    DEFAULT_CSS = """
    ShedPile {
        width: 26;
        height: 100%;
        border: round $panel-lighten-2;
        padding: 0 1;
    }
    ShedPile #top-card {
        width: 6;
    }
    ShedPile #pile-info {
        width: 1fr;
        padding-left: 1;
    }
    """

    def compose(self) -> ComposeResult:
        yield CardView(id="top-card")
        yield Static(id="pile-info")

    def on_mount(self) -> None:
        self.border_title = _("Pile")

    def show(self, now: TableNow) -> None:
        view, ascii = now.view, now.ascii
        self.query_one(CardView).show(view.top, ascii, joker=bool(view.pile) and view.pile[-1] == JOKER)
        info = Text()
        if view.pile and view.pile[-1] == JOKER:
            info.append_text(with_cards(_("{joker} joker as {card}"), joker=card_text(JOKER, ascii),
                                        card=card_text(view.top, ascii)))
            info.append("\n")
        info.append(_("Suit") + " ")
        info.append(suit_label(view.suit, ascii), style=suit_style(view.suit))
        played = now.seating.last_event(CardPlayed)
        if (isinstance(played, CardPlayed) and played.named is not None and played.face == view.top):
            info.append(" " + _("(named)"))
        info.append("\n" + _("Stock {count}").format(count=view.stock))
        info.append("\n" + _("Pile {count}").format(count=len(view.pile)))
        earlier = view.pile[-2:-8:-1]
        if earlier:
            info.append("\n\n" + _("Below the top:") + "\n")
            info.append_text(Text(" ").join(card_text(c, ascii) for c in earlier))
        show(self.query_one("#pile-info", Static), info)


def top_note(view: ShedView, ascii: bool) -> str:
    """A few words on what the top card means under the options in force (a joker's card, a
    queen under ``queens``), or ``""``."""
    rules = view.rules
    if view.pile and view.pile[-1] == JOKER:
        return _("the joker on the pile counts as {card}").format(card=view.top.label(ascii))
    if rules.queens and view.top.rank == "Q":
        return _("a queen is on top: any card goes on it")
    return ""


class ShedAlert(AlertLine):
    """The banner over the hand: a pending penalty, a jack's demand, or whose turn it is."""

    def show(self, now: TableNow) -> None:
        self.put(*self.words(now))

    @staticmethod
    def words(now: TableNow) -> tuple[Text, bool]:
        """The banner's text and whether it is a warning."""
        seating, view, mine = now.seating, now.view, now.my_turn
        if view.to_act is None:
            return Text(" " + _("The deal is over")), False
        target = seating.names[view.to_act]
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
            pending = seating.last_event(PenaltyPending)
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
        special = top_note(view, now.ascii)
        if mine:
            if special:
                return Text(" " + _("Your turn, {name} — {note}").format(name=target, note=special)), False
            return Text(" " + _("Your turn, {name}").format(name=target)), False
        if special:
            return Text(" " + _("{note}; {name} to play").format(note=special, name=target)), False
        if seating.is_ai(view.to_act):
            return Text(" " + _("{name} is thinking…").format(name=target)), False
        return Text(" " + _("{name} to play").format(name=target)), False


class ShedHand(HandBox):
    """The hand at the keyboard in its box, and the player's choice in it: the chosen card
    (``selected``), the cards marked for a play of several (``marked``: places in the engine's
    hand, in the order marked) and the Makao call armed for the next play (``makao_armed``). Its
    keys choose, mark and play; what the player does leaves it as an :class:`Act` message (the
    pickers of an ace's suit, a jack's demand or a joker's card asked first), a refusal of its
    own (not his turn) as a :class:`Say`. It keeps the focus: its keys work wherever the mouse is."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "move(-1)", N_("Choose"), show=False),
        Binding("right", "move(1)", N_("Choose"), show=False),
        Binding("enter", "play", N_("Play")),
        Binding("d", "act('draw')", N_("Draw")),
        Binding("t", "act('take')", N_("Take")),
        Binding("p", "act('pass')", N_("Pass")),
        Binding("m", "makao", N_("Makao")),
        Binding("space", "mark", N_("Mark"), show=False),
        *[Binding(key, f"pick({i})", show=False) for i, key in enumerate("1234567890")],
    ]

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.selected: Card | None = None
        self.marked: list[int] = []
        self.makao_armed = False
        self._turn_owner: int | None = None
        self._now: TableNow | None = None

    def compose(self) -> ComposeResult:
        yield HandView(id="hand")

    # ------------------------------------------------------------ drawn from the table

    def new_turn(self, now: TableNow) -> None:
        """The seat to act (or the human at the keyboard) changed: the marks go, the Makao call
        too unless the same player goes on, and the turn's first card is chosen."""
        seating = now.seating
        owner = seating.to_act if seating.to_act == seating.at_keyboard else None
        if owner != self._turn_owner:
            self.makao_armed = False
        self.marked = []
        self._turn_owner = owner
        self.selected = default_choice(now.view) if now.hand_seat is not None else None

    def show(self, now: TableNow) -> None:
        self._now = now
        view, hand = now.view, self.query_one(HandView)
        if now.hand_seat is None:
            self.border_title, words = hidden_hand(now, _("Hand hidden"),
                                                   _("Hands are hidden while the keyboard is passed."))
            self.border_subtitle = ""
            hand.show((), (), None, now.ascii, words)
            return
        self.border_title = hand_title(now)
        self.border_subtitle = _("Makao call: ON") if self.makao_armed else ""
        playable = {a.card for a in view.legal if isinstance(a, Play)}
        if self.selected not in view.hand:
            self.selected = default_choice(view)
        order = shown_order(view.hand, now.hand_order, None)
        shown = [view.hand[i] for i in order]
        index = shown.index(self.selected) if self.selected in shown else None
        self.marked = [i for i in self.marked if i < len(view.hand)]
        hand.show(shown, playable, index, now.ascii, _("No cards left."),
                  marked=[order.index(i) for i in self.marked])

    def _changed(self, clear: bool = False) -> None:
        if self._now is not None:
            self.show(self._now)
        self.post_message(HandChanged(clear))

    def played(self) -> None:
        """The play went to the table: the call and the marks were made with it."""
        self.makao_armed = False
        self.marked = []
        self._changed()

    # ------------------------------------------------------------ what may be done now

    def keys(self) -> list[tuple[str, str]]:
        """The key bar's keys that do something now ((key, untranslated word) pairs, from the
        legal actions of the player at the keyboard; [] when it is not his turn)."""
        now = self._now
        if now is None or not now.my_turn:
            return []
        keys: list[tuple[str, str]] = []
        legal = now.view.legal
        if any(isinstance(a, Play) for a in legal):
            keys += [("←→ 1-0", N_("choose")), ("Enter", N_("play"))]
            if any(isinstance(a, Play) and a.more for a in legal):
                keys.append(("Space", N_("mark")))
        for kind, key, word in ((Draw, "d", N_("draw")), (Take, "t", N_("take")), (Pass, "p", N_("pass"))):
            if any(isinstance(a, kind) for a in legal):
                keys.append((key, word))
        if draws_on(now.view, now.seating.rules):
            keys.append(("D", N_("draw until it fits")))
        if any(isinstance(a, Play) and a.makao for a in legal):
            keys.append(("m", N_("Makao")))
        elif any(isinstance(a, Play) and a.out for a in legal):
            keys.append(("m", N_("po makale")))
        return keys

    def hint(self) -> str:
        """What the player at the keyboard may do now, from the legal actions and his choice in
        the hand ("" when it is not his turn)."""
        now = self._now
        if now is None or not now.my_turn:
            return ""
        view, ascii = now.view, now.ascii
        legal = view.legal
        plays = [a for a in legal if isinstance(a, Play)]
        if view.drawn is not None:
            card = view.drawn.label(ascii)
            if any(isinstance(a, Pass) for a in legal):
                return _("You drew {card}: play it (Enter) or pass (p)").format(card=card)
            return _("You drew {card}: play it (Enter)").format(card=card)
        if self.marked:
            cards = " ".join(view.hand[i].label(ascii) for i in self.marked)
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

    # ------------------------------------------------------------ keys

    def _shown(self) -> list[Card]:
        now = self._now
        if now is None or now.hand_seat is None:
            return []
        return [now.view.hand[i] for i in shown_order(now.view.hand, now.hand_order, None)]

    def _turn(self) -> TableNow | None:
        """The table, when it is the player's turn; else None, and he is told whose it is."""
        return my_turn_or_say(self, self._now)

    def action_move(self, step: int) -> None:
        """Choose the card left or right of the chosen one."""
        shown = self._shown()
        if shown:
            index = shown.index(self.selected) if self.selected in shown else 0
            self.selected = shown[(index + step) % len(shown)]
            self._changed()

    def action_pick(self, index: int) -> None:
        """Choose the card at ``index`` (keys 1-9, 0)."""
        shown = self._shown()
        if index < len(shown):
            self.selected = shown[index]
            self._changed()

    def on_hand_view_clicked(self, message: HandView.Clicked) -> None:
        """A click chooses a card; a click on the chosen card plays it."""
        shown = self._shown()
        if message.index >= len(shown):
            return
        if shown[message.index] == self.selected:
            self.action_play()
        else:
            self.selected = shown[message.index]
            self._changed()

    def action_act(self, what: str) -> None:
        """Draw (``d``), take the penalty (``t``) or pass (``p``)."""
        if self._turn() is not None:
            action: Draw | Take | Pass = Draw() if what == "draw" else Take() if what == "take" else Pass()
            self.post_message(Act(action))

    def action_makao(self) -> None:
        """Toggle the Makao call that goes with the next play."""
        if self._turn() is None:
            return
        self.makao_armed = not self.makao_armed
        self._changed()
        self.post_message(Say(_("Makao will be called with your next play.") if self.makao_armed
                              else _("No Makao call with your next play.")))

    def action_mark(self) -> None:
        """Mark the chosen card for a play of several cards, or unmark it (§5 ``multi_play``)."""
        now = self._turn()
        if now is None:
            return
        if not now.seating.rules.multi_play:
            self.post_message(Say(_("one card at a time: several cards at once are not in these rules"), True))
            return
        hand = now.view.hand
        if self.selected not in hand:
            return
        index = hand.index(self.selected)
        if index in self.marked:
            self.marked.remove(index)
        else:
            self.marked.append(index)
        self._changed(clear=True)

    def action_play(self) -> None:
        """Play the chosen card, or the marked cards in the order marked; ask for the card a joker
        stands for, a suit or a demand when the engine offers a choice."""
        now = self._turn()
        if now is None:
            return
        view = now.view
        if self.marked:
            cards = [view.hand[i] for i in self.marked]
        elif self.selected is not None:
            cards = [self.selected]
        else:
            self.post_message(Say(_("Choose a card first."), True))
            return
        want = Counter(cards)
        forms = [a for a in view.legal if isinstance(a, Play) and a.card == cards[0]
                 and a.cards[-1] == cards[-1] and Counter(a.cards) == want]
        if not forms:  # not legal as laid: the engine says why
            self.post_message(Act(Play(cards[0], more=tuple(cards[1:]))))
            return
        if len(view.hand) == len(cards) and now.seating.rules.makao_out:
            # the last card: with "po makale" armed it ends the deal and names nothing; without the
            # call it keeps its effect (makao_tui/rules/makao-pl.en.md#house-rules makao_out), so
            # only then is a suit or demand asked
            forms = [a for a in forms if a.out == self.makao_armed] or forms
        self._choose(now, forms)

    def _choose(self, now: TableNow, forms: list[Play]) -> None:
        """Narrow ``forms`` (the legal forms of one play) by asking: the card a joker stands for
        (rank, then suit), the suit an ace names, the rank a jack demands; then make the play."""
        def then(narrow: Callable[[Play, str], bool]) -> Callable[[str | None], None]:
            return (lambda choice: self._choose(now, [a for a in forms if narrow(a, choice)])
                    if choice is not None else None)

        as_cards = sorted({a.as_card for a in forms if a.as_card is not None})
        if len(as_cards) > 1:
            ranks = sorted({c.rank for c in as_cards}, key=RANKS.index)
            if len(ranks) > 1:
                self.app.push_screen(JokerRankPicker(ranks), then(
                    lambda a, r: a.as_card is not None and a.as_card.rank == r))
                return
            suits = sorted({c.suit for c in as_cards}, key=SUITS.index)
            self.app.push_screen(JokerSuitPicker(ranks[0], suits, now.ascii),
                                 then(lambda a, su: a.as_card is not None and a.as_card.suit == su))
            return
        suits = sorted({a.suit for a in forms if a.suit is not None}, key=SUITS.index)
        if len(suits) > 1:
            self.app.push_screen(SuitPicker(suits, now.ascii), then(lambda a, su: a.suit == su))
            return
        demands = list(dict.fromkeys(a.demand for a in forms))
        if len(demands) > 1:
            self.app.push_screen(DemandPicker(demands), then(
                lambda a, d: a.demand == (None if d == NO_DEMAND else d)))
            return
        play = forms[0]
        left = len(now.view.hand) - len(play.cards)
        out = self.makao_armed and left == 0 and now.seating.rules.makao_out
        self.post_message(Act(dataclasses.replace(play, makao=self.makao_armed and not out, out=out)))


def draws_on(view: ShedView, rules: ShedRules) -> bool:
    """Whether only drawing is legal and the rules draw until a card fits (makao-pl,
    ``draw_until_playable``)."""
    return view.legal == (Draw(),) and rules.draw_until_playable


def default_choice(view: ShedView) -> Card | None:
    """The card chosen when a turn starts: the card just drawn, else the first playable one."""
    if view.drawn is not None:
        return view.drawn
    for action in view.legal:
        if isinstance(action, Play):
            return action.card
    return view.hand[0] if view.hand else None
