"""The AI of the two Makaos (makao-ru, makao-pl), three levels (issue 7): :class:`EasyShedAI`
(legal but loose), :class:`ShedAI` (normal: a one-move heuristic on the seat's view) and
:class:`HardShedAI` (determinized search guided by the normal policy).

The normal policy, in order (makao_tui/rules/makao-ru.en.md, makao-pl.en.md for the rules it relies on):

1. With a penalty pending, answer (ru) or ransom (pl) when it can, with the Makao call when the
   answer leaves one card; else take the penalty. When fewer than 3 cards are left to draw (stock
   and pile), taking costs little and it takes, unless the next player is about to go out.
2. A card just drawn that may be played is played.
3. Otherwise every playable card is scored: expensive cards (by the game's card values) go first,
   the more so the closer an opponent is to going out; wild cards (ru: 9 and ace, pl: ace) are
   kept while other plays exist and the hand is small; penalty cards, fours (pl)
   and jack demands (pl) score higher the fewer cards the next player holds, and lower as the
   stock runs out (then they only move the pile from hand to hand); a play that keeps a
   suit the hand is long in scores higher; a little noise from
   ``rng`` breaks ties, and when nearly every card is in the hands (no stock, a pile of one to
   three cards) the play is now and then a random one, so that two players cannot repeat one cycle
   of plays and draws for ever. An ace names, and a jack demands, what the hand holds
   most of. Makao (and "po makale") is always called. Under the §5 options, read from the rule
   config: a play that goes out beats everything; a play of several cards scores its extra cards
   (the hand empties faster, penalties and skips add up); a penalty card that hits the previous
   player (K♠ under ``battle_kings``) is aimed by that player's hand size; a joker, like a wild
   card, is kept while a plain card does the job, and counts most where nothing else does: as the
   card that answers a penalty, a four or a demand, or as the last card; as which card it plays
   is scored like that card.
4. With no play, draw (or pass when nothing else is legal).

It decides from :class:`~makao_tui.games.shedding.ShedView` only.
"""

from __future__ import annotations

import math
import random
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..engine.actions import Action, Draw, Pass, Play, Take
from ..engine.cards import JOKER, RANKS, SUITS, Card, rank_plural_words, rank_words, suit_words
from ..engine.words import Seat, Words, plural_words
from ..games import all_games
from ..games.shedding import (
    AS_SHIFT,
    DRAW,
    KING_OF_SPADES,
    MAKAO_BIT,
    MORE_SHIFT,
    TAKE,
    ShedRules,
    ShedState,
    ShedView,
    move_of,
    next_allowed,
    sample_state,
)
from .base import Advice, Thinking, register_ai
from .search import search


class ShedAI:
    """Heuristic player for makao-ru and makao-pl (see the module docstring).

    ``read``: the weight of :func:`draws_for_want` in a play's score (0 for the normal level; the
    hard level's own choices read the table, see :data:`READ_WEIGHT`)."""

    def __init__(self, read: float = 0.0):
        self.read = read

    def choose(self, view: ShedView, rng: random.Random) -> Action:
        """One of ``view.legal``; raises ValueError when the seat has nothing to do."""
        legal = view.legal
        if not legal:
            raise ValueError("the seat has no legal action")
        plays = [a for a in legal if isinstance(a, Play)]
        # a play that leaves one card is always made with the call
        def key(a: Play) -> tuple:
            return a.card, a.suit, a.demand, a.more, a.as_card

        called = {key(a) for a in plays if a.makao or a.out}
        plays = [a for a in plays if a.makao or a.out or key(a) not in called]
        if view.penalty and Take() in legal:
            # taking costs only what is left to draw; with little left, take rather than keep a
            # chain going that will come back bigger
            available = view.stock + len(view.pile) - 1
            if plays and (available >= 3 or view.counts[(view.seat + 1) % view.players] <= 2):
                return self._best(view, plays, rng)
            return Take()
        if view.drawn is not None and plays:
            return self._best(view, plays, rng)
        if plays:
            return self._best(view, plays, rng)
        for kind in (Draw, Take, Pass):
            for a in legal:
                if isinstance(a, kind):
                    return a
        return legal[0]

    def _best(self, view: ShedView, plays: list[Play], rng: random.Random) -> Play:
        if view.stock == 0 and len(view.pile) <= 3 and rng.random() < 0.3:
            # nearly every card is in the hands: a fixed preference could repeat one cycle of
            # plays and draws for ever, so vary the play now and then
            return rng.choice(plays)
        scored = [(self._score(view, p) + 4 * rng.random(), p) for p in plays]
        return max(scored, key=lambda t: t[0])[1]

    def _score(self, view: ShedView, play: Play) -> float:
        """The normal policy's score of ``play`` (the higher the better; the module docstring,
        item 3), added up in steps, in this order: the points it sheds, weighed by how close an
        opponent is to going out; the wild card or joker it spends (:func:`_spend_wild`); its
        further cards; what it does to the player it hits (:func:`_hit`); the suit it leaves and
        the rank it demands (:func:`_name`); the Makao call; and with ``read``, the cards the
        player it hits is expected to draw for want of one that fits."""
        rest = _rest_after(view.hand, play.cards)
        if not rest:
            return 2000.0  # going out ends the deal
        card = play.as_card if play.as_card is not None else play.card
        # a card's cost matters once somebody may go out soon; before that, keeping the hand
        # able to follow matters more
        danger = _danger(min(n for s, n in enumerate(view.counts) if s != view.seat))
        score = danger * sum(view.rules.card_value(c) for c in play.cards)
        score = _spend_wild(view, play, card, rest, danger, score)
        if play.more:
            # several cards at once: the hand empties faster, penalties and skips add up
            score += 15 * len(play.more)
        target = _target(view, card)
        score = _hit(view, play, card, view.counts[target], score)
        score = _name(view, play, card, rest, score)
        if play.makao or play.out:
            score += 1000
        if self.read:
            rules = view.rules
            attacks = _attacks(play)
            taken = _penalty_after(_policy_table(rules), view.penalty, card, attacks) if rules.is_attack(card) else 0
            score += self.read * _view_draws(view, play, target, taken)
        return score


def _rest_after(hand: Sequence[Card], laid: Sequence[Card]) -> list[Card]:
    """``hand`` without the cards ``laid`` (each once)."""
    rest = list(hand)
    for c in laid:
        if c in rest:
            rest.remove(c)
    return rest


def _danger(closest: int) -> float:
    """How much a card's cost in hand weighs when the closest opponent holds ``closest`` cards."""
    return 1.0 if closest <= 2 else 0.4 if closest <= 4 else 0.1


def _target(view: ShedView, card: Card) -> int:
    """The seat a penalty card ``card`` hits: the next one, or the previous one for a card that
    hits back (K♠ under ``battle_kings``, makao_tui/rules/makao-pl.en.md#house-rules)."""
    back = view.rules.battle_kings and card == KING_OF_SPADES
    return (view.seat + (-1 if back else 1)) % view.players


def _attacks(play: Play) -> int:
    """How many attacks ``play`` makes: each card laid, a joker once."""
    return len(play.cards) if play.card != JOKER else 1


def _spend_wild(view: ShedView, play: Play, card: Card, rest: list[Card], danger: float, score: float) -> float:
    """``score`` after the cost of spending a wild card or the joker: the joker goes anywhere as
    anything, so it is kept while a plain card does the job (its own points in hand not counted
    as shed), and what it answers (a penalty, a four, a demand) it answers in full, so it is
    spent then; a wild card is kept while the rest of a bigger hand holds a plain one."""
    wild = view.rules.wild()
    if play.card == JOKER:
        others = any(a.card != JOKER for a in view.legal if isinstance(a, Play))
        score -= 60 if others else 0
        score -= danger * view.rules.card_value(JOKER)
        score += 10 if (view.penalty or view.skip or view.demand) and not others else 0
    elif card.rank in wild and len(rest) > 1 and any(c.rank not in wild for c in rest):
        score -= 40
    return score


def _hit(view: ShedView, play: Play, card: Card, threat: int, score: float) -> float:
    """``score`` after what a penalty card or a four does to the player it hits, who holds
    ``threat`` cards: an attack hurts only while there is a stock to draw from (with the stock
    gone it just hands the pile back and forth), and most when that player is about to go out."""
    rules = view.rules
    bite = min(1.0, view.stock / 8)
    attacks = _attacks(play)
    if rules.is_attack(card):
        score += ((40 if threat <= 2 else 10) * bite - 15 * (1 - bite)) * attacks
    if card.rank == rules.skip_rank:
        score += (30 if threat <= 2 else 5) * attacks
    return score


def _name(view: ShedView, play: Play, card: Card, rest: list[Card], score: float) -> float:
    """``score`` after the suit the play leaves on the pile (the more of it the rest of the hand
    holds, the better) and the rank a jack demands (one the hand holds, while the stock lasts)."""
    wild = view.rules.wild()
    suits = Counter(c.suit for c in rest if c.rank not in wild and c != JOKER)
    named = play.suit if play.suit is not None else card.suit
    score += 4 * suits.get(named, 0)
    if play.demand is not None:
        bite = min(1.0, view.stock / 8)
        held = sum(1 for c in rest if c.rank == play.demand)
        score += (20 + held) * bite if held else -10
    return score


# ---------------------------------------------------------------- easy


class EasyShedAI:
    """The easy level: legal but loose (issue 7). It plays a random card that fits (naming a
    random suit, demanding a random rank); with a penalty pending it answers only half the time
    when it could; it forgets the Makao call one time in three (and pays for it, makao_tui/rules/makao-ru.en.md,
    makao-pl.en.md
    "Makao call"); a card just drawn is played four times in five; in makao-ru it now and then
    draws although a card fits. Its random choices vary, so it cannot repeat one cycle for ever."""

    #: chance of answering a penalty it could answer, of forgetting Makao, of playing the drawn card
    ANSWER, FORGET, PLAY_DRAWN, DRAW_ANYWAY = 0.5, 1 / 3, 0.8, 0.1

    def choose(self, view: ShedView, rng: random.Random) -> Action:
        """One of ``view.legal``; raises ValueError when the seat has nothing to do."""
        legal = view.legal
        if not legal:
            raise ValueError("the seat has no legal action")
        plays = [a for a in legal if isinstance(a, Play)]
        others = [a for a in legal if not isinstance(a, Play)]
        if plays and others:
            if view.penalty:
                keep = rng.random() >= self.ANSWER
            elif view.drawn is not None:
                keep = rng.random() >= self.PLAY_DRAWN
            else:
                keep = rng.random() < self.DRAW_ANYWAY
            if keep:
                return others[0]
        if not plays:
            return others[0]
        card = rng.choice(sorted({a.card for a in plays}))
        forms = [a for a in plays if a.card == card]
        if any(a.makao for a in forms):
            forgets = rng.random() < self.FORGET
            forms = [a for a in forms if a.makao != forgets]
        return rng.choice(forms)


# ---------------------------------------------------------------- hard

#: how many decisions with a choice a playout makes (forced moves, such as the draws of a
#: draw-until-playable run, are stepped free) before :func:`position_value` judges the position:
#: where drawing is allowed while a card fits (``draw_when_playable``, makao-ru), or a player draws
#: one card and no more (makao-pl without ``draw_until_playable``, as in the house preset),
#: two-player deals end within a few dozen moves and playouts reach the end; where a player must
#: draw until a card fits (makao-pl's default) deals between sensible players run to hundreds or
#: thousands of moves, so playouts stop at the horizon
LONG_PLAYOUT, SHORT_PLAYOUT = 200, 40
#: standard errors by which a searched action must beat the normal policy's choice, world by
#: world: a short budget finishes few worlds (at 0.1 s in the house preset a median of 13, as few
#: as 2), and the best of several noisy means is then mostly noise
CONFIDENCE = 1.0
#: where playouts stop at the horizon (draw-until-playable), the search runs only once some hand
#: holds at most this many cards: with bigger hands a deal's end is hundreds of moves away, the
#: fitted value can tell positions hardly apart (its log-loss is within 0.4 % of a constant's)
#: and the reading policy's choice stands (bench/RESULTS.md, issue 15)
SEARCH_HANDS = 4


def _fast_playouts(rules: ShedRules) -> bool:
    """Whether the hard AI's playouts run to the deal's end (see above): unless a player without a
    playable card must draw until one fits, hands stay small and deals short."""
    return rules.draw_when_playable or not rules.draw_until_playable


class HardShedAI:
    """The hard level: the normal policy that reads the table, and determinized search
    (:func:`~makao_tui.ai.search.search`) over the cards the seat cannot see.

    Its own choice, the one the search must beat, is :class:`ShedAI`'s with ``read`` at
    :data:`READ_WEIGHT` where a player without a playable card draws until one fits (elsewhere 0:
    the normal policy's): a play scores by the cards the player who must follow it is expected to
    draw for want of one that does (:func:`draws_for_want`: the chance it holds none, from the cards
    unseen, its hand size and what its draws told, times the draws, the penalty or the turn that
    costs it), so it names the suit, demands the rank and leaves the card the next player most
    likely lacks, the more so the fewer cards are left that would do; under draw-until-playable that
    is what wins deals (bench/RESULTS.md). There the search runs only once some hand holds at most
    :data:`SEARCH_HANDS` cards. Worlds come from :func:`~makao_tui.games.shedding.sample_state` (the
    unseen cards dealt at random to the other hands and the stock). Candidate actions are the legal
    ones with obvious waste pruned: a play that leaves one card is always made with the Makao call,
    an ace names a suit the rest of the hand holds (any suit if it holds none), a jack demands a
    rank the rest of the hand holds or nothing. Each candidate is played in each world, then every
    seat follows :func:`playout_move`, the normal policy's fast form on the engine's move ints
    (reading, as above, for the searching seat), for up to ``LONG_PLAYOUT`` / ``SHORT_PLAYOUT``
    decisions, on the fast path only (``moves()`` / ``step()``: no views, no events, no checked
    ``apply``); the value is 1 for a deal the seat won, 0 for one it lost, ½ for one with no winner,
    and for an unfinished deal the win chance :func:`position_value` fitted to simulated deals.
    Worlds agree with what the draws told (``view.unfit``, see
    :func:`~makao_tui.games.shedding.sample_state`). The budget counts from the start of the
    decision, and a playout gives up once it has run out (the search drops that world). ``rules``:
    the match's rules (public); ``thinking``: the budget.
    """

    def __init__(self, rules: Any, thinking: Thinking):
        self.rules = rules
        self.thinking = thinking
        #: the reading weight: where deals are short (see _fast_playouts) a seat that cannot
        #: follow draws one card, and reading changed nothing measurable (bench/RESULTS.md)
        self.read = 0.0 if _fast_playouts(rules) else READ_WEIGHT
        self.policy = ShedAI(self.read)
        self._deadline: float | None = None  # of the decision under way (wall clock)

    def choose(self, view: ShedView, rng: random.Random, start: float | None = None) -> Action:
        """``advise(view, rng, start).action``."""
        return self.advise(view, rng, start).action

    def advise(self, view: ShedView, rng: random.Random, start: float | None = None) -> Advice:
        """The searched action and a short reason; raises ValueError when the seat has nothing
        to do. ``start``: when the decision was asked for (``time.monotonic()``; default now),
        the budget's start."""
        if not view.legal:
            raise ValueError("the seat has no legal action")
        if start is None:
            start = time.monotonic()
        seconds = self.thinking.seconds
        self._deadline = None if seconds is None else start + seconds
        candidates = self.candidates(view)
        default = self.policy.choose(view, random.Random(rng.getrandbits(32)))
        if default not in candidates:
            candidates.append(default)
        if len(candidates) == 1 or not self._searches(view):
            return Advice(default, reason(view, default))
        candidates.remove(default)
        candidates.insert(0, default)  # the answer when no world could be finished in time
        result = search(view, candidates, self._sample, self._playout, self.thinking, rng, start=start)
        values = dict(zip(candidates, result.values, strict=True))
        action = self._pick(values, default, CONFIDENCE)
        return Advice(action, reason(view, action))

    @staticmethod
    def _pick(values: dict[Action, list[float]], default: Action, confidence: float) -> Action:
        """The action whose gain over ``default``, world by world, has the best lower confidence
        bound (mean − ``confidence`` standard errors), if that bound is positive; else ``default``.
        Playouts are noisy and most choices differ little: the search departs from the normal
        policy only on evidence."""
        base = values[default]
        best, best_bound = default, 0.0
        for action, vals in values.items():
            n = min(len(vals), len(base))
            if action == default or n < 2:
                continue
            diffs = [vals[i] - base[i] for i in range(n)]
            mean = sum(diffs) / n
            var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
            bound = mean - confidence * math.sqrt(var / n)
            if bound > best_bound:
                best, best_bound = action, bound
        return best

    def candidates(self, view: ShedView) -> list[Action]:
        """``view.legal`` without the forms the search need not try (see the class docstring)."""
        legal = list(view.legal)
        called = {(a.card, a.suit, a.demand, a.more, a.as_card)
                  for a in legal if isinstance(a, Play) and (a.makao or a.out)}
        rest_of: dict[tuple[Card, ...], list[Card]] = {}
        out: list[Action] = []
        wild = view.rules.wild()
        for a in legal:
            if isinstance(a, Play):
                if not (a.makao or a.out) and (a.card, a.suit, a.demand, a.more, a.as_card) in called:
                    continue
                if a.cards not in rest_of:
                    rest = list(view.hand)
                    for laid in a.cards:
                        rest.remove(laid)
                    rest_of[a.cards] = rest
                rest = rest_of[a.cards]
                if a.suit is not None:
                    suits = {c.suit for c in rest if c.rank not in wild}
                    if suits and a.suit not in suits:
                        continue
                if a.demand is not None and all(c.rank != a.demand for c in rest):
                    continue
            out.append(a)
        return out

    @staticmethod
    def _searches(view: ShedView) -> bool:
        """Whether the search is worth its time here (see :data:`SEARCH_HANDS`)."""
        return _fast_playouts(view.rules) or min(view.counts) <= SEARCH_HANDS

    def _sample(self, view: ShedView, rng: random.Random) -> ShedState:
        return sample_state(view, self.rules, rng)

    def _playout(self, state: ShedState, action: Action, rng: random.Random) -> float:
        """One playout of ``action`` in the world ``state`` (see the class docstring): the value
        for the seat that acts."""
        me = state._turn  # a sampled world is never over
        state.step(move_of(action))
        left = LONG_PLAYOUT if _fast_playouts(state.rules) else SHORT_PLAYOUT
        table = _policy_table(state.rules)
        moves_of, step = state.moves, state.step
        deadline, read = self._deadline, self.read
        steps = 0
        while not state.over:
            moves = moves_of()
            if len(moves) == 1:
                # a forced move costs little next to the clock: the clock is read every 64th
                steps += 1
                if not steps & 63 and deadline is not None and time.monotonic() > deadline:
                    break  # out of time: the search drops this world
                step(moves[0])
                continue
            if left <= 0:
                break
            # the policy's choice costs far more than a look at the clock: one before each
            if deadline is not None and time.monotonic() > deadline:
                break
            left -= 1
            step(playout_move(state, moves, table, rng, read if state._turn == me else 0.0))
        return position_value(state, me)


# ---------------------------------------------------------------- the playout policy


@dataclass(frozen=True)
class _PolicyTable:
    """Per-card facts (index: card 0..52, the joker last) the playout policy reads, from the rule
    config: ``value`` (points in hand), ``wild``, ``attack`` (a penalty card), ``back`` (a penalty
    card that hits the previous player: K♠ under ``battle_kings``), ``four`` (a card that skips,
    makao-pl), ``suit`` and ``rank`` (strings); ``penalty``: cards a penalty card makes the
    next seat draw; ``copies``: how many of each card the pack holds
    (a list to copy, for :func:`unseen_counts`); ``rules``: the config they come from."""

    value: tuple[int, ...]
    wild: tuple[bool, ...]
    attack: tuple[bool, ...]
    back: tuple[bool, ...]
    four: tuple[bool, ...]
    suit: tuple[str, ...]
    rank: tuple[str, ...]
    penalty: tuple[int, ...]
    copies: list[int]
    rules: ShedRules


_POLICY_TABLES: dict[ShedRules, _PolicyTable] = {}


def _policy_table(rules: ShedRules) -> _PolicyTable:
    table = _POLICY_TABLES.get(rules)
    if table is None:
        cards = [Card(i) for i in range(53)]
        wild = rules.wild()
        table = _POLICY_TABLES[rules] = _PolicyTable(
            value=tuple(rules.card_value(c) for c in cards),
            wild=tuple(c.rank in wild or c == JOKER for c in cards),
            attack=tuple(c != JOKER and rules.is_attack(c) for c in cards),
            back=tuple(rules.battle_kings and c == KING_OF_SPADES for c in cards),
            four=tuple(c.rank == rules.skip_rank for c in cards),
            suit=tuple(c.suit for c in cards),
            rank=tuple(c.rank for c in cards),
            penalty=tuple(rules.penalty_value(c) if c != JOKER else 0 for c in cards),
            copies=[rules.pack().count(c) for c in cards],
            rules=rules,
        )
    return table


def playout_move(state: ShedState, moves: list[int], table: _PolicyTable, rng: random.Random,
                 read: float = 0.0) -> int:
    """The move (one of ``moves``, the state's :meth:`~makao_tui.games.shedding.ShedState.moves`)
    the playouts make for the seat to act: a fast form of the normal policy (:class:`ShedAI`)
    that reads the state directly (every seat's hand is dealt in a sampled world). It plays
    rather than draws, always calls Makao, answers a penalty unless little is left to draw, and
    scores plays as the normal policy does, with a little noise from ``rng``: a play that goes out
    first, the further cards of a play of several counted (§5), a joker as the card it stands
    for, a K♠ under ``battle_kings`` aimed by the previous player's hand. ``read``: as
    :class:`ShedAI`'s, the weight of :func:`draws_for_want`, from what the seat to act could see
    (its hand, the pile, the hands' sizes, ``unfit``).

    The steps: a forced move, a take or a random play when the table calls for it
    (:func:`_playout_shortcut`); else each play's score, added up in this order: the points it
    sheds and its noise, its further cards, going out, the Makao call, the wild card it spends,
    what it does to the player it hits (:func:`_playout_hit`), the suit it leaves and the rank it
    demands (:func:`_playout_name`), and with ``read`` what the next player likely lacks
    (:func:`_playout_draws`); the best score wins, a draw when there is no play."""
    if len(moves) == 1:
        return moves[0]
    seat = state._turn
    players = state.players
    nxt = (seat + 1) % players
    threat = len(state.hands[nxt])
    shortcut = _playout_shortcut(state, moves, rng, threat)
    if shortcut is not None:
        return shortcut
    hand = state.hands[seat]
    threat_back = len(state.hands[(seat - 1) % players])
    stock = len(state.stock)
    danger = _danger(min((len(h) for s, h in enumerate(state.hands) if s != seat and h), default=5))
    bite = stock / 8 if stock < 8 else 1.0
    value, wild = table.value, table.wild
    suits, n_plain = _plain_suits(hand, table)
    size = len(hand)
    many = size > 2
    best, best_score = moves[-1], -1e9
    have: list[int] | None = None
    carried = state.demand if table.rules.demand_round and seat != state.demand_owner else None
    for m in moves:
        if m >= DRAW:
            continue
        c = m & 63
        score = danger * value[c] + 4 * rng.random()
        laid = 1
        more = m >> MORE_SHIFT
        while more:  # the further cards of a play of several (§5 multi_play)
            laid += 1
            score += danger * value[(more & 63) - 1] + 15
            more >>= 6
        if laid == size:
            score += 2000  # going out ends the deal
        if m & MAKAO_BIT:
            score += 1000
        if wild[c] and many and n_plain:
            score -= 40
        face = ((m >> AS_SHIFT) & 63) - 1 if c == 52 else c  # the card a joker is played as
        score += _playout_hit(table, face, laid, threat, threat_back, bite)
        score = _playout_name(table, hand, m, face, suits, bite, score)
        if read:
            if have is None:
                have = unseen_counts(table, hand, state.pile)
            score += read * _playout_draws(state, table, have, m, face, laid, carried)
        if score > best_score:
            best, best_score = m, score
    return best


def _playout_shortcut(state: ShedState, moves: list[int], rng: random.Random, threat: int) -> int | None:
    """:func:`playout_move`'s move before any play is scored, or None: with a penalty pending and
    fewer than 3 cards left to draw, take it (unless the next player, holding ``threat`` cards, is
    about to go out); with no stock and a pile of at most three cards, now and then a random play
    (so that a playout cannot repeat one cycle of plays and draws for ever)."""
    stock = len(state.stock)
    if state.penalty and stock + len(state.pile) - 1 < 3 and threat > 2:
        return TAKE if TAKE in moves else moves[-1]
    if stock == 0 and len(state.pile) <= 3 and rng.random() < 0.3:
        plays = [m for m in moves if m < DRAW]
        return rng.choice(plays) if plays else moves[-1]
    return None


def _plain_suits(hand: Sequence[int], table: _PolicyTable) -> tuple[dict[str, int], int]:
    """The cards of ``hand`` (card numbers) that are not wild: how many of each suit, and in all."""
    wild, suit_of = table.wild, table.suit
    suits: dict[str, int] = {}
    n_plain = 0
    for c in hand:
        if not wild[c]:
            n_plain += 1
            s = suit_of[c]
            suits[s] = suits.get(s, 0) + 1
    return suits, n_plain


def _playout_hit(table: _PolicyTable, face: int, laid: int, threat: int, threat_back: int, bite: float) -> float:
    """What ``laid`` cards played as ``face`` do to the player they hit (``threat``: the next
    player's cards, ``threat_back``: the previous one's, whom K♠ under battle_kings hits, §5), as
    :func:`_hit` weighs it; 0 for a card that neither attacks nor skips."""
    if table.attack[face]:
        hit = threat_back if table.back[face] else threat
        return ((40 if hit <= 2 else 10) * bite - 15 * (1 - bite)) * laid
    if table.four[face]:
        return (30 if threat <= 2 else 5) * laid
    return 0


def _playout_name(table: _PolicyTable, hand: Sequence[int], m: int, face: int, suits: dict[str, int], bite: float,
                  score: float) -> float:
    """``score`` after the suit the move ``m`` leaves (the suit an ace names, else the card's own,
    less the card itself) and the rank a jack demands (makao-pl), as :func:`_name` weighs them."""
    named = (m >> 6) & 7
    if named:
        return score + 4 * suits.get(SUITS[named - 1], 0)
    score += 4 * (suits.get(table.suit[face], 0) - (not table.wild[m & 63]))
    demand = (m >> 9) & 15
    if demand:
        want = RANKS[demand - 1]
        rank_of = table.rank
        held = sum(1 for h in hand if rank_of[h] == want)
        score += (20 + held) * bite if held else -10
    return score


def _playout_draws(state: ShedState, table: _PolicyTable, have: list[int], m: int, face: int, laid: int,
                   carried: str | None) -> float:
    """:func:`draws_for_want` for the player the move ``m`` (``laid`` cards played as ``face``)
    hits, from what the seat to act could see (``have``: :func:`unseen_counts`; ``carried``: the
    demand it must still meet, if any)."""
    seat = state._turn
    attack = table.attack[face]
    aim = (seat - 1) % state.players if attack and table.back[face] else (seat + 1) % state.players
    allowed = next_allowed(table.rules, m, carried)
    taken = _penalty_after(table, state.penalty, face, laid) if attack else 0
    return draws_for_want(have, len(state.hands[aim]), allowed, state.unfit[aim], taken)


#: the weight of :func:`draws_for_want` in the hard level's own plays (:class:`ShedAI` ``read``):
#: the cards the player who must follow is expected to draw for want of one that does, as points
#: of a play's score a card (a card's cost in hand counts 2 to 100 of them, an attack on a
#: near-empty hand 40). Chosen by
#: ``python bench/policy_duel.py`` (fast-path two-player deals, the reading policy against the
#: normal one, seats swapped on the same cards): see bench/RESULTS.md
READ_WEIGHT = 10.0


def unseen_counts(table: _PolicyTable, hand: Sequence[Card], pile: Sequence[Card]) -> list[int]:
    """How many copies of each card (by number, the joker last) a seat holding ``hand`` cannot
    see: the pack's (``table.copies``) less its hand and the discard pile."""
    have = list(table.copies)
    for c in hand:
        have[c] -= 1
    for c in pile:
        have[c] -= 1
    return have


def miss_chance(have: list[int], held: int, allowed: int, record: tuple[int, int] | None) -> float:
    """The chance that a seat holding ``held`` of the cards unseen (``have``: copies by card
    number, :func:`unseen_counts`) holds none of ``allowed`` (a mask: bit ``c`` for card ``c``, bit
    52 the joker, as :func:`~makao_tui.games.shedding.next_allowed` gives it), the unseen cards
    lying at random among the hidden places (hypergeometric). ``record``: the seat's ``unfit``
    (see :class:`~makao_tui.games.shedding.ShedView`), ``(mask, old)``: ``old`` of its cards are
    none of ``mask``, so those come from the unseen cards outside ``mask``. 1.0 when nothing is
    allowed (a four under the seed rules: the seat just loses its turn). makao_tui/rules/makao-ru.en.md,
    makao-pl.en.md."""
    if not allowed:
        return 1.0
    total = sum(have)
    hits = _copies(have, allowed)
    if record is None or not record[1]:
        return _none_drawn(total, hits, held)
    mask, old = record
    outside = total - _copies(have, mask)
    old = min(old, held, outside)
    return _none_drawn(outside, _copies(have, allowed & ~mask), old) * _none_drawn(total - old, hits, held - old)


def _copies(have: list[int], mask: int) -> int:
    """How many of the cards unseen (``have``, by card number) the ``mask`` covers."""
    n = 0
    while mask:
        low = mask & -mask
        n += have[low.bit_length() - 1]
        mask ^= low
    return n


def _none_drawn(cards: int, hits: int, drawn: int) -> float:
    """The chance that ``drawn`` cards taken at random from ``cards`` miss all ``hits`` of them."""
    if drawn > cards - hits:
        return 0.0
    p = 1.0
    for i in range(drawn):
        p *= (cards - hits - i) / (cards - i)
    return p


def _view_draws(view: ShedView, play: Play, target: int, taken: int) -> float:
    """:func:`draws_for_want` for ``target`` (the seat that must answer or follow ``play``) from
    ``view``."""
    table = _policy_table(view.rules)
    have = unseen_counts(table, view.hand, view.pile)
    record = view.unfit[target] if view.unfit else None
    carried = view.demand if view.rules.demand_round and view.seat != view.demand_owner else None
    allowed = next_allowed(view.rules, move_of(play), carried)
    return draws_for_want(have, view.counts[target], allowed, record, taken)


def draws_for_want(have: list[int], held: int, allowed: int, record: tuple[int, int] | None, taken: int) -> float:
    """The cards a seat holding ``held`` of the unseen cards is expected to draw for want of one of
    ``allowed`` (see :func:`miss_chance`, whose chance it weighs): ``taken``, the cards of the
    penalty it then takes, for a penalty play; one, for the turn it loses to a four it cannot pass
    on; else the cards it draws until one fits (makao_tui/rules/makao-pl.en.md, draw-until-playable): of the ``S``
    unseen cards outside its hand, ``k`` of them fitting, ``(S + 1) / (k + 1)`` on average."""
    miss = miss_chance(have, held, allowed, record)
    if not miss:
        return 0.0
    if taken:
        return miss * taken
    if not allowed:
        return miss
    return miss * (sum(have) - held + 1) / (_copies(have, allowed) + 1)


def _penalty_after(table: _PolicyTable, pending: int, face: int, laid: int) -> int:
    """The cards of the penalty the next seat faces after a penalty card ``face`` (``laid`` of
    them, §5 ``multi_play``) is laid on ``pending`` (0: none): a ransom doubles it or adds to it
    (``ransom_stacking``, makao_tui/rules/makao-pl.en.md), each further card adds its value."""
    value = table.penalty[face]
    if not pending:
        return value * laid
    first = 2 * pending if table.rules.ransom_stacking == "double" else pending + value
    return first + value * (laid - 1)


def features(state: ShedState, seat: int) -> tuple[float, float]:
    """What :func:`position_value` weighs for ``seat``: its hand-size lead over the closest
    opponent (a pending penalty counted as cards its victim will hold), and 1.0 if it is to act."""
    sizes = [len(h) for h in state.hands]
    if state.penalty:
        sizes[state._turn] += state.penalty
    lead = min(n for s, n in enumerate(sizes) if s != seat) - sizes[seat]
    return float(lead), float(state._turn == seat)


def position_value(state: ShedState, seat: int) -> float:
    """The worth of ``state`` to ``seat`` in 0..1: a finished deal is 1 if it won, 0 if another
    seat won, ½ with no winner; an unfinished one the logistic of :func:`features` with the
    weights the game's config holds (``rules.position_weights``, fitted by
    ``python bench/fit_shedding_value.py --deals 300``: two-player deals of :func:`playout_move`
    at every seat, logistic regression of the deal's winner on :func:`features`)."""
    if state.over:
        return 0.5 if state.winner is None else 1.0 if state.winner == seat else 0.0
    lead, to_act = features(state, seat)
    a, b, c = state.rules.position_weights
    return 1.0 / (1.0 + math.exp(-(a * lead + b * to_act + c)))


def reason(view: ShedView, action: Action) -> Words:
    """Why ``action`` (one of ``view.legal``) suits ``view``, in a few words for the hint key, in
    terms of the table (a player's cards, the top card, the penalty), as a message whose seats are
    :class:`~makao_tui.engine.words.Seat` fields (see :class:`~makao_tui.ai.Advice`), e.g. "keeps
    the 2 to answer a penalty: Olga has 1 card".

    The steps, first that speaks: an action that plays no card (:func:`_reason_not_playing`); a
    play by its form, a joker, several cards, the Makao call, an answer, the card just drawn
    (:func:`_reason_by_form`); an ace's suit or a jack's demand (:func:`_reason_by_name`); a penalty
    card or a four by its victim (:func:`_reason_by_effect`); else by what the play keeps or how
    many cards fit (:func:`_reason_by_choice`)."""
    plays = [a for a in view.legal if isinstance(a, Play)]
    if not isinstance(action, Play):
        return _reason_not_playing(view, action, plays)
    for step in (_reason_by_form, _reason_by_name, _reason_by_effect):
        words = step(view, action)
        if words is not None:
            return words
    return _reason_by_choice(view, action, plays)


def _closest(view: ShedView) -> int:
    """The opponent with the fewest cards (the nearest in turn among equals); the next seat when
    no opponent holds a card."""
    others = [s for s in range(view.players) if s != view.seat and view.counts[s]]
    if not others:
        return (view.seat + 1) % view.players
    return min(others, key=lambda s: (view.counts[s], (s - view.seat) % view.players))


def _top(view: ShedView) -> str:
    """The top card's label ("" when the pile shows none)."""
    return view.face.label() if view.face is not None else ""


def _reason_not_playing(view: ShedView, action: Action, plays: list[Play]) -> Words:
    """:func:`reason` for a take, a draw, a pass (or another action that lays no card)."""
    if isinstance(action, Take):
        if not plays:
            return Words("takes the penalty: no answer in hand")
        return Words("takes the penalty: {cards} now beat a bigger one later", cards=_cards(view.penalty))
    if isinstance(action, Draw):
        if not plays:
            top = _top(view)
            return Words("draws: no card fits the {card}", card=top) if top else Words("draws: no card fits")
        closest = _closest(view)
        return Words("draws: keeps its cards for later; {seat} has {cards}", seat=Seat(closest),
                     cards=_cards(view.counts[closest]))
    if isinstance(action, Pass):
        return Words("passes: keeps the drawn card for later")
    return Words("the only move")


def _reason_by_form(view: ShedView, action: Play) -> Words | None:
    """:func:`reason` for a joker, a play of several cards, the Makao call, an answer (or ransom)
    to a penalty and the card just drawn; None for any other play."""
    name = _rank_word(action.card)
    if action.card == JOKER and action.as_card is not None:
        if view.penalty or view.skip or view.demand:
            return Words("plays the joker as {card}: nothing else answers", card=action.as_card.label())
        return Words("plays the joker as {card}", card=action.as_card.label())
    if action.more:
        return plural_words("lays {count} {ranks} at once: the hand empties faster",
                            "lays {count} {ranks} at once: the hand empties faster", len(action.cards),
                            count=len(action.cards), ranks=rank_plural_words(action.card.rank))
    if action.makao:
        return Words("plays the {rank} and calls Makao: one card left", rank=name)
    if view.penalty:
        nxt = Seat((view.seat + 1) % view.players)
        if view.rules.ransom_word:
            return Words("ransoms with the {rank}: the penalty passes on to {seat}, bigger", rank=name, seat=nxt)
        return Words("answers with the {rank}: the penalty passes on to {seat}, bigger", rank=name, seat=nxt)
    if view.drawn is not None:
        return Words("plays the {rank} it just drew", rank=name)
    return None


def _reason_by_name(view: ShedView, action: Play) -> Words | None:
    """:func:`reason` for an ace that names a suit and a jack that demands a rank: what the next
    seat drew for want of, else what the hand holds; None for any other play."""
    nxt_seat = (view.seat + 1) % view.players
    nxt = Seat(nxt_seat)
    record = view.unfit[nxt_seat] if view.unfit else None
    lacked = record[0] if record is not None else 0  # the cards the next seat drew for want of
    if action.suit is not None and _lacks(lacked, [SUITS.index(action.suit) * 13 + r for r in range(12)]):
        return Words("plays the ace and names {suit}: {seat} drew for want of that suit", suit=suit_words(action.suit),
                     seat=nxt)
    if action.demand is not None and _lacks(lacked, [s * 13 + RANKS.index(action.demand) for s in range(4)]):
        return Words("plays the jack and demands {ranks}: {seat} drew for want of one",
                     ranks=rank_plural_words(action.demand), seat=nxt)
    if action.suit is not None:
        held = sum(1 for c in view.hand if c.suit == action.suit and c not in action.cards)
        return plural_words("plays the ace and names {suit}: it holds {count} card of that suit",
                            "plays the ace and names {suit}: it holds {count} cards of that suit", held,
                            suit=suit_words(action.suit), count=held)
    if action.demand is not None:
        return Words("plays the jack and demands {ranks}: it holds one", ranks=rank_plural_words(action.demand))
    return None


def _reason_by_effect(view: ShedView, action: Play) -> Words | None:
    """:func:`reason` for a penalty card and a card that skips (a four), by the next seat's hand;
    None for any other play."""
    if action.card == JOKER:
        return None
    nxt_seat = (view.seat + 1) % view.players
    name, nxt, cards = _rank_word(action.card), Seat(nxt_seat), _cards(view.counts[nxt_seat])
    if view.rules.is_attack(action.card):
        return Words("plays the {rank}: {seat} has {cards}", rank=name, seat=nxt, cards=cards)
    if action.card.rank == view.rules.skip_rank:
        return Words("plays the {rank}: {seat}, with {cards}, loses the turn", rank=name, seat=nxt, cards=cards)
    return None


def _reason_by_choice(view: ShedView, action: Play, plays: list[Play]) -> Words:
    """:func:`reason` for a plain play: the penalty card it keeps for a near-empty opponent, the
    wild card it keeps, or how many cards fit."""
    rules = view.rules
    name = _rank_word(action.card)
    rest = list(view.hand)
    for laid in action.cards:
        if laid in rest:
            rest.remove(laid)
    kept = next((c for c in rest if c != JOKER and rules.is_attack(c)), None)
    closest = _closest(view)
    if kept is not None and view.counts[closest] <= 3:
        return Words("keeps the {rank} to answer a penalty: {seat} has {cards}", rank=_rank_word(kept),
                     seat=Seat(closest), cards=_cards(view.counts[closest]))
    wild = rules.wild()
    if action.card.rank not in wild and any(a.card.rank in wild for a in plays):
        kept_wild = _rank_word(next(a.card for a in plays if a.card.rank in wild))
        return Words("plays the {rank}, keeps the {kept} for later", rank=name, kept=kept_wild)
    fitting = len({a.card for a in plays})
    top = _top(view)
    if fitting > 1:
        return Words("plays the {rank}: the best of {count} cards that fit the {card}", rank=name,
                     count=fitting, card=top) if top else \
            Words("plays the {rank}: the best of {count} cards that fit", rank=name, count=fitting)
    return Words("plays the {rank}: the only card that fits the {card}", rank=name, card=top) if top else \
        Words("plays the {rank}: the only card that fits", rank=name)


def _cards(n: int) -> Words:
    return plural_words("{count} card", "{count} cards", n, count=n)


def _lacks(unfit: int, cards: list[int]) -> bool:
    """Whether a draw record's mask ``unfit`` (``ShedView.unfit``: cards its seat is known not to
    hold) holds every one of ``cards`` (card numbers): the seat drew for want of all of them."""
    return all(unfit >> c & 1 for c in cards)


def _rank_word(card: Card) -> Words:
    return Words("king of hearts") if str(card) == "KH" else rank_words(card.rank)


for _vid in (g.id for g in all_games() if g.family == "shedding"):
    register_ai(_vid, "easy", lambda rules, thinking: EasyShedAI())
    register_ai(_vid, "normal", lambda rules, thinking: ShedAI())
    register_ai(_vid, "hard", HardShedAI)
