"""Peklo apps in a known state, for the Peklo Pilot tests, snapshots and ``scripts/screenshots.py``.

Like :mod:`tests.app.scenes`: a fixed seed, ``ai_delay=0``, human seats moved by the AI with a
fixed generator, so a scene always reaches the same state.
"""

from __future__ import annotations

from makao_tui.app.main import MakaoApp
from makao_tui.app.screens.common import DealSummaryScreen, MatchEndScreen
from makao_tui.engine.actions import Play
from makao_tui.games import get_variant

from .scenes import AI, ANN, Scene, autoplay, humans_turn, peek, wait_for

PEKLO = get_variant("peklo")


def app_peklo(seats=(ANN, AI, AI, AI), seed: int = 3, **options) -> MakaoApp:
    """A Peklo match straight at the table."""
    return MakaoApp(variant=PEKLO, rules=PEKLO.rules(options), seats=list(seats), seed=seed, ai_delay=0)


def keyboard_view(app):
    """The view of the human at the keyboard."""
    session = peek(app)
    return session.match.state.view(session.at_keyboard)


def must_follow(app) -> bool:
    """The human at the keyboard is to play and holds cards the engine does not allow now."""
    if not humans_turn(app):
        return False
    view = keyboard_view(app)
    plays = [a for a in view.legal if isinstance(a, Play)]
    return view.phase == "play" and bool(plays) and len(plays) < len(view.hand)


def hooked(app) -> bool:
    """The human at the keyboard is the dealer, to bid, with a bid the hook forbids."""
    return humans_turn(app) and keyboard_view(app).forbidden_bid is not None


async def _bid(pilot) -> None:
    await wait_for(pilot, lambda: humans_turn(pilot.app))


def last_to_bid(app) -> bool:
    """The human at the keyboard bids last (everybody else has), in a deal of five cards or more:
    the bids so far make a long line."""
    if not humans_turn(app):
        return False
    view = keyboard_view(app)
    return view.phase == "bid" and view.size >= 5 and sum(b is None for b in view.bids) == 1


async def _bid_last(pilot) -> None:
    await autoplay(pilot, lambda: last_to_bid(pilot.app))


async def _hook(pilot) -> None:
    await autoplay(pilot, lambda: hooked(pilot.app))


async def _play(pilot) -> None:
    await autoplay(pilot, lambda: must_follow(pilot.app))


async def _deal_summary(pilot) -> None:
    app = pilot.app
    await autoplay(pilot, lambda: isinstance(app.screen, DealSummaryScreen) and len(peek(app).match.deals) == 4)


async def _score_sheet(pilot) -> None:
    app = pilot.app
    await autoplay(pilot, lambda: humans_turn(app) and len(peek(app).match.deals) == 6)
    await pilot.press("s")
    await wait_for(pilot, lambda: type(app.screen).__name__ == "ScoreSheetScreen")


async def _match_end(pilot) -> None:
    await autoplay(pilot, lambda: isinstance(pilot.app.screen, MatchEndScreen))
    await pilot.pause()


PEKLO_SCENES: dict[str, Scene] = {
    "peklo-table-bid": Scene(lambda: app_peklo(), _bid),
    "peklo-table-play": Scene(lambda: app_peklo(), _play),
    "peklo-table-bid-seven": Scene(lambda: app_peklo(seats=(ANN, AI, AI, AI, AI, AI, AI)), _bid_last),
    "peklo-bid-picker-hook": Scene(lambda: app_peklo(hook=True), _hook),
    "peklo-deal-summary": Scene(lambda: app_peklo(), _deal_summary),
    "peklo-score-sheet": Scene(lambda: app_peklo(), _score_sheet),
    "peklo-match-end": Scene(lambda: app_peklo(seats=(ANN, AI, AI, AI, AI, AI, AI)), _match_end),
}
