"""Headless AI-only matches and their statistics (``makao simulate``, issue 7).

Nothing here imports Textual: a simulation runs the engine's :class:`~makao_tui.engine.match.Match`
with one AI player per seat and collects, per seat, matches won (with a 95 % Wilson interval),
points per deal, and the game's own figures (its ``seat_measures``: exact bids in Peklo, chips
per hand in Macao).

AI *levels* (``easy``, ``normal``, ``hard``) are those of :mod:`makao_tui.ai`; the hard level
thinks within a :class:`~makao_tui.ai.Thinking` budget.

Determinism: match ``g`` (0-based) of a run with seed ``S`` uses the match seed
``Random(f"{S}/match/{g}")`` and seat ``s`` of it chooses with ``Random(f"{S}/match/{g}/seat/{s}")``,
so a run is reproduced exactly by its seed, seats, options and number of games.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .ai import LEVELS, Player, Thinking, ai_for, levels_for
from .engine.errors import MakaoError
from .engine.i18n import _
from .engine.match import Match
from .engine.variant import Variant

#: default action budget of one match; far above the longest matches seen (a 6-deal makao-pl
#: match between normal AIs takes about 3,300 actions, rarely over 4,000)
DEFAULT_MAX_ACTIONS = 200_000


class SimulationError(MakaoError, ValueError):
    """A simulation that cannot run: an unknown AI level, no seats, or a bad number of games."""


def levels() -> list[str]:
    """The AI level names, weakest first (:data:`makao_tui.ai.LEVELS`)."""
    return list(LEVELS)


def player_for(level: str, variant_id: str, rules: Any = None, thinking: Thinking | None = None) -> Player:
    """A new AI player of ``level`` for the game ``variant_id`` (``rules``/``thinking`` as in
    :func:`makao_tui.ai.ai_for`).

    Raises :class:`SimulationError` naming the existing levels when ``level`` is unknown.
    """
    try:
        return ai_for(variant_id, level, rules, thinking)
    except KeyError:
        known = ", ".join(levels_for(variant_id))
        raise SimulationError(_("unknown AI level {level!r} (levels: {known})").format(level=level, known=known)) \
            from None


def wilson_interval(successes: float, trials: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion, as ``(low, high)`` fractions in [0, 1].

    ``successes`` out of ``trials`` (``z`` = 1.96: 95 %). ``trials`` = 0 gives ``(0.0, 1.0)``.
    """
    if trials <= 0:
        return 0.0, 1.0
    p = successes / trials
    z2 = z * z
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    half = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / (1 + z2 / trials)
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass
class SeatStats:
    """The figures of one seat over a run.

    ``wins``: finished matches in which the seat had the best total (a tie counts for every tied
    seat; ``shared`` of them were ties); ``points``: sum of its points over the finished deals (in
    Macao these are chips won or lost); ``deals``: finished deals; ``tallies``: for each of the
    game's :class:`~makao_tui.engine.variant.SeatMeasure` (by key), its [amount, count] summed
    over the finished deals.
    """

    level: str
    name: str
    wins: int = 0
    shared: int = 0
    points: int = 0
    deals: int = 0
    tallies: dict[str, list[int]] = field(default_factory=dict)


@dataclass
class SimResult:
    """The outcome of :func:`simulate`: ``games`` matches asked, ``finished`` of them played to the
    end, ``capped`` stopped by the action budget (their finished deals still count in the per-deal
    figures, but nobody wins them); ``actions``: actions applied in all; ``seats``: one
    :class:`SeatStats` per seat."""

    variant: Variant
    options: dict[str, Any]
    seed: int
    games: int
    max_actions: int
    seats: list[SeatStats]
    finished: int = 0
    capped: int = 0
    actions: int = 0
    capped_matches: list[int] = field(default_factory=list)

    def figures(self) -> dict[str, Any]:
        """The run as a JSON-ready dict.

        Keys: ``game``, ``family``, ``options``, ``seed``, ``games``, ``finished``, ``capped``,
        ``capped_matches`` (0-based match numbers), ``max_actions``, ``actions``, and ``seats``: per
        seat ``seat``, ``level``, ``name``, ``wins``, ``shared_wins``, ``win_rate`` and
        ``win_rate_95`` ([low, high]; over finished matches, None when none finished), ``deals``,
        ``points_per_deal`` (None without a finished deal), and each of the game's seat measures
        (``exact_bid_rate`` in Peklo; ``hands`` and ``chips_per_hand`` in Macao) by its key (None
        when no deal counted), with its count by its ``count_key``.
        """
        seats = []
        for i, s in enumerate(self.seats):
            row: dict[str, Any] = {
                "seat": i, "level": s.level, "name": s.name, "wins": s.wins, "shared_wins": s.shared,
                "win_rate": s.wins / self.finished if self.finished else None,
                "win_rate_95": list(wilson_interval(s.wins, self.finished)) if self.finished else None,
                "deals": s.deals,
                "points_per_deal": s.points / s.deals if s.deals else None,
            }
            for measure in self.variant.seat_measures:
                amount, count = s.tallies.get(measure.key, (0, 0))
                if measure.count_key is not None:
                    row[measure.count_key] = count
                row[measure.key] = amount / count if count else None
            seats.append(row)
        return {
            "game": self.variant.id, "family": self.variant.family, "options": dict(self.options), "seed": self.seed,
            "games": self.games, "finished": self.finished, "capped": self.capped,
            "capped_matches": list(self.capped_matches), "max_actions": self.max_actions,
            "actions": self.actions, "seats": seats,
        }


def check(variant: Variant, options: dict[str, Any], seat_levels: list[str], games: int,
          max_actions: int = DEFAULT_MAX_ACTIONS) -> Any:
    """Check the arguments of :func:`simulate` without playing; return the rules config.

    Raises :class:`SimulationError` for an unknown level, ``games`` or ``max_actions`` below 1, and
    :class:`~makao_tui.engine.variant.RulesError` for a bad option or player count.
    """
    for level in seat_levels:
        player_for(level, variant.id)
    if games < 1:
        raise SimulationError(_("--games must be at least 1, not {count}").format(count=games))
    if max_actions < 1:
        raise SimulationError(_("--max-actions must be at least 1, not {count}").format(count=max_actions))
    rules = variant.rules(options)
    variant.check_players(len(seat_levels))
    return rules


def simulate(variant: Variant, options: dict[str, Any], seat_levels: list[str], games: int, seed: int,
             max_actions: int = DEFAULT_MAX_ACTIONS,
             progress: Callable[[int], None] | None = None,
             thinking: Thinking | None = None) -> SimResult:
    """Play ``games`` AI-only matches of ``variant`` and return their statistics.

    ``options``: rule options by makao_tui/rules/ name (checked by ``variant.rules``: raises
    :class:`~makao_tui.engine.variant.RulesError`); ``seat_levels``: one AI level per seat, seat 0
    first (raises :class:`SimulationError` for an unknown level, and ``RulesError`` for a player
    count the game does not take); ``games`` ≥ 1; ``seed``: an int, the only source of randomness;
    ``max_actions`` ≥ 1: a match still running after that many actions is abandoned and counted
    as capped; ``progress(done)`` is called after each match with the number of matches done;
    ``thinking``: the budget of hard seats (None: 1 s a decision).
    Errors are those of :func:`check`.
    """
    rules = check(variant, options, seat_levels, games, max_actions)
    names = [_("AI {n}").format(n=i + 1) for i in range(len(seat_levels))]
    result = SimResult(variant, dict(options), seed, games, max_actions,
                       [SeatStats(level, name) for level, name in zip(seat_levels, names, strict=False)])
    for g in range(games):
        match_seed = random.Random(f"{seed}/match/{g}").getrandbits(31)
        players = [player_for(level, variant.id, rules, thinking) for level in seat_levels]
        rngs = [random.Random(f"{seed}/match/{g}/seat/{s}") for s in range(len(players))]
        match = Match(variant, rules, names, match_seed)
        budget = max_actions
        while not match.is_over and budget > 0:
            if match.awaiting_next_deal:
                match.next_deal()
                continue
            state = match.state
            seat = state.to_act
            assert seat is not None  # the deal is not over
            match.apply(players[seat].choose(state.view(seat), rngs[seat]))
            budget -= 1
        result.actions += max_actions - budget
        _count_deals(result, match)
        if match.is_over:
            result.finished += 1
            winners = match.winners()
            for s in winners:
                result.seats[s].wins += 1
                result.seats[s].shared += len(winners) > 1
        else:
            result.capped += 1
            result.capped_matches.append(g)
        if progress is not None:
            progress(g + 1)
    return result


def _count_deals(result: SimResult, match: Match) -> None:
    """Add the finished deals of ``match`` to the per-seat figures of ``result``."""
    for deal in match.deals:
        if deal.points is None:
            continue
        for s, stats in enumerate(result.seats):
            stats.deals += 1
            stats.points += deal.points[s]
            for measure in result.variant.seat_measures:
                amount, count = measure.tally(deal, s)
                tally = stats.tallies.setdefault(measure.key, [0, 0])
                tally[0] += amount
                tally[1] += count
