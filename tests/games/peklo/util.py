"""Helpers of the Peklo tests: lay out a deal, apply actions by their docs/scenarios.md form, play
random legal games."""

from __future__ import annotations

import random

from makao_tui.engine.actions import Bid, Play
from makao_tui.engine.cards import Card
from makao_tui.games import get_variant
from makao_tui.games.peklo import PekloRules, PekloState

VARIANT = get_variant("peklo")


def cards(*texts: str) -> list[Card]:
    """Cards from their makao_tui/rules/peklo.en.md texts."""
    return [Card.parse(t) for t in texts]


def deal_of(hands: list[list[str]], trump: str | None, dealer: int = 0, hook: bool = False) -> PekloState:
    """A lone deal of these hands (seat 0 first) with this turned-up card (None: no trump)."""
    return PekloState(PekloRules(hook=hook), len(hands), dealer, [cards(*h) for h in hands],
                      Card.parse(trump) if trump else None)


def bid_all(state: PekloState, bids: dict[int, int]) -> None:
    """Apply the bids, in turn from the dealer's left; ``bids`` maps seat to tricks."""
    for _ in range(state.players):
        seat = state.to_act
        state.apply(Bid(bids[seat]))


def play(state: PekloState, *texts: str) -> list:
    """Play these cards in turn; return every event."""
    events = []
    for text in texts:
        events += state.apply(Play(Card.parse(text)))
    return events


def random_deal(state: PekloState, rng: random.Random) -> list:
    """Play ``state`` to its end with random legal actions; return every event."""
    events = []
    while not state.is_over:
        events += state.apply(rng.choice(state.legal_actions()))
    return events
