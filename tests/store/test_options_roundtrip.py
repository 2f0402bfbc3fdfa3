"""A saved match keeps its rules: presets and options of makao_tui/rules/makao-pl.en.md#house-rules come back with
the match and
its replay plays under them (issue 14 "Tests": saved games with options resume with them)."""

from __future__ import annotations

import pytest

from makao_tui.engine.match import Match
from makao_tui.games import get_variant
from makao_tui.store import open_store

from .test_roundtrip import assert_same, names
from .util import SHORT, play, short_setup

#: per game: a preset and options over it that differ from the seed rules wherever they can
CHANGED = {
    "makao-pl": ("house", {"jokers": True, "makao_out": True, "deals": 3}),
    "makao-ru": ("house", {"jokers": True, "play_after_draw": "any", "ace_points": "hearts", "loss_limit": 200}),
    "peklo": ("house", {}),
    "macao": ("seed", {"banker_rates": "ties"}),
}


@pytest.fixture
def store(tmp_path):
    with open_store(tmp_path / "saves.sqlite3") as s:
        yield s


@pytest.mark.parametrize("game", sorted(CHANGED))
def test_a_match_under_changed_rules_is_saved_and_resumed_with_them(store, game):
    variant, _, seats = short_setup(game)
    preset, options = CHANGED[game]
    rules = variant.rules(options, preset)
    assert rules != variant.rules(SHORT[game][0])
    writer = store.start_match(variant, rules, seats, seed=77)
    match = Match(variant, rules, names(seats), 77)
    play(match, 15, writer)
    assert not match.is_over
    writer.close()
    saved = store.load(writer.id)
    assert saved.rules == rules and saved.rules == get_variant(game).rules(options, preset)
    assert_same(saved.rebuild(), match)
    with store.resume(writer.id) as again:
        assert again.saved.rules == rules
