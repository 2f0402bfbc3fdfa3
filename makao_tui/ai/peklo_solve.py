"""The Peklo hard AI's exact solver of one world (makao_tui/rules/peklo.en.md#play, #scoring-and-the-match):
a double-dummy search over the tricks left when every hand is known.

Cards are ints, ``suit * 13 + rank`` (rank 0 the two, 12 the ace), a trump suit is a suit index or
-1 for none, as in :mod:`~makao_tui.ai.peklo_playout`. :class:`Solver` plays the rest of a deal
with every card in sight and returns what the searching seat (``me``) gets by best play when
every other seat plays against it (the *paranoid* model: the others form one side whose aim is
the searching seat's loss, as in a two-sided game, so alpha-beta applies). What a seat wants is
its score by the rules: with ``bid`` and the tricks it ends with, ``final``, the seat's value is
``64 × points − |final − bid|``, ``points`` its points of the deal under the scoring (bid + 10
for an exact bid, else 0; under ``every_trick`` one a trick, plus 10 for an exact bid): the
points first, and among equal points the bid missed by less (a miss by one is nearer a made bid
against players who do not all play against it). :func:`value_points` gives the points back.

The search: alpha-beta (fail-soft) over the cards; at the start of each trick a transposition
table keyed on every seat's cards left, the leader and the tricks the searching seat has taken
since the root holds a lower and an upper bound of the value; there too the value's range over
the tricks still possible (none, or every one, to the searching seat) cuts the search when it
cannot matter; cards of one seat that no card still in play (in a hand or on the table) separates
are played once (equivalent cards); moves are tried highest first while the searching seat still
needs tricks, lowest first once it needs none (for it and for the others: a card that takes a
trick from it, or hands it one, is tried first). A search past ``limit`` nodes gives up
(:attr:`Solver.aborted`): the caller falls back on playouts. Given a clock and a deadline, it
reads the clock every 256 nodes and stops at the deadline (:attr:`Solver.late`): the caller's
budget is kept within a few hundred nodes.

This module is one of the cores of :data:`makao_tui.games.compiled.CORES` (compiled with mypyc on
install, CONTRIBUTING.md "The compiled core"): it imports nothing of the package and its loops
call no lambdas.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

#: the value of a won position is ``SCALE`` × points minus the distance from the bid
SCALE: Final = 64
#: the thirteen cards of suit 0 as a bit mask (bit ``card``)
_SUIT: Final = (1 << 13) - 1
#: beyond any value (an open window)
INF: Final = 1 << 20


def value_points(value: int) -> int:
    """The points of the deal (makao_tui/rules/peklo.en.md#scoring-and-the-match) in a solver's
    ``value`` (``SCALE`` × points − distance from the bid, the distance below ``SCALE``)."""
    return (value + SCALE - 1) // SCALE


def final_value(bid: int, final: int, every_trick: bool) -> int:
    """The value of ending the deal with ``final`` tricks against ``bid`` (see the module
    docstring): ``SCALE`` × the seat's points − ``|final − bid|``; ``every_trick``: the scoring
    counts every trick (makao_tui/rules/peklo.en.md#options)."""
    miss = final - bid if final > bid else bid - final
    points = (10 if miss == 0 else 0) + (final if every_trick else (bid if miss == 0 else 0))
    return SCALE * points - miss


def _strength(card: int, led: int, trump: int) -> int:
    """How strongly ``card`` stands in a trick led in suit ``led``: a trump 200 + rank, the led
    suit 100 + rank, any other card 0 (makao_tui/rules/peklo.en.md#play)."""
    suit = card // 13
    if suit == trump:
        return 200 + card % 13
    if suit == led:
        return 100 + card % 13
    return 0


class Solver:
    """Solves worlds for one decision of seat ``me`` (the seat to act at every root asked of it).

    ``players`` seats; ``trump`` a suit index or -1; ``bid`` the seat's bid and ``taken`` the
    tricks it has taken so far this deal; ``every_trick`` the scoring (see :func:`final_value`);
    ``limit``: nodes the solver may visit for one root, after which it gives up and sets
    :attr:`aborted` (for good). The transposition table is kept from root to root (worlds of one
    decision share many positions late in a deal). :attr:`nodes` counts the nodes of the last
    root, :attr:`solved` the roots solved. ``clock`` (seconds) and ``deadline``: when a clock is
    given, a root still unsolved when it reads ``deadline`` or later stops and sets :attr:`late`
    (until the next root).
    """

    def __init__(self, players: int, me: int, trump: int, bid: int, taken: int, every_trick: bool,
                 limit: int, clock: Callable[[], float] | None = None, deadline: float = 0.0) -> None:
        self.players = players
        self.me = me
        self.trump = trump
        self.bid = bid
        self.taken = taken
        self.every_trick = every_trick
        self.limit = limit
        self.nodes = 0
        self.solved = 0
        self.aborted = False
        self.late = False
        #: whether the search under way is being unwound (too large, or past the deadline)
        self._stop = False
        self.clock = clock
        self.deadline = deadline
        self.lower: dict[int, int] = {}
        self.upper: dict[int, int] = {}
        self.masks: list[int] = [0] * players
        self.table: list[int] = []

    def card_value(self, hands: list[list[int]], leader: int, table: list[int], card: int) -> int:
        """The value (module docstring) for ``me`` of playing ``card`` now and then best play by
        all. ``hands``: every seat's cards left (``me`` the seat to act: ``(leader +
        len(table)) % players``; ``card`` one of its legal cards), not changed; ``leader``: the
        seat that led the trick under way (or leads it); ``table``: its cards so far. The result
        means nothing once :attr:`aborted` or :attr:`late` is set."""
        self._set(hands)
        self.masks[self.me] &= ~(1 << card)
        self.table = list(table)
        self.table.append(card)
        value = self._after_play(leader, 0, -INF, INF)
        if not self._stop:
            self.solved += 1
        return value

    def deal_value(self, hands: list[list[int]], leader: int) -> int:
        """The value (module docstring) for ``me`` of the deal from the first lead, ``leader``'s,
        with ``hands`` (every seat's cards, all of one size; not changed), best play by all: for the
        bid of the solver. The result means nothing once :attr:`aborted` or :attr:`late` is set."""
        self._set(hands)
        self.table = []
        value = self._trick_start(leader, 0, -INF, INF)
        if not self._stop:
            self.solved += 1
        return value

    def _set(self, hands: list[list[int]]) -> None:
        """Take ``hands`` as the bit masks of the root."""
        self.nodes = 0
        self.late = False
        self._stop = self.aborted
        masks = self.masks
        for s in range(self.players):
            m = 0
            for c in hands[s]:
                m |= 1 << c
            masks[s] = m

    def _after_play(self, leader: int, won: int, alpha: int, beta: int) -> int:
        """The value once a card has been added to :attr:`table`: the trick's end, or the next
        seat's turn."""
        table = self.table
        players = self.players
        if len(table) < players:
            return self._turn(leader, won, alpha, beta)
        led = table[0] // 13
        trump = self.trump
        best = -1
        at = 0
        for i in range(players):
            st = _strength(table[i], led, trump)
            if st > best:
                best, at = st, i
        winner = (leader + at) % players
        saved = table
        self.table = []
        value = self._trick_start(winner, won + (1 if winner == self.me else 0), alpha, beta)
        self.table = saved
        return value

    def _bounds(self, won: int, left: int) -> tuple[int, int]:
        """The least and greatest value over the tricks the seat may still end with (``won`` since
        the root, ``left`` tricks to play)."""
        low = INF
        high = -INF
        base = self.taken + won
        for final in range(base, base + left + 1):
            v = final_value(self.bid, final, self.every_trick)
            if v < low:
                low = v
            if v > high:
                high = v
        return low, high

    def _trick_start(self, leader: int, won: int, alpha: int, beta: int) -> int:
        """The value at the start of a trick led by ``leader``."""
        masks = self.masks
        left = masks[leader].bit_count()
        if left == 0:
            return final_value(self.bid, self.taken + won, self.every_trick)
        low, high = self._bounds(won, left)
        if low == high or high <= alpha:
            return high
        if low >= beta:
            return low
        key = won * 8 + leader
        for s in range(self.players):
            key = (key << 52) | masks[s]
        tt_low = self.lower.get(key, low)
        tt_high = self.upper.get(key, high)
        if tt_low >= beta:
            return tt_low
        if tt_high <= alpha:
            return tt_high
        if tt_low == tt_high:
            return tt_low
        a = alpha if alpha > tt_low else tt_low
        b = beta if beta < tt_high else tt_high
        value = self._turn(leader, won, a, b)
        if self._stop:
            return value
        if value <= a:
            self.upper[key] = value
        elif value >= b:
            self.lower[key] = value
        else:
            self.lower[key] = value
            self.upper[key] = value
        return value

    def _moves(self, seat: int, won: int) -> list[int]:
        """The cards ``seat`` may play onto :attr:`table`, one of each run of equivalent cards,
        in the order to try them (module docstring); ``won``: the tricks the searching seat has
        taken since the root."""
        table = self.table
        masks = self.masks
        hand = masks[seat]
        if table:
            suited = hand & (_SUIT << (13 * (table[0] // 13)))
            if suited:
                hand = suited
        live = 0
        for m in masks:
            live |= m
        for c in table:
            live |= 1 << c
        cards: list[int] = []
        rest = hand
        while rest:
            low_bit = rest & -rest
            c = low_bit.bit_length() - 1
            rest ^= low_bit
            # skip c when the next card in play above it in its suit is also one of the options
            top = c - c % 13 + 12
            nxt = c + 1
            while nxt <= top and not (live >> nxt) & 1:
                nxt += 1
            if nxt <= top and (hand >> nxt) & 1:
                continue
            cards.append(c)
        return self._ordered(cards, self.taken + won < self.bid)

    def _ordered(self, cards: list[int], high_first: bool) -> list[int]:
        """``cards`` by their strength on :attr:`table` (as a lead: trumps above the rest), the
        strongest first when ``high_first``."""
        led = self.table[0] // 13 if self.table else -2
        trump = self.trump
        keyed: list[tuple[int, int]] = []
        for c in cards:
            st = _strength(c, led, trump) if led >= 0 else (100 if c // 13 == trump else 0) + c % 13
            keyed.append((-st if high_first else st, c))
        keyed.sort()
        out: list[int] = []
        for _, c in keyed:
            out.append(c)
        return out

    def _turn(self, leader: int, won: int, alpha: int, beta: int) -> int:
        """The value with the seat after the cards of :attr:`table` to play."""
        self.nodes += 1
        if self.nodes > self.limit:
            self.aborted = self._stop = True
            return 0
        if self.nodes & 255 == 0 and self.clock is not None and self.clock() >= self.deadline:
            self.late = self._stop = True
            return 0
        seat = (leader + len(self.table)) % self.players
        moves = self._moves(seat, won)
        masks = self.masks
        table = self.table
        maximize = seat == self.me
        best = -INF if maximize else INF
        for c in moves:
            bit = 1 << c
            masks[seat] ^= bit
            table.append(c)
            v = self._after_play(leader, won, alpha, beta)
            table.pop()
            masks[seat] ^= bit
            if self._stop:
                return 0
            if maximize:
                if v > best:
                    best = v
                if best > alpha:
                    alpha = best
            else:
                if v < best:
                    best = v
                if best < beta:
                    beta = best
            if alpha >= beta:
                break
        return best
