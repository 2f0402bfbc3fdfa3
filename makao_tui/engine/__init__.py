"""The game-independent core: cards, actions, events, the state protocol, variants, matches and
scenario replay. It knows no game and never imports Textual (a test proves it).

The names below are those of its modules (``from makao_tui.engine import Card, Match``), each
module imported when one of its names is first asked for: importing one module of the engine
(``makao_tui.engine.i18n``, as ``makao`` does first) does not load the others.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .lazy import lazy_names

if TYPE_CHECKING:
    from .actions import Action, Bid, Draw, Pass, Play, Replace, Stand, Take, action_from_json, action_to_json
    from .cards import ALL_CARDS, JOKER, RANKS, SUITS, Card, CardError, deck, parse_cards
    from .deal import DealRecord
    from .events import DealEnded, DealStarted, Event
    from .match import Match
    from .state import GameState, IllegalAction, Refusal
    from .variant import RulesError, Variant, make_rules, option, register

__getattr__ = lazy_names(__name__, {
    "actions": ("Action", "Bid", "Draw", "Pass", "Play", "Replace", "Stand", "Take", "action_from_json",
                "action_to_json"),
    "cards": ("ALL_CARDS", "JOKER", "RANKS", "SUITS", "Card", "CardError", "deck", "parse_cards"),
    "deal": ("DealRecord",),
    "events": ("DealEnded", "DealStarted", "Event"),
    "match": ("Match",),
    "state": ("GameState", "IllegalAction", "Refusal"),
    "variant": ("RulesError", "Variant", "make_rules", "option", "register"),
})

__all__ = [
    "ALL_CARDS",
    "JOKER",
    "RANKS",
    "SUITS",
    "Action",
    "Bid",
    "Card",
    "CardError",
    "DealEnded",
    "DealRecord",
    "DealStarted",
    "Draw",
    "Event",
    "GameState",
    "IllegalAction",
    "Match",
    "Pass",
    "Play",
    "Refusal",
    "Replace",
    "RulesError",
    "Stand",
    "Take",
    "Variant",
    "action_from_json",
    "action_to_json",
    "deck",
    "make_rules",
    "option",
    "parse_cards",
    "register",
]
