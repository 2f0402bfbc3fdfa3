"""Scenario files (docs/scenarios.md): one deal laid out card by card plus the actions taken in it.

:func:`load_layout` reads and checks a file's JSON; :func:`run_scenario` replays its actions through
the real engine and returns the docs/scenarios.md output object and an exit status (0, or 2 when an
action was refused). A malformed file raises :class:`ScenarioError` with a one-line message (also
for an unknown option or preset, a value of the wrong type or out of its range: makao_tui/rules/ "Option
ranges").
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

from .actions import ActionFormatError, action_from_json
from .cards import JOKER, Card, CardError
from .errors import MakaoError
from .i18n import N_, _, ngettext, os_reason, pgettext
from .state import GameState, IllegalAction, Refusal
from .text import Echo
from .variant import Layout, RulesError, Variant, option_fields
from .words import Words

_MISSING = object()


#: the reasons Python's json module gives for a file it cannot read, in words of the catalogs
_JSON_ERRORS = {
    "Expecting value": N_("a value is expected"),
    "Expecting property name enclosed in double quotes": N_("a field name in double quotes is expected"),
    "Expecting ',' delimiter": N_("a comma is expected"),
    "Expecting ':' delimiter": N_("a colon is expected"),
    "Unterminated string starting at": N_("a string is not closed"),
    "Extra data": N_("more follows the JSON object"),
}

class ScenarioError(MakaoError, ValueError):
    """A scenario file that cannot be read or lays out an impossible deal (one-line message)."""


def _card(text: Any, where: str) -> Card:
    try:
        return Card.parse(text)
    except CardError as exc:
        raise ScenarioError(_("{where}: {error}").format(where=where, error=exc)) from None


def _cards(value: Any, where: str) -> list[Card]:
    if not isinstance(value, list):
        raise ScenarioError(_("{where} must be a list of cards").format(where=where))
    return [_card(t, where) for t in value]


def parse_layout(data: Any, variants: dict[str, Variant]) -> Layout:
    """Check a scenario's JSON object and build its :class:`Layout`; raise :class:`ScenarioError`.

    The fields are checked in the order a reader fills them in (docs/scenarios.md#the-file), and the
    first one wrong is the one named: the variant, the players, the dealer, the rules, the seed,
    the cards, the actions, then how many of each card the deal holds."""
    if not isinstance(data, dict):
        raise ScenarioError(_("a scenario must be a JSON object"))
    variant = _variant_of(data, variants)
    players = _players_of(data, variant)
    dealer = data.get("dealer", 0)
    if not isinstance(dealer, int) or isinstance(dealer, bool) or not 0 <= dealer < players:
        raise ScenarioError(_("dealer must be a seat from 0 to {last}").format(last=players - 1))
    rules = _rules_of(data, variant)
    seed = data.get("seed", 0)
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise ScenarioError(_("seed must be a whole number"))
    hands = _hands_of(data, players)
    stock_given = "stock" in data
    stock = _cards(data.get("stock", []), pgettext("scenario field", "stock"))
    starter = data.get("starter", None)
    starter_card = _card(starter, pgettext("scenario field", "starter")) if starter is not None else None
    trump_raw = data.get("trump", _MISSING)
    trump_given = trump_raw is not _MISSING
    trump = _card(trump_raw, pgettext("scenario field", "trump")) if trump_given and trump_raw is not None else None
    actions = data.get("actions", [])
    if not isinstance(actions, list):
        raise ScenarioError(_("actions must be a list"))
    every = [c for h in hands for c in h] + stock + [c for c in (starter_card, trump) if c is not None]
    _check_counts(every, variant, rules)
    return Layout(variant, players, dealer, rules, seed, hands, stock, starter_card, trump,
                  trump_given, actions, stock_given)


def _variant_of(data: dict[str, Any], variants: dict[str, Variant]) -> Variant:
    """The variant the scenario names in ``"variant"``, one of ``variants``."""
    known = ", ".join(variants)
    if "variant" not in data:
        raise ScenarioError(_('the scenario names no variant (add "variant": one of {known})').format(known=known))
    vid = data["variant"]
    if not isinstance(vid, str):
        raise ScenarioError(_("variant must be a game's name in quotes, one of {known}").format(known=known))
    if vid not in variants:
        raise ScenarioError(_("unknown variant {variant!r} (known: {known})").format(variant=Echo(vid), known=known))
    return variants[vid]


def _players_of(data: dict[str, Any], variant: Variant) -> int:
    """The scenario's ``"players"``: a whole number the variant is played by."""
    if "players" not in data:
        raise ScenarioError(_('the scenario gives no number of players (add "players": {low} to {high})').format(
            low=variant.min_players, high=variant.max_players))
    players = data["players"]
    if not isinstance(players, int) or isinstance(players, bool):
        raise ScenarioError(_("players must be a whole number from {low} to {high}, not {value!r}").format(
            low=variant.min_players, high=variant.max_players, value=Echo(players)))
    try:
        variant.check_players(players)
    except RulesError as exc:
        raise ScenarioError(str(exc)) from None
    return players


def _rules_of(data: dict[str, Any], variant: Variant) -> Any:
    """The rule config of the scenario's ``"preset"`` (``seed`` when omitted) with its ``"options"``
    (omitted or null: the preset's values)."""
    options = data.get("options")
    if options is None:
        options = {}
    if not isinstance(options, dict):
        raise ScenarioError(_("options must be a JSON object of rule options"))
    preset = data.get("preset", "seed")
    try:
        return variant.rules(options, preset)
    except RulesError as exc:
        raise ScenarioError(str(exc)) from None


def _hands_of(data: dict[str, Any], players: int) -> list[list[Card]]:
    """The scenario's ``"hands"``: one list of cards a seat."""
    hands_raw = data.get("hands")
    if not isinstance(hands_raw, list) or len(hands_raw) != players:
        raise ScenarioError(ngettext("hands must be a list of {n} list of cards, one per seat",
                                        "hands must be a list of {n} lists of cards, one per seat", players).format(
                                            n=players))
    return [_cards(h, _("hand of seat {seat}").format(seat=i)) for i, h in enumerate(hands_raw)]


def _check_counts(every: list[Card], variant: Variant, rules: Any) -> None:
    """Refuse a deal that holds a card more often than the variant's packs do (a joker more often
    than ``rules`` allow): ``every`` is each card the scenario lays out."""
    for card, count in Counter(every).items():
        if card == JOKER:
            allowed = variant.jokers(rules)
            if count > allowed:
                raise ScenarioError(_jokers_words(variant, allowed, count).format(
                    count=count, game=variant.title(), n=allowed))
        elif count > variant.decks:
            words = ngettext("card {card} is given {count} times, but {game} has {n} deck",
                             "card {card} is given {count} times, but {game} has {n} decks", variant.decks)
            raise ScenarioError(words.format(card=card, count=count, game=variant.title(), n=variant.decks))


def _jokers_words(variant: Variant, allowed: int, count: int) -> str:
    """What is said of ``count`` jokers given where the rules allow ``allowed`` (a format string of
    ``count``, ``game`` and ``n``): fewer allowed, none without the jokers option, none in the game."""
    if allowed:
        return ngettext("{count} joker (XX) is given, but {game} has {n} under these rules",
                        "{count} jokers (XX) are given, but {game} has {n} under these rules", count)
    if any(f.name == "jokers" for f in option_fields(variant.rules_type)):
        return ngettext("{count} joker (XX) is given, but {game} has none without the jokers option",
                        "{count} jokers (XX) are given, but {game} has none without the jokers option", count)
    return ngettext("{count} joker (XX) is given, but {game} is played without jokers",
                    "{count} jokers (XX) are given, but {game} is played without jokers", count)


def load_layout(path: str | Path, variants: dict[str, Variant]) -> Layout:
    """Read a scenario file; raise :class:`ScenarioError` for a missing, unreadable or bad one."""
    try:
        text = Path(path).read_text(encoding="utf-8-sig")  # a byte-order mark is skipped
    except (OSError, UnicodeDecodeError) as exc:
        raise ScenarioError(_("cannot read {path}: {error}").format(
            path=path, error=os_reason(exc) if isinstance(exc, OSError) else exc)) from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        error = _JSON_ERRORS.get(exc.msg)
        if error is None:  # a reason of Python's json not worded here: where it is, without why
            raise ScenarioError(_("{path} is not valid JSON at line {line}, column {column}").format(
                path=path, line=exc.lineno, column=exc.colno)) from None
        raise ScenarioError(_("{path} is not valid JSON: {error} at line {line}, column {column}").format(
            path=path, error=_(error), line=exc.lineno, column=exc.colno)) from None
    except RecursionError:
        raise ScenarioError(_("{path} nests its JSON too deeply to be a scenario").format(path=path)) from None
    return parse_layout(data, variants)


def build_state(layout: Layout) -> GameState:
    """The state a layout describes; raise :class:`ScenarioError` if the game refuses it."""
    try:
        return layout.variant.from_layout(layout)
    except (ValueError, IllegalAction) as exc:
        raise ScenarioError(str(exc)) from None


def run_scenario(layout: Layout) -> tuple[dict[str, Any], int]:
    """Replay the layout's actions; return (docs/scenarios.md output object, exit status 0 or 2)."""
    state = build_state(layout)
    for index, raw in enumerate(layout.actions):
        try:
            if not isinstance(raw, dict):
                raise IllegalAction(Refusal("not_an_object", Words("an action must be a JSON object")))
            seat = raw.get("seat")
            if not isinstance(seat, int) or isinstance(seat, bool):
                raise IllegalAction(Refusal("no_seat", Words("the action names no seat")))
            action = action_from_json(raw)
            refusal = state.refusal(action, seat)
            if refusal is not None:
                raise IllegalAction(refusal)
            state.apply(action)
        except (IllegalAction, ActionFormatError) as exc:
            out = state.snapshot()
            out["error"] = {"index": index, "reason": str(exc)}
            return out, 2
    return state.snapshot(), 0
