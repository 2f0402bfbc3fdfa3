"""macao — Macao, the banking game (makao_tui/rules/macao.en.md).

One :class:`MacaoState` is one *hand*: the banker deals one card face down to every player still at
the table, each punter from the banker's left and then the banker may replace a card worth 0, and
then stands or draws once; the punters settle one by one against the banker. A *bank* is the run
of hands one banker deals from one shoe; the match is the bank going round the table.

Readings of §3 taken here (where makao_tui/rules/macao.en.md leaves a gap, **[reading]** says so):

- Point values: ace 1, 2..9 by pips, ten and court cards 0. A hand of one card is worth that card;
  after the draw the two cards count if they sum to at most 9, else the drawn card counts for
  nothing (:func:`hand_total`).
- A natural is a hand that never drew; a replaced 0-card does not spoil it.
- Settlement (:func:`settle_line`): a punter who beats the banker is paid stake × 3 for a natural 9,
  × 2 for a natural 8, × 1 otherwise; a punter equal or lower pays stake × 3 if the banker holds 9,
  × 2 if 8, × 1 otherwise (option ``banker_rates``: ``always``; with ``ties`` those rates apply to
  ties only, and a banker who wins on a higher total collects the single stake). Punters settle one
  by one from the banker's left: a punter who cannot pay in full pays what he has and leaves the
  table; the banker pays each winning punter from what he holds at that moment, chips collected
  earlier in the same settlement included, what he cannot pay is lost to that punter, and a banker
  left with nothing leaves the table after the settlement (makao_tui/rules/macao.en.md).
- **[reading]** The cards a player throws away stay face down (only the count of replacements is
  public) until the settlement, when every card of the hand is shown; they are not part of the shoe
  again before the hand is over.
- **[reading]** A hand in which the shoe ran out (and was refilled from the earlier hands of the
  bank) is the last hand of that bank: the shoe has been used up.
- A scenario (docs/scenarios.md) gives every seat the ``bankroll`` option's chips (default 100). A seat given no card in
  a scenario is a player who has left the table (the banker must hold a card).

Match level (the :class:`~makao_tui.engine.match.Match` hooks): the first banker is found by a cut
(:func:`cut_for_bank`, shown as :class:`CardsCut` / :class:`FirstBanker` events in
``Match.opening``); match totals are bankrolls; the shoe is carried from hand to hand within a bank;
a new hand of the bank starts only while the shoe holds at least 3 cards per player at the table,
else the bank passes left to the next player who still has chips, with a fresh shoe; the match
ends after ``rounds`` turns of the bank round the table or when one player holds every chip.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, cast

from ..engine.actions import Action, Draw, Replace, Stand
from ..engine.cards import Card, deck
from ..engine.deal import DealRecord
from ..engine.events import DealEnded, Event, card_list
from ..engine.i18n import N_, _, ngettext, number
from ..engine.match import Match
from ..engine.state import GameState, IllegalAction, Refusal, turn_refusal
from ..engine.variant import DealColumns, Layout, RulesError, SeatMeasure, Variant, option, register
from ..engine.words import Words
from .about import MACAO

DECKS = 2
#: a new hand of a bank needs at least this many cards in the shoe per player at the table
CARDS_PER_PLAYER = 3


# ---------------------------------------------------------------- rules and values


@dataclass(frozen=True)
class MacaoRules:
    """Macao options (makao_tui/rules/macao.en.md).

    ``bankroll``: chips each player starts with, 10..100000 (default 100);
    ``stake``: chips every punter stakes each hand, 1 up to the bankroll (default 1);
    ``rounds``: how many times the bank goes round the table, 1..10 (default 1: everyone banks once);
    ``banker_rates``: ``always`` (default) or ``ties`` (§3 "Settlement").
    Raises :class:`~makao_tui.engine.variant.RulesError` for a stake above the bankroll.
    """

    bankroll: int = option(100, N_("Bankroll (chips each)"), N_("Chips every player starts with."),
                           range=(10, 100000))
    stake: int = option(1, N_("Stake (chips a hand)"),
                        N_("Chips every punter stakes each hand (at most the bankroll)."), range=(1, 100000))
    rounds: int = option(1, N_("Rounds of the bank"), N_("How many times the bank goes round the table."),
                         range=(1, 10))
    banker_rates: str = option("always", N_("Banker's rates"),
                               N_('"{always}": a banker\'s 9 or 8 collects ×3 or ×2 whenever he wins; "{ties}": '
                                  '×3 or ×2 on a tie only, a higher total collects ×1.'), choices=("always", "ties"),
                               choice_labels={"always": N_("always"), "ties": N_("on ties only")})

    def __post_init__(self) -> None:
        if self.stake > self.bankroll:
            raise RulesError(_("the stake ({stake}) may not exceed the bankroll ({bankroll})").format(
                stake=self.stake, bankroll=self.bankroll))


def card_points(card: Card) -> int:
    """A card's points (makao_tui/rules/macao.en.md#points): ace 1, 2..9 by pips, ten and court cards 0."""
    rank = card.rank
    if rank == "A":
        return 1
    return int(rank) if rank in "23456789" else 0


def hand_total(cards: Sequence[Card]) -> int:
    """Points of a hand of one card, or of a card and the one drawn to it, 0..9 (makao_tui/rules/macao.en.md).

    Two cards count together if they sum to at most 9; else the drawn card (the second) counts for
    nothing. An empty hand is worth 0. Raises ValueError for more than two cards.
    """
    if len(cards) > 2:
        raise ValueError("a Macao hand holds at most two cards")
    if not cards:
        return 0
    first = card_points(cards[0])
    if len(cards) == 1:
        return first
    both = first + card_points(cards[1])
    return both if both <= 9 else first


#: the totals a natural is called by on the table (makao_tui/rules/macao.en.md: the settlement names the natural 9,
#: 8 and 7; a hand of 0 to 6 that never drew is a natural by the definition, yet no player calls it
#: one, and it pays like any other)
CALLED_NATURALS = frozenset({7, 8, 9})


def called_natural(total: int, natural: bool) -> bool:
    """Whether a hand worth ``total`` points (0..9) that ``natural``-ly never drew is shown and said
    to be a natural: a natural 7, 8 or 9 (:data:`CALLED_NATURALS`); the rates still follow
    :func:`punter_rate`."""
    return natural and total in CALLED_NATURALS


def punter_rate(total: int, natural: bool) -> int:
    """The multiple of the stake a banker pays a punter who beats him (makao_tui/rules/macao.en.md#settlement):
    3 for a natural 9, 2 for a natural 8, 1 otherwise."""
    if natural and total == 9:
        return 3
    if natural and total == 8:
        return 2
    return 1


def banker_rate(banker_total: int, punter_total: int | None = None, rates: str = "always") -> int:
    """The multiple of the stake a punter pays a banker he does not beat: 3 if the banker holds 9,
    2 if 8, 1 otherwise, natural or drawn (makao_tui/rules/macao.en.md#settlement, [decision]); with
    ``rates="ties"`` (option ``banker_rates``) those rates apply only when ``punter_total`` ties,
    and a banker who wins on a higher total collects 1."""
    if rates == "ties" and punter_total is not None and punter_total != banker_total:
        return 1
    return {9: 3, 8: 2}.get(banker_total, 1)


def settle_line(punter_total: int, natural: bool, banker_total: int, stake: int, rates: str = "always") -> int:
    """What the banker owes the punter (positive) or the punter owes the banker (negative), in chips,
    before any bankroll limit (makao_tui/rules/macao.en.md#settlement; ``rates``: option ``banker_rates``)."""
    if punter_total > banker_total:
        return stake * punter_rate(punter_total, natural)
    return -stake * banker_rate(banker_total, punter_total, rates)


# ---------------------------------------------------------------- events


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


# ---------------------------------------------------------------- the cut


@dataclass(frozen=True)
class BankCut:
    """The cut for the first banker: ``rounds`` of :class:`CardsCut` (the first has every seat, each
    later one only the seats that tied for lowest) and ``banker``, the seat that cut lowest."""

    rounds: tuple[CardsCut, ...]
    banker: int

    def events(self) -> list[Event]:
        """The cut as events for the log: every round, then :class:`FirstBanker`."""
        return [*self.rounds, FirstBanker(self.banker)]


def cut_for_bank(players: int, rng: random.Random) -> BankCut:
    """Cut for the first bank (makao_tui/rules/macao.en.md#the-shoe-and-the-first-banker): from a shuffled two-pack
    shoe each
    player in seat order takes a card; the lowest (2 lowest, ace highest) banks; players who tie
    for lowest cut again from the rest of the shoe. Deterministic for a given ``rng`` state.
    Raises ValueError for fewer than 2 players."""
    if players < 2:
        raise ValueError("the cut needs at least 2 players")
    shoe = deck(DECKS)
    rng.shuffle(shoe)
    cutting = list(range(players))
    rounds: list[CardsCut] = []
    while True:
        cards: list[Card | None] = [None] * players
        cut: dict[int, Card] = {}
        for seat in cutting:
            cards[seat] = cut[seat] = shoe.pop()
        rounds.append(CardsCut(None, len(rounds) + 1, tuple(cards)))
        low = min(cut[s].rank_value for s in cutting)
        cutting = [s for s in cutting if cut[s].rank_value == low]
        if len(cutting) == 1:
            return BankCut(tuple(rounds), cutting[0])
        if len(shoe) < len(cutting):  # only after very many ties in a row: a fresh pack
            shoe = deck(DECKS)
            rng.shuffle(shoe)


def choose_first_banker(rules: MacaoRules, players: int, rng: random.Random) -> tuple[int, list[Event]]:
    """The ``Variant.choose_first_dealer`` hook: the cut's banker and its events."""
    cut = cut_for_bank(players, rng)
    return cut.banker, cut.events()


# ---------------------------------------------------------------- the view


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
    ``totals``, ``naturals``, ``settlement`` (the :class:`Settled` lines in order) and ``points``
    (chip change per seat); before that they are None / ``()``.
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


# ---------------------------------------------------------------- one hand


class MacaoState(GameState):
    """One hand of Macao. Build with :func:`deal` (a match) or :func:`from_layout` (a scenario).

    ``hands``: one list per seat, one card each for the seats at the table, none for the others;
    ``shoe``: the shoe, the first card drawn first; ``spent``: cards of earlier hands of this bank
    (shuffled into the shoe if it runs out); ``bankrolls``: chips per seat
    (a scenario); ``opening``: events before the first action (passing the bank, the shuffle, the
    deal). Raises ValueError for a seat holding more than one card, a banker without a card, or a
    player at the table without chips. See :class:`GameState` for the contract.
    """

    def __init__(self, rules: MacaoRules, players: int, banker: int, hands: list[list[Card]],
                 shoe: list[Card], spent: list[Card], bankrolls: list[int], rng: random.Random,
                 opening: list[Event] | None = None):
        if len(hands) != players:
            raise ValueError(f"a hand needs {players} seats, got {len(hands)}")
        if any(len(h) > 1 for h in hands):
            raise ValueError("a Macao hand starts with one card per player")
        if not hands[banker]:
            raise ValueError("the banker must hold a card")
        if any(h and chips <= 0 for h, chips in zip(hands, bankrolls, strict=False)):
            raise ValueError("a player without chips is not dealt in")
        self.rules = rules
        self.players = players
        self.dealer = banker
        self.hands = [list(h) for h in hands]
        self.in_play = [bool(h) for h in hands]
        self.shoe = list(reversed(shoe))  # internally the next card is shoe[-1]
        self.spent = list(spent)
        self.bankrolls = list(bankrolls)
        self.rng = rng
        self.thrown: list[list[Card]] = [[] for _ in range(players)]
        self.drew = [False] * players
        self.stood = [False] * players
        self.refilled = False
        self.order = [s % players for s in range(banker + 1, banker + players) if self.in_play[s % players]]
        self.order.append(banker)
        self.pos = 0
        self.settlement: list[Settled] = []
        self.changes: list[int] | None = None
        self.opening: list[Event] = list(opening or [])
        self.opening.append(HandStarted(None, banker, tuple(self.order), len(self.shoe)))

    # ------------------------------------------------------------ facts

    @property
    def banker(self) -> int:
        """The banker's seat (the same as ``dealer``)."""
        return self.dealer

    @property
    def to_act(self) -> int | None:
        return None if self.changes is not None else self.order[self.pos]

    def total(self, seat: int) -> int:
        """Points of ``seat``'s hand now (0 for a seat not at the table)."""
        return hand_total(self.hands[seat])

    def natural(self, seat: int) -> bool:
        """Whether ``seat`` holds a hand that never drew (a seat not at the table does not)."""
        return self.in_play[seat] and not self.drew[seat]

    def _cards_left(self) -> bool:
        return bool(self.shoe) or bool(self.spent)

    # ------------------------------------------------------------ legal actions

    def legal_actions(self) -> list[Action]:
        seat = self.to_act
        if seat is None:
            return []
        out: list[Action] = []
        if self._cards_left():
            if card_points(self.hands[seat][0]) == 0:
                out.append(Replace())
            out.append(Draw())
        out.append(Stand())
        return out

    def refusal(self, action: Action, seat: int | None = None) -> Refusal | None:
        """Why ``action`` (of ``seat``, if given) is illegal, as a
        :class:`~makao_tui.engine.state.Refusal` (kind, fields, words), or None if it is legal:
        the one legality path, which :meth:`apply` follows too (makao_tui/rules/macao.en.md).

        A card is named with its suit symbol (``K♥``); :func:`~makao_tui.engine.cards.ascii_text`
        turns the words into ``KH`` for terminals without them.
        """
        to_act = self.to_act
        if to_act is None:
            return Refusal("deal_over", Words("the hand is over"))
        turn = turn_refusal(to_act, seat)
        if turn is not None:
            return turn
        if isinstance(action, Stand):
            return None
        if isinstance(action, Replace):
            card = self.hands[to_act][0]
            if card_points(card) != 0:
                return Refusal("not_zero", Words("only a card worth 0 may be thrown away, and {card} is worth {points}",
                                                 card=card.label(), points=card_points(card)),
                               {"card": str(card), "points": card_points(card)})
            return None if self._cards_left() else Refusal("nothing_to_take", Words("no card is left to take"))
        if isinstance(action, Draw):
            return None if self._cards_left() else Refusal("nothing_to_draw", Words("no card is left to draw"))
        return Refusal("not_an_action", Words("that is not an action of Macao (replace, draw or stand)"))

    # ------------------------------------------------------------ applying

    def apply(self, action: Action) -> list[Event]:
        refusal = self.refusal(action)
        if refusal is not None:
            raise IllegalAction(refusal)
        seat = self.order[self.pos]
        events: list[Event] = []
        if isinstance(action, Replace):
            card = self._take(events)
            thrown = self.hands[seat][0]
            self.thrown[seat].append(thrown)
            self.hands[seat] = [card]
            events.append(CardReplaced(seat, thrown, card))
            return events
        if isinstance(action, Draw):
            card = self._take(events)
            self.hands[seat].append(card)
            self.drew[seat] = True
            events.append(CardDrawn(seat, card))
        else:
            self.stood[seat] = True
            events.append(Stood(seat))
        self.pos += 1
        if self.pos == len(self.order):
            events += self._settle()
        return events

    def _take(self, events: list[Event]) -> Card:
        """The next card of the shoe, shuffling the earlier hands' cards in first if it is empty."""
        if not self.shoe:
            refill = self.spent
            self.spent = []
            self.rng.shuffle(refill)
            self.shoe = refill
            self.refilled = True
            events.append(ShoeShuffled(None, len(refill), refill=True))
        return self.shoe.pop()

    def _settle(self) -> list[Event]:
        """Show every hand and settle each punter against the banker, from the banker's left."""
        banker = self.dealer
        events: list[Event] = [
            HandShown(s, tuple(self.hands[s]), self.total(s), self.natural(s), tuple(self.thrown[s]))
            for s in self.order
        ]
        chips = self.bankrolls
        change = [0] * self.players
        b_total = self.total(banker)
        broken_at: int | None = None  # where the bank's breaking is told, while it has held nothing since
        for punter in self.order[:-1]:
            p_total, natural = self.total(punter), self.natural(punter)
            wins = p_total > b_total
            rate = punter_rate(p_total, natural) if wins else banker_rate(b_total, p_total, self.rules.banker_rates)
            owed = self.rules.stake * rate
            payer, payee = (banker, punter) if wins else (punter, banker)
            held = chips[payer] + change[payer]
            paid = min(owed, held)
            change[payer] -= paid
            change[payee] += paid
            line = Settled(punter, banker, p_total, b_total, natural, wins, rate, owed, paid)
            self.settlement.append(line)
            events.append(line)
            if payee == banker and paid:
                broken_at = None
            if held > 0 and chips[payer] + change[payer] == 0:
                if payer == banker:
                    broken_at = len(events)
                events.append(BankBroken(banker) if payer == banker else LeftTable(punter))
        if chips is not None and chips[banker] + change[banker] == 0:
            if broken_at is not None:  # broken and paid nothing since: he leaves, which is said once
                del events[broken_at]
            events.append(LeftTable(banker))
        self.changes = change
        events.append(HandSettled(None, None, tuple(change)))
        return events

    # ------------------------------------------------------------ results, views, copies

    def points(self) -> list[int] | None:
        """Each seat's chip change from the settlement (sum 0), or None before it."""
        return None if self.changes is None else list(self.changes)

    def view(self, seat: int) -> MacaoView:
        over = self.changes is not None
        acting = not over and seat == self.order[self.pos]
        return MacaoView(
            seat=seat, players=self.players, banker=self.dealer, stake=self.rules.stake,
            to_act=self.to_act, hand=tuple(self.hands[seat]), total=self.total(seat),
            natural=self.natural(seat), thrown=tuple(self.thrown[seat]),
            in_play=tuple(self.in_play), counts=tuple(len(h) for h in self.hands),
            replaced=tuple(len(t) for t in self.thrown), drew=tuple(self.drew),
            stood=tuple(self.stood), shoe=len(self.shoe), spent=tuple(self.spent), over=over,
            revealed=tuple(tuple(h) for h in self.hands) if over else None,
            totals=tuple(self.total(s) for s in range(self.players)) if over else None,
            naturals=tuple(self.natural(s) for s in range(self.players)) if over else None,
            settlement=tuple(self.settlement), points=tuple(self.changes or ()) if over else None,
            legal=tuple(self.legal_actions()) if acting else (),
        )

    def clone(self) -> MacaoState:
        new = object.__new__(MacaoState)
        new.__dict__.update(self.__dict__)
        new.hands = [list(h) for h in self.hands]
        new.in_play = list(self.in_play)
        new.shoe = list(self.shoe)
        new.spent = list(self.spent)
        new.bankrolls = list(self.bankrolls)
        new.thrown = [list(t) for t in self.thrown]
        new.drew = list(self.drew)
        new.stood = list(self.stood)
        new.order = list(self.order)
        new.settlement = list(self.settlement)
        new.changes = None if self.changes is None else list(self.changes)
        new.opening = list(self.opening)
        new.rng = random.Random()
        new.rng.setstate(self.rng.getstate())
        return new

    def shoe_cards(self) -> list[Card]:
        """The shoe, the next card first (for the next hand of the bank, and for tests)."""
        return list(reversed(self.shoe))

    def used_cards(self) -> list[Card]:
        """Every card that has left the shoe in this bank and not gone back: the spent cards, then
        this hand's cards and thrown-away cards."""
        return [*self.spent, *(c for h in self.hands for c in h), *(c for t in self.thrown for c in t)]

    def snapshot(self) -> dict[str, Any]:
        return {
            "variant": VARIANT_ID,
            "to_act": self.to_act,
            "hands": [[str(c) for c in h] for h in self.hands],
            "deal_over": self.changes is not None,
            "points": self.points(),
            "totals": [self.total(s) for s in range(self.players)],
            "naturals": [self.natural(s) for s in range(self.players)],
        }


# ---------------------------------------------------------------- variant hooks

VARIANT_ID = MACAO.id


def _bank_goes_on(match: Match) -> bool:
    """Whether the banker of the last hand deals the next one from the same shoe."""
    state = match.state
    assert isinstance(state, MacaoState)
    at_table = sum(1 for chips in match.totals if chips > 0)
    return (match.totals[state.dealer] > 0 and not state.refilled
            and len(state.shoe) >= CARDS_PER_PLAYER * at_table)


def next_banker(match: Match) -> int:
    """The banker of the next hand (``Variant.next_dealer``): the same one while the shoe holds at
    least 3 cards per player at the table (and it was not refilled, and the banker has chips), else
    the next player to the left who still has chips (makao_tui/rules/macao.en.md#the-bank-and-the-match)."""
    banker = match.current.dealer
    if _bank_goes_on(match):
        return banker
    # chips are conserved, so somebody has some (at worst the banker, one full turn round)
    return next(seat for seat in ((banker + step) % match.players for step in range(1, match.players + 1))
                if match.totals[seat] > 0)


def match_over(match: Match) -> bool:
    """After a finished hand: one player holds every chip, or the bank is due to pass and would
    complete ``rounds`` turns round the table (seats passed over count as gone round)."""
    if sum(1 for chips in match.totals if chips > 0) <= 1:
        return True
    if _bank_goes_on(match):
        return False
    n = match.players
    travelled = sum((b.dealer - a.dealer) % n for a, b in zip(match.deals, match.deals[1:], strict=False))
    travelled += (next_banker(match) - match.current.dealer) % n
    return travelled >= match.rules.rounds * n


def deal(rules: MacaoRules, players: int, dealer: int, rng: random.Random, match: Match | None) -> MacaoState:
    """A new hand banked by ``dealer``. Bankrolls are ``match.totals`` (or ``rules.bankroll`` each
    without a match); players without chips are not dealt in. When ``dealer`` banked the previous
    hand of ``match`` the hand goes on with that hand's shoe (its cards join the spent cards);
    otherwise a fresh two-pack shoe is shuffled with ``rng`` (and the bank has passed)."""
    bankrolls = list(match.totals) if match is not None else [rules.bankroll] * players
    opening: list[Event] = []
    previous = match.state if match is not None else None
    assert previous is None or isinstance(previous, MacaoState)
    if previous is not None and previous.dealer == dealer:
        shoe = previous.shoe_cards()
        spent = previous.used_cards()
    else:
        if previous is not None:
            broke = bankrolls[previous.dealer] <= 0
            opening.append(BankPassed(dealer, previous.dealer, "broke" if broke else "shoe"))
        shoe = deck(DECKS)
        rng.shuffle(shoe)
        spent = []
        opening.append(ShoeShuffled(None, len(shoe)))
    hands: list[list[Card]] = [[] for _ in range(players)]
    for step in range(1, players + 1):
        seat = (dealer + step) % players
        if bankrolls[seat] > 0:
            hands[seat].append(shoe.pop(0))
    return MacaoState(rules, players, dealer, hands, shoe, spent, bankrolls, rng, opening)


def from_layout(layout: Layout) -> MacaoState:
    """The hand a scenario lays out: ``dealer`` banks, ``hands`` one card per seat (none: a seat
    not at the table), ``stock`` the shoe (first card drawn first); every seat holds the
    ``bankroll`` option's chips (docs/scenarios.md: options omitted take their defaults), so a player
    who cannot pay in full can be laid out; no earlier hands. Raises ValueError without a
    ``stock``."""
    if not layout.stock_given:
        raise ValueError(_('the scenario gives no stock (add "stock": the cards left, the first drawn first; '
                           '[] for none)'))
    return MacaoState(layout.rules, layout.players, layout.dealer, layout.hands, layout.stock, [],
                      [layout.rules.bankroll] * layout.players, layout.rng())


HELP = N_("""\
The banker deals one card face down to every player. Points: ace 1, 2-9 by pips,
10 and court cards 0. In turn from the banker's left (the banker last) each player may
throw away a card worth 0 and take another, as often as the card is worth 0, then
stands or draws one more card. Two cards count together up to 9; above 9 the
drawn card counts for nothing. A hand that never drew is a natural.
Each punter settles with the banker: a punter who beats the banker is paid the stake x3
for a natural 9, x2 for a natural 8, x1 otherwise; a punter who ties or is lower pays x3
if the banker holds 9, x2 if 8, x1 otherwise. A player out of chips leaves the table.
The bank passes left when the shoe runs low; the highest bankroll wins.""")

def deal_columns(deal: DealRecord) -> DealColumns:
    """A finished hand's record for the CSV export (makao_tui/rules/macao.en.md#settlement): per seat its
    points and whether they were a natural 7, 8 or 9, as the screen calls one (:func:`called_natural`;
    empty for a seat not dealt in), the chips won or lost
    and the bankroll after the hand."""
    view = deal.state.view(deal.dealer)
    points, totals = deal.result()
    seats = []
    for s in range(view.players):
        dealt = view.in_play[s]
        seats.append([("points", view.totals[s] if dealt else ""),
                      ("natural", ("yes" if called_natural(view.totals[s], view.naturals[s]) else "no")
                       if dealt else ""),
                      ("chips", points[s]), ("bankroll", totals[s])])
    return [], seats


def hand_chips(deal: DealRecord, seat: int) -> tuple[int, int]:
    """``makao simulate``'s tally of chips a hand (makao_tui/rules/macao.en.md): (the chips ``seat`` won or lost
    in the finished ``deal``, 1), or (0, 0) for a seat not dealt in."""
    points, _totals = deal.result()
    return (points[seat], 1) if deal.state.view(seat).in_play[seat] else (0, 0)


VARIANT = register(Variant(
    **MACAO.described(),
    rules_type=MacaoRules, deal=deal, from_layout=from_layout, match_over=match_over, decks=DECKS,
    initial_total=lambda rules: rules.bankroll, next_dealer=next_banker,
    choose_first_dealer=choose_first_banker, help_text=HELP, deal_columns=deal_columns,
    seat_measures=(SeatMeasure("chips_per_hand", N_("Chips/hand"), hand_chips, digits=3, sign=True,
                               count_key="hands"),),
))
