"""The Macao AI levels (issue 7): legal at every level, hard decides from its view only, hard is the
exact optimum of bench/macao_optimum.py's brute-force enumeration, and it explains itself."""

from __future__ import annotations

import random

import pytest

from bench.macao_optimum import reference_values
from makao_tui.ai import LEVELS, ai_for
from makao_tui.ai.macao import exact_values
from makao_tui.engine.actions import Draw, Replace, Stand
from makao_tui.engine.cards import Card, deck
from makao_tui.games.macao_rules import MacaoRules
from makao_tui.games.macao_state import MacaoState
from tests.games.macao.util import table


def random_hand(seed: int) -> MacaoState:
    """A hand of 2..8 players from a shuffled shoe with some spent cards, a few random legal
    actions into it (not over)."""
    rng = random.Random(seed)
    players = rng.randint(2, 8)
    while True:
        shoe = deck(2)
        rng.shuffle(shoe)
        spent = [shoe.pop() for _ in range(rng.choice([0, 10, 40, 104 - 3 * players]))]
        hands = [[shoe.pop()] for _ in range(players)]
        state = MacaoState(MacaoRules(), players, rng.randrange(players), hands, shoe, spent,
                           [100] * players, random.Random(seed))
        for _ in range(rng.randrange(0, 2 * players)):
            if state.to_act is None:
                break
            state.apply(rng.choice(state.legal_actions()))
        if state.to_act is not None:
            return state


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_plays_legal_moves_as_punter_and_banker(level):
    ai = ai_for("macao", level)
    roles = set()
    for seed in range(60):
        state = random_hand(seed)
        view = state.view(state.to_act)
        roles.add(view.is_banker)
        assert ai.choose(view, random.Random(seed)) in view.legal
    assert roles == {True, False}


def shuffled_hidden(state: MacaoState, seat: int, rng: random.Random) -> MacaoState:
    """A copy of ``state`` in which the cards ``seat`` cannot see (the other hands and the shoe)
    are dealt anew, every hand keeping its size."""
    copy = state.clone()
    others = [s for s in range(copy.players) if s != seat]
    hidden = [c for s in others for c in copy.hands[s]] + copy.shoe
    rng.shuffle(hidden)
    for s in others:
        size = len(copy.hands[s])
        copy.hands[s], hidden = hidden[:size], hidden[size:]
    copy.shoe = hidden
    return copy


def test_hard_decides_the_same_when_only_hidden_cards_differ():
    hard = ai_for("macao", "hard")
    differ = 0
    for seed in range(40):
        state = random_hand(seed)
        seat = state.to_act
        other = shuffled_hidden(state, seat, random.Random(seed))
        differ += other.hands != state.hands or other.shoe != state.shoe
        assert hard.advise(state.view(seat), random.Random(7)) == hard.advise(other.view(seat), random.Random(7))
    assert differ > 30


C = Card.parse


def everything_but(*cards: str) -> str:
    """The two packs less ``cards``, as card texts."""
    rest = deck(2)
    for text in cards:
        rest.remove(C(text))
    return " ".join(str(c) for c in rest)


POSITIONS = {
    # seat 1 to act, the banker seat 0; a fresh shoe of the rest
    "low card draws": (table(["9S", "5H"], everything_but("9S", "5H"), dealer=0), Draw),
    "natural 8 stands": (table(["9S", "8H"], everything_but("9S", "8H"), dealer=0), Stand),
    "natural 9 stands": (table(["2S", "9H"], everything_but("2S", "9H"), dealer=0), Stand),
    "a 0-card is thrown away": (table(["2S", "KH"], everything_but("2S", "KH"), dealer=0), Replace),
    # shoe empty: every other card is spent, so the banker's card is an 8 and the next cards come
    # from the spent ones; standing ties the banker's 8 at -2, a drawn ace makes 9 and wins
    "a natural 8 draws against a known 8": (
        table(["8D", "8H"], "", dealer=0, spent=everything_but("8D", "8H")), Draw),
}


@pytest.mark.parametrize("name", POSITIONS)
def test_hard_matches_brute_force_enumeration(name):
    state, expected = POSITIONS[name]
    view = state.view(state.to_act)
    reference = reference_values(view)
    best = max(reference.values())
    assert reference[expected] == pytest.approx(best, abs=1e-12)
    assert all(v < best - 1e-9 for k, v in reference.items() if k is not expected)
    assert type(ai_for("macao", "hard").choose(view, random.Random(0))) is expected


def test_hard_values_are_the_enumerated_values():
    checked = 0
    for seed in range(80):
        state = random_hand(seed)
        view = state.view(state.to_act)
        if view.is_banker or Replace in {type(a) for a in view.legal}:
            continue
        mine, reference = exact_values(view), reference_values(view)
        assert mine.keys() == reference.keys()
        assert all(mine[k] == pytest.approx(reference[k], abs=1e-12) for k in mine)
        checked += 1
    assert checked >= 15


def test_hard_advice_gives_a_short_reason():
    hard = ai_for("macao", "hard")
    reasons = set()
    for seed in range(40):
        state = random_hand(seed)
        view = state.view(state.to_act)
        advice = hard.advise(view, random.Random(seed))
        assert advice.action == hard.choose(view, random.Random(seed))
        assert advice.action in view.legal
        assert advice.reason[0].islower() and len(advice.reason) <= 70
        reasons.add(advice.reason.split(":")[0])
    assert len(reasons) >= 4


def test_easy_sometimes_forgets_to_throw_away_a_zero():
    easy = ai_for("macao", "easy")
    view = table(["2S", "KH"], everything_but("2S", "KH"), dealer=0).view(1)
    kinds = {type(easy.choose(view, random.Random(seed))) for seed in range(40)}
    assert kinds == {Replace, Draw}
