"""What leaves the table service: updates, refusals, hints and notices as msgspec structs, and the
JSON form of the engine's values inside them.

Every message is a :class:`msgspec.Struct` tagged with its ``type`` (``"update"``, ``"refusal"``,
``"hint"``, ``"notice"``), so ``msgspec.json.encode(message)`` is one JSON line and
``msgspec.json.decode(line, type=Message)`` gives it back. The engine's values travel in their
JSON form (:func:`to_wire`): a card is its makao_tui/rules/ text (``"3H"``), an action its docs/scenarios.md
form (``{"do": "play", "card": "AS", "suit": "H"}``), an event, a view or a trick an object
whose ``kind`` is its class name and whose other keys are its fields
(``{"kind": "CardPlayed", "seat": 2, "card": "3H", ...}``). :class:`Codec` turns them back
into the engine's objects for the screens.

Hidden cards never get this far: :func:`to_wire` with ``hide=True`` writes every card as ``null``
(the count of a list of cards stays: "Bob draws 2 cards"); the service uses it for each event
private to another seat (``Event.private_to``).
"""

from __future__ import annotations

import dataclasses
import sys
import types
import typing
from collections.abc import Sequence
from typing import Any, Union

import msgspec

from ..engine import events as engine_events
from ..engine.actions import Action, action_from_json, action_to_json
from ..engine.cards import Card
from ..engine.i18n import _
from ..engine.variant import Variant
from ..engine.words import from_wire

#: the version of this message set; a server and a client of different versions do not talk
#: (2: the table sends its reasons as data only, ``words``; no ``reason`` sentences; 3: an update
#: carries ``log_start``, the table keeps the last entries only, and :class:`LogPage` reads the
#: earlier ones back)
WIRE_VERSION = 3

#: the log entries a table keeps in memory (when it stores its match) and a client keeps, at least,
#: with all of the deal under way: more than a tall terminal's log shows, so that the log's lines
#: before the newest still read as one story; the earlier ones are read back when the player
#: scrolls back (:class:`LogPage`)
KEEP_ENTRIES = 200

_ACTION_TYPES = typing.get_args(Action)


def to_wire(value: Any, hide: bool = False) -> Any:
    """The JSON form of an engine value (see the module docstring); ``hide``: every card ``None``.

    Handles cards, actions, dataclasses and named tuples (events, views, tricks), tuples, lists, and plain
    ``None``/bool/int/float/str. Raises TypeError for anything else.
    """
    if isinstance(value, Card):
        return None if hide else str(value)
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if isinstance(value, _ACTION_TYPES):
        return action_to_json(value)
    if _is_record(type(value)):
        return {"kind": type(value).__name__, **{f: to_wire(getattr(value, f), hide) for f in _fields(type(value))}}
    if isinstance(value, (tuple, list)):
        return [to_wire(v, hide) for v in value]
    raise TypeError(f"{type(value).__name__} has no wire form")


def _is_record(cls: type) -> bool:
    """Whether ``cls`` is a record with a wire form of its own: a dataclass or a named tuple."""
    return (dataclasses.is_dataclass(cls) or (issubclass(cls, tuple) and hasattr(cls, "_fields"))) \
        and cls not in _ACTION_TYPES


def _fields(cls: type) -> tuple[str, ...]:
    """The field names of a record class, in order."""
    if dataclasses.is_dataclass(cls):
        return tuple(f.name for f in dataclasses.fields(cls))
    return tuple(getattr(cls, "_fields", ()))


class WireError(ValueError):
    """A value that does not read as the engine type wanted (an unknown kind, a bad card…)."""


class Codec:
    """Reads the JSON form of one game's values back into the engine's objects.

    ``Codec(variant)`` knows the records (dataclasses, named tuples) of the engine's events and of the module that deals
    ``variant`` (its events, view and helper records such as Peklo's ``Trick``), by class name.
    Raises :class:`WireError` for a value that does not fit its type.
    """

    def __init__(self, variant: Variant) -> None:
        self.variant = variant
        self._kinds: dict[str, type] = {}
        for module in (engine_events, sys.modules[variant.deal.__module__]):
            for obj in vars(module).values():
                if isinstance(obj, type) and _is_record(obj):
                    self._kinds.setdefault(obj.__name__, obj)
        # the game's rules config travels inside its views (the AI and the screens read its fields)
        rules_type = type(variant.rules({}))
        self._kinds.setdefault(rules_type.__name__, rules_type)
        self._hints: dict[type, dict[str, Any]] = {}

    def rules(self, options: dict[str, Any]) -> Any:
        """The game's rules config from its options (``rules_to_options`` form)."""
        return self.variant.rules(options)

    def action(self, data: Any) -> Action:
        """An action from its docs/scenarios.md form."""
        try:
            return action_from_json(data)
        except ValueError as exc:
            raise WireError(str(exc)) from None

    def value(self, data: Any) -> Any:
        """An object from a ``{"kind": ...}`` form (event, view, trick)."""
        if not isinstance(data, dict) or data.get("kind") not in self._kinds:
            raise WireError(f"unknown kind in {data!r:.80}")
        cls = self._kinds[data["kind"]]
        hints = self._hints.get(cls)
        if hints is None:
            hints = self._hints[cls] = typing.get_type_hints(cls)
        values = {name: self._as(hints[name], data[name]) for name in _fields(cls) if name in data}
        try:
            return cls(**values)
        except TypeError as exc:
            raise WireError(str(exc)) from None

    def _as(self, hint: Any, data: Any) -> Any:
        """``data`` read as type ``hint`` (the field types the games use)."""
        if hint is Any:
            return data
        origin = typing.get_origin(hint)
        if origin in (Union, types.UnionType):
            args = typing.get_args(hint)
            if set(args) == set(_ACTION_TYPES):
                return self.action(data)
            if data is None:
                return None
            others = [a for a in args if a is not type(None)]
            return self._as(others[0] if len(others) == 1 else Any, data)
        if origin is tuple:
            args = typing.get_args(hint)
            if not isinstance(data, list):
                raise WireError(f"expected a list, got {data!r:.40}")
            if len(args) == 2 and args[1] is Ellipsis:
                return tuple(self._as(args[0], d) for d in data)
            return tuple(self._as(a, d) for a, d in zip(args, data, strict=True))
        if hint is Card:
            if data is None:
                return None
            try:
                return Card.parse(data)
            except ValueError as exc:
                raise WireError(str(exc)) from None
        if isinstance(hint, type) and _is_record(hint):
            return self.value(data)
        return data


# ---------------------------------------------------------------- messages


class SeatInfo(msgspec.Struct, frozen=True):
    """One seat as every client may see it: ``name``; ``kind`` ``"human"``, ``"ai"`` or ``"open"``
    (a seat waiting for a player); ``level``: the AI's level (None for a human), from which a
    client words an AI seat's label in its own language (:func:`ai_seat_label`: "Olga (hard
    AI)"); ``taken``: a client holds the seat."""

    name: str
    kind: str
    level: str | None = None
    taken: bool = False


class LogEntry(msgspec.Struct, frozen=True):
    """The events one step of the match caused, as the receiving seat may see them: ``deal``: the
    deal's number (0: the match's opening before the first deal); ``seat``: who acted (None for
    the opening of a deal or of the match); ``events``: their wire forms."""

    deal: int
    seat: int | None
    events: list[dict[str, Any]]


class DealRow(msgspec.Struct, frozen=True):
    """One deal for the score sheet: ``number`` (1-based), ``dealer`` (macao: the banker);
    ``points``/``totals_after`` per seat once the deal is over (else None); ``public``: the deal's
    public view (what a spectator sees; at its end for a finished deal); ``hands``: every seat's
    cards at the deal's end, shown to count the points (None while it is under way)."""

    number: int
    dealer: int
    public: dict[str, Any]
    points: list[int] | None = None
    totals_after: list[int] | None = None
    hands: list[list[str]] | None = None


class Update(msgspec.Struct, tag="update", kw_only=True):
    """What one seat (or a spectator, ``seat`` None) receives after every change of the table.

    ``seq``: the table's sequence number; an intent must carry the ``seq`` of the last update
    its sender saw. ``game``: the variant id; ``rules``: its options; ``seats``; ``deal``: the
    number of the deal under way (or last); ``to_act``: the seat to act (None between deals and
    at the end); ``view``: the receiving seat's view of the deal (a spectator: the public view);
    ``totals``: match totals per seat; ``deals``: one :class:`DealRow` per deal so far;
    ``deal_over``: the deal under way is over (the next waits for ``next_deal``); ``match_over``;
    ``next_dealer``: who deals next once the deal is over and the match goes on; ``winners``: the
    seats with the best total (the winners once ``match_over``); ``time_limit_min``,
    ``seconds_left``, ``time_up``: the match's clock (None: no time limit);
    ``undo_words``: why this seat cannot undo now (None: it can), ``hint_words``: why it cannot
    have a hint now (None: it can), each a message as data
    (:meth:`~makao_tui.engine.words.Words.to_wire`) that the client says in its player's
    language (:func:`said`); ``reset``: ``log`` is the log the table keeps (a first update or
    after an undo: every entry of the deal under way and at least the last :data:`KEEP_ENTRIES`),
    else the entries since the previous update to this receiver; ``log_start``: the table's
    number of the first entry of ``log`` (entries are numbered from 0 over the match; those
    before a reset's ``log_start`` are read back on request: :class:`LogPage`).
    """

    seq: int
    seat: int | None
    game: str
    rules: dict[str, Any]
    seats: list[SeatInfo]
    deal: int
    to_act: int | None
    view: dict[str, Any]
    totals: list[int]
    deals: list[DealRow]
    deal_over: bool
    match_over: bool
    next_dealer: int | None
    winners: list[int]
    time_limit_min: int | None
    seconds_left: float | None
    time_up: bool
    reset: bool
    log: list[LogEntry]
    log_start: int = 0
    undo_words: dict[str, Any] | None = None
    hint_words: dict[str, Any] | None = None


class LogPage(msgspec.Struct, tag="log_page", kw_only=True):
    """Log entries read back for one receiver (the player scrolled back past what its client
    keeps): ``log``, the entries numbered ``start`` to ``end`` (excluded) as that seat may see
    them (cards it may not see ``null``, as in its updates). The answer to a request for up to
    ``count`` entries before ``end``; a request that does not fit the log is refused (a
    :class:`Refusal` of kind ``"older"``)."""

    start: int
    end: int
    log: list[LogEntry]


class Refusal(msgspec.Struct, tag="refusal", kw_only=True, omit_defaults=True):
    """An intent the table did not carry out, and why: ``kind`` is one of ``"stale"`` (its
    ``seq`` is not the table's: repeated or overtaken), ``"not_your_turn"``, ``"illegal"`` (the
    engine refused the action, or could not read it), ``"no_deal"`` (no next deal to start),
    ``"undo"`` (undo is not allowed now, or the saved game could not be cut back), ``"hint"``,
    ``"hint_failed"`` (the AI that thinks of hints raised), ``"seat"`` (the sender holds no seat,
    or the seat is the AI's), ``"older"`` (log entries asked for that the log has not, or that
    cannot be read back now), and at a lesson's table ``"lesson"``; ``intent``: what was refused
    (``"act"``, ``"next_deal"``, ``"undo"``, ``"hint"``, ``"older"``); ``action``: the refused action's wire
    form, if any; ``seq``: the table's sequence number. ``rule`` and ``fields``: for
    ``"illegal"``, the engine's refusal as data (:class:`~makao_tui.engine.state.Refusal`: its
    kind, such as ``"not_matching"``, ``"follow_suit"`` or ``"not_zero"``, and the cards, counts
    or seats it concerns; ``"action_format"`` for an action the table could not read), for a
    client to act on without reading words. ``words``: why, as a message as data
    (:meth:`~makao_tui.engine.words.Words.to_wire`), which the receiving client says in its own
    language (:func:`said`): the table sends no sentence.

    ``reason`` is sent only by a shared table's server on the refusals a client of another
    version may get (before its ``hello`` is accepted: :func:`makao_tui.net.protocol.greeting_refusal`),
    the same in English, because version 1 of this message set required it; a client of this
    version never shows it. A shared table's own refusals: :func:`makao_tui.net.protocol.refusal`."""

    kind: str
    intent: str
    seq: int
    words: dict[str, Any]
    action: dict[str, Any] | None = None
    rule: str | None = None
    fields: dict[str, Any] = msgspec.field(default_factory=dict)
    reason: str | None = None


class Hint(msgspec.Struct, tag="hint", kw_only=True):
    """What the hard AI would do in the seat's place: ``action`` (wire form) and ``words``, why, as
    a message as data (the AI's words: "plays the 10, keeps the ace for later"; the seats it names
    inside), said by the receiver in its own language with :func:`said`; ``seq``: the state it is
    for."""

    action: dict[str, Any]
    words: dict[str, Any]
    seq: int


class Notice(msgspec.Struct, tag="notice", kw_only=True):
    """Something about the table itself: ``kind`` ``"save_failed"`` (the match is no longer
    saved, and why), ``"save_delayed"`` (a busy file or a full disk: actions wait in memory and
    are retried), ``"saved"`` (every action is written again), or ``"ai_failed"`` (the AI of
    ``seat`` raised an exception, named in ``words``, and made its first legal move instead), or
    at a shared table ``"waiting"`` (the next deal waits for some players). ``words``: what to
    say, as a message as data, which the receiver says in its player's language (as
    :attr:`Refusal.words`)."""

    kind: str
    words: dict[str, Any]
    seat: int | None = None


def said(words: dict[str, Any] | None, names: Sequence[str] | None = None) -> str:
    """A message the table sent as data (``words``: :meth:`~makao_tui.engine.words.Words.to_wire`),
    said in the language in use, the players' ``names`` in for the seats it names; data that does
    not read as a message (a newer or broken table's) is said as such, in the language in use too
    ("" for None)."""
    if words is None:
        return ""
    try:
        return from_wire(words).text(names)
    except (ValueError, KeyError, IndexError, TypeError, AttributeError):
        return _("the table sent words this makao cannot read")


def ai_seat_label(name: str, level: str | None, default_level: str = "normal") -> str:
    """An AI seat's name as the table shows it, in the language in use: "Olga (AI)" at the
    default level, "Olga (hard AI)", "Olga (easy AI)" at the others."""
    if level == "easy":
        return _("{name} (easy AI)").format(name=name)
    if level == "hard":
        return _("{name} (hard AI)").format(name=name)
    if level is None or level == default_level:
        return _("{name} (AI)").format(name=name)
    return _("{name} ({level} AI)").format(name=name, level=level)


#: every message the table sends, for ``msgspec.json.decode(line, type=Message)``
Message = Update | Refusal | Hint | Notice | LogPage
