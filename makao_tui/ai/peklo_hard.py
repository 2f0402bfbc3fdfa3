"""The hard AI of Peklo (makao_tui/rules/peklo.en.md, issue 7): determinized search over the cards it cannot see.

It decides from its :class:`~makao_tui.games.peklo.PekloView` only. Each *world* is one deal of
the unseen cards that agrees with the view (:class:`~makao_tui.games.peklo.UnseenDealer`: every
other hand of its size, no card of a suit the seat is known to be void in) and, likely, with the
bids made (:class:`WorldSampler`: a deal whose hands would take about what their seats bid is kept
more often, so a seat that bid high tends to hold the high cards and trumps). In every world each
legal action is played out to the end of the deal by :func:`~makao_tui.ai.peklo_playout.play_out`
(all seats, the searching one included after its action, follow a fast bid-aware policy; compiled
on install) and scored by the seat's points
of the deal under the rules' ``scoring`` (:func:`~makao_tui.games.peklo.bid_points`). The action with the best mean over
the worlds wins (:func:`makao_tui.ai.search.search`: common worlds for all actions, the
:class:`~makao_tui.ai.Thinking` budget, ties to the lower bid / lower card).

**Bidding.** The actions are the legal bids (so the hook is respected). Seats still to bid after
the searching one are given, per world, the tricks they take in one greedy full-information
playout (:func:`~makao_tui.ai.peklo_playout.greedy_playout`) — a stand-in for their own
estimate; a dealer's stand-in bid the hook forbids moves to the nearest legal one.

**Exact play near the end** (issue 32). Once the seat holds at most ``solve_tricks`` cards
(:data:`SOLVE_TRICKS`), a card is not scored by a playout but by solving the world exactly
(:class:`~makao_tui.ai.peklo_solve.Solver`, compiled on install): a double-dummy alpha-beta
search over the tricks left, every other seat playing against the searching one, its value the
seat's points of the deal by the rules' ``scoring`` (and among equal points, the bid missed by
less). The same worlds, the same :func:`~makao_tui.ai.search.search` (the clock read before every
solve, and by the solver itself every 256 nodes: a solve stops at the budget's end, and its world
is dropped). A solve that passes its node limit (:data:`SOLVE_RATE` a second of the budget) gives up
and the decision goes on with playouts; earlier in a deal (a solve is about 8 times the work per
trick more) and for the bid the playouts below decide: bids chosen by solving worlds (every other
seat against the bidder) made fewer exact bids in 4-card deals (bench/RESULTS.md).

**Playout policy** (per seat, ``need`` = bid − tricks taken): leading, a seat that needs tricks
leads its highest *master* (a card nothing still out beats in its suit, by the cards seen to
fall: the turned-up trump and those played), side suits before trumps, and its lowest card when it
holds none, keeping its high cards until they are masters; one that needs none leads its lowest,
trumps last. Following, a seat that needs tricks takes the trick if it can (the cheapest winning card
when it is last or trumps in, else its highest card of the led suit), otherwise throws its lowest
card; a seat that needs none plays its most dangerous card that loses (highest, trumps first),
and when every card wins, its highest if it is last, else its lowest. Under ``scoring`` ``tricks``
(makao_tui/rules/peklo.en.md#options) a seat whose bid is out of reach (taken more, or cannot take enough) plays as one
that needs tricks: each one scores.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from typing import cast

from ..engine.actions import Action, Bid, Play
from ..engine.cards import SUITS
from ..engine.words import Seat, Words, plural_words
from ..games.peklo import PekloView, UnseenDealer, bid_points, played_cards, trick_winner
from . import Advice, Thinking, register_ai
from .peklo_playout import greedy_playout, play_out
from .peklo_solve import SCALE, Solver
from .search import search


class _World:
    """One sampled deal of the unseen cards: ``hands`` as ints per seat, and (bidding only) the
    stand-in bids of the seats still to bid, computed once per world."""

    __slots__ = ("bids", "hands")

    def __init__(self, hands: list[list[int]], bids: list[int]):
        self.hands = hands
        self.bids = bids

    def clone(self) -> _World:
        return _World([list(h) for h in self.hands], self.bids)


#: how far (in tricks) the greedy estimate of a seat's hand may stray from its bid in a kept world:
#: a world is kept with chance exp(-E / (2 BID_SIGMA²)), E the sum over the seats that have bid
#: of (estimate - bid)²; chosen by matches against OpenSpiel's IS-MCTS (bench/RESULTS.md)
BID_SIGMA = 1.0
#: deals of the unseen cards tried for one world; when none is kept, the closest one is
BID_TRIES = 32
#: a card is chosen by solving each world exactly (:class:`~makao_tui.ai.peklo_solve.Solver`) once
#: the seat holds at most this many cards, by playouts before (a solve of more tricks would not
#: fit a budget of a fraction of a second: about 8 times the work a trick more; bench/RESULTS.md)
SOLVE_TRICKS = 5
#: nodes one solve may visit with no clock (``Thinking.seconds`` None; about 0.2 s compiled on an
#: idle core); past it the decision goes on with playouts
SOLVE_NODES = 200_000
#: with a clock, nodes one solve may visit per second of the budget: a quarter of what the
#: compiled solver visits on an idle core (about a million a second), so that a world that would
#: not leave room for others is not solved
SOLVE_RATE = 250_000


class _TooLarge(Exception):
    """A world's solve passed :data:`SOLVE_NODES`: the decision goes on with playouts."""


class WorldSampler:
    """The worlds of one decision: each agrees with ``view`` (dealt by
    :class:`~makao_tui.games.peklo.UnseenDealer`), its hands as ints, and likely with the bids
    made so far: a seat that bid high is likelier to hold the cards that take tricks.

    For :meth:`world`, each try deals the unseen cards, then plays the deal greedily from its
    start by :func:`~makao_tui.ai.peklo_playout.greedy_playout` (every seat's cards as dealt: its
    hand now and the cards it played), which estimates the tricks each hand should take; the world
    is kept with the chance :data:`BID_SIGMA` gives to how far the estimates of the other seats
    that have bid lie from their bids; after :data:`BID_TRIES` tries the closest is kept. Its
    ``bids`` are the bids made so far and, for the seats still to bid, their estimates (the
    searching seat's own entry is replaced by the bid searched). ``trump``: the trump suit's
    index in ``SUITS``, or -1."""

    def __init__(self, view: PekloView, trump: int):
        self.dealer = UnseenDealer(view)
        self.trump = trump
        self.played = [[int(c) for c in cards] for cards in played_cards(view)]
        self.bids = list(view.bids)
        self.known = [(s, b) for s, b in enumerate(view.bids) if b is not None and s != view.seat]
        self.first = (view.dealer + 1) % view.players
        #: the cards every seat has seen leave play: the turned-up trump card and the cards
        #: played (a bit mask, bit ``int(card)``), for the playouts' leads
        self.gone = 0
        for cards in self.played:
            for c in cards:
                self.gone |= 1 << c
        if view.trump is not None:
            self.gone |= 1 << int(view.trump)

    def world(self, rng: random.Random) -> _World:
        """One world (see the class docstring), drawn with ``rng`` only. Raises ValueError when
        no deal agrees with the view (:meth:`UnseenDealer.deal <makao_tui.games.peklo.UnseenDealer.deal>`)."""
        known, played = self.known, self.played
        closest: tuple[int, list[list[int]], list[int]] | None = None
        for _ in range(BID_TRIES if known else 1):
            hands = self.dealer.deal(rng)
            guess = greedy_playout([h + p for h, p in zip(hands, played, strict=False)], self.first, self.trump)
            if not known:
                break
            miss = sum((guess[s] - b) ** 2 for s, b in known)
            if closest is None or miss < closest[0]:
                closest = (miss, hands, guess)
            if rng.random() < math.exp(-miss / (2 * BID_SIGMA * BID_SIGMA)):
                break
        else:
            assert closest is not None  # at least one try was made
            _, hands, guess = closest
        if all(b is not None for b in self.bids):
            return _World(hands, cast("list[int]", list(self.bids)))
        return _World(hands, [b if b is not None else guess[s] for s, b in enumerate(self.bids)])


class HardPekloAI:
    """The hard Peklo player (see the module docstring); ``thinking`` is its budget per decision
    (kept by :func:`~makao_tui.ai.search.search`, which reads the clock before every playout)."""

    def __init__(self, thinking: Thinking, solve_tricks: int = SOLVE_TRICKS,
                 clock: Callable[[], float] = time.monotonic):
        self.thinking = thinking
        #: the clock the budget is kept by (seconds; tests give their own)
        self.clock = clock
        #: the seat solves its worlds exactly with at most this many cards in hand (0: never)
        self.solve_tricks = solve_tricks

    def choose(self, view: PekloView, rng: random.Random, start: float | None = None) -> Action:
        """One of ``view.legal``; raises ValueError when the seat has nothing to do."""
        return self.advise(view, rng, start).action

    def advise(self, view: PekloView, rng: random.Random, start: float | None = None) -> Advice:
        """The action with its reason in a few words; raises ValueError when the seat has
        nothing to do. Uses ``rng`` only: equal views and equally seeded generators give equal
        advice when ``thinking.seconds`` is None. ``start``: when the decision was asked for
        (``time.monotonic()``; default now), the budget's start."""
        if not view.legal:
            raise ValueError("the seat has no legal action")
        if view.phase == "bid":
            return self._bid(view, rng, start)
        return self._play(view, rng, start)

    def _solve_limit(self) -> int:
        """The nodes one solve may visit: :data:`SOLVE_NODES` with no clock, else
        :data:`SOLVE_RATE` a second of the budget (at least 1,000)."""
        seconds = self.thinking.seconds
        return SOLVE_NODES if seconds is None else max(1000, int(SOLVE_RATE * seconds))

    # ------------------------------------------------------------ bidding

    def _bid(self, view: PekloView, rng: random.Random, start: float | None) -> Advice:
        trump = SUITS.index(view.trump_suit) if view.trump_suit is not None else -1
        scoring = view.rules.scoring
        every_trick = scoring == "tricks"
        first = (view.dealer + 1) % view.players

        worlds = WorldSampler(view, trump)

        def sample(view: PekloView, rng: random.Random) -> _World:
            return worlds.world(rng)

        def playout(world: _World, action: Bid, rng: random.Random) -> float:
            bids = list(world.bids)
            bids[view.seat] = action.tricks
            if view.hook and view.dealer != view.seat:
                banned = view.size - sum(bids) + bids[view.dealer]
                if bids[view.dealer] == banned:
                    bids[view.dealer] += -1 if banned > 0 else 1
            taken, _ = play_out(world.hands, bids, [0] * view.players, first, [], trump, every_trick=every_trick,
                                gone=worlds.gone)
            return float(bid_points(action.tricks, taken[view.seat], scoring))

        result = search(view, [a for a in view.legal if isinstance(a, Bid)], sample, playout, self.thinking, rng,
                        clock=self.clock, start=start)
        bid = result.action.tricks
        if len(view.legal) == 1:
            return Advice(result.action, Words("bids {bid}: the only bid the hook leaves", bid=bid))
        if result.worlds == 0:
            return Advice(result.action, Words("bids {bid}: no time to weigh the others", bid=bid))
        exact = sum(1 for v in result.values[list(view.legal).index(result.action)] if v >= 10)
        share = 100 * exact // result.worlds
        return Advice(result.action, Words("bids {bid}: takes exactly {bid} in {share} % of imagined deals",
                                           bid=bid, share=share))

    # ------------------------------------------------------------ play

    def _play(self, view: PekloView, rng: random.Random, start: float | None) -> Advice:
        trump = SUITS.index(view.trump_suit) if view.trump_suit is not None else -1
        scoring = view.rules.scoring
        every_trick = scoring == "tricks"
        bids = cast("list[int]", list(view.bids))  # every seat has bid
        trick = view.trick
        assert trick is not None  # the play phase has a trick under way
        leader = trick.leader
        table = [int(c) for c in trick.cards]
        wins: dict[Play, int] = {}
        plays = [a for a in view.legal if isinstance(a, Play)]

        worlds = WorldSampler(view, trump)

        def sample(view: PekloView, rng: random.Random) -> _World:
            return worlds.world(rng)

        def playout(world: _World, action: Play, rng: random.Random) -> float:
            taken, current = play_out(world.hands, bids, view.tricks, leader, table, trump, int(action.card),
                                      every_trick, gone=worlds.gone)
            if current == view.seat:
                wins[action] = wins.get(action, 0) + 1
            return float(bid_points(bids[view.seat], taken[view.seat], scoring))

        if start is None:
            start = self.clock()
        seconds = self.thinking.seconds
        # with a clock, a solve stops at the budget's end (the search then drops its world)
        solver = Solver(view.players, view.seat, trump, bids[view.seat], view.tricks[view.seat], every_trick,
                        self._solve_limit(), None if seconds is None else self.clock,
                        0.0 if seconds is None else start + seconds)

        def solve(world: _World, action: Play, rng: random.Random) -> float:
            value = solver.card_value(world.hands, leader, table, int(action.card))
            if solver.aborted:
                raise _TooLarge
            if solver.late:
                return 0.0  # past the deadline: search drops this world
            playout(world, action, rng)  # the trick's taker under the playout policy, for the reason only
            return value / SCALE

        result = None
        if len(plays) > 1 and len(view.hand) <= self.solve_tricks:
            try:
                result = search(view, plays, sample, solve, self.thinking, rng, clock=self.clock, start=start)
            except _TooLarge:
                wins.clear()
        if result is None:
            result = search(view, plays, sample, playout, self.thinking, rng, clock=self.clock, start=start)
        need = bids[view.seat] - view.tricks[view.seat]
        takes = result.worlds > 0 and 2 * wins.get(result.action, 0) > result.worlds
        # the seat whose card holds the trick so far, named in the reason
        holder = (leader + trick_winner(trick.cards, view.trump_suit)) % view.players if table else None
        if len(view.legal) == 1:
            reason = Words("plays the only card it may")
        elif result.worlds == 0:
            reason = Words("no time to weigh the cards: plays the first")
        elif (need < 0 or need > len(view.hand)) and every_trick:
            reason = Words("takes the trick: the bid is out of reach, each trick scores 1") if takes \
                else Words("the bid is out of reach: no card here is likely to take the trick")
        elif need < 0 or need > len(view.hand):
            reason = Words("the bid can no longer be made: any card will do")
        elif need == 0:
            if takes:
                reason = Words("takes the trick: no card is sure to duck it")
            elif holder is not None:
                reason = Words("ducks under {seat}'s card: one more trick would break the bid", seat=Seat(holder))
            else:
                reason = Words("leads low: one more trick would break the bid")
        elif takes:
            reason = plural_words("takes the trick: one more is needed for the bid",
                                  "takes the trick: {count} more are needed for the bid", need, count=need)
        elif holder is not None:
            reason = plural_words("lets {seat} have this trick: {count} more to take later",
                                  "lets {seat} have this trick: {count} more to take later", need,
                                  seat=Seat(holder), count=need)
        else:
            reason = plural_words("leads low: {count} more to take later", "leads low: {count} more to take later",
                                  need, count=need)
        return Advice(result.action, reason)


register_ai("peklo", "hard", lambda rules, thinking: HardPekloAI(thinking))
