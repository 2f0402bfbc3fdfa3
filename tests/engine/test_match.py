"""Matches: the same seed and actions rebuild the same match (saves, replays, undo rest on it)."""

from __future__ import annotations

import random

import pytest

from makao_tui.engine import IllegalAction, Match, Play
from makao_tui.games import get_variant


def play_some(match: Match, rng: random.Random, n: int) -> None:
    for _ in range(n):
        if match.is_over:
            return
        if match.awaiting_next_deal:
            match.next_deal()
        legal = match.state.legal_actions()
        plays = [a for a in legal if isinstance(a, Play)]
        match.apply(rng.choice(plays or legal))


@pytest.mark.parametrize("vid", ["makao-ru", "makao-pl"])
def test_replay_rebuilds_the_same_match(vid):
    v = get_variant(vid)
    rules = v.rules()
    m = Match(v, rules, ["a", "b", "c"], seed=99)
    play_some(m, random.Random(5), 400)
    again = Match.replay(v, rules, ["a", "b", "c"], 99, None, m.all_actions())
    assert again.totals == m.totals
    assert len(again.deals) == len(m.deals)
    assert again.state.snapshot() == m.state.snapshot()
    assert again.first_dealer == m.first_dealer


def test_same_seed_same_deals_and_first_dealer_by_lot():
    v = get_variant("makao-ru")
    a = Match(v, v.rules(), ["a", "b", "c"], seed=5)
    b = Match(v, v.rules(), ["a", "b", "c"], seed=5)
    assert a.state.snapshot() == b.state.snapshot()
    dealers = {Match(v, v.rules(), ["a", "b", "c"], seed=s).first_dealer for s in range(30)}
    assert dealers == {0, 1, 2}
    assert Match(v, v.rules(), ["a", "b"], seed=5, first_dealer=1).current.dealer == 1


def test_replay_refuses_an_action_out_of_turn():
    v = get_variant("makao-ru")
    m = Match(v, v.rules(), ["a", "b"], seed=3)
    seat = m.state.to_act
    action = m.state.legal_actions()[0]
    with pytest.raises(IllegalAction):
        Match.replay(v, v.rules(), ["a", "b"], 3, None, [(1 - seat, action)])


def test_no_next_deal_while_a_deal_is_under_way():
    v = get_variant("makao-ru")
    m = Match(v, v.rules(), ["a", "b"], seed=3)
    with pytest.raises(IllegalAction, match="not over"):
        m.next_deal()


def test_a_match_lets_go_of_the_actions_of_its_finished_deals_and_keeps_the_rest():
    """Memory flat in the match's length (issue 31 item 3): the deals before the one under way
    keep their state, points and totals, their actions are let go but still counted."""
    v = get_variant("makao-ru")
    m = Match(v, v.rules(), ["a", "b", "c"], seed=99)
    rng = random.Random(5)
    while len(m.deals) < 3:
        play_some(m, rng, 1)
    play_some(m, rng, 2)
    whole = m.all_actions()
    count, current = m.action_count, list(m.current.actions)
    points = [(d.points, d.totals_after, d.state.snapshot()) for d in m.deals]
    m.forget_actions()
    assert m.forgotten == count - len(current) > 0 and m.action_count == count
    assert [d.actions for d in m.deals] == [[], [], current]
    assert [(d.points, d.totals_after, d.state.snapshot()) for d in m.deals] == points
    assert m.actions_since(m.forgotten) == current == whole[m.forgotten:]
    with pytest.raises(ValueError):
        m.actions_since(m.forgotten - 1)
    with pytest.raises(ValueError):
        m.all_actions()
    m.forget_actions()  # (twice: nothing more to let go)
    assert m.forgotten == count - len(current)
    play_some(m, rng, 1)
    assert m.actions_since(count) == m.current.actions[-1:]
