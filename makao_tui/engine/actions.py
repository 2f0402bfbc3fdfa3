"""Actions: what a seat may do, as small frozen dataclasses with a JSON form.

The JSON form is the one of ``SCENARIOS.md`` (``{"do": "play", "card": "AS", "suit": "H"}``),
used by scenario files, saves and replays alike.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .cards import RANKS, SUITS, Card, CardError


class ActionFormatError(ValueError):
    """A JSON action that cannot be read (unknown verb, bad field value)."""


@dataclass(frozen=True, slots=True)
class Play:
    """Play ``card`` from hand.

    ``suit``: the suit an ace names (letter ``C D H S``), shedding games only.
    ``demand``: the rank a jack demands in makao-pl (``5``..``T``, ``Q``), or None for no demand.
    ``makao``: the Makao call made with this play (RULES.md §1, §2 "Makao call").
    """

    card: Card
    suit: str | None = None
    demand: str | None = None
    makao: bool = False


@dataclass(frozen=True, slots=True)
class Draw:
    """Draw one card from the stock (shedding games) or take the draw (macao)."""


@dataclass(frozen=True, slots=True)
class Take:
    """Take the pending penalty: draw the whole sum and lose the turn (shedding games)."""


@dataclass(frozen=True, slots=True)
class Pass:
    """Decline to play the card just drawn (shedding games)."""


@dataclass(frozen=True, slots=True)
class Bid:
    """Bid ``tricks`` tricks (peklo)."""

    tricks: int


@dataclass(frozen=True, slots=True)
class Replace:
    """Throw away a card worth 0 and take another (macao)."""


@dataclass(frozen=True, slots=True)
class Stand:
    """Stand on the card(s) held (macao)."""


Action = Play | Draw | Take | Pass | Bid | Replace | Stand

_SIMPLE: dict[str, type[Draw | Take | Pass | Replace | Stand]] = {
    "draw": Draw, "take": Take, "pass": Pass, "replace": Replace, "stand": Stand}
_VERBS = {cls: verb for verb, cls in _SIMPLE.items()}


def action_to_json(action: Action) -> dict[str, Any]:
    """The SCENARIOS.md form of ``action`` (without the ``seat`` key)."""
    if isinstance(action, Play):
        out: dict[str, Any] = {"do": "play", "card": str(action.card)}
        if action.suit is not None:
            out["suit"] = action.suit
        if action.demand is not None:
            out["demand"] = action.demand
        if action.makao:
            out["makao"] = True
        return out
    if isinstance(action, Bid):
        return {"do": "bid", "tricks": action.tricks}
    return {"do": _VERBS[type(action)]}


def action_from_json(data: dict[str, Any]) -> Action:
    """Read the SCENARIOS.md form; raise :class:`ActionFormatError` if it cannot be read.

    Whether the action is *legal* is the state's question, not this function's; but a field that
    belongs to no form of the verb (a ``suit`` on a ``draw``) is an error here.
    """
    if not isinstance(data, dict):
        raise ActionFormatError("an action must be a JSON object")
    verb = data.get("do")
    if not isinstance(verb, str):
        raise ActionFormatError(f"an action's \"do\" must be a verb in quotes, not {verb!r}")
    keys = set(data) - {"seat", "do"}
    if verb == "play":
        extra = keys - {"card", "suit", "demand", "makao"}
        if extra:
            raise ActionFormatError(f"unexpected field {sorted(extra)[0]!r} for play")
        if "card" not in data:
            raise ActionFormatError("play needs a card")
        try:
            card = Card.parse(data["card"])
        except CardError as exc:
            raise ActionFormatError(str(exc)) from None
        suit = data.get("suit")
        if suit is not None and (not isinstance(suit, str) or suit.upper() not in SUITS or len(suit) != 1):
            raise ActionFormatError(f"unknown suit {suit!r}")
        demand = data.get("demand")
        if demand is not None:
            demand = str(demand).upper()
            if demand == "10":
                demand = "T"
            if len(demand) != 1 or demand not in RANKS:
                raise ActionFormatError(f"unknown rank {data.get('demand')!r}")
        makao = data.get("makao", False)
        if not isinstance(makao, bool):
            raise ActionFormatError("makao must be true or false")
        return Play(card, suit.upper() if suit else None, demand, makao)
    if verb == "bid":
        if keys - {"tricks"}:
            raise ActionFormatError(f"unexpected field {sorted(keys - {'tricks'})[0]!r} for bid")
        tricks = data.get("tricks")
        if not isinstance(tricks, int) or isinstance(tricks, bool):
            raise ActionFormatError("bid needs a whole number of tricks")
        return Bid(tricks)
    if verb in _SIMPLE:
        if keys:
            raise ActionFormatError(f"unexpected field {sorted(keys)[0]!r} for {verb}")
        return _SIMPLE[verb]()
    raise ActionFormatError(f"unknown action {verb!r}")
