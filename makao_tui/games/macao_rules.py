"""Macao's rule config and the worth of its cards and hands (makao_tui/rules/macao.en.md#points,
macao.en.md#settlement): the options, the points of a card and of a hand, and the rates of the
settlement. The hand that uses them is :mod:`~makao_tui.games.macao_state`; the game, its match and its
:class:`~makao_tui.engine.variant.Variant` are :mod:`~makao_tui.games.macao`.

Readings of §3 taken here:

- Point values: ace 1, 2..9 by pips, ten and court cards 0. A hand of one card is worth that card;
  after the draw the two cards count if they sum to at most 9, else the drawn card counts for
  nothing (:func:`hand_total`).
- A natural is a hand that never drew; a replaced 0-card does not spoil it.
- Settlement (:func:`settle_line`): a punter who beats the banker is paid stake × 3 for a natural 9,
  × 2 for a natural 8, × 1 otherwise; a punter equal or lower pays stake × 3 if the banker holds 9,
  × 2 if 8, × 1 otherwise (option ``banker_rates``: ``always``; with ``ties`` those rates apply to
  ties only, and a banker who wins on a higher total collects the single stake).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..engine.cards import Card
from ..engine.i18n import N_, _
from ..engine.variant import RulesError, option

#: the shoe is two 52-card packs (makao_tui/rules/macao.en.md#the-shoe-and-the-first-banker)
DECKS = 2
#: a new hand of a bank needs at least this many cards in the shoe per player at the table
CARDS_PER_PLAYER = 3


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
                           range=(10, 100000), flag="--bankroll", flag_help=N_("chips each player starts with."))
    stake: int = option(1, N_("Stake (chips a hand)"),
                        N_("Chips every punter stakes each hand (at most the bankroll)."), range=(1, 100000),
                        flag="--stake", flag_help=N_("the fixed stake of every punter, each hand."))
    rounds: int = option(1, N_("Rounds of the bank"), N_("How many times the bank goes round the table."),
                         range=(1, 10), flag="--rounds", flag_help=N_("times the bank goes round the table."))
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

