"""One deal of a match as the match keeps it (:class:`~makao_tui.engine.match.Match` ``.deals``),
and as a game's hooks that read a finished deal see it (``Variant.deal_columns``, ``tally``)."""

from __future__ import annotations

from dataclasses import dataclass, field

from .actions import Action
from .state import GameState


@dataclass
class DealRecord:
    """One deal of a match: its number (1-based), dealer, state, actions and points once over."""

    number: int
    dealer: int
    state: GameState
    actions: list[tuple[int, Action]] = field(default_factory=list)
    points: list[int] | None = None
    totals_after: list[int] | None = None

    def result(self) -> tuple[list[int], list[int]]:
        """(points, totals after) per seat of the deal once over; raises ValueError while it is not."""
        if self.points is None or self.totals_after is None:
            raise ValueError(f"deal {self.number} is not over")
        return self.points, self.totals_after
