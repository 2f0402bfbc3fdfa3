"""Whole matches of every game under random option sets and every preset (issue 14 "Tests";
hypothesis): no card is made or lost (jokers included), the seat to act always has a legal action,
every deal and every match ends.

The option sets are drawn from each game's rules config (its option fields' choices and ranges),
so an option added to a game is covered here without a change. Numbers are drawn near the low end
of their range so that a match stays short (``deals`` 1 to 3, ``loss_limit`` 200 to 202, a bankroll
of 10 to 12); an option whose default is off (``time_limit_min``) stays off, since a timed match
depends on the clock. Players are random, biased to playing a card and to making every call.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from makao_tui.engine.actions import Play
from makao_tui.engine.match import Match
from makao_tui.engine.variant import Variant, option_fields
from makao_tui.games import all_variants

#: actions one match may take before the test calls it endless
MAX_ACTIONS = 60_000
#: how far above the low end of its range a number option is drawn
SPREAD = 2
UNSET = object()


def value_strategy(field) -> st.SearchStrategy:
    """The values of one option field, from its metadata (see the module docstring)."""
    if "choices" in field.metadata:
        return st.sampled_from(field.metadata["choices"])
    if isinstance(field.default, bool):
        return st.booleans()
    if field.default is None:
        return st.none()
    low, high = field.metadata["range"]
    return st.integers(low, min(high, low + SPREAD))


@st.composite
def rules_of(draw, variant: Variant) -> Any:
    """A preset of ``variant`` and some of its options set over it."""
    preset = draw(st.sampled_from(sorted(variant.presets)))
    options = {}
    for field in option_fields(variant.rules_type):
        value = draw(st.one_of(st.just(UNSET), value_strategy(field)))
        if value is not UNSET:
            options[field.name] = value
    numbers = {f.name for f in option_fields(variant.rules_type) if "range" in f.metadata and f.default is not None}
    for name in numbers:  # a preset's long match is kept short too
        field = next(f for f in option_fields(variant.rules_type) if f.name == name)
        options.setdefault(name, min(field.default, field.metadata["range"][0] + SPREAD))
    return variant.rules(options, preset)


def held_cards(state) -> Counter | None:
    """Every card of a shedding deal (hands, stock, pile) or of a Peklo deal (hands, tricks
    played, the trump card); None for Macao, whose shoe is not one pack."""
    if hasattr(state, "stock"):
        return Counter([c for h in state.hands for c in h] + state.stock + state.pile)
    if hasattr(state, "history"):
        played = [c for t in state.history for c in t.cards] + list(state.trick)
        trump = [state.trump] if state.trump is not None else []
        return Counter([c for h in state.hands for c in h] + played + trump)
    return None


def choose(legal: list, rng: random.Random):
    """A random legal action: a play three times in four when one is legal, every call made."""
    plays = [a for a in legal if isinstance(a, Play)]
    called = [a for a in plays if getattr(a, "makao", False) or getattr(a, "out", False)]
    if called:
        plays = called
    return rng.choice(plays) if plays and rng.random() < 0.75 else rng.choice(legal)


def play_match(variant: Variant, rules: Any, players: int, seed: int) -> None:
    match = Match(variant, rules, [f"P{i}" for i in range(players)], seed)
    rng = random.Random(seed)
    pack = None
    for _ in range(MAX_ACTIONS):
        state = match.state
        if state.is_over:
            assert state.legal_actions() == [] and state.points() is not None
            if match.is_over:
                return
            match.next_deal()
            pack = None
            continue
        held = held_cards(state)
        if held is not None:
            if pack is None:
                pack = held
                if hasattr(rules, "pack"):
                    assert held == Counter(rules.pack())  # the whole pack, jokers included
            assert held == pack  # no card made or lost
        legal = state.legal_actions()
        assert legal, "the seat to act has no legal action"
        match.apply(choose(legal, rng))
    raise AssertionError("the match did not end")


VARIANTS = {v.id: v for v in all_variants()}


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(sorted(VARIANTS)), st.data(), st.integers(0, 2**32 - 1))
def test_whole_matches_under_random_options_and_presets(game, data, seed):
    variant = VARIANTS[game]
    rules = data.draw(rules_of(variant))
    players = data.draw(st.integers(variant.min_players, min(variant.max_players, 5)))
    play_match(variant, rules, players, seed)
