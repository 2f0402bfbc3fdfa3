"""Variants: one game's rules, its option config, its deal and its match policy.

Each game module builds one :class:`Variant` and registers it with :func:`register`; the app, the
CLI and the scenario runner find games only through :func:`get_variant` / :func:`all_variants`.

Rule options are the fields of a frozen dataclass (the variant's ``rules_type``) named as in
RULES.md, with their RULES.md defaults. Each field's ``metadata`` may carry ``label`` (words for the
setup screen), ``choices`` (allowed values) and ``range`` ((low, high), inclusive) for checking.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .state import GameState

if TYPE_CHECKING:
    from .events import Event
    from .match import DealRecord, Match
    from .scenario import Layout

#: one finished deal as a record: (columns of the whole deal, columns of each seat), each a list of
#: (column name, value) pairs; ``makao export`` writes it as one CSV row
DealColumns = tuple[list[tuple[str, Any]], list[list[tuple[str, Any]]]]


def points_and_totals(deal: DealRecord) -> DealColumns:
    """The record of a finished deal every game has: each seat's points and total after it."""
    return [], [[("points", p), ("total", t)] for p, t in zip(*deal.result(), strict=True)]


#: the AI levels every game has (issue 7), weakest first; here, below both the AI and the store,
#: so that a stored seat's level can be checked without importing the AI
AI_LEVELS = ("easy", "normal", "hard")


class RulesError(ValueError):
    """An unknown rule option or a value out of its range."""


def option(default: Any, label: str, *, choices: tuple | None = None, range: tuple | None = None) -> Any:
    """A rule-option field with setup-screen metadata (see module docstring)."""
    meta: dict[str, Any] = {"label": label}
    if choices is not None:
        meta["choices"] = choices
    if range is not None:
        meta["range"] = range
    return field(default=default, metadata=meta)


def make_rules(rules_type: type, options: dict[str, Any] | None) -> Any:
    """Build a rules config from ``options`` (RULES.md names; missing = defaults).

    Raises :class:`RulesError` for an unknown name, a value of the wrong type, or one outside the
    field's ``choices`` / ``range``.
    """
    if options is not None and not isinstance(options, dict):
        raise RulesError("the rule options must be given as names and values")
    options = dict(options or {})
    fields = {f.name: f for f in dataclasses.fields(rules_type)}
    values: dict[str, Any] = {}
    for name, value in options.items():
        f = fields.get(name)
        if f is None:
            raise RulesError(f"unknown option {name!r} (known: {', '.join(fields)})")
        default = f.default
        if isinstance(default, bool):
            if not isinstance(value, bool):
                raise RulesError(f"option {name!r} must be true or false")
        elif isinstance(default, int) or (default is None and "range" in f.metadata):
            if value is not None and (not isinstance(value, int) or isinstance(value, bool)):
                raise RulesError(f"option {name!r} must be a whole number")
        elif isinstance(default, str) and not isinstance(value, str):
            raise RulesError(f"option {name!r} must be a text")
        choices = f.metadata.get("choices")
        if choices is not None and value not in choices:
            raise RulesError(f"option {name!r} must be one of {', '.join(map(str, choices))}")
        rng = f.metadata.get("range")
        if rng is not None and value is not None and not rng[0] <= value <= rng[1]:
            raise RulesError(f"option {name!r} must be between {rng[0]} and {rng[1]}")
        values[name] = value
    return rules_type(**values)


def rules_to_options(rules: Any) -> dict[str, Any]:
    """The options dict of a rules config (every field, for saves and scenario output)."""
    return dataclasses.asdict(rules)


@dataclass(frozen=True)
class Variant:
    """One game of RULES.md.

    ``deal(rules, players, dealer, rng, match)`` starts a deal (``match`` is the match so far, or
    None for a lone deal); ``from_layout(layout)`` builds the state a scenario file lays out;
    ``decks``: how many 52-card packs the game uses (a scenario may hold each card that often);
    ``higher_wins``: whether the highest match total wins (makao-ru: the lowest);
    ``initial_total(rules)``: each seat's total before the first deal;
    ``match_over(match)``: whether the match has ended after its last finished deal;
    ``next_dealer(match)``: the dealer of the next deal (default: one seat clockwise);
    ``choose_first_dealer(rules, players, rng)``: the game's own way of choosing the first dealer
    when the setup does not fix one, as ``(seat, events that show how)`` (macao: the cut);
    default None: a seat by lot.
    ``deal_word`` / ``dealer_word``: what the game calls a deal and its dealer (macao: "hand",
    "banker"; the log, the table and the CSV export use them);
    ``deal_columns(deal)``: a finished deal's record for the CSV export (RULES.md "Score sheets"),
    as :data:`DealColumns`; default :func:`points_and_totals`.
    """

    id: str
    name: str
    family: str
    min_players: int
    max_players: int
    rules_type: type
    deal: Callable[[Any, int, int, random.Random, Match | None], GameState]
    from_layout: Callable[[Layout], GameState]
    match_over: Callable[[Match], bool]
    decks: int = 1
    higher_wins: bool = True
    initial_total: Callable[[Any], int] = lambda rules: 0
    next_dealer: Callable[[Match], int] | None = None
    choose_first_dealer: Callable[[Any, int, random.Random], tuple[int, list[Event]]] | None = None
    blurb: str = ""
    help_text: str = ""
    deal_word: str = "deal"
    dealer_word: str = "dealer"
    deal_columns: Callable[[DealRecord], DealColumns] = points_and_totals

    def rules(self, options: dict[str, Any] | None = None) -> Any:
        """The rules config with ``options`` applied (see :func:`make_rules`)."""
        return make_rules(self.rules_type, options)

    def check_players(self, players: object) -> None:
        """Raise :class:`RulesError` unless ``players`` is in this game's range."""
        if not isinstance(players, int) or not self.min_players <= players <= self.max_players:
            raise RulesError(f"{self.name} takes {self.min_players} to {self.max_players} players, not {players}")


_REGISTRY: dict[str, Variant] = {}


def register(variant: Variant) -> Variant:
    """Add ``variant`` to the registry (by its id) and return it; games call this on import."""
    _REGISTRY[variant.id] = variant
    return variant


def registered() -> dict[str, Variant]:
    """The variants registered so far, by id (``makao_tui.games`` imports every game)."""
    return dict(_REGISTRY)
