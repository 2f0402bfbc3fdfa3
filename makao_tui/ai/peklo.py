"""The AI of Peklo (makao_tui/rules/peklo.en.md): bid what the hand should take, then play to take exactly that.

It decides from :class:`~makao_tui.games.peklo.PekloView` only: its own hand, the trump card, the
bids, the tricks taken and every card played so far. Cards it cannot see ("unseen": the other
hands and the undealt cards) are treated as spread at random, each seat holding a given unseen
card with probability (cards in that hand) / (unseen cards); a seat that once failed to follow a
suit is known to hold none of it.

**Holding chance.** For a card played now, the chance that no seat still to play this trick beats
it: a seat beats a card of the led suit by holding a higher one of that suit, or by being void in
it and holding a trump; it beats a trump with a higher trump (when trump was not led, only if it is
also void in the led suit). A card that neither follows nor trumps, or that loses to the trick
already on the table, holds with chance 0.

**Bidding.** The seat imagines ``SAMPLES`` deals: the cards it cannot see are shuffled with
``rng`` and dealt to the other seats, and each deal is played out greedily by everybody (lead the
highest card, trumps last; follow with the cheapest card that takes the trick, else the lowest).
Its estimate is the mean of the tricks it takes there. So trumps, high cards, suit lengths (long
suits win late tricks, short ones let it trump) and seat position (the first leader, who plays
after whom) all count without hand-tuned weights, and the estimates of a whole table add up to
about the deal size. The bid is the estimate rounded, kept in 0..size; when the hook forbids it,
the nearest legal bid (the lower one on a tie). The earlier bids do not move it: in all-AI test
matches, shifting the bid toward the table's slack made no more bids exact.

**Play.** ``need`` = bid − tricks taken.

- Short (``need`` > 0), or a bid out of reach under ``scoring`` ``tricks`` (makao_tui/rules/peklo.en.md#options: each
trick
  still scores 1): with every remaining trick needed (or the bid out of reach), play the likeliest
  winner; otherwise
  play the cheapest card that holds nearly as well as the best one, and when no card is a likely
  winner, throw the least useful card (lowest, non-trump first) to keep the winners for later.
- Enough (``need`` ≤ 0): play a card that holds least; among the sure losers, shed the most
  dangerous one (the card likeliest to win a trick later: high cards and trumps).

Only the imagined deals of the bid draw on ``rng``: equal views and equally seeded generators
give equal choices.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import cast

from ..engine.actions import Action, Bid, Play
from ..engine.cards import SUITS, Card
from ..games.peklo import PekloView, known_voids, trick_winner, unseen_cards
from .base import register_ai
from .peklo_playout import greedy_playout

#: imagined deals behind each bid
SAMPLES = 24


class _Odds:
    """Holding chances for one view (see the module docstring)."""

    def __init__(self, view: PekloView):
        self.view = view
        self.trump = view.trump_suit
        self.unseen = set(unseen_cards(view))
        self.voids = known_voids(view)
        self.by_suit: dict[str, list[Card]] = {}
        for c in self.unseen:
            self.by_suit.setdefault(c.suit, []).append(c)

    def _share(self, seat: int) -> float:
        """Chance that ``seat`` holds one given unseen card."""
        return self.view.counts[seat] / len(self.unseen) if self.unseen else 0.0

    def _higher(self, card: Card) -> int:
        return sum(1 for c in self.by_suit.get(card.suit, ()) if c.rank_value > card.rank_value)

    def _void(self, seat: int, suit: str) -> float:
        if suit in self.voids[seat]:
            return 1.0
        return (1 - self._share(seat)) ** len(self.by_suit.get(suit, ()))

    def _has_trump(self, seat: int) -> float:
        if self.trump is None or self.trump in self.voids[seat]:
            return 0.0
        return 1 - (1 - self._share(seat)) ** len(self.by_suit.get(self.trump, ()))

    def beat(self, seat: int, card: Card, led: str) -> float:
        """Chance that ``seat``, playing after ``card`` in a trick led in ``led``, beats it."""
        keep = 1 - self._share(seat)
        if card.suit == self.trump:
            over = 0.0 if self.trump in self.voids[seat] else 1 - keep ** self._higher(card)
            return over if led == self.trump else self._void(seat, led) * over
        follow = 0.0 if card.suit in self.voids[seat] else 1 - keep ** self._higher(card)
        ruff = self._void(seat, led) * self._has_trump(seat)
        return 1 - (1 - follow) * (1 - ruff)

    def holds(self, card: Card, on_table: tuple[Card, ...], after: Iterable[int]) -> float:
        """Chance that ``card``, played onto ``on_table`` (the trick so far), wins the trick
        against the seats ``after`` it."""
        cards = (*on_table, card)
        if trick_winner(cards, self.trump) != len(cards) - 1:
            return 0.0
        led = cards[0].suit
        chance = 1.0
        for seat in after:
            chance *= 1 - self.beat(seat, card, led)
        return chance

    def danger(self, card: Card) -> float:
        """How likely ``card`` is to win a later trick it leads: its holding chance as a lead."""
        others = [s for s in range(self.view.players) if s != self.view.seat]
        return self.holds(card, (), others)


def estimate_tricks(view: PekloView, rng: random.Random, samples: int = SAMPLES) -> float:
    """The tricks the seat's hand should take at the start of the deal: the mean of ``samples``
    greedy playouts with the unseen cards dealt at random to the other seats (see "Bidding" in
    the module docstring). Uses ``rng`` only."""
    unseen = unseen_cards(view)
    trump = SUITS.index(view.trump_suit) if view.trump_suit is not None else -1
    leader = (view.dealer + 1) % view.players
    total = 0
    for _ in range(samples):
        rng.shuffle(unseen)
        pool = iter(unseen)
        hands: list[list[int]] = [[int(c) for c in view.hand] if s == view.seat
                                  else [next(pool) for _ in range(view.size)] for s in range(view.players)]
        total += greedy_playout(hands, leader, trump)[view.seat]
    return total / samples


def _bid_of(view: PekloView) -> int:
    """The seat's own bid, in the play phase (when every seat has bid)."""
    return cast(int, view.bids[view.seat])


def wants_tricks(view: PekloView) -> bool:
    """Whether the seat, in the play phase, gains by taking the trick: its bid still needs tricks,
    or (``scoring`` ``tricks``, makao_tui/rules/peklo.en.md#options) the bid is out of reach, so every trick scores
    1."""
    need = _bid_of(view) - view.tricks[view.seat]
    if view.rules.scoring == "tricks" and (need < 0 or need > len(view.hand)):
        return True
    return need > 0


class PekloAI:
    """Heuristic Peklo player (see the module docstring)."""

    def choose(self, view: PekloView, rng: random.Random) -> Action:
        """One of ``view.legal``; raises ValueError when the seat has nothing to do."""
        if not view.legal:
            raise ValueError("the seat has no legal action")
        if view.phase == "bid":
            return self._bid(view, rng)
        return self._play(view)

    def _bid(self, view: PekloView, rng: random.Random) -> Bid:
        guess = estimate_tricks(view, rng)
        legal = [a for a in view.legal if isinstance(a, Bid)]
        return min(legal, key=lambda a: (abs(a.tricks - guess), a.tricks))

    def _play(self, view: PekloView) -> Play:
        odds = _Odds(view)
        trick = view.trick
        assert trick is not None  # the play phase has a trick under way
        on_table = trick.cards
        after = [(trick.leader + i) % view.players for i in range(len(on_table) + 1, view.players)]
        cards = [a.card for a in view.legal if isinstance(a, Play)]
        win = {c: odds.holds(c, on_table, after) for c in cards}
        need = _bid_of(view) - view.tricks[view.seat]
        if wants_tricks(view):
            best = max(win.values())
            if need >= len(view.hand) or need < 0:
                return Play(max(cards, key=lambda c: (win[c], c.rank_value)))
            if best >= 0.3:
                good = [c for c in cards if win[c] >= best - 0.1]
                return Play(min(good, key=lambda c: (c.suit == odds.trump, c.rank_value)))
            return Play(min(cards, key=lambda c: (c.suit == odds.trump, odds.danger(c), c.rank_value)))
        return Play(min(cards, key=lambda c: (round(win[c], 2), -odds.danger(c), -c.rank_value)))


class EasyPekloAI:
    """The easy Peklo player: legal but loose. It bids its high cards (aces, and trumps from the
    jack up), the nearest legal bid under the hook; it plays its highest card while it still needs
    tricks (or, under ``scoring`` ``tricks``, once its bid is out of reach) and its lowest once it has
    enough, and one card in ``CARELESS`` it plays at random."""

    #: the share of plays made at random
    CARELESS = 0.25

    def choose(self, view: PekloView, rng: random.Random) -> Action:
        """One of ``view.legal``; raises ValueError when the seat has nothing to do."""
        if not view.legal:
            raise ValueError("the seat has no legal action")
        if view.phase == "bid":
            high = sum(1 for c in view.hand if c.rank == "A" or (c.suit == view.trump_suit and c.rank_value >= 11))
            bids = [a for a in view.legal if isinstance(a, Bid)]
            return min(bids, key=lambda a: (abs(a.tricks - high), a.tricks))
        if rng.random() < self.CARELESS:
            return rng.choice(view.legal)
        plays = [a for a in view.legal if isinstance(a, Play)]
        if wants_tricks(view):
            return max(plays, key=lambda a: (a.card.suit == view.trump_suit, a.card.rank_value))
        return min(plays, key=lambda a: (a.card.suit == view.trump_suit, a.card.rank_value))


register_ai("peklo", "easy", lambda rules, thinking: EasyPekloAI())
register_ai("peklo", "normal", lambda rules, thinking: PekloAI())
