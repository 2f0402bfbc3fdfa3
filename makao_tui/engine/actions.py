"""Actions: what a seat may do, as small frozen dataclasses with a JSON form.

The JSON form is the one of ``docs/scenarios.md`` (``{"do": "play", "card": "AS", "suit": "H"}``),
used by scenario files, saves and replays alike.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .cards import RANKS, SUITS, Card, CardError
from .text import Echo
from .words import Words


class ActionFormatError(ValueError):
    """A JSON action that cannot be read (unknown verb, bad field value): ``words`` says why, as a
    message (:class:`~makao_tui.engine.words.Words`, which a table sends to the player who sent the
    action), ``str()`` in the language in use."""

    def __init__(self, words: Words) -> None:
        super().__init__(words)
        self.words = words

    def __str__(self) -> str:
        return self.words.text()


@dataclass(frozen=True, slots=True)
class Play:
    """Play ``card`` from hand.

    ``suit``: the suit an ace names (letter ``C D H S``), shedding games only.
    ``demand``: the rank a jack demands in makao-pl (``5``..``T``, ``Q``), or None for no demand.
    ``makao``: the Makao call made with this play (makao_tui/rules/makao-ru.en.md, makao-pl.en.md#calling-makao).
    ``more``: the further cards of a multi-card play, laid after ``card`` in this order
    (makao_tui/rules/makao-pl.en.md#house-rules
    ``multi_play``; JSON ``cards``); ``suit``/``demand`` then belong to the last card laid.
    ``as_card``: the card a joker is played as (§5 ``jokers``; JSON ``as``).
    ``out``: the second call, "po makale", with the last card (§5 ``makao_out``).
    """

    card: Card
    suit: str | None = None
    demand: str | None = None
    makao: bool = False
    more: tuple[Card, ...] = ()
    as_card: Card | None = None
    out: bool = False

    @property
    def cards(self) -> tuple[Card, ...]:
        """Every card laid, in order (``card`` first)."""
        return (self.card, *self.more)


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
    """The docs/scenarios.md form of ``action`` (without the ``seat`` key)."""
    if isinstance(action, Play):
        out: dict[str, Any] = {"do": "play"}
        if action.more:
            out["cards"] = [str(c) for c in action.cards]
        else:
            out["card"] = str(action.card)
        if action.as_card is not None:
            out["as"] = str(action.as_card)
        if action.suit is not None:
            out["suit"] = action.suit
        if action.demand is not None:
            out["demand"] = action.demand
        if action.makao:
            out["makao"] = True
        if action.out:
            out["out"] = True
        return out
    if isinstance(action, Bid):
        return {"do": "bid", "tricks": action.tricks}
    return {"do": _VERBS[type(action)]}


def action_from_json(data: dict[str, Any]) -> Action:
    """Read the docs/scenarios.md form; raise :class:`ActionFormatError` if it cannot be read.

    Whether the action is *legal* is the state's question, not this function's; but a field that
    belongs to no form of the verb (a ``suit`` on a ``draw``) is an error here.
    """
    if not isinstance(data, dict):
        raise ActionFormatError(Words("an action must be a JSON object"))
    verb = data.get("do")
    if not isinstance(verb, str):
        raise ActionFormatError(Words('an action\'s "do" must be a verb in quotes, not {verb!r}', verb=Echo(verb)))
    keys = set(data) - {"seat", "do"}
    if verb == "play":
        extra = keys - {"card", "cards", "suit", "demand", "makao", "as", "out"}
        if extra:
            raise ActionFormatError(Words("unexpected field {field!r} for {verb}", field=Echo(sorted(extra)[0]),
                                            verb=verb))
        if ("card" in data) == ("cards" in data):
            raise ActionFormatError(Words("play needs a card (or, for several cards, cards)"))
        try:
            if "cards" in data:
                texts = data["cards"]
                if not isinstance(texts, list) or len(texts) < 2:
                    raise ActionFormatError(Words("cards must be a list of 2 to 4 cards (one card: card)"))
                card, *more = [Card.parse(t) for t in texts]
            else:
                card, more = Card.parse(data["card"]), []
            as_card = Card.parse(data["as"]) if data.get("as") is not None else None
        except CardError as exc:
            raise ActionFormatError(exc.words) from None
        suit = data.get("suit")
        if suit is not None and (not isinstance(suit, str) or suit.upper() not in SUITS or len(suit) != 1):
            raise ActionFormatError(Words("unknown suit {suit!r}", suit=Echo(suit)))
        demand = data.get("demand")
        if demand is not None:
            demand = str(demand).upper()
            if demand == "10":
                demand = "T"
            if len(demand) != 1 or demand not in RANKS:
                raise ActionFormatError(Words("unknown rank {rank!r}", rank=Echo(data.get("demand"))))
        makao = data.get("makao", False)
        if not isinstance(makao, bool):
            raise ActionFormatError(Words("{field} must be true or false", field="makao"))
        out = data.get("out", False)
        if not isinstance(out, bool):
            raise ActionFormatError(Words("{field} must be true or false", field="out"))
        return Play(card, suit.upper() if suit else None, demand, makao, tuple(more), as_card, out)
    if verb == "bid":
        if keys - {"tricks"}:
            raise ActionFormatError(Words("unexpected field {field!r} for {verb}",
                                          field=Echo(sorted(keys - {"tricks"})[0]), verb=verb))
        tricks = data.get("tricks")
        if not isinstance(tricks, int) or isinstance(tricks, bool):
            raise ActionFormatError(Words("bid needs a whole number of tricks"))
        return Bid(tricks)
    if verb in _SIMPLE:
        if keys:
            raise ActionFormatError(Words("unexpected field {field!r} for {verb}", field=Echo(sorted(keys)[0]),
                                        verb=verb))
        return _SIMPLE[verb]()
    raise ActionFormatError(Words("unknown action {verb!r}", verb=Echo(verb)))
