"""The rules code of Peklo (makao_tui/rules/peklo.en.md, peklo.en.md#options ``cycle`` ``scoring`` ``hook``): the
state of a deal,
its moves and their effects, the trick and the scoring.

The one implementation of the rules: :meth:`PekloState.step` applies a move, and
:meth:`PekloState.apply` checks an action and runs the same code collecting the events. It is
apart from the events (:mod:`~makao_tui.games.peklo_events`), the view and the rule config
(:mod:`~makao_tui.games.peklo`, which gives every public name of this module too) so that it may
be compiled with mypyc; the same file runs as plain Python when it is not (issue 15,
CONTRIBUTING.md "The compiled core").
"""

from __future__ import annotations

import random
from bisect import bisect_left
from collections.abc import Sequence
from typing import Any, Final, cast

from ..engine.actions import Action, Bid, Play
from ..engine.cards import ALL_CARDS, SUITS, Card, deck, suit_words
from ..engine.events import DealStarted, Event
from ..engine.state import GameState, IllegalAction, Refusal, turn_refusal
from ..engine.words import Words, plural_words
from .peklo_events import BidMade, CardPlayed, DealScored, Trick, TrickWon, TrumpTurned
from .peklo_records import PekloRules, PekloView
from .shuffle_core import shuffle

BID: Final = "bid"
PLAY: Final = "play"
OVER: Final = "over"


def deal_count(players: int) -> int:
    """m = floor(52 / players): the number of deals in a match, and the size of the last one
    (makao_tui/rules/peklo.en.md#deals). 3 players: 17, 4: 13, 5: 10, 6: 8, 7: 7."""
    return 52 // players


def match_deals(rules: PekloRules, players: int) -> int:
    """The number of deals in a match: m under ``cycle`` ``up``, 2m − 1 under ``up_down``
    (makao_tui/rules/peklo.en.md#scoring-and-the-match, peklo.en.md#options ``cycle``)."""
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
    card of the led suit (makao_tui/rules/peklo.en.md#play)."""
    strength = _STRENGTH[trump][cards[0] // 13]
    values = [strength[c] for c in cards]
    return values.index(max(values))


def _strengths(trump: str | None, led: int) -> tuple[int, ...]:
    """Per card: 200 + rank value for a trump, 100 + rank value for the led suit (index ``led``
    in SUITS), else 0."""
    return tuple(200 + c % 13 if SUITS[c // 13] == trump else 100 + c % 13 if c // 13 == led else 0
                 for c in range(52))


#: _STRENGTH[trump][led suit index][card]: how strong a card is in a trick (higher wins)
_STRENGTH: Final = {trump: tuple(_strengths(trump, led) for led in range(4)) for trump in (None, *SUITS)}
#: _LEFT[players][seat]: the seat to the left of ``seat``
_LEFT: Final = tuple(tuple((s + 1) % n for s in range(n)) for n in range(8))
#: per card, the first card of its suit (a hand in card order holds each suit as one run)
_SUIT_START: Final = tuple(c - c % 13 for c in range(52))

#: a move (:meth:`PekloState.moves`) is a card number 0..51 for a play, BID_MOVE + n for a bid of n
BID_MOVE: Final = 64
_PLAYS: Final = tuple(Play(c) for c in ALL_CARDS)
_CARDS: Final = tuple(ALL_CARDS)
_BIDS: Final = tuple(Bid(n) for n in range(53))


def move_action(move: int) -> Action:
    """The :class:`Action` a move of :meth:`PekloState.moves` stands for (the same object each
    time); raises IndexError for an int that is no move."""
    return _PLAYS[move] if move < BID_MOVE else _BIDS[move - BID_MOVE]


def deal_points(bids: Sequence[int], tricks: Sequence[int], scoring: str = "exact") -> list[int]:
    """Points of a deal per seat: under ``scoring`` ``exact`` (makao_tui/rules/peklo.en.md#scoring-and-the-match) bid
    + 10 for
    exactly the bid, else 0; under ``tricks`` (§5) the tricks taken, plus 10 for exactly the bid."""
    return [bid_points(b, t, scoring) for b, t in zip(bids, tricks, strict=False)]


def bid_points(bid: int, tricks: int, scoring: str = "exact") -> int:
    """One seat's points of a deal (see :func:`deal_points`)."""
    exact = 10 if bid == tricks else 0
    if scoring == "tricks":
        return tricks + exact
    return bid + exact if exact else 0


class PekloState:
    """One deal of Peklo; see :class:`GameState` for the contract.

    A :class:`GameState` by registration (``GameState.register``), not by subclassing: compiled,
    a class derived from an interpreted one gets a ``__dict__`` and a weak-reference slot that
    mypyc's deallocator never clears, so that a state dying while weakly referenced (hypothesis
    does that to a value a strategy returns) crashes the interpreter. So it implements every
    method of the protocol itself (:meth:`refusal` with :func:`turn_refusal`).

    ``hands``: one list of cards per seat, all of the same length ``size`` ≥ 1 (the deal size);
    ``trump``: the turned-up card (its suit is trump) or None; ``number``: the deal's number in its
    match, or None. Raises ValueError for hands of different or zero length, or a trump card that
    is also in a hand. (``fresh`` False, for :meth:`clone` and :meth:`deal` only: the hands are
    taken as they are, unchecked and in card order; :meth:`clone` sets every other attribute.)
    """

    def __init__(self, rules: PekloRules, players: int, dealer: int, hands: list[list[Card]],
                 trump: Card | None, number: int | None = None, fresh: bool = True):
        if fresh:
            sizes = {len(h) for h in hands}
            if len(hands) != players or len(sizes) != 1 or 0 in sizes:
                raise ValueError("every Peklo hand must hold the same number of cards, at least one")
            if trump is not None and any(trump in h for h in hands):
                raise ValueError(f"the trump card {trump} cannot also be in a hand")
        self.rules = rules
        # the rule fields read in play, held here: compiled, a field of the interpreted config is
        # a lookup by name
        self._hook: bool = rules.hook
        self._scoring: str = rules.scoring
        self.players = players
        self.dealer = dealer
        self.number = number
        # every hand is kept in card order, so a suit is one run of it (see moves())
        self.hands = [sorted(h) for h in hands] if fresh else hands
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
        the next card as trump unless the deal is of m cards (makao_tui/rules/peklo.en.md, peklo.en.md#options
        ``cycle``). Raises
        ValueError for a number outside the match."""
        size = deal_size(rules, players, number)
        cards = deck()
        shuffle(rng, cards)
        hands: list[list[Card]] = [[] for _ in range(players)]
        for i in range(size * players):
            hands[(dealer + 1 + i) % players].append(cards.pop())
        trump = cards.pop() if size < deal_count(players) else None
        # hands of one size and a trump card from the rest of the pack: nothing for the constructor
        # to check, only the hands to keep in card order
        return cls(rules, players, dealer, [sorted(h) for h in hands], trump, number, fresh=False)

    # ------------------------------------------------------------ facts

    #: True once the deal has ended (an attribute here: the playouts read it after every move)
    is_over = False

    @property
    def opening(self) -> list[Event]:
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
        or the bids so far already exceed the deal size). makao_tui/rules/peklo.en.md#bidding."""
        if not self._hook or self.phase != BID or self._turn != self.dealer:
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

    def refusal(self, action: Action, seat: int | None = None) -> Refusal | None:
        """Why ``action`` (of ``seat``, if given) is illegal, as a
        :class:`~makao_tui.engine.state.Refusal` (kind, fields, words), or None if it is legal:
        the one legality path, which :meth:`apply` follows too (makao_tui/rules/peklo.en.md)."""
        turn = turn_refusal(None if self.phase == OVER else self._turn, seat)
        if turn is not None:
            return turn
        if isinstance(action, Bid):
            if self.phase != BID:
                return Refusal("bidding_over", Words("the bidding is over: play a card"))
            # a scenario's bid may be of any type: compiled, a read typed int would raise on one
            n = cast(Any, action).tricks
            if not isinstance(n, int) or isinstance(n, bool) or not 0 <= n <= self.size:
                words = (Words("a bid is 0 or 1 trick, not {bid}", bid=n) if self.size == 1 else
                         plural_words("a bid is 0 to {count} trick, not {bid}",
                                      "a bid is 0 to {count} tricks, not {bid}", self.size, count=self.size, bid=n))
                return Refusal("bid_out_of_range", words, {"bid": n, "most": self.size})
            if n == self.forbidden_bid():
                return Refusal("hook", Words("hook: the dealer may not bid {bid}, which would make the bids add up to "
                                             "{count}", bid=n, count=self.size), {"bid": n, "tricks": self.size})
            return None
        if isinstance(action, Play):
            if self.phase != PLAY:
                return Refusal("bid_first", Words("bid first: the bidding is not over"))
            # one card and nothing else (docs/scenarios.md: a field that does not belong is refused);
            # the calls, several cards and a joker's card are the shedding games' (makao_tui/rules/makao-ru.en.md,
            # makao-pl.en.md, peklo.en.md#options)
            if (action.suit is not None or action.demand is not None or action.makao or action.out
                    or action.more or action.as_card is not None):
                return Refusal("card_only", Words("a Peklo play names only the card"))
            card = action.card
            hand = self.hands[self._turn]
            if card not in hand:
                return Refusal("not_in_hand", Words("{card} is not in your hand", card=card.label(True)),
                               {"card": str(card)})
            if card not in self._follow_cards(self._turn):
                led = self.trick[0].suit
                return Refusal("follow_suit", Words("you must follow suit: {suit} were led and you hold some",
                                                    suit=suit_words(led)), {"card": str(card), "led": led})
            return None
        return Refusal("not_an_action", Words("that is not an action of Peklo: bid or play a card"))

    # ------------------------------------------------------------ applying

    def apply(self, action: Action) -> list[Event]:
        refusal = self.refusal(action)
        if refusal is not None:
            raise IllegalAction(refusal)
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
        """The deal's points per seat (makao_tui/rules/peklo.en.md#scoring-and-the-match), once it is over."""
        return deal_points(self._bids(), self.tricks, self._scoring)

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
        # compiled, the attributes live in the instance's slots, not in a __dict__: each is copied
        new = PekloState(self.rules, self.players, self.dealer, [list(h) for h in self.hands], self.trump,
                         self.number, fresh=False)
        new.size = self.size
        new.bids = list(self.bids)
        new.tricks = list(self.tricks)
        new.trick = list(self.trick)
        new.leader = self.leader
        new.history = list(self.history)
        new.phase = self.phase
        new.is_over = self.is_over
        new._turn = self._turn
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


GameState.register(PekloState)  # see the class's docstring
