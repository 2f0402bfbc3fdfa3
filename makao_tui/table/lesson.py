"""Lessons ("Learn to play", issue 30): one guided deal of a game on a stacked deck.

A lesson is a data file, ``makao_tui/lessons/<game>.json``: a scenario file (README "Scenario
files", :mod:`makao_tui.engine.scenario`: the deal laid out card by card and every action taken in
it, the learner's and his opponents'; ``makao scenario`` replays it) plus

- ``learner``: the seat the player takes (the others are played by the lesson's script);
- ``coach``: the coach lines, each ``{"at": N, "say": "...", "rules": [pattern, ...]}``: the line
  is shown once ``N`` actions have been taken, until the next line's ``at``; ``rules`` are the
  engine's events the line speaks of, each ``{"event": "CardPlayed", field: value, ...}`` (the
  event's class and the fields it must have; a card as in scenario files, ``"5H"``), that must
  come up in the actions taken while the line shows;
- ``end``: the line shown with the deal's result.

The lines are in English in the file and translated in the ``app`` catalogs
(``scripts/catalogs.py`` extracts them: docs/translating.md); they are said with ``_`` where shown.

:func:`load_lesson` reads a lesson and replays it through the engine (every scripted action legal
in its turn, every rule its lines name coming up, the deal over at the end), or raises
:class:`LessonError` with one line saying what is wrong. :class:`LessonTable` is a
:class:`~makao_tui.table.Table` that deals the lesson's deal, plays the other seats' scripted
actions (through the same AI turns, paced as any AI move) and refuses a learner's move the rules
allow but the lesson does not take (the engine refuses the moves the rules do not allow, in its
own words).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..engine.actions import Action, ActionFormatError, action_from_json
from ..engine.cards import Card
from ..engine.errors import MakaoError
from ..engine.events import Event
from ..engine.i18n import _
from ..engine.match import Match
from ..engine.scenario import ScenarioError, build_state, parse_layout
from ..engine.state import GameState, IllegalAction
from ..engine.variant import Layout
from ..engine.words import Words
from .service import SeatSpec, Subscription, Table
from .wire import Refusal, to_wire

#: the folder of the lessons shipped with the package, one ``<game id>.json`` each
LESSONS_DIR = Path(__file__).resolve().parent.parent / "lessons"


class LessonError(MakaoError, ValueError):
    """A lesson file that is missing, damaged or does not fit the engine's rules (one line)."""


@dataclass(frozen=True)
class CoachLine:
    """One coach line: shown from the ``at``-th action on; ``say`` its English words; ``rules``
    the event patterns it speaks of (see the module docstring)."""

    at: int
    say: str
    rules: tuple[dict[str, Any], ...]


@dataclass
class Lesson:
    """A lesson read and checked: its game's ``layout`` (a scenario layout), the ``learner``'s
    seat, the ``script`` (every action in order, as ``(seat, action)``), the coach ``lines``
    (by ``at``, ascending) and the ``end`` line shown with the deal's result."""

    game: str
    layout: Layout
    learner: int
    script: list[tuple[int, Action]]
    lines: list[CoachLine]
    end: str

    def line_at(self, count: int) -> str:
        """The English coach line shown after ``count`` actions (the last line whose ``at`` is
        at most ``count``)."""
        said = self.lines[0].say
        for line in self.lines:
            if line.at <= count:
                said = line.say
        return said


def matches(event: Event, pattern: dict[str, Any]) -> bool:
    """Whether ``event`` is of the class ``pattern["event"]`` names and has every other field of
    ``pattern`` (a card field compared by its scenario notation, ``"5H"``)."""
    if type(event).__name__ != pattern.get("event"):
        return False
    for name, wanted in pattern.items():
        if name == "event":
            continue
        if not hasattr(event, name):
            return False
        value = getattr(event, name)
        if isinstance(value, Card):
            value = str(value)
        if value != wanted:
            return False
    return True


def _lines(raw: Any, actions: int) -> list[CoachLine]:
    """The coach lines of a lesson's ``coach`` list (see the module docstring); ``actions``: the
    count of the lesson's actions. Raises :class:`LessonError`."""
    if not isinstance(raw, list) or not raw:
        raise LessonError(_('coach must be a list of lines such as {{"at": 0, "say": "…", "rules": []}}'))
    lines: list[CoachLine] = []
    for index, item in enumerate(raw):
        at, say, rules = (item.get("at"), item.get("say"), item.get("rules", [])) if isinstance(item, dict) else (
            None, None, None)
        if (not isinstance(at, int) or isinstance(at, bool) or not 0 <= at <= actions
                or (lines and at <= lines[-1].at) or (not lines and at != 0)
                or not isinstance(say, str) or not say.strip() or not isinstance(rules, list)
                or not all(isinstance(r, dict) and isinstance(r.get("event"), str) for r in rules)):
            raise LessonError(_('coach line {index} must be {{"at": N, "say": "…", "rules": [{{"event": …}}]}}, '
                                'the first at 0, each later than the one before, none after {last}').format(
                                    index=index, last=actions))
        lines.append(CoachLine(at, say, tuple(rules)))
    return lines


def parse_lesson(game: str, data: Any, variants: dict[str, Any]) -> Lesson:
    """Check a lesson's JSON object (see the module docstring) and replay it through the engine;
    raise :class:`LessonError` (one line) if it is damaged or does not fit the rules."""
    try:
        layout = parse_layout(data, variants)
    except ScenarioError as exc:
        raise LessonError(str(exc)) from None
    assert isinstance(data, dict)  # parse_layout refuses anything else
    if layout.variant.id != game:
        raise LessonError(_("the lesson is one of {other}").format(other=layout.variant.title()))
    learner = data.get("learner")
    if not isinstance(learner, int) or isinstance(learner, bool) or not 0 <= learner < layout.players:
        raise LessonError(_("learner must be a seat from 0 to {last}").format(last=layout.players - 1))
    script: list[tuple[int, Action]] = []
    for index, raw in enumerate(layout.actions):
        seat = raw.get("seat") if isinstance(raw, dict) else None
        try:
            if not isinstance(seat, int) or isinstance(seat, bool):
                raise ActionFormatError(Words("the action names no seat"))
            script.append((seat, action_from_json(raw)))
        except ActionFormatError as exc:
            raise LessonError(_("action {index}: {reason}").format(index=index, reason=exc)) from None
    lines = _lines(data.get("coach"), len(script))
    end = data.get("end")
    if not isinstance(end, str) or not end.strip():
        raise LessonError(_("end must be the words shown with the deal's result"))
    try:
        state = build_state(layout)
    except ScenarioError as exc:
        raise LessonError(str(exc)) from None
    caused: list[list[Event]] = []
    for index, (seat, action) in enumerate(script):
        refused = state.refusal(action, seat)
        if refused is not None:
            raise LessonError(_("action {index} is refused by the rules: {reason}").format(
                index=index, reason=refused.reason))
        caused.append(state.apply(action))
    if not state.is_over:
        raise LessonError(_("the deal is not over after the lesson's last action"))
    for number, line in enumerate(lines):
        until = lines[number + 1].at if number + 1 < len(lines) else len(script)
        events = [e for step in caused[line.at:until] for e in step]
        for pattern in line.rules:
            if not any(matches(e, pattern) for e in events):
                raise LessonError(_("coach line {index} names {rule}, which does not come up").format(
                    index=number, rule=json.dumps(pattern, ensure_ascii=False)))
    return Lesson(game, layout, learner, script, lines, end)


def load_lesson(game: str, folder: Path | None = None) -> Lesson:
    """The lesson of the game ``game`` (its id) from ``folder`` (default :data:`LESSONS_DIR`),
    read and checked; raise :class:`LessonError` with one line naming the file and what is wrong."""
    from ..games import variants

    path = (folder or LESSONS_DIR) / f"{game}.json"
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        return parse_lesson(game, data, variants())
    except (OSError, UnicodeDecodeError, ValueError, RecursionError) as exc:
        # ValueError: a JSON error, or a LessonError already worded
        reason = str(exc) if isinstance(exc, LessonError) else _("the file cannot be read as JSON")
        if isinstance(exc, FileNotFoundError):
            reason = _("the file is missing")
        raise LessonError(_("The lesson {file} cannot be used: {reason}.").format(
            file=path.name, reason=reason.rstrip("."))) from None


class LessonMatch(Match):
    """A match of one deal, the lesson's: its deal is the layout's, not a shuffled one."""

    def __init__(self, lesson: Lesson, names: list[str]) -> None:
        self.lesson = lesson
        layout = lesson.layout
        super().__init__(layout.variant, layout.rules, names, layout.seed, layout.dealer)

    def _start_deal(self, dealer: int) -> None:
        from ..engine.deal import DealRecord

        self.deals.append(DealRecord(1, dealer, build_state(self.lesson.layout)))

    @property
    def is_over(self) -> bool:
        """The match ends with its one deal."""
        return self.state.is_over

    @property
    def awaiting_next_deal(self) -> bool:
        """There is no next deal."""
        return False


class Scripted:
    """The player of a scripted seat: ``choose`` returns ``action``, the script's next action
    (the table sets it before each turn; it is picklable, so it thinks in the AI's worker as any
    player)."""

    def __init__(self, action: Action | None) -> None:
        self.action = action

    def choose(self, view: Any, rng: Any) -> Action:
        """The scripted action (one of ``view.legal``: the lesson was replayed when loaded)."""
        assert self.action is not None  # a scripted seat is asked only in its scripted turns
        return self.action


class LessonTable(Table):
    """The table of a lesson: ``names`` seat 0 first (the learner's seat is human, the others
    play the script); ``options`` as for :class:`~makao_tui.table.Table` (the worker, the pace).
    Unsaved: a lesson is not a match to resume."""

    def __init__(self, lesson: Lesson, names: list[str], **options: Any) -> None:
        self.lesson = lesson
        seats = [SeatSpec(name, is_ai=seat != lesson.learner) for seat, name in enumerate(names)]
        super().__init__(lesson.layout.variant, lesson.layout.rules, seats, lesson.layout.seed,
                         first_dealer=lesson.layout.dealer, **options)
        self._cue()

    def _fresh_match(self) -> None:
        self.match = LessonMatch(self.lesson, self.names)
        self._new_log()
        self._deal_started()

    def expected(self) -> Action | None:
        """The script's next action (None once it is played out)."""
        count = self.match.action_count
        return self.lesson.script[count][1] if count < len(self.lesson.script) else None

    def coach_line(self) -> str:
        """The English coach line for the actions taken so far (:meth:`Lesson.line_at`)."""
        return self.lesson.line_at(self.match.action_count)

    def _cue(self) -> None:
        """Give each scripted seat its next action (the AI turns ask it)."""
        action = self.expected()
        self._players = {seat: Scripted(action) for seat in range(self.players) if seat != self.lesson.learner}

    def _apply(self, action: Action) -> None:
        super()._apply(action)
        self._cue()

    def _act(self, sub: Subscription, seq: int, action: Action | dict[str, Any]) -> Refusal | None:
        """The learner's move: refused by the rules in the engine's words, or by the lesson when
        the rules allow it but the script takes another."""
        expected = self.expected()
        try:
            parsed = action_from_json(action) if isinstance(action, dict) else action
        except ActionFormatError:
            return super()._act(sub, seq, action)
        if (self._check(sub, seq, "act") is None and sub.seat == self.match.state.to_act
                and expected is not None and parsed != expected and self._legal(parsed)):
            wire = action if isinstance(action, dict) else to_wire(action)
            # a move the rules allow that the lesson does not take
            words = Words("the coach line above asks for another move (the rules would allow this one)")
            return self._refused("lesson", words, "act", wire)
        return super()._act(sub, seq, action)

    def _legal(self, action: Action) -> bool:
        trial: GameState = self.match.state.clone()
        try:
            trial.apply(action)
        except IllegalAction:
            return False
        return True

    def hint_refusal(self, seat: int | None) -> Words | None:
        """No hints in a lesson: the coach line says what to do."""
        return Words("in a lesson the coach line says what to do")

    def undo_refusal(self, seat: int | None) -> Words | None:
        """No undo in a lesson (it is not saved): a move the lesson does not take is refused anyway."""
        return Words("a lesson takes no move back: q leaves it, and L on the start screen starts it again")
