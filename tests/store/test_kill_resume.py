"""Kill -9 and resume (issue 12), the small version of ``bench/kill_resume.py``: a match of each
game is stored by a child process, killed with SIGKILL once it reported a number of actions saved
(drawn from the seed: no clock decides when), resumed in a new child that plays on; no reported
action is missing from the file and the stored match equals the one played without a break."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[2] / "bench" / "kill_resume.py"
#: seconds after which the loop is taken for hung: a guard against a test that never ends, not a measure
HANG = 600


def test_killed_matches_lose_no_saved_action_and_resume_as_the_unbroken_ones(tmp_path):
    out = subprocess.run([sys.executable, str(SCRIPT), "--runs", "4", "--kills", "1", "--limit", "90",
                          "--deterministic", "--json", "--folder", str(tmp_path)],
                         capture_output=True, text=True, timeout=HANG)
    assert out.returncode == 0, out.stderr + out.stdout
    report = json.loads(out.stdout)
    assert [r["game"] for r in report["each"]] == ["makao-ru", "makao-pl", "macao", "peklo"]
    assert report["lost"] == 0 and report["divergences"] == 0
    for run in report["each"]:
        assert run["kills"] == 1 and run["reported"] > 0
        assert run["kill_points"][0] < run["actions"]  # killed mid-match (where it waited): the resume played on
