"""Every value read from the saved-games file is checked here before it is used.

The file may have been damaged, edited by hand or written by another program, so no cell is
trusted: each helper returns the value in its expected shape or raises :class:`Damage` with a
short reason ("totals is not valid JSON: '[1,2'"), which the store turns into a match listed as
damaged (``makao saves --check`` prints the reason) instead of a traceback.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Iterable
from typing import Any

from ..engine.text import clean_name
from ..engine.variant import AI_LEVELS
from .records import Seat

#: the largest id SQLite stores (a signed 64-bit integer)
MAX_ID = 2**63 - 1
#: a seed as stored: an integer written in decimal, of a size Python reads without complaint
_SEED = re.compile(r"-?[0-9]{1,4000}")


class Damage(ValueError):
    """A value of the file that is not what the schema promises; ``str()`` is the reason."""


def shown(value: Any, limit: int = 40) -> str:
    """``repr(value)`` cut to ``limit`` characters, to quote a bad value in a reason."""
    text = repr(value)
    return text if len(text) <= limit else text[:limit - 1] + "…"


def whole(value: Any, what: str, low: int | None = None, high: int | None = None) -> int:
    """``value`` if it is an int (not a bool) within ``low``..``high`` (either may be None)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise Damage(f"{what} is {shown(value)}, not a whole number")
    if (low is not None and value < low) or (high is not None and value > high):
        span = f"{low if low is not None else '…'} to {high if high is not None else '…'}"
        raise Damage(f"{what} is {value}, not {span}")
    return value


def flag(value: Any, what: str) -> bool:
    """``value`` as a bool if it is stored as 0 or 1."""
    return bool(whole(value, what, 0, 1))


def moment(value: Any, what: str) -> float:
    """``value`` as a finite, non-negative number of seconds."""
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value) or value < 0:
        raise Damage(f"{what} is {shown(value)}, not a time")
    return float(value)


def from_json(text: Any, what: str) -> Any:
    """The JSON value held by the text cell ``text``."""
    if not isinstance(text, str):
        raise Damage(f"{what} is {shown(text)}, not JSON text")
    try:
        return json.loads(text)
    except ValueError:
        raise Damage(f"{what} is not valid JSON: {shown(text)}") from None


def numbers(text: Any, what: str, length: int) -> list[int]:
    """A JSON list of ``length`` whole numbers (points or totals, one per seat)."""
    value = from_json(text, what)
    if not isinstance(value, list) or len(value) != length:
        raise Damage(f"{what} is {shown(text)}, not a list of {length} numbers")
    return [whole(v, what) for v in value]


def seat_numbers(text: Any, what: str, players: int) -> list[int]:
    """A JSON list of distinct seats (0 to ``players`` - 1), as the winners are stored."""
    value = from_json(text, what)
    if not isinstance(value, list) or not value or len(set(map(repr, value))) != len(value):
        raise Damage(f"{what} is {shown(text)}, not a list of seats")
    return [whole(v, what, 0, players - 1) for v in value]


def seed(text: Any) -> int:
    """The match seed, stored as decimal text."""
    if not isinstance(text, str) or not _SEED.fullmatch(text):
        raise Damage(f"seed is {shown(text)}, not a whole number")
    return int(text)


def seats(rows: Iterable[tuple[Any, ...]]) -> tuple[Seat, ...]:
    """The seats from ``(seat, name, is_ai, level, undos, hints)`` rows ordered by seat: numbered
    0, 1, 2… with none missing, a name that is text and not empty once cleaned, is_ai 0 or 1, a
    known AI level, counts of undos and hints that are whole numbers from 0."""
    out = []
    for index, (number, name, is_ai, level, undos, hints) in enumerate(rows):
        if number != index:
            raise Damage(f"seat {index} is missing (found seat {shown(number)})")
        if not isinstance(name, str) or not clean_name(name):
            raise Damage(f"the name of seat {index} is {shown(name)}")
        if level not in AI_LEVELS:
            raise Damage(f"the AI level of seat {index} is {shown(level)}, not one of {', '.join(AI_LEVELS)}")
        out.append(Seat(clean_name(name), flag(is_ai, f"is_ai of seat {index}"), level,
                        whole(undos, f"the undos of seat {index}", 0), whole(hints, f"the hints of seat {index}", 0)))
    if not out:
        raise Damage("the match has no seats")
    return tuple(out)


def actions(rows: Iterable[tuple[Any, ...]], players: int, start: int = 0) -> list[tuple[Any, Any]]:
    """The ``(seat, action)`` pairs of action rows ``(idx, seat, action JSON)`` in order, the
    first of them action number ``start``: each index the next one (else "action N is
    missing"), each seat one of the ``players``, each action one the engine reads
    (:func:`~makao_tui.engine.actions.action_from_json`)."""
    from ..engine.actions import ActionFormatError, action_from_json  # (a list of matches needs no actions)

    out: list[tuple[Any, Any]] = []
    for position, (idx, seat, text) in enumerate(rows, start):
        if idx != position:
            raise Damage(f"action {position} is missing")
        seat = whole(seat, f"the seat of action {idx}", 0, players - 1)
        try:
            out.append((seat, action_from_json(from_json(text, f"action {idx}"))))
        except ActionFormatError as exc:
            raise Damage(f"action {idx}: {exc}") from None
    return out
