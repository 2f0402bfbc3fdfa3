"""The three AI levels of the two Makaos (issue 7): legal on random states, the hard level decides
from the seat's view only, its sampled worlds agree with that view, the easy level is loose."""

from __future__ import annotations

import random

import pytest

from makao_tui.ai import LEVELS, Thinking, ai_for
from makao_tui.engine import Card, Play
from makao_tui.games import get_variant
from makao_tui.games.shedding import sample_state
from tests.ai.test_shedding_ai import shuffled_hidden
from tests.helpers import lay

GAMES = ["makao-ru", "makao-pl"]
FAST = Thinking(seconds=None, playouts=24)


def random_states(vid: str, count: int, seed: int = 0):
    """``count`` states of ``vid`` with a seat to act, reached by random play from random deals
    of 2 to 4 players (long enough to include rebuilt stocks, penalties and demands)."""
    v = get_variant(vid)
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        state = v.deal(v.rules(), rng.randint(2, 4), rng.randrange(2), rng, None)
        for _ in range(rng.randrange(0, 120)):
            if state.is_over:
                break
            state.apply(rng.choice(state.legal_actions()))
        if not state.is_over:
            out.append(state)
    return out


@pytest.mark.parametrize("vid", GAMES)
@pytest.mark.parametrize("level", LEVELS)
def test_every_level_plays_legally_on_random_states(vid, level):
    v = get_variant(vid)
    player = ai_for(vid, level, v.rules(), FAST)
    for i, state in enumerate(random_states(vid, 12 if level == "hard" else 60, seed=len(level))):
        view = state.view(state.to_act)
        assert player.choose(view, random.Random(i)) in view.legal


@pytest.mark.parametrize("vid", GAMES)
def test_easy_players_finish_their_deals(vid):
    v = get_variant(vid)
    easy = ai_for(vid, "easy")
    for seed in range(8):
        rng = random.Random(seed)
        state = v.deal(v.rules(), 2 + seed % 3, 0, rng, None)
        for _ in range(20_000):
            if state.is_over:
                break
            state.apply(easy.choose(state.view(state.to_act), rng))
        assert state.is_over


@pytest.mark.parametrize("vid", GAMES)
def test_sampled_worlds_conserve_cards_and_agree_with_the_view(vid):
    v = get_variant(vid)
    for i, state in enumerate(random_states(vid, 40, seed=3)):
        seat = state.to_act
        view = state.view(seat)
        world = sample_state(view, v.rules(), random.Random(i))
        cards = [c for h in world.hands for c in h] + world.stock + world.pile
        assert sorted(cards) == sorted(world.rules.pack())
        assert world.view(seat) == view
        assert world.legal_actions() == state.legal_actions()


def test_sampled_worlds_vary_only_the_hidden_cards():
    v = get_variant("makao-ru")
    state = random_states("makao-ru", 1, seed=5)[0]
    seat = state.to_act
    worlds = [sample_state(state.view(seat), v.rules(), random.Random(k)) for k in range(4)]
    assert all(w.hands[seat] == worlds[0].hands[seat] for w in worlds)
    assert len({tuple(w.stock) for w in worlds}) > 1


@pytest.mark.parametrize("vid", GAMES)
def test_hard_decides_alike_when_only_hidden_cards_differ(vid):
    v = get_variant(vid)
    hard = ai_for(vid, "hard", v.rules(), FAST)
    for i, state in enumerate(random_states(vid, 8, seed=11)):
        seat = state.to_act
        other = shuffled_hidden(state, seat, random.Random(i))
        a = hard.advise(state.view(seat), random.Random(i))
        b = hard.advise(other.view(seat), random.Random(i))
        assert a == b


@pytest.mark.parametrize("vid", GAMES)
def test_hard_advice_has_a_short_reason(vid):
    v = get_variant(vid)
    hard = ai_for(vid, "hard", v.rules(), FAST)
    for i, state in enumerate(random_states(vid, 10, seed=7)):
        view = state.view(state.to_act)
        advice = hard.advise(view, random.Random(i))
        assert advice.action in view.legal
        assert advice.reason and advice.reason[0].islower() and len(advice.reason) <= 70


def test_hard_reason_names_the_penalty_it_cannot_answer():
    s = lay(variant="makao-ru", hands=[["8C", "KD", "4D", "7S"], ["3H", "5H", "6H"]], starter="5H",
            stock=["4S", "5S", "6S", "7C", "8C", "9C"])
    s.apply(Play(Card.parse("3H")))
    advice = ai_for("makao-ru", "hard", None, FAST).advise(s.view(0), random.Random(0))
    assert advice.reason == "takes the penalty: no answer in hand"


@pytest.mark.parametrize("vid", GAMES)
def test_easy_sometimes_forgets_the_makao_call(vid):
    s = lay(variant=vid, hands=[["6H", "8D", "TS"], ["5H", "7C"]], starter="QH",
            stock=["4S", "5S", "6S", "7D", "8C", "TC", "2D", "QS", "4C"])
    easy, normal = ai_for(vid, "easy"), ai_for(vid, "normal")
    view = s.view(1)
    calls = [easy.choose(view, random.Random(k)) for k in range(40)]
    plays = [a for a in calls if isinstance(a, Play)]
    assert any(a.makao for a in plays) and any(not a.makao for a in plays)
    assert all(normal.choose(view, random.Random(k)).makao for k in range(10))


@pytest.mark.parametrize("vid", GAMES)
def test_the_hard_search_never_touches_views_events_or_the_checked_path(vid, monkeypatch):
    """Issue 15: playouts run on the fast path (``moves()`` / ``step()``); no state of a sampled
    world is viewed, applied, or asked for its legal actions while the hard AI thinks."""
    from makao_tui.games.shedding import ShedState

    views = [state.view(state.to_act) for state in random_states(vid, 12, seed=7)]

    def forbidden(*args, **kwargs):
        raise AssertionError("the hard search left the fast path")

    for name in ("apply", "view", "legal_actions", "refusal"):
        monkeypatch.setattr(ShedState, name, forbidden)
    hard = ai_for(vid, "hard", get_variant(vid).rules(), FAST)
    for i, view in enumerate(views):
        assert hard.choose(view, random.Random(i)) in view.legal


def test_the_hint_names_the_player_a_penalty_card_is_kept_against():
    from makao_tui.ai import Advice
    from makao_tui.ai.shedding import reason

    state = lay(variant="makao-pl", dealer=1, hands=[["7H", "2S", "9C"], ["KC"]], starter="7C",
                stock=["5D", "6D", "8D", "TD"])
    words = reason(state.view(0), Play(Card.parse("7H")))
    assert Advice(Play(Card.parse("7H")), words).text(["Ann", "Olga"]) == (
        "keeps the 2 to answer a penalty: Olga has 1 card")
    words = reason(state.view(0), Play(Card.parse("9C")))
    assert "Olga has 1 card" in Advice(Play(Card.parse("9C")), words).text(["Ann", "Olga"])


@pytest.mark.parametrize("vid", GAMES)
def test_a_playout_past_the_deadline_makes_no_more_policy_choices(vid, monkeypatch):
    """Issue 15 (the budget kept): a playout reads the clock before each choice of the playout
    policy (one costs far more than a look at the clock), so once the decision's deadline has
    passed it stops at the next choice, not some dozens of moves later."""
    import makao_tui.ai.shedding as shedding

    hard = ai_for(vid, "hard", get_variant(vid).rules(), Thinking(seconds=1.0))
    choices = 0
    policy = shedding.playout_move

    def counted(*args, **kwargs):
        nonlocal choices
        choices += 1
        return policy(*args, **kwargs)

    monkeypatch.setattr(shedding, "playout_move", counted)
    states = random_states(vid, 20, seed=3)
    monkeypatch.setattr(shedding.time, "monotonic", lambda: 10.0)  # seconds: always past the deadline
    for i, state in enumerate(states):
        view = state.view(state.to_act)
        hard._deadline = 1.5
        world = sample_state(view, hard.rules, random.Random(i))
        hard._playout(world, view.legal[0], random.Random(i))
        assert choices == 0


@pytest.mark.parametrize("vid", GAMES)
def test_the_value_of_an_unfinished_deal_comes_from_the_games_config(vid):
    """Issue 15: the hard AI's value of an unfinished deal weighs the features by the weights the
    game's rule config holds (``position_weights``); with none fitted it is an even chance."""
    import dataclasses
    import math

    from makao_tui.ai.shedding import features, position_value

    state = random_states(vid, 1, seed=4)[0]
    seat = state.to_act
    a, b, c = state.rules.position_weights
    lead, to_act = features(state, seat)
    assert position_value(state, seat) == pytest.approx(1 / (1 + math.exp(-(a * lead + b * to_act + c))))
    assert state.rules.position_weights != (0.0, 0.0, 0.0)  # both games have fitted weights
    state.rules = dataclasses.replace(state.rules, position_weights=(0.0, 0.0, 0.0))
    assert position_value(state, seat) == 0.5
