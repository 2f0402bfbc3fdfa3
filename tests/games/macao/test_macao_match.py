"""makao_tui/rules/macao.en.md at match level: the cut, the bank and its shoe, players out of chips, the match end;
and whole random matches (hypothesis): chips conserved, no bankroll below zero, every match ends."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from makao_tui.engine.actions import Stand
from makao_tui.engine.match import Match
from makao_tui.games import get_variant
from makao_tui.games.macao import cut_for_bank, next_banker
from makao_tui.games.macao_events import BankPassed, CardsCut, FirstBanker, HandStarted, ShoeShuffled

VARIANT = get_variant("macao")
CARDS = 104


def names(n: int) -> list[str]:
    return [f"P{i}" for i in range(n)]


def finish_hand(match: Match, rng: random.Random | None = None) -> None:
    """Play the current hand out: random legal actions with ``rng``, else everybody stands."""
    state = match.state
    while not state.is_over:
        match.apply(rng.choice(state.legal_actions()) if rng else Stand())


def play_match(match: Match, rng: random.Random | None = None, limit: int = 5000) -> int:
    """Play the match to its end; return the number of hands (fails past ``limit`` hands)."""
    for hands in range(1, limit + 1):
        finish_hand(match, rng)
        if match.is_over:
            return hands
        match.next_deal()
    raise AssertionError(f"no end after {limit} hands")


# ---------------------------------------------------------------- the cut


def check_cut(cut, players: int) -> None:
    cutting = list(range(players))
    for rnd in cut.rounds:
        assert [s for s, c in enumerate(rnd.cards) if c is not None] == cutting
        low = min(rnd.cards[s].rank_value for s in cutting)
        cutting = [s for s in cutting if rnd.cards[s].rank_value == low]
    assert cutting == [cut.banker]


@given(players=st.integers(2, 8), seed=st.integers(0, 2**32))
def test_lowest_cut_banks_and_ties_cut_again(players, seed):
    cut = cut_for_bank(players, random.Random(seed))
    check_cut(cut, players)
    assert cut_for_bank(players, random.Random(seed)) == cut  # deterministic


def test_a_tie_cuts_again_among_the_tied_only():
    cut = next(c for c in (cut_for_bank(8, random.Random(s)) for s in range(200)) if len(c.rounds) > 1)
    check_cut(cut, 8)
    assert sum(c is not None for c in cut.rounds[1].cards) < 8
    assert "cuts again" in cut.rounds[1].text(names(8))


def test_a_match_draws_its_first_banker_by_the_cut_unless_the_setup_fixes_it():
    match = Match(VARIANT, VARIANT.rules(), names(5), seed=11)
    *rounds, last = match.opening
    assert all(isinstance(e, CardsCut) for e in rounds) and last == FirstBanker(match.first_dealer)
    assert match.current.dealer == match.first_dealer == match.state.dealer
    fixed = Match(VARIANT, VARIANT.rules(), names(5), seed=11, first_dealer=3)
    assert fixed.opening == [] and fixed.state.dealer == 3


# ---------------------------------------------------------------- the bank


def test_the_shoe_goes_on_from_hand_to_hand_within_a_bank():
    match = Match(VARIANT, VARIANT.rules(), names(4), seed=3, first_dealer=1)
    first = match.state
    assert isinstance(first.opening[0], ShoeShuffled) and len(first.shoe) == CARDS - 4
    finish_hand(match)
    shoe, used = first.shoe_cards(), first.used_cards()
    match.next_deal()
    second = match.state
    assert second.dealer == 1 and [type(e) for e in second.opening] == [HandStarted]
    dealt = [second.hands[s][0] for s in (2, 3, 0, 1)]  # banker's left first, banker last
    assert dealt == shoe[:4] and second.shoe_cards() == shoe[4:] and second.spent == used


def test_the_bank_passes_left_with_a_fresh_shoe_when_fewer_than_3_cards_per_player_are_left():
    match = Match(VARIANT, VARIANT.rules(), names(8), seed=5, first_dealer=6)
    hands = 0
    while match.state.dealer == 6:
        assert hands == 0 or len(match.deals[-2].state.shoe) >= 3 * 8
        finish_hand(match)
        match.next_deal()
        hands += 1
    assert len(match.deals[-2].state.shoe) < 3 * 8
    state = match.state
    assert state.dealer == 7 and state.opening[:2] == [BankPassed(7, 6), ShoeShuffled(None, CARDS)]
    assert len(state.shoe) + 8 == CARDS and state.spent == []


def test_a_hand_that_refilled_the_shoe_ends_the_bank():
    match = Match(VARIANT, VARIANT.rules(), names(3), seed=1, first_dealer=0)
    finish_hand(match)
    assert next_banker(match) == 0
    match.state.refilled = True
    assert next_banker(match) == 1


def test_players_without_chips_get_no_cards_and_the_bank_skips_them():
    rules = VARIANT.rules({"bankroll": 10, "stake": 10})
    for seed in range(50):
        match = Match(VARIANT, rules, names(4), seed=seed, first_dealer=0)
        finish_hand(match)
        broke = [s for s, chips in enumerate(match.totals) if chips == 0]
        if broke and not match.is_over:
            break
    else:
        raise AssertionError("no seed left a player without chips")
    match.next_deal()
    state = match.state
    for seat in broke:
        assert state.hands[seat] == [] and seat not in state.order and not state.view(seat).in_play[seat]
    assert all(len(state.hands[s]) == 1 for s in range(4) if s not in broke)
    while not match.is_over:
        finish_hand(match)
        if match.is_over:
            break
        match.next_deal()
        assert match.state.dealer not in broke


def test_rounds_count_turns_of_the_bank():
    for rounds in (1, 2):
        match = Match(VARIANT, VARIANT.rules({"bankroll": 10000, "rounds": rounds}), names(3), seed=2,
                      first_dealer=2)
        play_match(match)
        bankers = [d.dealer for d in match.deals]
        runs = [b for i, b in enumerate(bankers) if i == 0 or bankers[i - 1] != b]
        assert runs == [2, 0, 1] * rounds


def test_the_match_ends_when_one_player_holds_every_chip():
    match = Match(VARIANT, VARIANT.rules({"bankroll": 10, "stake": 10, "rounds": 10}), names(2), seed=4)
    play_match(match)
    assert sorted(match.totals) == [0, 20] and match.winners() == [match.totals.index(20)]


# ---------------------------------------------------------------- whole random matches


@settings(max_examples=40, deadline=None)
@given(players=st.integers(2, 8), seed=st.integers(0, 2**32), bankroll=st.integers(10, 40),
       stake=st.integers(1, 6), rounds=st.integers(1, 2))
def test_random_matches_conserve_chips_pass_the_bank_and_end(players, seed, bankroll, stake, rounds):
    rules = VARIANT.rules({"bankroll": bankroll, "stake": stake, "rounds": rounds})
    match = Match(VARIANT, rules, names(players), seed)
    rng = random.Random(seed)
    travelled = 0
    for _ in range(5000):
        state = match.state
        at_table = [s for s, chips in enumerate(match.totals) if chips > 0]
        assert state.order[-1] == state.dealer and sorted(state.order) == at_table
        assert len(state.shoe) + len(state.used_cards()) == CARDS
        finish_hand(match, rng)
        assert sum(match.current.points) == 0
        assert sum(match.totals) == players * bankroll and min(match.totals) >= 0
        if match.is_over:
            break
        before = state.dealer
        match.next_deal()
        after = match.state.dealer
        if after != before:
            # the bank passes to the next player on the left who still has chips
            skipped = [(before + k) % players for k in range(1, (after - before) % players)]
            assert match.totals[after] > 0 and all(match.totals[s] == 0 for s in skipped)
            travelled += (after - before) % players
        else:
            assert match.totals[before] > 0
    else:
        raise AssertionError("the match did not end")
    alive = sum(chips > 0 for chips in match.totals)
    assert travelled < rounds * players
    last_pass = (next_banker(match) - match.current.dealer) % players
    assert alive == 1 or travelled + last_pass >= rounds * players
    replayed = Match.replay(VARIANT, rules, names(players), seed, None, match.all_actions())
    assert replayed.totals == match.totals and replayed.opening == match.opening


def test_the_bank_passes_when_the_banker_goes_broke_and_says_so():
    """A banker left with no chips hands the bank on with a full shoe: the event gives that reason,
    not a used-up shoe (a tester read "The shoe is used up" with 96 cards in it)."""
    for seed in range(40):
        match = Match(VARIANT, VARIANT.rules({"bankroll": 10, "stake": 10}), names(3), seed=seed)
        finish_hand(match, random.Random(seed))
        banker = match.current.dealer
        if match.totals[banker] == 0 and not match.is_over:
            break
    else:
        raise AssertionError("no seed broke the first bank")
    assert len(match.state.shoe) > 3 * 3
    match.next_deal()
    passed = match.state.opening[0]
    assert passed == BankPassed(match.state.dealer, banker, "broke")
    text = passed.text(names(3))
    assert "no chips left" in text and "shoe" not in text
    assert "The shoe is used up" in BankPassed(1, 0).text(names(3))
