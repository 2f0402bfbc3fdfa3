"""A match as the app runs it: seats (human or AI), the log, who sits at the keyboard, the clock.

Pure Python on top of :class:`~makao_tui.engine.match.Match` (no Textual here), so the table
screens of every game family share it and tests can drive it directly.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ..ai import DEFAULT_LEVEL, Player, Thinking, ai_for, decision_rng
from ..engine.actions import Action
from ..engine.events import Event
from ..engine.match import Match
from ..engine.text import clean_name
from ..engine.variant import Variant

#: names given to AI seats that were not named, first unused one first
AI_NAMES = ("Olga", "Piotr", "Ivan", "Zosia", "Marek", "Vera", "Kasia", "Boris")


@dataclass(frozen=True)
class SeatSpec:
    """One seat of a match: ``name`` (empty for an AI seat lets the app pick one), ``is_ai``, and
    the AI's ``level`` (one of :data:`makao_tui.ai.LEVELS`; ignored for a human seat)."""

    name: str
    is_ai: bool
    level: str = DEFAULT_LEVEL


@dataclass(frozen=True)
class LogEntry:
    """The events one action caused (``seat``: who acted; None for the opening of a deal, or of
    the match before its first deal, ``deal`` 0)."""

    seat: int | None
    events: tuple[Event, ...]
    deal: int


def seat_names(seats: Sequence[SeatSpec]) -> list[str]:
    """Seat names: the humans' own, cleaned (:func:`~makao_tui.engine.text.clean_name`: no control
    or bidi characters, a length limit), and for unnamed AI seats the first unused of
    :data:`AI_NAMES`; a human seat whose name cleans to nothing is "Player N" (N: seat number)."""
    given = [clean_name(s.name) for s in seats]
    taken = {name.casefold() for name in given if name}
    pool = [n for n in AI_NAMES if n.casefold() not in taken]
    names = []
    for spec, name in zip(seats, given, strict=True):
        if name:
            names.append(name)
        elif spec.is_ai:
            names.append(pool.pop(0) if pool else f"AI {len(names) + 1}")
        else:
            names.append(f"Player {len(names) + 1}")
    return names


class MatchSession:
    """A running match plus what the table needs around it.

    ``at_keyboard``: the human seat whose hand may be shown (hot-seat privacy); with one human it
    is always that seat, with several it changes only when the pass screen is confirmed, and it is
    None while no human has been handed the keyboard yet. ``clock``: a monotonic time source
    (seconds), replaceable in tests. ``saver``: called with the match after every action applied
    and when its time runs out (the app stores the match through it); None stores nothing.
    """

    def __init__(self, variant: Variant, rules: Any, seats: Sequence[SeatSpec], seed: int,
                 clock: Callable[[], float] = time.monotonic, thinking: Thinking | None = None):
        self.variant = variant
        self.rules = rules
        self.seats = list(seats)
        self.seed = seed
        self.names = seat_names(self.seats)
        self.match = Match(variant, rules, self.names, seed)
        self.humans = [i for i, s in enumerate(self.seats) if not s.is_ai]
        self.at_keyboard: int | None = self.humans[0] if len(self.humans) == 1 else None
        self._players: dict[int, Player] = {
            i: ai_for(variant.id, s.level, rules, thinking) for i, s in enumerate(self.seats) if s.is_ai}
        self.thinking = thinking
        self.log: list[LogEntry] = []
        if self.match.opening:  # the match's own opening (macao: the cut for the bank)
            self.log.append(LogEntry(None, tuple(self.match.opening), 0))
        self._log_opening()
        self._clock = clock
        self.started = clock()
        #: seconds played before this sitting (a resumed match)
        self.played_before = 0.0
        #: actions that undo may not take back (those before the move last taken back): undo goes
        #: back one move of the human's, not move after move
        self.undo_floor = 0
        self.saver: Callable[[Match], None] | None = None

    # ------------------------------------------------------------ seats

    def is_ai(self, seat: int | None) -> bool:
        """Whether ``seat`` is played by the computer."""
        return seat in self._players

    def seat_label(self, seat: int) -> str:
        """The seat's name as the table shows it: "Olga (AI)" for a normal AI, "Olga (hard AI)" or
        "Olga (easy AI)" for the other levels, the bare name for a human."""
        spec = self.seats[seat]
        if not spec.is_ai:
            return self.names[seat]
        return f"{self.names[seat]} ({'' if spec.level == DEFAULT_LEVEL else spec.level + ' '}AI)"

    @property
    def to_act(self) -> int | None:
        """The seat to act in the deal under way (None once it is over)."""
        return self.match.state.to_act

    def needs_pass(self) -> bool:
        """Whether the keyboard must be handed to the human to act before the table may show."""
        seat = self.to_act
        return (seat is not None and not self.is_ai(seat) and len(self.humans) > 1
                and seat != self.at_keyboard)

    def hand_seat(self) -> int | None:
        """The seat whose hand the table shows: the human at the keyboard, or in a match of AI
        seats only the seat to act (an onlooker may see everything); None shows no hand."""
        if self.humans:
            return self.at_keyboard
        return self.to_act if self.to_act is not None else None

    def viewer(self) -> int | None:
        """The seat reading the log: the human at the keyboard (-1 while the keyboard is being
        passed: nobody's private cards), or None (everything) in a match of AI seats only."""
        if not self.humans:
            return None
        return -1 if self.at_keyboard is None else self.at_keyboard

    # ------------------------------------------------------------ acting

    def apply(self, action: Action) -> list[Event]:
        """Apply ``action`` for the seat to act and log it; IllegalAction changes nothing."""
        seat = self.to_act
        events = self.match.apply(action)
        self.log.append(LogEntry(seat, tuple(events), len(self.match.deals)))
        if self.saver is not None:
            self.saver(self.match)
        return events

    def ai_inputs(self) -> tuple[Player, Any, random.Random]:
        """The AI player of the seat to act, that seat's view (nothing more) and the generator of
        this decision (:func:`~makao_tui.ai.decision_rng`: from the seed, the seat and the actions
        so far, so a resumed match plays on as the unbroken one would)."""
        seat = self.to_act
        if seat is None:
            raise ValueError("the deal is over: no seat to act")
        return self._players[seat], self.match.state.view(seat), decision_rng(self.seed, seat, self.match.action_count)

    def token(self) -> tuple[int, int]:
        """Changes with every action: (deal number, actions in that deal)."""
        return len(self.match.deals), len(self.match.current.actions)

    def next_deal(self) -> None:
        """Start the next deal (the match must be awaiting it) and log its opening."""
        self.match.next_deal()
        self._log_opening()

    def _log_opening(self) -> None:
        opening = tuple(getattr(self.match.state, "opening", ()))
        if opening:
            self.log.append(LogEntry(None, opening, len(self.match.deals)))

    def log_lines(self, ascii: bool = False, start: int = 0) -> list[str]:
        """The log in plain words, one line per action, as the current viewer may read it, from
        entry ``start`` on (a table shows the entries it has not shown yet)."""
        viewer = self.viewer()
        word = self.variant.deal_word.capitalize()  # "Hand 3" in Macao, as its table says
        lines = []
        for entry in self.log[start:]:
            text = " — ".join(e.text(self.names, ascii, viewer) for e in entry.events)
            lines.append(f"{word} {entry.deal}: {text}" if entry.seat is None and entry.deal else text)
        return lines

    def last_event(self, kind: type) -> Event | None:
        """The most recent logged event of class ``kind`` in the deal under way."""
        deal = len(self.match.deals)
        for entry in reversed(self.log):
            if entry.deal != deal:
                return None
            for event in reversed(entry.events):
                if isinstance(event, kind):
                    return event
        return None

    # ------------------------------------------------------------ time limit

    @property
    def time_limit_min(self) -> int | None:
        """Minutes the match may last (makao-pl option ``time_limit_min``), or None."""
        return getattr(self.rules, "time_limit_min", None)

    def seconds_left(self) -> float | None:
        """Seconds before the time limit (never negative), or None without a limit."""
        if self.time_limit_min is None:
            return None
        return max(0.0, self.time_limit_min * 60 - self.played())

    def played(self) -> float:
        """Seconds of play: those of earlier sittings (``played_before``, from a saved match) and
        this one's."""
        return self.played_before + self._clock() - self.started

    def tick(self) -> None:
        """Tell the match when its time is up (it then ends after the deal under way)."""
        left = self.seconds_left()
        if left is not None and left <= 0 and not self.match.time_up:
            self.match.time_up = True
            if self.saver is not None:
                self.saver(self.match)
