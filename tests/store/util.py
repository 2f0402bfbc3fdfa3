"""Helpers of the store tests: short match setups and a deterministic way to play them."""

from __future__ import annotations

import random

from makao_tui.ai import ai_for
from makao_tui.engine.match import Match
from makao_tui.engine.variant import Variant
from makao_tui.games import all_variants, get_variant
from makao_tui.store import MatchWriter, Seat

#: options and seat count that make a match of each game short
SHORT = {"makao-ru": ({"loss_limit": 200}, 3), "makao-pl": ({"deals": 1}, 3), "macao": ({}, 2),
         "peklo": ({}, 7)}
GAMES = [v.id for v in all_variants()]


def short_setup(game: str) -> tuple[Variant, object, list[Seat]]:
    """A short match of ``game``: the variant, its rules and seats (seat 0 human, others AI)."""
    variant = get_variant(game)
    options, players = SHORT.get(game, ({}, variant.min_players))
    seats = [Seat("Ann", False)] + [Seat(f"Bot{i}", True) for i in range(1, players)]
    return variant, variant.rules(options), seats


def step(match: Match) -> None:
    """One action chosen by the game's AI for the seat to act, from a generator fixed by the match
    seed and the number of actions so far (so the same match always gets the same actions)."""
    if match.awaiting_next_deal:
        match.next_deal()
    seat = match.state.to_act
    rng = random.Random(f"{match.seed}/{match.action_count}")
    match.apply(ai_for(match.variant.id).choose(match.state.view(seat), rng))


def play(match: Match, count: int, writer: MatchWriter | None = None) -> None:
    """Up to ``count`` actions (fewer if the match ends), each saved through ``writer`` if given."""
    for _ in range(count):
        if match.is_over:
            return
        step(match)
        if writer is not None:
            writer.save(match)
