"""The rules cores compiled by the build hook (the shedding games' and Peklo's) and their
pure-Python sources play alike, and a compiled core older than its source never runs (issue 15;
CONTRIBUTING.md "The compiled core")."""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import warnings
from pathlib import Path

import pytest

from makao_tui.games import compiled

ROOT = Path(__file__).resolve().parents[2]

#: plays random deals of both Makaos and of Peklo (the house preset every fourth, every other deal
#: through the checked path with its events and every seat's view; each deal goes on on a clone
#: every 11 actions) and prints whether each core of compiled.CORES ran compiled, and one hash
PLAY = """
import hashlib, random
from makao_tui.games import get_variant
from makao_tui.games.compiled import CORES, core_is_compiled
from makao_tui.games.peklo import PekloState, match_deals
h = hashlib.sha256()
for i in range(36):
    game = ("makao-ru", "makao-pl", "peklo")[i % 3]
    variant = get_variant(game)
    rules = variant.rules({}, preset="house" if i % 4 == 3 else None)
    if game == "peklo":
        players = 3 + i % 5
        number = 1 + (7 * i) % match_deals(rules, players)
        state = PekloState.deal(rules, players, i % players, number, random.Random(i))
    else:
        players = 2 + i % 3
        state = variant.deal(rules, players, i % players, random.Random(i), None)
    rng = random.Random(1000 + i)
    for n in range(400):
        if state.is_over:
            break
        if n % 11 == 10:
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
print(",".join(str(core_is_compiled(core)) for core in CORES), h.hexdigest())
"""


def play(pure: bool) -> tuple[str, str]:
    """(which cores ran compiled, the hash) of :data:`PLAY` in a new interpreter, with or without
    ``MAKAO_PURE_PYTHON``."""
    env = {k: v for k, v in os.environ.items() if k != "MAKAO_PURE_PYTHON"}
    if pure:
        env["MAKAO_PURE_PYTHON"] = "1"
    out = subprocess.run([sys.executable, "-W", "error::RuntimeWarning", "-c", PLAY], cwd=ROOT, env=env,
                         capture_output=True, text=True, timeout=600, check=True).stdout.split()
    return out[0], out[1]


def test_the_pure_cores_play_as_the_ones_installed():
    """The same moves, events, views and results from the pure-Python cores (forced) and from the
    cores the install gave (compiled, where a C compiler was there)."""
    pure_ran, pure_hash = play(pure=True)
    installed_ran, installed_hash = play(pure=False)
    assert pure_ran == ",".join("False" for _ in compiled.CORES)
    assert installed_ran == ",".join(str(compiled.compiled_path(core) is not None) for core in compiled.CORES)
    assert pure_hash == installed_hash


#: deals a state of each game, weakly referenced (hypothesis does it to what a strategy returns)
#: where its class allows, and lets it die; prints "ok" unless the interpreter crashed
WEAK = """
import random, weakref
from makao_tui.engine.state import GameState
from makao_tui.games import get_variant
from makao_tui.games.peklo import PekloRules, PekloState
pl = get_variant("makao-pl")
for make in (lambda: PekloState.deal(PekloRules(), 4, 0, 3, random.Random(1)),
             lambda: pl.deal(pl.rules(), 3, 0, random.Random(1), None)):
    state = make()
    assert isinstance(state, GameState)
    try:
        ref = weakref.ref(state)
    except TypeError:  # compiled: a native class has no weak-reference slot
        ref = None
    del state
    assert ref is None or ref() is None
print("ok")
"""


@pytest.mark.parametrize("pure", [True, False])
def test_a_state_dies_safely_while_weakly_referenced(pure):
    """A compiled class derived from an interpreted one has a weak-reference slot that mypyc's
    deallocator never clears: a weakly referenced state crashed the interpreter when it died. The
    compiled states are GameStates by registration instead (shedding_core, peklo_core)."""
    env = {k: v for k, v in os.environ.items() if k != "MAKAO_PURE_PYTHON"}
    if pure:
        env["MAKAO_PURE_PYTHON"] = "1"
    out = subprocess.run([sys.executable, "-c", WEAK], cwd=ROOT, env=env, capture_output=True, text=True,
                         timeout=120)
    assert (out.returncode, out.stdout.strip()) == (0, "ok"), out.stderr[-2000:]


@pytest.mark.parametrize("core", compiled.CORES)
def test_a_compiled_core_beside_its_source_was_compiled_from_it(core):
    """An editable checkout whose core changed since ``pip install -e .`` runs the source (with a
    warning); this says so in the tests: compile it again."""
    if compiled.compiled_path(core) is None:
        pytest.skip(f"{core} is not compiled here (pure Python)")
    assert compiled.compiled_is_current(core), f"{core}.py changed since it was compiled: pip install -e . again"


@pytest.mark.parametrize("core", compiled.CORES)
def test_a_compiled_core_of_another_source_gives_way_to_the_source(core, tmp_path, monkeypatch):
    name = f"{compiled.PACKAGE}.{core}"
    source = tmp_path / f"{core}.py"
    source.write_text("# changed\n")
    (tmp_path / f"{core}.sha256").write_text("0" * 64 + "\n")
    monkeypatch.setattr(compiled, "_HERE", str(tmp_path))
    monkeypatch.delenv("MAKAO_PURE_PYTHON", raising=False)
    assert compiled.CoreFinder.find_spec(name) is None  # nothing compiled: the usual import
    (tmp_path / (core + compiled.importlib.machinery.EXTENSION_SUFFIXES[0])).write_bytes(b"")
    with pytest.warns(RuntimeWarning, match=f"{core}.py has changed since it was compiled"):
        spec = compiled.CoreFinder.find_spec(name)
    assert spec is not None and spec.origin == str(source)

    (tmp_path / f"{core}.sha256").write_text(hashlib.sha256(source.read_bytes()).hexdigest() + "\n")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert compiled.CoreFinder.find_spec(name) is None  # current: the compiled one runs
        assert compiled.CoreFinder.find_spec(f"{compiled.PACKAGE}.peklo") is None  # not a core
        assert compiled.CoreFinder.find_spec(f"{compiled.PACKAGE}.shedding") is None
        assert compiled.CoreFinder.find_spec(f"other.{core}") is None  # a core's name elsewhere
        monkeypatch.setenv("MAKAO_PURE_PYTHON", "1")
        spec = compiled.CoreFinder.find_spec(name)
    assert spec is not None and spec.origin == str(source)
    assert compiled.CoreFinder in sys.meta_path
