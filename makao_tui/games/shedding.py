"""The shedding engine the two Makaos share (makao_tui/rules/makao-ru.en.md, makao-pl.en.md,
makao-pl.en.md#house-rules).

One :class:`ShedState` plays every shedding game (its rules code is in
:mod:`~makao_tui.games.shedding_core`, its events in :mod:`~makao_tui.games.shedding_events`;
this module gives their names too). Everything that differs between games, and every
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
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from ..engine.actions import Action
from ..engine.cards import ALL_CARDS, JOKER, RANKS, Card
from ..engine.i18n import _
from .shedding_core import (
    AS_SHIFT,
    DRAW,
    MAKAO_BIT,
    MORE_SHIFT,
    TAKE,
    ShedState,
    _hand_mask,
    _tables,
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

if TYPE_CHECKING:
    from ..engine.deal import DealRecord
    from ..engine.variant import DealColumns

HAND_SIZE = 5
#: the ranks a jack may demand in makao-pl (makao_tui/rules/makao-pl.en.md [decision])
DEMAND_RANKS = ("5", "6", "7", "8", "9", "T", "Q")

#: the names of the shedding engine, with those of its rules code and its events
__all__ = [
    "AS_SHIFT", "DEMAND_RANKS", "DRAW", "HAND_SIZE", "KING_OF_HEARTS", "KING_OF_SPADES", "MAKAO_BIT", "MORE_SHIFT",
    "TAKE", "CardPlayed", "CardsDrawn", "DemandLapsed", "DemandPassed", "PenaltyPending", "PositionRepeated",
    "ShedRules", "ShedState", "ShedView", "SkipPending", "StockRebuilt", "TurnPassed", "TurnSkipped", "WentOut",
    "_hand_mask", "deal", "deal_columns", "from_layout", "hand_value", "jokers", "move_action", "move_of",
    "next_allowed", "sample_state", "shuffle",
]


# ---------------------------------------------------------------- the rule config


@dataclass(frozen=True)
class ShedRules:
    """The rule config of a shedding game: every field is a rule the engine reads.

    A game subclasses it, gives the fixed fields its values and turns some fields into options
    (:func:`~makao_tui.engine.variant.option`, makao_tui/rules/ names); the rest stay fixed for that game.
    Fixed fields (makao_tui/rules/makao-ru.en.md, makao-pl.en.md): ``game`` (its id, for views and output), ``decks``
    (52-card
    packs), ``pack_ranks`` (ranks in the pack), ``joker_copies`` (jokers added under ``jokers``),
    ``joker_value`` (a joker's points in hand), ``hand_size``, ``wild_ranks`` (cards playable on
    anything with nothing pending), ``namer_rank`` (its player names the suit), ``penalty_cards``
    ((rank, cards to draw) pairs), ``king_hearts_penalty`` (K♥'s cards to draw, 0: none),
    ``answer_by`` (``kind``: a penalty is answered by its own kind, K♥ only by K♥; ``rank``: ransomed
    by the same rank, a K♥ by a king under ``king_ransom``), ``skip_rank`` (a card that skips the
    next player, ``""`` none), ``demand_rank`` (a card that demands a rank, ``""`` none),
    ``demand_ranks``, ``draw_when_playable`` (drawing allowed while a card fits), ``makao_cost``
    (cards for a forgotten call), ``answer_after_going_out`` (a penalty card played last is answered
    once, §1), ``ransom_word`` (the log says "ransom"); and one field that is not a rule but the
    game's own number for the hard AI (issue 15), ``position_weights``: the weights of its value
    of an unfinished deal (:func:`makao_tui.ai.shedding.position_value`: hand-size lead, the seat
    is to act, bias), fitted by ``python bench/fit_shedding_value.py`` to the game's deals (here
    none fitted: every unfinished deal is an even chance). ``loss_limit`` / ``deals`` /
    ``time_limit_min``: how the match ends (None where the game has no such end). The option fields
    are documented where a game makes them options (makao_tui/rules/makao-ru.en.md, makao-pl.en.md,
    makao-pl.en.md#house-rules); here they hold the value
    a game without them plays.
    """

    game: str = "shedding"
    decks: int = 1
    pack_ranks: str = RANKS
    joker_copies: int = 2
    joker_value: int = 50
    hand_size: int = HAND_SIZE
    wild_ranks: str = "A"
    namer_rank: str = "A"
    penalty_cards: tuple[tuple[str, int], ...] = (("2", 2), ("3", 3))
    king_hearts_penalty: int = 0
    answer_by: str = "rank"
    skip_rank: str = ""
    demand_rank: str = ""
    demand_ranks: str = "".join(DEMAND_RANKS)
    draw_when_playable: bool = False
    makao_cost: int = 5
    answer_after_going_out: bool = False
    ransom_word: bool = True
    position_weights: tuple[float, float, float] = (0.0, 0.0, 0.0)
    # options of some games; a game without them plays these values (None: the match has no such end)
    loss_limit: int | None = None
    deals: int | None = None
    time_limit_min: int | None = None
    auto_makao: bool = False
    draw_until_playable: bool = False
    play_after_draw: str = "drawn"
    ransom_stacking: str = "add"
    king_ransom: str = "none"
    starter_penalty: str = "take"
    queens: bool = False
    fours_stack: bool = False
    battle_kings: bool = False
    multi_play: bool = False
    demand_round: bool = False
    makao_out: bool = False
    jokers: bool = False

    def card_value(self, card: Card) -> int:
        """Points ``card`` left in hand costs (the game's scoring in makao_tui/rules/<game>.en.md); a joker costs
        ``joker_value``. This base prices every card by its pips (court cards 10, ace 11)."""
        if card == JOKER:
            return self.joker_value
        return min(card.rank_value, 10) if card.rank != "A" else 11

    def score(self, hands: list[list[Card]], winner: int | None, out: set[int]) -> list[int]:
        """The deal's points per seat from the final hands, the winner (or None) and the seats that
        went out. This base: 0 for a seat that went out, else minus its cards' values."""
        return [0 if seat in out else -hand_value(hand, self.card_value) for seat, hand in enumerate(hands)]

    def joker_count(self) -> int:
        """Jokers in the pack under these rules (§5 ``jokers``)."""
        return self.joker_copies if self.jokers else 0

    def pack(self) -> list[Card]:
        """The cards of the game under these rules, unshuffled: ``decks`` × the ``pack_ranks``
        cards, then the jokers."""
        one = [c for c in ALL_CARDS if c.rank in self.pack_ranks]
        return one * self.decks + [JOKER] * self.joker_count()

    def wild(self) -> str:
        """The ranks playable on anything with nothing pending: ``wild_ranks``, and the queen
        under ``queens`` (§5)."""
        return self.wild_ranks + ("Q" if self.queens and "Q" not in self.wild_ranks else "")

    def is_attack(self, card: Card) -> bool:
        """Whether playing ``card`` (not a joker) starts a penalty under these rules."""
        return _tables(self).kind[card] is not None

    def penalty_value(self, card: Card) -> int:
        """Cards a penalty started by ``card`` makes the victim draw (0 for no penalty card)."""
        t = _tables(self)
        kind = t.kind[card]
        return t.value[kind] if kind is not None else 0


def hand_value(cards: Sequence[Card], value: Callable[[Card], int]) -> int:
    """The points ``cards`` left in hand cost, by the game's card values."""
    return sum(value(c) for c in cards)


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


@dataclass(frozen=True, slots=True)
class ShedView:
    """What one seat may know of a shedding deal.

    ``hand``: the seat's own cards (display order); ``counts``: cards in every hand, by seat;
    ``pile``: the discard pile as laid (jokers as jokers), top last; ``face``: the top card as it
    counts (a joker's named card); ``penalty``/``penalty_rank``: the penalty faced by ``to_act``
    and its kind (``"2"``, ``"3"``, ``"K"`` or ``"KH"``); ``skip``: turns ``to_act`` must wait
    unless it answers with a four (§5 ``fours_stack``); ``waiting``: turns each seat still waits;
    ``demand``: the rank a jack demands of ``to_act``, ``demand_owner`` the jack's player during a
    demand round; ``drawn``: the card this seat just drew (only for the seat to act);
    ``starter_draw``: ``to_act`` draws until a card fits a special starter (§2); ``resume``: who
    plays after a pending penalty is taken; ``legal``: its legal actions (empty unless it is to
    act); ``rules``: the rule config (public); ``unfit``: per seat, None or ``(mask, n)``: ``n``
    cards of its hand are known to be none of the cards in ``mask`` (bit ``c`` set for card number
    ``c``, bit 52 the joker), because it drew with nothing that fitted (see
    :meth:`ShedState._draw_turn`).
    """

    seat: int
    players: int
    dealer: int
    hand: tuple[Card, ...]
    counts: tuple[int, ...]
    pile: tuple[Card, ...]
    suit: str
    penalty: int
    penalty_rank: str | None
    demand: str | None
    stock: int
    to_act: int | None
    drawn: Card | None
    legal: tuple[Action, ...]
    winner: int | None
    game: str
    final_answer: bool
    rules: ShedRules = field(default_factory=ShedRules)
    face: Card | None = None
    skip: int = 0
    waiting: tuple[int, ...] = ()
    demand_owner: int | None = None
    starter_draw: bool = False
    resume: int | None = None
    unfit: tuple[tuple[int, int] | None, ...] = ()

    #: the fields only the seat itself may see, with what a spectator's view holds instead
    PRIVATE: ClassVar[dict[str, Any]] = {"hand": (), "drawn": None, "legal": ()}

    @property
    def top(self) -> Card:
        """The top card of the discard pile as it counts (a joker's named card)."""
        return self.face if self.face is not None else self.pile[-1]


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
