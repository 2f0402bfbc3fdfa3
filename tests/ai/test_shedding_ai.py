"""The first AI of the two Makaos: legal, from its own view only, and sensible (issue: "A first AI")."""

from __future__ import annotations

import random

import pytest

from makao_tui.ai import ai_for
from makao_tui.engine import Card, Match, Play, Take
from makao_tui.games import get_variant
from tests.helpers import lay

C = Card.parse


@pytest.mark.parametrize("vid", ["makao-ru", "makao-pl"])
def test_ai_only_matches_play_legal_moves_to_the_end(vid):
    v = get_variant(vid)
    options = {"loss_limit": 200} if vid == "makao-ru" else {"deals": 2}
    for seed in range(3):
        m = Match(v, v.rules(options), ["a", "b", "c"], seed)
        ai, rng = ai_for(vid), random.Random(seed)
        while not m.is_over:
            if m.awaiting_next_deal:
                m.next_deal()
            view = m.state.view(m.state.to_act)
            action = ai.choose(view, rng)
            assert action in view.legal
            m.apply(action)


def shuffled_hidden(state, seat: int, rng: random.Random):
    """A copy of ``state`` in which the cards ``seat`` cannot see (other hands, the stock) are
    dealt anew, every hand keeping its size."""
    copy = state.clone()
    hidden = [c for s, h in enumerate(copy.hands) if s != seat for c in h] + copy.stock
    rng.shuffle(hidden)
    for s, h in enumerate(copy.hands):
        if s != seat:
            copy.hands[s] = [hidden.pop() for _ in h]
    copy.stock = hidden
    return copy


@pytest.mark.parametrize("vid", ["makao-ru", "makao-pl"])
def test_same_decision_when_only_hidden_cards_differ(vid):
    v = get_variant(vid)
    checked = 0
    for seed in range(40):
        state = v.deal(v.rules(), 3, 0, random.Random(seed), None)
        rng = random.Random(seed)
        for _ in range(rng.randrange(0, 12)):
            if state.is_over:
                break
            state.apply(rng.choice(state.legal_actions()))
        if state.is_over:
            continue
        seat = state.to_act
        other = shuffled_hidden(state, seat, random.Random(seed + 1))
        assert other.hands != state.hands or other.stock != state.stock or len(state.stock) < 2
        a = ai_for(vid).choose(state.view(seat), random.Random(7))
        b = ai_for(vid).choose(other.view(seat), random.Random(7))
        assert a == b
        checked += 1
    assert checked > 20


def test_answers_a_penalty_when_it_can_and_takes_otherwise():
    s = lay(variant="makao-ru", hands=[["3C", "KD", "4D", "7S"], ["3H", "5H", "6H"]], starter="5H",
            stock=["4S", "5S", "6S", "7C", "8C", "9C"])
    s.apply(Play(C("3H")))
    action = ai_for("makao-ru").choose(s.view(0), random.Random(0))
    assert action == Play(C("3C"))
    s2 = lay(variant="makao-ru", hands=[["8C", "KD", "4D", "7S"], ["3H", "5H", "6H"]], starter="5H",
             stock=["4S", "5S", "6S", "7C", "8C", "9C"])
    s2.apply(Play(C("3H")))
    assert ai_for("makao-ru").choose(s2.view(0), random.Random(0)) == Take()


def test_calls_makao_and_names_the_suit_it_holds_most():
    s = lay(variant="makao-ru", hands=[["AS", "KD"], ["7H", "5C", "6C"]], starter="5H",
            stock=["4S", "5S", "6S"], dealer=1)
    action = ai_for("makao-ru").choose(s.view(0), random.Random(0))
    assert action.makao
    s = lay(variant="makao-ru", hands=[["AS", "KD", "QD", "5D", "7C"], ["7H", "5C", "6C"]], starter="8H",
            stock=["4S", "5S", "6S"], dealer=1)
    action = ai_for("makao-ru").choose(s.view(0), random.Random(0))
    assert action == Play(C("AS"), suit="D")


def test_demands_a_rank_it_holds():
    s = lay(variant="makao-pl", hands=[["JH", "7C", "7D", "KS"], ["4C", "5C", "6C"]], starter="QH",
            stock=["2S", "3S", "4S", "5S", "6S", "8S", "9S"], dealer=1)
    action = ai_for("makao-pl").choose(s.view(0), random.Random(0))
    assert action == Play(C("JH"), demand="7")
