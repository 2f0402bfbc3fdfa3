"""The state protocol shared by all four games (docs/design.md#the-engine-api).

A :class:`GameState` is one deal. Its contract:

- ``to_act``: the seat that must act next, or None once the deal is over;
- ``legal_actions()``: every action the seat to act may take (never empty while ``to_act`` is set);
- ``apply(action)``: apply an action of the seat to act and return the events it caused, or raise
  :class:`IllegalAction` (its :class:`Refusal`) and change nothing;
- ``view(seat)``: what that seat may know, as an immutable view object;
- ``is_over``, ``points()``: the deal's result (makao_tui/rules/ scoring of the game);
- ``clone()``: an independent copy, cheap enough for search AIs;
- ``snapshot()``: the docs/scenarios.md output keys of the state;
- ``opening``: the events of the deal's start (the deal, a starter card's effect, a trump turned
  up…), for the log;
- ``refusal(action, seat=None)``: why an action (of ``seat``) would be refused, as a
  :class:`Refusal` (kind, fields, words), or None: the one legality path; ``apply`` raises
  :class:`IllegalAction` carrying the same record;
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
from .errors import MakaoError
from .events import Event
from .words import Words


@dataclass(frozen=True)
class Refusal:
    """Why an action is refused, as data: ``kind`` (a short id such as ``"mixed_ranks"``, the same
    in every language), its ``fields`` (the cards, counts, ranks or seats it concerns, as plain
    values) and ``words``, the reason as a message (:class:`~makao_tui.engine.words.Words`, a
    template and its fields) that the edge says in the reader's language; :attr:`reason` says it
    in the language in use (English in scenario output and tests).

    The one legality path of every game: ``state.refusal(action)`` gives it (None: legal), and
    ``state.apply(action)`` raises :class:`IllegalAction` carrying the same record."""

    kind: str
    words: Words
    fields: dict[str, Any] = field(default_factory=dict)

    @property
    def reason(self) -> str:
        """The reason in words of the language in use."""
        return self.words.text()


class IllegalAction(MakaoError):
    """An action the rules do not allow here, raised by ``apply`` (and by the match and scenario
    runner around it): :attr:`refusal` says why as data; :attr:`kind`, :attr:`fields` and
    :attr:`words` are its parts, :attr:`reason` its words in the language in use."""

    def __init__(self, refusal: Refusal):
        super().__init__(refusal)
        self.refusal = refusal

    @property
    def kind(self) -> str:
        return self.refusal.kind

    @property
    def fields(self) -> dict[str, Any]:
        return self.refusal.fields

    @property
    def words(self) -> Words:
        return self.refusal.words

    @property
    def reason(self) -> str:
        """Why, in words of the language in use."""
        return self.refusal.reason

    def __str__(self) -> str:
        return self.reason


def turn_refusal(to_act: int | None, seat: int | None) -> Refusal | None:
    """The refusal of any action of ``seat`` when ``to_act`` is the seat to act (None: the deal is
    over): ``deal_over``, or ``not_your_turn`` (fields ``seat``, ``to_act``) unless ``seat`` is
    None or ``to_act``. The first step of every game's :meth:`GameState.refusal`."""
    if to_act is None:
        return Refusal("deal_over", Words("the deal is over"))
    if seat is not None and seat != to_act:
        words = Words("it is seat {to_act}'s turn, not seat {seat}'s", to_act=to_act, seat=seat)
        return Refusal("not_your_turn", words, {"seat": seat, "to_act": to_act})
    return None


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
        """Points of the deal per seat (makao_tui/rules/ scoring), or None while it is not over."""

    @abstractmethod
    def clone(self) -> GameState:
        """An independent copy of the state (random generator included)."""

    @abstractmethod
    def snapshot(self) -> dict[str, Any]:
        """The state as the docs/scenarios.md output object (without ``error``)."""

    def moves(self) -> list[Any]:
        """The legal moves of the seat to act in the game's compact form, in the order of
        :meth:`legal_actions` ([] once the deal is over); by default the actions themselves."""
        return self.legal_actions()

    def step(self, move: Any) -> None:
        """Apply ``move``, one of :meth:`moves`, without events (a game may also skip the check;
        then a move that is not legal leaves the state undefined). By default :meth:`apply`."""
        self.apply(move)

    def refusal(self, action: Action, seat: int | None = None) -> Refusal | None:
        """Why ``action`` would be refused now, as a :class:`Refusal`, or None if it is legal;
        with ``seat``, also when ``seat`` is not the seat to act (:func:`turn_refusal`). Changes
        nothing. By default tried on a clone; the games answer from their rules directly."""
        turn = turn_refusal(self.to_act, seat)
        if turn is not None:
            return turn
        try:
            self.clone().apply(action)
        except IllegalAction as exc:
            return exc.refusal
        return None
