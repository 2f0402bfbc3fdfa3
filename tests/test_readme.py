"""The README's two set-up commands are the ones CI runs."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).parent.parent


def sh_blocks(text: str) -> list[str]:
    blocks, inside, current = [], False, []
    for line in text.splitlines():
        if line.startswith("```sh"):
            inside, current = True, []
        elif line.startswith("```") and inside:
            inside = False
            blocks.append("\n".join(current).strip())
        elif inside:
            current.append(line)
    return blocks


def test_ci_runs_the_readme_test_command():
    install, tests = sh_blocks((ROOT / "README.md").read_text())[:2]
    assert install.startswith("python3 -m venv .venv") and install.endswith("makao")
    ci = (ROOT / ".ci" / "run").read_text().splitlines()
    assert tests in ci


def test_seeds_are_present():
    assert len(list((ROOT / "seeds").glob("*.txt"))) == 4
