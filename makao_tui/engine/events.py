"""Events: frozen records of what an applied action made happen.

Every event can say itself in plain words (``event.text(names, ascii)``) for the table's log and
for ``makao play`` watchers; games add their own event classes next to their rules.
A :class:`Event` never holds a card that some seat may not see unless its ``private_to`` names the
only seat allowed to read it (a drawn card, for instance): :meth:`Event.text` with ``viewer`` set
to another seat leaves it out.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .cards import Card
from .i18n import _, ngettext


def card_count(count: int) -> str:
    """``"1 card"``, ``"2 cards"``; ``"1 карта"``, ``"5 карт"``; ``"22 karty"``: a number of cards
    in the language in use, by its plural rules (the nominative: a hand's size, a title)."""
    return ngettext("{count} card", "{count} cards", count).format(count=count)


def trick_count(count: int) -> str:
    """``"1 trick"``, ``"3 tricks"``; ``"1 взятка"``, ``"5 взяток"``; ``"2 lewy"``: a number of
    tricks in the language in use (the nominative)."""
    return ngettext("{count} trick", "{count} tricks", count).format(count=count)


def card_list(cards: Sequence[Card], ascii: bool = False) -> str:
    """``"3♣ 10♥"``: cards in human form, separated by spaces."""
    return " ".join(c.label(ascii) for c in cards)


@dataclass(frozen=True, slots=True)
class Event:
    """Base of all events. ``seat`` is the seat it concerns, or None for the table."""

    seat: int | None

    #: a seat that alone may see the cards this event names (None: everybody may)
    @property
    def private_to(self) -> int | None:
        return None

    def text(self, names: Sequence[str], ascii: bool = False, viewer: int | None = None) -> str:
        """The event in plain words, e.g. ``"Ann draws 2 cards"``.

        ``names``: seat names by seat number. ``viewer``: the seat reading the log (None: an
        onlooker who may see everything, as in an all-AI match or a replay).
        """
        return type(self).__name__


@dataclass(frozen=True, slots=True)
class DealStarted(Event):
    """A new deal: ``dealer`` deals ``hand_size`` cards to each seat."""

    dealer: int = 0
    hand_size: int = 0

    def text(self, names, ascii=False, viewer=None):
        return ngettext("{dealer} deals {count} card each", "{dealer} deals {count} cards each",
                        self.hand_size).format(dealer=names[self.dealer], count=self.hand_size)


@dataclass(frozen=True, slots=True)
class DealEnded(Event):
    """The deal is over; ``winner`` is the seat that won it (None: nobody did)."""

    winner: int | None = None

    def text(self, names, ascii=False, viewer=None):
        if self.winner is None:
            return _("The deal ends with no winner")
        return _("{winner} wins the deal").format(winner=names[self.winner])
