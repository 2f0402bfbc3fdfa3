"""``--preset`` and ``--option`` on the commands that start a match, and ``makao rules`` (issue 14;
makao_tui/rules/makao-pl.en.md#house-rules presets, options and "Option ranges")."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from makao_tui.app.rules_book import rules_markdown
from makao_tui.cli import app
from makao_tui.engine.variant import RulesError, parse_option_text
from makao_tui.games import get_variant

runner = CliRunner()
PL = get_variant("makao-pl")


def test_play_starts_the_app_with_the_preset_and_the_options_over_it(monkeypatch):
    from makao_tui.app import main as app_main

    seen = {}
    monkeypatch.setattr(app_main, "run_app", lambda **kwargs: seen.update(kwargs))
    result = runner.invoke(app, ["play", "makao-pl", "--seat", "Ann", "--seat", "ai", "--preset", "house",
                                 "--option", "jokers=on", "--option", "queens=off", "--deals", "3"])
    assert result.exit_code == 0, result.output
    rules = seen["rules"]
    assert rules == PL.rules({"jokers": True, "queens": False, "deals": 3}, preset="house")
    assert rules.multi_play and rules.jokers and not rules.queens and not rules.draw_until_playable


def test_simulate_plays_under_the_preset_and_reports_its_options():
    result = runner.invoke(app, ["simulate", "makao-pl", "--seats", "normal,easy", "--games", "1", "--json",
                                 "--preset", "house", "--option", "deals=1", "--option", "jokers=true"])
    assert result.exit_code == 0, result.output
    options = json.loads(result.stdout)["options"]
    assert options["multi_play"] is True and options["jokers"] is True and options["deals"] == 1


@pytest.mark.parametrize("args,message", [
    (["--preset", "party"], "unknown preset 'party' (known: seed, house)"),
    (["--option", "queen=on"], "unknown option 'queen'"),
    (["--option", "queens=maybe"], "option 'queens' must be on or off"),
    (["--option", "deals=lots"], "option 'deals' must be a whole number"),
    (["--option", "deals=0"], "option 'deals' must be between 1 and 100"),
    (["--option", "time_limit_min=601"], "option 'time_limit_min' must be between 1 and 600"),
    (["--option", "ransom_stacking=triple"], "must be one of double, add"),
    (["--option", "deals"], "--option takes NAME=VALUE"),
])
@pytest.mark.parametrize("command", [["play", "makao-pl", "--seat", "Ann", "--seat", "ai"],
                                     ["simulate", "makao-pl", "--seats", "easy,easy", "--games", "1"],
                                     ["rules", "makao-pl"],
                                     ["host", "makao-pl", "--seat", "open", "--seat", "ai"]])
def test_a_bad_preset_or_option_is_one_line_and_exit_2(command, args, message, monkeypatch):
    from makao_tui.app import main as app_main

    monkeypatch.setattr(app_main, "run_app", lambda **kwargs: pytest.fail("the app must not start"))
    result = runner.invoke(app, [*command, *args])
    assert result.exit_code == 2
    [line] = result.output.strip().splitlines()
    assert line.startswith("makao: ") and message in line


def options_part(output: str, game: str) -> str:
    """What ``makao rules GAME`` prints after the game's rules in full: the options."""
    text = rules_markdown(get_variant(game), "en")
    assert output.startswith(text + "\n"), output[:200]
    return output[len(text) + 1:]


@pytest.mark.parametrize("game", ["makao-ru", "makao-pl", "macao", "peklo"])
def test_rules_prints_the_games_rules_in_full_then_its_options(game):
    result = runner.invoke(app, ["rules", game])
    assert result.exit_code == 0, result.output
    text = rules_markdown(get_variant(game), "en")  # the rules screen's text
    assert result.output.startswith(text + "\n") and len(text) > 2000
    assert options_part(result.output, game).startswith(f"{get_variant(game).title()} ({game}): seed rules")


def test_rules_prints_every_option_with_its_value_and_description():
    result = runner.invoke(app, ["rules", "makao-pl", "--preset", "house", "--option", "makao_out=on"])
    assert result.exit_code == 0, result.output
    lines = options_part(result.output, "makao-pl").splitlines()
    assert lines[0] == "Polish Makao (makao-pl): custom rules"
    assert "* queens = on  (on | off)" in lines and "  jokers = off  (on | off)" in lines
    assert "* makao_out = on  (on | off)" in lines and "  deals = 6  (1-100)" in lines
    assert "  time_limit_min = off  (1-600 or off)" in lines
    assert "    Queens on everything: A queen goes on any card and any card on a queen (not on a penalty, " \
           "four or demand)." in lines
    assert options_part(runner.invoke(app, ["rules", "makao-pl", "--preset", "house"]).output,
                        "makao-pl").startswith("Polish Makao (makao-pl): house rules")
    peklo = options_part(runner.invoke(app, ["rules", "peklo"]).output, "peklo")
    assert peklo.startswith("Peklo (peklo): seed rules") and "  hook = off  (on | off)" in peklo


def test_rules_names_a_preset_that_changes_nothing():
    result = runner.invoke(app, ["rules", "macao", "--preset", "house"])
    assert result.exit_code == 0
    assert "Presets: seed, house (the same as seed)" in result.output
    assert runner.invoke(app, ["rules", "poker"]).exit_code == 2


@pytest.mark.parametrize("text,expected", [
    ("queens=on", ("queens", True)), ("queens=FALSE", ("queens", False)), ("queens=yes", ("queens", True)),
    ("deals= 7", ("deals", 7)), ("time_limit_min=off", ("time_limit_min", None)),
    ("time_limit_min=30", ("time_limit_min", 30)), ("ransom_stacking=add", ("ransom_stacking", "add")),
])
def test_option_texts_are_read_by_the_fields_type(text, expected):
    assert parse_option_text(PL.rules_type, text) == expected


@pytest.mark.parametrize("text", ["deals=off", "auto_makao=2", "nope=1", "=1", "deals="])
def test_option_texts_of_the_wrong_type_are_refused(text):
    with pytest.raises(RulesError):
        parse_option_text(PL.rules_type, text)
