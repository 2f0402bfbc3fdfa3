"""``makao simulate``: AI-only matches, their JSON figures, determinism, capping and errors."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from makao_tui.ai import levels_for
from makao_tui.cli import app
from makao_tui.sim import levels, player_for, wilson_interval

runner = CliRunner()


def simulate_json(*args: str) -> dict:
    result = runner.invoke(app, ["simulate", *args, "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_json_shape_for_peklo():
    out = simulate_json("peklo", "--seats", "normal,normal,normal", "--games", "2", "--seed", "3")
    assert out["game"] == "peklo" and out["games"] == 2 and out["finished"] + out["capped"] == 2
    assert len(out["seats"]) == 3
    for i, seat in enumerate(out["seats"]):
        assert seat["seat"] == i and seat["level"] == "normal" and seat["name"] == f"AI {i + 1}"
        assert seat["deals"] == 2 * 17  # 3 players: deals 1..17
        assert 0 <= seat["exact_bid_rate"] <= 1
        low, high = seat["win_rate_95"]
        assert 0 <= low <= seat["win_rate"] <= high <= 1
        assert "chips_per_hand" not in seat
    assert sum(s["wins"] for s in out["seats"]) >= out["finished"]


def test_macao_reports_chips_per_hand_and_chips_are_conserved():
    out = simulate_json("macao", "--seats", "normal,normal", "--games", "2", "--seed", "1")
    seats = out["seats"]
    assert all("chips_per_hand" in s and "exact_bid_rate" not in s for s in seats)
    assert abs(sum(s["points_per_deal"] for s in seats)) < 1e-9


def test_same_seed_same_figures_other_seed_other_figures():
    args = ("makao-ru", "--seats", "normal,normal", "--games", "3", "--option", "loss_limit=200")
    first = simulate_json(*args, "--seed", "5")
    assert simulate_json(*args, "--seed", "5") == first
    assert simulate_json(*args, "--seed", "6") != first
    assert first["options"] == {"loss_limit": 200}


def test_a_match_over_the_action_budget_is_reported_as_capped():
    out = simulate_json("makao-pl", "--seats", "normal,normal", "--games", "2", "--max-actions", "20")
    assert out["capped"] == 2 and out["finished"] == 0 and out["capped_matches"] == [0, 1]
    assert out["actions"] == 40
    assert all(s["wins"] == 0 and s["win_rate"] is None for s in out["seats"])


def test_table_output():
    result = runner.invoke(app, ["simulate", "makao-pl", "--seats", "normal,normal", "--games", "2",
                                 "--option", "deals=1", "--seed", "1"])
    assert result.exit_code == 0, result.output
    for word in ("Polish Makao: 2 AI matches", "normal", "AI 2", "95 % CI", "Pts/deal", "2 finished, 0 capped"):
        assert word in result.stdout


def test_macaos_table_counts_points_by_the_hand():
    """Macao calls its deal a hand: "Pts/hand" beside "Chips/hand", not "Pts/deal"."""
    result = runner.invoke(app, ["simulate", "macao", "--seats", "normal,normal", "--games", "1", "--seed", "1"],
                           env={"COLUMNS": "160"})
    assert result.exit_code == 0, result.output
    assert "Pts/hand" in result.stdout and "Chips/hand" in result.stdout and "deal" not in result.stdout


def test_table_output_in_russian():
    result = runner.invoke(app, ["--lang", "ru", "simulate", "makao-pl", "--seats", "hard,easy", "--games", "1",
                                 "--option", "deals=1", "--seed", "1", "--playouts", "5"])
    assert result.exit_code == 0, result.output
    for word in ("Макао: 1 партия ИИ", "сильный", "лёгкий", "ИИ 2"):
        assert word in result.stdout
    assert "hard" not in result.stdout and "AI 2" not in result.stdout


@pytest.mark.parametrize("args, message", [
    (["peklo", "--seats", "normal,master,normal"], "unknown AI level 'master' (levels: easy, normal, hard)"),
    (["nope"], "unknown game 'nope'"),
    (["makao-ru", "--option", "loss_limit=50"], "option 'loss_limit' must be between 200 and 1000"),
    (["makao-ru", "--option", "hook=true"], "unknown option 'hook'"),
    (["makao-ru", "--option", "loss_limit"], "--option takes NAME=VALUE"),
    (["peklo", "--seats", "normal,normal"], "Peklo takes 3 to 7 players, not 2"),
    (["macao", "--games", "0"], "--games must be from 1 to 1000000, not 0"),
    (["macao", "--seed", "99999999999999999999"], "--seed must be from 0 to 9223372036854775807"),
])
def test_errors_are_one_line_and_exit_2(args, message):
    result = runner.invoke(app, ["simulate", *args, "--json"])
    assert result.exit_code == 2
    assert message in result.stderr and len(result.stderr.strip().splitlines()) == 1
    assert result.stdout == ""


def test_every_game_has_the_three_levels():
    for game in ("makao-ru", "makao-pl", "macao", "peklo"):
        assert levels_for(game) == ["easy", "normal", "hard"]
        for level in levels():
            assert player_for(level, game) is not None


def test_levels_play_side_by_side_within_a_playout_budget():
    args = ("makao-ru", "--seats", "hard,easy", "--games", "1", "--playouts", "8", "--max-actions", "40")
    out = simulate_json(*args)
    assert [s["level"] for s in out["seats"]] == ["hard", "easy"] and out["actions"] == 40
    again = simulate_json(*args)
    assert again == out  # with a playout cap and no clock, the run depends on its seed only


@pytest.mark.parametrize("args, message", [
    (["--think", "0"], "--think must be more than 0 and at most 60 seconds"),
    (["--think", "nan"], "--think must be more than 0 and at most 60 seconds"),
    (["--think", "inf"], "--think must be more than 0 and at most 60 seconds"),
    (["--playouts", "0"], "--playouts must be from 1 to 1000000, not 0"),
    (["--think", "0.5", "--playouts", "30"], "not both"),
])
def test_bad_thinking_budgets_are_refused(args, message):
    result = runner.invoke(app, ["simulate", "macao", "--seats", "normal,normal", *args, "--json"])
    assert result.exit_code == 2 and message in result.stderr


def test_wilson_interval():
    assert wilson_interval(0, 0) == (0.0, 1.0)
    low, high = wilson_interval(50, 100)
    assert low == pytest.approx(0.4038, abs=1e-4) and high == pytest.approx(0.5962, abs=1e-4)
    assert wilson_interval(0, 10)[0] == 0.0 and wilson_interval(10, 10)[1] == 1.0



def test_a_games_own_figures_come_from_its_seat_measures_not_its_family():
    """``makao simulate`` reads a game's extra figures from its variant (issue 28 item 4): a
    shedding game given a measure of its own reports it, as Peklo and Macao report theirs."""
    import dataclasses

    from makao_tui.engine.variant import SeatMeasure
    from makao_tui.games import get_variant
    from makao_tui.sim import simulate

    def went_out(deal, seat):
        return int(deal.result()[0][seat] == max(deal.result()[0])), 1

    variant = dataclasses.replace(get_variant("makao-pl"),
                                  seat_measures=(SeatMeasure("out_rate", "Out %", went_out, percent=True,
                                                             count_key="counted"),))
    figures = simulate(variant, {"deals": 2}, ["easy", "easy"], games=1, seed=5).figures()
    seats = figures["seats"]
    assert [s["counted"] for s in seats] == [s["deals"] for s in seats] == [2, 2]
    assert sum(s["out_rate"] for s in seats) == pytest.approx(1.0)  # one seat goes out each deal
    assert "exact_bid_rate" not in seats[0] and "chips_per_hand" not in seats[0]
