"""The events of the shedding games (makao_tui/rules/makao-ru.en.md, makao-pl.en.md, makao-pl.en.md#house-rules):
what happened, as data, and its words.

Kept apart from the rules code (:mod:`makao_tui.games.shedding_core`, which makes them) so that
that module may be compiled (issue 15); :mod:`makao_tui.games.shedding` gives every name here.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine.cards import Card, rank_plural, rank_words, suit_label
from ..engine.events import Event, card_list
from ..engine.i18n import _, ngettext, npgettext
from ..engine.words import Words

KING_OF_HEARTS = Card.parse("KH")
KING_OF_SPADES = Card.parse("KS")

def answer_words(code: str) -> Words:
    """What answers a penalty, as a message: ``code`` is a rank letter (a card of that rank),
    ``"KH"`` (the king of hearts), ``"K"`` (a king) or ``"KHS"`` (K♥ or K♠, §5 ``battle_kings``)."""
    if code == "KH":
        return Words("the king of hearts")
    if code == "KHS":
        return Words("K♥ or K♠")
    if code == "K":
        return Words("a king")
    return Words("a {rank}", rank=rank_words(code))


@dataclass(frozen=True, slots=True)
class CardPlayed(Event):
    """``seat`` played ``card`` (the first card laid); ``named`` is the suit an ace named,
    ``demand`` a jack's demand; ``more``: the further cards of a multi-card play; ``as_card``: the
    card a joker was played as; ``makao`` / ``out``: the calls made with the play."""

    card: Card = KING_OF_HEARTS
    named: str | None = None
    demand: str | None = None
    makao: bool = False
    demand_made: bool = False
    more: tuple[Card, ...] = ()
    as_card: Card | None = None
    out: bool = False

    @property
    def cards(self) -> tuple[Card, ...]:
        """Every card laid, in order."""
        return (self.card, *self.more)

    @property
    def face(self) -> Card:
        """The card now on top as it counts (a joker's ``as_card``, else the last card laid)."""
        return self.as_card if self.as_card is not None else self.cards[-1]

    def text(self, names, ascii=False, viewer=None):
        who, cards = names[self.seat], card_list(self.cards, ascii)
        if self.as_card is not None:
            cards = _("{cards} as {card}").format(cards=cards, card=self.as_card.label(ascii))
        if self.named is not None:
            out = _("{name} plays {cards} and names {suit}").format(name=who, cards=cards,
                                                                   suit=suit_label(self.named, ascii))
        elif self.demand_made and self.demand:
            out = _("{name} plays {cards} and demands {ranks}").format(name=who, cards=cards,
                                                                       ranks=rank_plural(self.demand))
        elif self.demand_made:
            out = _("{name} plays {cards} with no demand").format(name=who, cards=cards)
        else:
            out = _("{name} plays {cards}").format(name=who, cards=cards)
        if self.makao:
            out = _('{play} — "Makao!"').format(play=out)
        if self.out:
            out = _('{play} — "Po makale!"').format(play=out)
        return out


@dataclass(frozen=True, slots=True)
class CardsDrawn(Event):
    """``seat`` drew ``cards`` (only that seat may see which); ``forgiven`` more were forgiven.
    ``reason``: ``draw`` | ``penalty`` | ``makao`` (a forgotten Makao) | ``out`` (a forgotten
    "po makale", §5 ``makao_out``)."""

    cards: tuple[Card, ...] = ()
    reason: str = "draw"
    forgiven: int = 0

    @property
    def private_to(self):
        return self.seat

    def text(self, names, ascii=False, viewer=None):
        n = len(self.cards)
        what = npgettext("cards drawn", "{count} card", "{count} cards", n).format(count=n)
        if n and (viewer is None or viewer == self.seat):
            what = _("{count_cards} ({cards})").format(count_cards=what, cards=card_list(self.cards, ascii))
        if self.reason == "penalty":
            template = _("{name} draws {what} as the penalty")
        elif self.reason == "makao":
            template = _("{name} draws {what} for forgetting Makao")
        elif self.reason == "out":
            template = _('{name} draws {what} for forgetting "po makale"')
        else:
            template = _("{name} draws {what}")
        out = template.format(name=names[self.seat], what=what)
        if self.forgiven:
            out = ngettext("{drawn}; the other {count} is forgiven (no cards left)",
                           "{drawn}; the other {count} are forgiven (no cards left)",
                           self.forgiven).format(drawn=out, count=self.forgiven)
        return out


@dataclass(frozen=True, slots=True)
class PenaltyPending(Event):
    """``seat`` now faces ``amount`` penalty cards; it may answer with ``answer`` (or None: nothing
    answers), a code of :func:`answer_words` (:meth:`answer_text` says it).
    ``out_of_turn``: a K♠ hit the player on the right, who acts out of turn (§5 ``battle_kings``)."""

    amount: int = 0
    answer: str | None = None
    ransom: bool = False
    out_of_turn: bool = False

    def text(self, names, ascii=False, viewer=None):
        who = names[self.seat]
        if self.out_of_turn:
            who = _("{name} (hit from the left, out of turn)").format(name=who)
        if self.answer is None:
            return ngettext("{name} must take {count}", "{name} must take {count}", self.amount).format(
                name=who, count=self.amount)
        if self.ransom:
            template = ngettext("{name} must take {count} or ransom with {answer}",
                                "{name} must take {count} or ransom with {answer}", self.amount)
        else:
            template = ngettext("{name} must take {count} or answer with {answer}",
                                "{name} must take {count} or answer with {answer}", self.amount)
        return template.format(name=who, count=self.amount, answer=self.answer_text())

    def answer_text(self) -> str:
        """What answers the penalty, in words of the language in use ("a 2", "the king of hearts";
        "" when nothing does)."""
        return answer_words(self.answer).text() if self.answer else ""


@dataclass(frozen=True, slots=True)
class SkipPending(Event):
    """``seat`` must answer with a four or wait ``turns`` turns (§5 ``fours_stack``)."""

    turns: int = 1

    def text(self, names, ascii=False, viewer=None):
        return ngettext("{name} must answer with a 4 or wait {count} turn",
                        "{name} must answer with a 4 or wait {count} turns", self.turns).format(
            name=names[self.seat], count=self.turns)


@dataclass(frozen=True, slots=True)
class TurnPassed(Event):
    """``seat``'s turn ended without a card played (``reason``: ``drawn`` | ``stuck`` | ``chose``)."""

    reason: str = "chose"

    def text(self, names, ascii=False, viewer=None):
        if self.reason == "drawn":
            template = _("{name} cannot play the drawn card and passes")
        elif self.reason == "stuck":
            template = _("{name} can neither play nor draw and passes")
        else:
            template = _("{name} passes")
        return template.format(name=names[self.seat])


@dataclass(frozen=True, slots=True)
class TurnSkipped(Event):
    """``seat`` loses its turn to a four (makao-pl); ``waits``: turns of its own it still has to
    wait after this one (§5 ``fours_stack``)."""

    waits: int = 0

    def text(self, names, ascii=False, viewer=None):
        if self.waits:
            return ngettext("{name} loses the turn to the four ({count} more to wait)",
                            "{name} loses the turn to the four ({count} more to wait)", self.waits).format(
                name=names[self.seat], count=self.waits)
        return _("{name} loses the turn to the four").format(name=names[self.seat])


@dataclass(frozen=True, slots=True)
class DemandLapsed(Event):
    """The jack's demand on ``seat`` was not met and lapses (makao-pl)."""

    def text(self, names, ascii=False, viewer=None):
        return _("The demand on {name} lapses").format(name=names[self.seat])


@dataclass(frozen=True, slots=True)
class DemandPassed(Event):
    """The jack's demand for ``rank`` passes on to ``seat`` (§5 ``demand_round``)."""

    rank: str = "5"

    def text(self, names, ascii=False, viewer=None):
        return _("The demand for {ranks} passes to {name}").format(ranks=rank_plural(self.rank), name=names[self.seat])


@dataclass(frozen=True, slots=True)
class StockRebuilt(Event):
    """The pile under its top card (``count`` cards) was shuffled into a new stock."""

    count: int = 0

    def text(self, names, ascii=False, viewer=None):
        return ngettext("The stock is rebuilt from the pile ({count} card)",
                        "The stock is rebuilt from the pile ({count} cards)", self.count).format(count=self.count)


@dataclass(frozen=True, slots=True)
class PositionRepeated(Event):
    """The same position came round a third time: the deal ends with no winner."""

    def text(self, names, ascii=False, viewer=None):
        return _("The same position has come round three times: the deal ends")


@dataclass(frozen=True, slots=True)
class WentOut(Event):
    """``seat`` played its last card."""

    def text(self, names, ascii=False, viewer=None):
        return _("{name} has no cards left").format(name=names[self.seat])
