"""Helpers for the Macao tests: lay out a hand, play verbs, make a state with bankrolls."""

from __future__ import annotations

import random

from makao_tui.engine.actions import Draw, Replace, Stand
from makao_tui.engine.cards import parse_cards
from makao_tui.engine.scenario import build_state, parse_layout
from makao_tui.games import variants
from makao_tui.games.macao_rules import MacaoRules
from makao_tui.games.macao_state import MacaoState

VERBS = {"r": Replace(), "d": Draw(), "s": Stand()}


def lay(hands: list[str], stock: str = "", dealer: int = 0, **options) -> MacaoState:
    """The hand a scenario lays out: ``hands`` one card text per seat ("" = not at the table),
    ``stock`` card texts separated by spaces, first drawn first; bankrolls unlimited."""
    spec = {"variant": "macao", "players": len(hands), "dealer": dealer, "options": options,
            "hands": [[h] if h else [] for h in hands], "stock": stock.split()}
    return build_state(parse_layout(spec, variants()))


def table(hands: list[str], stock: str = "", dealer: int = 0, bankrolls: list[int] | None = None,
          spent: str = "", seed: int = 0, **options) -> MacaoState:
    """Like :func:`lay`, with ``bankrolls`` (default: the option's for every seat) and ``spent``
    cards of earlier hands of the bank."""
    rules = MacaoRules(**options)
    return MacaoState(rules, len(hands), dealer,
                      [parse_cards([h]) if h else [] for h in hands], parse_cards(stock.split()),
                      parse_cards(spent.split()),
                      bankrolls if bankrolls is not None else [rules.bankroll] * len(hands),
                      random.Random(seed))


def play(state: MacaoState, moves: str) -> list:
    """Apply ``moves`` ("r d s": replace, draw, stand) for whoever is to act; return all events."""
    events = []
    for m in moves.split():
        events += state.apply(VERBS[m])
    return events
