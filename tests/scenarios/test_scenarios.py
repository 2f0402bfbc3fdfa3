"""Every scenario file under tests/scenarios/ replays to its "expect" block (docs/scenarios.md).

The comparison is the one docs/scenarios.md#test-scenarios describes: hands as multisets, other keys
exactly; "error_index" names the action that must be refused (exit status 2).
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from makao_tui.engine.scenario import ScenarioError, load_layout, run_scenario
from makao_tui.games import variants

HERE = Path(__file__).parent
FILES = sorted(HERE.glob("*.json"))


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_scenario(path: Path) -> None:
    spec = json.loads(path.read_text())
    if spec.get("expect_malformed"):
        with pytest.raises(ScenarioError):
            run_scenario(load_layout(path, variants()))
        return
    out, status = run_scenario(load_layout(path, variants()))
    want_error = spec.get("error_index")
    if want_error is None:
        assert status == 0 and "error" not in out, out.get("error")
    else:
        assert status == 2 and out["error"]["index"] == want_error, out.get("error")
    for key, want in spec.get("expect", {}).items():
        assert key in out, key
        if key == "hands":
            assert [Counter(h) for h in out[key]] == [Counter(h) for h in want]
        else:
            assert out[key] == want, key
