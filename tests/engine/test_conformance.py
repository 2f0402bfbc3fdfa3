"""Conformance: full random deals of every game under every option set keep the state protocol
(``makao_tui/engine/state.py``) at every step, as OpenSpiel's game tests do.

The option sets of a game: its presets (``seed``, ``house``) and, from the seed rules, each
option's other values one at a time (each choice, a bool turned over; a range keeps its default:
it changes the match's length, not the deal). Each set plays a few whole deals with random choices
(:func:`choose`) through the public API only (``Match``, ``to_act``, ``legal_actions``, ``refusal``, ``apply``,
``view``, ``clone``, ``points``), and after every action checks:

- the seat to act has legal actions, and every one of them has no refusal;
- a few legal actions, applied to clones, are accepted, and the state they leave keeps its cards;
- no view shows a card of another seat's hand that is not shown to every seat (a hidden card
  leaks nowhere), and each view's hand is its seat's hand;
- the cards of the deal are conserved (none made, none lost: the same multiset at every step);
- the deal ends within a bound of actions, with points for every seat.

The first :data:`CHECKED` actions of a deal are checked so; the rest (a few random deals of
Polish Makao run to thousands of actions) is played on to the deal's end.

Bounded in work (deals and actions), not in time.
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from typing import Any

import pytest

from makao_tui.engine import Match
from makao_tui.engine.cards import Card
from makao_tui.engine.variant import Variant, option_fields
from makao_tui.games import all_variants

DEALS = 2  # whole deals per option set
CHECKED = 400  # actions of a deal checked at every step; the rest is played on to its end
MAX_ACTIONS = 20_000  # a deal longer than this has not ended (the repetition rule ends forced loops)
PLAY_FIRST = 0.85  # how often a seat that may lay a card does (uniform choices make Makao deals long)
TRIED = 3  # legal actions applied to clones at each step (the chosen one among them)


def option_sets(variant: Variant) -> list[tuple[str, str, dict[str, Any]]]:
    """(an id, a preset, options over it): each preset, then each option's other values."""
    out = [(preset, preset, {}) for preset in variant.presets]
    seed = variant.rules()
    for f in option_fields(variant.rules_type):
        current = getattr(seed, f.name)
        values: list[Any] = []
        if f.metadata.get("choices"):
            values = [c for c in f.metadata["choices"] if c != current]
        elif isinstance(current, bool):
            values = [not current]
        out += [(f"{f.name}={v}", "seed", {f.name: v}) for v in values]
    return out


CASES = [pytest.param(v, preset, options, id=f"{v.id}-{name}")
         for v in all_variants() for name, preset, options in option_sets(v)]


def cards_in(value: Any, skip: frozenset[str] = frozenset()) -> Counter:
    """Every :class:`Card` held in ``value`` (dataclasses, tuples, lists, sets, dicts), leaving out
    the dataclass fields named in ``skip``."""
    found: Counter = Counter()
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, Card):
            found[item] += 1
        elif dataclasses.is_dataclass(item) and not isinstance(item, type):
            stack += [getattr(item, f.name) for f in dataclasses.fields(item) if f.name not in skip]
        elif isinstance(item, (tuple, list, set, frozenset)):
            stack += list(item)
        elif isinstance(item, dict):
            stack += list(item.values())
    return found


#: the parts of a state that hold its deal's cards, whichever game it is
_HOLDERS = ("hands", "stock", "pile", "shoe", "spent", "thrown", "trick", "history")
#: the fields of a view that are the seat's own (its hand, its legal actions, its drawn card, the
#: cards it threw away in Macao)
_OWN = frozenset({"hand", "legal", "drawn", "thrown", "rules"})


def deal_cards(state: Any) -> Counter:
    """The multiset of the deal's cards in the state (every holder of :data:`_HOLDERS` it has)."""
    found: Counter = Counter()
    for name in _HOLDERS:
        part = getattr(state, name, None)
        if part is None:
            continue
        if name == "hands":
            for hand in part:
                found.update(hand)
        else:
            found.update(cards_in(part))
    return found


def check_views(state: Any) -> None:
    """Each view's hand is its seat's hand; a card of another seat's hand is in a view only if every
    seat's view shows it (it is public)."""
    views = [state.view(seat) for seat in range(state.players)]
    public = [cards_in(v, _OWN) for v in views]
    everyone = set.intersection(*(set(p) for p in public))
    for seat, view in enumerate(views):
        assert Counter(view.hand) == Counter(state.hands[seat])
        own = set(state.hands[seat])
        for other in range(state.players):
            if other == seat:
                continue
            leaked = (set(state.hands[other]) - own) & set(public[seat]) - everyone
            assert not leaked, f"seat {seat} sees {sorted(map(str, leaked))} of seat {other}'s hand"


def choose(legal: list, rng: random.Random) -> Any:
    """A random legal action; a seat that may lay a card mostly does, and never forgets a call it
    may make with it (a forgotten Makao costs cards: random deals of Polish Makao would take
    thousands of actions)."""
    plays = [a for a in legal if type(a).__name__ == "Play"]
    plays = [a for a in plays if getattr(a, "makao", False) or getattr(a, "out", False)] or plays
    return rng.choice(plays if plays and rng.random() < PLAY_FIRST else legal)


@pytest.mark.parametrize("variant,preset,options", CASES)
def test_random_deals_keep_the_protocol(variant, preset, options):
    rules = variant.rules(options, preset)
    rng = random.Random(f"{variant.id}-{preset}-{sorted(options.items())}")
    for deal in range(DEALS):
        players = rng.randint(variant.min_players, min(variant.max_players, 5))
        match = Match(variant, rules, [f"p{i}" for i in range(players)], seed=rng.randrange(1 << 30))
        state = match.state
        cards = deal_cards(state)
        assert cards, "the deal holds cards"
        check_views(state)
        for step in range(MAX_ACTIONS):
            if state.is_over:
                break
            seat = state.to_act
            assert seat is not None
            legal = state.legal_actions()
            assert legal, f"seat {seat} to act has no legal action"
            chosen = choose(legal, rng)
            if step < CHECKED:
                for action in legal:
                    assert state.refusal(action) is None, (action, state.refusal(action))
                for action in {chosen, *rng.sample(legal, min(TRIED, len(legal)))}:
                    copy = state.clone()
                    copy.apply(action)
                    assert deal_cards(copy) == cards
            match.apply(chosen)
            if match.is_over or match.awaiting_next_deal:
                break
            state = match.state
            if step < CHECKED:
                assert deal_cards(state) == cards, "cards made or lost"
                check_views(state)
        else:
            pytest.fail(f"deal {deal} did not end in {MAX_ACTIONS} actions")
        assert state.is_over
        points = state.points()
        assert points is not None and len(points) == players
