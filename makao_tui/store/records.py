"""What the store hands out: a saved match to rebuild, and the rows of its lists and statistics.

Plain frozen dataclasses over the engine; times are Unix seconds (float), points and totals are
lists with one entry per seat, seat 0 first.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from ..engine.i18n import _, ngettext
from .errors import DamagedMatchError

if TYPE_CHECKING:  # the lists of matches need no engine: imported where a match is rebuilt
    from ..engine.actions import Action
    from ..engine.match import Match
    from ..engine.variant import Variant


@dataclass(frozen=True)
class Seat:
    """One seat of a stored match: the name the match used, whether the computer plays it, and
    at which AI level (``easy``, ``normal`` or ``hard``; ``normal`` for a human seat). ``undos``
    and ``hints``: how many times the seat took a move back and asked for a hint in the match
    (see :meth:`MatchWriter.mark <makao_tui.store.MatchWriter.mark>`; ignored by
    :meth:`Store.start_match <makao_tui.store.Store.start_match>`)."""

    name: str
    is_ai: bool
    level: str = "normal"
    undos: int = 0
    hints: int = 0


def help_used(undos: int, hints: int) -> str:
    """The help a player had, in words: ``"undo used"``, ``"3 undos, 2 hints"``, ``"1 hint"``;
    ``""`` for none (issue 13: the statistics mark undo and hints)."""
    undo = ngettext("undo used", "{count} undos", undos).format(count=undos) if undos else ""
    hint = ngettext("{count} hint", "{count} hints", hints).format(count=hints) if hints else ""
    if undo and hint:
        return _("{undos}, {hints}").format(undos=undo, hints=hint)
    return undo or hint


def _no_replay(saved: Any, why: str) -> str:
    """The words of a stored match whose actions do not replay (``why``: the first that does not)."""
    return _("match {id} in {path} does not replay: {error}").format(id=saved.id, path=saved.path, error=why)


class ReplayTarget(Protocol):
    """What :meth:`SavedMatch.replay_into` drives: the table service's ``Table`` fits."""

    match: Match

    def apply(self, action: Action) -> Any: ...

    def next_deal(self) -> None: ...


@dataclass(frozen=True)
class SavedMatch:
    """A stored match: its setup and every action applied, enough to rebuild it exactly.

    ``actions``: ``(seat, action)`` pairs over the whole match, in order. ``finished``: when the
    match ended, or None while it is under way. ``path``: the database file it came from.
    ``played``: seconds of play so far (what a time limit counts), as last saved.
    """

    id: int
    path: Path
    variant: Variant
    rules: Any
    seats: tuple[Seat, ...]
    seed: int
    first_dealer: int | None
    actions: tuple[tuple[int, Action], ...]
    time_up: bool
    created: float
    updated: float
    finished: float | None
    played: float = 0.0

    @property
    def names(self) -> list[str]:
        """The seat names, seat 0 first."""
        return [s.name for s in self.seats]

    def new_match(self) -> Match:
        """The match as it stood before its first action."""
        from ..engine.match import Match

        return Match(self.variant, self.rules, self.names, self.seed, self.first_dealer)

    def rebuild(self) -> Match:
        """The match after its last stored action (:meth:`Match.replay`, ``time_up`` included).

        Raises :class:`DamagedMatchError` if an action does not fit where it stands (or the game's
        code fails on it: a stored action is data from a file, never trusted).
        """
        from ..engine.match import Match
        from ..engine.state import IllegalAction

        try:
            return Match.replay(self.variant, self.rules, self.names, self.seed, self.first_dealer,
                                list(self.actions), self.time_up)
        except IllegalAction as exc:
            raise DamagedMatchError(self.path, _no_replay(self, exc.reason)) from None
        except Exception as exc:
            raise DamagedMatchError(self.path, _no_replay(self, f"{type(exc).__name__}: {exc}")) from None

    def replay_into(self, target: ReplayTarget) -> None:
        """Apply the stored actions through ``target`` (``apply`` each one, ``next_deal`` when a
        deal is over), so that whatever it keeps beside its match (the app's log) is rebuilt too.

        ``target.match`` must be this match before its first action (as :meth:`new_match` builds
        it; the table service's ``Table`` builds the same from the seats, rules and seed): else
        ValueError, nothing applied. Raises :class:`DamagedMatchError` if an action does not fit;
        the actions before it stay applied.
        """
        fresh = self.new_match()
        if (target.match.all_actions() or target.match.first_dealer != fresh.first_dealer
                or target.match.state.snapshot() != fresh.state.snapshot()):
            raise ValueError(f"the target does not hold match {self.id} before its first action")
        from ..engine.state import IllegalAction

        for index, (seat, action) in enumerate(self.actions):
            if target.match.awaiting_next_deal:
                target.next_deal()
            if target.match.state.to_act != seat:
                why = _("action {index} is seat {seat}'s, out of turn").format(index=index, seat=seat)
                raise DamagedMatchError(self.path, _no_replay(self, why))
            try:
                target.apply(action)
            except IllegalAction as exc:
                raise DamagedMatchError(self.path, _no_replay(self, f"action {index}: {exc.reason}")) from None
            except Exception as exc:
                raise DamagedMatchError(self.path, _no_replay(
                    self, f"action {index}: {type(exc).__name__}: {exc}")) from None
        target.match.time_up = self.time_up


def undo_point(actions: tuple[tuple[int, Action], ...] | list[tuple[int, Action]], seat: int) -> int | None:
    """How many actions to keep to take back ``seat``'s last action and every action after it
    (the count to pass to :meth:`MatchWriter.truncate`), or None if ``seat`` never acted."""
    for index in range(len(actions) - 1, -1, -1):
        if actions[index][0] == seat:
            return index
    return None


@dataclass(frozen=True)
class MatchSummary:
    """One line of the saved-matches or history list.

    ``game``: the variant id; ``game_name``: its name (the id for a game this version does not
    know). ``deal``: number of the deal under way, or of the last deal. ``actions``: actions
    stored. ``totals``: after the last finished deal. ``winners``: seats, once finished (else
    None). ``in_use``: another live process is writing the match right now. ``damage``: why the
    match cannot be read (its stored values are damaged; the other fields are then placeholders),
    or None.
    """

    id: int
    game: str
    game_name: str
    seats: tuple[Seat, ...]
    deal: int
    actions: int
    created: float
    updated: float
    finished: float | None
    totals: list[int]
    winners: list[int] | None
    in_use: bool
    damage: str | None = None

    def help_used(self) -> str:
        """The help each seat had (see :func:`help_used`): ``"Ann: undo used, 2 hints"``, the
        seats that had some joined by ``"; "``; ``""`` for none."""
        return "; ".join(f"{s.name}: {help_used(s.undos, s.hints)}" for s in self.seats if s.undos or s.hints)

    def players(self) -> str:
        """The seats in words: ``"Ann vs 2 AI"``, ``"Ann, Bob vs Olga (AI)"``, ``"3 AI"``."""
        humans = [s.name for s in self.seats if not s.is_ai]
        ais = [s.name for s in self.seats if s.is_ai]
        if not humans:
            return _("{count} AI").format(count=len(ais))
        if not ais:
            return ", ".join(humans)
        if len(ais) > 1:
            return _("{humans} vs {count} AI").format(humans=", ".join(humans), count=len(ais))
        return _("{humans} vs {ai} (AI)").format(humans=", ".join(humans), ai=ais[0])


@dataclass(frozen=True)
class DealScore:
    """One line of a score sheet: the deal's number (1-based), dealer seat, points of the deal and
    running totals after it."""

    number: int
    dealer: int
    points: list[int]
    totals_after: list[int]


@dataclass(frozen=True)
class ScoreSheet:
    """A match's score sheet: its finished deals in order, the totals and, once over, the winners.

    ``initial``: each seat's total before the first deal (macao: the bankroll; else 0).
    """

    match_id: int
    game: str
    names: list[str]
    initial: list[int]
    deals: list[DealScore]
    totals: list[int]
    winners: list[int] | None


@dataclass(frozen=True)
class PlayerStats:
    """Statistics of one player name (human or AI) in one game, over finished matches.

    ``deals``: finished deals played; ``average``: points per deal (0.0 without a deal);
    ``best_match``/``best_total``: the match with this player's best final total (lowest in
    makao-ru, highest elsewhere) and that total. ``undos``/``hints``: moves taken back and hints
    asked for over those matches (see :func:`help_used`).
    """

    name: str
    is_ai: bool
    game: str
    matches: int
    wins: int
    deals: int
    average: float
    best_match: int
    best_total: int
    undos: int = 0
    hints: int = 0


def ago(then: float, now: float) -> str:
    """How long ago ``then`` was, in words: ``"just now"``, ``"10 minutes ago"``, ``"3 days ago"``."""
    seconds = max(0, int(now - then))
    if seconds >= 86400:
        return ngettext("{count} day ago", "{count} days ago", seconds // 86400).format(count=seconds // 86400)
    if seconds >= 3600:
        return ngettext("{count} hour ago", "{count} hours ago", seconds // 3600).format(count=seconds // 3600)
    if seconds >= 60:
        return ngettext("{count} minute ago", "{count} minutes ago", seconds // 60).format(count=seconds // 60)
    return _("just now")
