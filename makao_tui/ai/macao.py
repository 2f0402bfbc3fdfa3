"""The Macao AI (makao_tui/rules/macao.en.md): each choice by its expected chip result, from the seat's view only.

The normal level is :class:`MacaoAI` below; the easy level (:class:`MacaoEasyAI`, loose thresholds)
and the hard level (:class:`MacaoHardAI`, the exact expected-chips policy) close the module.

What it knows: its own card(s), the 0-cards it threw away, and the cards of the earlier hands of
this bank (all were shown at their settlement, :attr:`MacaoView.spent`). Every other card of the
two packs is *unseen*; the next card of the shoe is taken to be any unseen card with equal chance
(the shoe and the other players' face-down cards are alike to it). When the shoe is empty the next
card comes from the spent cards shuffled back, whose make-up it knows exactly.

How it values a final hand (``total`` points, natural or not), in chips:

- a punter: the expected :func:`~makao_tui.games.macao_rules.settle_line` against the banker's final
  total, which it models as the banker's first card (any unseen card worth 1..9, since a 0 is
  replaced) plus a draw unless that card is a 9;
- the banker: minus the sum of the punters' expected settle lines. Each punter still at the table
  is modelled from what the banker saw him do: one who stood holds a first card of 8 or 9 (ten
  times likelier than a lower one, so a cautious human who stands on 6 is not ruled out), one who
  drew holds a lower card and the draw on it.

Then it compares the legal choices: *stand* (the hand as it is), *draw* (averaged over the next
card; two cards above 9 leave the first card's points), and *replace* a 0-card (averaged over the
next card, each followed by the better of standing or drawing, and another replacement if it is a
0 again). The best expected result wins; equal results prefer stand, then replace, then draw, so
the AI never takes a card it does not need. As drawing never lowers a total, this comes down to:
punters replace 0s, draw up to 7 and stand on a natural 8 or 9; the banker draws unless a draw
cannot help him. Bankroll limits (a player who cannot pay in full) are left out of the model.
The choice is deterministic; ``rng`` is not needed.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable

from ..engine.actions import Action, Draw, Replace, Stand
from ..engine.cards import deck
from ..engine.words import Number, Words
from ..games.macao_rules import DECKS, card_points, settle_line
from ..games.macao_view import MacaoView
from . import Advice, register_ai

#: a model punter stands on a first card of at least this many points, draws below it
MODEL_STANDS_ON = 8
#: how much likelier a standing punter is to hold a card the model stands on than a lower one
MODEL_STAND_ODDS = 10.0

Dist = dict[int, float]


def next_card_odds(view: MacaoView) -> list[float]:
    """Chance that the next card from the shoe is worth 0..9 points (a list of 10 floats, sum 1),
    as the seat may judge it from ``view`` (see the module docstring)."""
    if view.shoe == 0 and view.spent:
        pool = Counter(card_points(c) for c in view.spent)
    else:
        pool = Counter(card_points(c) for c in deck(DECKS))
        pool.subtract(card_points(c) for c in (*view.hand, *view.thrown, *view.spent))
    size = sum(max(n, 0) for n in pool.values())
    if size == 0:  # every card seen; cannot be asked while a draw is legal
        return [0.1] * 10
    return [max(pool[v], 0) / size for v in range(10)]


def _after_draw(first: int, odds: list[float]) -> Dist:
    """Totals after drawing to a first card of ``first`` points: the sum, or ``first`` above 9."""
    out: Dist = {}
    for v, p in enumerate(odds):
        if p:
            t = first + v if first + v <= 9 else first
            out[t] = out.get(t, 0.0) + p
    return out


def _first_card(odds: list[float]) -> Dist:
    """Points of a first card after replacing 0s: an unseen card worth 1..9."""
    rest = sum(odds[1:])
    if rest == 0:
        return {0: 1.0}
    return {v: odds[v] / rest for v in range(1, 10) if odds[v]}


def banker_totals(odds: list[float]) -> Dist:
    """The model of the banker's final total (0..9 → chance): first card 1..9, a draw unless 9."""
    out: Dist = {}
    for first, p in _first_card(odds).items():
        finals = {first: 1.0} if first == 9 else _after_draw(first, odds)
        for t, q in finals.items():
            out[t] = out.get(t, 0.0) + p * q
    return out


def punter_outcomes(odds: list[float], drew: bool) -> dict[tuple[int, bool], float]:
    """The model of a punter's final hand, (total, natural) → chance, given whether he drew."""
    weights: Dist = {}
    for first, p in _first_card(odds).items():
        stands = first >= MODEL_STANDS_ON
        likely = MODEL_STAND_ODDS if stands == (not drew) else 1.0
        weights[first] = p * likely
    norm = sum(weights.values())
    out: dict[tuple[int, bool], float] = {}
    for first, w in weights.items():
        finals = _after_draw(first, odds) if drew else {first: 1.0}
        for t, q in finals.items():
            key = (t, not drew)
            out[key] = out.get(key, 0.0) + w / norm * q
    return out


def hand_worth(view: MacaoView, odds: list[float]) -> Callable[[int, bool], float]:
    """``worth(total, natural)``: the seat's expected chips for ending the hand so (see module)."""
    stake = view.stake
    if not view.is_banker:
        bank = banker_totals(odds)
        return lambda total, natural: sum(p * settle_line(total, natural, b, stake) for b, p in bank.items())
    punters = [punter_outcomes(odds, view.drew[s]) for s in range(view.players)
               if s != view.banker and view.in_play[s]]

    def worth(total: int, natural: bool) -> float:
        return -sum(p * settle_line(t, nat, total, stake) for out in punters for (t, nat), p in out.items())

    return worth


def choice_values(view: MacaoView) -> dict[type, float]:
    """Expected chips of each legal choice of the seat to act: ``{Stand: x, Draw: y, Replace: z}``
    (only the legal ones). Raises ValueError when the seat has nothing to do."""
    if not view.legal:
        raise ValueError("the seat has no legal action")
    odds = next_card_odds(view)
    worth = hand_worth(view, odds)
    may_draw = any(isinstance(a, Draw) for a in view.legal)

    def draw_value(first: int) -> float:
        return sum(p * worth(t, False) for t, p in _after_draw(first, odds).items())

    def best(first: int) -> float:
        return max(worth(first, True), draw_value(first)) if may_draw else worth(first, True)

    values: dict[type, float] = {Stand: worth(view.total, view.natural)}
    if may_draw:
        values[Draw] = draw_value(view.total)
    if any(isinstance(a, Replace) for a in view.legal):
        zero = odds[0]
        if zero >= 1.0:
            values[Replace] = best(0)
        else:
            values[Replace] = sum(odds[v] * best(v) for v in range(1, 10)) / (1.0 - zero)
    return values


class MacaoAI:
    """The Macao player of the module docstring, for punter and banker alike."""

    def choose(self, view: MacaoView, rng: random.Random) -> Action:
        """One of ``view.legal``: the choice of highest expected chips (stand, then replace, then
        draw on a tie). Raises ValueError when the seat has nothing to do."""
        values = choice_values(view)
        order: dict[type, int] = {Stand: 0, Replace: 1, Draw: 2}
        kind = max(values, key=lambda k: (round(values[k], 9), -order[k]))
        return next(a for a in view.legal if isinstance(a, kind))


register_ai("macao", "normal", lambda rules, thinking: MacaoAI())


# ---------------------------------------------------------------- the easy and hard levels (issue 7)

#: a model's points counts of the two packs: 32 cards worth 0, 8 of each of 1..9
_FULL_PACKS = tuple(sum(1 for c in deck(DECKS) if card_points(c) == v) for v in range(10))

#: the easy player stands on this many points or more (a loose threshold: it stands on a 6)
EASY_STANDS_ON = 6
#: the chance that the easy player forgets to throw away a 0-card (it draws to it instead)
EASY_FORGETS = 0.3


class MacaoEasyAI:
    """The easy Macao player: legal but loose, for punter and banker alike.

    It throws away a 0-card, except that with chance :data:`EASY_FORGETS` it forgets and draws to
    it instead; it stands on :data:`EASY_STANDS_ON` points or more and draws below (a natural 6 or
    7 stands where a draw costs nothing). Uses ``rng`` only for the forgetting.
    """

    def choose(self, view: MacaoView, rng: random.Random) -> Action:
        """One of ``view.legal`` by the rule above. Raises ValueError when the seat has nothing to do."""
        if not view.legal:
            raise ValueError("the seat has no legal action")
        kinds = {type(a): a for a in view.legal}
        if Replace in kinds and rng.random() >= EASY_FORGETS:
            return kinds[Replace]
        if Draw in kinds and view.total < EASY_STANDS_ON:
            return kinds[Draw]
        return kinds[Stand]


def unseen_points(view: MacaoView) -> tuple[int, ...]:
    """How many unseen cards of each point value 0..9 there are from ``view``'s seat (10 counts).

    Unseen: the two packs less the seat's own cards, the 0-cards it threw away, the spent cards of
    earlier hands (shown at their settlement) and, for every card another player threw away (only
    the count is public), one card worth 0 (only a 0 may be thrown). The shoe, the others' cards
    in hand and their draws are all among these, alike to the seat.
    """
    pool = list(_FULL_PACKS)
    for card in (*view.hand, *view.thrown, *view.spent):
        pool[card_points(card)] -= 1
    pool[0] -= sum(n for s, n in enumerate(view.replaced) if s != view.seat)
    return tuple(max(n, 0) for n in pool)


def _without(pool: tuple[int, ...], value: int) -> tuple[int, ...]:
    """``pool`` less one card worth ``value``."""
    return (*pool[:value], pool[value] - 1, *pool[value + 1:])


def banker_finals(first: tuple[int, ...], later: tuple[int, ...] | None = None) -> list[float]:
    """Chance of each final banker total 0..9 (10 floats, sum 1) when the banker plays the optimal
    banker policy (throws away 0-cards while he can, then draws unless he holds 9).

    His first card is a card drawn without replacement from the point counts ``first``; his
    replacements and draw come from ``later`` (counts), or with ``later`` None from what is left
    of ``first``. Exact: with one pool, the number j of 0s he throws before his first card v ≥ 1
    does not depend on v, so his draw w comes with chance ``n'_w × E[1 / (N - j - 1)]``.
    """
    out = [0.0] * 10
    if later is not None:
        size = sum(first)
        if first[0]:
            for t, p in enumerate(banker_finals(later)):
                out[t] += p * first[0] / size
        for v in range(1, 10):
            if first[v]:
                _draw_to(out, v, first[v] / size, later, 1.0 / sum(later) if sum(later) else 0.0, -1)
        return out
    size, zeros = sum(first), first[0]
    nonzero = size - zeros
    if nonzero == 0:
        out[0] = 1.0
        return out
    # h = E[1 / (cards left after the 0s thrown and the first card v)], over j thrown 0s
    h, prefix = 0.0, 1.0
    for j in range(zeros + 1):
        left = size - j - 1
        if left > 0:
            h += prefix * nonzero / (size - j) / left
        prefix *= (zeros - j) / (size - j)
    for v in range(1, 10):
        if first[v]:
            _draw_to(out, v, first[v] / nonzero, first, h, v)
    return out


def _draw_to(out: list[float], v: int, weight: float, pool: tuple[int, ...], h: float, taken: int) -> None:
    """Add to ``out`` the banker's final totals from a first card ``v`` (chance ``weight``): he
    draws card w from ``pool`` (less one ``taken`` card) with chance count × ``h``, unless v is 9."""
    if v == 9:
        out[9] += weight
        return
    moved = 0.0
    for w in range(1, 10 - v):
        q = (pool[w] - (w == taken)) * h
        out[v + w] += weight * q
        moved += q
    out[v] += weight * (1.0 - moved)


def exact_values(view: MacaoView) -> dict[type, float]:
    """A punter's expected chips of standing and (when legal) drawing: ``{Stand: x, Draw: y}``.

    Exact enumeration over the cards the seat has not seen (:func:`unseen_points`), drawn without
    replacement: its draw c, then the banker's first card, 0-cards thrown away and draw, the banker
    playing the optimal banker policy (:func:`banker_finals`). When the shoe is empty the next
    card comes from the spent cards shuffled back (their make-up is known), and so do the banker's
    later cards. A replacement is not valued: throwing away a 0 is never worse (see
    :class:`MacaoHardAI`). Raises ValueError for the banker or a seat with nothing to do.
    """
    if not view.legal or view.is_banker:
        raise ValueError("exact_values is for a punter to act")
    pool = unseen_points(view)
    refill = view.shoe == 0 and bool(view.spent)
    spent = tuple(sum(1 for c in view.spent if card_points(c) == v) for v in range(10)) if refill else None
    stake = view.stake

    def against(total: int, natural: bool, finals: list[float]) -> float:
        return sum(p * settle_line(total, natural, b, stake) for b, p in enumerate(finals) if p)

    values: dict[type, float] = {Stand: against(view.total, view.natural, banker_finals(pool, spent))}
    if any(isinstance(a, Draw) for a in view.legal):
        source = spent if spent is not None else pool  # spent is counted when the shoe is refilled
        size, worth = sum(source), 0.0
        for c in range(10):
            if source[c]:
                after = _without(source, c)
                finals = banker_finals(pool, after) if refill else banker_finals(after)
                total = view.total + c if view.total + c <= 9 else view.total
                worth += source[c] / size * against(total, False, finals)
        values[Draw] = worth
    return values


class MacaoHardAI:
    """The hard Macao player: the policy of highest expected chips, exactly, from the seat's view.

    *Banker* (acts last): nothing happens after him, so every choice is compared on the same cards.
    Throwing away a 0 and then drawing gives a total at least that of drawing at once, and a draw
    never lowers a total (a card that would pass 9 counts for nothing); a higher banker total never
    pays less to any punter (he beats more of them and collects at a higher rate). So throwing away
    0-cards and drawing unless he holds 9 is optimal whatever the punters hold: no model of them
    is needed for the choice. (Bankrolls are not in the view; the argument leaves them out.)
    *Punter*: a 0-card is thrown away (taking a card and standing on it beats standing on the 0 on
    every deal of the banker's cards, and the banker's cards come alike whether or not the punter
    took one; it also beats drawing to the 0, which takes the same card and loses the natural).
    Otherwise it stands or draws by :func:`exact_values`: the banker is modelled as playing the
    optimal banker policy above, every unseen card is alike to the seat (the other punters' stand
    or draw is not read, and bankrolls are not in the view, so they are left out). Limits: a shoe
    that runs out later in the hand, or was refilled earlier in it (the view then no longer lists
    the spent cards), is treated as holding any unseen card.
    Deterministic: the choice depends on the view only (``rng`` is not used). Ties stand.
    """

    def advise(self, view: MacaoView, rng: random.Random) -> Advice:
        """The choice and its reason in a few words. Raises ValueError when the seat has nothing to do."""
        if not view.legal:
            raise ValueError("the seat has no legal action")
        kinds = {type(a): a for a in view.legal}
        if Replace in kinds:
            return Advice(kinds[Replace], Words("throws away the 0-card: it is worth nothing"))
        if Draw not in kinds:
            return Advice(kinds[Stand], Words("stands: no card is left to draw"))
        total = view.total
        if view.is_banker:
            if total == 9:
                return Advice(kinds[Stand], Words("stands on 9: no card can raise it"))
            return Advice(kinds[Draw], Words("draws on {total}: a draw never lowers the banker's total", total=total))
        values = exact_values(view)
        stand, draw = Number(values[Stand], 2, sign=True), Number(values[Draw], 2, sign=True)
        if round(values[Draw], 9) > round(values[Stand], 9):
            return Advice(kinds[Draw], Words("draws on {total}: too low to stand ({stand} standing, {draw} drawing)",
                                             total=total, stand=stand, draw=draw))
        if view.natural and total == 9:
            return Advice(kinds[Stand], Words("stands on a natural 9: pays triple ({stand} standing, {draw} drawing)",
                                              stand=stand, draw=draw))
        if view.natural and total == 8:
            return Advice(kinds[Stand], Words("stands on a natural 8: pays double ({stand} standing, {draw} drawing)",
                                              stand=stand, draw=draw))
        return Advice(kinds[Stand], Words("stands on {total}: a draw is worth less ({stand} standing, {draw} drawing)",
                                          total=total, stand=stand, draw=draw))

    def choose(self, view: MacaoView, rng: random.Random) -> Action:
        """``advise(view, rng).action``."""
        return self.advise(view, rng).action


register_ai("macao", "easy", lambda rules, thinking: MacaoEasyAI())
register_ai("macao", "hard", lambda rules, thinking: MacaoHardAI())
