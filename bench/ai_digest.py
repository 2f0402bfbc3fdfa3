"""One SHA-256 over the Makao AIs' decisions: what they chose and why, to compare two versions of them.

Run from the project root with the venv active::

    python bench/ai_digest.py [--deals 12] [--playouts 40] [--normal]

A change to the Makao AIs (``makao_tui/ai/shedding.py``) that is meant to keep every decision as it
is (a function split into named steps, issue 28 item 3) must print the same digest before and
after: run it on both commits and compare. It plays ``--deals`` deals of each of makao-ru (seed
rules), makao-pl (seed rules) and makao-pl (the ``house`` preset), and as many of each Makao with
every option drawn at random (``engine_digest.random_options``: jokers, plays of several cards,
battle kings...), two and three players in turn,
the hard level against the normal one (seats rotated deal by deal), the hard level capped at
``--playouts`` playouts a decision and given no clock, so that nothing but the code decides (the
load does not change it). At every decision it hashes the action taken and its reason
(:func:`~makao_tui.ai.shedding.reason`'s message and fields), and besides the reason of every
legal action, the normal policy's score of every play (:meth:`ShedAI._score`, without and with
reading) and the playout policy's move (:func:`~makao_tui.ai.shedding.playout_move`, without and
with reading) in one world sampled from the seat's view; deals stop at 600 actions. With
``--normal`` every seat is the normal level and only what that level decides and says is hashed
(its action, its reason, the reason of every legal action and its score of every play): a change
meant for the hard level alone (issue 32) must keep that digest. Not a test (a digest changes
whenever a decision does): a tool for the one who changes the AI.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import random
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir))

from engine_digest import random_options

from makao_tui.ai import Thinking, ai_for
from makao_tui.ai.shedding import READ_WEIGHT, ShedAI, _policy_table, playout_move, reason
from makao_tui.engine.actions import Play
from makao_tui.games import get_variant
from makao_tui.games.shedding import sample_state

#: the games and presets played: (variant id, preset; None: options drawn at random deal by deal)
GAMES = (("makao-ru", "seed"), ("makao-pl", "seed"), ("makao-pl", "house"), ("makao-ru", None), ("makao-pl", None))
MAX_ACTIONS = 600


def words_text(words) -> str:
    """A reason as data: its template, plural form, count and fields (seats as their numbers)."""
    return f"{words.message}|{words.plural}|{words.count}|{sorted((k, repr(v)) for k, v in words.fields.items())}"


def digest(deals: int, playouts: int, normal: bool = False) -> tuple[str, int]:
    """(hex SHA-256, decisions hashed) over ``deals`` deals of each of :data:`GAMES`; with
    ``normal``, of the normal level alone (see the module docstring)."""
    h = hashlib.sha256()
    decisions = 0
    thinking = Thinking(seconds=None, playouts=playouts)
    plain, reading = ShedAI(), ShedAI(READ_WEIGHT)
    for vid, preset in GAMES:
        variant = get_variant(vid)
        for i in range(deals):
            if preset is None:
                rules = variant.rules(random_options(variant.rules_type, random.Random(f"ai-digest/{vid}/options/{i}")))
            else:
                rules = variant.rules({}, preset=preset)
            table = _policy_table(rules)
            players = 2 + i % 2
            levels = ["hard" if (s + i) % players == 0 and not normal else "normal" for s in range(players)]
            seats = [ai_for(vid, lv, rules, thinking) for lv in levels]
            rngs = [random.Random(f"ai-digest/{vid}/{preset}/{i}/{s}") for s in range(players)]
            probe = random.Random(f"ai-digest/{vid}/{preset}/{i}/probe")
            state = variant.deal(rules, players, i % players, random.Random(f"ai-digest/{vid}/{preset}/deal/{i}"),
                                 None)
            h.update(f"{vid} {preset} {i} {levels} {rules!r}".encode())
            n = 0
            while not state.is_over and n < MAX_ACTIONS:
                seat = state.to_act
                view = state.view(seat)
                player = seats[seat]
                if hasattr(player, "advise"):
                    advice = player.advise(view, rngs[seat])
                    action, words = advice.action, advice.words
                else:
                    action = player.choose(view, rngs[seat])
                    words = reason(view, action)
                h.update(f"{seat}:{action!r}:{words_text(words)}".encode())
                for a in view.legal:
                    h.update(words_text(reason(view, a)).encode())
                    if isinstance(a, Play):
                        h.update(f"{plain._score(view, a)!r}".encode())
                        if not normal:
                            h.update(f"/{reading._score(view, a)!r}".encode())
                if not normal:
                    world = sample_state(view, rules, probe)
                    moves = world.moves()
                    seed = probe.getrandbits(32)
                    for read in (0.0, READ_WEIGHT):
                        move = playout_move(world, moves, table, random.Random(seed), read)
                        h.update(f"{move}".encode())
                state.apply(action)
                n += 1
                decisions += 1
            h.update(f"{state.snapshot()!r}".encode())
    return h.hexdigest(), decisions


def main() -> None:
    """Parse the options, print the digest and the number of decisions it covers."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=12, help="deals of each game (default 12)")
    parser.add_argument("--playouts", type=int, default=40, help="the hard level's playout cap (default 40)")
    parser.add_argument("--normal", action="store_true", help="every seat normal; hash that level's decisions only")
    args = parser.parse_args()
    hexdigest, decisions = digest(args.deals, args.playouts, args.normal)
    what = "the normal level" if args.normal else f"makao AIs: {args.playouts} playouts,"
    print(f"{hexdigest}  {what} {args.deals} deals a game, {decisions} decisions")


if __name__ == "__main__":
    main()
