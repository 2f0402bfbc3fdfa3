"""The playouts of the Peklo AIs over int hands (makao_tui/rules/peklo.en.md), the fast path of their search.

Cards are ints, ``suit * 13 + rank`` (:func:`int` of a :class:`~makao_tui.engine.cards.Card`:
rank 0 is the two, 12 the ace), a trump suit is a suit index or -1 for none. :func:`play_out` is
the hard AI's bid-aware playout (its policy :func:`pick`, described in
:mod:`makao_tui.ai.peklo_hard`), :func:`greedy_playout` the normal AI's greedy one (behind its
bid estimate and the hard AI's stand-in bids, :mod:`makao_tui.ai.peklo`). A card's trick
strength is :func:`strength`, here only.

This module is one of the rules cores of :data:`makao_tui.games.compiled.CORES`: ``pip install``
compiles it with mypyc (issue 15, CONTRIBUTING.md "The compiled core"), and the same file runs as
plain Python when it is not. So it imports nothing of the package, its hands and tricks are
lists of ints, and its loops call no lambdas: a ``max``/``min`` with a key is an explicit loop
that keeps the first best card in list order, as those builtins do.
"""

from __future__ import annotations

from collections.abc import Sequence


def strength(card: int, led: int, trump: int) -> int:
    """How strongly ``card`` stands in a trick led in suit ``led`` (makao_tui/rules/peklo.en.md): a trump 200 +
    rank, a card of the led suit 100 + rank, any other card 0 (it cannot win); ``trump`` a suit
    index or -1. The trick's winner is its strongest card (the first of equals: two cards of one
    deck are never equal unless both are 0)."""
    suit = card // 13
    if suit == trump:
        return 200 + card % 13
    if suit == led:
        return 100 + card % 13
    return 0


def _highest_lead(hand: list[int], trump: int) -> int:
    """The first card of ``hand`` (not empty) with the highest rank among its non-trumps, or
    among its trumps when it holds nothing else."""
    choice = hand[0]
    key = choice % 13 if choice // 13 == trump else 13 + choice % 13
    for c in hand:
        k = c % 13 if c // 13 == trump else 13 + c % 13
        if k > key:
            choice, key = c, k
    return choice


def _lowest_throw(hand: list[int], trump: int) -> int:
    """The first card of ``hand`` (not empty) with the lowest rank among its non-trumps, or among
    its trumps when it holds nothing else."""
    choice = hand[0]
    key = 13 + choice % 13 if choice // 13 == trump else choice % 13
    for c in hand:
        k = 13 + c % 13 if c // 13 == trump else c % 13
        if k < key:
            choice, key = c, k
    return choice


def _master_lead(hand: list[int], gone: int, trump: int) -> int:
    """The card of ``hand`` (not empty) a seat that needs tricks leads: its highest *master* (a
    card no card still out can beat in its suit: every higher card of the suit is in ``hand`` or
    in ``gone``, a bit mask of the cards seen to leave play, bit ``card``), side suits before
    trumps; with no master, its lowest card (side suits first), keeping the high cards for when
    they are masters."""
    mine = 0
    for c in hand:
        mine |= 1 << c
    known = mine | gone
    choice = -1
    key = -1
    for c in hand:
        above = (1 << (c - c % 13 + 13)) - (1 << (c + 1))  # the cards of its suit above it
        if known & above == above:
            k = c % 13 if c // 13 == trump else 13 + c % 13
            if k > key:
                choice, key = c, k
    if choice >= 0:
        return choice
    return _lowest_throw(hand, trump)


def pick(hand: list[int], table: list[int], best: int, trump: int, need: int, last: bool, gone: int = 0) -> int:
    """The card the hard AI's playout policy plays from ``hand`` (not empty) onto ``table`` (the
    trick so far, leader first; ``best`` the :func:`strength` of its winning card, 0 when empty);
    ``trump`` a suit index or -1; ``need`` the seat's bid minus its tricks; ``last``: the seat
    plays the trick's last card; ``gone``: the cards seen to leave play (as :func:`play_out`
    keeps it), a bit mask (bit ``card``). The policy is the one :mod:`makao_tui.ai.peklo_hard` describes."""
    if not table:
        if need > 0:
            return _master_lead(hand, gone, trump)
        return _lowest_throw(hand, trump)
    led = table[0] // 13
    suited = [c for c in hand if c // 13 == led]
    options = suited if suited else hand
    if need > 0:
        winners = [c for c in options if strength(c, led, trump) > best]
        if winners:
            choice = winners[0]
            key = strength(choice, led, trump)
            if last or not suited:  # the cheapest winner
                for c in winners:
                    k = strength(c, led, trump)
                    if k < key:
                        choice, key = c, k
            else:  # the highest winner
                for c in winners:
                    k = strength(c, led, trump)
                    if k > key:
                        choice, key = c, k
            return choice
        return _lowest_throw(options, trump)
    losers = [c for c in options if strength(c, led, trump) < best]
    if losers:  # the most dangerous loser: trumps first, then the highest
        choice = losers[0]
        key = 13 + choice % 13 if choice // 13 == trump else choice % 13
        for c in losers:
            k = 13 + c % 13 if c // 13 == trump else c % 13
            if k > key:
                choice, key = c, k
        return choice
    choice = options[0]
    key = strength(choice, led, trump)
    for c in options:  # every card wins: the highest when last, else the lowest
        k = strength(c, led, trump)
        if (k > key) if last else (k < key):
            choice, key = c, k
    return choice


def play_out(hands: list[list[int]], bids: list[int], tricks: Sequence[int], leader: int,
             table: list[int], trump: int, first: int | None = None,
             every_trick: bool = False, played: list[int] | None = None, gone: int = 0) -> tuple[list[int], int]:
    """Play the deal to its end with the policy of :func:`pick` and return (tricks per seat, the
    winner of the trick under way).

    ``hands``: the cards (ints) left in each hand, consumed; ``bids``: every seat's bid;
    ``tricks``: taken so far (copied); ``leader``: the seat that led (or leads) the trick under
    way; ``table``: its cards so far (copied); ``trump``: the trump suit index or -1; ``first``:
    the card the seat to act plays instead of the policy's choice (it must be legal);
    ``every_trick``: every trick scores (``scoring`` ``tricks``), so a seat whose bid is out of
    reach plays for tricks; ``played``: when given, every card played is appended to it, in
    order; ``gone``: the cards every seat has seen leave play before this call (the turned-up
    trump card, the cards played; the trick's ``table`` is added here), a bit mask (bit ``card``),
    read by the policy's leads."""
    players = len(hands)
    taken = list(tricks)
    table = list(table)
    current = -1
    best = 0
    winner = leader
    for c in table:
        gone |= 1 << c
    if table:
        led = table[0] // 13
        for i in range(len(table)):
            st = strength(table[i], led, trump)
            if st > best:
                best, winner = st, (leader + i) % players
    while True:
        seat = (leader + len(table)) % players
        hand = hands[seat]
        if not hand:
            break
        if first is not None:
            card = first
            first = None
        else:
            need = bids[seat] - taken[seat]
            if every_trick and (need < 0 or need > len(hand)):
                need = len(hand)
            card = pick(hand, table, best, trump, need, len(table) == players - 1, gone)
        hand.remove(card)
        gone |= 1 << card
        if played is not None:
            played.append(card)
        if not table:
            best, winner = 0, seat
        table.append(card)
        st = strength(card, table[0] // 13, trump)
        if st > best:
            best, winner = st, seat
        if len(table) == players:
            taken[winner] += 1
            if current < 0:
                current = winner
            leader, table, best = winner, [], 0
    return taken, current


def greedy_playout(hands: list[list[int]], leader: int, trump: int, played: list[int] | None = None) -> list[int]:
    """Tricks per seat when every seat plays greedily from the start of a deal: the leader leads
    its highest card (trumps last), the others take the trick with their cheapest winning card
    when they can, else throw their lowest (following suit when able). ``hands``: the cards
    (ints) of each seat, all of one size, consumed; ``leader``: the first trick's leader;
    ``trump`` a suit index or -1; ``played``: when given, every card played is appended to it,
    in order."""
    players = len(hands)
    taken = [0] * players
    for _ in range(len(hands[0])):
        hand = hands[leader]
        card = _highest_lead(hand, trump)
        hand.remove(card)
        if played is not None:
            played.append(card)
        led = card // 13
        best = strength(card, led, trump)
        winner = leader
        for i in range(1, players):
            seat = (leader + i) % players
            hand = hands[seat]
            suited = [c for c in hand if c // 13 == led]
            choice = suited if suited else hand
            beating = [c for c in choice if strength(c, led, trump) > best]
            if beating:
                choice = beating
            # the lowest (strength, rank) of the choice: a rank is below 16
            card = choice[0]
            key = strength(card, led, trump) * 16 + card % 13
            for c in choice:
                k = strength(c, led, trump) * 16 + c % 13
                if k < key:
                    card, key = c, k
            hand.remove(card)
            if played is not None:
                played.append(card)
            st = strength(card, led, trump)
            if st > best:
                best, winner = st, seat
        taken[winner] += 1
        leader = winner
    return taken
