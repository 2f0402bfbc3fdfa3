"""macao — Macao, the banking game (makao_tui/rules/macao.en.md): its match and its
:class:`~makao_tui.engine.variant.Variant`.

One :class:`~makao_tui.games.macao_state.MacaoState` is one *hand*; a *bank* is the run of hands
one banker deals from one shoe; the match is the bank going round the table. The game is split as
the other families are:

- :mod:`~makao_tui.games.macao_rules`: the rule config (:class:`MacaoRules`), the points of cards
  and hands, the settlement's rates;
- :mod:`~makao_tui.games.macao_events`: the events;
- :mod:`~makao_tui.games.macao_view`: what a seat may know (:class:`MacaoView`);
- :mod:`~makao_tui.games.macao_state`: the hand, its actions and its settlement;
- this module: the cut for the first bank, the bank passing, the match's end, the deal of a hand
  in a match or from a scenario, the score sheet, and the registered variant.

A scenario (docs/scenarios.md) gives every seat the ``bankroll`` option's chips (default 100). A
seat given no card in a scenario is a player who has left the table (the banker must hold a card).

Match level (the :class:`~makao_tui.engine.match.Match` hooks): the first banker is found by a cut
(:func:`cut_for_bank`, shown as :class:`CardsCut` / :class:`FirstBanker` events in
``Match.opening``); match totals are bankrolls; the shoe is carried from hand to hand within a bank;
a new hand of the bank starts only while the shoe holds at least 3 cards per player at the table,
else the bank passes left to the next player who still has chips, with a fresh shoe; the match
ends after ``rounds`` turns of the bank round the table or when one player holds every chip.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..engine.cards import Card, deck
from ..engine.events import Event
from ..engine.i18n import N_, _
from ..engine.match import DealRecord, Match
from ..engine.scenario import Layout
from ..engine.variant import DealColumns, SeatMeasure, Variant, register
from .about import MACAO

# The table's wire codec (table/wire.py) reads the records a game's events and views are made of
# from the module that deals it: every event of Macao and its view are named here for it.
from .macao_events import (  # noqa: F401
    BankBroken,
    BankPassed,
    CardDrawn,
    CardReplaced,
    CardsCut,
    FirstBanker,
    HandSettled,
    HandShown,
    HandStarted,
    LeftTable,
    Settled,
    ShoeShuffled,
    Stood,
)
from .macao_rules import CARDS_PER_PLAYER, DECKS, MacaoRules, called_natural
from .macao_state import MacaoState
from .macao_view import MacaoView  # noqa: F401

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


# ---------------------------------------------------------------- the bank and the match


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


# ---------------------------------------------------------------- the deal and the variant


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
