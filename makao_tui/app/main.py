"""The app factory (:class:`MakaoApp`) used by the ``makao`` command and by the tests.

``MakaoApp()`` opens at the start screen; ``MakaoApp(variant=..., rules=..., seats=..., seed=...)``
goes straight to the table; ``MakaoApp(resume=writer)`` reopens a stored match (a
:class:`~makao_tui.store.MatchWriter` from ``Store.resume``) at its table. ``ai_delay`` is the pause
(seconds) before each AI move so humans can follow; tests pass 0.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from textual import events
from textual.app import App
from textual.geometry import Size
from textual.binding import Binding

from ..engine.variant import Variant
from ..games import get_variant
from .screens.common import MIN_HEIGHT, MIN_WIDTH, ConfirmScreen, HelpScreen, TooSmallScreen
from .screens.setup import SetupScreen
from .screens.start import StartScreen
from .screens.table import TableScreen
from .session import MatchSession, SeatSpec
from .tables import table_for

if TYPE_CHECKING:
    from ..store import MatchWriter

__all__ = ["MakaoApp", "SeatSpec", "run_app"]

DEFAULT_SEATS = (SeatSpec("Player 1", False), SeatSpec("", True), SeatSpec("", True))

GENERAL_KEYS = [
    ("↑ ↓ / Tab", "move between choices and fields"),
    ("Enter / Space", "choose, press a button, toggle a switch"),
    ("Esc", "back"),
    ("Ctrl+S", "start the match (setup screen)"),
    ("F1 / ?", "this help"),
    ("q / Ctrl+C", "quit (asks during a match)"),
]


class MakaoApp(App[None]):
    """The makao-tui app. See the module docstring for the arguments."""

    CSS_PATH = "makao.tcss"
    TITLE = "makao-tui"
    ENABLE_COMMAND_PALETTE = False
    BINDINGS = [
        Binding("ctrl+c", "request_quit", "Quit", show=False, priority=True),
        Binding("ctrl+q", "request_quit", "Quit", show=False, priority=True),
    ]

    def __init__(self, ascii: bool = False, variant: Variant | None = None, rules: Any = None,
                 seats: Sequence[SeatSpec] | None = None, seed: int | None = None,
                 ai_delay: float = 0.6, resume: MatchWriter | None = None) -> None:
        super().__init__()
        self.ascii = ascii
        self.ai_delay = ai_delay
        self._start = (variant, rules, list(seats) if seats else None, seed)
        self._resume = resume
        self.session: MatchSession | None = None
        self._mounted = False

    def on_mount(self) -> None:
        variant, rules, seats, seed = self._start
        self.push_screen(StartScreen())
        if self._resume is not None:
            self.resume_match(self._resume)
        elif variant is not None:
            self.start_match(variant, rules if rules is not None else variant.rules(),
                             seats or list(DEFAULT_SEATS)[:variant.max_players],
                             seed if seed is not None else random.randrange(2**31))
        self._mounted = True
        self._check_size(self.size)

    # ------------------------------------------------------------ navigation

    def _back_to_base(self) -> None:
        """Pop every screen above the start screen."""
        while len(self.screen_stack) > 2:
            self.pop_screen()

    def open_start(self) -> None:
        """Back to the start screen."""
        self._back_to_base()

    def open_setup(self, variant_id: str) -> None:
        """The setup screen of a game (pre-filled from the last match of that game)."""
        variant = get_variant(variant_id)
        self._back_to_base()
        last = self.session if self.session and self.session.variant.id == variant_id else None
        if last is None:
            self.push_screen(SetupScreen(variant))
        else:
            self.push_screen(SetupScreen(variant, last.seats, last.rules))

    def new_match_setup(self) -> None:
        """Setup of a new match of the game just played."""
        if self.session is not None:
            self.open_setup(self.session.variant.id)

    def start_match(self, variant: Variant, rules: Any, seats: Sequence[SeatSpec], seed: int) -> None:
        """Start a match and show its table."""
        self.session = MatchSession(variant, rules, seats, seed)
        self._back_to_base()
        self.push_screen(table_for(variant)(self.session))

    def resume_match(self, writer: MatchWriter) -> None:
        """Reopen a stored match at its table: its actions go again through a new session, so
        the log is rebuilt too (in hot-seat the pass screen comes first, as ever)."""
        saved = writer.saved
        self.session = MatchSession(saved.variant, saved.rules,
                                    [SeatSpec(s.name, s.is_ai) for s in saved.seats], saved.seed)
        saved.replay_into(self.session)
        self._back_to_base()
        self.push_screen(table_for(saved.variant)(self.session))

    # ------------------------------------------------------------ app-wide keys

    def action_help(self) -> None:
        """General keys (the table has its own help with the game's rules)."""
        self.push_screen(HelpScreen("makao-tui — help", GENERAL_KEYS, ""))

    def _match_running(self) -> bool:
        return any(isinstance(s, TableScreen) for s in self.screen_stack) and bool(
            self.session and not self.session.match.is_over)

    def action_request_quit(self) -> None:
        """Quit, asking first while a match is under way."""
        if isinstance(self.screen, ConfirmScreen):
            return
        if self._match_running() and not isinstance(self.screen, TooSmallScreen):
            self.push_screen(ConfirmScreen("Quit the match under way?"),
                             lambda yes: self.exit() if yes else None)
        else:
            self.exit()

    # ------------------------------------------------------------ terminal size

    def on_resize(self, event: events.Resize) -> None:
        if self._mounted:
            self._check_size(event.size)

    def _check_size(self, size: Size) -> None:
        """Cover everything with a message while the terminal is below 80×24."""
        small = size.width < MIN_WIDTH or size.height < MIN_HEIGHT
        covered = isinstance(self.screen, TooSmallScreen)
        if small and not covered:
            self.push_screen(TooSmallScreen())
        elif not small and covered:
            self.pop_screen()


def run_app(ascii: bool = False, variant: Variant | None = None, rules: Any = None,
            seats: Sequence[SeatSpec] | None = None, seed: int | None = None,
            resume: MatchWriter | None = None) -> None:
    """Run the app in the terminal (the ``makao`` command's entry); ``resume``: see MakaoApp."""
    MakaoApp(ascii=ascii, variant=variant, rules=rules, seats=seats, seed=seed, resume=resume).run()
