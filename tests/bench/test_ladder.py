"""bench/ladder.py (issue 32 item 3): its Elo fit reads a known share of wins right, and a smoke
run of a game plays every pair of levels and prints a verdict."""

from __future__ import annotations

import importlib.util
import math
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parents[2] / "bench"


@pytest.fixture(scope="module")
def ladder():
    sys.path.insert(0, str(BENCH))
    try:
        spec = importlib.util.spec_from_file_location("ladder", BENCH / "ladder.py")
        module = importlib.util.module_from_spec(spec)
        sys.modules["ladder"] = module  # its dataclasses look their module up while they are made
        spec.loader.exec_module(module)
        yield module
    finally:
        sys.modules.pop("ladder", None)
        sys.path.remove(str(BENCH))


def test_the_fit_gives_the_elo_of_a_known_share_of_wins(ladder):
    # 300 won, 100 lost: odds 3 to 1 (the prior's one draw moves it a hair): 400 log10 3 = 191
    pair = ladder.Pair("strong", "weak", [(1.0, 1.0)] * 150 + [(0.0, 0.0)] * 50)
    ratings = ladder.fit(["weak", "strong"], [pair])
    assert ratings["weak"] == 0
    assert ratings["strong"] == pytest.approx(400 * math.log10(300.5 / 100.5), abs=0.5)


def test_a_level_that_wins_everything_gets_a_finite_rating(ladder):
    pair = ladder.Pair("b", "a", [(1.0, 1.0)] * 10)
    assert math.isfinite(ladder.fit(["a", "b"], [pair])["b"])


def test_a_smoke_run_plays_every_pair_and_says_a_verdict(ladder, capsys):
    assert ladder.main(["makao-pl", "--smoke"]) == 0
    out = capsys.readouterr().out
    for pair in ("normal v easy", "hard v easy", "hard v normal"):
        assert pair in out
    assert "verdict:" in out and "smoke run" in out
