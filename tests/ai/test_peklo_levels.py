"""The three Peklo AI levels (issue 7): legal actions at every level, the hard level's decisions
from the seat's view only, the world sampler of games/peklo.py, and the hard level's reasons."""

from __future__ import annotations

import random

import pytest

from makao_tui.ai import Thinking, ai_for, levels_for
from makao_tui.ai.peklo_hard import HardPekloAI, play_out
from makao_tui.engine.actions import Bid, Play
from makao_tui.engine.cards import SUITS, Card
from makao_tui.games.peklo import PekloRules, PekloState, deal_count, known_voids, sample_world
from tests.games.peklo.util import bid_all, cards, deal_of, play

FEW = Thinking(seconds=None, playouts=24)


def random_states(count: int, seed: int = 0):
    """``count`` Peklo deals (3–6 players, any deal size, hook on or off) played a random number
    of legal steps in, short of the end."""
    rng = random.Random(seed)
    for _ in range(count):
        players = rng.randint(3, 6)
        state = PekloState.deal(PekloRules(hook=rng.random() < 0.5), players, rng.randrange(players),
                                rng.randint(1, deal_count(players)), rng)
        for _ in range(rng.randrange(players * (state.size + 1))):
            state.apply(rng.choice(state.legal_actions()))
        yield state


def test_every_level_is_registered():
    assert levels_for("peklo") == ["easy", "normal", "hard"]


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_every_level_returns_a_legal_bid_or_play(level):
    kinds = set()
    for i, state in enumerate(random_states(40, seed=1)):
        view = state.view(state.to_act)
        action = ai_for("peklo", level, state.rules, FEW).choose(view, random.Random(i))
        assert action in view.legal
        kinds.add(type(action))
    assert kinds == {Bid, Play}


def test_hard_respects_the_hook():
    # the dealer (seat 2) holds three sure trumps, but 0 + 0 + 3 would add up to the deal size
    state = deal_of([["2C", "3C", "4C"], ["2D", "3D", "4D"], ["AH", "KH", "QH"]], "5H", dealer=2, hook=True)
    state.apply(Bid(0))
    state.apply(Bid(0))
    view = state.view(2)
    assert Bid(3) not in view.legal
    assert ai_for("peklo", "hard", state.rules, FEW).choose(view, random.Random(0)) in view.legal


def shuffle_hidden(state: PekloState, seed: int) -> PekloState:
    """A copy of ``state`` whose other hands are dealt anew from their own cards (each keeps its
    size): only cards hidden from the seat to act differ."""
    other = state.clone()
    me = state.to_act
    hidden = [c for s, h in enumerate(other.hands) if s != me for c in h]
    random.Random(seed).shuffle(hidden)
    for s in range(state.players):
        if s != me:
            n = len(other.hands[s])
            other.hands[s], hidden = hidden[:n], hidden[n:]
    return other


def test_hard_decides_the_same_whatever_the_hidden_cards():
    checked = 0
    for i, state in enumerate(random_states(30, seed=2)):
        other = shuffle_hidden(state, i)
        if other.hands == state.hands:
            continue
        me = state.to_act
        first = ai_for("peklo", "hard", state.rules, FEW).advise(state.view(me), random.Random(i))
        second = ai_for("peklo", "hard", state.rules, FEW).advise(other.view(me), random.Random(i))
        assert first == second
        checked += 1
    assert checked >= 20


def test_the_sampled_world_agrees_with_the_view():
    for i, state in enumerate(random_states(60, seed=3)):
        seat = random.Random(i).randrange(state.players)
        view = state.view(seat)
        world = sample_world(view, state.rules, random.Random(i))
        assert world.view(seat) == view
        for s, suits in enumerate(known_voids(view)):
            assert not any(c.suit in suits for c in world.hands[s])


def test_the_sampler_deals_the_unseen_cards_at_random_around_the_voids():
    # seat 1 leads a club; seats 2 and 3 show they hold none; seat 0 looks on
    state = deal_of([["2C", "2D", "AS"], ["3C", "5H", "6H"], ["4D", "7H", "8H"], ["9H", "TH", "JH"]], "2S")
    bid_all(state, {0: 1, 1: 1, 2: 1, 3: 0})
    play(state, "3C", "7H", "9H")
    view = state.view(0)
    voids = known_voids(view)
    assert voids == [set(), set(), {"C"}, {"C"}]
    seen = set()
    for seed in range(30):
        world = sample_world(view, state.rules, random.Random(seed))
        assert world.view(0) == view
        for s in (2, 3):
            assert not any(c.suit == "C" for c in world.hands[s])
        seen.add(tuple(tuple(sorted(h)) for h in world.hands))
    assert len(seen) == 30


def test_the_hard_worlds_give_the_high_cards_to_the_seat_that_bid_high(monkeypatch):
    """Inference from bids (issue 15): in the hard AI's worlds a seat that bid 5 of 7 holds more
    of the cards that take tricks than one that bid 0; dealt without it, the two are alike."""
    import makao_tui.ai.peklo_hard as peklo_hard

    state = PekloState.deal(PekloRules(hook=True), 4, 0, 7, random.Random(5))
    state.apply(Bid(5))  # seat 1
    state.apply(Bid(0))  # seat 2
    view = state.view(3)
    trump = SUITS.index(view.trump_suit) if view.trump_suit is not None else -1

    def strength(hand: list[int]) -> int:
        """Cards of ``hand`` (ints, ``suit * 13 + rank``) that are trumps or a queen or higher."""
        return sum(1 for c in hand if c % 13 >= 10 or c // 13 == trump)

    def gap() -> int:
        rng = random.Random(1)
        sampler = peklo_hard.WorldSampler(view, trump)
        worlds = [sampler.world(rng) for _ in range(200)]
        return sum(strength(w.hands[1]) - strength(w.hands[2]) for w in worlds)

    assert gap() > 300  # on average 1.5 more high cards or trumps a world in the high bidder's hand
    monkeypatch.setattr(peklo_hard, "BID_TRIES", 1)  # every deal kept: no inference
    assert abs(gap()) < 60


def test_playout_follows_suit_and_counts_every_trick():
    # seat 0 leads the ace of spades; everybody must follow
    hands = [[int(c) for c in cards(*h)] for h in (["AS", "2C"], ["3S", "KC"], ["4S", "AC"])]
    taken, current = play_out(hands, [1, 0, 1], [0, 0, 0], 0, [], -1)
    assert taken == [1, 0, 1] and current == 0
    assert hands == [[], [], []]


def advice_for(state: PekloState, seat: int):
    return HardPekloAI(Thinking(seconds=None, playouts=200)).advise(state.view(seat), random.Random(0))


def test_hard_ducks_when_one_more_trick_would_break_the_bid():
    state = deal_of([["5S", "AS"], ["9S", "2C"], ["3C", "4C"]], "2D")
    bid_all(state, {1: 0, 2: 0, 0: 0})
    play(state, "9S", "3C")  # seat 1 leads the nine of spades, seat 2 throws a club
    advice = advice_for(state, 0)
    assert advice.action == Play(Card.parse("5S"))
    assert advice.text(["Ann", "Olga", "Piotr"]) == "ducks under Olga's card: one more trick would break the bid"
    assert advice.text() == "ducks under seat 2's card: one more trick would break the bid"


def test_hard_takes_the_trick_it_needs():
    state = deal_of([["5S", "AS"], ["9S", "2C"], ["3C", "4C"]], "2D")
    bid_all(state, {1: 0, 2: 0, 0: 2})
    play(state, "9S", "3C")
    advice = advice_for(state, 0)
    assert advice.action == Play(Card.parse("AS"))
    assert advice.reason == "takes the trick: 2 more are needed for the bid"


def test_hard_bids_its_sure_tricks_and_says_why():
    # two top trumps and nothing else of worth: two tricks
    state = deal_of([["AH", "KH", "2C"], ["3C", "4D", "5S"], ["6C", "7D", "8S"]], "2H", dealer=2)
    advice = advice_for(state, 0)
    assert advice.action == Bid(2)
    assert advice.reason.startswith("bids 2: takes exactly 2 in ")
    assert len(advice.reason) < 70


def test_the_hard_search_never_touches_views_events_or_the_checked_path(monkeypatch):
    """Issue 15: playouts run on ints (the fast path); no state is viewed, applied or asked for its
    legal actions while the hard AI thinks."""
    views = [state.view(state.to_act) for state in random_states(12, seed=5)]

    def forbidden(*args, **kwargs):
        raise AssertionError("the hard search left the fast path")

    for name in ("apply", "view", "legal_actions", "refusal"):
        monkeypatch.setattr(PekloState, name, forbidden)
    ai = HardPekloAI(FEW)
    for i, view in enumerate(views):
        assert ai.advise(view, random.Random(i)).action in view.legal
