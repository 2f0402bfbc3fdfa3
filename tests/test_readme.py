"""The README's set-up commands: the terminal-app installers first, then the venv one-liner, then
the test command, which CI runs."""

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


def test_the_readme_shows_pipx_and_uv_first_then_the_venv_one_liner():
    installers, one_liner = sh_blocks((ROOT / "README.md").read_text())[:2]
    assert installers.splitlines()[0].startswith("pipx install .")
    assert "uv tool install ." in installers and installers.splitlines()[-1] == "makao"
    assert one_liner.startswith("python3 -m venv .venv") and one_liner.endswith("makao")


def test_ci_runs_the_readme_test_command():
    tests = sh_blocks((ROOT / "README.md").read_text())[2]
    ci = (ROOT / ".ci" / "run").read_text().splitlines()
    assert tests in ci


def test_seeds_are_present():
    assert len(list((ROOT / "seeds").glob("*.txt"))) == 4
