"""The shedding games' rule config (:class:`ShedRules`, which each Makao subclasses) and what one seat
may know of a deal (:class:`ShedView`) (makao_tui/rules/makao-ru.en.md, makao-pl.en.md): records the
rules code (:mod:`~makao_tui.games.shedding_core`) reads and makes, kept outside it (mypyc compiles
no class that an interpreted module subclasses, nor a dataclass with ``__slots__``) and outside
:mod:`~makao_tui.games.shedding`, which imports the rules code.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from ..engine.actions import Action
from ..engine.cards import ALL_CARDS, JOKER, RANKS, Card
from .shedding_events import KING_OF_HEARTS, KING_OF_SPADES

HAND_SIZE = 5
#: the ranks a jack may demand in makao-pl (makao_tui/rules/makao-pl.en.md [decision])
DEMAND_RANKS = ("5", "6", "7", "8", "9", "T", "Q")


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

    def penalty(self, card: Card) -> tuple[str, int] | None:
        """The penalty playing ``card`` starts under these rules, as (its kind, cards the victim draws),
        None for a card that starts none (a joker too): a rank of ``penalty_cards`` (kind: the rank);
        under ``battle_kings`` (§5) K♥ and K♠, 5 cards (kind ``"K"``); else with a
        ``king_hearts_penalty`` K♥, its cards (kind ``"KH"`` where a penalty is answered by its own
        kind, ``"K"`` where it is ransomed by rank). The rules code reads the same from its tables
        (``shedding_core._tables``; ``tests/games/test_shedding_records.py`` holds the two alike)."""
        value = dict(self.penalty_cards)
        kind = card.rank if card != JOKER and card.rank in value else None
        if self.battle_kings:
            value["K"] = 5
            if card in (KING_OF_HEARTS, KING_OF_SPADES):
                kind = "K"
        elif self.king_hearts_penalty:
            kings = "KH" if self.answer_by == "kind" else "K"
            value[kings] = self.king_hearts_penalty
            if card == KING_OF_HEARTS:
                kind = kings
        return None if kind is None else (kind, value[kind])

    def is_attack(self, card: Card) -> bool:
        """Whether playing ``card`` (not a joker) starts a penalty under these rules (:meth:`penalty`)."""
        return self.penalty(card) is not None

    def penalty_value(self, card: Card) -> int:
        """Cards a penalty started by ``card`` makes the victim draw (0 for no penalty card)."""
        started = self.penalty(card)
        return started[1] if started is not None else 0


def hand_value(cards: Sequence[Card], value: Callable[[Card], int]) -> int:
    """The points ``cards`` left in hand cost, by the game's card values."""
    return sum(value(c) for c in cards)


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
