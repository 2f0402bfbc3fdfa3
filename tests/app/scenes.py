"""Apps in a known state, for the Pilot tests, the snapshots and ``scripts/screenshots.py``.

Every scene is an app (fixed seed, ``ai_delay=0``) plus an async ``run_before(pilot)`` that brings
it to the screen wanted. Human seats are moved by the game's AI with a fixed generator through
:meth:`TableScreen.act`, and AI seats move only on their turns, so a scene always reaches the same
state however fast the machine is.

The scenes of saved games store their matches first, in the data folder the tests set
(``MAKAO_DATA_DIR``), and fix the app's clock so that "10 minutes ago" reads the same every time.
"""

from __future__ import annotations

import contextlib
import random
from collections.abc import Awaitable, Callable, Iterator
from dataclasses import dataclass

from textual.widgets import Input
from textual.worker import WorkerCancelled, WorkerFailed

from makao_tui.ai import ai_for
from makao_tui.app.main import MakaoApp
from makao_tui.app.screens.common import DealSummaryScreen, HandOverScreen, MatchEndScreen, PassDeviceScreen
from makao_tui.app.screens.table import TableScreen
from makao_tui.engine.match import Match
from makao_tui.games import get_variant
from makao_tui.store import Seat, open_store
from makao_tui.table import SeatSpec, Table
from tests.store.util import play, short_setup

RU = get_variant("makao-ru")
PL = get_variant("makao-pl")
ANN = SeatSpec("Ann", False)
BOB = SeatSpec("Bob", False)
AI = SeatSpec("", True)

#: makao-ru, Ann plays first holding 3♣ K♣ 9♥ J♠ A♠ on K♦ (3♣ and J♠ do not fit, A♠ is wild)
SEED_RU_ACE = 19
#: makao-pl, Ann plays first holding 2♣ J♣ Q♦ 7♥ Q♥ on Q♣
SEED_PL_JACK = 5


def app_ru(seats=(ANN, AI, AI), seed: int = 3, **options) -> MakaoApp:
    """A makao-ru match straight at the table."""
    return MakaoApp(variant=RU, rules=RU.rules(options), seats=list(seats), seed=seed, ai_delay=0)


def app_pl(seats=(ANN, AI), seed: int = SEED_PL_JACK, **options) -> MakaoApp:
    """A makao-pl match straight at the table."""
    return MakaoApp(variant=PL, rules=PL.rules(options), seats=list(seats), seed=seed, ai_delay=0)


#: How many steps a test waits for the app before it fails. A count, not seconds: a slow or loaded
#: machine takes longer over each step but never fails for it. A step is one Pilot.pause (the app
#: handles its messages, then at least one 20 ms idle check) after the app's running workers (AI
#: turns, hints) have finished, so a step never ends while an AI is still thinking.
PATIENCE = 3000


def patience(what: str, steps: int = PATIENCE) -> Iterator[int]:
    """The steps of a waiting loop: ``for _ in patience("the match ends"): ... break``; raises
    AssertionError naming ``what`` once ``steps`` steps passed without a break."""
    yield from range(steps)
    raise AssertionError(f"still waiting after {steps} steps: {what}")


async def step(pilot) -> None:
    """One step of the app: wait for its workers (an AI's turn, a hint) to finish, whatever their
    time, then let it handle its messages (:meth:`Pilot.pause`)."""
    running = [w for w in pilot.app.workers if not w.is_finished]
    if running:
        with contextlib.suppress(WorkerFailed, WorkerCancelled):  # the app reports those itself
            await pilot.app.workers.wait_for_complete(running)
    await pilot.pause()


async def wait_for(pilot, condition: Callable[[], bool], steps: int = PATIENCE) -> None:
    """Let the app run until ``condition()`` holds; fail after ``steps`` steps (:func:`step`)."""
    for _ in patience(f"a condition on {pilot.app.screen!r}", steps):
        if condition():
            return
        await step(pilot)


class Peek:
    """What a test looks at behind the table screen: the in-process table's match (the truth the
    screen is checked against; the screen itself never reads it) and this terminal's seating."""

    def __init__(self, app: MakaoApp) -> None:
        self.app = app

    @property
    def table(self) -> Table:
        table = self.app.table
        assert table is not None, "no in-process table"
        return table

    @property
    def seating(self):
        return self.app.seating

    @property
    def match(self) -> Match:
        return self.table.match

    def __getattr__(self, name):  # names, seats, rules, seed, variant, is_ai, seconds_left, played, tick…
        return getattr(self.table, name)

    @property
    def to_act(self) -> int | None:
        return self.match.state.to_act

    @property
    def at_keyboard(self) -> int | None:
        return self.seating.at_keyboard

    def hand_seat(self) -> int | None:
        return self.seating.hand_seat()

    def needs_pass(self) -> bool:
        return self.seating.needs_pass()

    def viewer(self) -> int:
        return self.seating.viewer()

    def token(self) -> tuple[int, int]:
        """Changes with every action: (deal number, actions in that deal)."""
        return len(self.match.deals), len(self.match.current.actions)

    @property
    def log(self):
        """The log entries the table keeps (deal, seat, events as the engine made them): a saved
        table keeps the deal under way and the last entries only."""
        return self.table._log

    def log_lines(self, ascii: bool = False) -> list[str]:
        """The log's lines as the table screen shows them."""
        screen = next(s for s in reversed(self.app.screen_stack) if isinstance(s, TableScreen))
        return screen.log_lines()


def peek(app: MakaoApp) -> Peek:
    """A :class:`Peek` at ``app``'s table."""
    return Peek(app)


def humans_turn(app) -> bool:
    """The table shows and waits for the human at the keyboard."""
    screen = app.screen
    if not isinstance(screen, TableScreen):
        return False
    seating = screen.seating
    seat = seating.to_act
    return seat is not None and not seating.is_ai(seat) and seating.at_keyboard == seat


async def autoplay(pilot, until: Callable[[], bool], steps: int = 10 * PATIENCE) -> None:
    """Play the human seats with the game's AI (and press Enter on pass, hand-over and summary screens)
    until ``until()`` holds; fail after ``steps`` steps."""
    app = pilot.app
    rng = random.Random(0)
    for _ in patience(f"autoplay on {app.screen!r}", steps):
        if until():
            return
        screen = app.screen
        if humans_turn(app):
            # with ai_delay 0 the AI seats answer inside act(): no need to wait for a frame
            seating = screen.seating
            player = ai_for(seating.variant.id)
            screen.act(player.choose(seating.view, rng))  # the view the table sent this seat
            continue
        if isinstance(screen, (DealSummaryScreen, HandOverScreen, PassDeviceScreen)):
            await pilot.press("enter")
        await step(pilot)


def store_match(game: str, seed: int, actions: int, seats: list[Seat] | None = None) -> Match:
    """Store a match of ``game`` (a short one, Ann against AI seats unless ``seats`` are given)
    played by the AI for ``actions`` actions, or to its end if it has fewer; returns it."""
    variant, rules, default = short_setup(game)
    seats = seats or default
    with open_store() as store, store.start_match(variant, rules, seats, seed) as writer:
        match = Match(variant, rules, [s.name for s in seats], seed)
        play(match, actions, writer)
    return match


def app_with_resume() -> MakaoApp:
    """The start screen offering a makao-ru match of Ann against two AI, last played ten minutes
    before the app's clock."""
    store_match("makao-ru", 3, 120, [Seat("Ann", False), Seat("Olga", True), Seat("Piotr", True)])
    with open_store() as store:
        played = store.unfinished()[0].updated
    return MakaoApp(ai_delay=0, clock=lambda: played + 600)


def app_with_history() -> MakaoApp:
    """The start screen after four finished matches (the last an hour before the app's clock)."""
    for game, seed in (("makao-ru", 1), ("makao-pl", 2), ("makao-pl", 5), ("macao", 4)):
        store_match(game, seed, 100_000)
    with open_store() as store:
        finished = store.finished()[0].finished
    return MakaoApp(ai_delay=0, clock=lambda: finished + 3600)


@dataclass
class Scene:
    """An app and how to bring it to one screen; ``size``: the terminal size."""

    make: Callable[[], MakaoApp]
    run_before: Callable[[object], Awaitable[None]]
    size: tuple[int, int] = (80, 24)

    async def ready(self, pilot) -> None:
        """``run_before``, then every text field's cursor held still and shown: a focused field's
        cursor blinks on a half-second timer, which would make a picture depend on its timing."""
        await self.run_before(pilot)
        for screen in pilot.app.screen_stack:
            for field in screen.query(Input):
                field.cursor_blink = False
        await pilot.pause()


async def _settle(pilot) -> None:
    await pilot.pause()


async def _setup(pilot) -> None:
    await pilot.press("down", "enter")
    await wait_for(pilot, lambda: type(pilot.app.screen).__name__ == "SetupScreen")
    for field in pilot.app.screen.query("Input"):
        field.cursor_blink = False  # a blinking cursor would make the picture depend on timing
    await pilot.pause()


def _setup_with(preset: str, change: dict | None = None):
    """The makao-pl setup screen with ``preset`` chosen, then ``change`` (widget id: value) made,
    scrolled to the rules (makao_tui/rules/makao-pl.en.md#house-rules presets)."""
    async def run_before(pilot) -> None:
        app = pilot.app
        await _setup(pilot)  # the second game: makao-pl
        screen = app.screen
        assert screen.variant.id == "makao-pl"
        screen.query_one("#preset").value = preset
        await pilot.pause()
        for wid, value in (change or {}).items():
            screen.query_one(f"#{wid}").value = value
        await pilot.pause()
        screen.query_one("#preset").focus()
        screen.query_one("#setup-form").scroll_to_widget(screen.query_one("#preset"), top=True, animate=False)
        for field in screen.query("Input"):
            field.cursor_blink = False
        await pilot.pause()
    return run_before


async def _table(pilot) -> None:
    await wait_for(pilot, lambda: humans_turn(pilot.app))


async def _pass_screen(pilot) -> None:
    await wait_for(pilot, lambda: isinstance(pilot.app.screen, PassDeviceScreen))


async def _suit_picker(pilot) -> None:
    await wait_for(pilot, lambda: humans_turn(pilot.app))
    await pilot.press("5", "enter")
    await wait_for(pilot, lambda: type(pilot.app.screen).__name__ == "SuitPicker")


async def _demand_picker(pilot) -> None:
    await wait_for(pilot, lambda: humans_turn(pilot.app))
    await pilot.press("2", "enter")
    await wait_for(pilot, lambda: type(pilot.app.screen).__name__ == "DemandPicker")


def app_house(seed: int, **options) -> MakaoApp:
    """A makao-pl match under the house rules (makao_tui/rules/makao-pl.en.md#house-rules), Ann against one AI."""
    return MakaoApp(variant=PL, rules=PL.rules(options, preset="house"), seats=[ANN, AI], seed=seed,
                    ai_delay=0)


#: house rules: Ann plays first holding 5♣ A♣ 6♦ 4♠ 6♠ on A♦
SEED_HOUSE_PAIR = 3
#: house rules with jokers: Ann plays first holding 3♣ 10♦ 2♥ 7♥ and a joker on 8♣
SEED_HOUSE_JOKER = 4


async def _pair_marked(pilot) -> None:
    await wait_for(pilot, lambda: humans_turn(pilot.app))
    await pilot.press("3", "space", "5", "space")


async def _joker_picker(pilot) -> None:
    await wait_for(pilot, lambda: humans_turn(pilot.app))
    await pilot.press("5", "enter")
    await wait_for(pilot, lambda: type(pilot.app.screen).__name__ == "JokerRankPicker")


async def _deal_summary(pilot) -> None:
    await autoplay(pilot, lambda: isinstance(pilot.app.screen, DealSummaryScreen))


async def _score_sheet(pilot) -> None:
    app = pilot.app
    await autoplay(pilot, lambda: humans_turn(app) and len(peek(app).match.deals) == 3)
    await pilot.press("s")
    await wait_for(pilot, lambda: type(app.screen).__name__ == "ScoreSheetScreen")


async def _match_end(pilot) -> None:
    await autoplay(pilot, lambda: isinstance(pilot.app.screen, MatchEndScreen))
    await pilot.pause()


async def _statistics(pilot) -> None:
    await pilot.press("h")
    await wait_for(pilot, lambda: type(pilot.app.screen).__name__ == "StatisticsScreen")
    await pilot.pause()


async def _help(pilot) -> None:
    await wait_for(pilot, lambda: humans_turn(pilot.app))
    await pilot.press("question_mark")
    await wait_for(pilot, lambda: type(pilot.app.screen).__name__ == "HelpScreen")


SCENES: dict[str, Scene] = {
    "start": Scene(lambda: MakaoApp(ai_delay=0), _settle),
    "start-resume": Scene(app_with_resume, _settle),
    "statistics": Scene(app_with_history, _statistics),
    "setup": Scene(lambda: MakaoApp(ai_delay=0), _setup),
    "setup-seed-rules": Scene(lambda: MakaoApp(ai_delay=0), _setup_with("seed")),
    "setup-house-rules": Scene(lambda: MakaoApp(ai_delay=0), _setup_with("house")),
    "setup-custom-rules": Scene(lambda: MakaoApp(ai_delay=0),
                                _setup_with("house", {"opt-jokers": True, "opt-deals": "500"})),
    "table": Scene(lambda: app_ru(seed=3), _table),
    "table-makao-pl": Scene(lambda: app_pl(seats=(ANN, AI, AI), seed=7), _table),
    "pass-screen": Scene(lambda: app_ru(seats=(ANN, BOB, AI), seed=5), _pass_screen),
    "suit-picker": Scene(lambda: app_ru(seed=SEED_RU_ACE), _suit_picker),
    "demand-picker": Scene(lambda: app_pl(), _demand_picker),
    "table-house-marked": Scene(lambda: app_house(SEED_HOUSE_PAIR), _pair_marked),
    "joker-picker": Scene(lambda: app_house(SEED_HOUSE_JOKER, jokers=True), _joker_picker),
    "deal-summary": Scene(lambda: app_ru(seed=3), _deal_summary),
    "score-sheet": Scene(lambda: app_ru(seed=3), _score_sheet),
    "match-end": Scene(lambda: app_ru(seed=3, loss_limit=200), _match_end),
    "help": Scene(lambda: app_ru(seed=3), _help),
    "too-small": Scene(lambda: app_ru(seed=3), _settle, size=(70, 20)),
}
