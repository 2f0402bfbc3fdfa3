"""The table of Peklo (family ``tricks``): the deal and its trump, every player's bid and tricks
taken, the trick under way (or the one just won), the bid panel, your hand.

Everything shown comes from the table's updates to this terminal's seats (through a
:class:`~makao_tui.table.Seating`): the seat views (:class:`~makao_tui.games.peklo.PekloView`), the
score sheet's rows and the events of the log: the bids offered are the engine's legal bids plus the one the hook
forbids (shown struck out), the cards that may be played are its legal plays (the others are
dimmed), and a refused bid or play shows the engine's reason.
"""

from __future__ import annotations

from typing import Any, ClassVar, cast

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import Static

from ...engine.actions import Bid, Play
from ...engine.cards import Card, suit_name
from ...engine.i18n import N_, _, ngettext
from ...games.peklo import PekloView, Trick
from ...table import Seating
from ..rules_text import rules_word
from ..widgets.cards import CardView, HandView, card_text, with_cards
from ..widgets.log import EventLog
from ..widgets.scores import ScoreSheet
from ..widgets.status import StatusLine, show
from ..widgets.table import AlertLine, HandBox, TableKeyBar, TopBar
from .table import TableScreen, fit_top_bar

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


def _trump_text(view: PekloView, ascii: bool) -> Text:
    """``trump 7♥`` (the card in its colour) or ``no trump``."""
    if view.trump is None:
        return Text(_("no trump"))
    return with_cards(_("trump {card}"), card=card_text(view.trump, ascii))


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


class PekloTableScreen(TableScreen):
    """The table of Peklo (see the module docstring)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "move(-1)", N_("Choose"), show=False),
        Binding("right", "move(1)", N_("Choose"), show=False),
        Binding("enter", "confirm", N_("Bid / play")),
        Binding("o", "sort_hand", N_("Sort the hand"), show=False),
        *[Binding(key, f"digit({key})", show=False) for key in "1234567890"],
    ]

    def __init__(self, seating: Seating) -> None:
        super().__init__(seating)
        self.selected: Card | None = None
        self.bid_choice = 0
        self._typed = ""

    def compose(self) -> ComposeResult:
        yield TopBar(id="topbar")
        with Horizontal(id="middle"):
            yield Static(id="players")
            with Vertical(id="trump-box"):
                yield CardView(id="trump-card")
                yield Static(id="trump-info")
            yield EventLog(id="log")
        yield AlertLine(id="alert")
        yield Static(id="bid-panel")
        with HandBox(id="hand-box"):
            yield HandView(id="hand")
        yield StatusLine(id="status")
        yield TableKeyBar(id="keybar")

    def on_mount(self) -> None:
        if self.leaving:  # removed before its widgets were all mounted (see TableScreen.leaving)
            return
        self.query_one("#trump-box").border_title = _("Trump")
        self.query_one("#log").border_title = _("Log")
        self.query_one(HandView).focus()
        self.on_turn_change()  # Textual then runs TableScreen.on_mount, which starts the play

    def on_resize(self) -> None:
        """The top bar and the bid panel fit their lines to the width: make them anew."""
        if self.leaving:
            return
        self.refresh_table()

    # ------------------------------------------------------------ what the table shows

    def _bidding(self, view: PekloView) -> bool:
        """Whether the human at the keyboard is to bid now."""
        return self._my_turn() and view.phase == "bid"

    def refresh_table(self) -> None:
        view = self._view()
        show(self.query_one("#topbar", Static), self._topbar(view))
        players = self.query_one("#players", Static)
        players.border_title = self._trick_title(view)
        show(players, self._players(view))
        self.query_one("#trump-card", CardView).show(view.trump, self.ascii)
        show(self.query_one("#trump-info", Static), self._trump_info(view))
        self.show_log()
        alert, won = self._alert(view)
        alert_widget = self.query_one("#alert", Static)
        panel = self.query_one("#bid-panel", Static)
        panel.display = self._bidding(view)
        # the bid panel's title says what the banner would (its row goes to the players' table:
        # seven seats fit at 80×24 with a key bar of two lines)
        alert_widget.display = not panel.display
        show(alert_widget, alert)
        alert_widget.set_class(won, "won")
        if panel.display:
            panel.border_title = alert.plain.strip()
            show(panel, self._bid_panel(view))
        self._show_hand(view)
        status = self.query_one(StatusLine)
        status.say(*(self.message or (self._hint(view), False)))
        self._keys(view)  # (the key bar draws itself)

    def _topbar(self, view: PekloView) -> Text:
        session = self.seating
        parts = [(Text(session.variant.title(), style="bold"), False)]
        if view.number is not None:  # (a deal laid out by a lesson has no number in a match)
            parts.append((Text(_("deal {number} of {deals}").format(number=view.number, deals=view.deals)), False))
        parts += [(Text(ngettext("{n} card each", "{n} cards each", view.size).format(n=view.size)), False),
                  (_trump_text(view, self.ascii), False)]
        if session.variant.preset_of(session.rules) != "seed":
            parts.append((Text(rules_word(session.variant, session.rules)), True))  # the options: help (?)
        if view.to_act is not None:
            name = session.names[view.to_act]
            if self._my_turn():
                turn = _("your bid") if view.phase == "bid" else _("your turn")
            else:
                turn = (_("{name}'s bid") if view.phase == "bid" else _("{name}'s turn")).format(name=name)
            parts.append((Text(turn, style="bold"), False))
        return fit_top_bar(parts, self.app.size.width)

    def _trick_title(self, view: PekloView) -> str:
        """The title over the players: the trick under way and who led it."""
        names = self.seating.names
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

    def _players(self, view: PekloView) -> Table:
        """One row per seat: to act, name (D: dealer), bid, tricks taken, card in the trick, total."""
        session = self.seating
        trick, finished = _shown_trick(view)
        played = dict(zip(trick.seats, trick.cards, strict=False)) if trick is not None else {}
        table = Table(box=None, pad_edge=False, padding=(0, 1), collapse_padding=True,
                      header_style="bold")
        table.add_column("", width=1)
        table.add_column(_("Player"), no_wrap=True, max_width=12)
        table.add_column(_("Bid"), justify="right")
        table.add_column(_("Took"), justify="right")
        table.add_column(_("Last trick") if finished else _("Trick"), no_wrap=True, min_width=10)
        table.add_column(_("Total"), justify="right")
        for seat in range(view.players):
            name = Text(session.names[seat], style="bold" if seat == view.to_act else "")
            if seat == view.dealer:
                name.append(" " + _("D"), style="dim")
            away = session.away(seat)  # a shared table: a player gone, or an AI playing for them
            if away is not None:
                name.append(f" ({away})", style="dim italic")
            bid = view.bids[seat]
            took = Text("" if view.phase == "bid" else str(view.tricks[seat]))
            if bid is not None and view.phase != "bid" and view.tricks[seat] > bid:
                took.stylize("red")
            card = Text()
            if trick is not None and seat in played:
                card = card_text(played[seat], self.ascii)
                if finished and seat == trick.winner:
                    card.append(" ★", style="bold yellow")
                elif seat == trick.leader:
                    card.append(" " + _("led"), style="dim")
            table.add_row(Text("▶", style="bold") if seat == view.to_act else "", name,
                          "–" if bid is None else str(bid), took, card,
                          str(session.totals[seat]))
        return table

    def _trump_info(self, view: PekloView) -> Text:
        """Under the trump card: its suit (or no trump), then the bids' sum against the deal size."""
        info = Text(_("no trump") if view.trump is None else suit_name(view.trump.suit), style="bold")
        bids = sum(b for b in view.bids if b is not None)
        info.append("\n\n" + _("Bids   {bids:>2}\nTricks {tricks:>2}").format(bids=bids, tricks=view.size) + "\n")
        if any(b is not None for b in view.bids) and bids != view.size:
            gap = abs(bids - view.size)
            info.append((_("{n} over") if bids > view.size else _("{n} under")).format(n=gap), style="yellow")
        return info

    def _alert(self, view: PekloView) -> tuple[Text, bool]:
        """The banner over the hand, and whether it announces a trick just won."""
        session = self.seating
        names = session.names
        mine = self._my_turn()
        if view.to_act is None:
            return Text(" " + _("The deal is over")), False
        actor = names[view.to_act]
        if view.phase == "bid":
            if mine:
                return Text(" " + _("Your bid, {name}: how many tricks will you take?").format(name=actor)), False
            words = _("{name} is bidding…") if session.is_ai(view.to_act) else _("{name} to bid")
            return Text(" " + words.format(name=actor)), False
        trick, finished = _shown_trick(view)
        if finished and trick is not None:
            winner = _winner(trick)
            words = (_("★ {winner} wins trick {number} with {card} — your lead") if mine
                     else _("★ {winner} wins trick {number} with {card} — {name} leads next"))
            text = with_cards(" " + words, "bold", winner=names[winner], number=str(len(view.history)),
                              card=card_text(trick.cards[trick.seats.index(winner)], self.ascii), name=actor)
            return text, True
        if trick is None:
            return Text(" " + (_("Your lead") if mine else _("{name} leads the first trick").format(name=actor))), False
        if mine:
            words = _("{leader} led {card} — your turn")
        elif session.is_ai(view.to_act):
            words = _("{leader} led {card} — {name} is thinking…")
        else:
            words = _("{leader} led {card} — {name} to play")
        return with_cards(" " + words, leader=names[trick.leader], card=card_text(trick.cards[0], self.ascii),
                          name=actor), False

    def _bid_choices(self, view: PekloView) -> list[int]:
        """The bids offered: the legal ones and the one the hook forbids (refused if chosen)."""
        bids = {a.tricks for a in view.legal if isinstance(a, Bid)}
        if view.forbidden_bid is not None:
            bids.add(view.forbidden_bid)
        return sorted(bids)

    def _bid_panel(self, view: PekloView) -> Group:
        """The numbers to choose from, the bids so far against the cards in hand, the hook."""
        names = self.seating.names
        row = Text(" ")
        for n in self._bid_choices(view):
            if n == self.bid_choice:
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

    def _show_hand(self, view: PekloView) -> None:
        hand = self.query_one(HandView)
        box = self.query_one("#hand-box")
        seat = self.seating.hand_seat()
        if seat is None:
            box.border_title, words = self.hidden_hand(_("Hand hidden"),
                                                       _("Hands are hidden while the keyboard is passed."))
            hand.show((), (), None, self.ascii, words)
            return
        name = self.seating.names[seat]
        owner = (_("Your hand ({name})") if self.seating.humans else _("{name}'s hand")).format(name=name)
        count = len(view.hand)
        cards = ngettext("{n} card", "{n} cards", count).format(n=count)
        box.border_title = Text(f"{owner} · {cards}{self.order_title()}")
        playable: set[Card] = set()
        dimmed: set[Card] = set()
        if self._my_turn() and view.phase == "play":
            playable = {a.card for a in view.legal if isinstance(a, Play)}
            dimmed = set(view.hand) - playable
        if self.selected not in view.hand:
            self.selected = self._default_card(view)
        shown = self.shown_hand(view.hand)
        index = shown.index(self.selected) if view.phase == "play" and self.selected in shown else None
        hand.show(shown, playable, index, self.ascii, _("No cards left."), dimmed)

    def _default_card(self, view: PekloView) -> Card | None:
        """The card chosen when a turn starts: the first one that may be played."""
        for action in view.legal:
            if isinstance(action, Play):
                return action.card
        return view.hand[0] if view.hand else None

    def _keys(self, view: PekloView) -> Text:
        """The key bar: the keys that do something now, then the rest."""
        keys: list[tuple[str, str]] = []
        if self._bidding(view):
            keys += [("←→ 0-9", N_("choose a bid")), ("Enter", N_("bid"))]
        elif self._my_turn() and view.phase == "play":
            keys += [("←→ 1-0", N_("choose a card")), ("Enter", N_("play"))]
        return self.key_bar(keys)

    def _hint(self, view: PekloView) -> str:
        """What the human to act may do now, from the legal actions."""
        if not self._my_turn():
            return ""
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

    # ------------------------------------------------------------ hooks of the base

    def say(self, message: str, error: bool = False) -> None:
        self.message = (_("Not allowed: {reason}").format(reason=message) if error else message, error)
        self.query_one(StatusLine).say(*self.message)

    def on_turn_change(self) -> None:
        self.message = None
        self._typed = ""
        view = self._view()
        bids = [a.tricks for a in view.legal if isinstance(a, Bid)]
        self.bid_choice = min(bids) if bids else 0
        self.selected = self._default_card(view) if self.seating.hand_seat() is not None else None

    @staticmethod
    def pace(view: Any, rules: Any) -> float:
        """Longer after a trick is won, so that the finished trick stays in sight a moment."""
        if view.phase == "play" and view.history and not view.trick.cards:
            return TRICK_PAUSE
        return 1.0

    def help_keys(self) -> list[tuple[str, str]]:
        return KEYS

    # ------------------------------------------------------------ keys

    def _check_turn(self) -> bool:
        if self._my_turn():
            return True
        seat = self.seating.to_act
        self.say(_("The deal is over.") if seat is None
                 else _("It is {name}'s turn.").format(name=self.seating.names[seat]))
        return False

    def action_move(self, step: int) -> None:
        """Choose the bid, or the card, left or right of the chosen one."""
        view = self._view()
        if self._bidding(view):
            choices = self._bid_choices(view)
            index = choices.index(self.bid_choice) if self.bid_choice in choices else 0
            self.bid_choice = choices[(index + step) % len(choices)]
            self._typed = ""
        elif view.phase == "play" and view.hand and self.seating.hand_seat() is not None:
            shown = self.shown_hand(view.hand)
            index = shown.index(self.selected) if self.selected in shown else 0
            self.selected = shown[(index + step) % len(shown)]
        else:
            return
        self.refresh_table()

    def action_digit(self, digit: int) -> None:
        """Bidding: type the bid (a second digit makes 10 and more when the deal allows it).
        Playing: choose the card at place ``digit`` (0 is the tenth)."""
        view = self._view()
        if self._bidding(view):
            choices = self._bid_choices(view)
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
                self.say(_("No bid of {digit}: a bid is {allowed}.").format(digit=digit, allowed=allowed))
                return
            self._typed = typed
            self.bid_choice = int(typed)
            self.message = None
        elif view.phase == "play" and self.seating.hand_seat() is not None:
            index = 9 if digit == 0 else digit - 1
            if index >= len(view.hand):
                return
            self.selected = self.shown_hand(view.hand)[index]
        else:
            return
        self.refresh_table()

    def on_hand_view_clicked(self, message: HandView.Clicked) -> None:
        """In the play: a click chooses a card; a click on the chosen card plays it."""
        view = self._view()
        if view.phase != "play" or self.seating.hand_seat() is None or message.index >= len(view.hand):
            return
        card = self.shown_hand(view.hand)[message.index]
        if card == self.selected:
            self.action_confirm()
        else:
            self.selected = card
            self.refresh_table()

    def action_confirm(self) -> None:
        """Make the chosen bid, or play the chosen card; the engine may refuse and say why."""
        if not self._check_turn():
            return
        view = self._view()
        if view.phase == "bid":
            self.act(Bid(self.bid_choice))
        elif self.selected is None:
            self.say(_("Choose a card first."), error=True)
        else:
            self.act(Play(self.selected))

    # ------------------------------------------------------------ sheet and results

    def trump_suit(self) -> str | None:
        """The deal's trump suit: a sorted hand shows its trumps first."""
        return self._view().trump_suit

    def score_sheet(self) -> ScoreSheet:
        return peklo_sheet(self.seating, self.ascii)

    def deal_result(self) -> RenderableType:
        session = self.seating
        names = session.names
        row = session.rows[-1]
        view = row.public
        head = Text(ngettext("{n} card each", "{n} cards each", view.size).format(n=view.size) + ", ", style="bold")
        head.append_text(_trump_text(view, self.ascii))
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
