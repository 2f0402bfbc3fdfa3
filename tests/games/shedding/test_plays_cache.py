"""The shedding core's cache of plays (``_Tables.plays``): bounded, and emptied a little at a time."""

from __future__ import annotations

import random

from makao_tui.games import get_variant, shedding_core
from makao_tui.games.shedding_core import PLAYS_DROPPED, PLAYS_KEPT


def test_a_full_cache_of_plays_drops_its_oldest_lists_not_all_of_them():
    variant = get_variant("makao-pl")
    rules = variant.rules({"deals": 97})  # rules no other test uses: a cache of its own
    cache = shedding_core._tables(rules).plays
    cache.clear()
    cache.update((-1 - i, ((), 0)) for i in range(PLAYS_KEPT))  # keys no hand makes
    state = variant.deal(rules, 2, 0, random.Random(3), None)
    moves = state.moves()
    assert len(cache) == PLAYS_KEPT - PLAYS_DROPPED + 1
    assert all(-1 - i not in cache for i in range(PLAYS_DROPPED))
    assert all(-1 - i in cache for i in range(PLAYS_DROPPED, PLAYS_KEPT))
    # the plays are the ones an empty cache gives
    fresh = variant.rules({"deals": 98})
    shedding_core._tables(fresh).plays.clear()
    assert moves == variant.deal(fresh, 2, 0, random.Random(3), None).moves() == state.moves()
    cache.clear()
