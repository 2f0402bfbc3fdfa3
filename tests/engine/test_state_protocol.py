"""Every game's state keeps the protocol of engine/state.py (one API for all four games)."""

from __future__ import annotations

import pytest

from makao_tui.engine import Bid, Event, Match, Play, Stand
from makao_tui.engine.cards import Card
from makao_tui.engine.state import IllegalAction, Refusal
from makao_tui.games import all_variants

IDS = [v.id for v in all_variants()]
ODD = [Bid(99), Play(Card.parse("2C"), suit="Q"), Stand()]


@pytest.mark.parametrize("variant", all_variants(), ids=IDS)
def test_protocol(variant):
    match = Match(variant, variant.rules(), [f"p{i}" for i in range(variant.min_players + 1)], seed=3)
    state = match.state
    assert all(isinstance(e, Event) for e in state.opening)
    legal = state.legal_actions()
    assert legal and state.to_act is not None
    assert all(state.refusal(a) is None for a in legal)
    before = state.snapshot()
    refused = [a for a in ODD if a not in legal]
    for action in refused:  # every game's refusal is data: a kind, fields and words
        refusal = state.refusal(action)
        assert isinstance(refusal, Refusal) and refusal.kind.isidentifier() and refusal.reason, (action, refusal)
        assert isinstance(refusal.fields, dict)
        with pytest.raises(IllegalAction) as raised:
            state.clone().apply(action)
        assert raised.value.refusal == refusal  # apply refuses it on the same path
    other = (state.to_act + 1) % state.players
    assert state.refusal(legal[0], other).kind == "not_your_turn"
    assert state.refusal(legal[0], state.to_act) is None
    assert state.snapshot() == before
    view = state.view(state.to_act)
    assert tuple(view.legal) == tuple(legal)
    other = (state.to_act + 1) % state.players
    assert tuple(state.view(other).legal) == ()
    copy = state.clone()
    copy.apply(legal[0])
    assert state.snapshot() == before
