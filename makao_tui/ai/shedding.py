"""The first AI of the two Makaos (makao-ru, makao-pl): a one-move heuristic on the seat's view.

Policy, in order (RULES.md §1/§2 for the rules it relies on):

1. With a penalty pending, answer (ru) or ransom (pl) when it can, with the Makao call when the
   answer leaves one card; else take the penalty. When fewer than 3 cards are left to draw (stock
   and pile), taking costs little and it takes, unless the next player is about to go out.
2. A card just drawn that may be played is played.
3. Otherwise every playable card is scored: expensive cards (by the game's card values) go first,
   the more so the closer an opponent is to going out; wild cards (ru: 9 and ace, pl: ace) are kept while other plays exist and the hand is small; penalty cards, fours (pl)
   and jack demands (pl) score higher the fewer cards the next player holds, and lower as the
   stock runs out (then they only move the pile from hand to hand); a play that keeps a
   suit the hand is long in scores higher; a little noise from
   ``rng`` breaks ties, and when nearly every card is in the hands (no stock, a pile of one to
   three cards) the play is now and then a random one, so that two players cannot repeat one cycle
   of plays and draws for ever. An ace names, and a jack demands, what the hand holds
   most of. Makao is always called.
4. With no play, draw (or pass when nothing else is legal).

It decides from :class:`~makao_tui.games.shedding.ShedView` only.
"""

from __future__ import annotations

import random
from collections import Counter

from ..engine.actions import Action, Draw, Pass, Play, Take
from ..engine.cards import Card
from ..games import makao_pl, makao_ru
from ..games.shedding import KING_OF_HEARTS, ShedView
from . import register_ai

_VALUES = {"makao-ru": makao_ru.card_value, "makao-pl": makao_pl.card_value}
_WILD = {"makao-ru": "9A", "makao-pl": "A"}


class ShedAI:
    """Heuristic player for makao-ru and makao-pl (see the module docstring)."""

    def choose(self, view: ShedView, rng: random.Random) -> Action:
        """One of ``view.legal``; raises ValueError when the seat has nothing to do."""
        legal = view.legal
        if not legal:
            raise ValueError("the seat has no legal action")
        plays = [a for a in legal if isinstance(a, Play)]
        # a play that leaves one card is always made with the call
        called = {(a.card, a.suit, a.demand) for a in plays if a.makao}
        plays = [a for a in plays if a.makao or (a.card, a.suit, a.demand) not in called]
        if view.penalty:
            # taking costs only what is left to draw; with little left, take rather than keep a
            # chain going that will come back bigger
            available = view.stock + len(view.pile) - 1
            if plays and (available >= 3 or view.counts[(view.seat + 1) % view.players] <= 2):
                return self._best(view, plays, rng)
            return Take() if Take() in legal else self._best(view, plays, rng)
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
        value = _VALUES.get(view.game, makao_ru.card_value)
        wild = _WILD.get(view.game, "A")
        card = play.card
        rest = list(view.hand)
        if card in rest:
            rest.remove(card)
        next_seat = (view.seat + 1) % view.players
        threat = view.counts[next_seat]
        closest = min(n for s, n in enumerate(view.counts) if s != view.seat)
        # a card's cost matters once somebody may go out soon; before that, keeping the hand
        # able to follow matters more
        danger = 1.0 if closest <= 2 else 0.4 if closest <= 4 else 0.1
        score = danger * value(card)
        suits = Counter(c.suit for c in rest if c.rank not in wild)
        if card.rank in wild and len(rest) > 1 and any(c.rank not in wild for c in rest):
            score -= 40
        # an attack (penalty, four, demand) hurts only while there is a stock to draw from;
        # with the stock gone it just hands the pile back and forth
        bite = min(1.0, view.stock / 8)
        if card.rank in "23" or card == KING_OF_HEARTS:
            score += (40 if threat <= 2 else 10) * bite - 15 * (1 - bite)
        if view.game == "makao-pl" and card.rank == "4":
            score += 30 if threat <= 2 else 5
        named = play.suit if play.suit is not None else card.suit
        score += 4 * suits.get(named, 0)
        if play.demand is not None:
            held = sum(1 for c in rest if c.rank == play.demand)
            score += (20 + held) * bite if held else -10
        if play.makao:
            score += 1000
        return score

    @staticmethod
    def _longest(cards: list[Card], wild: str) -> str | None:
        counts = Counter(c.suit for c in cards if c.rank not in wild)
        return counts.most_common(1)[0][0] if counts else None


register_ai("makao-ru", ShedAI)
register_ai("makao-pl", ShedAI)
