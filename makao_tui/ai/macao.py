"""The Macao AI (RULES.md §3): each choice by its expected chip result, from the seat's view only.

What it knows: its own card(s), the 0-cards it threw away, and the cards of the earlier hands of
this bank (all were shown at their settlement, :attr:`MacaoView.spent`). Every other card of the
two packs is *unseen*; the next card of the shoe is taken to be any unseen card with equal chance
(the shoe and the other players' face-down cards are alike to it). When the shoe is empty the next
card comes from the spent cards shuffled back, whose make-up it knows exactly.

How it values a final hand (``total`` points, natural or not), in chips:

- a punter: the expected :func:`~makao_tui.games.macao.settle_line` against the banker's final
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
from ..games.macao import DECKS, MacaoView, card_points, settle_line
from . import register_ai

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
        order = {Stand: 0, Replace: 1, Draw: 2}
        kind = max(values, key=lambda k: (round(values[k], 9), -order[k]))
        return next(a for a in view.legal if isinstance(a, kind))


register_ai("macao", "normal", lambda rules, thinking: MacaoAI())
