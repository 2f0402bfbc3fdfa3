"""A scenario file with a wrong value in any field gives a one-line message or a refusal, never a
traceback (docs/scenarios.md#errors; GUIDE: bad input gets a clear message).

Every field of a few scenario files of each game (top level, hands, stock, options, actions and
their fields) is replaced in turn by values of every JSON type; each file must then either replay
(with or without a refused action) or be refused as malformed with :class:`ScenarioError`.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

import makao_tui.games  # noqa: F401  (registers every game)
from makao_tui.engine.scenario import ScenarioError, parse_layout, run_scenario
from makao_tui.engine.variant import registered

SCENARIOS = Path(__file__).parent.parent / "scenarios"
BASES = ["ru-16-play-after-draw-any", "pl-75-demand-round-the-jacks-player-lays-a-jack-with-a-new-demand",
         "pl-65-multi-play-on-a-pending-two-first-ransoms-then-adds", "pl-83-jokers-a-joker-answers-a-four-as-a-four",
         "macao-18-settlement-order-a-broken-bank-pays-the-later-punter-nothing", "peklo-16-a-void-player-may-trump"]
#: one value of every JSON type, and some texts and numbers that look almost right
VALUES = [None, True, 0, -1, 7, 10**30, 1.5, "", "x", "XX", "10H", "H", [], [None], ["AS", 5], {}, {"a": 1}]
EXPECT_KEYS = ("expect", "error_index", "expect_malformed")


def _paths(obj, prefix=()):
    yield prefix
    items = obj.items() if isinstance(obj, dict) else enumerate(obj) if isinstance(obj, list) else ()
    for key, value in items:
        yield from _paths(value, (*prefix, key))


def _replaced(spec, path, value):
    if not path:
        return value
    out = copy.deepcopy(spec)
    inner = out
    for key in path[:-1]:
        inner = inner[key]
    inner[path[-1]] = copy.deepcopy(value)
    return out


@pytest.mark.parametrize("name", BASES)
def test_a_wrong_value_anywhere_is_a_message_not_a_traceback(name):
    spec = {k: v for k, v in json.loads((SCENARIOS / f"{name}.json").read_text()).items() if k not in EXPECT_KEYS}
    variants = registered()
    for path in sorted(set(_paths(spec)), key=repr):
        for value in VALUES:
            data = _replaced(spec, path, value)
            try:
                out, status = run_scenario(parse_layout(data, variants))
            except ScenarioError as exc:
                assert str(exc) and "\n" not in str(exc), (path, value)
                continue
            json.dumps(out)
            assert status in (0, 2), (path, value)
            if status:
                assert "\n" not in out["error"]["reason"], (path, value)
