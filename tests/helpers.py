"""Test helpers: build a deal from a scenario-style dict and play it."""

from __future__ import annotations

from typing import Any

from makao_tui.engine.actions import action_from_json
from makao_tui.engine.scenario import build_state, parse_layout
from makao_tui.games import variants


def lay(**spec: Any):
    """The state a scenario dict lays out (keys as in docs/scenarios.md, ``actions`` not applied)."""
    spec.setdefault("dealer", 0)
    spec.setdefault("players", len(spec["hands"]))
    return build_state(parse_layout(spec, variants()))


def act(state, seat: int, **fields: Any):
    """Apply the docs/scenarios.md action ``{"seat": seat, "do": ..., ...}``; return its events."""
    assert state.to_act == seat, f"seat {state.to_act} is to act, not {seat}"
    return state.apply(action_from_json(dict(fields)))
