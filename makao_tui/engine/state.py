"""The state protocol shared by all four games (DESIGN.md "The engine API").

A :class:`GameState` is one deal. Its contract:

- ``to_act``: the seat that must act next, or None once the deal is over;
- ``legal_actions()``: every action the seat to act may take (never empty while ``to_act`` is set);
- ``apply(action)``: apply an action of the seat to act and return the events it caused, or raise
  :class:`IllegalAction` with a reason and change nothing;
- ``view(seat)``: what that seat may know, as an immutable view object;
- ``is_over``, ``points()``: the deal's result (RULES.md scoring of the game);
- ``clone()``: an independent copy, cheap enough for search AIs;
- ``snapshot()``: the SCENARIOS.md output keys of the state;
- ``opening``: the events of the deal's start (the deal, a starter card's effect, a trump turned
  up…), for the log;
- ``refusal(action)``: why an action would be refused, or None;
- ``moves()`` / ``step(move)``: the fast path of random playouts and search: the legal moves in a
  game's own compact form (small ints in the shedding games and Peklo; the actions themselves by
  default) and applying one with no check and no events. It is the same rules code as
  ``legal_actions`` / ``apply``, not a second engine: ``legal_actions()`` lists the actions of
  ``moves()`` in the same order.

Turns that leave a player no choice (a skipped turn, a drawn card that cannot be played, a player
who can neither play nor draw) are taken inside ``apply``: ``to_act`` always has a real choice.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import Any

from .actions import Action
from .events import Event
from .words import Words, say


@dataclass(frozen=True)
class Refusal:
    """Why an action is refused, as data: ``kind`` (a short id such as ``"mixed_ranks"``), its
    ``fields`` (the cards, counts or ranks it concerns) and ``words``, the reason as a message
    (:class:`~makao_tui.engine.words.Words`) that the edge says in the player's language;
    :attr:`reason` says it in the language in use (English in scenario output and tests)."""

    kind: str
    words: Words
    fields: dict[str, Any] = field(default_factory=dict)

    @property
    def reason(self) -> str:
        """The reason in words of the language in use."""
        return self.words.text()


class IllegalAction(Exception):
    """An action the rules do not allow here; ``words`` says why as a message
    (:class:`~makao_tui.engine.words.Words`; a plain string is taken as it is), :attr:`reason` in
    the language in use; ``kind`` and ``fields`` say it as data (see :class:`Refusal`; ``kind`` is
    ``"illegal"`` when a game gives no finer one)."""

    def __init__(self, reason: Words | str, kind: str = "illegal", fields: dict[str, Any] | None = None):
        super().__init__(reason)
        self.words = reason
        self.kind = kind
        self.fields = dict(fields or {})

    @property
    def reason(self) -> str:
        """Why, in words of the language in use."""
        return say(self.words)

    def __str__(self) -> str:
        return self.reason

    @classmethod
    def of(cls, refusal: Refusal) -> IllegalAction:
        """The exception that carries ``refusal``."""
        return cls(refusal.words, refusal.kind, refusal.fields)


class GameState(ABC):
    """One deal of one game; see the module docstring for the contract."""

    #: number of seats, 0..players-1 clockwise
    players: int
    #: the seat of the dealer (macao: the banker)
    dealer: int
    #: events of the deal's start; each game sets its own list
    opening: list[Event]

    @property
    @abstractmethod
    def to_act(self) -> int | None:
        """The seat to act, or None when the deal is over."""

    @property
    def is_over(self) -> bool:
        """True once the deal has ended."""
        return self.to_act is None

    @abstractmethod
    def legal_actions(self) -> list[Action]:
        """All legal actions of the seat to act ([] once the deal is over)."""

    @abstractmethod
    def apply(self, action: Action) -> list[Event]:
        """Apply ``action`` for the seat to act; raise :class:`IllegalAction`, changing nothing."""

    @abstractmethod
    def view(self, seat: int) -> Any:
        """What ``seat`` may know of this deal (its own hand, public facts, its legal actions)."""

    @abstractmethod
    def points(self) -> list[int] | None:
        """Points of the deal per seat (RULES.md scoring), or None while it is not over."""

    @abstractmethod
    def clone(self) -> GameState:
        """An independent copy of the state (random generator included)."""

    @abstractmethod
    def snapshot(self) -> dict[str, Any]:
        """The state as the SCENARIOS.md output object (without ``error``)."""

    def moves(self) -> list[Any]:
        """The legal moves of the seat to act in the game's compact form, in the order of
        :meth:`legal_actions` ([] once the deal is over); by default the actions themselves."""
        return self.legal_actions()

    def step(self, move: Any) -> None:
        """Apply ``move``, one of :meth:`moves`, without events (a game may also skip the check;
        then a move that is not legal leaves the state undefined). By default :meth:`apply`."""
        self.apply(move)

    def refusal(self, action: Action) -> str | None:
        """Why ``action`` would be refused now, in words of the language in use, or None if it is
        legal (see :meth:`refusal_words`)."""
        words = self.refusal_words(action)
        return None if words is None else say(words)

    def refusal_words(self, action: Action) -> Words | str | None:
        """Why ``action`` would be refused now, as a message, or None if it is legal (tried on a
        clone; games may answer faster)."""
        try:
            self.clone().apply(action)
        except IllegalAction as exc:
            return exc.words
        return None

    def check_seat(self, seat: int) -> None:
        """Raise :class:`IllegalAction` unless ``seat`` is the seat to act."""
        check_turn(self.to_act, seat)


def check_turn(to_act: int | None, seat: int) -> None:
    """Raise :class:`IllegalAction` unless ``seat`` is ``to_act``, the seat to act (None: the deal
    is over). :meth:`GameState.check_seat`, for a state that implements the protocol without
    subclassing :class:`GameState` (a compiled rules core, :mod:`makao_tui.games.peklo_core`)."""
    if to_act is None:
        raise IllegalAction(Words("the deal is over"), "deal_over")
    if seat != to_act:
        raise IllegalAction(Words("it is seat {to_act}'s turn, not seat {seat}'s", to_act=to_act, seat=seat),
                            "not_your_turn")
