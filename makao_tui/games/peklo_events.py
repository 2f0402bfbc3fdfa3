"""The events of Peklo (makao_tui/rules/peklo.en.md), what happened as data with its words, and :class:`Trick`,
the record of one trick.

Kept apart from the rules code (:mod:`makao_tui.games.peklo_core`, which makes them) so that
that module may be compiled (issue 15; mypyc compiles no ``slots`` dataclass):
:mod:`makao_tui.games.peklo` gives every name here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from ..engine.cards import Card, suit_name
from ..engine.events import DealEnded, Event, card_list
from ..engine.i18n import _


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

