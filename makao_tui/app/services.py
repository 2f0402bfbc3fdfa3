"""What a screen may ask of the app that shows it (:class:`AppServices`).

The screens are shown by :class:`~makao_tui.app.main.MakaoApp`, which imports them; they name this
protocol, not the app, so that none of them imports the app back (``tests/test_layers.py``). A
screen reaches it as ``cast("AppServices", self.app)`` (its ``makao_app`` property);
``tests/app/test_services.py`` holds the app to it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

if TYPE_CHECKING:
    from ..engine.variant import Variant
    from ..store import Store
    from ..table import Notice, SeatSpec, Table


@runtime_checkable
class AppServices(Protocol):
    """The app's state and commands the screens use.

    ``store``: the saved-games store (None: matches are not saved); ``clock()``: now, in Unix
    seconds (tests fix it); ``ascii``: suits drawn as letters; ``hand_order``: ``"suit"`` or
    ``"rank"`` (the tables' o key sets it for the app's run); ``last_setup``: the game id, seats and
    rules of the last match set up (None: none yet); ``ai_delay``: the pause before each AI move
    (seconds); ``ai_in_worker``: the AI thinks in its own process; ``table``: the in-process table
    of the match under way (None: none, or a shared table); ``pace``: the name of the pace in
    :data:`~makao_tui.app.paces.TABLE_PACES` nearest to ``ai_delay``.
    """

    store: Store | None
    clock: Callable[[], float]
    ascii: bool
    hand_order: str
    last_setup: tuple[str, list[SeatSpec], Any] | None
    ai_delay: float
    ai_in_worker: bool

    @property
    def table(self) -> Table | None: ...

    @property
    def pace(self) -> str: ...

    def set_pace(self, name: str) -> None:
        """Pause ``TABLE_PACES[name]`` seconds before each AI move from now on."""

    def open_start(self) -> None:
        """Show the start screen."""

    def open_setup(self, variant_id: str) -> None:
        """Show the setup of a new match of the game ``variant_id``."""

    def new_match_setup(self) -> None:
        """Show the setup of the last match again (after a match's end)."""

    def start_match(self, variant: Variant, rules: Any, seats: Sequence[SeatSpec], seed: int) -> None:
        """Start a match at this terminal."""

    def host_table(self, variant: Variant, rules: Any, seats: Sequence[SeatSpec], name: str | None) -> None:
        """Host a shared table and sit at it as ``name``."""

    def join_table(self, code: str, watch: bool = False) -> None:
        """Sit at the shared table ``code``, or watch it."""

    def resume_saved(self, match_id: int) -> None:
        """Reopen the stored match ``match_id`` at its table."""

    def table_notice(self, notice: Notice) -> None:
        """Say a notice of the table (saving delayed, saved, a seat left...)."""

    def end_lesson(self) -> None:
        """Leave a finished lesson."""

    def action_quit_match(self) -> None:
        """Leave the match under way, asking first."""
