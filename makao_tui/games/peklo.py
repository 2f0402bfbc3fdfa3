"""peklo — Peklo ("Makao", "Hell"), trick-taking with exact bids (makao_tui/rules/peklo.en.md).

One :class:`PekloState` is one deal: ``size`` cards to each of 3..7 seats, a turned-up trump card
(or none), a round of bids from the dealer's left, then ``size`` tricks. The match is one cycle of
deals 1..m, m = floor(52 / players), deal k of k cards; deals 1..m−1 have a trump, deal m has none.
Options (makao_tui/rules/peklo.en.md#options): ``cycle`` ``up_down`` goes on down again after deal m (m−1..1 cards, each
with a trump), and ``scoring`` ``tricks`` scores every trick taken plus 10 for an exact bid.

Phases of a deal: ``"bid"`` (every seat bids once, in turn from the dealer's left), ``"play"`` (the
seat left of the dealer leads the first trick, the winner of each trick leads the next), ``"over"``.

This module holds the rule config, the view, the variant's hooks and the hard AI's world sampler;
the rules code (the state, its moves and its tricks) is in :mod:`~makao_tui.games.peklo_core`,
compiled on install, and the events in :mod:`~makao_tui.games.peklo_events`: every public name
of both is given here too.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, ClassVar, cast

from ..engine.actions import Action, Bid, Play
from ..engine.cards import Card
from ..engine.i18n import N_
from ..engine.match import DealRecord, Match
from ..engine.scenario import Layout
from ..engine.variant import DealColumns, SeatMeasure, Variant, option, register
from .about import PEKLO
from .peklo_core import (
    BID,
    BID_MOVE,
    OVER,
    PLAY,
    PekloState,
    bid_points,
    deal_count,
    deal_points,
    deal_size,
    match_deals,
    move_action,
    trick_winner,
)
from .peklo_events import BidMade, CardPlayed, DealScored, Trick, TrickWon, TrumpTurned

__all__ = [
    "BID", "BID_MOVE", "OVER", "PLAY", "BidMade", "CardPlayed", "DealScored", "PekloRules", "PekloState",
    "PekloView", "Trick", "TrickWon", "TrumpTurned", "bid_points", "deal", "deal_count", "deal_points",
    "deal_size", "deal_tricks", "deal_unseen", "from_layout", "known_voids", "match_deals", "match_over",
    "move_action", "played_cards", "sample_world", "trick_winner", "unseen_cards",
]


@dataclass(frozen=True)
class PekloRules:
    """Peklo options: ``hook`` (makao_tui/rules/peklo.en.md) — the dealer may not bid so that the bids add up to the
    number of cards dealt (default off); ``cycle`` (§5) — ``up``: deals of 1..m cards (default),
    ``up_down``: 1..m then m−1..1, the deal of m cards without trump; ``scoring`` (§5) —
    ``exact``: bid + 10 for an exact bid, else 0 (default), ``tricks``: 1 per trick taken plus 10
    for an exact bid.

    **[decision, makao_tui/rules/peklo.en.md silent]** Under ``up_down`` every deal after the one of m cards has a trump
    turned up, the last (1 card) included: "the last deal of m cards without trump" is read as the
    one deal of m cards.
    """

    hook: bool = option(False, N_("Hook: bids may not add up to the deal"),
                        N_("The dealer may not bid so that the bids add up to the cards dealt."),
                        flag="--hook", flag_help=N_("the dealer may not make the bids add up to the deal size."))
    cycle: str = option("up", N_("Deals go"),
                        N_('"{up}": 1, 2 … m cards; "{up_down}": 1 … m, then m−1 … 1 (only the m-card deal '
                           'without trump).'),
                        choices=("up", "up_down"), choice_labels={"up": N_("up"), "up_down": N_("up and down")})
    scoring: str = option("exact", N_("Scoring"),
                          N_('"{exact}": bid + 10 for an exact bid, else 0; "{tricks}": 1 per trick taken, plus 10 '
                             'for an exact bid.'),
                          choices=("exact", "tricks"),
                          choice_labels={"exact": N_("exact bids only"), "tricks": N_("every trick")})


# ---------------------------------------------------------------- view



@dataclass(frozen=True, slots=True)
class PekloView:
    """What one seat may know of a Peklo deal (makao_tui/rules/peklo.en.md).

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


# ---------------------------------------------------------------- variant hooks


def deal(rules: PekloRules, players: int, dealer: int, rng: random.Random, match: Match | None) -> PekloState:
    """The next deal of a match: deal number ``len(match.deals) + 1`` (1 when ``match`` is None,
    the first deal), of that many cards each (makao_tui/rules/peklo.en.md)."""
    number = 1 if match is None else len(match.deals) + 1
    return PekloState.deal(rules, players, dealer, number, rng)


def from_layout(layout: Layout) -> PekloState:
    """The deal a scenario file lays out: the deal size is the hand size, ``"trump"`` is the
    turned-up card (null: no trump; the key is required). Raises ValueError otherwise."""
    if not layout.trump_given:
        raise ValueError('a peklo scenario needs "trump": the turned-up card, or null for no trump')
    return PekloState(layout.rules, layout.players, layout.dealer, layout.hands, layout.trump)


def match_over(match: Match) -> bool:
    """The match is one cycle of deals (makao_tui/rules/peklo.en.md#scoring-and-the-match, peklo.en.md#options
    ``cycle``): over once the last of
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

#: the CSV export's trump of a deal played without trump
NO_TRUMP = "none"


def deal_columns(deal: DealRecord) -> DealColumns:
    """A finished deal's record for the CSV export (makao_tui/rules/peklo.en.md#scoring-and-the-match): cards dealt to
    each seat and the trump card (:data:`NO_TRUMP`, ``none``, for the deal without trump); per seat
    the bid, tricks taken, points and running total."""
    view = deal.state.view(0)
    points, totals = deal.result()
    seats = [[("bid", view.bids[s]), ("tricks", view.tricks[s]), ("points", points[s]), ("total", totals[s])]
             for s in range(view.players)]
    return [("cards", view.size), ("trump", view.trump.label(True) if view.trump else NO_TRUMP)], seats


def made_bid(deal: DealRecord, seat: int) -> tuple[int, int]:
    """``makao simulate``'s tally of exact bids (makao_tui/rules/peklo.en.md): (1 if ``seat`` took exactly its
    bid in the finished ``deal`` else 0, 1)."""
    view = deal.state.view(seat)
    return int(view.bids[seat] == view.tricks[seat]), 1


VARIANT = register(Variant(
    **PEKLO.described(),
    # a PekloState is a GameState by registration (peklo_core), which mypy does not follow
    rules_type=PekloRules, deal=cast(Any, deal), from_layout=cast(Any, from_layout), match_over=match_over, decks=1,
    help_text=HELP, deal_columns=deal_columns,
    seat_measures=(SeatMeasure("exact_bid_rate", N_("Exact bid %"), made_bid, percent=True),),
    presets={"seed": {}, "house": {"cycle": "up_down", "scoring": "tricks", "hook": True}},
))


# ---------------------------------------------------------------- sampling worlds (the hard AI)
# Kept apart from the engine above: it builds states only through the constructor and ``apply``.


def deal_tricks(view: PekloView) -> list[Trick]:
    """The tricks of the deal so far, in order: the finished ones (``view.history``), then the one
    under way when there is one."""
    return [*view.history, view.trick] if view.trick is not None else list(view.history)


def played_cards(view: PekloView) -> list[list[Card]]:
    """Per seat, the cards it has played this deal, in the order played."""
    played: list[list[Card]] = [[] for _ in range(view.players)]
    for trick in deal_tricks(view):
        for seat, card in zip(trick.seats, trick.cards, strict=False):
            played[seat].append(card)
    return played


def known_voids(view: PekloView) -> list[set[str]]:
    """Per seat, the suits (letters) it is known to hold none of: it once failed to follow them
    this deal (makao_tui/rules/peklo.en.md#play: a player who holds the led suit must follow it)."""
    voids: list[set[str]] = [set() for _ in range(view.players)]
    for trick in deal_tricks(view):
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
    for trick in deal_tricks(view):
        seen.update(trick.cards)
    return [Card(i) for i in range(52) if i not in seen]


#: dead ends (a seat left with too few cards it may hold) after which :func:`deal_unseen` gives up
SAMPLE_TRIES = 1000


class UnseenDealer:
    """Deals the cards ``view.seat`` cannot see to the other hands, again and again, for one view
    (the work that does not change from one deal to the next done once, in the constructor).

    :meth:`deal` gives the hands of one random world agreeing with ``view``: the seat's own hand
    as it is, and for every other seat ``view.counts[seat]`` cards drawn from
    :func:`unseen_cards`, none of a suit the seat is known to be void in (:func:`known_voids`);
    the unseen cards left over are the undealt ones. Seats are dealt most constrained first
    (fewest cards they may hold beyond their count); a dead end is retried with a fresh draw.
    Cards are ints (``Card`` numbers, ``suit * 13 + rank``)."""

    def __init__(self, view: PekloView):
        self.players = view.players
        self.seat = view.seat
        self.counts = list(view.counts)
        self.hand = [int(c) for c in view.hand]
        voids = known_voids(view)
        unseen = unseen_cards(view)
        others = [s for s in range(view.players) if s != view.seat and view.counts[s]]
        eligible = {s: [int(c) for c in unseen if c.suit not in voids[s]] for s in others}
        self.order = [(s, eligible[s]) for s in sorted(others, key=lambda s: (len(eligible[s]) - view.counts[s], s))]

    def deal(self, rng: random.Random) -> list[list[int]]:
        """One world's hands by seat (see the class docstring), drawn with ``rng`` only. Raises
        ValueError when no world was found in :data:`SAMPLE_TRIES` draws (the view contradicts
        itself)."""
        counts = self.counts
        for _attempt in range(SAMPLE_TRIES):
            hands: list[list[int]] = [[] for _ in range(self.players)]
            hands[self.seat] = list(self.hand)
            taken: set[int] = set()
            for s, eligible in self.order:
                free = [c for c in eligible if c not in taken] if taken else eligible
                if len(free) < counts[s]:
                    break
                hands[s] = rng.sample(free, counts[s])
                taken.update(hands[s])
            else:
                return hands
        raise ValueError("no deal of the unseen cards agrees with the view")


def deal_unseen(view: PekloView, rng: random.Random) -> list[list[Card]]:
    """The hands of one random world agreeing with ``view``, as :meth:`UnseenDealer.deal` deals
    them, in cards. Raises ValueError as that does."""
    return [[Card(i) for i in hand] for hand in UnseenDealer(view).deal(rng)]


def sample_world(view: PekloView, rules: PekloRules, rng: random.Random) -> PekloState:
    """A full :class:`PekloState` agreeing with ``view`` (its ``view(view.seat)`` equals ``view``):
    the hands of :func:`deal_unseen` plus the cards each seat already played, dealt as deal
    ``view.number`` with the same dealer and trump card, then the bids and the cards of the view
    replayed in order. ``rules`` are the match's rules (``rules.hook`` must equal ``view.hook``).
    Raises ValueError as :func:`deal_unseen` does."""
    hands = [hand + played for hand, played in zip(deal_unseen(view, rng), played_cards(view), strict=True)]
    state = PekloState(rules, view.players, view.dealer, hands, view.trump, view.number)
    for i in range(view.players):
        bid = view.bids[(view.dealer + 1 + i) % view.players]
        if bid is None:
            break
        state.apply(Bid(bid))
    for trick in deal_tricks(view):
        for card in trick.cards:
            state.apply(Play(card))
    return state
