"""What one seat may know of a Macao hand (makao_tui/rules/macao.en.md#a-hand): :class:`MacaoView`,
made by :meth:`~makao_tui.games.macao_state.MacaoState.view`; the AI and the table screen read it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from ..engine.actions import Action
from ..engine.cards import Card
from .macao_events import Settled


@dataclass(frozen=True, slots=True)
class MacaoView:
    """What one seat may know of a hand (makao_tui/rules/macao.en.md#a-hand).

    ``hand``: the seat's own cards, first card first (one, or two after the draw; empty for a seat
    not at the table); ``total``: their points; ``natural``: the seat has not drawn (and holds a card);
    ``thrown``: the 0-cards this seat threw away this hand.
    Public, per seat: ``in_play`` (dealt in this hand), ``counts`` (cards held), ``replaced``
    (cards thrown away), ``drew``, ``stood``. ``shoe``: cards in the shoe; ``spent``: the cards of
    earlier hands of this bank not shuffled back yet (all were shown at their settlement).
    Once the hand is over (``over``), everything is face up: ``revealed`` (every seat's cards),
    ``totals``, ``naturals``, ``settlement`` (the :class:`~makao_tui.games.macao_events.Settled`
    lines in order) and ``points`` (chip change per seat); before that they are None / ``()``.
    ``legal``: the seat's legal actions (empty unless it is to act). Bankrolls are the match's
    totals (``Match.totals``), not part of the view.
    """

    seat: int
    players: int
    banker: int
    stake: int
    to_act: int | None
    hand: tuple[Card, ...]
    total: int
    natural: bool
    thrown: tuple[Card, ...]
    in_play: tuple[bool, ...]
    counts: tuple[int, ...]
    replaced: tuple[int, ...]
    drew: tuple[bool, ...]
    stood: tuple[bool, ...]
    shoe: int
    spent: tuple[Card, ...]
    over: bool
    revealed: tuple[tuple[Card, ...], ...] | None
    totals: tuple[int, ...] | None
    naturals: tuple[bool, ...] | None
    settlement: tuple[Settled, ...]
    points: tuple[int, ...] | None
    legal: tuple[Action, ...]

    #: the fields only the seat itself may see, with what a spectator's view holds instead
    PRIVATE: ClassVar[dict[str, Any]] = {"hand": (), "total": 0, "natural": False, "thrown": (), "legal": ()}

    @property
    def is_banker(self) -> bool:
        """Whether this seat holds the bank in this hand."""
        return self.seat == self.banker

