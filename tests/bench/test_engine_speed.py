"""bench/engine_speed.py's plumbing, untimed (issue 31 item 1): the pure-Python copy of each
compiled core loads beside the compiled one and plays, and the chance steps it counts for our
games agree with the events of the same deal. Timing is the benchmark's business, never a test's."""

from __future__ import annotations

import random

import pytest

from bench import engine_speed
from makao_tui.engine.events import DealStarted
from makao_tui.games import get_variant
from makao_tui.games.shedding_events import CardsDrawn

RULES_CORES = sorted(set(engine_speed.RULES_CORE.values()))


@pytest.mark.parametrize("core", RULES_CORES)
def test_the_pure_copy_of_a_core_loads_beside_it_and_plays(core):
    pure = engine_speed.pure_core(core)
    assert pure.__file__.endswith(".py")
    game = "peklo" if core == "games.peklo_core" else "makao-pl"
    contestant = engine_speed.ours(game, players=4, size=7, checked=False, pure=pure)
    state, decisions = contestant.play_deal()
    assert state.is_over and decisions > 0
    assert type(state).__module__ == pure.__name__


@pytest.mark.parametrize("game", ["makao-ru", "makao-pl"])
def test_chance_steps_of_a_shedding_deal_are_the_cards_dealt_turned_and_drawn(game):
    """The census counts a deal's chance steps from its shuffles; the checked path's events of
    the same deal (the same seeds) say the same: the cards dealt, the starter, every card drawn."""
    players = 4
    counted = engine_speed.census_ours(game, players, size=7, deals=6)
    rules = get_variant(game).rules()
    deal_rng = engine_speed.CountingRandom(f"bench/{game}/census/deal")
    choice = random.Random(f"bench/{game}/census/choose").choice
    from_events = []
    for number in range(6):
        state = get_variant(game).deal(rules, players, (number + 1) % players, deal_rng, None)
        events = list(state.opening)
        decisions = 0
        while not state.is_over:
            events += state.apply(choice(state.legal_actions()))
            decisions += 1
        started = next(e for e in events if isinstance(e, DealStarted))
        drawn = sum(len(e.cards) for e in events if isinstance(e, CardsDrawn))
        from_events.append((decisions, started.hand_size * players + 1 + drawn))
    assert counted == from_events
    assert any(chance > rules.hand_size * players + 1 for _, chance in counted)  # some deal drew cards
