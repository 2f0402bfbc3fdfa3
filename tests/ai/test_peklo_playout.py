"""The Peklo AIs' playouts over int hands (makao_tui/ai/peklo_playout.py) keep the rules engine's
trick rules (makao_tui/rules/peklo.en.md): every card they play is legal in :class:`PekloState`, and the engine,
given the same cards, gives every trick to the seat the playout gave it to. (Compiled and pure
play alike: tests/games/test_compiled_cores.py.)"""

from __future__ import annotations

import random

import pytest

from makao_tui.ai.peklo_playout import greedy_playout, pick, play_out
from makao_tui.engine.actions import Play
from makao_tui.engine.cards import Card
from makao_tui.games.peklo import PekloRules, PekloState, deal_count
from tests.games.peklo.util import cards


def dealt(seed: int) -> tuple[PekloState, random.Random]:
    """A deal of 3–7 players (any deal of the match, so with or without trump), bid at random."""
    rng = random.Random(seed)
    players = rng.randint(3, 7)
    state = PekloState.deal(PekloRules(hook=rng.random() < 0.5), players, rng.randrange(players),
                            rng.randint(1, deal_count(players)), rng)
    while state.phase == "bid":
        state.apply(rng.choice(state.legal_actions()))
    return state, rng


def replay(state: PekloState, played: list[int]) -> None:
    """Apply ``played`` (ints) to ``state`` as Play actions, each one legal, to the deal's end."""
    for card in played:
        action = Play(Card(card))
        assert action in state.legal_actions()
        state.apply(action)
    assert state.is_over


@pytest.mark.parametrize("seed", range(150))
def test_the_greedy_playout_plays_legal_cards_and_counts_tricks_as_the_engine(seed):
    state, _ = dealt(seed)
    trump = int(state.trump) // 13 if state.trump is not None else -1
    played: list[int] = []
    taken = greedy_playout([[int(c) for c in h] for h in state.hands], state.leader, trump, played)
    assert len(played) == state.players * state.size
    replay(state, played)
    assert taken == state.tricks


@pytest.mark.parametrize("seed", range(150))
@pytest.mark.parametrize("every_trick", [False, True])
def test_the_hard_playout_plays_legal_cards_and_counts_tricks_as_the_engine(seed, every_trick):
    """From a random point of the play (a trick under way or not), with the first card given or
    the policy's: the tricks per seat and the winner of the trick under way are the engine's."""
    state, rng = dealt(seed)
    for _ in range(rng.randrange(state.players * state.size)):
        state.apply(rng.choice(state.legal_actions()))
    trump = int(state.trump) // 13 if state.trump is not None else -1
    first = int(rng.choice(state.legal_actions()).card) if rng.random() < 0.5 else None
    before = len(state.history)
    played: list[int] = []
    bids = [int(b or 0) for b in state.bids]  # every seat has bid
    taken, current = play_out([[int(c) for c in h] for h in state.hands], bids, tuple(state.tricks), state.leader,
                              [int(c) for c in state.trick], trump, first, every_trick, played)
    assert first is None or played[0] == first
    replay(state, played)
    assert taken == state.tricks
    assert current == state.history[before].winner


def ints(*labels: str) -> list[int]:
    """The cards of ``labels`` (makao_tui/rules/peklo.en.md texts) as the playouts' ints."""
    return [int(c) for c in cards(*labels)]


def test_a_seat_that_needs_tricks_leads_a_master_or_else_low():
    # hearts are trump; the seat needs a trick
    trump = int(Card.parse("2H")) // 13
    hand = ints("KS", "QS", "5C", "9H")
    # the ace of spades still out: no master in spades, none in clubs or hearts: the lowest side card
    assert pick(hand, [], 0, trump, 1, False) == int(Card.parse("5C"))
    # the ace of spades seen to fall: the king is a master and is led before the queen
    assert pick(hand, [], 0, trump, 1, False, 1 << int(Card.parse("AS"))) == int(Card.parse("KS"))
    # a master trump (everything above the nine gone) is led only when no side suit has one
    gone = sum(1 << c for c in ints("TH", "JH", "QH", "KH", "AH"))
    assert pick(hand, [], 0, trump, 1, False, gone) == int(Card.parse("9H"))
    assert pick(hand, [], 0, trump, 1, False, gone | 1 << int(Card.parse("AS"))) == int(Card.parse("KS"))
    # a seat that needs none leads its lowest side card whatever has gone
    assert pick(hand, [], 0, trump, 0, False, gone) == int(Card.parse("5C"))


def test_the_playout_counts_the_cards_of_the_trick_as_gone():
    # seat 1 takes the first trick (its ace of spades over seat 0's two; seat 2, void, throws
    # its ace of clubs) and then, needing two more, leads its king of clubs, now a master, before
    # its king of hearts (the first of its highest cards)
    hands = [ints("2S", "3D", "5D"), ints("AS", "KH", "KC"), ints("AC", "4D", "6D")]
    played: list[int] = []
    taken, _ = play_out(hands, [0, 3, 0], [0, 0, 0], 0, [], -1, played=played)
    assert played[:4] == ints("2S", "AS", "AC", "KC") and taken == [0, 3, 0]
