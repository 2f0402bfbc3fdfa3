"""The shedding core compiled by the build hook and its pure-Python source play alike, and a
compiled core older than its source never runs (issue 15; CONTRIBUTING.md "The compiled core")."""

from __future__ import annotations

import os
import subprocess
import sys
import warnings
from pathlib import Path

import pytest

from makao_tui.games import compiled

ROOT = Path(__file__).resolve().parents[3]

#: plays random deals of both Makaos (the house preset every third, every other deal through the
#: checked path with its events and every seat's view; each deal goes on on a clone every 25
#: actions) and prints which core ran and one hash
PLAY = """
import hashlib, random
from makao_tui.games import get_variant
from makao_tui.games.compiled import core_is_compiled
h = hashlib.sha256()
for i in range(16):
    variant = get_variant(("makao-ru", "makao-pl")[i % 2])
    rules = variant.rules({}, preset="house" if i % 3 == 2 else None)
    players = 2 + i % 3
    state = variant.deal(rules, players, i % players, random.Random(i), None)
    rng = random.Random(1000 + i)
    for n in range(400):
        if state.is_over:
            break
        if n % 25 == 24:
            state = state.clone()  # the rest of the deal on a copy
        if i % 2:
            legal = state.legal_actions()
            events = state.apply(rng.choice(legal))
            h.update(repr((legal, events, [state.view(s) for s in range(players)])).encode())
        else:
            moves = state.moves()
            state.step(rng.choice(moves))
            h.update(repr([int(m) for m in moves]).encode())
    h.update(repr((state.snapshot(), state.points())).encode())
print(core_is_compiled(), h.hexdigest())
"""


def play(pure: bool) -> tuple[str, str]:
    """(which core ran, the hash) of :data:`PLAY` in a new interpreter, with or without
    ``MAKAO_PURE_PYTHON``."""
    env = {k: v for k, v in os.environ.items() if k != "MAKAO_PURE_PYTHON"}
    if pure:
        env["MAKAO_PURE_PYTHON"] = "1"
    out = subprocess.run([sys.executable, "-W", "error::RuntimeWarning", "-c", PLAY], cwd=ROOT, env=env,
                         capture_output=True, text=True, timeout=600, check=True).stdout.split()
    return out[0], out[1]


def test_the_pure_core_plays_as_the_one_installed():
    """The same moves, events, views and results from the pure-Python core (forced) and from the
    core the install gave (compiled, where a C compiler was there)."""
    pure_ran, pure_hash = play(pure=True)
    installed_ran, installed_hash = play(pure=False)
    assert pure_ran == "False"
    assert installed_ran == str(compiled.compiled_path() is not None)
    assert pure_hash == installed_hash


def test_a_compiled_core_beside_its_source_was_compiled_from_it():
    """An editable checkout whose ``shedding_core.py`` changed since ``pip install -e .`` runs the
    source (with a warning); this says so in the tests: compile it again."""
    if compiled.compiled_path() is None:
        pytest.skip("the shedding core is not compiled here (pure Python)")
    assert compiled.compiled_is_current(), "shedding_core.py changed since it was compiled: pip install -e . again"


def test_a_compiled_core_of_another_source_gives_way_to_the_source(tmp_path, monkeypatch):
    source = tmp_path / "shedding_core.py"
    source.write_text("# changed\n")
    (tmp_path / "shedding_core.sha256").write_text("0" * 64 + "\n")
    monkeypatch.setattr(compiled, "_HERE", str(tmp_path))
    monkeypatch.setattr(compiled, "_SOURCE", str(source))
    monkeypatch.delenv("MAKAO_PURE_PYTHON", raising=False)
    assert compiled.CoreFinder.find_spec(compiled.CORE) is None  # nothing compiled: the usual import
    (tmp_path / ("shedding_core" + compiled.importlib.machinery.EXTENSION_SUFFIXES[0])).write_bytes(b"")
    with pytest.warns(RuntimeWarning, match="changed since it was compiled"):
        spec = compiled.CoreFinder.find_spec(compiled.CORE)
    assert spec is not None and spec.origin == str(source)
    import hashlib

    (tmp_path / "shedding_core.sha256").write_text(hashlib.sha256(source.read_bytes()).hexdigest() + "\n")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert compiled.CoreFinder.find_spec(compiled.CORE) is None  # current: the compiled one runs
        assert compiled.CoreFinder.find_spec("makao_tui.games.shedding") is None
        monkeypatch.setenv("MAKAO_PURE_PYTHON", "1")
        spec = compiled.CoreFinder.find_spec(compiled.CORE)
    assert spec is not None and spec.origin == str(source)
    assert compiled.CoreFinder in sys.meta_path
