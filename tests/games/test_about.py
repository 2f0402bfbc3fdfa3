"""What the start screen says of each game (``makao_tui.games.about``) is what its rules say: each
:class:`GameInfo` agrees with its game's :class:`Variant`, every game module has one, and asking
what a game is loads no rules."""

from __future__ import annotations

import dataclasses
import importlib
import pkgutil
import subprocess
import sys

import pytest

import makao_tui.games
from makao_tui.engine.variant import GameInfo, RulesError, Variant
from makao_tui.games import all_games, all_variants, game_info, get_variant, variants
from makao_tui.games.about import GAMES


@pytest.mark.parametrize("info", GAMES, ids=[g.id for g in GAMES])
def test_each_description_is_its_variants_own(info):
    variant = get_variant(info.id)
    described = {f.name: getattr(variant, f.name) for f in dataclasses.fields(GameInfo)}
    assert GameInfo(**described) == info
    assert variant.__module__ == "makao_tui.engine.variant"
    assert variant.deal.__module__.startswith("makao_tui.games.")
    assert importlib.import_module(f"makao_tui.games.{info.module}").VARIANT is variant
    assert (variant.title(), variant.blurb_text(), variant.deal_noun()) == (info.title(), info.blurb_text(),
                                                                           info.deal_noun())


def test_every_game_module_is_described_in_the_start_screens_order():
    modules = {m.name for m in pkgutil.iter_modules(makao_tui.games.__path__)}
    with_variant = sorted(m for m in modules if isinstance(
        getattr(importlib.import_module(f"makao_tui.games.{m}"), "VARIANT", None), Variant))
    assert sorted(g.module for g in GAMES) == with_variant
    assert [v.id for v in all_variants()] == [g.id for g in all_games()] == list(variants())
    assert len({g.id for g in GAMES}) == len(GAMES)


def test_an_unknown_game_is_a_rules_error_naming_the_known_ones():
    for bad in ("poker", ["macao"], None):
        with pytest.raises(RulesError, match=r"unknown game .*known: makao-ru, makao-pl, macao, peklo"):
            get_variant(bad)  # type: ignore[arg-type]
        with pytest.raises(RulesError):
            game_info(bad)  # type: ignore[arg-type]


def test_telling_what_the_games_are_loads_no_rules():
    code = ("import sys; from makao_tui.games import all_games, game_info; "
            "[g.title() for g in all_games()]; game_info('macao').check_players(3); "
            "print(sorted(m for m in sys.modules if m.startswith('makao_tui.games.') or m in "
            "('makao_tui.engine.match', 'makao_tui.engine.state', 'makao_tui.engine.events')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    # compiled: the finder that picks the rules cores (stdlib only, no rules)
    assert out.stdout.strip() == "['makao_tui.games.about', 'makao_tui.games.compiled']"
    code = "import sys; from makao_tui.games import get_variant; get_variant('macao'); print(sorted(sys.modules))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert "makao_tui.games.macao" in out.stdout and "makao_tui.games.peklo" not in out.stdout
