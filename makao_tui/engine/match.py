"""A match: the sequence of deals of one game, its totals and its end (match in makao_tui/rules/<game>.en.md of each
game).

A match is fully described by ``(variant, rules, names, seed, first_dealer)`` plus the flat list of
``(seat, action)`` pairs applied in it: :meth:`Match.replay` rebuilds it exactly, which is what
saves, replays and undo rest on. The random generator of each deal is derived from the match seed
and the deal's number, so a deal never depends on how an earlier one was played out.
"""

from __future__ import annotations

import random
from typing import Any

from .actions import Action
from .deal import DealRecord
from .events import Event
from .state import GameState, IllegalAction, Refusal
from .variant import Variant
from .words import Words


class Match:
    """A match of ``variant`` between ``len(names)`` seats.

    ``names``: seat names, seat 0 first. ``seed``: an int; every random choice of the match comes
    from it. ``first_dealer``: the first dealer's seat, or None to draw it by lot (makao_tui/rules/
    introduction). Raises :class:`~makao_tui.engine.variant.RulesError` for a player count the
    game does not take.
    """

    def __init__(self, variant: Variant, rules: Any, names: list[str], seed: int,
                 first_dealer: int | None = None):
        variant.check_players(len(names))
        self.variant = variant
        self.rules = rules
        self.names = list(names)
        self.seed = seed
        lot = random.Random(f"{seed}/lot")
        #: events of the match's opening, before the first deal (macao: the cut); often empty
        self.opening: list[Event] = []
        if first_dealer is not None:
            self.first_dealer = first_dealer
        elif variant.choose_first_dealer is not None:
            self.first_dealer, self.opening = variant.choose_first_dealer(rules, len(names), lot)
        else:
            self.first_dealer = lot.randrange(len(names))
        self.totals: list[int] = [variant.initial_total(rules)] * len(names)
        self.deals: list[DealRecord] = []
        #: set by the caller to end a timed match after the deal under way (makao-pl time limit)
        self.time_up = False
        self._actions = 0
        #: deals (from the first) whose actions were let go (:meth:`forget_actions`), and how many
        self._forgotten_deals = 0
        self._forgotten = 0
        self._start_deal(self.first_dealer)

    @property
    def players(self) -> int:
        """Number of seats."""
        return len(self.names)

    @property
    def current(self) -> DealRecord:
        """The deal under way (or the last one, once the match is over)."""
        return self.deals[-1]

    @property
    def state(self) -> GameState:
        """The state of the deal under way (or of the last deal, once the match is over)."""
        return self.current.state

    @property
    def is_over(self) -> bool:
        """True when the last deal is over and the variant's match end has come."""
        return self.state.is_over and self.variant.match_over(self)

    @property
    def awaiting_next_deal(self) -> bool:
        """The deal is over but the match is not: :meth:`next_deal` starts the next one."""
        return self.state.is_over and not self.variant.match_over(self)

    def winners(self) -> list[int]:
        """Seats with the best total (lowest in makao-ru, highest elsewhere); ties share."""
        best = (max if self.variant.higher_wins else min)(self.totals)
        return [s for s, t in enumerate(self.totals) if t == best]

    def _start_deal(self, dealer: int) -> None:
        number = len(self.deals) + 1
        rng = random.Random(f"{self.seed}/deal/{number}")
        state = self.variant.deal(self.rules, self.players, dealer, rng, self if self.deals else None)
        self.deals.append(DealRecord(number, dealer, state))

    def apply(self, action: Action) -> list[Event]:
        """Apply ``action`` for the seat to act in the current deal; return its events.

        Raises :class:`IllegalAction` (nothing changes) for an illegal action or when no deal is
        under way. When the action ends the deal, its points are added to the totals.
        """
        deal = self.current
        seat = deal.state.to_act
        if seat is None:
            raise IllegalAction(Refusal("deal_over", Words("the deal is over")))
        events = deal.state.apply(action)
        deal.actions.append((seat, action))
        self._actions += 1
        if deal.state.is_over:
            deal.points = list(deal.state.points() or [0] * self.players)
            self.totals = [t + p for t, p in zip(self.totals, deal.points, strict=False)]
            deal.totals_after = list(self.totals)
        return events

    def next_deal(self) -> None:
        """Start the next deal; raise :class:`IllegalAction` if the deal is not over or the match is."""
        if not self.awaiting_next_deal:
            raise IllegalAction(Refusal("match_over", Words("the match is over")) if self.state.is_over
                                else Refusal("deal_not_over", Words("the deal is not over")))
        self._start_deal(self.next_dealer())

    def next_dealer(self) -> int:
        """The dealer of the deal after the current one (the variant's rule, else one seat clockwise)."""
        if self.variant.next_dealer is not None:
            return self.variant.next_dealer(self)
        return (self.current.dealer + 1) % self.players

    @property
    def action_count(self) -> int:
        """Actions applied so far over the whole match (the length of :meth:`all_actions`, in
        constant time)."""
        return self._actions

    @property
    def forgotten(self) -> int:
        """How many of the first actions were let go (:meth:`forget_actions`); 0 if none."""
        return self._forgotten

    def forget_actions(self) -> None:
        """Let go of the actions of every deal before the one under way, so that a match kept
        in memory does not grow with its length (issue 31 item 3): a table whose actions are
        stored reads them back from its store when it needs them. Those deals keep their number,
        dealer, state, points and totals (what the games' hooks and the score sheet read); the
        actions let go still count in :attr:`action_count` (:attr:`forgotten` says how many),
        :meth:`actions_since` gives only later ones and :meth:`all_actions` none at all. Costs
        the deals not let go yet."""
        for deal in self.deals[self._forgotten_deals:-1]:
            self._forgotten += len(deal.actions)
            deal.actions = []
        self._forgotten_deals = len(self.deals) - 1

    def actions_since(self, index: int) -> list[tuple[int, Action]]:
        """The ``(seat, action)`` pairs from the ``index``-th on (0-based over the match), in
        order; costs the number returned, not the match's length. Raises ValueError unless
        ``forgotten <= index <= action_count`` (the actions before :attr:`forgotten` were let go:
        :meth:`forget_actions`)."""
        if not self._forgotten <= index <= self._actions:
            raise ValueError(f"no action {index} in a match of {self._actions}"
                             + (f" that let its first {self._forgotten} go" if self._forgotten else ""))
        wanted = self._actions - index
        out: list[tuple[int, Action]] = []
        for deal in reversed(self.deals):
            if len(out) >= wanted:
                break
            take = min(wanted - len(out), len(deal.actions))
            out[:0] = deal.actions[len(deal.actions) - take:]
        return out

    def all_actions(self) -> list[tuple[int, Action]]:
        """Every ``(seat, action)`` applied so far, deal after deal. Raises ValueError once some
        were let go (:meth:`forget_actions`: the store has them)."""
        if self._forgotten:
            raise ValueError(f"the first {self._forgotten} actions of this match were let go")
        return [a for d in self.deals for a in d.actions]

    @classmethod
    def replay(cls, variant: Variant, rules: Any, names: list[str], seed: int, first_dealer: int | None,
               actions: list[tuple[int, Action]], time_up: bool = False) -> Match:
        """Rebuild a match from its actions; a finished deal is followed by the next one as needed.

        Raises :class:`IllegalAction` if an action does not fit (a damaged save).
        """
        match = cls(variant, rules, names, seed, first_dealer)
        for seat, action in actions:
            if match.awaiting_next_deal:
                match.next_deal()
            if match.state.to_act != seat:
                raise IllegalAction(Refusal("not_your_turn", Words("seat {seat} acts out of turn", seat=seat),
                                            {"seat": seat, "to_act": match.state.to_act}))
            match.apply(action)
        match.time_up = time_up
        return match
