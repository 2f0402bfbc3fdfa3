"""peklo — Peklo ("Makao", "Hell"), trick-taking with exact bids (RULES.md §4).

One :class:`PekloState` is one deal: ``size`` cards to each of 3..7 seats, a turned-up trump card
(or none), a round of bids from the dealer's left, then ``size`` tricks. The match is one cycle of
deals 1..m, m = floor(52 / players), deal k of k cards; deals 1..m−1 have a trump, deal m has none.
Options (RULES.md §5): ``cycle`` ``up_down`` goes on down again after deal m (m−1..1 cards, each
with a trump), and ``scoring`` ``tricks`` scores every trick taken plus 10 for an exact bid.

Phases of a deal: ``"bid"`` (every seat bids once, in turn from the dealer's left), ``"play"`` (the
seat left of the dealer leads the first trick, the winner of each trick leads the next), ``"over"``.
"""

from __future__ import annotations

import random
from bisect import bisect_left
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, NamedTuple, cast

from ..engine.actions import Action, Bid, Play
from ..engine.cards import ALL_CARDS, SUITS, Card, deck, suit_name, suit_words
from ..engine.events import DealEnded, DealStarted, Event, card_list
from ..engine.i18n import N_, _
from ..engine.match import DealRecord, Match
from ..engine.scenario import Layout
from ..engine.state import GameState, IllegalAction
from ..engine.variant import DealColumns, Variant, option, register
from ..engine.words import Words, plural_words
from .about import PEKLO

BID, PLAY, OVER = "bid", "play", "over"


@dataclass(frozen=True)
class PekloRules:
    """Peklo options: ``hook`` (RULES.md §4) — the dealer may not bid so that the bids add up to the
    number of cards dealt (default off); ``cycle`` (§5) — ``up``: deals of 1..m cards (default),
    ``up_down``: 1..m then m−1..1, the deal of m cards without trump; ``scoring`` (§5) —
    ``exact``: bid + 10 for an exact bid, else 0 (default), ``tricks``: 1 per trick taken plus 10
    for an exact bid.

    **[decision, RULES.md silent]** Under ``up_down`` every deal after the one of m cards has a trump
    turned up, the last (1 card) included: "the last deal of m cards without trump" is read as the
    one deal of m cards.
    """

    hook: bool = option(False, N_("Hook: bids may not add up to the deal"),
                        N_("The dealer may not bid so that the bids add up to the cards dealt."))
    cycle: str = option("up", N_("Deals go"),
                        N_('"{up}": 1, 2 … m cards; "{up_down}": 1 … m, then m−1 … 1 (only the m-card deal '
                           'without trump).'),
                        choices=("up", "up_down"), choice_labels={"up": N_("up"), "up_down": N_("up and down")})
    scoring: str = option("exact", N_("Scoring"),
                          N_('"{exact}": bid + 10 for an exact bid, else 0; "{tricks}": 1 per trick taken, plus 10 '
                             'for an exact bid.'),
                          choices=("exact", "tricks"),
                          choice_labels={"exact": N_("exact bids only"), "tricks": N_("every trick")})


def deal_count(players: int) -> int:
    """m = floor(52 / players): the number of deals in a match, and the size of the last one
    (RULES.md §4 "Deals 1 to m"). 3 players: 17, 4: 13, 5: 10, 6: 8, 7: 7."""
    return 52 // players


def match_deals(rules: PekloRules, players: int) -> int:
    """The number of deals in a match: m under ``cycle`` ``up``, 2m − 1 under ``up_down``
    (RULES.md §4 "Match", §5 ``cycle``)."""
    m = deal_count(players)
    return 2 * m - 1 if rules.cycle == "up_down" else m


def deal_size(rules: PekloRules, players: int, number: int) -> int:
    """Cards dealt to each seat in deal ``number`` (1..:func:`match_deals`) of a match: ``number``
    up to m, then (``up_down``) 2m − ``number``. Raises ValueError for a number outside the match."""
    m, last = deal_count(players), match_deals(rules, players)
    if not 1 <= number <= last:
        raise ValueError(f"a Peklo match of {players} players has deals 1 to {last}, not {number}")
    return number if number <= m else 2 * m - number


def trick_winner(cards: Sequence[Card], trump: str | None) -> int:
    """Index in ``cards`` (the trick in the order played, leader first, at least one card) of the
    card that wins it: the highest trump (suit letter ``trump``, None = no trump), else the highest
    card of the led suit (RULES.md §4 "Play")."""
    strength = _STRENGTH[trump][cards[0] // 13]
    values = [strength[c] for c in cards]
    return values.index(max(values))


def _strengths(trump: str | None, led: int) -> tuple[int, ...]:
    """Per card: 200 + rank value for a trump, 100 + rank value for the led suit (index ``led``
    in SUITS), else 0."""
    return tuple(200 + c % 13 if SUITS[c // 13] == trump else 100 + c % 13 if c // 13 == led else 0
                 for c in range(52))


#: _STRENGTH[trump][led suit index][card]: how strong a card is in a trick (higher wins)
_STRENGTH = {trump: tuple(_strengths(trump, led) for led in range(4)) for trump in (None, *SUITS)}
#: _LEFT[players][seat]: the seat to the left of ``seat``
_LEFT = tuple(tuple((s + 1) % n for s in range(n)) for n in range(8))
#: per card, the first card of its suit (a hand in card order holds each suit as one run)
_SUIT_START = tuple(c - c % 13 for c in range(52))

#: a move (:meth:`PekloState.moves`) is a card number 0..51 for a play, BID_MOVE + n for a bid of n
BID_MOVE = 64
_PLAYS = tuple(Play(c) for c in ALL_CARDS)
_CARDS = tuple(ALL_CARDS)
_BIDS = tuple(Bid(n) for n in range(53))


def move_action(move: int) -> Action:
    """The :class:`Action` a move of :meth:`PekloState.moves` stands for (the same object each
    time); raises IndexError for an int that is no move."""
    return _PLAYS[move] if move < BID_MOVE else _BIDS[move - BID_MOVE]


def deal_points(bids: Sequence[int], tricks: Sequence[int], scoring: str = "exact") -> list[int]:
    """Points of a deal per seat: under ``scoring`` ``exact`` (RULES.md §4 "Scoring") bid + 10 for
    exactly the bid, else 0; under ``tricks`` (§5) the tricks taken, plus 10 for exactly the bid."""
    return [bid_points(b, t, scoring) for b, t in zip(bids, tricks, strict=False)]


def bid_points(bid: int, tricks: int, scoring: str = "exact") -> int:
    """One seat's points of a deal (see :func:`deal_points`)."""
    exact = 10 if bid == tricks else 0
    if scoring == "tricks":
        return tricks + exact
    return bid + exact if exact else 0


# ---------------------------------------------------------------- events


@dataclass(frozen=True, slots=True)
class TrumpTurned(Event):
    """The deal's trump: ``card`` turned up (its suit is trump), or None for a deal without trump."""

    card: Card | None = None

    def text(self, names, ascii=False, viewer=None):
        if self.card is None:
            return _("there is no trump this deal")
        return _("{card} is turned up: {suit} are trump").format(card=self.card.label(ascii),
                                                                 suit=suit_name(self.card.suit))


@dataclass(frozen=True, slots=True)
class BidMade(Event):
    """``seat`` bid ``tricks`` tricks."""

    tricks: int = 0

    def text(self, names, ascii=False, viewer=None):
        return _("{name} bids {count}").format(name=names[self.seat], count=self.tricks)


@dataclass(frozen=True, slots=True)
class CardPlayed(Event):
    """``seat`` played ``card``; ``lead`` is True for the first card of a trick."""

    card: Card = Card(0)
    lead: bool = False

    def text(self, names, ascii=False, viewer=None):
        template = _("{name} leads {card}") if self.lead else _("{name} plays {card}")
        return template.format(name=names[self.seat], card=self.card.label(ascii))


@dataclass(frozen=True, slots=True)
class TrickWon(Event):
    """``seat`` won trick number ``number`` (1-based) with ``card``; ``cards`` is the whole trick in
    the order played, led by ``leader``; ``taken`` is the winner's count of tricks after it."""

    card: Card = Card(0)
    number: int = 0
    leader: int = 0
    cards: tuple[Card, ...] = ()
    taken: int = 0

    def text(self, names, ascii=False, viewer=None):
        return _("{name} wins trick {number} with {card} ({cards}); {taken} taken").format(
            name=names[self.seat], number=self.number, card=self.card.label(ascii),
            cards=card_list(self.cards, ascii), taken=self.taken)


@dataclass(frozen=True, slots=True)
class DealScored(DealEnded):
    """The deal is over (``winner`` is always None: nobody wins a Peklo deal alone). Per seat:
    ``bids``, ``tricks`` taken and ``points`` (bid + 10 for an exact bid, else 0)."""

    bids: tuple[int, ...] = ()
    tricks: tuple[int, ...] = ()
    points: tuple[int, ...] = ()

    def text(self, names, ascii=False, viewer=None):
        parts = [f"{names[s]} {b}/{t} {'+' + str(p) if p else '0'}"
                 for s, (b, t, p) in enumerate(zip(self.bids, self.tricks, self.points, strict=False))]
        return _("Deal scored (bid/taken): {scores}").format(scores=", ".join(parts))


# ---------------------------------------------------------------- view


class Trick(NamedTuple):
    """One trick: ``leader`` (seat of the first card), ``cards`` in the order played, ``winner``
    (None while the trick is under way). The card ``cards[i]`` was played by ``seats[i]``.
    (A named tuple, immutable: the fast path builds one per trick.)"""

    leader: int
    cards: tuple[Card, ...]
    winner: int | None
    players: int

    @property
    def seats(self) -> tuple[int, ...]:
        """The seat of each card, in the order played."""
        return tuple((self.leader + i) % self.players for i in range(len(self.cards)))


@dataclass(frozen=True, slots=True)
class PekloView:
    """What one seat may know of a Peklo deal (RULES.md §4).

    ``hand``: the seat's own cards (display order); ``counts``: cards left in every hand, by seat;
    ``number``: the deal's number in the match (1..``deals``), None for a lone deal (a scenario);
    ``deals``: the number of deals in a match of this many players under these rules
    (:func:`match_deals`); ``rules``: the match's rules config; ``size``: cards dealt to
    each seat this deal (= tricks in the deal); ``trump``: the turned-up card or None (no trump);
    ``phase``: ``"bid"``, ``"play"`` or ``"over"``; ``bids``: per seat, None until it has bid;
    ``tricks``: tricks taken per seat; ``trick``: the trick under way (``trick.cards`` empty before
    the lead; ``trick.leader`` is the seat that leads or led it), None unless in the play phase;
    ``history``: the finished tricks of this deal, in order (public); ``hook``: the option is on;
    ``forbidden_bid``: the bid the hook forbids the seat to act (the dealer, last to bid), or None;
    ``legal``: this seat's legal actions (empty unless it is to act); ``points``: per seat once
    the deal is over, else None.
    """

    seat: int
    players: int
    dealer: int
    number: int | None
    deals: int
    size: int
    trump: Card | None
    phase: str
    hand: tuple[Card, ...]
    counts: tuple[int, ...]
    bids: tuple[int | None, ...]
    tricks: tuple[int, ...]
    trick: Trick | None
    history: tuple[Trick, ...]
    hook: bool
    forbidden_bid: int | None
    to_act: int | None
    legal: tuple[Action, ...]
    points: tuple[int, ...] | None
    rules: PekloRules = PekloRules()

    #: the fields only the seat itself may see, with what a spectator's view holds instead
    PRIVATE: ClassVar[dict[str, Any]] = {"hand": (), "legal": ()}

    @property
    def trump_suit(self) -> str | None:
        """The trump suit letter, or None in a deal without trump."""
        return self.trump.suit if self.trump is not None else None

    @property
    def led_suit(self) -> str | None:
        """The suit of the card that led the trick under way, or None before the lead."""
        return self.trick.cards[0].suit if self.trick is not None and self.trick.cards else None


# ---------------------------------------------------------------- state


class PekloState(GameState):
    """One deal of Peklo; see :class:`GameState` for the contract.

    ``hands``: one list of cards per seat, all of the same length ``size`` ≥ 1 (the deal size);
    ``trump``: the turned-up card (its suit is trump) or None; ``number``: the deal's number in its
    match, or None. Raises ValueError for hands of different or zero length, or a trump card that
    is also in a hand.
    """

    def __init__(self, rules: PekloRules, players: int, dealer: int, hands: list[list[Card]],
                 trump: Card | None, number: int | None = None):
        sizes = {len(h) for h in hands}
        if len(hands) != players or len(sizes) != 1 or 0 in sizes:
            raise ValueError("every Peklo hand must hold the same number of cards, at least one")
        if trump is not None and any(trump in h for h in hands):
            raise ValueError(f"the trump card {trump} cannot also be in a hand")
        self.rules = rules
        self.players = players
        self.dealer = dealer
        self.number = number
        # every hand is kept in card order, so a suit is one run of it (see moves())
        self.hands = [sorted(h) for h in hands]
        self.size = len(hands[0])
        self.trump = trump
        self._strength = _STRENGTH[trump.suit if trump is not None else None]
        self.bids: list[int | None] = [None] * players
        self.tricks = [0] * players
        self.trick: list[Card] = []
        self.leader = (dealer + 1) % players
        self.history: list[Trick] = []
        self.phase = BID
        self.is_over = False
        self._turn = (dealer + 1) % players

    @classmethod
    def deal(cls, rules: PekloRules, players: int, dealer: int, number: int, rng: random.Random) -> PekloState:
        """Deal number ``number`` (1..:func:`match_deals`) of a match: shuffle one pack with ``rng``,
        deal :func:`deal_size` cards to each seat one at a time from the dealer's left, and turn up
        the next card as trump unless the deal is of m cards (RULES.md §4, §5 ``cycle``). Raises
        ValueError for a number outside the match."""
        size = deal_size(rules, players, number)
        cards = deck()
        rng.shuffle(cards)
        hands: list[list[Card]] = [[] for _ in range(players)]
        for i in range(size * players):
            hands[(dealer + 1 + i) % players].append(cards.pop())
        trump = cards.pop() if size < deal_count(players) else None
        return cls(rules, players, dealer, hands, trump, number)

    # ------------------------------------------------------------ facts

    #: True once the deal has ended (an attribute here: the playouts read it after every move)
    is_over = False

    @property
    def opening(self) -> list[Event]:  # type: ignore[override]
        """The deal's opening events: the deal, and the trump card turned up (or none); made when
        asked, not for every dealt state (random playouts and search never read them)."""
        return [DealStarted(None, self.dealer, self.size), TrumpTurned(None, self.trump)]

    @property
    def to_act(self) -> int | None:
        return None if self.is_over else self._turn

    @property
    def trump_suit(self) -> str | None:
        """The trump suit letter, or None in a deal without trump."""
        return self.trump.suit if self.trump is not None else None

    def forbidden_bid(self) -> int | None:
        """The bid the hook forbids the seat to act, or None (hook off, not bidding, not the dealer,
        or the bids so far already exceed the deal size). RULES.md §4 "Bidding"."""
        if not self.rules.hook or self.phase != BID or self._turn != self.dealer:
            return None
        rest = self.size - sum(b for b in self.bids if b is not None)
        return rest if 0 <= rest <= self.size else None

    def _follow_cards(self, seat: int) -> list[Card]:
        """The cards ``seat`` may play now, in card order: any card on a lead, else the led suit if
        held. The hand is kept in card order, so the led suit is one run of it (found by bisection)."""
        hand = self.hands[seat]
        trick = self.trick
        if trick:
            low = _SUIT_START[trick[0]]
            i = bisect_left(hand, low)
            j = bisect_left(hand, low + 13, i)
            if i != j:
                return hand[i:j]
        return hand[:]

    def moves(self) -> list[Card] | list[int]:
        """The legal moves of the seat to act as ints (see :func:`move_action`), in the order of
        :meth:`legal_actions`: bids ``BID_MOVE + n``, plays the card itself (an int); [] once over."""
        if self.phase == PLAY:
            return self._follow_cards(self._turn)
        if self.phase == BID:
            banned = self.forbidden_bid()
            return [BID_MOVE + n for n in range(self.size + 1) if n != banned]
        return []

    def legal_actions(self) -> list[Action]:
        return [move_action(m) for m in self.moves()]

    def refusal(self, action: Action) -> str | None:
        """Why ``action`` is illegal for the seat to act, in words of the language in use, or None
        if it is legal."""
        words = self.refusal_words(action)
        return None if words is None else words.text()

    def refusal_words(self, action: Action) -> Words | None:
        """Why ``action`` is illegal, as a message (:class:`~makao_tui.engine.words.Words`), or None."""
        if self.phase == OVER:
            return Words("the deal is over")
        if isinstance(action, Bid):
            if self.phase != BID:
                return Words("the bidding is over: play a card")
            n = action.tricks
            if not isinstance(n, int) or isinstance(n, bool) or not 0 <= n <= self.size:
                if self.size == 1:
                    return Words("a bid is 0 or 1 trick, not {bid}", bid=n)
                return plural_words("a bid is 0 to {count} trick, not {bid}", "a bid is 0 to {count} tricks, not {bid}",
                                    self.size, count=self.size, bid=n)
            if n == self.forbidden_bid():
                return Words("hook: the dealer may not bid {bid}, which would make the bids add up to {count}",
                             bid=n, count=self.size)
            return None
        if isinstance(action, Play):
            if self.phase != PLAY:
                return Words("bid first: the bidding is not over")
            # one card and nothing else (SCENARIOS.md: a field that does not belong is refused);
            # the calls, several cards and a joker's card are the shedding games' (RULES.md §1, §2, §5)
            if (action.suit is not None or action.demand is not None or action.makao or action.out
                    or action.more or action.as_card is not None):
                return Words("a Peklo play names only the card")
            card = action.card
            hand = self.hands[self._turn]
            if card not in hand:
                return Words("{card} is not in your hand", card=card.label(True))
            if card not in self._follow_cards(self._turn):
                led = self.trick[0].suit
                return Words("you must follow suit: {suit} were led and you hold some", suit=suit_words(led))
            return None
        return Words("that is not an action of Peklo: bid or play a card")

    # ------------------------------------------------------------ applying

    def apply(self, action: Action) -> list[Event]:
        reason = self.refusal_words(action)
        if reason is not None:
            raise IllegalAction(reason)
        events: list[Event] = []
        if isinstance(action, Bid):
            self._bid(self._turn, action.tricks, events)
        elif isinstance(action, Play):  # refusal() refuses every other kind
            self._play(self._turn, action.card, events)
        return events

    def step(self, move: int) -> None:
        """Apply ``move``, one of :meth:`moves`, with no check and no events: the fast path of
        random playouts and search, the same rules as :meth:`apply`. A move that is not legal
        leaves the state undefined."""
        if move < BID_MOVE:
            self._play(self._turn, _CARDS[move], None)
        else:
            self._bid(self._turn, move - BID_MOVE, None)

    def _bid(self, seat: int, tricks: int, ev: list[Event] | None) -> None:
        """The rules of a bid, appending the events to ``ev`` unless it is None."""
        self.bids[seat] = tricks
        self._turn = (seat + 1) % self.players
        if seat == self.dealer:
            self.phase = PLAY
            self._turn = self.leader
        if ev is not None:
            ev.append(BidMade(seat, tricks))

    def _play(self, seat: int, card: Card, ev: list[Event] | None) -> None:
        """The rules of a play, appending the events to ``ev`` unless it is None."""
        self.hands[seat].remove(card)
        trick = self.trick
        if ev is not None:
            ev.append(CardPlayed(seat, card, lead=not trick))
        trick.append(card)
        players = self.players
        if len(trick) < players:
            self._turn = _LEFT[players][seat]
            return
        cards = tuple(trick)
        strength = self._strength[cards[0] // 13]
        values = [strength[c] for c in cards]
        best = values.index(max(values))
        leader = self.leader
        winner = (leader + best) % players
        self.tricks[winner] += 1
        history = self.history
        history.append(Trick(leader, cards, winner, players))
        if ev is not None:
            ev.append(TrickWon(winner, cards[best], len(history), leader, cards, self.tricks[winner]))
        self.trick = []
        self.leader = self._turn = winner
        if len(history) == self.size:
            self.phase = OVER
            self.is_over = True
            if ev is not None:
                ev.append(DealScored(None, None, tuple(self._bids()), tuple(self.tricks), tuple(self._points())))

    # ------------------------------------------------------------ results and views

    def points(self) -> list[int] | None:
        if self.phase != OVER:
            return None
        return self._points()

    def _bids(self) -> list[int]:
        """The bids, once every seat has made one (in the play phase and after)."""
        return cast("list[int]", self.bids)

    def _points(self) -> list[int]:
        """The deal's points per seat (RULES.md §4 "Scoring"), once it is over."""
        return deal_points(self._bids(), self.tricks, self.rules.scoring)

    def view(self, seat: int) -> PekloView:
        acting = self.to_act == seat
        points = self.points()
        return PekloView(
            seat=seat, players=self.players, dealer=self.dealer, number=self.number,
            deals=match_deals(self.rules, self.players), size=self.size, trump=self.trump, phase=self.phase,
            hand=tuple(sorted(self.hands[seat])), counts=tuple(len(h) for h in self.hands),
            bids=tuple(self.bids), tricks=tuple(self.tricks),
            trick=Trick(self.leader, tuple(self.trick), None, self.players) if self.phase == PLAY else None,
            history=tuple(self.history), hook=self.rules.hook, forbidden_bid=self.forbidden_bid(),
            to_act=self.to_act, legal=tuple(self.legal_actions()) if acting else (),
            points=tuple(points) if points is not None else None, rules=self.rules,
        )

    def clone(self) -> PekloState:
        new = object.__new__(PekloState)
        new.__dict__.update(self.__dict__)
        new.hands = [list(h) for h in self.hands]
        new.bids = list(self.bids)
        new.tricks = list(self.tricks)
        new.trick = list(self.trick)
        new.history = list(self.history)
        return new

    def snapshot(self) -> dict[str, Any]:
        return {
            "variant": "peklo",
            "to_act": self.to_act,
            "hands": [[str(c) for c in h] for h in self.hands],
            "deal_over": self.phase == OVER,
            "points": self.points(),
            "trump": self.trump_suit,
            "bids": list(self.bids),
            "tricks": list(self.tricks),
            "trick": [str(c) for c in self.trick],
        }


# ---------------------------------------------------------------- variant hooks


def deal(rules: PekloRules, players: int, dealer: int, rng: random.Random, match: Match | None) -> PekloState:
    """The next deal of a match: deal number ``len(match.deals) + 1`` (1 when ``match`` is None,
    the first deal), of that many cards each (RULES.md §4)."""
    number = 1 if match is None else len(match.deals) + 1
    return PekloState.deal(rules, players, dealer, number, rng)


def from_layout(layout: Layout) -> PekloState:
    """The deal a scenario file lays out: the deal size is the hand size, ``"trump"`` is the
    turned-up card (null: no trump; the key is required). Raises ValueError otherwise."""
    if not layout.trump_given:
        raise ValueError('a peklo scenario needs "trump": the turned-up card, or null for no trump')
    return PekloState(layout.rules, layout.players, layout.dealer, layout.hands, layout.trump)


def match_over(match: Match) -> bool:
    """The match is one cycle of deals (RULES.md §4 "Match", §5 ``cycle``): over once the last of
    :func:`match_deals` is played."""
    return len(match.deals) >= match_deals(match.rules, match.players)


HELP = N_("""\
Deal 1 gives each player 1 card, deal 2 two cards, and so on up to 52 / players; a card is turned
up for trump, except in the last deal, which has no trump.
Bid how many tricks you will take (0 counts). With the hook option the dealer, who bids last,
may not make the bids add up to the cards dealt.
Follow the led suit if you can; otherwise play any card. The highest trump wins the trick, else
the highest card of the led suit; the winner leads next.
Take exactly your bid to score bid + 10; any other number of tricks scores 0.
After the last deal the highest total wins.
House options: the deals may go up and down again (1 … m … 1 cards; only the deal of m cards has
no trump), and every trick may score 1 point, plus 10 for an exact bid.""")

def deal_columns(deal: DealRecord) -> DealColumns:
    """A finished deal's record for the CSV export (RULES.md §4 "Score sheets"): cards dealt to
    each seat and the trump card (empty: no trump); per seat the bid, tricks taken, points and
    running total."""
    view = deal.state.view(0)
    points, totals = deal.result()
    seats = [[("bid", view.bids[s]), ("tricks", view.tricks[s]), ("points", points[s]), ("total", totals[s])]
             for s in range(view.players)]
    return [("cards", view.size), ("trump", view.trump.label(True) if view.trump else "")], seats


VARIANT = register(Variant(
    **PEKLO.described(),
    rules_type=PekloRules, deal=deal, from_layout=from_layout, match_over=match_over, decks=1,
    help_text=HELP, deal_columns=deal_columns,
    presets={"seed": {}, "house": {"cycle": "up_down", "scoring": "tricks", "hook": True}},
))


# ---------------------------------------------------------------- sampling worlds (the hard AI)
# Kept apart from the engine above: it builds states only through the constructor and ``apply``.


def known_voids(view: PekloView) -> list[set[str]]:
    """Per seat, the suits (letters) it is known to hold none of: it once failed to follow them
    this deal (RULES.md §4 "Play": a player who holds the led suit must follow it)."""
    voids: list[set[str]] = [set() for _ in range(view.players)]
    tricks = list(view.history) + ([view.trick] if view.trick is not None else [])
    for trick in tricks:
        if trick.cards:
            led = trick.cards[0].suit
            for seat, card in zip(trick.seats, trick.cards, strict=False):
                if card.suit != led:
                    voids[seat].add(led)
    return voids


def unseen_cards(view: PekloView) -> list[Card]:
    """The cards ``view.seat`` cannot see, in card order: the pack minus its own hand, minus the
    turned-up trump card, minus every card played this deal (the other hands and the undealt
    cards)."""
    seen = set(view.hand)
    if view.trump is not None:
        seen.add(view.trump)
    for trick in view.history:
        seen.update(trick.cards)
    if view.trick is not None:
        seen.update(view.trick.cards)
    return [Card(i) for i in range(52) if i not in seen]


#: dead ends (a seat left with too few cards it may hold) after which :func:`deal_unseen` gives up
SAMPLE_TRIES = 1000


def deal_unseen(view: PekloView, rng: random.Random) -> list[list[Card]]:
    """The hands of one random world agreeing with ``view``: the seat's own hand as it is, and
    for every other seat ``view.counts[seat]`` cards drawn with ``rng`` from :func:`unseen_cards`,
    none of a suit the seat is known to be void in (:func:`known_voids`). The unseen cards left
    over are the undealt ones.

    Seats are dealt most constrained first (fewest cards they may hold beyond their count); a
    dead end is retried with a fresh draw. Raises ValueError when no world was found in
    :data:`SAMPLE_TRIES` draws (the view contradicts itself).
    """
    unseen = unseen_cards(view)
    voids = known_voids(view)
    others = [s for s in range(view.players) if s != view.seat and view.counts[s]]
    eligible = {s: [c for c in unseen if c.suit not in voids[s]] for s in others}
    order = sorted(others, key=lambda s: (len(eligible[s]) - view.counts[s], s))
    for _attempt in range(SAMPLE_TRIES):
        hands: list[list[Card]] = [[] for _ in range(view.players)]
        hands[view.seat] = list(view.hand)
        taken: set[Card] = set()
        for s in order:
            free = [c for c in eligible[s] if c not in taken]
            if len(free) < view.counts[s]:
                break
            hands[s] = rng.sample(free, view.counts[s])
            taken.update(hands[s])
        else:
            return hands
    raise ValueError("no deal of the unseen cards agrees with the view")


def sample_world(view: PekloView, rules: PekloRules, rng: random.Random) -> PekloState:
    """A full :class:`PekloState` agreeing with ``view`` (its ``view(view.seat)`` equals ``view``):
    the hands of :func:`deal_unseen` plus the cards each seat already played, dealt as deal
    ``view.number`` with the same dealer and trump card, then the bids and the cards of the view
    replayed in order. ``rules`` are the match's rules (``rules.hook`` must equal ``view.hook``).
    Raises ValueError as :func:`deal_unseen` does."""
    hands = deal_unseen(view, rng)
    tricks = list(view.history) + ([view.trick] if view.trick is not None else [])
    for trick in tricks:
        for seat, card in zip(trick.seats, trick.cards, strict=False):
            hands[seat].append(card)
    state = PekloState(rules, view.players, view.dealer, hands, view.trump, view.number)
    for i in range(view.players):
        bid = view.bids[(view.dealer + 1 + i) % view.players]
        if bid is None:
            break
        state.apply(Bid(bid))
    for trick in tricks:
        for card in trick.cards:
            state.apply(Play(card))
    return state
