"""The ``makao`` command: version, help, scenario exit codes and messages (docs/scenarios.md#errors)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from makao_tui import __version__
from makao_tui.cli import app

runner = CliRunner()
SCENARIOS = Path(__file__).parent.parent / "scenarios"


def test_version_and_help():
    result = runner.invoke(app, ["--version"])
    assert result.exit_code == 0 and __version__ in result.output
    result = runner.invoke(app, ["--help"])
    assert result.exit_code == 0
    for word in ("play", "scenario"):
        assert word in result.output


def test_play_says_that_a_known_seed_makes_the_hands_known():
    """Other users of the box see ``makao play --seed N`` in the process list (issue 29 item 5)."""
    result = runner.invoke(app, ["play", "--help"], env={"COLUMNS": "400"})
    assert result.exit_code == 0
    assert "whoever knows the seed knows every hand" in " ".join(result.output.split()).lower()


def test_scenario_prints_the_state_as_json():
    result = runner.invoke(app, ["scenario", str(SCENARIOS / "ru-12-king-of-hearts-answered-adds-up.json")])
    assert result.exit_code == 0
    out = json.loads(result.stdout)
    assert out["variant"] == "makao-ru" and out["to_act"] == 0


def test_refused_action_exits_2_with_the_state_before_it():
    result = runner.invoke(app, ["scenario", str(SCENARIOS / "ru-10-nine-is-wild-not-on-a-penalty.json")])
    assert result.exit_code == 2
    out = json.loads(result.stdout)
    assert out["error"]["index"] == 3 and out["penalty"] == 2


@pytest.mark.parametrize("content,message", [
    ("{not json", "not valid JSON"),
    ('{"variant": "poker", "players": 2}', "unknown variant"),
    ('{"variant": "makao-ru", "players": 9, "hands": []}', "2 to 5 players"),
    ('{"variant": "makao-ru", "players": 2, "hands": [["ZZ"], []], "starter": "5H"}', "unknown card"),
    ('{"variant": "makao-pl", "players": 2, "hands": [["5C"], ["5C"]], "starter": "5H"}',
     "is given 2 times, but Polish Makao has 1 deck"),
    ('{"variant": "makao-ru", "players": 2, "hands": [["5C"], ["5C"]], "starter": "5H", "stock": ["5C"]}', "3 times"),
    ('{"variant": "makao-ru", "players": 2, "hands": [[], []], "starter": "5H", "options": {"x": 1}}',
     "unknown option"),
    ('[1, 2]', "JSON object"),
    ('{"players": 2, "hands": [[], []]}', "names no variant"),
    ('{"variant": ["macao"], "players": 2}', "variant must be a game's name"),
    ('{"variant": {"id": "macao"}, "players": 2}', "variant must be a game's name"),
    ('{"variant": "macao", "players": 2, "hands": [["5C"], ["6C"]], "stock": [], '
     '"actions": [{"seat": 1, "do": ["stand"]}]}', None),
    ('{"variant": "makao-ru", "players": 2, "hands": [[], []], "starter": "5H", "options": [1]}', "options must"),
    ('{"variant": "makao-ru", "players": 2, "hands": [[], []], "starter": "5H", "options": "abc"}', "options must"),
    ('{"variant": "makao-pl", "players": 2, "hands": [["XX"], ["5C"]], "starter": "5H"}',
     "1 joker (XX) is given, but Polish Makao has none without the jokers option"),
    ('{"variant": "makao-pl", "players": 2, "hands": [["XX", "XX"], ["XX"]], "starter": "5H", '
     '"options": {"jokers": true}}', "3 jokers (XX) are given, but Polish Makao has 2 under these rules"),
    ('{"variant": "peklo", "players": 3, "hands": [["XX"], ["5C"], ["6C"]], "trump": null}',
     "1 joker (XX) is given, but Peklo is played without jokers"),
])
def test_malformed_file_one_line_exit_2(tmp_path, content, message):
    path = tmp_path / "bad.json"
    path.write_text(content)
    run = subprocess.run([sys.executable, "-m", "makao_tui.cli", "scenario", str(path)],
                         capture_output=True, text=True)
    assert run.returncode == 2 and "Traceback" not in run.stderr
    if message is None:  # an action that cannot be read: the state before it, with its error
        assert '"do"' in json.loads(run.stdout)["error"]["reason"]
        return
    assert run.stdout == ""
    lines = run.stderr.strip().splitlines()
    assert len(lines) == 1 and message in lines[0] and "Traceback" not in run.stderr


LONG = "X" * 100_000


@pytest.mark.parametrize("content,message", [
    # each names its field in one short line, whatever the file holds (issue 28 item 7)
    (f'{{"variant": "makao-ru", "players": 2, "hands": [["{LONG}"], []], "starter": "5H", "stock": []}}',
     "hand of seat 0: unknown card 'XXXX"),
    (f'{{"variant": "makao-ru", "players": 2, "hands": [[], []], "starter": "{LONG}", "stock": []}}',
     "starter: unknown card 'XXXX"),
    (f'{{"variant": "{LONG}", "players": 2}}', "unknown variant 'XXXX"),
    (f'{{"variant": "makao-ru", "players": 2, "hands": [[], []], "starter": "5H", "options": {{"{LONG}": 1}}}}',
     "unknown option 'XXXX"),
    (f'{{"variant": "makao-ru", "players": 2, "hands": [[], []], "starter": "5H", "preset": "{LONG}"}}',
     "unknown preset 'XXXX"),
    ('{"players": 2, "hands": [["5C"], ["6C"]], "starter": "5H", "stock": []}', "names no variant"),
    ('{"variant": "makao-ru", "players": 2, "hands": [["5C"], ["6C"]], "starter": "5H"}', "gives no stock"),
    ('{"variant": "macao", "players": 2, "hands": [["5C"], ["6C"]]}', "gives no stock"),
    ('{"variant": "makao-ru", "players": "2", "hands": [["5C"], ["6C"]], "starter": "5H", "stock": []}',
     "players must be a whole number from 2 to 5, not '2'"),
    ('{"variant": "makao-ru", "hands": [["5C"], ["6C"]], "starter": "5H", "stock": []}',
     "gives no number of players"),
    ('{"variant": "makao-ru", "players": true, "hands": [["5C"], ["6C"]], "starter": "5H", "stock": []}',
     "players must be a whole number"),
], ids=["long-card", "long-starter", "long-variant", "long-option", "long-preset", "no-variant", "no-stock",
        "macao-no-stock", "players-text", "no-players", "players-true"])
def test_malformed_file_names_its_field_in_one_short_line(tmp_path, content, message):
    path = tmp_path / "bad.json"
    path.write_text(content)
    run = subprocess.run([sys.executable, "-m", "makao_tui.cli", "scenario", str(path)],
                         capture_output=True, text=True)
    assert run.returncode == 2 and run.stdout == "" and "Traceback" not in run.stderr, run.stderr[-300:]
    lines = run.stderr.strip().splitlines()
    assert len(lines) == 1 and message in lines[0] and len(lines[0]) < 160 + len(str(path)), lines[0][:300]


def test_an_action_with_a_long_card_is_refused_in_one_short_line(tmp_path):
    path = tmp_path / "long.json"
    path.write_text('{"variant": "makao-ru", "players": 2, "hands": [["5C"], ["6C"]], "starter": "5H", '
                    f'"stock": [], "actions": [{{"seat": 1, "do": "play", "card": "{LONG}"}}]}}')
    run = subprocess.run([sys.executable, "-m", "makao_tui.cli", "scenario", str(path)],
                         capture_output=True, text=True)
    assert run.returncode == 2
    reason = json.loads(run.stdout)["error"]["reason"]
    assert reason.startswith("unknown card 'XXXX") and len(reason) < 60, reason[:300]


def test_a_byte_order_mark_is_skipped(tmp_path):
    path = tmp_path / "bom.json"
    path.write_bytes(b"\xef\xbb\xbf" + (SCENARIOS / "ru-12-king-of-hearts-answered-adds-up.json").read_bytes())
    run = subprocess.run([sys.executable, "-m", "makao_tui.cli", "scenario", str(path)],
                         capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    assert json.loads(run.stdout)["variant"] == "makao-ru"


def test_json_nested_too_deeply_is_one_line_exit_2(tmp_path):
    path = tmp_path / "deep.json"
    path.write_text("[" * 100000 + "]" * 100000)
    run = subprocess.run([sys.executable, "-m", "makao_tui.cli", "scenario", str(path)],
                         capture_output=True, text=True)
    assert run.returncode == 2 and "Traceback" not in run.stderr, run.stderr[-300:]
    assert len(run.stderr.strip().splitlines()) == 1


def test_missing_file(tmp_path):
    result = runner.invoke(app, ["scenario", str(tmp_path / "nope.json")])
    assert result.exit_code == 2


def test_play_refuses_bad_arguments_clearly():
    result = runner.invoke(app, ["play", "makao-xx"])
    assert result.exit_code == 2 and "unknown game" in result.output
    result = runner.invoke(app, ["play", "makao-ru", "--seat", "ai"])
    assert result.exit_code == 2 and "2 to 5 players" in result.output
    result = runner.invoke(app, ["play", "makao-ru", "--seat", "a", "--seat", "ai", "--loss-limit", "50"])
    assert result.exit_code == 2 and "option '--loss-limit' must be between 200 and 1000" in result.output
    result = runner.invoke(app, ["play", "makao-ru", "--seat", "a", "--seat", "ai", "--hook"])
    assert result.exit_code == 2 and "--hook is not an option of Russian Makao" in result.output
    result = runner.invoke(app, ["play", "makao-ru", "--seat", "Ann", "--seat", "ai:grandmaster"])
    assert result.exit_code == 2 and "unknown AI level 'grandmaster'" in result.output
    result = runner.invoke(app, ["play", "makao-ru", "--seat", "Ann", "--seat", "ann"])
    assert result.exit_code == 2 and "same name" in result.output
    result = runner.invoke(app, ["play", "makao-ru", "--seat", "Ann", "--seat", "ai:hard", "--think", "0"])
    assert result.exit_code == 2 and "--think must be more than 0 and at most 60 seconds" in result.output
    result = runner.invoke(app, ["resume", "--think", "-1"])
    assert result.exit_code == 2 and "--think must be more than 0 and at most 60 seconds" in result.output


def test_play_offers_the_flags_the_games_options_give():
    """Issue 28 item 4: each game's config says which options ``makao play`` offers as flags of their
    own; the help lists each once, after the games that offer it, in the order of the games' options."""
    from makao_tui.engine.variant import option_flags
    from makao_tui.games import all_variants

    flags = option_flags(all_variants())
    assert [f.flag for f in flags] == ["--loss-limit", "--deals", "--time-limit", "--auto-makao", "--bankroll",
                                       "--stake", "--rounds", "--hook"]
    result = runner.invoke(app, ["play", "--help"], env={"COLUMNS": "400"})
    lines = [" ".join(line.strip("│ ").split()) for line in result.output.splitlines() if "--" in line]
    shown = [line for line in lines if line.split()[0] in {f.flag for f in flags}]
    assert [line.split()[0] for line in shown] == [f.flag for f in flags]
    for line, flag in zip(shown, flags, strict=True):
        assert line.endswith(flag.help_words()), line
    assert shown[3].endswith("makao-ru, makao-pl: call Makao automatically.")


@pytest.mark.parametrize("args,message", [
    (["makao-pl", "--loss-limit", "300"], "--loss-limit is not an option of Polish Makao"),
    (["peklo", "--seat", "c", "--bankroll", "50"], "--bankroll is not an option of Peklo"),
    (["macao", "--hook"], "--hook is not an option of Macao"),
    (["makao-pl", "--time-limit", "0"], "option '--time-limit' must be between 1 and 600"),
    (["macao", "--stake", "0"], "option '--stake' must be between 1 and 100000"),
    (["macao", "--bankroll", "10", "--stake", "11"], "the stake (11) may not exceed the bankroll (10)"),
])
def test_play_refuses_a_flag_the_game_does_not_offer_or_a_value_out_of_range(args, message):
    result = runner.invoke(app, ["play", args[0], "--seat", "a", "--seat", "b", *args[1:]])
    assert result.exit_code == 2 and f"makao: {message}\n" == result.output


def test_play_gives_the_app_the_rules_its_flags_set(monkeypatch):
    from makao_tui.app import main as app_main

    seen = {}
    monkeypatch.setattr(app_main, "run_app", lambda **kwargs: seen.update(kwargs))
    for args, want in [
        (["makao-ru", "--loss-limit", "300", "--auto-makao"], {"loss_limit": 300, "auto_makao": True}),
        (["makao-pl", "--deals", "3", "--time-limit", "5"], {"deals": 3, "time_limit_min": 5, "auto_makao": False}),
        (["macao", "--bankroll", "50", "--stake", "5", "--rounds", "2"], {"bankroll": 50, "stake": 5, "rounds": 2}),
        (["peklo", "--seat", "c", "--hook"], {"hook": True}),
        (["peklo", "--seat", "c"], {"hook": False}),
    ]:
        result = runner.invoke(app, ["play", args[0], "--seat", "a", "--seat", "ai", *args[1:]])
        assert result.exit_code == 0, result.output
        assert {name: getattr(seen["rules"], name) for name in want} == want, args


@pytest.mark.parametrize("args,message", [
    (["play", "makao-ru", "--bogus"], "no such option: --bogus"),
    (["play"], "the argument GAME is missing; see 'makao play --help'"),
    (["export", "abc", "--csv", "-"], "wrong value for ID: a whole number is needed"),
    (["simulate", "peklo", "--games", "many"], "wrong value for --games: a whole number is needed"),
    (["nosuch"], "no such command: nosuch"),
    (["export", "2", "--csv"], "the option --csv needs a value; see 'makao export --help'"),
    (["simulate", "--games"], "the option --games needs a value; see 'makao simulate --help'"),
])
def test_usage_errors_are_one_line_exit_2(args, message):
    run = subprocess.run([sys.executable, "-m", "makao_tui.cli", *args], capture_output=True, text=True)
    assert run.returncode == 2 and run.stdout == ""
    [line] = run.stderr.strip().splitlines()
    assert line.startswith("makao: ") and message in line and "─" not in line


def test_play_gives_the_app_each_seat_level_and_the_thinking_budget(monkeypatch):
    from makao_tui.ai import Thinking
    from makao_tui.app import main as app_main

    seen = {}
    monkeypatch.setattr(app_main, "run_app", lambda **kwargs: seen.update(kwargs))
    result = runner.invoke(app, ["play", "peklo", "--seat", "Ann", "--seat", "ai:hard", "--seat", "ai",
                                 "--seat", "AI:Easy", "--think", "0.5"])
    assert result.exit_code == 0, result.output
    assert [(s.name, s.is_ai, s.level) for s in seen["seats"]] == [
        ("Ann", False, "normal"), ("", True, "hard"), ("", True, "normal"), ("", True, "easy")]
    assert seen["thinking"] == Thinking(seconds=0.5)


def test_the_pace_of_the_table_reaches_the_app_and_a_wrong_one_is_refused(monkeypatch):
    from makao_tui.app import main as app_main

    seen = {}
    monkeypatch.setattr(app_main, "run_app", lambda **kwargs: seen.update(kwargs))
    result = runner.invoke(app, ["play", "peklo", "--seat", "Ann", "--seat", "ai", "--seat", "ai", "--pace", "slow"])
    assert result.exit_code == 0, result.output
    assert seen["pace"] == "slow" and app_main.PACES["slow"] > app_main.PACES["normal"] > app_main.PACES["fast"]
    result = runner.invoke(app, ["--pace", "FAST", "play", "peklo", "--seat", "Ann", "--seat", "ai", "--seat", "ai"])
    assert result.exit_code == 0 and seen["pace"] == "fast"
    result = runner.invoke(app, ["play", "peklo", "--pace", "warp"])
    assert result.exit_code == 2 and "--pace is one of fast, normal, slow, not 'warp'" in result.output


def test_makao_alone_opens_the_app_without_the_command_line_parser():
    code = ("import sys; import makao_tui.app.main as m; "
            "m.run_app = lambda **kw: print('app', kw); "
            "from makao_tui.__main__ import main; sys.argv = ['makao', '--ascii']; main(); "
            "print('typer' in sys.modules, 'pydantic' in sys.modules)")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert run.stdout.split("\n")[:2] == ["app {'ascii': True}", "False False"]
    run = subprocess.run([sys.executable, "-m", "makao_tui", "--version"], capture_output=True, text=True)
    assert run.returncode == 0 and __version__ in run.stdout
