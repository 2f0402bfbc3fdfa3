"""The order a hand is shown in: by suit or by rank (the ``o`` key at every table). (The engine
gives a seat its hand sorted, the suits in turn: an order "as dealt" would show the same.)

Only the picture changes: the engine keeps the hand in its own order, and a table screen maps a
card shown at place ``i`` back to the engine's card with :func:`shown_order`. Trumps (Peklo, makao_tui/rules/
§4) come first in both sorted orders, being the cards that beat every other.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..engine.cards import JOKER, SUITS, Card
from ..engine.i18n import N_

#: the orders, in the order the key cycles through them
ORDERS = ("suit", "rank")
#: how each order is named in the hand's title and the status line (translated where shown)
ORDER_WORDS = {"suit": N_("by suit"), "rank": N_("by rank")}


def next_order(order: str) -> str:
    """The order after ``order`` in :data:`ORDERS` (back to the first after the last)."""
    return ORDERS[(ORDERS.index(order) + 1) % len(ORDERS)]


def shown_order(hand: Sequence[Card], order: str, trump: str | None = None) -> list[int]:
    """Places in ``hand`` in the order they are shown: ``"suit"`` groups the suits (♣ ♦ ♥ ♠, the
    ``trump`` suit first) and sorts each by rank, 2 low and ace high; ``"rank"`` sorts by rank,
    then suit (the trumps first, as a group). Equal cards (two packs) keep the hand's order;
    jokers (makao_tui/rules/makao-pl.en.md#house-rules ``jokers``) come last.
    Raises ValueError for an unknown ``order``."""
    if order not in ORDERS:
        raise ValueError(f"unknown hand order {order!r} (known: {', '.join(ORDERS)})")
    places = list(range(len(hand)))

    def suit_key(card: Card) -> int:
        if card == JOKER:
            return len(SUITS)
        return -1 if card.suit == trump else SUITS.index(card.suit)

    if order == "suit":
        return sorted(places, key=lambda i: (suit_key(hand[i]), hand[i].rank_value))
    return sorted(places, key=lambda i: (hand[i].suit != trump, hand[i].rank_value, suit_key(hand[i])))
