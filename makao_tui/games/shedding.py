"""The shedding engine the two Makaos share (RULES.md §1 makao-ru and §2 makao-pl).

One :class:`ShedState` plays both games; what differs lives in a :class:`ShedGame` (constants and
scoring of each game) plus the game's rules config. The differences, all named here:

===========================  ==========================  ==========================================
rule                         makao-ru (§1)               makao-pl (§2)
===========================  ==========================  ==========================================
packs                        2 (104 cards)               1 (52 cards)
wild cards                   9 and ace                   ace
answer to a penalty          same kind, sums add         ransom with same rank, doubled or added
K♥                           penalty 5, K♥ answers it    5 cards, no answer (one deck)
four, jack                   ordinary                    four skips, jack demands a rank
drawing                      always allowed, one card    only without a playable card; until one fits
forgotten Makao              2 cards                     5 cards
last card a penalty card     next player answers once    the deal ends at once
scoring                      card values, lowest wins    +10 / minus card values, highest wins
===========================  ==========================  ==========================================
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, cast

from ..engine.actions import Action, Draw, Pass, Play, Take
from ..engine.cards import ALL_CARDS, RANKS, SUITS, Card, deck, rank_name, suit_label
from ..engine.events import DealEnded, DealStarted, Event, card_list, plural
from ..engine.state import GameState, IllegalAction

if TYPE_CHECKING:
    from ..engine.match import DealRecord
    from ..engine.variant import DealColumns

KING_OF_HEARTS = Card.parse("KH")
HAND_SIZE = 5


# ---------------------------------------------------------------- events


@dataclass(frozen=True, slots=True)
class CardPlayed(Event):
    """``seat`` played ``card``; ``named`` is the suit an ace named, ``demand`` a jack's demand."""

    card: Card = KING_OF_HEARTS
    named: str | None = None
    demand: str | None = None
    makao: bool = False
    demand_made: bool = False

    def text(self, names, ascii=False, viewer=None):
        out = f"{names[self.seat]} plays {self.card.label(ascii)}"
        if self.named is not None:
            out += f" and names {suit_label(self.named, ascii)}"
        if self.demand_made:
            out += f" and demands {rank_name(self.demand)}s" if self.demand else " with no demand"
        if self.makao:
            out += ' — "Makao!"'
        return out


@dataclass(frozen=True, slots=True)
class CardsDrawn(Event):
    """``seat`` drew ``cards`` (only that seat may see which); ``wanted`` more were forgiven."""

    cards: tuple[Card, ...] = ()
    reason: str = "draw"  # draw | penalty | makao
    forgiven: int = 0

    @property
    def private_to(self):
        return self.seat

    def text(self, names, ascii=False, viewer=None):
        n = len(self.cards)
        what = f"{n} card{'s' if n != 1 else ''}"
        if viewer is None or viewer == self.seat:
            what += f" ({card_list(self.cards, ascii)})" if n else ""
        why = {"penalty": " as the penalty", "makao": " for forgetting Makao"}.get(self.reason, "")
        out = f"{names[self.seat]} draws {what}{why}"
        if self.forgiven:
            out += f"; the other {self.forgiven} are forgiven (no cards left)"
        return out


@dataclass(frozen=True, slots=True)
class PenaltyPending(Event):
    """``seat`` now faces ``amount`` penalty cards; it may answer with ``answer`` (or None)."""

    amount: int = 0
    answer: str | None = None
    ransom: bool = False

    def text(self, names, ascii=False, viewer=None):
        if self.answer is None:
            return f"{names[self.seat]} must take {self.amount}"
        verb = "ransom with" if self.ransom else "answer with"
        return f"{names[self.seat]} must take {self.amount} or {verb} {self.answer}"


@dataclass(frozen=True, slots=True)
class TurnPassed(Event):
    """``seat``'s turn ended without a card played (``reason``: ``drawn`` | ``stuck`` | ``chose``)."""

    reason: str = "chose"

    def text(self, names, ascii=False, viewer=None):
        return {
            "drawn": f"{names[self.seat]} cannot play the drawn card and passes",
            "stuck": f"{names[self.seat]} can neither play nor draw and passes",
        }.get(self.reason, f"{names[self.seat]} passes")


@dataclass(frozen=True, slots=True)
class TurnSkipped(Event):
    """``seat`` loses its turn to a four (makao-pl)."""

    def text(self, names, ascii=False, viewer=None):
        return f"{names[self.seat]} loses the turn to the four"


@dataclass(frozen=True, slots=True)
class DemandLapsed(Event):
    """The jack's demand on ``seat`` was not met and lapses (makao-pl)."""

    def text(self, names, ascii=False, viewer=None):
        return f"The demand on {names[self.seat]} lapses"


@dataclass(frozen=True, slots=True)
class StockRebuilt(Event):
    """The pile under its top card (``count`` cards) was shuffled into a new stock."""

    count: int = 0

    def text(self, names, ascii=False, viewer=None):
        return f"The stock is rebuilt from the pile ({plural(self.count, 'card')})"


@dataclass(frozen=True, slots=True)
class PositionRepeated(Event):
    """The same position came round a third time: the deal ends with no winner."""

    def text(self, names, ascii=False, viewer=None):
        return "The same position has come round three times: the deal ends"


@dataclass(frozen=True, slots=True)
class WentOut(Event):
    """``seat`` played its last card."""

    def text(self, names, ascii=False, viewer=None):
        return f"{names[self.seat]} has no cards left"


# ---------------------------------------------------------------- game description


@dataclass(frozen=True)
class ShedGame:
    """The fixed differences of one shedding game (see the module table).

    ``card_value(card)``: points a card left in hand costs. ``score(hands, winner, out)``: the
    deal's points per seat, from the final hands, the winner (or None) and the seats that went out.
    ``ransom_word``: the log says "ransom" (makao-pl) rather than "answer" (makao-ru).
    """

    id: str
    decks: int
    wild_ranks: frozenset
    makao_cost: int
    four_skips: bool
    jack_demands: bool
    draw_when_playable: bool
    answer_after_going_out: bool
    ransom_word: bool
    card_value: Callable[[Card], int]
    score: Callable[[list[list[Card]], int | None, set[int], Callable[[Card], int]], list[int]]

    def deal(self, rules: Any, players: int, dealer: int, rng: random.Random, match: Any = None) -> ShedState:
        """A new deal (the ``Variant.deal`` hook): the packs shuffled with ``rng``, 5 cards each,
        the starter turned up; ``match`` is not needed (each deal stands alone)."""
        return ShedState.deal(self, rules, players, dealer, rng)

    def from_layout(self, layout: Any) -> ShedState:
        """The deal a scenario file lays out; raise ValueError without a ``starter`` card."""
        if layout.starter is None:
            raise ValueError(f"a {self.id} scenario needs a starter card")
        return ShedState(self, layout.rules, layout.players, layout.dealer, layout.hands, layout.starter,
                         layout.stock, layout.rng())


DEMAND_RANKS = ("5", "6", "7", "8", "9", "T", "Q")


@dataclass(frozen=True, slots=True)
class ShedView:
    """What one seat may know of a shedding deal.

    ``hand``: the seat's own cards (display order); ``counts``: cards in every hand, by seat;
    ``pile``: the discard pile, top last (all face-up cards since the last rebuild);
    ``penalty``/``penalty_rank``: the penalty faced by ``to_act`` (``"2"``, ``"3"`` or ``"KH"``);
    ``demand``: the rank a jack demands of ``to_act``; ``drawn``: the card this seat just drew and
    may play (only for the seat to act); ``legal``: its legal actions (empty unless it is to act).
    """

    seat: int
    players: int
    dealer: int
    hand: tuple[Card, ...]
    counts: tuple[int, ...]
    pile: tuple[Card, ...]
    suit: str
    penalty: int
    penalty_rank: str | None
    demand: str | None
    stock: int
    to_act: int | None
    drawn: Card | None
    legal: tuple[Action, ...]
    winner: int | None
    game: str
    final_answer: bool

    #: the fields only the seat itself may see, with what a spectator's view holds instead
    PRIVATE: ClassVar[dict[str, Any]] = {"hand": (), "drawn": None, "legal": ()}

    @property
    def top(self) -> Card:
        """The top card of the discard pile."""
        return self.pile[-1]


# ---------------------------------------------------------------- moves: the fast form of actions
#
# A move is a small int standing for one action: a play is ``card | option << 6 | makao << 10``
# (``option``: 0 for none, 1..4 for the suit an ace names in ``SUITS`` order, 1..7 for the rank a
# jack demands in ``DEMAND_RANKS`` order; ``makao``: 1 with the call), and DRAW, TAKE and PASS are
# the three moves without a card. ShedState.moves() lists them and ShedState.step() applies them;
# legal_actions() and apply() are the same code with Action objects and events.

MAKAO_BIT = 1 << 10
DRAW, TAKE, PASS = 1 << 11, (1 << 11) + 1, (1 << 11) + 2

_RANK = tuple(c.rank for c in ALL_CARDS)
_SUIT = tuple(c.suit for c in ALL_CARDS)
_BY_RANK = {r: frozenset(c for c in range(52) if _RANK[c] == r) for r in RANKS}
_BY_SUIT = {s: frozenset(c for c in range(52) if _SUIT[c] == s) for s in SUITS}
_PENALTY_KIND = tuple("KH" if c == KING_OF_HEARTS else (_RANK[c] if _RANK[c] in "23" else None) for c in range(52))
_PENALTY_VALUE = tuple(5 if c == KING_OF_HEARTS else (int(_RANK[c]) if _RANK[c] in "23" else 0) for c in range(52))


def move_action(move: int) -> Action:
    """The :class:`Action` a move of :meth:`ShedState.moves` stands for (the same object each time);
    raises KeyError for an int that is no move."""
    return _ACTIONS[move]


def _build_actions() -> dict[int, Action]:
    out: dict[int, Action] = {DRAW: Draw(), TAKE: Take(), PASS: Pass()}
    for card in ALL_CARDS:
        options: list[tuple[str | None, str | None]] = [(None, None)]
        if card.rank == "A":
            options += [(s, None) for s in SUITS]
        if card.rank == "J":
            options += [(None, d) for d in DEMAND_RANKS]
        for i, (suit, demand) in enumerate(options):
            for makao in (False, True):
                out[card | i << 6 | makao * MAKAO_BIT] = Play(card, suit, demand, makao)
    return out


_ACTIONS = _build_actions()


def _move_of(play: Play) -> int:
    """The move of a play that :meth:`ShedState.refusal` accepts."""
    option = 0
    if play.suit is not None:
        option = SUITS.index(play.suit) + 1
    elif play.demand is not None:
        option = DEMAND_RANKS.index(play.demand) + 1
    return play.card | option << 6 | play.makao * MAKAO_BIT


@dataclass(frozen=True)
class _Tables:
    """What one game under one set of rules precomputes for :meth:`ShedState.moves`.

    ``forms[n]``: per card, the moves of playing it from a hand of ``n`` cards (``n`` = 1, 2, or 3
    for three and more); ``match[suit][top]``: the cards playable on ``top`` with ``suit`` to
    follow and no penalty or demand; ``answers[kind]``: the cards that answer a penalty of that
    kind; ``until``, ``auto``, ``double``: the rules options draw_until_playable, auto_makao and
    ransom_stacking == "double".
    """

    forms: tuple[tuple[tuple[int, ...], ...], ...]
    match: dict[str, tuple[frozenset, ...]]
    answers: dict[str, frozenset]
    until: bool
    auto: bool
    double: bool


_TABLES: dict[tuple, _Tables] = {}


def _tables(game: ShedGame, rules: Any) -> _Tables:
    until = bool(getattr(rules, "draw_until_playable", False))
    auto = bool(getattr(rules, "auto_makao", False))
    double = getattr(rules, "ransom_stacking", "add") == "double"
    key = (game.id, until, auto, double)
    if key not in _TABLES:
        def forms(card: int, size: int) -> tuple[int, ...]:
            plain = [card]
            if size > 1 and _RANK[card] == "A":
                plain = [card | (i + 1) << 6 for i in range(len(SUITS))]
            elif size > 1 and _RANK[card] == "J" and game.jack_demands:
                plain = [card] + [card | (i + 1) << 6 for i in range(len(DEMAND_RANKS))]
            if size == 2 and not auto:
                return (*(m | MAKAO_BIT for m in plain), *plain)
            return tuple(plain)

        by_size = tuple(tuple(forms(c, n) for c in range(52)) for n in (1, 2, 3))
        wild = frozenset(c for c in range(52) if _RANK[c] in game.wild_ranks)
        _TABLES[key] = _Tables(
            forms=(by_size[2], *by_size),
            match={s: tuple(_BY_SUIT[s] | _BY_RANK[_RANK[top]] | wild for top in range(52)) for s in SUITS},
            answers={"2": _BY_RANK["2"], "3": _BY_RANK["3"],
                     "KH": frozenset({KING_OF_HEARTS}) if game.decks > 1 else frozenset()},
            until=until, auto=auto, double=double,
        )
    return _TABLES[key]


class ShedState(GameState):
    """One deal of makao-ru or makao-pl. Build with :meth:`deal` or :meth:`from_parts`.

    Internally ``stock[-1]`` is the next card to be drawn. See :class:`GameState` for the contract.
    The rules run once, in :meth:`_step`: :meth:`apply` checks the action and collects the events,
    :meth:`step` (the fast path of random playouts and search) does neither.
    """

    def __init__(self, game: ShedGame, rules: Any, players: int, dealer: int, hands: list[list[Card]],
                 starter: Card, stock_first_drawn_first: list[Card], rng: random.Random,
                 start: bool = True):
        """The deal with ``hands``, ``starter`` turned up and the stock (next card first). With
        ``start`` the starter's effects and the automatic turns follow (``opening`` holds their
        events); without, the state is left as laid out for the caller to complete (the hard AI's
        :func:`sample_state`)."""
        self.game = game
        self.rules = rules
        self._t = _tables(game, rules)
        self.players = players
        self.dealer = dealer
        self.hands = [list(h) for h in hands]
        self.stock = list(reversed(stock_first_drawn_first))
        self.pile = [starter]
        self.suit = starter.suit
        self.penalty = 0
        self.penalty_rank: str | None = None
        self.demand: str | None = None
        self.drawn: Card | None = None
        self.final_answer = False
        self.winner: int | None = None
        self.out: set[int] = set()
        self.idle = 0
        self.repeats: dict[tuple, int] = {}
        self._unrecorded = False  # the position reached is still to be counted in repeats
        self._n_choices: int | None = None  # how many choices moves() found here, for step()
        self.over = False
        self.rng = rng
        self._turn: int = (dealer + 1) % players
        self.opening: list[Event] = []
        if start:
            self.opening.append(DealStarted(None, dealer, HAND_SIZE))
            self._start(starter, self.opening)

    # ------------------------------------------------------------ construction

    @classmethod
    def deal(cls, game: ShedGame, rules: Any, players: int, dealer: int, rng: random.Random) -> ShedState:
        """Shuffle ``game.decks`` packs with ``rng``, deal 5 cards each, turn up the starter."""
        cards = deck(game.decks)
        rng.shuffle(cards)
        hands: list[list[Card]] = [[] for _ in range(players)]
        for i in range(HAND_SIZE * players):
            hands[(dealer + 1 + i) % players].append(cards.pop())
        starter = cards.pop()
        cards.reverse()
        return cls(game, rules, players, dealer, hands, starter, cards, rng)

    def _start(self, starter: Card, ev: list[Event]) -> None:
        """Starter-card effects (RULES.md §1/§2 "Starter card"), then automatic turns."""
        kind = _PENALTY_KIND[starter]
        first = (self.dealer + 1) % self.players
        if kind is not None:
            self.penalty, self.penalty_rank = _PENALTY_VALUE[starter], kind
            ev.append(self._pending_event(first))
        if self.game.four_skips and starter.rank == "4":
            ev.append(TurnSkipped(first))
            first = (first + 1) % self.players
        self._turn = first
        self._settle(ev)

    # ------------------------------------------------------------ basic facts

    @property
    def to_act(self) -> int | None:
        return None if self.over else self._turn

    @property
    def is_over(self) -> bool:
        """True once the deal has ended."""
        return self.over

    @property
    def top(self) -> Card:
        """The top card of the discard pile."""
        return self.pile[-1]

    def _match(self) -> frozenset:
        """The cards that may be played with no penalty pending (demand included)."""
        if self.demand is not None:
            return _BY_RANK[self.demand]
        return self._t.match[self.suit][self.pile[-1]]

    def _can_draw(self) -> bool:
        return bool(self.stock) or len(self.pile) > 1

    # ------------------------------------------------------------ legal actions

    def _choices(self) -> tuple[list[Card], bool, bool, bool]:
        """(playable cards, may draw, may take, may pass) for the seat to act."""
        hand = self.hands[self._turn]
        if self.penalty:
            answers = self._t.answers[cast(str, self.penalty_rank)]  # set with every penalty
            return sorted(answers.intersection(hand)), False, True, False
        if self.drawn is not None:
            return [self.drawn], False, False, not self._t.until
        cards = sorted(self._match().intersection(hand))
        may_draw = (bool(self.stock) or len(self.pile) > 1) and (self.game.draw_when_playable or not cards)
        return cards, may_draw, False, False

    def moves(self) -> list[int]:
        """The legal moves of the seat to act as ints (see :func:`move_action`), in the order of
        :meth:`legal_actions`; [] once the deal is over."""
        if self.over:
            return []
        cards, may_draw, may_take, may_pass = self._choices()
        size = len(self.hands[self._turn])
        forms = self._t.forms[size if size < 3 else 3]
        out = [m for c in cards for m in forms[c]]
        # the repetition rule counts choices with the Makao call aside: a play offered with and
        # without the call is one choice (forgetting the call on purpose is no way out of a cycle)
        choices = len(out) // 2 if size == 2 and not self._t.auto else len(out)
        if may_draw:
            out.append(DRAW)
        if may_take:
            out.append(TAKE)
        if may_pass:
            out.append(PASS)
        self._n_choices = choices + may_draw + may_take + may_pass
        return out

    def legal_actions(self) -> list[Action]:
        return [_ACTIONS[m] for m in self.moves()]

    def refusal(self, action: Action) -> str | None:
        """Why ``action`` is illegal for the seat to act, or None if it is legal.

        The reason names cards and suits with their symbols (``10♥``); :func:`~makao_tui.engine.
        cards.ascii_text` turns it into ``10H`` for terminals without them.
        """
        if self.over:
            return "the deal is over"
        return self._refusal(action, self._choices())

    def _refusal(self, action: Action, choices: tuple[list[Card], bool, bool, bool]) -> str | None:
        """:meth:`refusal` with the seat's :meth:`_choices` already known."""
        cards, may_draw, may_take, may_pass = choices
        hand = self.hands[self._turn]
        if isinstance(action, Draw):
            if may_draw:
                return None
            if self.penalty:
                return f"a penalty of {self.penalty} is pending: answer it or take it (t)"
            if self.drawn is not None:
                return "you have drawn already: play the drawn card" + (" or pass" if may_pass else "")
            if not self._can_draw():
                return "there is nothing left to draw"
            return "you may not draw while you hold a playable card"
        if isinstance(action, Take):
            return None if may_take else "there is no penalty to take"
        if isinstance(action, Pass):
            return None if may_pass else "you may pass only after drawing a card you could play"
        if not isinstance(action, Play):
            return "that is not an action of this game"
        card = action.card
        if card not in hand:
            return f"{card.label()} is not in your hand"
        if card not in cards:
            return self._why_not(card)
        last = len(hand) == 1
        if action.suit is not None and card.rank != "A":
            return "only an ace names a suit"
        if card.rank == "A" and action.suit is None and not last:
            return "an ace must name a suit"
        if action.suit is not None and action.suit not in SUITS:
            return f"an ace names a suit ({', '.join(SUITS)}), not {action.suit!r}"
        if action.demand is not None:
            if not (self.game.jack_demands and card.rank == "J"):
                return "only a jack makes a demand" if self.game.jack_demands else "there are no demands in this game"
            if action.demand not in DEMAND_RANKS:
                return "a jack may demand only 5, 6, 7, 8, 9, 10 or queen"
        if action.makao and len(hand) != 2:
            return "Makao is called only with the play that leaves one card"
        return None

    def _why_not(self, card: Card) -> str:
        lab = card.label()
        if self.drawn is not None:
            return f"only the card just drawn ({self.drawn.label()}) may be played now"
        if self.penalty:
            if self.penalty_rank == "KH":
                if self.game.decks == 1:
                    return "nothing answers the king of hearts: take the penalty"
                return "only the king of hearts answers the king of hearts"
            extra = " (no wild card on a penalty)" if card.rank in self.game.wild_ranks else ""
            return (f"{lab} does not answer the penalty: play a {rank_name(cast(str, self.penalty_rank))} "
                    f"or take {self.penalty}{extra}")
        if self.demand is not None:
            return f"the jack demands a {rank_name(self.demand)}: {lab} does not meet it"
        return f"{lab} matches neither the suit {suit_label(self.suit)} nor the rank {rank_name(self.top.rank)}"

    # ------------------------------------------------------------ applying

    def apply(self, action: Action) -> list[Event]:
        if self.over:
            raise IllegalAction("the deal is over")
        reason = self._refusal(action, self._choices())
        if reason is not None:
            raise IllegalAction(reason)
        self.moves()  # counts the moves here, for the repetition rule
        events: list[Event] = []
        self._step(_move_of(action) if isinstance(action, Play) else _MOVE_OF[type(action)], events)
        return events

    def step(self, move: int) -> None:
        """Apply ``move``, one of :meth:`moves`, with no check and no events: the fast path of
        random playouts and search, the same rules as :meth:`apply`. A move that is not legal
        leaves the state undefined."""
        self._step(move, None)

    def _step(self, move: int, ev: list[Event] | None) -> None:
        """The one implementation of the rules: apply ``move`` for the seat to act, appending the
        events to ``ev`` unless it is None."""
        seat = self._turn
        self.idle = 0
        if self.repeats or self._unrecorded:
            if self._n_choices is None:
                self.moves()
            if cast(int, self._n_choices) > 1:  # moves() counted them
                self.repeats.clear()  # a choice is made: only a run of forced turns can cycle for ever
            elif self._unrecorded:
                self.repeats[self._position()] = 1
            self._unrecorded = False
        self._n_choices = None
        if move < DRAW:
            self._play(seat, move, ev)
        elif move == TAKE:
            self._take(seat, ev)
        elif move == DRAW:
            self._draw_turn(seat, ev)
        else:
            if ev is not None:
                ev.append(TurnPassed(seat, "chose"))
            self._advance(seat, ev)
        if not self.stock and not self.over:
            if self.repeats:
                self._check_repetition(ev)
            else:  # counted once, and only if a forced turn follows (a choice would clear it)
                self._unrecorded = True

    def _position(self) -> tuple:
        """The position while the stock is empty: hands, top card, the rest of the pile as a set
        (it is shuffled before it is drawn again), and whose turn it is with what pending."""
        return (tuple(tuple(sorted(h)) for h in self.hands), self.pile[-1], tuple(sorted(self.pile[:-1])),
                self._turn, self.suit, self.penalty, self.penalty_rank, self.demand, self.drawn,
                self.final_answer)

    def _check_repetition(self, ev: list[Event] | None) -> None:
        """End the deal without a winner when a position comes round the third time in a run of
        forced turns.

        **[decision, ours; not yet in RULES.md]** With the stock gone, forced turns can repeat for
        ever (in makao-pl two players may each draw back and must play the four the other just
        played, while fours skip the others). When a position (see :meth:`_position`) comes round
        a third time and every action since its first time was the only legal one, the deal ends
        as a deal where nobody can play or draw: no winner, every player scores the cards in hand.
        Players who loop by choice are left to it (any action chosen among several starts the
        count anew; a play offered with and without the Makao call counts as one choice, so a
        cycle whose only way out is forgetting the call on purpose ends too). Every cycle passes
        through a position with an empty stock (the stock grows
        only by a rebuild, when it is empty), so positions are counted only then. The first
        position of a run is counted when the run's first forced turn is taken (:meth:`_step`), so
        that playouts, where most turns are choices, seldom build a position at all.
        """
        key = self._position()
        seen = self.repeats.get(key, 0) + 1
        self.repeats[key] = seen
        if seen >= 3:
            if ev is not None:
                ev.append(PositionRepeated(None))
            self._end(ev)

    def _draw_cards(self, seat: int, count: int, reason: str, ev: list[Event] | None) -> None:
        """Draw ``count`` cards for ``seat``, rebuilding the stock from the pile (keeping its top
        card) when it runs out; what cannot be drawn even then is forgiven (RULES.md §1)."""
        hand = self.hands[seat]
        got: list[Card] = []
        drawn = 0
        while drawn < count:
            if not self.stock:
                if len(self.pile) <= 1:
                    break
                rest = self.pile[:-1]
                self.pile = self.pile[-1:]
                self.rng.shuffle(rest)
                self.stock = rest
                if ev is not None:
                    if got:
                        ev.append(CardsDrawn(seat, tuple(got), reason))
                        got = []
                    ev.append(StockRebuilt(None, len(rest)))
            card = self.stock.pop()
            hand.append(card)
            got.append(card)
            drawn += 1
        if ev is not None:
            ev.append(CardsDrawn(seat, tuple(got), reason, count - drawn))

    def _play(self, seat: int, move: int, ev: list[Event] | None) -> None:
        card = ALL_CARDS[move & 63]
        option = (move >> 6) & 15
        rank = _RANK[card]
        hand = self.hands[seat]
        hand.remove(card)
        self.pile.append(card)
        self.drawn = None
        named = SUITS[option - 1] if option and rank == "A" else None
        self.suit = named or _SUIT[card]
        demand_made = self.game.jack_demands and rank == "J" and bool(hand)
        demand = DEMAND_RANKS[option - 1] if option and demand_made else None
        called = bool(move & MAKAO_BIT) or (len(hand) == 1 and self._t.auto)
        if ev is not None:
            ev.append(CardPlayed(seat, card, named, demand, called, demand_made))
        if len(hand) == 1 and not called:
            self._draw_cards(seat, self.game.makao_cost, "makao", ev)
        answering_final = self.final_answer
        was_penalty = self.penalty
        self.demand = None
        kind = _PENALTY_KIND[card]
        if kind is not None:
            if was_penalty and self._t.double:
                self.penalty = was_penalty * 2  # makao-pl ransom, doubled
            else:
                self.penalty = was_penalty + _PENALTY_VALUE[card]
            self.penalty_rank = kind
        if not hand:
            if ev is not None:
                ev.append(WentOut(seat))
            self.out.add(seat)
            if self.winner is None:
                self.winner = seat
            if kind is not None and self.game.answer_after_going_out and not answering_final:
                self.final_answer = True
                nxt = (seat + 1) % self.players
                self._turn = nxt
                if ev is not None:
                    ev.append(self._pending_event(nxt))
                return
            self._end(ev)
        elif answering_final:
            self._end(ev)
        else:
            self._advance(seat, ev, skip=self.game.four_skips and rank == "4", demand=demand)

    def _pending_event(self, seat: int) -> PenaltyPending:
        if self.penalty_rank == "KH":
            answer = "the king of hearts" if self.game.decks > 1 else None
        else:
            answer = f"a {self.penalty_rank}"
        return PenaltyPending(seat, self.penalty, answer, ransom=self.game.ransom_word)

    def _take(self, seat: int, ev: list[Event] | None) -> None:
        amount = self.penalty
        self.penalty, self.penalty_rank = 0, None
        self._draw_cards(seat, amount, "penalty", ev)
        if self.final_answer:
            self._end(ev)
        else:
            self._advance(seat, ev)

    def _draw_turn(self, seat: int, ev: list[Event] | None) -> None:
        self._draw_cards(seat, 1, "draw", ev)
        card = self.hands[seat][-1]
        if card in self._match():
            self.drawn = card
        elif self._t.until:
            self._settle(ev)  # draws on (or passes by itself when nothing is left)
        else:
            if ev is not None:
                ev.append(TurnPassed(seat, "drawn"))
                if self.demand is not None:
                    ev.append(DemandLapsed(seat))
            self._advance(seat, ev)

    def _advance(self, seat: int, ev: list[Event] | None, skip: bool = False, demand: str | None = None) -> None:
        """Pass the turn to the left of ``seat`` (past a skipped player), then settle.

        ``demand``: a jack's demand on the new seat to act (it binds that player only).
        """
        self.drawn = None
        self.demand = demand
        nxt = (seat + 1) % self.players
        if skip:
            if ev is not None:
                ev.append(TurnSkipped(nxt))
            nxt = (nxt + 1) % self.players
        self._turn = nxt
        if self.penalty and ev is not None:
            ev.append(self._pending_event(nxt))
        self._settle(ev)

    def _stuck(self) -> bool:
        """The seat to act has no legal action: no penalty to take, no drawn card, nothing to draw
        and no playable card."""
        if self.penalty or self.drawn is not None or self.stock or len(self.pile) > 1:
            return False
        return self._match().isdisjoint(self.hands[self._turn])

    def _settle(self, ev: list[Event] | None) -> None:
        """Take the automatic turns: a player who can neither play nor draw passes by itself."""
        while not self.over and self._stuck():
            seat = self._turn
            if ev is not None:
                ev.append(TurnPassed(seat, "stuck"))
                if self.demand is not None:
                    ev.append(DemandLapsed(seat))
            self.idle += 1
            if self.idle >= self.players:
                self._end(ev)
                return
            self.demand = None
            self.drawn = None
            self._turn = (seat + 1) % self.players

    def _end(self, ev: list[Event] | None) -> None:
        self.over = True
        self.penalty, self.penalty_rank, self.demand, self.drawn = 0, None, None, None
        if ev is not None:
            ev.append(DealEnded(None, self.winner))

    # ------------------------------------------------------------ results and views

    def points(self) -> list[int] | None:
        if not self.over:
            return None
        return self.game.score(self.hands, self.winner, self.out, self.game.card_value)

    def view(self, seat: int) -> ShedView:
        acting = not self.over and seat == self._turn
        return ShedView(
            seat=seat, players=self.players, dealer=self.dealer,
            hand=tuple(sorted(self.hands[seat])),
            counts=tuple(len(h) for h in self.hands),
            pile=tuple(self.pile), suit=self.suit, penalty=self.penalty,
            penalty_rank=self.penalty_rank, demand=self.demand, stock=len(self.stock),
            to_act=self.to_act, drawn=self.drawn if acting else None,
            legal=tuple(self.legal_actions()) if acting else (),
            winner=self.winner, game=self.game.id, final_answer=self.final_answer,
        )

    def clone(self) -> ShedState:
        new = object.__new__(ShedState)
        new.__dict__.update(self.__dict__)
        new.hands = [list(h) for h in self.hands]
        new.stock = list(self.stock)
        new.pile = list(self.pile)
        new.out = set(self.out)
        new.repeats = dict(self.repeats)
        new._n_choices = None
        new.rng = random.Random.__new__(random.Random)
        new.rng.setstate(self.rng.getstate())
        return new

    def snapshot(self) -> dict[str, Any]:
        return {
            "variant": self.game.id,
            "to_act": self.to_act,
            "hands": [[str(c) for c in h] for h in self.hands],
            "deal_over": self.over,
            "points": self.points(),
            "top": str(self.top),
            "suit": self.suit,
            "penalty": self.penalty,
            "demand": self.demand,
            "stock": len(self.stock),
        }


_MOVE_OF = {Draw: DRAW, Take: TAKE, Pass: PASS}


def hand_value(cards: Sequence[Card], value: Callable[[Card], int]) -> int:
    """The points ``cards`` left in hand cost, by the game's card values."""
    return sum(value(c) for c in cards)


def deal_columns(deal: DealRecord) -> DealColumns:
    """A finished deal's record for the CSV export (RULES.md "Score sheets"): per seat the cards
    left in hand (0: went out), the points of the deal and the running total."""
    counts = deal.state.view(0).counts
    points, totals = deal.result()
    return [], [[("cards left", counts[s]), ("points", points[s]), ("total", totals[s])] for s in range(len(counts))]


# ---------------------------------------------------------------- sampling worlds (the hard AI)


def sample_state(view: ShedView, rules: Any, rng: random.Random) -> ShedState:
    """A full deal that agrees with ``view`` (what its seat knows), for the hard AI's search.

    The cards the seat cannot see (the packs minus its own hand and the discard pile since the
    last rebuild) are shuffled with ``rng`` and dealt to the other hands, each keeping its size
    (``view.counts``), and the rest becomes the stock. Everything public is copied from the view:
    the pile, active suit, penalty, demand, the card just drawn, the final answer, the winner and
    the seats that went out (hands of 0 cards). The new state's own generator is seeded from
    ``rng``; its repetition count starts empty. ``rules``: the match's rule config (public; the
    view does not carry it). Raises ValueError when the view is of an unknown game, the deal is
    over, or the counts do not add up to the cards unseen.
    """
    from . import makao_pl, makao_ru  # the games register here; imported late (they import us)

    game = {g.id: g for g in (makao_ru.GAME, makao_pl.GAME)}.get(view.game)
    if game is None:
        raise ValueError(f"not a shedding game: {view.game!r}")
    if view.to_act is None:
        raise ValueError("the deal is over: nothing to sample")
    unseen = deck(game.decks)
    for card in (*view.hand, *view.pile):
        unseen.remove(card)
    needed = sum(n for s, n in enumerate(view.counts) if s != view.seat) + view.stock
    if needed != len(unseen):
        raise ValueError(f"the view hides {needed} cards but {len(unseen)} are unseen")
    rng.shuffle(unseen)
    hands: list[list[Card]] = []
    for s, n in enumerate(view.counts):
        if s == view.seat:
            hands.append(list(view.hand))
        else:
            hands.append(unseen[:n])
            del unseen[:n]
    if view.drawn is not None:  # the drawn card is the last one the hand took
        hands[view.seat].remove(view.drawn)
        hands[view.seat].append(view.drawn)
    state = ShedState(game, rules, view.players, view.dealer, hands, view.pile[0], unseen,
                      random.Random(rng.getrandbits(64)), start=False)
    state.pile = list(view.pile)
    state.suit = view.suit
    state.penalty = view.penalty
    state.penalty_rank = view.penalty_rank
    state.demand = view.demand
    state.drawn = view.drawn
    state.final_answer = view.final_answer
    state.winner = view.winner
    state.out = {s for s, n in enumerate(view.counts) if n == 0}
    state._turn = view.to_act
    return state
