"""Scenario files (SCENARIOS.md): one deal laid out card by card plus the actions taken in it.

:func:`load_layout` reads and checks a file's JSON; :func:`run_scenario` replays its actions through
the real engine and returns the SCENARIOS.md output object and an exit status (0, or 2 when an
action was refused). A malformed file raises :class:`ScenarioError` with a one-line message (also
for an unknown option or preset, a value of the wrong type or out of its range: RULES.md "Option
ranges").
"""

from __future__ import annotations

import json
import random
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .actions import ActionFormatError, action_from_json
from .cards import JOKER, Card, CardError
from .state import GameState, IllegalAction
from .variant import RulesError, Variant
from .words import Words

_MISSING = object()


class ScenarioError(ValueError):
    """A scenario file that cannot be read or lays out an impossible deal (one-line message)."""


@dataclass
class Layout:
    """A deal as a scenario file lays it out (SCENARIOS.md "Input").

    ``trump_given`` tells a ``"trump": null`` (a deal without trump) from a missing key.
    """

    variant: Variant
    players: int
    dealer: int
    rules: Any
    seed: int
    hands: list[list[Card]]
    stock: list[Card]
    starter: Card | None = None
    trump: Card | None = None
    trump_given: bool = False
    actions: list[dict[str, Any]] = field(default_factory=list)

    def rng(self) -> random.Random:
        """The generator for any shuffle the deal needs, seeded from the file's ``seed``."""
        return random.Random(self.seed)


def _card(text: Any, where: str) -> Card:
    try:
        return Card.parse(text)
    except CardError as exc:
        raise ScenarioError(f"{where}: {exc}") from None


def _cards(value: Any, where: str) -> list[Card]:
    if not isinstance(value, list):
        raise ScenarioError(f"{where} must be a list of cards")
    return [_card(t, where) for t in value]


def parse_layout(data: Any, variants: dict[str, Variant]) -> Layout:
    """Check a scenario's JSON object and build its :class:`Layout`; raise :class:`ScenarioError`."""
    if not isinstance(data, dict):
        raise ScenarioError("a scenario must be a JSON object")
    known = ", ".join(variants)
    if "variant" not in data:
        raise ScenarioError(f"the scenario names no variant (add \"variant\": one of {known})")
    vid = data["variant"]
    if not isinstance(vid, str):
        raise ScenarioError(f"variant must be a game's name in quotes, one of {known}")
    if vid not in variants:
        raise ScenarioError(f"unknown variant {vid!r} (known: {known})")
    variant = variants[vid]
    players = data.get("players")
    try:
        variant.check_players(players)
    except RulesError as exc:
        raise ScenarioError(str(exc)) from None
    assert isinstance(players, int)  # check_players refuses anything else
    dealer = data.get("dealer", 0)
    if not isinstance(dealer, int) or isinstance(dealer, bool) or not 0 <= dealer < players:
        raise ScenarioError(f"dealer must be a seat from 0 to {players - 1}")
    options = data.get("options") or {}
    if not isinstance(options, dict):
        raise ScenarioError("options must be a JSON object of rule options")
    preset = data.get("preset", "seed")
    try:
        rules = variant.rules(options, preset)
    except RulesError as exc:
        raise ScenarioError(str(exc)) from None
    seed = data.get("seed", 0)
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise ScenarioError("seed must be a whole number")
    hands_raw = data.get("hands")
    if not isinstance(hands_raw, list) or len(hands_raw) != players:
        raise ScenarioError(f"hands must be a list of {players} lists of cards, one per seat")
    hands = [_cards(h, f"hand of seat {i}") for i, h in enumerate(hands_raw)]
    stock = _cards(data.get("stock", []), "stock")
    starter = data.get("starter", None)
    starter_card = _card(starter, "starter") if starter is not None else None
    trump_raw = data.get("trump", _MISSING)
    trump_given = trump_raw is not _MISSING
    trump = _card(trump_raw, "trump") if trump_given and trump_raw is not None else None
    actions = data.get("actions", [])
    if not isinstance(actions, list):
        raise ScenarioError("actions must be a list")
    every = [c for h in hands for c in h] + stock + [c for c in (starter_card, trump) if c is not None]
    for card, count in Counter(every).items():
        if card == JOKER:
            allowed = variant.jokers(rules)
            if count > allowed:
                raise ScenarioError(f"{count} jokers (XX) are given, but {variant.name} has "
                                    + (f"{allowed} under these rules" if allowed else "none without the jokers option"))
        elif count > variant.decks:
            times = "twice" if variant.decks == 1 else f"{count} times"
            raise ScenarioError(f"card {card} is given {times}, but {variant.name} has "
                                f"{'one deck' if variant.decks == 1 else f'{variant.decks} decks'}")
    return Layout(variant, players, dealer, rules, seed, hands, stock, starter_card, trump,
                  trump_given, actions)


def load_layout(path: str | Path, variants: dict[str, Variant]) -> Layout:
    """Read a scenario file; raise :class:`ScenarioError` for a missing, unreadable or bad one."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise ScenarioError(f"cannot read {path}: {getattr(exc, 'strerror', None) or exc}") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ScenarioError(f"{path} is not valid JSON: {exc.msg} at line {exc.lineno}, column {exc.colno}") from None
    except RecursionError:
        raise ScenarioError(f"{path} nests its JSON too deeply to be a scenario") from None
    return parse_layout(data, variants)


def build_state(layout: Layout) -> GameState:
    """The state a layout describes; raise :class:`ScenarioError` if the game refuses it."""
    try:
        return layout.variant.from_layout(layout)
    except (ValueError, IllegalAction) as exc:
        raise ScenarioError(str(exc)) from None


def run_scenario(layout: Layout) -> tuple[dict[str, Any], int]:
    """Replay the layout's actions; return (SCENARIOS.md output object, exit status 0 or 2)."""
    state = build_state(layout)
    for index, raw in enumerate(layout.actions):
        try:
            if not isinstance(raw, dict):
                raise IllegalAction(Words("an action must be a JSON object"))
            seat = raw.get("seat")
            if not isinstance(seat, int) or isinstance(seat, bool):
                raise IllegalAction(Words("the action names no seat"))
            action = action_from_json(raw)
            state.check_seat(seat)
            state.apply(action)
        except (IllegalAction, ActionFormatError) as exc:
            out = state.snapshot()
            out["error"] = {"index": index, "reason": str(exc)}
            return out, 2
    return state.snapshot(), 0
