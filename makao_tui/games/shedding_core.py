"""The rules code of the shedding games (makao_tui/rules/makao-ru.en.md, makao-pl.en.md, makao-pl.en.md#house-rules):
the
state of a deal, its moves and their effects, and the tables each rule config precomputes.

The one implementation of the rules: :meth:`ShedState.step` applies a move, :meth:`ShedState.apply`
checks an action and has :meth:`ShedState.step` collect the events. It is apart from the events
(:mod:`~makao_tui.games.shedding_events`), the view and the rule config
(:mod:`~makao_tui.games.shedding`, which gives every public name of this module too) so that it
may be compiled with mypyc; the same file runs as plain Python when it is not (issue 15,
CONTRIBUTING.md "The compiled core").
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any, Final, cast

from ..engine.actions import Action, Draw, Pass, Play, Take
from ..engine.cards import (
    ALL_CARDS,
    JOKER,
    RANKS,
    SUITS,
    Card,
    rank_label,
    rank_plural_words,
    rank_words,
    suit_label,
)
from ..engine.events import DealEnded, DealStarted, Event
from ..engine.state import GameState, IllegalAction, Refusal, turn_refusal
from ..engine.words import Words, plural_words
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
    answer_words,
)
from .shedding_records import ShedRules, ShedView
from .shuffle_core import shuffle

# ---------------------------------------------------------------- moves: the fast form of actions
#
# A move is a small int standing for one action. A play is
#   first card (bits 0-5, 52 = joker) | suit named (bits 6-8: 1..4 in SUITS order)
#   | demand (bits 9-12: 1..13, RANKS index + 1) | MAKAO_BIT | OUT_BIT
#   | joker's card + 1 (bits 15-20) | further cards + 1 (6 bits each from bit 21, in order);
# DRAW, TAKE and PASS are the three moves without a card (every play is below DRAW). A jack laid
# with no demand has 0 in the demand bits. ShedState.moves() lists moves and ShedState.step()
# applies them; legal_actions() and apply() are the same code with Action objects and events.

MAKAO_BIT: Final = 1 << 13
OUT_BIT: Final = 1 << 14
CALL_BITS: Final = MAKAO_BIT | OUT_BIT
AS_SHIFT: Final = 15
MORE_SHIFT: Final = 21
DRAW: Final = 1 << 40
TAKE: Final = DRAW + 1
PASS: Final = DRAW + 2

_RANK: Final = (*(c.rank for c in ALL_CARDS), "X")
_SUIT: Final = (*(c.suit for c in ALL_CARDS), "X")
_CARDS: Final = (*ALL_CARDS, JOKER)
#: card sets are bitmasks: bit ``c`` for card number ``c``; bit 52 for the joker
JOKER_BIT: Final = 1 << 52
#: every card a joker may stand for when nothing is pending (§5 ``jokers``)
ALL52: Final = JOKER_BIT - 1
_BY_RANK: Final = {r: sum(1 << c for c in range(52) if _RANK[c] == r) for r in RANKS}
_BY_SUIT: Final = {s: sum(1 << c for c in range(52) if _SUIT[c] == s) for s in SUITS}
#: the sets of one suit's cards by their 13 bits (``_Tables.runs``)
SUIT_PLAYS: Final = 1 << 13


def _fits(cards: int) -> int:
    """The mask of what may be played where ``cards`` (a mask of the 52) may: those cards, and a
    joker (bit 52) wherever any card may go (§5 ``jokers``)."""
    return cards | JOKER_BIT if cards else 0


def _hand_mask(hand: Sequence[Card]) -> int:
    """The mask of the cards ``hand`` holds (each at least once)."""
    mask = 0
    for c in hand:
        mask |= 1 << c
    return mask


def _bits(mask: int) -> list[int]:
    """The card numbers of ``mask``, lowest first (card order, the joker last)."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


_ACTIONS: Final[dict[int, Action]] = {DRAW: Draw(), TAKE: Take(), PASS: Pass()}


def move_action(move: int) -> Action:
    """The :class:`Action` a move of :meth:`ShedState.moves` stands for (the same object each time);
    raises KeyError for an int that is no move."""
    action = _ACTIONS.get(move)
    if action is None:
        if not 0 <= move < DRAW:
            raise KeyError(move)
        first = move & 63
        suit, demand = (move >> 6) & 7, (move >> 9) & 15
        as_c = (move >> AS_SHIFT) & 63
        more = []
        rest = move >> MORE_SHIFT
        while rest & 63:
            more.append(_CARDS[(rest & 63) - 1])
            rest >>= 6
        if first > 52 or suit > 4 or demand > 13 or rest:
            raise KeyError(move)
        action = Play(_CARDS[first], SUITS[suit - 1] if suit else None, RANKS[demand - 1] if demand else None,
                      bool(move & MAKAO_BIT), tuple(more), _CARDS[as_c - 1] if as_c else None, bool(move & OUT_BIT))
        _ACTIONS[move] = action
    return action


def _move_of(play: Play) -> int:
    """The move of a play that :meth:`ShedState.refusal` accepts."""
    move = play.card | play.makao * MAKAO_BIT | play.out * OUT_BIT
    if play.suit is not None:
        move |= (SUITS.index(play.suit) + 1) << 6
    if play.demand is not None:
        move |= (RANKS.index(play.demand) + 1) << 9
    if play.as_card is not None:
        move |= (play.as_card + 1) << AS_SHIFT
    for i, card in enumerate(play.more):
        move |= (card + 1) << (MORE_SHIFT + 6 * i)
    return move


@dataclass(frozen=True)
class _Tables:
    """What one rule config precomputes for :meth:`ShedState.moves` and the play (one per config,
    cached). Card sets are masks (bit ``c`` for card ``c``); a set of cards that may be played
    holds the joker's bit 52 too whenever it is not empty (:func:`_fits`).

    ``kind[card]``: the penalty kind a card starts (None: no penalty card; ``"K"`` for kings
    ransomed by rank, ``"KH"`` for a K♥ answered only by itself); ``value[kind]``: cards to draw;
    ``double[kind]``: a ransom doubles rather than adds; ``answers[kind]``: what may answer;
    ``back``: penalty cards that hit the previous player (K♠ under ``battle_kings``); ``skip``:
    what may answer a four (the cards that skip, and the joker); ``special``: the cards that start
    a penalty, skip or make a demand; ``match[suit][face]``: what may be
    played on ``face`` with ``suit`` to follow and nothing pending; ``forms[after][face]``: a cache
    of the option and call bits of a play whose last card counts as ``face`` and leaves ``after``
    cards (2 for two or more), and how many of them differ by more than a call (None until asked);
    ``runs[4 * after + suit][bits]``: the plays of the cards of one suit (``bits``: 13 bits by
    rank, the mask of that suit shifted down, an index into a list of :data:`SUIT_PLAYS` made when
    first needed: a list is read faster than a dict) leaving ``after`` cards (0, 1, 2 for more),
    and ``jokers[after][faces]``, those of a joker named as each card of the mask ``faces``, each
    as (moves, choices) (see :meth:`ShedState._listing`; None until asked), from which
    :meth:`ShedState.moves` joins the plays of a hand;
    ``multi``: plays of several cards are allowed (§5 ``multi_play``: no listing is cached);
    ``more_copies``: a hand may hold a card twice (two packs) or jokers; ``draw_when_playable`` to
    ``demand_round``: the rule config's fields of those names (read on every move: a field of this
    record is read faster than one of the config when the module is compiled).
    """

    kind: tuple[str | None, ...]
    value: dict[str, int]
    double: dict[str, bool]
    answers: dict[str, int]
    back: int
    skip: int
    match: dict[str, tuple[int, ...]]
    special: int
    multi: bool
    more_copies: bool
    draw_when_playable: bool
    play_after_draw: str
    draw_until_playable: bool
    auto_makao: bool
    makao_out: bool
    demand_rank: str
    makao_cost: int
    answer_after_going_out: bool
    fours_stack: bool
    demand_round: bool
    forms: tuple[list, ...] = field(default_factory=lambda: tuple([None] * 53 for _ in range(3)))
    runs: list[list[tuple[tuple[int, ...], int] | None] | None] = field(default_factory=lambda: [None] * 12)
    jokers: tuple[dict[int, tuple[tuple[int, ...], int]], ...] = field(
        default_factory=lambda: tuple({} for _ in range(3)))


_TABLES: Final[dict[ShedRules, _Tables]] = {}


def _tables(rules: ShedRules) -> _Tables:
    t = _TABLES.get(rules)
    if t is not None:
        return t
    kind: list[str | None] = [None] * 53
    value: dict[str, int] = {}
    answers: dict[str, int] = {}
    double: dict[str, bool] = {}
    doubles = rules.ransom_stacking == "double"
    for rank, cards in rules.penalty_cards:
        for c in _bits(_BY_RANK[rank]):
            kind[c] = rank
        value[rank], answers[rank], double[rank] = cards, _fits(_BY_RANK[rank]), doubles
    back = 0
    if rules.battle_kings:  # §5: K♥ and K♠ are penalties of 5, answered only by each other, adding 5
        kind[KING_OF_HEARTS] = kind[KING_OF_SPADES] = "K"
        value["K"], double["K"] = 5, False
        answers["K"] = _fits(1 << KING_OF_HEARTS | 1 << KING_OF_SPADES)
        back = 1 << KING_OF_SPADES
    elif rules.king_hearts_penalty:
        k = "KH" if rules.answer_by == "kind" else "K"
        kind[KING_OF_HEARTS] = k
        value[k], double[k] = rules.king_hearts_penalty, doubles
        if rules.answer_by == "kind":
            answers[k] = _fits(1 << KING_OF_HEARTS)
        else:
            answers[k] = _fits(_BY_RANK["K"]) if rules.king_ransom == "any_king" else 0
    wild = sum(_BY_RANK[r] for r in set(rules.wild()))
    skip = _fits(_BY_RANK[rules.skip_rank]) if rules.skip_rank else 0
    anything_on_queen = rules.queens
    t = _Tables(
        kind=tuple(kind), value=value, double=double, answers=answers, back=back,
        skip=skip,
        match={s: tuple(_fits(ALL52 if anything_on_queen and _RANK[top] == "Q"
                              else _BY_SUIT[s] | _BY_RANK[_RANK[top]] | wild) for top in range(52)) for s in SUITS},
        special=(sum(1 << c for c in range(52) if kind[c] is not None) | (skip & ALL52)
                 | (_BY_RANK[rules.demand_rank] if rules.demand_rank else 0)),
        multi=rules.multi_play, more_copies=rules.decks > 1 or rules.joker_count() > 0,
        draw_when_playable=rules.draw_when_playable, play_after_draw=rules.play_after_draw,
        draw_until_playable=rules.draw_until_playable, auto_makao=rules.auto_makao, makao_out=rules.makao_out,
        demand_rank=rules.demand_rank, makao_cost=rules.makao_cost,
        answer_after_going_out=rules.answer_after_going_out, fours_stack=rules.fours_stack,
        demand_round=rules.demand_round,
    )
    _TABLES[rules] = t
    return t


class ShedState:
    """One deal of a shedding game. Build with :meth:`deal` or the constructor.

    A :class:`GameState` by registration, not by subclassing, as
    :class:`~makao_tui.games.peklo_core.PekloState` is: compiled, a class derived from an
    interpreted one has a weak-reference slot that mypyc's deallocator never clears (a weakly
    referenced state crashed the interpreter when it died).

    Internally ``stock[-1]`` is the next card to be drawn, and each hand is also kept as a mask
    (``_hm``, see :class:`_Tables`) that the rules code changes with it: a hand is changed only
    through the rules. See :class:`GameState` for the contract.
    The rules run once, in :meth:`step`: :meth:`apply` checks the action and has :meth:`step`
    collect the events; called alone (the fast path of random playouts and search) it does neither.
    """

    #: True once the deal has ended (an attribute, set with ``over``: playouts read it after every move)
    is_over = False

    def __init__(self, rules: ShedRules, players: int, dealer: int, hands: list[list[Card]],
                 starter: Card, stock_first_drawn_first: list[Card], rng: random.Random,
                 start: bool = True):
        """The deal with ``hands``, ``starter`` turned up and the stock (next card first). With
        ``start`` the starter's effects and the automatic turns follow (``opening`` holds their
        events); without, the state is left as laid out for the caller to complete (the hard AI's
        :func:`sample_state`)."""
        self.rules = rules
        self._t = _tables(rules)
        self.players = players
        self.dealer = dealer
        self.hands = [list(h) for h in hands]
        self._hm = [_hand_mask(h) for h in self.hands]  # the hands as masks, kept with them
        self.stock = list(reversed(stock_first_drawn_first))
        self.pile = [starter]
        self.face = starter
        self.suit = starter.suit
        self.penalty = 0
        self.penalty_rank: str | None = None
        self.resume: int | None = None
        self.skip = 0
        self.waiting = [0] * players
        self.demand: str | None = None
        self.demand_owner: int | None = None
        self.drawn: Card | None = None
        self.starter_draw = False
        self.final_answer = False
        self.winner: int | None = None
        self.out: set[int] = set()
        self.unfit: list[tuple[int, int] | None] = [None] * players
        self.idle = 0
        self.repeats: dict[tuple, int] = {}
        self._unrecorded = False  # the position reached is still to be counted in repeats
        self._n_choices: int | None = None  # how many choices moves() found here, for step()
        self.over = self.is_over = False
        self.rng = rng
        self._turn: int = (dealer + 1) % players
        self.opening: list[Event] = []
        if start:
            self.opening.append(DealStarted(None, dealer, rules.hand_size))
            self._start(starter, self.opening)

    # ------------------------------------------------------------ construction

    @classmethod
    def deal(cls, rules: ShedRules, players: int, dealer: int, rng: random.Random) -> ShedState:
        """Shuffle the pack (:meth:`ShedRules.pack`) with ``rng``, deal ``hand_size`` cards each,
        turn up the starter; a joker is never the starter (§5): it goes to the bottom of the stock
        and the next card is turned up **[decision]**."""
        cards = rules.pack()
        shuffle(rng, cards)
        hands: list[list[Card]] = [[] for _ in range(players)]
        for i in range(rules.hand_size * players):
            hands[(dealer + 1 + i) % players].append(cards.pop())
        starter = cards.pop()
        while starter == JOKER:
            cards.insert(0, starter)
            starter = cards.pop()
        cards.reverse()
        return cls(rules, players, dealer, hands, starter, cards, rng)

    def _start(self, starter: Card, ev: list[Event]) -> None:
        """Starter-card effects (makao_tui/rules/makao-ru.en.md#penalty-cards, makao-pl.en.md#the-turned-up-card,
        makao-pl.en.md#house-rules), then automatic turns.

        A penalty starter acts on the first player as if the dealer had played it forward (a K♠
        under ``battle_kings`` too, §5); under ``starter_penalty: draw_until`` that player ransoms
        or draws until a card fits. A skip card skips the first player (under ``fours_stack`` he
        may answer it with a four **[decision]**). The opening position counts for the repetition
        rule (§1 "Endless forced loops").

        **[decision, makao_tui/rules/ silent]** A hand laid out with no card (a scenario that starts after
        a player went out, docs/scenarios.md#the-file) is a deal already
        over: every seat without cards has gone out, the first of them from the dealer's left is
        the winner, and the starter has no effect."""
        first = (self.dealer + 1) % self.players
        order = [(first + step) % self.players for step in range(self.players)]
        gone = [seat for seat in order if not self.hands[seat]]
        if gone:
            self.out.update(gone)
            self.winner = gone[0]
            self._end(ev)
            return
        t = self._t
        kind = t.kind[starter]
        if kind is not None:
            self.penalty, self.penalty_rank = t.value[kind], kind
            self.resume = (first + 1) % self.players
            self.starter_draw = self.rules.starter_penalty == "draw_until"
            ev.append(self._pending_event(first))
        elif t.skip >> starter & 1:
            if self.rules.fours_stack:
                self.skip = 1
                ev.append(SkipPending(first, 1))
            else:
                ev.append(TurnSkipped(first))
                first = (first + 1) % self.players
        self._turn = first
        self._settle(ev)
        self._unrecorded = not self.stock and not self.over

    # ------------------------------------------------------------ basic facts

    @property
    def to_act(self) -> int | None:
        return None if self.over else self._turn

    @property
    def top(self) -> Card:
        """The top card of the discard pile as it counts (a joker's named card)."""
        return self.face

    @property
    def game(self) -> str:
        """The game's id (``rules.game``)."""
        return self.rules.game

    def _can_draw(self) -> bool:
        return bool(self.stock) or len(self.pile) > 1

    def _allowed(self) -> int:
        """The mask of the cards a play may start with now, whatever the hand holds, with the
        joker's bit whenever any card may go (a joker may be named as any of them): an answer to a
        pending penalty or skip, the demanded rank (or, for the jack's player in a demand round, a
        jack), else what matches the top card."""
        t = self._t
        if self.penalty:
            return t.answers[cast(str, self.penalty_rank)]  # set with every penalty
        if self.skip:
            return t.skip
        if self.demand is not None:
            cards = _BY_RANK[self.demand]
            if self.demand_owner == self._turn:
                cards |= _BY_RANK[self.rules.demand_rank]
            return cards | JOKER_BIT
        return t.match[self.suit][self.face]

    def _joker_faces(self, allowed: int) -> int:
        """The mask of the cards a joker may be named as (§5 ``jokers``): with nothing pending it
        goes on any card as any card; on a pending penalty, four or demand only as a card that
        answers it (``allowed``). **[decision]** After the first draw of a player who draws until a
        card fits the §2 starter nothing is pending: a joker found so is named as any card."""
        if self.penalty or self.skip or self.demand is not None:
            return allowed & ALL52
        return ALL52

    # ------------------------------------------------------------ legal actions

    def _choices(self) -> tuple[int, int, bool, bool, bool]:
        """(the mask of what a play may start with (:meth:`_allowed`), the mask of the hand's
        cards that may start one (bit 52: a joker), may draw, may take, may pass) for the seat to
        act."""
        t = self._t
        allowed = self._allowed()
        if self.drawn is not None and (self.starter_draw or t.play_after_draw != "any"):
            return allowed, 1 << self.drawn, False, False, not (t.draw_until_playable or self.starter_draw)
        firsts = allowed & self._hm[self._turn]
        if self.starter_draw and self._can_draw():
            # §2 starter: ransom (before the first draw) or draw until a card fits, even when one fits
            return allowed, firsts if self.penalty else 0, True, False, False
        if self.penalty or self.skip:
            return allowed, firsts, False, True, False
        if self.drawn is not None:  # play_after_draw == "any" (§1)
            return allowed, firsts, False, False, True
        may_draw = self._can_draw() and (t.draw_when_playable or not firsts)
        return allowed, firsts, may_draw, False, False

    def _forms(self, face: int, after: int) -> tuple[tuple[int, ...], int]:
        """The option and call bits of a play whose last card counts as ``face`` and leaves
        ``after`` cards, and how many of them differ by more than a call.

        A last card names nothing and demands nothing: the deal ends with it. Under ``makao_out``
        (§5) a last card laid without "po makale" keeps its effect, for the deal goes on: without
        the call a last ace may name a suit (or keep its own, as a last card may) and a last jack
        may demand a rank."""
        row = self._t.forms[after if after < 2 else 2]
        got = row[face]
        if got is None:
            rules = self.rules
            rank = _RANK[face]
            opts = [0]
            suits = [(i + 1) << 6 for i in range(len(SUITS))]
            demands = [(RANKS.index(r) + 1) << 9 for r in rules.demand_ranks]
            if after and rank == rules.namer_rank:
                opts = suits
            elif after and rank == rules.demand_rank:
                opts = [0, *demands]
            call = 0
            if not rules.auto_makao:
                call = MAKAO_BIT if after == 1 else OUT_BIT if after == 0 and rules.makao_out else 0
            if call == OUT_BIT:
                kept = [0, *suits] if rank == rules.namer_rank else [0, *demands] if rank == rules.demand_rank else [0]
                got = row[face] = ((OUT_BIT, *kept), len(kept))
            else:
                forms = (*(o | call for o in opts), *opts) if call else tuple(opts)
                got = row[face] = (forms, len(opts))
        return got

    def _extras(self, hand: list[Card], first: int) -> list[tuple[int, ...]]:
        """The further cards a multi-card play starting with ``first`` may lay (§5 ``multi_play``):
        1 to 3 cards of its rank from the rest of the hand, the middle ones in card order (their
        order changes nothing), each choice of the last card."""
        rank = _RANK[first]
        others: list[int] = [c for c in hand if _RANK[c] == rank]
        others.remove(first)
        out: set[tuple[int, ...]] = set()
        for k in range(1, min(3, len(others)) + 1):
            for combo in combinations(others, k):
                for i, last in enumerate(combo):
                    out.add((*sorted(combo[:i] + combo[i + 1:]), last))
        return sorted(out)

    def moves(self) -> list[int]:
        """The legal moves of the seat to act as ints (see :func:`move_action`), in the order of
        :meth:`legal_actions` (plays by their first card in card order, the joker's last, then
        draw, take, pass); [] once the deal is over.

        The plays depend only on which cards may start one (the mask of :meth:`_choices`), how
        many cards a play leaves (0, 1 or more) and what a joker may be named as: the config's
        tables keep the plays of each suit's cards under their 13 bits and those of a joker under
        what it may be named as (``_Tables.runs``, ``_Tables.jokers``), and the plays of a hand are
        joined from them, so that most calls build nothing but the list.
        Under ``multi_play`` (§5) a play's further cards depend on the rest of the hand: the plays
        are built every time."""
        if self.over:
            return []
        t = self._t
        if self.penalty or self.skip or self.demand is not None or self.drawn is not None or self.starter_draw:
            allowed, firsts, may_draw, may_take, may_pass = self._choices()
        else:  # the common case, as _choices() finds it: match the top card, or draw
            allowed = 0  # not needed: a joker may be named as any card
            firsts = self._hm[self._turn] & t.match[self.suit][self.face]
            may_draw = (not firsts or t.draw_when_playable) and bool(self.stock or len(self.pile) > 1)
            may_take = may_pass = False
        size = len(self.hands[self._turn])
        if t.multi:
            plays, choices = self._listing(firsts, self._joker_faces(allowed), size - 1, self.hands[self._turn])
            out = list(plays)
        else:  # joined from the plays of each suit's cards, and the joker's
            after = size - 1 if size < 3 else 2
            out = []
            choices = 0
            for suit in range(4):
                bits = firsts >> 13 * suit & 8191
                if bits:
                    runs = t.runs[4 * after + suit]
                    if runs is None:
                        runs = t.runs[4 * after + suit] = [None] * SUIT_PLAYS
                    run = runs[bits]
                    if run is None:
                        run = runs[bits] = self._listing(bits << 13 * suit, ALL52, after)
                    out.extend(run[0])
                    choices += run[1]
            if firsts & JOKER_BIT:
                faces = self._joker_faces(allowed)
                jokers = t.jokers[after]
                joker = jokers.get(faces)
                if joker is None:
                    joker = jokers[faces] = self._listing(JOKER_BIT, faces, after)
                out.extend(joker[0])
                choices += joker[1]
        if may_draw:
            out.append(DRAW)
        if may_take:
            out.append(TAKE)
        if may_pass:
            out.append(PASS)
        # the repetition rule counts a play offered with and without a call as one choice
        self._n_choices = choices + may_draw + may_take + may_pass
        return out

    def _listing(self, firsts: int, faces: int, after: int, hand: list[Card] | None = None
                 ) -> tuple[tuple[int, ...], int]:
        """(the plays, how many choices they are) of the cards of ``firsts`` (a mask, bit 52 the
        joker, named as each card of ``faces``), in card order, the joker last, leaving ``after``
        cards. With ``hand`` (§5 ``multi_play``) the plays of several cards of a rank held more
        than once follow each first card's own plays."""
        out: list[int] = []
        choices = 0
        paired: set[str] = set()  # ranks held more than once, which may be laid together
        if hand is not None:
            seen: set[str] = set()
            for h in hand:
                rank = _RANK[h]
                if rank in seen:
                    paired.add(rank)
                seen.add(rank)
        for c in _bits(firsts & ALL52):
            forms, n = self._forms(c, after)
            out += [c | f for f in forms]
            choices += n
            if _RANK[c] in paired:
                for extra in self._extras(cast(list, hand), c):
                    base = c
                    for i, e in enumerate(extra):
                        base |= (e + 1) << (MORE_SHIFT + 6 * i)
                    forms, n = self._forms(extra[-1], after - len(extra))
                    out += [base | f for f in forms]
                    choices += n
        if firsts & JOKER_BIT:
            for a in _bits(faces):
                forms, n = self._forms(a, after)
                base = JOKER | (a + 1) << AS_SHIFT
                out += [base | f for f in forms]
                choices += n
        return tuple(out), choices

    def legal_actions(self) -> list[Action]:
        return [move_action(m) for m in self.moves()]

    def refusal(self, action: Action, seat: int | None = None) -> Refusal | None:
        """Why ``action`` (of ``seat``, if given) is illegal, as a
        :class:`~makao_tui.engine.state.Refusal` (kind, fields, words), or None if it is legal:
        the one legality path, which :meth:`apply` follows too (makao_tui/rules/makao-ru.en.md, makao-pl.en.md,
        makao-pl.en.md#house-rules).

        The words name cards and suits with their symbols (``10♥``);
        :func:`~makao_tui.engine.cards.ascii_text` turns them into ``10H`` for terminals without.
        """
        turn = turn_refusal(self.to_act, seat)
        if turn is not None:
            return turn
        return self._refusal(action, self._choices())

    def _refusal(self, action: Action, choices: tuple[int, int, bool, bool, bool]) -> Refusal | None:
        """:meth:`refusal` with the seat's :meth:`_choices` already known: a draw, a take or a pass
        when it is not offered (:meth:`_draw_refusal`, :meth:`_take_refusal`), a play whose cards do
        not make one play (:meth:`_cards_refusal`), are not in the hand (:meth:`_hand_refusal`), do
        not fit (:meth:`_why_not`) or name, demand or call what they may not (:meth:`_form_refusal`)."""
        allowed, firsts, may_draw, may_take, may_pass = choices
        if isinstance(action, Draw):
            return None if may_draw else self._draw_refusal(may_pass)
        if isinstance(action, Take):
            return None if may_take else self._take_refusal()
        if isinstance(action, Pass):
            return None if may_pass else Refusal(
                "no_pass", Words("you may pass only after drawing a card you could play"))
        if not isinstance(action, Play):
            return Refusal("not_an_action", Words("that is not an action of this game"))
        hand = self.hands[self._turn]
        refused = self._cards_refusal(action) or self._hand_refusal(action.cards, hand)
        if refused is not None:
            return refused
        joker = action.card == JOKER
        face0 = cast(Card, action.as_card) if joker else action.card  # a joker's as_card is checked above
        if not firsts >> action.card & 1 or not (self._joker_faces(allowed) if joker else allowed) >> face0 & 1:
            return self._why_not(action.card, face0, bool(action.more))
        return self._form_refusal(action, face0 if joker else action.cards[-1], len(hand) - len(action.cards))

    def _draw_refusal(self, may_pass: bool) -> Refusal:
        """Why the seat to act may not draw now (``may_pass``: it may pass instead)."""
        if self.penalty:
            return Refusal("penalty_pending", Words("a penalty of {penalty} is pending: answer it or take it",
                                                    penalty=self.penalty), {"penalty": self.penalty})
        if self.skip:
            return Refusal("skip_pending", Words("answer the four with a four or wait"), {"turns": self.skip})
        if self.drawn is not None:
            return Refusal("drawn_already", Words("you have drawn already: play the drawn card or pass")
                           if may_pass else Words("you have drawn already: play the drawn card"))
        if not self._can_draw():
            return Refusal("nothing_to_draw", Words("there is nothing left to draw"))
        return Refusal("card_fits", Words("you may not draw while you hold a playable card"))

    def _take_refusal(self) -> Refusal:
        """Why the seat to act may not take a penalty now."""
        if self.starter_draw and self.penalty:
            return Refusal("starter_draw",
                           Words("the starter's penalty is not taken: ransom it or draw until a card fits"))
        return Refusal("no_penalty", Words("there is no penalty to take"))

    def _cards_refusal(self, action: Play) -> Refusal | None:
        """Why the cards of ``action`` do not make one play, whatever the hand and the table: a
        joker laid with others or not named as one of the 52 cards, another card named as one,
        several cards without §5 ``multi_play``, more than four or of more than one rank."""
        if action.card == JOKER:
            if action.more:
                return Refusal("joker_alone", Words("a joker is laid alone, not with other cards"))
            if action.as_card is None:
                return Refusal("joker_needs_as", Words("a joker is played as a card: name the card (as)"))
            if action.as_card == JOKER:
                return Refusal("joker_as_joker", Words("a joker is played as one of the 52 cards"))
        elif action.as_card is not None:
            return Refusal("as_without_joker", Words("only a joker is played as another card"),
                           {"card": str(action.card)})
        if not action.more:
            return None
        if not self.rules.multi_play:
            return Refusal("one_card", Words("one card at a time: several cards need the multi_play option"))
        if JOKER in action.more:
            return Refusal("joker_alone", Words("a joker is laid alone, not with other cards"))
        cards = action.cards
        if len(cards) > 4:
            return Refusal("too_many_cards", Words("at most 4 cards in one play, not {count}", count=len(cards)),
                           {"count": len(cards)})
        ranks = sorted({c.rank for c in cards})
        if len(ranks) > 1:
            return Refusal("mixed_ranks", Words("the cards of one play must all be of one rank"), {"ranks": ranks})
        return None

    @staticmethod
    def _hand_refusal(cards: Sequence[Card], hand: list[Card]) -> Refusal | None:
        """Why ``hand`` cannot lay ``cards``: the first card it lacks, or holds fewer times."""
        need = Counter(cards)
        have = Counter(hand)
        for card, n in need.items():
            if have[card] < n:
                reason = (Words("{card} is not in your hand", card=card.label()) if not have[card]
                          else plural_words("you hold {card} only once, not {need} times",
                                            "you hold {card} only {count} times, not {need}", have[card],
                                            card=card.label(), count=have[card], need=n))
                return Refusal("not_in_hand", reason, {"card": str(card)})
        return None

    def _form_refusal(self, action: Play, last: Card, after: int) -> Refusal | None:
        """Why a fitting play whose last card counts as ``last`` and leaves ``after`` cards may not
        name its suit, demand or call as ``action`` does: a suit named by another card than the
        namer or not named by a namer that is not the last card; a demand by another card than
        the jack, or of a rank it may not demand (a last jack may carry one, accepted and without
        effect, as a last ace's suit is, §2 [decision]; laid without "po makale" it keeps its
        effect, §5 ``makao_out``); "Makao" but for the last-but-one card, "po makale" but for the
        last or without §5 ``makao_out``."""
        rules = self.rules
        if action.suit is not None and last.rank != rules.namer_rank:
            return Refusal("suit_not_allowed", Words("only an ace names a suit") if rules.namer_rank == "A"
                           else Words("only a {rank} names a suit", rank=rank_words(rules.namer_rank)))
        if last.rank == rules.namer_rank and action.suit is None and after:
            return Refusal("suit_needed", Words("an ace must name a suit")
                           if last.rank == "A" else Words("a {rank} must name a suit", rank=rank_words(last.rank)))
        if action.demand is not None:
            if not rules.demand_rank:
                return Refusal("no_demands", Words("there are no demands in this game"))
            if last.rank != rules.demand_rank:
                return Refusal("demand_not_allowed",
                               Words("only a {rank} makes a demand", rank=rank_words(rules.demand_rank)))
            if action.demand not in rules.demand_ranks:
                listed = ", ".join(rank_label(r) for r in rules.demand_ranks)
                return Refusal("demand_rank", Words("a {rank} may demand only {ranks}",
                                                    rank=rank_words(rules.demand_rank), ranks=listed),
                               {"rank": action.demand})
        if action.makao and after != 1:
            return Refusal("makao_not_one", Words("Makao is called only with the play that leaves one card"))
        if action.out:
            if not rules.makao_out:
                return Refusal("no_out_call", Words('there is no "po makale" call in these rules'))
            if after:
                return Refusal("out_not_last", Words('"po makale" is called only with the last card'))
        return None

    def _why_not(self, card: Card, face: Card, multi: bool) -> Refusal:
        lab: Words | str = face.label() if card != JOKER else Words("a joker as {card}", card=face.label())
        kind = "first_not_matching" if multi else "not_matching"
        fields = {"card": str(face)}
        if self.drawn is not None and card != self.drawn and self.rules.play_after_draw != "any":
            return Refusal("only_drawn", Words("only the card just drawn ({card}) may be played now",
                                               card=self.drawn.label()), fields)
        if self.starter_draw and not self.penalty:
            return Refusal("starter_draw", Words("draw until a card fits the starter, and play that card"), fields)
        if self.penalty:
            answers = self._t.answers[cast(str, self.penalty_rank)]
            if not answers:
                return Refusal("no_answer", Words("nothing answers this penalty: take it"), fields)
            if face.rank in self.rules.wild():
                words = Words("{card} does not answer the penalty: play {answer} or take {penalty} "
                              "(no wild card on a penalty)", card=lab, answer=self._answer_text(), penalty=self.penalty)
            else:
                words = Words("{card} does not answer the penalty: play {answer} or take {penalty}",
                              card=lab, answer=self._answer_text(), penalty=self.penalty)
            return Refusal(kind, words, fields)
        if self.skip:
            return Refusal(kind, Words("{card} does not answer the four: play a 4 or wait", card=lab), fields)
        if self.demand is not None:
            return Refusal(kind, Words("the jack demands {ranks}: {card} does not meet it",
                                       ranks=rank_plural_words(self.demand), card=lab), fields)
        if card == JOKER:
            return Refusal(kind, Words("no play fits here"), fields)
        return Refusal(kind, Words("{card} matches neither the suit {suit} nor the rank {rank}", card=lab,
                                   suit=suit_label(self.suit), rank=rank_words(self.face.rank)), fields)

    def _answer_code(self) -> str | None:
        """What answers the pending penalty, as :func:`answer_words` reads it (None: nothing)."""
        kind = cast(str, self.penalty_rank)
        answers = self._t.answers.get(kind, 0)
        if not answers:
            return None
        if kind == "K" and self.rules.battle_kings:
            return "KHS"
        return kind

    def _answer_text(self) -> Words | None:
        code = self._answer_code()
        return None if code is None else answer_words(code)

    # ------------------------------------------------------------ applying

    def apply(self, action: Action) -> list[Event]:
        refusal = self.refusal(action)
        if refusal is not None:
            raise IllegalAction(refusal)
        self.moves()  # counts the moves here, for the repetition rule
        events: list[Event] = []
        self.step(_move_of(action) if isinstance(action, Play) else _MOVE_OF[type(action)], events)
        return events

    def step(self, move: int, ev: list[Event] | None = None) -> None:
        """Apply ``move``, one of :meth:`moves`, for the seat to act, with no check: the one
        implementation of the rules. Without ``ev`` no events are made: the fast path of random
        playouts and search; :meth:`apply` checks its action and passes a list for the events to
        be appended to. A move that is not legal leaves the state undefined."""
        seat = self._turn
        self.idle = 0
        if self.repeats or self._unrecorded:
            if self._n_choices is None:
                self.moves()
            if cast(int, self._n_choices) > 1:  # moves() counted them
                self.repeats.clear()  # a choice is made: only a run of forced turns can cycle for ever
            elif self._unrecorded:
                self.repeats[self._position()] = 1
            self._unrecorded = False
        self._n_choices = None
        hand = self.hands[seat]
        t = self._t
        if move < 52 and len(hand) > 2 and not (t.special >> move & 1 or self.penalty or self.skip
                                                or self.demand is not None or self.final_answer):
            # the common play: one card with no effect, nothing named, nothing pending, no call to
            # make; what _play() and _advance() do then, in short
            card = _CARDS[move]
            hand.remove(card)
            if not (t.more_copies and card in hand):
                self._hm[seat] ^= 1 << move
            self.pile.append(card)
            unfit = self.unfit[seat]
            if unfit is not None:
                old = unfit[1] - (not unfit[0] >> move & 1)
                self.unfit[seat] = (unfit[0], old) if old > 0 else None
            self.face = card
            self.suit = _SUIT[move]
            if ev is not None:
                ev.append(CardPlayed(seat, card))
            self.demand_owner = self.drawn = None
            self.starter_draw = False
            nxt = self._turn = (seat + 1) % self.players
            if not self.stock or self.waiting[nxt]:  # else _settle() finds nothing to do
                self._settle(ev)
        elif move < DRAW:
            self._play(seat, move, ev)
        elif move == TAKE:
            self._take(seat, ev)
        elif move == DRAW:
            self._draw_turn(seat, ev)
        else:
            if ev is not None:
                ev.append(TurnPassed(seat, "chose"))
            self._turn_ends(seat, ev)
        if not self.stock and not self.over:
            if self.repeats:
                self._check_repetition(ev)
            else:  # counted once, and only if a forced turn follows (a choice would clear it)
                self._unrecorded = True

    def _position(self) -> tuple:
        """The position while the stock is empty: hands (as their masks where no card can be held
        twice), top card, and whose turn it is with what pending. The rest of the pile needs no
        place in it: with the stock empty it is the pack less the hands and the top card (and it
        is shuffled before it is drawn again)."""
        hands = tuple(tuple(sorted(h)) for h in self.hands) if self._t.more_copies else tuple(self._hm)
        return (hands, self.pile[-1], self.face, self._turn, self.suit, self.penalty, self.penalty_rank, self.resume,
                self.skip, tuple(self.waiting), self.demand, self.demand_owner, self.drawn, self.starter_draw,
                self.final_answer)

    def _check_repetition(self, ev: list[Event] | None) -> None:
        """End the deal without a winner when a position comes round the third time in a run of
        forced turns (makao_tui/rules/makao-ru.en.md#when-the-stock-runs-out).

        With the stock gone, forced turns can repeat for ever. When a position (see
        :meth:`_position`) comes round a third time and every action since its first time was the
        only legal one, the deal ends as a deal where nobody can play or draw: no winner, every
        player scores the cards in hand. Any action chosen among several starts the count anew (a
        play offered with and without a call counts as one choice). Every cycle passes through a
        position with an empty stock (the stock grows only by a rebuild, when it is empty), so
        positions are counted only then. The first position of a run (a deal's opening position
        too) is counted when the run's first forced turn is taken (:meth:`step`), so that
        playouts, where most turns are choices, seldom build a position at all.
        """
        key = self._position()
        seen = self.repeats.get(key, 0) + 1
        self.repeats[key] = seen
        if seen >= 3:
            if ev is not None:
                ev.append(PositionRepeated(None))
            self._end(ev)

    def _draw_cards(self, seat: int, count: int, reason: str, ev: list[Event] | None) -> None:
        """Draw ``count`` cards for ``seat``, rebuilding the stock from the pile (keeping its top
        card) when it runs out; what cannot be drawn even then is forgiven (makao_tui/rules/makao-ru.en.md)."""
        hand = self.hands[seat]
        mask = self._hm[seat]
        got: list[Card] = []
        drawn = 0
        while drawn < count:
            if not self.stock:
                if len(self.pile) <= 1:
                    break
                rest = self.pile[:-1]
                self.pile = self.pile[-1:]
                shuffle(self.rng, rest)
                self.stock = rest
                if ev is not None:
                    if got:
                        ev.append(CardsDrawn(seat, tuple(got), reason))
                        got = []
                    ev.append(StockRebuilt(None, len(rest)))
            card = self.stock.pop()
            hand.append(card)
            mask |= 1 << card
            got.append(card)
            drawn += 1
        self._hm[seat] = mask
        if ev is not None:
            ev.append(CardsDrawn(seat, tuple(got), reason, count - drawn))

    def _play(self, seat: int, move: int, ev: list[Event] | None) -> None:
        """Lay the cards of ``move`` (makao_tui/rules/makao-ru.en.md, makao-pl.en.md matching, penalties, skips,
        demands, calls; §5 multi-card plays and jokers) and pass the turn, in five steps: the cards
        leave the hand for the pile (:meth:`_lay`); the top card, the suit to follow and the demand
        are what the last card (a joker's named card) makes them; a call not made costs cards
        (:meth:`_calls`); the cards' penalties and skips add up (:meth:`_effects`); then the player
        who went out ends the deal (:meth:`_went_out`), or the turn passes (:meth:`_pass_on`)."""
        t = self._t
        first = move & 63
        several = move >> MORE_SHIFT  # the further cards of a play of several (§5 multi_play)
        cards = self._lay(seat, move)
        if first == 52:  # a joker counts as the card it is played as
            last = ((move >> AS_SHIFT) & 63) - 1
            faces = [last]
        else:
            last = cards[-1]
            faces = cards
        face = _CARDS[last]
        self.face = face
        self.drawn = None
        self.starter_draw = False
        suit_opt = (move >> 6) & 7
        self.suit = SUITS[suit_opt - 1] if suit_opt else _SUIT[last]
        hand = self.hands[seat]
        left = len(hand)
        # a jack demands unless it ends the deal (a last card laid without "po makale" does not, §5)
        out_called = bool(move & OUT_BIT) or t.auto_makao or not t.makao_out
        demand_made = bool(t.demand_rank) and _RANK[last] == t.demand_rank and (left > 0 or not out_called)
        dem = (move >> 9) & 15
        demand = RANKS[dem - 1] if dem and demand_made else None
        if ev is not None:
            ev.append(CardPlayed(seat, _CARDS[first], SUITS[suit_opt - 1] if suit_opt else None, demand,
                                 bool(move & MAKAO_BIT), demand_made, tuple(_CARDS[c] for c in cards[1:]),
                                 face if first == 52 else None, bool(move & OUT_BIT)))
        if left < 2:
            self._calls(seat, move, left, out_called, ev)
        answering_final = self.final_answer
        back = False
        skips = 0
        if self.penalty or several or t.special >> last & 1:  # else the card has no effect to add
            back, skips = self._effects(faces)
        if not hand:
            self._went_out(seat, answering_final, ev)
        elif answering_final:  # the answer to a penalty left by the player who went out ends the deal
            self._end(ev)
        else:
            self._pass_on(seat, back, skips, demand_made, demand, ev)

    def _lay(self, seat: int, move: int) -> list[int]:
        """Move the cards of the play ``move`` from ``seat``'s hand (and its mask) to the pile, in
        the order laid; return their card numbers. What is known of the hand's unfit cards (a seat
        that drew for want of a fitting card) loses the old cards among those laid."""
        t = self._t
        hand = self.hands[seat]
        first = move & 63
        several = rest = move >> MORE_SHIFT
        cards = [first]
        while rest & 63:
            cards.append((rest & 63) - 1)
            rest >>= 6
        mask = self._hm[seat]
        pile = self.pile
        for c in cards:
            card = _CARDS[c]
            hand.remove(card)
            if not (t.more_copies and card in hand):
                mask ^= 1 << c
            pile.append(card)
        self._hm[seat] = mask
        unfit = self.unfit[seat]
        if unfit is not None:
            # a laid card known not to be among the old ones came later; any other may be old
            mask = unfit[0]
            old = unfit[1] - (sum(1 for c in cards if not mask >> c & 1) if several else not mask >> first & 1)
            self.unfit[seat] = (mask, old) if old > 0 else None
        return cards

    def _calls(self, seat: int, move: int, left: int, out_called: bool, ev: list[Event] | None) -> None:
        """The calls of a play that leaves ``left`` cards (0 or 1): without "Makao" on the
        last-but-one card, or (§5 ``makao_out``) without "po makale" on the last, ``seat`` draws
        ``makao_cost`` cards (none under ``auto_makao``)."""
        t = self._t
        if left:
            if not (move & MAKAO_BIT or t.auto_makao):
                self._draw_cards(seat, t.makao_cost, "makao", ev)
        elif not out_called:  # §5 makao_out: the card keeps its effect, the deal goes on
            self._draw_cards(seat, t.makao_cost, "out", ev)

    def _effects(self, faces: list[int]) -> tuple[bool, int]:
        """Add up the effects of the cards laid, as they count (``faces``, in order): a card that
        answers the pending penalty raises it (the first one doubles it under a doubling ransom), a
        penalty card starts one when none is pending, a skip card counts. Returns (the penalty hits
        the previous player (§5 ``battle_kings``' K♠), the number of skips)."""
        t = self._t
        back = False
        skips = 0
        for i, c in enumerate(faces):
            kind = self.penalty_rank  # set with every penalty
            if self.penalty and kind is not None and t.answers[kind] >> c & 1:
                if i == 0 and t.double[kind]:
                    self.penalty *= 2  # makao-pl ransom, doubled
                else:
                    self.penalty += t.value[kind]
                back = bool(t.back >> c & 1)
            elif not self.penalty and (started := t.kind[c]) is not None:
                self.penalty, self.penalty_rank = t.value[started], started
                back = bool(t.back >> c & 1)
            elif t.skip >> c & 1:
                skips += 1
        return back, skips

    def _went_out(self, seat: int, answering_final: bool, ev: list[Event] | None) -> None:
        """``seat`` has laid its last card: it is out, the winner if first. The deal ends, unless a
        penalty is pending and ``answer_after_going_out`` lets the next seat answer it first (once:
        not when this play was that answer, ``answering_final``)."""
        if ev is not None:
            ev.append(WentOut(seat))
        self.out.add(seat)
        if self.winner is None:
            self.winner = seat
        if self.penalty and self._t.answer_after_going_out and not answering_final:
            self.final_answer = True
            nxt = (seat + 1) % self.players
            self._turn = nxt
            self.demand = None
            if ev is not None:
                ev.append(self._pending_event(nxt))
            return
        self._end(ev)

    def _pass_on(self, seat: int, back: bool, skips: int, demand_made: bool, demand: str | None,
                 ev: list[Event] | None) -> None:
        """Pass the turn after ``seat``'s play: a penalty goes to its victim (the previous seat when
        ``back``), a skip under ``fours_stack`` waits for an answer, else the turn moves on past
        ``skips`` seats carrying the jack's ``demand`` (``demand_made``: the play made one, perhaps
        none) or a demand round's demand still going round (§5 ``demand_round``)."""
        t = self._t
        n = self.players
        if self.penalty:
            victim = (seat - 1) % n if back else (seat + 1) % n
            self.resume = (seat + 1) % n if back else (seat + 2) % n
            self.demand, self.demand_owner = None, None
            self._turn = victim
            if ev is not None:
                ev.append(self._pending_event(victim, out_of_turn=back and n > 2))
            self._settle(ev)
            return
        if skips and t.fours_stack:
            self.skip += skips
            self.demand, self.demand_owner = None, None
            self._turn = (seat + 1) % n
            if ev is not None:
                ev.append(SkipPending(self._turn, self.skip))
            self._settle(ev)
            return
        self.skip = 0
        if demand_made:
            self.demand_owner = seat if demand is not None and t.demand_round else None
            self._advance(seat, ev, skips, demand)
        elif self.demand is not None and t.demand_round and seat != self.demand_owner:
            self._advance(seat, ev, skips, self.demand)  # the demand passes on round the table
        else:
            self.demand_owner = None
            self._advance(seat, ev, skips)

    def _pending_event(self, seat: int, out_of_turn: bool = False) -> PenaltyPending:
        return PenaltyPending(seat, self.penalty, self._answer_code(), ransom=self.rules.ransom_word,
                              out_of_turn=out_of_turn)

    def _take(self, seat: int, ev: list[Event] | None) -> None:
        """Take the pending penalty (draw it and lose the turn), or under ``fours_stack`` wait out
        the pending skip: this turn and the next ``skip - 1`` of one's own (§5)."""
        if self.skip:
            self.waiting[seat] += self.skip - 1
            if ev is not None:
                ev.append(TurnSkipped(seat, self.waiting[seat]))
            self.skip = 0
            self._advance(seat, ev)
            return
        amount = self.penalty
        self.penalty, self.penalty_rank = 0, None
        self.starter_draw = False
        self._draw_cards(seat, amount, "penalty", ev)
        if self.final_answer:
            self._end(ev)
            return
        nxt = self.resume if self.resume is not None else (seat + 1) % self.players
        self.resume = None
        self._advance((nxt - 1) % self.players, ev)

    def _draw_turn(self, seat: int, ev: list[Event] | None) -> None:
        """Draw one card (§1/§2 "Drawing"; under a special starter, §2, the first draw pays the
        starter's penalty and the player draws on until a card fits)."""
        t = self._t
        if self.starter_draw and self.penalty:
            self.penalty, self.penalty_rank, self.resume = 0, None, None
        # what may be played (the draw does not change it), in the common case as _allowed() finds it
        allowed = (self._t.match[self.suit][self.face] if not (self.penalty or self.skip or self.demand is not None)
                   else self._allowed())
        hand = self.hands[seat]
        if not (self.starter_draw or t.draw_when_playable or self.penalty or self.drawn is not None):
            # a public fact: the seat draws because nothing it holds fits (nor a joker, which fits
            # wherever anything does)
            self.unfit[seat] = (allowed, len(hand))
        stock = self.stock
        if stock:  # the common draw
            card = stock.pop()
            hand.append(card)
            self._hm[seat] |= 1 << card
            if ev is not None:
                ev.append(CardsDrawn(seat, (card,), "draw"))
        else:
            self._draw_cards(seat, 1, "draw", ev)
            card = hand[-1]
        fits = allowed >> card & 1
        if not fits and t.play_after_draw == "any" and not self.starter_draw:
            fits = allowed & self._hm[seat]
        if fits:
            self.drawn = card
        elif self.starter_draw or t.draw_until_playable:
            # the player draws on (or passes by itself when nothing is left); a §2 starter's drawing
            # that runs dry ends, and he plays on as on an ordinary turn **[decision]**
            if self.starter_draw and not self._can_draw():
                self.starter_draw = False
            if not self.stock or self.skip or self.waiting[seat]:  # else _settle() finds nothing to do
                self._settle(ev)
        else:
            if ev is not None:
                ev.append(TurnPassed(seat, "drawn"))
            self._turn_ends(seat, ev)

    def _turn_ends(self, seat: int, ev: list[Event] | None) -> None:
        """``seat``'s turn ends without a card played: an unmet demand lapses (§2 [decision]), or
        in a demand round passes on unless ``seat`` is the jack's player (§5)."""
        t = self._t
        demand = None
        if self.demand is not None:
            if t.demand_round and seat != self.demand_owner:
                demand = self.demand
            elif ev is not None:
                ev.append(DemandLapsed(seat))
        if demand is None:
            self.demand_owner = None
        self._advance(seat, ev, demand=demand)

    def _advance(self, seat: int, ev: list[Event] | None, skip: int = 0, demand: str | None = None) -> None:
        """Pass the turn to the left of ``seat`` (past ``skip`` skipped turns), then settle.

        ``demand``: a jack's demand on the new seat to act."""
        self.drawn = None
        self.starter_draw = False
        self.demand = demand
        nxt = (seat + 1) % self.players
        if skip:
            for _skipped in range(skip):
                if ev is not None:
                    ev.append(TurnSkipped(nxt))
                nxt = (nxt + 1) % self.players
        self._turn = nxt
        if self.penalty and ev is not None:
            ev.append(self._pending_event(nxt))
        if demand is not None and self.demand_owner is not None and ev is not None and nxt != self.demand_owner:
            ev.append(DemandPassed(nxt, demand))
        if not self.stock or self.skip or self.waiting[nxt]:  # else _settle() finds nothing to do
            self._settle(ev)

    def _stuck(self) -> bool:
        """The seat to act has no legal action: nothing pending, no drawn card, nothing to draw
        and no card that may be played."""
        if self.penalty or self.skip or self.drawn is not None or self._can_draw():
            return False
        return not self._allowed() & self._hm[self._turn]

    def _settle(self, ev: list[Event] | None) -> None:
        """Take the automatic turns: a seat still waiting (§5 ``fours_stack``) passes, and what is
        pending passes on to the next seat; a seat facing a skip without a four waits; a player
        who can neither play nor draw passes by itself.

        Only turns that end because their player can neither play nor draw count towards the
        end of a deal nobody can play on (makao_tui/rules/makao-ru.en.md#when-the-stock-runs-out: as many such turns
        *in a
        row* as there are players); a turn lost to a four breaks the row, since the waiting seat
        may hold a card that fits once its wait is over. A demand that lapses on such a turn
        starts the count again (§2 [decision], §5 ``demand_round``): the seats that could not meet
        it may now play on the jack as on an ordinary card."""
        if self.stock and not self.skip and not self.waiting[self._turn]:
            return  # the common case: the seat to act may draw, nothing waits (as the loop finds)
        n = self.players
        while not self.over:
            seat = self._turn
            if self.waiting[seat]:
                self.idle = 0
                self.waiting[seat] -= 1
                if ev is not None:
                    ev.append(TurnSkipped(seat, self.waiting[seat]))
                self._turn = (seat + 1) % n
                if self.penalty:
                    self.resume = (self._turn + 1) % n
                continue
            if self.skip:
                if not self._t.skip & self._hm[seat]:
                    self.idle = 0
                    self.waiting[seat] += self.skip - 1
                    self.skip = 0
                    if ev is not None:
                        ev.append(TurnSkipped(seat, self.waiting[seat]))
                    self._turn = (seat + 1) % n
                    continue
                return
            if self.stock or self.penalty or self.drawn is not None or not self._stuck():
                return
            if ev is not None:
                ev.append(TurnPassed(seat, "stuck"))
            self.idle += 1
            demand = None
            if self.demand is not None:
                if self._t.demand_round and seat != self.demand_owner:
                    demand = self.demand
                else:  # §2/§5 [decision]: the demand lapses, and the count starts again from here
                    self.idle = 0
                    if ev is not None:
                        ev.append(DemandLapsed(seat))
            if self.idle >= n:
                self._end(ev)
                return
            self.drawn = None
            self.starter_draw = False
            self.demand = demand
            if demand is None:
                self.demand_owner = None
            self._turn = (seat + 1) % n

    def _end(self, ev: list[Event] | None) -> None:
        self.over = self.is_over = True
        self.penalty, self.penalty_rank, self.demand, self.drawn = 0, None, None, None
        self.skip, self.demand_owner, self.resume, self.starter_draw = 0, None, None, False
        if ev is not None:
            ev.append(DealEnded(None, self.winner))

    # ------------------------------------------------------------ results and views

    def points(self) -> list[int] | None:
        if not self.over:
            return None
        return self.rules.score(self.hands, self.winner, self.out)

    def view(self, seat: int) -> ShedView:
        acting = not self.over and seat == self._turn
        return ShedView(
            seat=seat, players=self.players, dealer=self.dealer,
            hand=tuple(sorted(self.hands[seat])),
            counts=tuple(len(h) for h in self.hands),
            pile=tuple(self.pile), suit=self.suit, penalty=self.penalty,
            penalty_rank=self.penalty_rank, demand=self.demand, stock=len(self.stock),
            to_act=self.to_act, drawn=self.drawn if acting else None,
            legal=tuple(self.legal_actions()) if acting else (),
            winner=self.winner, game=self.rules.game, final_answer=self.final_answer,
            rules=self.rules, face=self.face, skip=self.skip, waiting=tuple(self.waiting),
            demand_owner=self.demand_owner, starter_draw=self.starter_draw, resume=self.resume,
            unfit=tuple(self.unfit),
        )

    def clone(self) -> ShedState:
        # compiled, the attributes live in the instance's slots, not in a __dict__: each is copied
        new = ShedState(self.rules, self.players, self.dealer, [], self.face, [], self.rng, start=False)
        new.hands = [list(h) for h in self.hands]
        new._hm = list(self._hm)
        new.stock = list(self.stock)
        new.pile = list(self.pile)
        new.suit, new.penalty, new.penalty_rank, new.resume = self.suit, self.penalty, self.penalty_rank, self.resume
        new.skip, new.waiting = self.skip, list(self.waiting)
        new.demand, new.demand_owner = self.demand, self.demand_owner
        new.drawn, new.starter_draw, new.final_answer = self.drawn, self.starter_draw, self.final_answer
        new.winner, new.out, new.unfit, new.idle = self.winner, set(self.out), list(self.unfit), self.idle
        new.repeats, new._unrecorded, new._n_choices = dict(self.repeats), self._unrecorded, None
        new.over, new.is_over, new._turn, new.opening = self.over, self.is_over, self._turn, self.opening
        new.rng = random.Random.__new__(random.Random)
        new.rng.setstate(self.rng.getstate())
        return new

    def snapshot(self) -> dict[str, Any]:
        return {
            "variant": self.rules.game,
            "to_act": self.to_act,
            "hands": [[str(c) for c in h] for h in self.hands],
            "deal_over": self.over,
            "points": self.points(),
            "top": str(self.face),
            "suit": self.suit,
            "penalty": self.penalty,
            "demand": self.demand,
            "stock": len(self.stock),
        }


GameState.register(ShedState)  # see the class's docstring

_MOVE_OF: Final = {Draw: DRAW, Take: TAKE, Pass: PASS}


def move_of(action: Action) -> int:
    """The move of a legal ``action`` (the inverse of :func:`move_action`), for :meth:`ShedState.step`."""
    return _move_of(action) if isinstance(action, Play) else _MOVE_OF[type(action)]


def next_allowed(rules: ShedRules, move: int, carried: str | None = None) -> int:
    """The mask of the cards (bit ``c`` for card ``c``, the joker's bit 52 whenever any card
    fits) the next seat may start a play with once the play ``move`` (one of
    :meth:`ShedState.moves`, below ``DRAW``) has been laid, whatever that seat holds: an answer to
    the penalty the play starts (makao_tui/rules/makao-ru.en.md, makao-pl.en.md, makao-pl.en.md#house-rules
    ``battle_kings``); after a skip (makao-pl's
    four) what passes it on under §5 ``fours_stack``, nothing without (the seat just loses its
    turn); the rank a jack demands; else what matches the card laid last (the suit an ace names,
    §5 ``queens``). Of a play of several cards (§5 ``multi_play``) the first penalty card sets the
    answer. ``carried``: the rank of a demand round that the play passes on (§5
    ``demand_round``: the player is not the jack's), which binds the next seat unless the play
    makes a new one. For the hard AI's reading of the table: it does not look at a state."""
    t = _tables(rules)
    first, rest = move & 63, move >> MORE_SHIFT
    faces = [((move >> AS_SHIFT) & 63) - 1 if first == 52 else first]
    while rest & 63:  # a play of several cards (§5 multi_play): the first penalty card counts
        faces.append((rest & 63) - 1)
        rest >>= 6
    for c in faces:
        kind = t.kind[c]
        if kind is not None:
            return t.answers[kind]
    face = faces[-1]
    if t.skip >> face & 1:
        return t.skip if rules.fours_stack else 0
    demand = (move >> 9) & 15
    if _RANK[face] == rules.demand_rank:
        if demand:
            return _fits(_BY_RANK[RANKS[demand - 1]])
    elif carried is not None:
        return _fits(_BY_RANK[carried])
    named = (move >> 6) & 7
    return t.match[SUITS[named - 1] if named else _SUIT[face]][face]
