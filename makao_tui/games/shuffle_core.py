"""The shuffle of the rules cores (:mod:`~makao_tui.games.shedding_core`,
:mod:`~makao_tui.games.peklo_core`): the same numbers drawn as :meth:`random.Random.shuffle`, so
that deals, saved matches and replays do not change, in a loop compiled with mypyc (CONTRIBUTING.md
"The compiled core"). A core of its own because neither rules core may import the other (the
import contracts in pyproject.toml); like the other cores outside the rules it imports nothing of
the package.
"""

from __future__ import annotations

import random


def shuffle(rng: random.Random, cards: list) -> None:
    """Shuffle ``cards`` in place with ``rng`` exactly as ``rng.shuffle(cards)`` does (the same
    numbers drawn from its stream; tests/games/shedding compare the two), without a call to the
    generator's ``_randbelow`` a card: from the last place down, each card changes places with one
    drawn uniformly from it and those before it, by rejection from ``getrandbits`` of the bit
    length of their count. A subclass of :class:`random.Random` is left to its own ``shuffle``
    (the engine benchmark's counting generator is one)."""
    if type(rng) is not random.Random:
        rng.shuffle(cards)
        return
    bits = rng.getrandbits
    for i in range(len(cards) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        j = bits(k)
        while j >= n:
            j = bits(k)
        cards[i], cards[j] = cards[j], cards[i]
