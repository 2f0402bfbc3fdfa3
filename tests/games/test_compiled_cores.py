"""The cores compiled by the build hook (the shedding games' and Peklo's rules, the Peklo AIs'
playouts) and their pure-Python sources play alike, and a compiled core older than its source
never runs (issue 15; CONTRIBUTING.md "The compiled core")."""

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
#: every 11 actions), plays out random Peklo worlds with the AIs' playouts (the hard one from a
#: point of the deal, the first card given or not; the greedy one from the start), solves small
#: random Peklo worlds with the hard AI's solver (every card of the seat to act), and prints
#: whether each core of compiled.CORES ran compiled, and one hash
PLAY = """
import hashlib, random
from makao_tui.ai.peklo_playout import greedy_playout, play_out
from makao_tui.ai.peklo_solve import Solver
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
rng = random.Random(7)
for i in range(3000):
    players = rng.randint(3, 7)
    size = rng.randint(1, 52 // players)
    deck = list(range(52))
    rng.shuffle(deck)
    hands = [deck[s * size:(s + 1) * size] for s in range(players)]
    trump, leader = rng.randrange(-1, 4), rng.randrange(players)
    played = []
    taken = greedy_playout([list(hand) for hand in hands], leader, trump, played)
    h.update(repr((taken, played)).encode())
    table = [hands[(leader + k) % players].pop() for k in range(rng.randrange(players))]
    first = rng.choice(hands[(leader + len(table)) % players]) if i % 2 else None
    bids = [rng.randint(0, size) for _ in range(players)]
    tricks = [rng.randint(0, 2) for _ in range(players)]
    played = []
    result = play_out(hands, bids, tricks, leader, table, trump, first, i % 3 == 0, played)
    h.update(repr((result, played, hands)).encode())
for i in range(200):
    players = rng.randint(3, 5)
    size = rng.randint(1, 3)
    deck = list(range(52))
    rng.shuffle(deck)
    hands = [deck[s * size:(s + 1) * size] for s in range(players)]
    trump, leader = rng.randrange(-1, 4), rng.randrange(players)
    table = [hands[(leader + k) % players].pop() for k in range(rng.randrange(players))]
    me = (leader + len(table)) % players
    solver = Solver(players, me, trump, rng.randint(0, size), rng.randint(0, 1), i % 3 == 0, 10 ** 6)
    legal = [c for c in hands[me] if table and c // 13 == table[0] // 13] or hands[me]
    values = [solver.card_value(hands, leader, table, c) for c in legal]
    whole = Solver(players, me, trump, rng.randint(0, size), 0, i % 3 == 0, 10 ** 6).deal_value(
        [deck[s * size:(s + 1) * size] for s in range(players)], leader)
    h.update(repr((values, whole, solver.solved)).encode())
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
    folder, _, module = core.rpartition(".")
    (tmp_path / folder).mkdir()
    source = tmp_path / folder / f"{module}.py"
    source.write_text("# changed\n")
    (tmp_path / folder / f"{module}.sha256").write_text("0" * 64 + "\n")
    monkeypatch.setattr(compiled, "_ROOT", str(tmp_path))
    monkeypatch.delenv("MAKAO_PURE_PYTHON", raising=False)
    assert compiled.CoreFinder.find_spec(name) is None  # nothing compiled: the usual import
    (tmp_path / folder / (module + compiled.importlib.machinery.EXTENSION_SUFFIXES[0])).write_bytes(b"")
    with pytest.warns(RuntimeWarning, match=f"makao_tui/{folder}/{module}.py has changed since it was compiled"):
        spec = compiled.CoreFinder.find_spec(name)
    assert spec is not None and spec.origin == str(source)

    (tmp_path / folder / f"{module}.sha256").write_text(hashlib.sha256(source.read_bytes()).hexdigest() + "\n")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert compiled.CoreFinder.find_spec(name) is None  # current: the compiled one runs
        for other in ("games.peklo", "games.shedding", "ai.peklo", "ai.peklo_hard", "games", "ai"):  # not cores
            assert compiled.CoreFinder.find_spec(f"{compiled.PACKAGE}.{other}") is None
        assert compiled.CoreFinder.find_spec(f"other.{core}") is None  # a core's name elsewhere
        assert compiled.CoreFinder.find_spec(f"{compiled.PACKAGE}.{module}") is None  # or in another package
        monkeypatch.setenv("MAKAO_PURE_PYTHON", "1")
        spec = compiled.CoreFinder.find_spec(name)
    assert spec is not None and spec.origin == str(source)
    assert compiled.CoreFinder in sys.meta_path


#: imports one core first thing in a fresh interpreter (argv[1], a name of compiled.CORES) and
#: prints the file it came from
FIRST = """
import importlib, sys
print(importlib.import_module("makao_tui." + sys.argv[1]).__file__)
"""


@pytest.mark.parametrize("core", compiled.CORES)
def test_a_core_imported_first_thing_is_watched_too(core):
    """The finder is in place before any core can be imported, the AI package's playouts too
    (installed by the games package and by the AI package): ``MAKAO_PURE_PYTHON`` gives the
    source even when nothing else was imported before the core."""
    if compiled.compiled_path(core) is None:
        pytest.skip(f"{core} is not compiled here (pure Python)")
    env = {**os.environ, "MAKAO_PURE_PYTHON": "1"}
    out = subprocess.run([sys.executable, "-c", FIRST, core], cwd=ROOT, env=env, capture_output=True, text=True,
                         timeout=120, check=True)
    assert out.stdout.strip() == compiled.source_path(core)
