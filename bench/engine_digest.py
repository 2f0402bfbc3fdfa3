"""One SHA-256 over many random shedding deals: what the engine did, to compare two versions of it.

Run from the project root with the venv active::

    python bench/engine_digest.py [--deals 720] [--views]

A change to the shedding core that is meant to keep the rules as they are (a faster representation,
issue 15 item 2) must print the same digest before and after: run it on both commits and compare.
Over ``--deals`` deals (both Makaos in turn, 2 to 4 players, every option drawn at random from its
choices, but every fifth deal the ``house`` preset as it is), each played with random choices from its deal
to its end (or 3,000 actions), it hashes every list of legal moves offered and the one chosen, the
final :meth:`~makao_tui.games.shedding.ShedState.snapshot` and points; every third deal is played
through the checked path (``legal_actions()`` / ``apply()``) and hashes its events (their fields)
too, and with ``--views`` every seat's view after every action. Counts, not times: the load does
not change it. Not a test (a digest changes whenever a rule does): a tool for the one who changes
the core.
"""

from __future__ import annotations

import argparse
import dataclasses
import hashlib
import os
import random
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir))

from makao_tui.engine.variant import option_fields
from makao_tui.games import get_variant

MAX_ACTIONS = 3000


def random_options(rules_type: type, rng: random.Random) -> dict:
    """A value for every option of ``rules_type``: one of its choices, a bool, or (a range) its
    low end; the match-length options are left at their defaults."""
    out = {}
    for f in option_fields(rules_type):
        meta = f.metadata
        if meta.get("choices"):
            out[f.name] = rng.choice(meta["choices"])
        elif f.type in (bool, "bool"):
            out[f.name] = rng.random() < 0.5
    return out


def event_fields(event) -> str:
    """An event as its class name and fields (the card tuples as card texts)."""
    return f"{type(event).__name__}{dataclasses.astuple(event)!r}"


def digest(deals: int, views: bool) -> tuple[str, int]:
    """(hex SHA-256, actions played) over ``deals`` deals (see the module docstring)."""
    h = hashlib.sha256()
    total = 0
    for i in range(deals):
        vid = ("makao-ru", "makao-pl")[i % 2]
        variant = get_variant(vid)
        rng = random.Random(f"digest/{i}")
        options = {} if i % 5 == 4 else random_options(variant.rules_type, rng)
        rules = variant.rules(options, preset="house" if i % 5 == 4 else None)
        players = 2 + i % 3
        state = variant.deal(rules, players, i % players, random.Random(i), None)
        checked = i % 3 == 0
        h.update(f"{i} {vid} {players} {sorted(options.items())!r}".encode())
        if checked:
            h.update("".join(event_fields(e) for e in state.opening).encode())
        n = 0
        while not state.is_over and n < MAX_ACTIONS:
            if checked:
                legal = state.legal_actions()
                k = rng.randrange(len(legal))
                events = state.apply(legal[k])
                h.update(f"{legal!r}{k}".encode())
                h.update("".join(event_fields(e) for e in events).encode())
                if views:
                    h.update(repr([state.view(s) for s in range(players)]).encode())
            else:
                moves = state.moves()
                k = rng.randrange(len(moves))
                state.step(moves[k])
                h.update(f"{[int(m) for m in moves]!r}{k}".encode())  # a move may be a Card (an int)
            n += 1
        total += n
        h.update(f"{state.snapshot()!r}{state.points()!r}".encode())
    return h.hexdigest(), total


def main() -> None:
    """Parse the options, print the digest and the number of actions it covers."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=720, help="deals to play (default 720)")
    parser.add_argument("--views", action="store_true", help="hash every seat's view after every checked action")
    args = parser.parse_args()
    hexdigest, actions = digest(args.deals, args.views)
    print(f"{hexdigest}  {args.deals} deals, {actions} actions{' (views)' if args.views else ''}")


if __name__ == "__main__":
    main()
