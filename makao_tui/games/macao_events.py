"""The events of Macao (makao_tui/rules/macao.en.md): what happened in a hand, at its settlement and
between hands (the cut, the bank passing, the shoe), as data with its words. Made by the hand
(:mod:`~makao_tui.games.macao_state`) and the match hooks (:mod:`~makao_tui.games.macao`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import cast

from ..engine.cards import Card
from ..engine.events import DealEnded, Event, card_list
from ..engine.i18n import _, ngettext, number
from .macao_rules import called_natural


@dataclass(frozen=True, slots=True)
class CardsCut(Event):
    """One round of the cut for the first banker: ``cards[s]`` is seat s's card, or None for a seat
    not cutting in this round (it did not tie for lowest). ``round`` counts from 1."""

    round: int = 1
    cards: tuple[Card | None, ...] = ()

    def text(self, names, ascii=False, viewer=None):
        cut = ", ".join(f"{names[s]} {c.label(ascii)}" for s, c in enumerate(self.cards) if c is not None)
        return (_("Cut for the bank: {cuts}") if self.round == 1 else _("The tie cuts again: {cuts}")).format(cuts=cut)


@dataclass(frozen=True, slots=True)
class FirstBanker(Event):
    """``seat`` cut the lowest card and holds the first bank."""

    def text(self, names, ascii=False, viewer=None):
        return _("{name} cut lowest and holds the bank").format(name=names[self.seat])


@dataclass(frozen=True, slots=True)
class BankPassed(Event):
    """The bank passes from ``previous`` to ``seat`` (the next player at the table on the left),
    for ``reason``: ``"shoe"``, the shoe is used up (fewer than 3 cards per player left, or it was
    refilled during the hand), or ``"broke"``, the banker has no chips left (makao_tui/rules/macao.en.md "The
    bank")."""

    previous: int = 0
    reason: str = "shoe"

    def text(self, names, ascii=False, viewer=None):
        if self.reason == "broke":
            template = _("{previous} has no chips left: the bank passes to {name}")
        else:
            template = _("The shoe is used up: the bank passes from {previous} to {name}")
        return template.format(previous=names[self.previous], name=names[self.seat])


@dataclass(frozen=True, slots=True)
class ShoeShuffled(Event):
    """A shoe of ``count`` cards is shuffled: a fresh one for a new bank, or (``refill``) the cards
    of the earlier hands of this bank, shuffled in because the shoe ran out during a hand."""

    count: int = 0
    refill: bool = False

    def text(self, names, ascii=False, viewer=None):
        if self.refill:
            return ngettext("The shoe is empty: the {count} card of earlier hands is shuffled into it",
                            "The shoe is empty: the {count} cards of earlier hands are shuffled into it",
                            self.count).format(count=self.count)
        return ngettext("A fresh shoe of {count} card is shuffled", "A fresh shoe of {count} cards is shuffled",
                        self.count).format(count=self.count)


@dataclass(frozen=True, slots=True)
class HandStarted(Event):
    """``banker`` deals one card face down to each seat of ``seats`` (banker's left first, banker
    last); ``shoe``: cards left in the shoe afterwards."""

    banker: int = 0
    seats: tuple[int, ...] = ()
    shoe: int = 0

    def text(self, names, ascii=False, viewer=None):
        return ngettext("{banker} banks and deals one card to each of {count} player",
                        "{banker} banks and deals one card to each of {count} players",
                        len(self.seats)).format(banker=names[self.banker], count=len(self.seats))


@dataclass(frozen=True, slots=True)
class CardReplaced(Event):
    """``seat`` threw away ``thrown`` (worth 0) and took ``taken``; only that seat sees the cards."""

    thrown: Card | None = None
    taken: Card | None = None

    @property
    def private_to(self):
        return self.seat

    def text(self, names, ascii=False, viewer=None):
        if viewer is None or viewer == self.seat:
            return _("{name} throws away {thrown} and takes {taken}").format(
                name=names[self.seat], thrown=self.thrown.label(ascii), taken=self.taken.label(ascii))
        return _("{name} throws away a card worth 0 and takes another").format(name=names[self.seat])


@dataclass(frozen=True, slots=True)
class CardDrawn(Event):
    """``seat`` took the draw, ``card``; only that seat sees it before the settlement."""

    card: Card | None = None

    @property
    def private_to(self):
        return self.seat

    def text(self, names, ascii=False, viewer=None):
        if viewer is None or viewer == self.seat:
            return _("{name} draws {card}").format(name=names[self.seat], card=self.card.label(ascii))
        return _("{name} draws a card").format(name=names[self.seat])


@dataclass(frozen=True, slots=True)
class Stood(Event):
    """``seat`` stands on its card(s)."""

    def text(self, names, ascii=False, viewer=None):
        return _("{name} stands").format(name=names[self.seat])


@dataclass(frozen=True, slots=True)
class HandShown(Event):
    """At the settlement ``seat`` shows ``cards`` (first card first) worth ``total`` points;
    ``natural``: it never drew; ``thrown``: the 0-cards it threw away."""

    cards: tuple[Card, ...] = ()
    total: int = 0
    natural: bool = False
    thrown: tuple[Card, ...] = ()

    def text(self, names, ascii=False, viewer=None):
        cards, thrown = card_list(self.cards, ascii), card_list(self.thrown, ascii)
        natural = called_natural(self.total, self.natural)
        if natural and self.thrown:
            template = _("{name} shows {cards}: natural {total} (threw away {thrown})")
        elif natural:
            template = _("{name} shows {cards}: natural {total}")
        elif self.thrown:
            template = _("{name} shows {cards}: {total} (threw away {thrown})")
        else:
            template = _("{name} shows {cards}: {total}")
        return template.format(name=names[self.seat], cards=cards, total=self.total, thrown=thrown)


@dataclass(frozen=True, slots=True)
class Settled(Event):
    """One settlement line between punter ``seat`` and ``banker`` (makao_tui/rules/macao.en.md#settlement).

    ``punter_total``/``banker_total``: points 0..9; ``natural``: the punter's hand never drew;
    ``punter_wins``: the punter beat the banker; ``rate``: 1, 2 or 3; ``owed``: stake × rate in chips;
    ``paid``: chips that changed hands (less than ``owed`` when the payer ran out of chips, 0 when
    the banker held nothing at that moment). ``payer``/``payee`` follow from ``punter_wins``.
    """

    banker: int = 0
    punter_total: int = 0
    banker_total: int = 0
    natural: bool = False
    punter_wins: bool = False
    rate: int = 1
    owed: int = 0
    paid: int = 0

    @property
    def punter(self) -> int:
        """The punter's seat (``seat``, which a settlement line always has)."""
        return cast(int, self.seat)

    @property
    def payer(self) -> int:
        """The seat that pays: the banker when the punter wins, else the punter."""
        return self.banker if self.punter_wins else self.punter

    @property
    def payee(self) -> int:
        """The seat that is paid."""
        return self.punter if self.punter_wins else self.banker

    @property
    def reason(self) -> str:
        """Why this rate, in words: ``"natural 9, ×3"``, ``"banker holds 8, ×2"``, ``"tie at 5, ×1"``."""
        p, b, r = self.punter_total, self.banker_total, self.rate
        if self.punter_wins:
            if r > 1:
                template = _("natural {punter}, ×{rate}")
            elif called_natural(p, self.natural):
                template = _("natural {punter} beats {banker}, ×1")
            else:
                template = _("{punter} beats {banker}, ×1")
        elif r > 1:
            template = _("banker holds {banker}, ×{rate}")
        else:
            template = _("tie at {punter}, ×1") if p == b else _("{punter} against {banker}, ×1")
        return template.format(punter=p, banker=b, rate=r)

    def text(self, names, ascii=False, viewer=None):
        payer, payee, why = names[self.payer], names[self.payee], self.reason
        if self.paid == self.owed:
            return ngettext("{payer} pays {payee} {count} ({why})", "{payer} pays {payee} {count} ({why})",
                            self.paid).format(payer=payer, payee=payee, count=self.paid, why=why)
        if self.paid == 0 and self.punter_wins:
            return ngettext("{name} is owed {count} but the bank holds nothing ({why})",
                            "{name} is owed {count} but the bank holds nothing ({why})",
                            self.owed).format(name=names[self.seat], count=self.owed, why=why)
        return ngettext("{payer} pays {payee} {paid} of {count}, all there is ({why})",
                        "{payer} pays {payee} {paid} of {count}, all there is ({why})",
                        self.owed).format(payer=payer, payee=payee, paid=self.paid, count=self.owed, why=why)


@dataclass(frozen=True, slots=True)
class BankBroken(Event):
    """Banker ``seat`` has run out of chips paying: a later punter is paid only from chips the bank
    collects from the punters between (makao_tui/rules/macao.en.md)."""

    def text(self, names, ascii=False, viewer=None):
        return _("{name} has run out of chips: the bank is broken").format(name=names[self.seat])


@dataclass(frozen=True, slots=True)
class LeftTable(Event):
    """``seat`` has no chips left and leaves the table (it gets no more cards)."""

    def text(self, names, ascii=False, viewer=None):
        return _("{name} has no chips left and leaves the table").format(name=names[self.seat])


@dataclass(frozen=True, slots=True)
class HandSettled(DealEnded):
    """The hand is over; ``points``: each seat's chip change (they add up to 0). ``winner`` is
    always None: every punter settles separately with the banker."""

    points: tuple[int, ...] = ()

    def text(self, names, ascii=False, viewer=None):
        parts = ", ".join(f"{names[s]} {number(p, sign=True)}" for s, p in enumerate(self.points) if p)
        if parts:
            return _("The hand is settled: {changes}").format(changes=parts)
        return _("The hand is settled: no chips change hands")

