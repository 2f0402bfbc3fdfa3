"""The parts of the Peklo table, each drawing itself from the table as it shows now
(:class:`~makao_tui.app.screens.table.TableNow`, its ``show``): the bar over the table, the players
(their bids, the tricks they took and their cards in the trick), the trump, the banner over the
hand, and the hand with the bid panel over it, which holds the player's choice (the card, the bid
being chosen) and sends what he bids or plays as an :class:`~makao_tui.app.screens.table.Act`
message. The bids offered are the engine's legal bids plus the one the hook forbids (shown struck
out), the cards that may be played its legal plays (the others dimmed). Their words are made here;
the screen (``peklo.py``) lays them out."""

from __future__ import annotations

from typing import ClassVar, cast

from rich.cells import cell_len
from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.widgets import Static

from ...engine.actions import Bid, Play
from ...engine.cards import Card, suit_name
from ...engine.i18n import N_, _, ngettext
from ...games.peklo import PekloView, Trick
from ..rules_text import rules_word
from ..sorting import shown_order
from ..widgets.cards import CardView, HandView, card_text, with_cards
from ..widgets.status import show
from ..widgets.table import AlertLine, HandBox, TopBar
from .table import Act, HandChanged, Say, TableNow, fit_top_bar, hand_title, hidden_hand, my_turn_or_say


def trump_text(view: PekloView, ascii: bool) -> Text:
    """``trump 7♥`` (the card in its colour) or ``no trump``."""
    if view.trump is None:
        return Text(_("no trump"))
    return with_cards(_("trump {card}"), card=card_text(view.trump, ascii))


def bidding(now: TableNow) -> bool:
    """Whether the human at the keyboard is to bid now (the bid panel shows, the banner does not)."""
    return now.my_turn and now.view.phase == "bid"


def _shown_trick(view: PekloView) -> tuple[Trick | None, bool]:
    """The trick to show and whether it is finished: the one under way once led, else the one
    just won (so everybody sees how it went until the next lead), else None."""
    if view.trick is not None and view.trick.cards:
        return view.trick, False
    if view.history:
        return view.history[-1], True
    return None, False


def _winner(trick: Trick) -> int:
    """The winner of a finished trick."""
    return cast(int, trick.winner)


def _under_way(view: PekloView) -> Trick:
    """The trick under way (the play phase always has one, empty before the lead)."""
    return cast(Trick, view.trick)


def _latest_bids(bids: list[str], width: int) -> Text:
    """``bids`` ("Olga 1", in the order made) joined by commas in at most ``width`` columns: when
    they do not fit, the earliest give way to "…" (the latest, just before the player's own, stay;
    the players' table shows them all), and the last one left is cut if even it does not fit."""
    shown = list(bids)
    line = ", ".join(shown)
    while len(shown) > 1 and Text(line).cell_len > width:
        shown.pop(0)
        line = "…, " + ", ".join(shown)
    text = Text(line)
    text.truncate(max(1, width), overflow="ellipsis")
    return text


def _bid_choices(view: PekloView) -> list[int]:
    """The bids offered: the legal ones and the one the hook forbids (refused if chosen)."""
    bids = {a.tricks for a in view.legal if isinstance(a, Bid)}
    if view.forbidden_bid is not None:
        bids.add(view.forbidden_bid)
    return sorted(bids)


class PekloTopBar(TopBar):
    """The game, the deal (of how many), the cards dealt each, the trump, the options, whose turn."""

    def show(self, now: TableNow) -> None:
        seating, view = now.seating, now.view
        parts = [(Text(seating.variant.title(), style="bold"), False)]
        if view.number is not None:  # (a deal laid out by a lesson has no number in a match)
            parts.append((Text(_("deal {number} of {deals}").format(number=view.number, deals=view.deals)), False))
        parts += [(Text(ngettext("{n} card each", "{n} cards each", view.size).format(n=view.size)), False),
                  (trump_text(view, now.ascii), False)]
        if seating.variant.preset_of(seating.rules) != "seed":
            parts.append((Text(rules_word(seating.variant, seating.rules)), True))  # the options: help (?)
        if view.to_act is not None:
            name = seating.names[view.to_act]
            if now.my_turn:
                turn = _("your bid") if view.phase == "bid" else _("your turn")
            else:
                turn = (_("{name}'s bid") if view.phase == "bid" else _("{name}'s turn")).format(name=name)
            parts.append((Text(turn, style="bold"), False))
        show(self, fit_top_bar(parts, self.app.size.width))


class PekloSeats(Static):
    """The players, one row a seat: to act, name (D: the dealer), bid, tricks taken, its card in the
    trick under way (or the one just won), total; the trick's number and who led or won it over them."""

    DEFAULT_CSS = """
    PekloSeats {
        /* as wide as its table, up to 44 columns of 80: the Russian and Polish headers ("Взято",
           "Wzięte") and a dealer's mark beside a name need 42 */
        width: auto;
        min-width: 34;
        max-width: 55%;
        height: 100%;
        border: round $panel-lighten-2;
        border-title-align: left;
        padding: 0 1;
    }
    """

    def show(self, now: TableNow) -> None:
        self.border_title = self._title(now)
        show(self, self._table(now))

    @staticmethod
    def _title(now: TableNow) -> str:
        """The trick under way and who led it (or the one just won and who won it)."""
        names, view = now.seating.names, now.view
        if view.phase == "bid":
            return ngettext("Bidding · {n} trick to take", "Bidding · {n} tricks to take",
                            view.size).format(n=view.size)
        trick, finished = _shown_trick(view)
        number = len(view.history) + (0 if finished else 1)
        if finished and trick is not None:
            return _("Trick {number} of {size} · won by {name}").format(number=number, size=view.size,
                                                                       name=names[_winner(trick)])
        if trick is not None:
            return _("Trick {number} of {size} · led by {name}").format(number=number, size=view.size,
                                                                       name=names[trick.leader])
        return _("Trick 1 of {size} · {name} leads").format(size=view.size, name=names[_under_way(view).leader])

    @staticmethod
    def _table(now: TableNow) -> Table:
        """One row per seat: to act, name (D: dealer), bid, tricks taken, card in the trick, total."""
        seating, view = now.seating, now.view
        trick, finished = _shown_trick(view)
        played = dict(zip(trick.seats, trick.cards, strict=False)) if trick is not None else {}
        table = Table(box=None, pad_edge=False, padding=(0, 1), collapse_padding=True,
                      header_style="bold")
        table.add_column("", width=1)
        table.add_column(_("Player"), no_wrap=True, max_width=12)
        table.add_column(_("Bid"), justify="right")
        table.add_column(_("Took"), justify="right")
        # as wide as the wider of its two headings, so that the box (and the log beside it) keeps
        # its width when a trick ends
        heads = (_("Last trick"), _("Trick"))
        table.add_column(heads[0] if finished else heads[1], no_wrap=True,
                         min_width=max(10, *(cell_len(head) for head in heads)))
        table.add_column(_("Total"), justify="right")
        for seat in range(view.players):
            name = Text(seating.names[seat], style="bold" if seat == view.to_act else "")
            if seat == view.dealer:
                name.append(" " + _("D"), style="dim")
            away = seating.away(seat)  # a shared table: a player gone, or an AI playing for them
            if away is not None:
                name.append(f" ({away})", style="dim italic")
            bid = view.bids[seat]
            took = Text("" if view.phase == "bid" else str(view.tricks[seat]))
            if bid is not None and view.phase != "bid" and view.tricks[seat] > bid:
                took.stylize("red")
            card = Text()
            if trick is not None and seat in played:
                card = card_text(played[seat], now.ascii)
                if finished and seat == trick.winner:
                    card.append(" ★", style="bold yellow")
                elif seat == trick.leader:
                    card.append(" " + _("led"), style="dim")
            table.add_row(Text("▶", style="bold") if seat == view.to_act else "", name,
                          "–" if bid is None else str(bid), took, card,
                          str(seating.totals[seat]))
        return table


class PekloTrump(Vertical):
    """The trump card, its suit (or no trump), then the bids' sum against the deal's size."""

    DEFAULT_CSS = """
    PekloTrump {
        width: 14;
        height: 100%;
        border: round $panel-lighten-2;
        padding: 0 1;
    }
    PekloTrump #trump-card {
        height: 3;
    }
    PekloTrump #trump-info {
        height: auto;
    }
    """

    def compose(self) -> ComposeResult:
        yield CardView(id="trump-card")
        yield Static(id="trump-info")

    def on_mount(self) -> None:
        self.border_title = _("Trump")

    def show(self, now: TableNow) -> None:
        view = now.view
        self.query_one(CardView).show(view.trump, now.ascii)
        info = Text(_("no trump") if view.trump is None else suit_name(view.trump.suit), style="bold")
        bids = sum(b for b in view.bids if b is not None)
        info.append("\n\n" + _("Bids   {bids:>2}\nTricks {tricks:>2}").format(bids=bids, tricks=view.size) + "\n")
        if any(b is not None for b in view.bids) and bids != view.size:
            gap = abs(bids - view.size)
            info.append((_("{n} over") if bids > view.size else _("{n} under")).format(n=gap), style="yellow")
        show(self.query_one("#trump-info", Static), info)


class PekloAlert(AlertLine):
    """The banner over the hand: who is to bid or play, the lead, a trick just won (``won``: on the
    success colour). While the player at the keyboard bids it gives its row to the players' table:
    the bid panel's title says the same."""

    DEFAULT_CSS = """
    PekloAlert.won {
        background: $success 25%;
        color: $text;
    }
    """

    def show(self, now: TableNow) -> None:
        text, won = self.words(now)
        self.display = not bidding(now)
        show(self, text)
        self.set_class(won, "won")

    @staticmethod
    def words(now: TableNow) -> tuple[Text, bool]:
        """The banner's text, and whether it announces a trick just won."""
        seating, view, mine = now.seating, now.view, now.my_turn
        names = seating.names
        if view.to_act is None:
            return Text(" " + _("The deal is over")), False
        actor = names[view.to_act]
        if view.phase == "bid":
            if mine:
                return Text(" " + _("Your bid, {name}: how many tricks will you take?").format(name=actor)), False
            words = _("{name} is bidding…") if seating.is_ai(view.to_act) else _("{name} to bid")
            return Text(" " + words.format(name=actor)), False
        trick, finished = _shown_trick(view)
        if finished and trick is not None:
            winner = _winner(trick)
            words = (_("★ {winner} wins trick {number} with {card} — your lead") if mine
                     else _("★ {winner} wins trick {number} with {card} — {name} leads next"))
            text = with_cards(" " + words, "bold", winner=names[winner], number=str(len(view.history)),
                              card=card_text(trick.cards[trick.seats.index(winner)], now.ascii), name=actor)
            return text, True
        if trick is None:
            return Text(" " + (_("Your lead") if mine else _("{name} leads the first trick").format(name=actor))), False
        if mine:
            words = _("{leader} led {card} — your turn")
        elif seating.is_ai(view.to_act):
            words = _("{leader} led {card} — {name} is thinking…")
        else:
            words = _("{leader} led {card} — {name} to play")
        return with_cards(" " + words, leader=names[trick.leader], card=card_text(trick.cards[0], now.ascii),
                          name=actor), False


class PekloBidPanel(Static):
    """While the player at the keyboard bids: the numbers to choose from (the chosen one lit, the
    hook's forbidden one struck out), the bids so far against the cards in hand, the hook; its title
    is the banner's words (:class:`PekloAlert`), whose row it takes."""

    DEFAULT_CSS = """
    PekloBidPanel {
        height: auto;
        border: round $warning;
        border-title-style: bold;
        padding: 0 0;
    }
    """

    def show(self, now: TableNow, choice: int) -> None:
        """Show the panel while the player bids, ``choice`` the bid chosen; else hide it."""
        self.display = bidding(now)
        if self.display:
            self.border_title = PekloAlert.words(now)[0].plain.strip()
            show(self, self._panel(now, choice))

    def _panel(self, now: TableNow, choice: int) -> Group:
        names, view = now.seating.names, now.view
        row = Text(" ")
        for n in _bid_choices(view):
            if n == choice:
                style = "bold reverse yellow"
            elif n == view.forbidden_bid:
                style = "strike dim red"
            else:
                style = "bold"
            row.append(f"{n:>2}", style=style)
            row.append("  ")
        # the bids in the order they were made: from the dealer's left
        order = [(view.dealer + 1 + i) % view.players for i in range(view.players)]
        made = [(s, b) for s in order if (b := view.bids[s]) is not None]
        width = self.app.size.width - 2  # the panel's border; each line keeps to one row
        so_far = Text(" " + _("Bids so far:") + " ")
        if made:
            total = sum(b for _seat, b in made)
            tail = Text(" " + ngettext("— sum {total} of {n} card in hand", "— sum {total} of {n} cards in hand",
                                       view.size).format(total=total, n=view.size), style="bold")
            so_far.append_text(_latest_bids([f"{names[s]} {b}" for s, b in made],
                                            width - so_far.cell_len - tail.cell_len))
            so_far.append_text(tail)
        else:
            so_far.append(ngettext("none yet, you bid first — {n} card in hand",
                                   "none yet, you bid first — {n} cards in hand", view.size).format(n=view.size))
        if view.forbidden_bid is not None:
            last = Text(" " + _("Hook: as the dealer you may not bid {bid} (the bids would add up to {size}).").format(
                bid=view.forbidden_bid, size=view.size), style="bold")
        elif view.hook:
            last = Text(" " + _("Hook: on (it binds only the dealer, who bids last)."))
        else:
            last = Text(" " + _("← → or digits choose, Enter bids."), style="dim")
        for line in (row, so_far, last):  # a wrapped line would take a row from the players' table
            line.no_wrap, line.overflow = True, "ellipsis"
        return Group(row, so_far, last)


class PekloHand(Vertical):
    """The bid panel (:class:`PekloBidPanel`, while the player bids) over the hand at the keyboard
    in its box, and the player's choice in them: the bid being chosen (``bid_choice``; ``_typed``,
    the digits typed for it) and the chosen card (``selected``). Its keys choose and bid or play;
    what the player does leaves it as an :class:`Act` message, a refusal of its own (not his turn,
    no such bid) as a :class:`Say`. It keeps the focus: its keys work wherever the mouse is."""

    DEFAULT_CSS = """
    PekloHand {
        height: auto;
    }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "move(-1)", N_("Choose"), show=False),
        Binding("right", "move(1)", N_("Choose"), show=False),
        Binding("enter", "confirm", N_("Bid / play")),
        *[Binding(key, f"digit({key})", show=False) for key in "1234567890"],
    ]

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.selected: Card | None = None
        self.bid_choice = 0
        self._typed = ""
        self._now: TableNow | None = None

    def compose(self) -> ComposeResult:
        yield PekloBidPanel(id="bid-panel")
        with HandBox(id="hand-box"):
            yield HandView(id="hand")

    # ------------------------------------------------------------ drawn from the table

    def new_turn(self, now: TableNow) -> None:
        """The seat to act (or the human at the keyboard) changed: the lowest legal bid is chosen,
        nothing typed yet, and the turn's first card."""
        view = now.view
        self._typed = ""
        bids = [a.tricks for a in view.legal if isinstance(a, Bid)]
        self.bid_choice = min(bids) if bids else 0
        self.selected = default_card(view) if now.hand_seat is not None else None

    def show(self, now: TableNow) -> None:
        self._now = now
        self.query_one(PekloBidPanel).show(now, self.bid_choice)
        view, box, hand = now.view, self.query_one(HandBox), self.query_one(HandView)
        if now.hand_seat is None:
            box.border_title, words = hidden_hand(now, _("Hand hidden"),
                                                  _("Hands are hidden while the keyboard is passed."))
            hand.show((), (), None, now.ascii, words)
            return
        box.border_title = hand_title(now)
        playable: set[Card] = set()
        dimmed: set[Card] = set()
        if now.my_turn and view.phase == "play":
            playable = {a.card for a in view.legal if isinstance(a, Play)}
            dimmed = set(view.hand) - playable
        if self.selected not in view.hand:
            self.selected = default_card(view)
        shown = self._shown(now)
        index = shown.index(self.selected) if view.phase == "play" and self.selected in shown else None
        hand.show(shown, playable, index, now.ascii, _("No cards left."), dimmed)

    def _changed(self, clear: bool = False) -> None:
        if self._now is not None:
            self.show(self._now)
        self.post_message(HandChanged(clear))

    # ------------------------------------------------------------ keys

    @staticmethod
    def _shown(now: TableNow) -> list[Card]:
        """The hand as shown: in the order the player chose (``o``), the trumps first."""
        hand = now.view.hand
        return [hand[i] for i in shown_order(hand, now.hand_order, now.view.trump_suit)]

    def _choosing_card(self) -> TableNow | None:
        """The table, when a hand shows in the play (a card may be chosen, in turn or not); else None."""
        now = self._now
        if now is None or now.hand_seat is None or now.view.phase != "play" or not now.view.hand:
            return None
        return now

    # ------------------------------------------------------------ what may be done now

    def keys(self) -> list[tuple[str, str]]:
        """The key bar's keys that do something now ((key, untranslated word) pairs; [] when it
        is not the turn of the player at the keyboard)."""
        now = self._now
        if now is None:
            return []
        if bidding(now):
            return [("←→ 0-9", N_("choose a bid")), ("Enter", N_("bid"))]
        if now.my_turn and now.view.phase == "play":
            return [("←→ 1-0", N_("choose a card")), ("Enter", N_("play"))]
        return []

    def hint(self) -> str:
        """What the player at the keyboard may do now, from the legal actions ("" when it is not
        his turn)."""
        now = self._now
        if now is None or not now.my_turn:
            return ""
        view = now.view
        if view.phase == "bid":
            return _("Choose how many tricks you will take, then press Enter.")
        led = view.led_suit
        if led is None:
            return _("Lead any card: choose it and press Enter.")
        plays = [a.card for a in view.legal if isinstance(a, Play)]
        if all(c.suit == led for c in plays) and len(plays) < len(view.hand):
            return _("Follow suit: play one of your {suit} (the others are dimmed).").format(suit=suit_name(led))
        if all(c.suit != led for c in plays):
            return _("You have no {suit}: play any card.").format(suit=suit_name(led))
        return _("Choose a card and press Enter.")

    def _turn(self) -> TableNow | None:
        """The table, when it is the player's turn; else None, and he is told whose it is."""
        return my_turn_or_say(self, self._now)

    def action_move(self, step: int) -> None:
        """Choose the bid, or the card, left or right of the chosen one."""
        now = self._now
        if now is not None and bidding(now):
            choices = _bid_choices(now.view)
            index = choices.index(self.bid_choice) if self.bid_choice in choices else 0
            self.bid_choice = choices[(index + step) % len(choices)]
            self._typed = ""
        elif (now := self._choosing_card()) is not None:
            shown = self._shown(now)
            index = shown.index(self.selected) if self.selected in shown else 0
            self.selected = shown[(index + step) % len(shown)]
        else:
            return
        self._changed()

    def action_digit(self, digit: int) -> None:
        """Bidding: type the bid (a second digit makes 10 and more when the deal allows it).
        Playing: choose the card at place ``digit`` (0 is the tenth)."""
        now = self._now
        if now is not None and bidding(now):
            self._type_bid(now, digit)
        elif (now := self._choosing_card()) is not None:
            index = 9 if digit == 0 else digit - 1
            if index < len(now.view.hand):
                self.selected = self._shown(now)[index]
                self._changed()

    def _type_bid(self, now: TableNow, digit: int) -> None:
        """A digit typed while bidding: with the one before it a bid of 10 or more if there is
        one, else a bid of its own; a bid not offered is refused in words naming those that are."""
        choices = _bid_choices(now.view)
        typed = str(digit) if self._typed in ("", "0") or len(self._typed) > 1 else self._typed + str(digit)
        if int(typed) not in choices:
            typed = str(digit)
        if int(typed) not in choices:
            if len(choices) == 1:
                allowed = str(choices[0])
            elif len(choices) <= 3:
                allowed = _("{some} or {last}").format(some=", ".join(map(str, choices[:-1])), last=choices[-1])
            else:
                allowed = ngettext("{low} to {high} trick", "{low} to {high} tricks", choices[-1]).format(
                    low=choices[0], high=choices[-1])
            self.post_message(Say(_("No bid of {digit}: a bid is {allowed}.").format(digit=digit, allowed=allowed)))
            return
        self._typed = typed
        self.bid_choice = int(typed)
        self._changed(clear=True)

    def on_hand_view_clicked(self, message: HandView.Clicked) -> None:
        """In the play: a click chooses a card; a click on the chosen card plays it."""
        now = self._choosing_card()
        if now is None or message.index >= len(now.view.hand):
            return
        card = self._shown(now)[message.index]
        if card == self.selected:
            self.action_confirm()
        else:
            self.selected = card
            self._changed()

    def action_confirm(self) -> None:
        """Make the chosen bid, or play the chosen card; the engine may refuse and say why."""
        now = self._turn()
        if now is None:
            return
        if now.view.phase == "bid":
            self.post_message(Act(Bid(self.bid_choice)))
        elif self.selected is None:
            self.post_message(Say(_("Choose a card first."), True))
        else:
            self.post_message(Act(Play(self.selected)))


def default_card(view: PekloView) -> Card | None:
    """The card chosen when a turn starts: the first one that may be played."""
    for action in view.legal:
        if isinstance(action, Play):
            return action.card
    return view.hand[0] if view.hand else None
