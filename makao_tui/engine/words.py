"""Messages as data: a sentence to say in the reader's language, made where the words are shown.

A refusal reason or a hint is made in one process (the engine, the table service, an AI worker)
and read in another (each player's client, in that player's language). So the rules code does not
say it in words: it makes a :class:`Words`, the English template (the gettext message id, marked
for the ``games`` catalog) and its named fields, and whoever shows it calls :meth:`Words.text`,
which looks the template up in the language in use (``makao_tui.engine.i18n``) and fills it in.

A field is a plain value (a whole number, a card label), another :class:`Words` (a rank or suit
name, said in the same language), a :class:`Seat` (a seat number, said as that player's name) or a
:class:`Number` (a number with decimals, written as the reader's language writes it: ``−0,25``)
or an :class:`~makao_tui.engine.text.Echo` (a value somebody typed, quoted as typed, cut short: a
``{card!r}`` field), which travels as its quoted text and is read back as a :class:`Quoted`.
:meth:`Words.to_wire` / :func:`from_wire` give the JSON form the table sends to its clients.

    Words("{card} is not in your hand", card="10♥")
    plural_words("{n} card", "{n} cards", 3, n=3)
    Words("{seat} has 1 card", seat=Seat(2)).text(["Ann", "Bob", "Olga"])  # "Olga has 1 card"

``scripts/catalogs.py`` extracts the first argument of ``Words`` and the first two of
``plural_words``, the context and message of ``context_words`` and ``NC_`` (keywords of its
extractor).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .i18n import _, ngettext, npgettext, number, pgettext
from .text import Echo


class Seat(int):
    """A seat number (0-based) used as a field of :class:`Words`: it is said as the seat's name
    (``names[seat]``; without names "seat 1", "seat 2"…)."""

    __slots__ = ()


class Number:
    """A number with decimals used as a field of :class:`Words`: it is written in the reader's
    language (:func:`makao_tui.engine.i18n.number`: ``+0.25`` / ``+0,25``, a real minus sign),
    rounded to ``digits`` decimals, with a ``+`` before a positive value when ``sign``."""

    __slots__ = ("digits", "sign", "value")

    def __init__(self, value: float, digits: int = 2, *, sign: bool = False) -> None:
        self.value, self.digits, self.sign = float(value), digits, sign

    def text(self) -> str:
        """The number in the language in use."""
        return number(self.value, self.digits, sign=self.sign)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Number) and (self.value, self.digits, self.sign) == (
            other.value, other.digits, other.sign)

    def __hash__(self) -> int:
        return hash((self.value, self.digits, self.sign))

    def __repr__(self) -> str:
        return f"Number({self.value!r}, {self.digits}, sign={self.sign})"


class Quoted(str):
    """The quoted text of an :class:`~makao_tui.engine.text.Echo` as it came over the wire: its
    ``repr`` (a ``{field!r}`` of a template) is the text itself, already quoted and cut."""

    __slots__ = ()

    def __repr__(self) -> str:
        return str.__str__(self)


class Words:
    """One message as data: an English template ``message`` (a ``str.format`` template with
    named fields) and the ``fields`` that fill it; with ``plural`` and ``count`` the template is
    the singular, chosen by the language's plural rules (:func:`~makao_tui.engine.i18n.ngettext`);
    ``context`` tells apart the same English meant otherwise (``pgettext``). Immutable and
    comparable (tests compare refusals). See the module docstring."""

    __slots__ = ("context", "count", "fields", "message", "plural")

    message: str
    fields: dict[str, Any]
    plural: str | None
    count: int | None
    context: str | None

    def __init__(self, message: str, /, *, _plural: str | None = None, _count: int | None = None,
                 _context: str | None = None, **fields: Any) -> None:
        object.__setattr__(self, "message", message)
        object.__setattr__(self, "fields", fields)
        object.__setattr__(self, "plural", _plural)
        object.__setattr__(self, "count", _count)
        object.__setattr__(self, "context", _context)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("Words are immutable")

    def template(self) -> str:
        """The template in the language in use (the form for :attr:`count` if plural)."""
        if self.plural is not None:
            count = self.count or 0
            if self.context is not None:
                return npgettext(self.context, self.message, self.plural, count)
            return ngettext(self.message, self.plural, count)
        if self.context is not None:
            return pgettext(self.context, self.message)
        return _(self.message)

    def text(self, names: Sequence[str] | None = None) -> str:
        """The message in the language in use, its fields filled in (nested :class:`Words` in the
        same language, each :class:`Seat` as ``names[seat]``)."""
        values = {key: _said(value, names) for key, value in self.fields.items()}
        return self.template().format(**values)

    def __str__(self) -> str:
        return self.text()

    def __reduce__(self) -> tuple[Any, ...]:
        # pickled by its JSON form (an AI worker process sends its advice back so)
        return (from_wire, (self.to_wire(),))

    def __repr__(self) -> str:
        return f"Words({self.message!r}, {self.fields!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Words) and self.to_wire() == other.to_wire()

    def __hash__(self) -> int:
        return hash((self.message, self.plural, self.count, self.context))

    def to_wire(self) -> dict[str, Any]:
        """The JSON form: ``{"words": message, "fields": {...}}`` (and ``plural``, ``count``,
        ``context`` when set); a nested :class:`Words` in its own form, a :class:`Seat` as
        ``{"seat": n}``, an :class:`~makao_tui.engine.text.Echo` as ``{"echo": its quoted text}``."""
        out: dict[str, Any] = {"words": self.message, "fields": {k: _wire(v) for k, v in self.fields.items()}}
        if self.plural is not None:
            out["plural"], out["count"] = self.plural, self.count
        if self.context is not None:
            out["context"] = self.context
        return out


def fault_words(exc: BaseException) -> Words:
    """What a player is told of a fault in the program (an AI or a table task that raised): that
    it is one, and the exception's type, a name to report; its own text is for the logs, in
    English, and stays out of the players' words."""
    return Words("a fault in makao-tui: {error}", error=type(exc).__name__)


def plural_words(singular: str, plural: str, count: int, /, **fields: Any) -> Words:
    """A :class:`Words` whose template depends on ``count`` (``plural_words("{n} card", "{n}
    cards", n, n=n)``): put ``count`` in a field yourself."""
    return Words(singular, _plural=plural, _count=count, **fields)


def context_words(context: str, message: str, /, **fields: Any) -> Words:
    """A :class:`Words` looked up with a gettext ``context`` (``context_words("rank", "Jack")``)."""
    return Words(message, _context=context, **fields)


def NC_(context: str, message: str) -> str:
    """Mark ``message`` with a gettext ``context`` for the catalogs without translating it now
    (translate it with ``pgettext(context, message)`` where it is shown)."""
    return message


def _said(value: Any, names: Sequence[str] | None) -> Any:
    if isinstance(value, Words):
        return value.text(names)
    if isinstance(value, Seat):
        seat = int(value)
        if names is not None and 0 <= seat < len(names):
            return names[seat]
        return _("seat {number}").format(number=seat + 1)
    if isinstance(value, Number):
        return value.text()
    return value


def _wire(value: Any) -> Any:
    if isinstance(value, Words):
        return value.to_wire()
    if isinstance(value, Seat):
        return {"seat": int(value)}
    if isinstance(value, Number):
        return {"number": value.value, "digits": value.digits, "sign": value.sign}
    if isinstance(value, Echo | Quoted):
        return {"echo": repr(value)}
    return value


def from_wire(data: Any) -> Words:
    """A :class:`Words` from its JSON form (:meth:`Words.to_wire`). Raises ValueError for data
    that is not one (a table client reports it as a broken message)."""
    if not isinstance(data, dict) or not isinstance(data.get("words"), str) \
            or not isinstance(data.get("fields", {}), dict):
        raise ValueError(f"not a message: {data!r:.80}")
    fields = {k: _unwire(v) for k, v in data.get("fields", {}).items()}
    plural, count, context = data.get("plural"), data.get("count"), data.get("context")
    if plural is not None and not (isinstance(plural, str) and isinstance(count, int)):
        raise ValueError(f"not a message: {data!r:.80}")
    if context is not None and not isinstance(context, str):
        raise ValueError(f"not a message: {data!r:.80}")
    return Words(data["words"], _plural=plural, _count=count, _context=context, **fields)


def _unwire(value: Any) -> Any:
    if isinstance(value, dict):
        if set(value) == {"seat"} and isinstance(value["seat"], int):
            return Seat(value["seat"])
        if set(value) == {"number", "digits", "sign"} and isinstance(value["number"], int | float) \
                and isinstance(value["digits"], int) and 0 <= value["digits"] <= 6:
            return Number(value["number"], value["digits"], sign=bool(value["sign"]))
        if set(value) == {"echo"} and isinstance(value["echo"], str):
            return Quoted(value["echo"])
        return from_wire(value)
    return value
