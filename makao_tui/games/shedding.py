"""The shedding engine the two Makaos share (makao_tui/rules/makao-ru.en.md, makao-pl.en.md,
makao-pl.en.md#house-rules).

One :class:`ShedState` plays every shedding game (its rules code is in
:mod:`~makao_tui.games.shedding_core`, its events in :mod:`~makao_tui.games.shedding_events`,
its rule config and view in :mod:`~makao_tui.games.shedding_records`; this module gives their names
too). Everything that differs between games, and every
rule option, is a named field of the game's rule config, a subclass of :class:`ShedRules`; the
rules code reads those fields and nothing else (no game id). A game is a config record (its fixed
fields' values and its options), its :meth:`ShedRules.card_value` / :meth:`ShedRules.score`, and
its texts. The fixed differences of the two Makaos:

===========================  ==========================  ==========================================
field                        makao-ru (§1)               makao-pl (§2)
===========================  ==========================  ==========================================
``decks``                    2 (104 cards)               1 (52 cards)
``wild_ranks``               9 and ace                   ace
``answer_by``                ``kind``: 2/3/K♥ on same    ``rank``: ransom with the same rank
``ransom_stacking``          ``add`` (fixed)             option: ``double`` or ``add``
``skip_rank``                none                        4 skips the next player
``demand_rank``              none                        jack demands a rank
``draw_when_playable``       yes, one card               no; option ``draw_until_playable``
``makao_cost``               2 cards                     5 cards
``answer_after_going_out``   next player answers once    the deal ends at once
``starter_penalty``          ``take`` (fixed)            option: ``draw_until`` or ``take``
scoring                      card values, lowest wins    +10 / minus card values, highest wins
===========================  ==========================  ==========================================
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from ..engine.cards import JOKER, Card
from ..engine.i18n import _
from .shedding_core import (
    AS_SHIFT,
    DRAW,
    MAKAO_BIT,
    MORE_SHIFT,
    TAKE,
    ShedState,
    _hand_mask,
    move_action,
    move_of,
    next_allowed,
    shuffle,
)
from .shedding_events import (
    KING_OF_HEARTS,
    KING_OF_SPADES,
    CardPlayed,
    CardsDrawn,
    DemandLapsed,
    DemandPassed,
    PenaltyPending,
    PositionRepeated,
    SkipPending,
    StockRebuilt,
    TurnPassed,
    TurnSkipped,
    WentOut,
)
from .shedding_records import DEMAND_RANKS, HAND_SIZE, ShedRules, ShedView, hand_value

if TYPE_CHECKING:
    from ..engine.deal import DealRecord
    from ..engine.variant import DealColumns

#: the names of the shedding engine, with those of its rules code and its events
__all__ = [
    "AS_SHIFT", "DEMAND_RANKS", "DRAW", "HAND_SIZE", "KING_OF_HEARTS", "KING_OF_SPADES", "MAKAO_BIT", "MORE_SHIFT",
    "TAKE", "CardPlayed", "CardsDrawn", "DemandLapsed", "DemandPassed", "PenaltyPending", "PositionRepeated",
    "ShedRules", "ShedState", "ShedView", "SkipPending", "StockRebuilt", "TurnPassed", "TurnSkipped", "WentOut",
    "_hand_mask", "deal", "deal_columns", "from_layout", "hand_value", "jokers", "move_action", "move_of",
    "next_allowed", "sample_state", "shuffle",
]


def deal_columns(deal: DealRecord) -> DealColumns:
    """A finished deal's record for the CSV export (score sheets in makao_tui/rules/<game>.en.md): per seat the cards
    left in hand (0: went out), the points of the deal and the running total."""
    counts = deal.state.view(0).counts
    points, totals = deal.result()
    return [], [[("cards left", counts[s]), ("points", points[s]), ("total", totals[s])] for s in range(len(counts))]


def deal(rules: ShedRules, players: int, dealer: int, rng: random.Random, match: Any = None) -> ShedState:
    """A new deal (the ``Variant.deal`` hook of every shedding game); see :meth:`ShedState.deal`."""
    return ShedState.deal(rules, players, dealer, rng)


def from_layout(layout: Any) -> ShedState:
    """The deal a scenario file lays out (the ``Variant.from_layout`` hook); raise ValueError
    without a ``starter`` card, with a joker as the starter (§5: a joker is never the starter) or
    without a ``stock``."""
    if layout.starter is None:
        raise ValueError(f"a {layout.variant.id} scenario needs a starter card")
    if layout.starter == JOKER:
        raise ValueError("a joker is never the starter")
    if not layout.stock_given:
        raise ValueError(_('the scenario gives no stock (add "stock": the cards left, the first drawn first; '
                           '[] for none)'))
    return ShedState(layout.rules, layout.players, layout.dealer, layout.hands, layout.starter,
                     layout.stock, layout.rng())


#: the two Makaos' ``Variant`` hooks that make a state, :func:`deal` and :func:`from_layout`, as
#: ``Variant`` takes them: a ShedState is a GameState by registration (shedding_core), which mypy
#: does not follow
STATE_HOOKS: dict[str, Any] = {"deal": deal, "from_layout": from_layout}


def jokers(rules: ShedRules) -> int:
    """The ``Variant.jokers`` hook: jokers in the pack under ``rules``."""
    return rules.joker_count()


# ---------------------------------------------------------------- sampling worlds (the hard AI)


def sample_state(view: ShedView, rules: ShedRules, rng: random.Random) -> ShedState:
    """A full deal that agrees with ``view`` (what its seat knows), for the hard AI's search.

    The cards the seat cannot see (the pack minus its own hand and the discard pile since the
    last rebuild) are shuffled with ``rng`` and dealt to the other hands, each keeping its size
    (``view.counts``), and the rest becomes the stock; a seat known to hold old cards that fit
    nothing it was once offered (``view.unfit``) gets that many cards that agree first.
    Everything public is copied from the view:
    the pile, top card, active suit, penalty, skip, waits, demand, the card just drawn, the final
    answer, the winner and the seats that went out (hands of 0 cards). The new state's own
    generator is seeded from ``rng``; its repetition count starts empty. ``rules``: the match's
    rule config (public). Raises ValueError when the deal is over, or the counts do not add up to
    the cards unseen.
    """
    if view.to_act is None:
        raise ValueError("the deal is over: nothing to sample")
    unseen = rules.pack()
    for card in (*view.hand, *view.pile):
        unseen.remove(card)
    needed = sum(n for s, n in enumerate(view.counts) if s != view.seat) + view.stock
    if needed != len(unseen):
        raise ValueError(f"the view hides {needed} cards but {len(unseen)} are unseen")
    rng.shuffle(unseen)
    hands: list[list[Card]] = [[] for _ in view.counts]
    hands[view.seat] = list(view.hand)
    # inference from draws (view.unfit): a seat that drew with nothing fitting holds, of its older
    # cards, none that would have fitted; those cards are dealt first, from the cards that agree
    for s, record in enumerate(view.unfit):
        if s != view.seat and record is not None:
            mask, old = record
            old = min(old, view.counts[s])
            picked = [i for i, c in enumerate(unseen) if not mask >> c & 1][:old]
            hands[s] = [unseen[i] for i in picked]
            for i in reversed(picked):
                del unseen[i]
    for s, n in enumerate(view.counts):
        if s != view.seat:
            more = n - len(hands[s])
            hands[s] += unseen[:more]
            del unseen[:more]
    if view.drawn is not None:  # the drawn card is the last one the hand took
        hands[view.seat].remove(view.drawn)
        hands[view.seat].append(view.drawn)
    state = ShedState(rules, view.players, view.dealer, hands, view.pile[0], unseen,
                      random.Random(rng.getrandbits(64)), start=False)
    state.pile = list(view.pile)
    state.face = view.top
    state.suit = view.suit
    state.penalty = view.penalty
    state.penalty_rank = view.penalty_rank
    state.resume = view.resume
    state.skip = view.skip
    state.waiting = list(view.waiting) or [0] * view.players
    state.unfit = list(view.unfit) or [None] * view.players
    state.demand = view.demand
    state.demand_owner = view.demand_owner
    state.drawn = view.drawn
    state.starter_draw = view.starter_draw
    state.final_answer = view.final_answer
    state.winner = view.winner
    state.out = {s for s, n in enumerate(view.counts) if n == 0}
    state._turn = view.to_act
    return state
