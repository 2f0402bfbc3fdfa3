"""One SHA-256 over many random deals: what the engine did, to compare two versions of it.

Run from the project root with the venv active::

    python bench/engine_digest.py [--deals 720] [--views] [--game shedding|peklo|macao]

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

``--game peklo`` does the same over Peklo deals (its own digest, for a change to Peklo's core):
3 to 7 players, every option drawn at random (every fifth deal the ``house`` preset), a deal
number drawn from the whole match (1 card to the largest deal, with and without trump); each
deal goes on on a :meth:`~makao_tui.games.peklo.PekloState.clone` of itself every seventh action.

``--game macao`` plays Macao matches through the public API (:class:`~makao_tui.engine.match.Match`:
the cut, the shoe carried from hand to hand, the bank passing, players leaving the table) until
``--deals`` hands are played: 2 to 8 players, ``banker_rates`` drawn, a bankroll, stake and number of
rounds drawn small enough that players go broke. At every action it hashes the legal actions, the
one chosen, each action's refusal (kind and fields), the events (fields and words, as the acting
seat and as the table see them) and every seat's view; each hand goes on on a
:meth:`~makao_tui.games.macao_state.MacaoState.clone` of itself every fifth action, and each finished hand
adds its snapshot, points, CSV columns and ``makao simulate`` measures. ``--views`` changes nothing
there (Macao's views are always hashed).
"""

from __future__ import annotations

import argparse
import dataclasses
import hashlib
import os
import random
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir))

from makao_tui.engine.actions import Draw, Replace, Stand
from makao_tui.engine.match import Match
from makao_tui.engine.variant import option_fields
from makao_tui.games import get_variant
from makao_tui.games.peklo import PekloState, match_deals

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


def digest(deals: int, views: bool, game: str = "shedding") -> tuple[str, int]:
    """(hex SHA-256, actions played) over ``deals`` deals of ``game`` (``"shedding"``: both
    Makaos in turn, ``"peklo"``; see the module docstring)."""
    h = hashlib.sha256()
    total = 0
    peklo = game == "peklo"
    for i in range(deals):
        vid = "peklo" if peklo else ("makao-ru", "makao-pl")[i % 2]
        variant = get_variant(vid)
        rng = random.Random(f"digest/{i}" if not peklo else f"digest/peklo/{i}")
        options = {} if i % 5 == 4 else random_options(variant.rules_type, rng)
        rules = variant.rules(options, preset="house" if i % 5 == 4 else None)
        if peklo:
            players = 3 + i % 5
            number = rng.randint(1, match_deals(rules, players))
            state = PekloState.deal(rules, players, i % players, number, random.Random(i))
        else:
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
            if peklo and n % 7 == 0:
                state = state.clone()
        total += n
        h.update(f"{state.snapshot()!r}{state.points()!r}".encode())
    return h.hexdigest(), total


def macao_digest(hands: int) -> tuple[str, int]:
    """(hex SHA-256, actions played) over Macao matches until ``hands`` hands are finished (see the
    module docstring); match ``i`` is seeded ``macao/{i}``."""
    variant = get_variant("macao")
    h = hashlib.sha256()
    total = played = 0
    i = 0
    while played < hands:
        rng = random.Random(f"digest/macao/{i}")
        players = 2 + i % 7
        bankroll = rng.choice((10, 20, 100))
        options = {"bankroll": bankroll, "stake": min(bankroll, rng.choice((1, 3, 10))),
                   "rounds": rng.randint(1, 2), "banker_rates": rng.choice(("always", "ties"))}
        names = [f"P{s}" for s in range(players)]
        match = Match(variant, variant.rules(options), names, seed=i)
        h.update(f"{i} {players} {sorted(options.items())!r} {match.first_dealer}".encode())
        h.update("".join(event_fields(e) + e.text(names) for e in match.opening).encode())
        while played < hands and not match.is_over:
            if match.awaiting_next_deal:
                match.next_deal()
            state = match.state
            h.update("".join(event_fields(e) + e.text(names) for e in state.opening).encode())
            n = 0
            while not state.is_over:
                seat = state.to_act
                legal = state.legal_actions()
                refusals = [state.refusal(a, s) for a in (Replace(), Draw(), Stand())
                            for s in (seat, (seat + 1) % players)]
                h.update(f"{legal!r}{[(r.kind, r.fields) if r else None for r in refusals]!r}".encode())
                k = rng.randrange(len(legal))
                events = match.apply(legal[k])
                h.update(f"{k}".encode())
                h.update("".join(event_fields(e) + e.text(names) + e.text(names, viewer=(seat + 1) % players)
                                 for e in events).encode())
                h.update(repr([state.view(s) for s in range(players)]).encode())
                n += 1
                if n % 5 == 0 and not state.is_over:
                    state = match.current.state = state.clone()
            total += n
            played += 1
            deal = match.current
            h.update(f"{state.snapshot()!r}{state.points()!r}{variant.deal_columns(deal)!r}".encode())
            h.update(repr([m.tally(deal, s) for m in variant.seat_measures for s in range(players)]).encode())
        h.update(f"{match.is_over} {match.totals!r}".encode())
        i += 1
    return h.hexdigest(), total


def main() -> None:
    """Parse the options, print the digest and the number of actions it covers."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=720, help="deals to play (default 720)")
    parser.add_argument("--views", action="store_true", help="hash every seat's view after every checked action")
    parser.add_argument("--game", choices=("shedding", "peklo", "macao"), default="shedding",
                        help="shedding: both Makaos (the default); peklo: Peklo deals; macao: Macao hands")
    args = parser.parse_args()
    if args.game == "macao":
        hexdigest, actions = macao_digest(args.deals)
    else:
        hexdigest, actions = digest(args.deals, args.views, args.game)
    unit = "hands" if args.game == "macao" else "deals"
    print(f"{hexdigest}  {args.game}: {args.deals} {unit}, {actions} actions{' (views)' if args.views else ''}")


if __name__ == "__main__":
    main()
