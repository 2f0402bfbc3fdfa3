"""The app factory (:class:`MakaoApp`) used by the ``makao`` command and by the tests.

``MakaoApp()`` opens at the start screen; ``MakaoApp(variant=..., rules=..., seats=..., seed=...)``
goes straight to the table; ``MakaoApp(resume=writer)`` reopens a stored match (a
:class:`~makao_tui.store.MatchWriter` from ``Store.resume``) at its table. ``ai_delay`` is the pause
(seconds) before each AI move so humans can follow; tests pass 0. ``thinking``: the hard AI's
budget per decision (:class:`~makao_tui.ai.Thinking`; None: 1 s).

Play goes through the table service (:mod:`makao_tui.table`): a match is a
:class:`~makao_tui.table.Table` made in process, and its table screen reads and acts only
through a :class:`~makao_tui.table.LocalSeating` (this terminal's seats at it); the AI seats are
played by the table, in the AI's own process (:class:`~makao_tui.table.AIWorker`, started once
the first frame is on the screen and ended with the app; with ``ai_delay`` 0, as in tests, at once).

Saved games: every match is stored when it starts and every action as it is applied (the table
saves through its :class:`~makao_tui.store.MatchWriter`), in the store of the ``resume`` writer,
else in the one :func:`~makao_tui.store.open_store_or_recover` opens (``MAKAO_DATA_DIR`` or the
user's data folder; a file SQLite cannot read is set aside and a notice names both files).
Without a store the app runs unsaved. When the file is busy or the disk full, the match goes on:
its actions wait in memory, the table says "saving delayed" and then "saved" once they are written
(the store retries in the background; the table forwards the writer's news as notices). The match
is released when the app ends, also on SIGHUP and SIGTERM, which end the app cleanly; actions that
could still not be written are named in ``unsaved``. ``clock`` (Unix seconds) dates the saved
matches ("10 minutes ago"); tests fix it.
"""

from __future__ import annotations

import asyncio
import dataclasses
import os
import random
import re
import signal
import sys
import termios
import threading
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from textual import events
from textual.app import App
from textual.binding import Binding, BindingType
from textual.driver import Driver
from textual.geometry import Size
from textual.scrollbar import ScrollBar, ScrollBarRender

# Only what the start screen needs is imported here; the rest (the games' rules, the table service,
# the AI, the setup, saves and table screens) when first used, so that the first screen shows sooner.
from ..engine.i18n import N_, _, set_language
from ..engine.words import fault_words
from ..store import Seat, StoreError, open_store_or_recover
from ..store.settings import load_settings, save_settings
from ..table.worker import AIWorker
from .paces import PACES, TABLE_PACES
from .screens.start import StartScreen
from .tables import table_for
from .terminal import MIN_HEIGHT, MIN_WIDTH

if TYPE_CHECKING:
    from ..ai import Thinking
    from ..engine.variant import Variant
    from ..net.client import Handshake
    from ..store import MatchWriter, Store
    from ..table import Notice, Seating, SeatSpec, Table
    from .remote import SharedTable
    from .screens.common import TooSmallScreen

__all__ = ["PACES", "TABLE_PACES", "MakaoApp", "run_app", "run_shared"]

#: what a door player reads when the app met an unexpected error (the traceback is in the server's log)
UNEXPECTED_ERROR = N_("the game met an unexpected error and closed; the server's log has the details. "
                      "Your saved matches are kept: log in again to go on.")
#: seconds a signalled app may take to end cleanly before it is ended by force
EXIT_GRACE_S = 1.5
#: how often (seconds) the app checks that its terminal has not hung up without a SIGHUP
TERMINAL_CHECK_S = 1.0
#: seconds between two askings, while the AI waits for it, that the app's first frame be noted
#: (:meth:`MakaoApp.after_first_frame`; a retry interval, not a measure)
FIRST_FRAME_RETRY_S = 0.25

#: the seats of a match started without any, as (name, is AI): a human (the name translated when
#: used), then AI seats named by the table
DEFAULT_SEATS = ((N_("Player 1"), False), ("", True), ("", True))
#: the keys of the menus, for the help screen (the words translated when shown)
GENERAL_KEYS = [
    ("↑ ↓ / Tab", N_("move between choices and fields")),
    ("Enter / Space", N_("choose, press a button, toggle a switch")),
    ("Esc", N_("back")),
    ("Ctrl+S", N_("start the match (setup screen)")),
    ("Ctrl+R", N_("remove the seat the keys are in (setup screen)")),
    ("h", N_("statistics and finished matches (start screen)")),
    ("l", N_("the language of the app (start screen)")),
    ("L", N_("learn to play: a guided deal of a game, a coach line saying what to do and why (start screen)")),
    ("F1", N_("the rules in full: of the highlighted game (start screen, r too), of this game (setup "
              "screen), of the match (at a table)")),
    ("t", N_("colours: default, high contrast, 16 colours (start screen)")),
    ("?", N_("this help (at a table: the game's keys and its rules in short; on the setup screen, "
             "outside the name and number fields)")),
    ("q / Ctrl+C", N_("quit (asks during a match)")),
]


def default_seats() -> list[SeatSpec]:
    """:data:`DEFAULT_SEATS`, the human's name in the language in use."""
    from ..table import SeatSpec

    return [SeatSpec(_(name) if name else "", is_ai) for name, is_ai in DEFAULT_SEATS]


class WholeCellScrollBar(ScrollBarRender):
    """Scroll bars whose thumb fills whole cells. Textual draws a thumb's ends with eighth blocks
    (▁ ▄ …), which a terminal of few colours, or a screen read as text, shows as two thumbs."""

    VERTICAL_BARS: ClassVar[list[str]] = [" "] * 8
    HORIZONTAL_BARS: ClassVar[list[str]] = [" "] * 8


class MakaoApp(App[None]):
    """The makao-tui app. See the module docstring for the arguments."""

    CSS_PATH = "makao.tcss"
    TITLE = "makao-tui"
    ENABLE_COMMAND_PALETTE = False
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+c", "request_quit", N_("Quit"), show=False, priority=True),
        Binding("ctrl+q", "request_quit", N_("Quit"), show=False, priority=True),
        Binding("c", "chat", N_("Chat"), show=False),
    ]

    def __init__(self, ascii: bool = False, variant: Variant | None = None, rules: Any = None,
                 seats: Sequence[SeatSpec] | None = None, seed: int | None = None,
                 ai_delay: float = PACES["normal"], resume: MatchWriter[Store] | None = None,
                 clock: Callable[[], float] = time.time, thinking: Thinking | None = None,
                 four_colours: bool = False,
                 shared: Handshake | None = None, bell: bool = False, theme: str = "default") -> None:
        self.ascii = ascii
        from .widgets.cards import use_four_colours

        use_four_colours(four_colours)
        super().__init__()
        self.use_theme(theme)
        ScrollBar.renderer = WholeCellScrollBar
        #: a shared table to sit at (``makao join``): its finished handshake, and whether to ring
        #: the bell on this seat's turn
        self._shared_start = (shared, bell)
        #: the shared table the app sits at (None: none)
        self.shared: SharedTable | None = None
        #: why the shared table ended, printed when the app has closed
        self.shared_end: str | None = None
        self._shared_from_menu = False
        #: the hard AI's budget per decision (None: the default, 1 s)
        self.thinking = thinking
        #: the pause (seconds) before each AI move now; the tables' ``a`` key changes it
        self.ai_delay = ai_delay
        #: whether the AI thinks in its own process (with ``ai_delay`` 0 at the start, as in
        #: tests, the AI seats move at once on the app's thread, whatever pace is chosen later)
        self.ai_in_worker = ai_delay > 0
        self.clock = clock
        self._start = (variant, rules, list(seats) if seats else None, seed)
        self._resume = resume
        #: this terminal's seats at the match under way (None: no match)
        self.seating: Seating | None = None
        #: the game, seats and rules of the last match set up here (the setup screen starts from them)
        self.last_setup: tuple[str, list[SeatSpec], Any] | None = None
        #: the saved-games store (None: matches are not saved)
        self.store: Store | None = resume.store if resume is not None else None
        self._own_store = False
        #: what opening the store had to say (a file set aside, no store), shown once mounted
        self._store_notice: str | None = None
        #: the cover shown while the terminal is too small (None: not shown)
        self._too_small: TooSmallScreen | None = None
        self._signals: list[int] = []
        #: the app is ending on a signal or a hung-up terminal
        self._ending = False
        self._mounted = False
        #: set once the first frame is on the screen: the AI's process is started after it
        self.first_frame = asyncio.Event()
        #: the AI's process, which every in-process table of this app uses
        self.ai_worker = AIWorker(before_start=self.after_first_frame)
        #: whether leaving the match ends the app: true for the match ``makao play`` or ``makao
        #: resume`` opened, until the player goes to a menu (leaving then goes back to the start screen)
        self.leave_to_shell = variant is not None or resume is not None or shared is not None
        #: why actions of the last match could not be saved when it was left (None: all saved)
        self.unsaved: str | None = None
        #: where actions that could not be saved were written instead (None: nowhere), told at the end
        self.kept: str | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        #: the folder the lessons are read from (None: the package's own, ``makao_tui/lessons``)
        self.lessons_dir: Path | None = None
        #: the order hands are shown in (the tables' o key): "suit" or "rank"
        self.hand_order = "suit"
        #: the player's settings as read at start (the language chosen on the start screen)
        self.settings = load_settings()

    def use_theme(self, name: str) -> None:
        """Draw the app in theme ``name`` (a key of :data:`~makao_tui.app.themes.THEMES`: ``default``,
        ``16-colour``, ``high-contrast``) from now on; KeyError for another name."""
        from .themes import THEMES, textual_theme

        theme = THEMES[name]
        if theme is not None and theme.name not in self.available_themes:
            self.register_theme(theme)
        self.theme = textual_theme(name)
        #: the theme in use, by the name the player chooses it by
        self.theme_name = name

    def action_next_theme(self) -> None:
        """The next theme (``t`` on the start screen): default, high contrast, 16 colours, and
        round again; a notification names it, and the settings remember it (a file that cannot
        be written is said: the colours still change for this run)."""
        from .themes import THEME_WORDS, THEMES

        names = list(THEMES)
        self.use_theme(names[(names.index(self.theme_name) + 1) % len(names)])
        self.notify(_("Colours: {theme} (t: other colours)").format(theme=_(THEME_WORDS[self.theme_name])),
                    timeout=4, markup=False)
        self.settings = dataclasses.replace(self.settings, theme=self.theme_name, trouble=None)
        try:
            save_settings(self.settings)
        except OSError as exc:
            self.notify(_("The colours could not be remembered ({reason}).").format(reason=exc),
                        title=_("Settings"), severity="warning", timeout=15, markup=False)

    def export_screenshot(self, *, title: str | None = None, simplify: bool = False) -> str:
        """An SVG picture of the screen (screenshots, snapshot tests), in ASCII when the app draws
        in ASCII (:attr:`ascii`), as the terminal shows it."""
        svg = super().export_screenshot(title=title, simplify=simplify)
        if not self.ascii:
            return svg
        from html import escape

        from .terminal import to_ascii

        # only the text drawn is not ASCII; a stand-in may be a character SVG escapes (← is <)
        return re.sub(r"[^\x00-\x7f]", lambda char: escape(to_ascii(char.group())), svg)

    def _print_error_renderables(self) -> None:
        """After an unexpected error (Textual's own hook, which prints the traceback on the
        terminal): in a door player's app (:data:`~makao_tui.net.identity.ERROR_LOG_ENV` set by
        ``makao serve``) the traceback goes to that file, for the server's log, and the player
        reads one line; anywhere else Textual prints it as usual."""
        from ..net.identity import ERROR_LOG_ENV  # here: msgspec is not loaded before the first frame

        path = os.environ.get(ERROR_LOG_ENV)
        if not path or not self._exit_renderables:
            super()._print_error_renderables()
            return
        from io import StringIO

        from rich.console import Console

        text = StringIO()
        report = Console(file=text, width=120, color_system=None, legacy_windows=False)
        for renderable in self._exit_renderables:
            report.print(renderable)
        self._exit_renderables.clear()
        try:
            with open(path, "a", encoding="utf-8") as log:
                log.write(text.getvalue())
        except OSError:
            pass  # the player's line below is still owed; the door logs that the app failed
        print(f"makao: {_(UNEXPECTED_ERROR)}", file=sys.stderr)

    def get_driver_class(self) -> type[Driver]:
        """Textual's driver for this terminal; with ``ascii``, one that writes every frame through
        :func:`~makao_tui.app.terminal.to_ascii`, so that a terminal without UTF-8 gets boxes,
        cards, suits, arrows and bars in plain ASCII from every screen and widget alike."""
        driver = super().get_driver_class()
        if not self.ascii:
            return driver
        from .terminal import to_ascii

        class AsciiDriver(driver):  # type: ignore[valid-type, misc]
            def write(self, data: str) -> None:
                super().write(to_ascii(data))

        return AsciiDriver

    def get_default_screen(self) -> StartScreen:
        """The start screen, at the bottom of the stack: every other screen is shown over it. It
        is Textual's first screen (no blank default screen under it to build and restyle), so
        the saved-games file is opened here, before it lists the matches to resume."""
        self._store_notice = self._open_store()
        return StartScreen()

    def on_mount(self) -> None:
        variant, rules, seats, seed = self._start
        self._loop = asyncio.get_running_loop()
        self.call_after_refresh(self.first_frame.set)
        self._catch_signals()
        notice = self._store_notice
        shared, bell = self._shared_start
        if shared is not None:
            self.run_worker(self._sit_shared(shared, bell))
        elif self._resume is not None:
            self.resume_match(self._resume)
        elif variant is not None:
            self.start_match(variant, rules if rules is not None else variant.rules(),
                             seats or default_seats()[:variant.max_players],
                             seed if seed is not None else random.randrange(2**31))
        if notice is not None:
            from .screens.saves import NoticeScreen

            self.push_screen(NoticeScreen(_("Saved games"), notice))
        if self.settings.trouble is not None:
            self.notify(_("The settings could not be read ({reason}); the defaults are used until "
                          "you change a setting.").format(reason=self.settings.trouble),
                        title=_("Settings"), severity="warning", timeout=20, markup=False)
        self._mounted = True
        self._check_size(self.size)

    async def after_first_frame(self) -> None:
        """Return once a frame of the app has been drawn (:attr:`first_frame`): the AI's process
        is started after it, so that the first screen shows sooner. The event is set after the
        screen on top has refreshed, by a callback Textual keeps with that screen: one dismissed
        at once (the cut for Macao's bank) could take it away with it, and the AI never moved.
        So while something waits here the screen then on top is asked again every
        :data:`FIRST_FRAME_RETRY_S` seconds until the event is set."""
        while not self.first_frame.is_set():
            self.call_after_refresh(self.first_frame.set)
            try:
                await asyncio.wait_for(self.first_frame.wait(), FIRST_FRAME_RETRY_S)
            except asyncio.TimeoutError:
                continue

    def on_unmount(self) -> None:
        if self.shared is not None:
            self.shared.close()
        self.ai_worker.close()
        self.leave_match()
        if self._own_store and self.store is not None:
            self.store.close()
        loop = asyncio.get_running_loop()
        for sig in self._signals:
            loop.remove_signal_handler(sig)

    # ------------------------------------------------------------ saved games

    def _open_store(self) -> str | None:
        """Open the saved-games file unless the resumed match brought its own; returns a notice
        to show, or None."""
        if self.store is not None:
            return None
        try:
            self.store, notice = open_store_or_recover()
        except StoreError as exc:
            return _("{problem}\n\nMatches are not saved in this session.").format(problem=exc)
        self._own_store = True
        taken = self.store.take_back_all() if self.store.unsaved_files() else []  # (issue 29: quit on a full disk)
        return "\n\n".join(([notice] if notice else []) + taken) or None

    def _catch_signals(self) -> None:
        """End the app cleanly on SIGHUP (terminal closed, SSH dropped) and SIGTERM: the match is
        released and the terminal restored (every action is already stored). Not in headless
        runs (tests), whose process is not the app's."""
        if self.is_headless:
            return
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGHUP, signal.SIGTERM):
            loop.add_signal_handler(sig, self._signalled, sig)
            self._signals.append(sig)
        stdin = sys.__stdin__
        if stdin is not None and os.isatty(stdin.fileno()):  # not under another driver's pipes (web)
            fd = stdin.fileno()
            self.set_interval(TERMINAL_CHECK_S, lambda: self._check_terminal(fd))

    def _check_terminal(self, fd: int) -> None:
        """End the app as on SIGHUP when its terminal has hung up although no SIGHUP came (the
        app under ``su``, whose session leader keeps the signal: a closed window left it running
        for ever). A hung-up terminal refuses the terminal-attributes call (EIO)."""
        try:
            termios.tcgetattr(fd)
        except (termios.error, OSError):
            self._signalled(signal.SIGHUP)

    def _signalled(self, sig: int) -> None:
        """Release the match and end the AI's process at once, then exit: cleanly if the
        terminal still takes the restoring writes, else (a hung-up terminal, whose writes fail and
        can block Textual's shutdown for ever) by force after :data:`EXIT_GRACE_S`."""
        if self._ending:
            return
        self._ending = True
        self.leave_match(wait=1.0)
        self.ai_worker.close()
        force = threading.Timer(EXIT_GRACE_S, os._exit, (128 + sig,))
        force.daemon = True
        force.start()
        self.exit(return_code=128 + sig)

    @property
    def table(self) -> Table | None:
        """The in-process table of the match under way (None: none, or a table elsewhere)."""
        seating = self.seating
        if seating is None:
            return None
        from ..table import LocalSeating

        return seating.table if isinstance(seating, LocalSeating) else None

    @property
    def writer(self) -> MatchWriter | None:
        """The writer storing the match under way (None: not saved here)."""
        table = self.table
        return table.writer if table is not None else None

    def _new_table(self, variant: Variant, rules: Any, seats: Sequence[SeatSpec], seed: int) -> Table:
        """The in-process table of a new match, stored when the store takes it."""
        from ..table import Table, seat_names

        writer = None
        if self.store is not None:
            try:
                stored = [Seat(name, spec.is_ai, spec.level)
                          for name, spec in zip(seat_names(seats), seats, strict=True)]
                writer = self.store.start_match(variant, rules, stored, seed)
            except StoreError as exc:
                self.notify(_("{problem}. This match is not saved.").format(problem=exc), title=_("Saved games"),
                            severity="error", timeout=20, markup=False)
        return Table(variant, rules, seats, seed, writer=writer, **self._table_options(variant))

    def _table_options(self, variant: Variant) -> dict[str, Any]:
        """How this app's tables run: the AI in the app's worker after the table's pace (at once
        with ``ai_delay`` 0), the hard AI's budget, a failure said in a notification."""
        return {"worker": self.ai_worker if self.ai_in_worker else None, "ai_delay": self.ai_delay,
                "pace": table_for(variant).pace, "thinking": self.thinking, "on_error": self._table_failed}

    @property
    def pace(self) -> str:
        """The name of the pace in :data:`TABLE_PACES` nearest to :attr:`ai_delay`."""
        return min(TABLE_PACES, key=lambda name: abs(TABLE_PACES[name] - self.ai_delay))

    def set_pace(self, name: str) -> None:
        """Pause ``TABLE_PACES[name]`` seconds before each AI move from now on, at the table under
        way (an in-process one: a shared table keeps its host's pace) and the next ones. KeyError
        for a name not in :data:`TABLE_PACES`."""
        self.ai_delay = TABLE_PACES[name]
        table = self.table
        if table is not None:
            table.ai_delay = self.ai_delay

    def _table_failed(self, exc: BaseException) -> None:
        """The table's AI task failed outside an AI's own choice: said, the app goes on."""
        self.notify(_("The table stopped playing the AI seats ({problem}).").format(
                    problem=fault_words(exc).text()), title=_("Table"), severity="error", timeout=20,
                    markup=False)

    def _sit(self, seating: Seating) -> None:
        """Make ``seating`` the match under way and show its table."""
        self.seating = seating
        status = seating.save_status()
        if status is not None and status.state == "delayed" and status.words is not None:
            from ..table import Notice

            self.table_notice(Notice(kind="save_delayed", words=status.words.to_wire()))
        self._back_to_base()
        self.push_screen(table_for(seating.variant)(seating))

    def table_notice(self, notice: Notice) -> None:
        """News of the table itself, in a notification: "Saving delayed" (why, and that the match
        goes on) until the waiting actions are written, then "Saved"; saving that stopped; at a shared
        table, whom the next deal waits for. Each is said from the notice's words (data), in this
        player's language, not the host's."""
        from ..net.words import notice_text

        if notice.kind == "save_delayed":
            self.clear_notifications()
            self.notify(notice_text(notice), title=_("Saving delayed"), severity="warning", timeout=24 * 3600,
                        markup=False)
        elif notice.kind == "saved":
            self.clear_notifications()
            self.notify(notice_text(notice), title=_("Saved"), timeout=5)
        elif notice.kind == "save_failed":
            self.notify(notice_text(notice), title=_("Saved games"), severity="error", timeout=20, markup=False)
        elif notice.kind == "waiting":  # a shared table: the next deal waits for the others
            self.notify(notice_text(notice), title=_("Table"), timeout=8, markup=False)

    def leave_match(self, wait: float | None = None) -> None:
        """Leave the match under way and close its table: the stored match is released (others
        may then resume it) and stays saved. Actions that still cannot be written (busy file,
        full disk; ``wait``: seconds to wait for a busy file, default the store's) are named in
        :attr:`unsaved`."""
        seating, self.seating = self.seating, None
        if seating is not None:
            unsaved = seating.close(wait)
            if unsaved is not None:
                self.unsaved = unsaved

    # ------------------------------------------------------------ navigation

    def _back_to_base(self) -> None:
        """Pop every screen above the start screen."""
        while len(self.screen_stack) > 1:
            self.pop_screen()

    def open_start(self) -> None:
        """Back to the start screen."""
        self.leave_to_shell = False
        self._back_to_base()

    def open_setup(self, variant_id: str) -> None:
        """The setup screen of a game (pre-filled from the last match of that game)."""
        from ..games import get_variant
        from .screens.setup import SetupScreen

        variant = get_variant(variant_id)
        self.leave_to_shell = False
        self._back_to_base()
        last = self.last_setup if self.last_setup and self.last_setup[0] == variant_id else None
        if last is None:
            self.push_screen(SetupScreen(variant))
        else:
            self.push_screen(SetupScreen(variant, last[1], last[2]))

    def new_match_setup(self) -> None:
        """Setup of a new match of the game just played."""
        if self.last_setup is not None:
            self.open_setup(self.last_setup[0])

    def start_match(self, variant: Variant, rules: Any, seats: Sequence[SeatSpec], seed: int) -> None:
        """Start a match at a new in-process table, store it, and show its table."""
        from ..table import LocalSeating

        self.leave_match()
        self.last_setup = (variant.id, list(seats), rules)
        self._sit(LocalSeating(self._new_table(variant, rules, seats, seed)))

    def resume_match(self, writer: MatchWriter) -> None:
        """Reopen a stored match at a new in-process table and save it from there on: its actions
        are replayed, so the log is rebuilt too (in hot-seat the pass screen comes first, as ever).
        Raises DamagedMatchError if they do not replay."""
        from ..table import LocalSeating, Table

        self.leave_match()
        saved = writer.saved
        table = Table.resume(saved, writer=writer, **self._table_options(saved.variant))
        self.last_setup = (saved.variant.id, list(table.seats), saved.rules)
        self._sit(LocalSeating(table))

    def resume_saved(self, match_id: int) -> None:
        """Claim stored match ``match_id`` and reopen it (the start screen's Resume entries); a
        match that cannot be resumed is named in a notification."""
        if self.store is None:  # the start screen offers stored matches only with a store
            return
        try:
            writer = self.store.resume(match_id)
        except StoreError as exc:
            self.notify(str(exc), title=_("Cannot resume"), severity="error", timeout=15, markup=False)
            return
        try:
            self.resume_match(writer)
        except StoreError as exc:
            writer.close()
            self.notify(str(exc), title=_("Cannot resume"), severity="error", timeout=15, markup=False)

    # ------------------------------------------------------------ lessons

    def action_learn(self) -> None:
        """The lesson picker (the start screen's ``L``): a chosen game's lesson starts."""
        from .screens.learn import LessonPicker

        def chosen(game: str | None) -> None:
            if game is not None:
                self.start_lesson(game)

        self.push_screen(LessonPicker(), chosen)

    def start_lesson(self, game: str) -> None:
        """Start the lesson of ``game`` (its id) at the game's own table, unsaved, its coach line
        over it (:mod:`makao_tui.table.lesson`); a lesson file that is damaged or does not fit the
        rules is named in a notification and the app goes on."""
        from ..table import LocalSeating, SeatSpec, seat_names
        from ..table.lesson import LessonError, LessonTable, load_lesson

        try:
            lesson = load_lesson(game, self.lessons_dir)
        except LessonError as exc:
            self.notify(str(exc), title=_("Learn to play"), severity="error", timeout=20, markup=False)
            return
        self.leave_match()
        names = seat_names([SeatSpec(_(DEFAULT_SEATS[0][0]) if seat == lesson.learner else "", seat != lesson.learner)
                            for seat in range(lesson.layout.players)])
        table = LessonTable(lesson, names, **self._table_options(lesson.layout.variant))
        self.seating = LocalSeating(table)
        self.leave_to_shell = False
        self._back_to_base()
        screen = table_for(lesson.layout.variant)(self.seating)
        screen.coach = lambda: _(table.coach_line())
        screen.coach_end = _(lesson.end)
        self.push_screen(screen)

    @property
    def coached(self) -> bool:
        """Whether the table under way is a lesson's."""
        from ..table.lesson import LessonTable

        return isinstance(self.table, LessonTable)

    def end_lesson(self) -> None:
        """The lesson's deal is over: back to the start screen."""
        self.leave_match()
        self._back_to_base()

    def action_open_statistics(self) -> None:
        """The statistics and finished matches."""
        from .screens.saves import StatisticsScreen

        self.push_screen(StatisticsScreen())

    # ------------------------------------------------------------ language

    async def switch_language(self, code: str) -> None:
        """Show everything in language ``code`` (one of :data:`~makao_tui.engine.i18n.LANGUAGES`)
        from now on, without restarting: every screen on the stack is drawn anew in it (its
        ``retranslate()`` if it has one, else composed again), key bars included; and remember it
        in the settings (a file that cannot be written is said in a notification: the language
        still changes for this run)."""
        set_language(code)
        for screen in list(self.screen_stack):
            retranslate = getattr(screen, "retranslate", None)
            if retranslate is not None:
                await retranslate()
            elif screen.is_mounted:
                await screen.recompose()
        self.settings = dataclasses.replace(self.settings, language=code, trouble=None)
        try:
            save_settings(self.settings)
        except OSError as exc:
            self.notify(_("The language could not be remembered ({reason}).").format(reason=exc),
                        title=_("Settings"), severity="warning", timeout=15, markup=False)

    def action_choose_language(self) -> None:
        """The language picker (the start screen's ``l``)."""
        from .screens.language import LanguagePicker

        def chosen(code: str | None) -> None:
            if code is not None:
                self.run_worker(self.switch_language(code), group="language")

        self.push_screen(LanguagePicker(), chosen)

    # ------------------------------------------------------------ app-wide keys

    def action_help(self) -> None:
        """General keys (the table has its own help with the game's rules)."""
        from .screens.common import HelpScreen

        self.push_screen(HelpScreen(_("makao-tui — help"), GENERAL_KEYS, ""))

    def quit_question(self) -> str:
        """What quitting the app during a match asks (saying whether it can be resumed, and what is
        not saved yet)."""
        if self.shared is not None:
            code = self.shared.conn.info.code
            return _("Leave table {code}? Your seat is kept: makao join {code} takes it back.").format(code=code)
        status = self.seating.save_status() if self.seating is not None else None
        if status is not None:  # (actions that wait to be written are asked about by UnsavedScreen)
            return _("Quit the match under way? It is saved: makao resume reopens it.")
        return _("Quit the match under way? It is not saved.")

    def leave_question(self) -> str:
        """What leaving a match under way asks (``q`` at the table): quitting the app when the
        command line opened the match, else going back to the start screen."""
        if self.leave_to_shell or self.shared is not None:
            return self.quit_question()
        if self.coached:
            return _("Leave the lesson? It starts again from the beginning next time.")
        if self.seating is not None and self.seating.save_status() is not None:
            return _("Leave the match under way? It is saved: Resume on the start screen reopens it.")
        return _("Leave the match under way? It is not saved.")

    def action_quit_match(self) -> None:
        """Leave the match (``q`` at the table, on a deal's summary or the pass screen), asking
        first while it is under way: back to the start screen, or out of the app when ``makao
        play`` or ``makao resume`` opened it (see :attr:`leave_to_shell`)."""
        from .screens.common import ConfirmScreen
        from .screens.saves import UnsavedScreen

        if isinstance(self.screen, (ConfirmScreen, UnsavedScreen)):
            return
        if self._match_running():
            self._ask_leaving(self.leave_question(), self.leave_table, self.leave_to_shell)
        else:
            self.leave_table()

    def _ask_leaving(self, question: str, go: Callable[[], None], quitting: bool) -> None:
        """Ask before leaving the match under way, then ``go``: the yes/no ``question``, or, while
        some of its actions wait to be written (busy file, full disk), the choices of
        :class:`~makao_tui.app.screens.saves.UnsavedScreen`. The table is held first (issue 29: the
        AI played on behind the question, so its count was wrong by the time it was answered); it
        goes on when the table shows again."""
        from .screens.common import ConfirmScreen
        from .screens.saves import UnsavedScreen

        if self.seating is not None:
            self.seating.hold(True)
        writer = self.writer
        if writer is not None and (writer.pending or writer.status.state == "delayed"):
            def after(told: str | None) -> None:
                if told is not None:
                    self.kept = told or self.kept
                    go()
                elif writer.status.state == "delayed":  # back at the table: its notice again
                    self.notify(writer.status.message, title=_("Saving delayed"), severity="warning",
                                timeout=24 * 3600, markup=False)

            self.push_screen(UnsavedScreen(writer, quitting), after)
        else:
            self.push_screen(ConfirmScreen(question), lambda yes: go() if yes else None)

    def leave_table(self) -> None:
        """Release the match (it stays saved) and go back to the start screen, or end the app
        when the command line opened the match."""
        if self.leave_to_shell:
            self.exit()
            return
        self._leave_shared()
        self.leave_match()
        self._back_to_base()

    def _match_running(self) -> bool:
        if self.shared is not None:
            return self.shared_end is None and not (self.seating is not None and self.seating.match_over)
        from .screens.table import TableScreen

        return any(isinstance(s, TableScreen) for s in self.screen_stack) and bool(
            self.seating and not self.seating.match_over)

    def action_request_quit(self) -> None:
        """Quit, asking first while a match is under way."""
        from .screens.common import ConfirmScreen
        from .screens.saves import UnsavedScreen

        if isinstance(self.screen, (ConfirmScreen, UnsavedScreen)):
            return
        if self._match_running() and self.screen is not self._too_small:
            self._ask_leaving(self.quit_question(), self.exit, True)
        else:
            self.exit()

    # ------------------------------------------------------------ shared tables

    async def _sit_shared(self, shake: Handshake, bell: bool) -> None:
        """Sit at the shared table of ``shake``: the lobby until the match starts, then its table
        (:meth:`open_shared_table`)."""
        from ..net.client import Connection
        from .remote import LobbyScreen, SharedTable

        conn = await Connection.from_handshake(shake)
        self.shared = SharedTable(self, conn, bell, opened=self.open_shared_table, notice=self.table_notice,
                                  closed=self.shared_closed)
        if not conn.info.started:
            self.push_screen(LobbyScreen(conn))
        self.shared.attach()

    def host_table(self, variant: Variant, rules: Any, seats: Sequence[SeatSpec], name: str | None) -> None:
        """Host a shared table (the setup screen's "Host for others"): ``seats`` as set up, an
        ``open`` seat waiting for another player of this box; then sit at it as ``name`` (the seat
        kept for that name, else the first open one)."""
        self.run_worker(self._host_table(variant, rules, seats, name), exclusive=True, group="shared")

    async def _host_table(self, variant: Variant, rules: Any, seats: Sequence[SeatSpec], name: str | None) -> None:
        from ..engine.variant import rules_to_options
        from ..net.daemon import SpawnError, spawn
        from ..net.places import TablesDirError
        from ..net.server import HostConfig, SeatPlan

        plans = [SeatPlan("ai", level=s.level) if s.is_ai else SeatPlan("open") if s.open else SeatPlan("human", s.name)
                 for s in seats]
        config = HostConfig(game=variant.id, options=rules_to_options(rules), seats=plans)
        try:
            code = await asyncio.to_thread(spawn, config)
        except (SpawnError, TablesDirError) as exc:
            self.notify(str(exc), title=_("Cannot host"), severity="error", markup=False, timeout=15)
            return
        await self._join_code(code, name)

    def join_table(self, code: str, watch: bool = False) -> None:
        """Sit at shared table ``code`` (the start screen's open tables), or ``watch`` it: its
        public view, no seat."""
        self.run_worker(self._join_code(code, None, watch), exclusive=True, group="shared")

    async def _join_code(self, code: str, name: str | None, watch: bool = False) -> None:
        from ..net.client import ConnectError, sit

        try:
            shake = await asyncio.to_thread(sit, code, name, watch)
        except ConnectError as exc:
            why = str(exc)
            if exc.refusal is not None and exc.refusal.kind == "no_seat":  # no shell at a door: say the key
                why = _("{reason}. Highlight the table and press w to watch it.").format(reason=why)
            self.notify(why, title=_("Cannot watch") if watch else _("Cannot join"), severity="error",
                        markup=False, timeout=15)
            return
        self.leave_match()
        self._shared_from_menu = True
        await self._sit_shared(shake, False)

    def open_shared_table(self, seating: Seating) -> None:
        """The shared match has started (or was under way when this terminal sat down): the usual
        table screen of the game, reading ``seating``."""
        self._sit(seating)

    def shared_closed(self, reason: str) -> None:
        """The shared table ended (or the connection to it dropped), ``reason`` says why. At the
        match's end its last screens stay (the deal's result, the match's); else the app ends,
        or goes back to the start screen if the table was joined from there."""
        self.shared_end = reason
        if self.seating is not None and self.seating.match_over:
            return
        if not self._shared_from_menu:
            self.exit()
            return
        self._leave_shared()
        self.seating = None
        self._back_to_base()
        self.notify(reason, title=_("The table ended"), markup=False, timeout=15)

    def _leave_shared(self) -> None:
        """Close the connection to the shared table, if any (the server keeps the seat)."""
        shared, self.shared = self.shared, None
        if shared is not None:
            shared.close()

    def action_chat(self) -> None:
        """The shared table's chat (nothing elsewhere)."""
        if self.shared is not None:
            self.shared.open_chat()

    # ------------------------------------------------------------ focus in a browser tab

    def watch_app_focus(self, focus: bool) -> None:
        """The app has the keyboard again (a browser tab of the web door was focused, or a key
        came): if the screen shown has nothing focused, the widget it focuses first (its
        ``AUTO_FOCUS``) takes the focus, as it had in a terminal from the start. textual-serve's
        page blurs the app whenever its terminal loses the focus, and Textual focuses no widget
        of a screen made while blurred, giving back on return only a widget of the screen that
        was blurred: a question or a shared match's end that opened while the tab was in the
        background did not take Enter. Textual calls this after its own watcher, before the key
        that brought the focus back is handed on."""
        screen = self.screen
        if not focus or screen.focused is not None:
            return
        selector = screen.AUTO_FOCUS if screen.AUTO_FOCUS is not None else self.AUTO_FOCUS
        if not selector:
            return
        widget = next((w for w in screen.query(selector) if w.focusable), None)
        if widget is not None:
            screen.set_focus(widget, scroll_visible=False)

    # ------------------------------------------------------------ terminal size

    def on_resize(self, event: events.Resize) -> None:
        if self._mounted:
            self._check_size(event.size)

    def _check_size(self, size: Size) -> None:
        """Cover everything with a message while the terminal is below 80×24."""
        small = size.width < MIN_WIDTH or size.height < MIN_HEIGHT
        covered = self._too_small is not None and self.screen is self._too_small
        if small and not covered:
            from .screens.common import TooSmallScreen  # imported when first needed, as the cover is

            self._too_small = TooSmallScreen()
            self.push_screen(self._too_small)
        elif not small and covered:
            self._too_small = None
            self.pop_screen()


def terminal_look(ascii: bool = False, theme: str | None = None) -> dict[str, Any]:
    """How this process's terminal gets the app drawn, as MakaoApp's ``ascii`` and ``theme``:
    plain ASCII when ``ascii`` (``--ascii``) or the locale is not UTF-8 (``LANG=C``); the theme
    ``theme`` names (``--theme``), else the one chosen on the start screen (the settings), else 16
    colours where the terminal reports fewer than 256 (:func:`~makao_tui.app.themes.choose_theme`).
    KeyError for a theme that does not exist."""
    from .terminal import unicode_locale
    from .themes import choose_theme, colour_system

    saved = load_settings().theme
    return {"ascii": ascii or not unicode_locale(), "theme": choose_theme(theme, colour_system(os.environ), saved)}


def run_app(ascii: bool = False, variant: Variant | None = None, rules: Any = None,
            seats: Sequence[SeatSpec] | None = None, seed: int | None = None,
            resume: MatchWriter | None = None, thinking: Thinking | None = None, pace: str = "normal",
            four_colours: bool = False, theme: str | None = None) -> None:
    """Run the app in the terminal (the ``makao`` command's entry); ``resume``, ``thinking``: see
    MakaoApp; ``four_colours``: the four-colour deck; ``pace``: the pause before each AI move, one
    of :data:`PACES` (KeyError otherwise).
    ``ascii`` (``--ascii``) or a locale that is not UTF-8 (``LANG=C``) draws in plain ASCII;
    ``theme`` (``--theme``; None: ``auto``) as :func:`terminal_look` says.
    Ended by SIGHUP or SIGTERM, it exits with status 128 + the signal's number; with actions that
    could not be saved (:attr:`MakaoApp.unsaved`), with status 1 at least. Input that is not a
    terminal is replaced by the process's terminal where it has one
    (:func:`~makao_tui.app.terminal.keys_from_the_terminal`); output or input that is not a
    terminal even then is refused with one line on standard error and exit status 2."""
    from .terminal import keys_from_the_terminal, terminal_refusal

    keys_from_the_terminal()
    refusal = terminal_refusal()
    if refusal is not None:
        print(f"makao: {refusal}", file=sys.stderr)
        raise SystemExit(2)
    app = MakaoApp(**terminal_look(ascii, theme), variant=variant, rules=rules, seats=seats, seed=seed,
                   resume=resume, thinking=thinking, ai_delay=PACES[pace], four_colours=four_colours)
    app.run()
    if app.kept:
        print(f"makao: {app.kept}", file=sys.stderr)
    if app.unsaved:  # actions lost: the status says so too (issue 29)
        print(f"makao: {app.unsaved}", file=sys.stderr)
        raise SystemExit(app.return_code or 1)
    if app.return_code:
        raise SystemExit(app.return_code)


def run_shared(shake: Handshake, ascii: bool = False, bell: bool = False, theme: str | None = None) -> None:
    """Run the app at the shared table of ``shake`` (``makao join``, ``makao host``) until the
    player leaves or the table ends (why is printed then); ``ascii``, ``theme``: as
    :func:`~makao_tui.app.main.terminal_look` says (``LANG=C`` draws in ASCII here too). Ended by
    SIGHUP or SIGTERM, it exits with status 128 + the signal's number."""
    app = MakaoApp(**terminal_look(ascii, theme), shared=shake, bell=bell)
    app.run()
    code = shake.welcome.table.code
    if app.shared_end is not None:
        print(_("Table {code}: {reason}.").format(code=code, reason=app.shared_end))
    elif shake.seated is not None:
        print(_("You left table {code}; your seat is kept: makao join {code} takes it back.").format(code=code))
    if app.return_code:
        raise SystemExit(app.return_code)
