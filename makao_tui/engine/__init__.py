"""The game-independent core: cards, actions, events, the state protocol, variants, matches and
scenario replay. It knows no game and never imports Textual (a test proves it)."""

from .actions import Action, Bid, Draw, Pass, Play, Replace, Stand, Take, action_from_json, action_to_json
from .cards import ALL_CARDS, JOKER, RANKS, SUITS, Card, CardError, deck, parse_cards
from .events import DealEnded, DealStarted, Event
from .match import DealRecord, Match
from .state import GameState, IllegalAction, Refusal
from .variant import RulesError, Variant, make_rules, option, register

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
