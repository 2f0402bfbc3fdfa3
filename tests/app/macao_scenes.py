"""Macao apps in a known state, for the Macao Pilot tests, snapshots and ``scripts/screenshots.py``.

Like :mod:`tests.app.scenes`: a fixed seed, ``ai_delay=0``, human seats moved by the AI with a
fixed generator, so a scene always reaches the same state. The match opens on the cut for the
bank (a :class:`~makao_tui.app.screens.macao.CutScreen`, which ``autoplay`` passes with Enter).
"""

from __future__ import annotations

from makao_tui.app.main import MakaoApp
from makao_tui.app.screens.common import DealSummaryScreen, MatchEndScreen
from makao_tui.app.screens.macao import CutScreen
from makao_tui.games import get_variant
from makao_tui.games.macao_events import BankPassed

from .scenes import AI, ANN, Scene, autoplay, humans_turn, peek, wait_for

MACAO = get_variant("macao")


def app_macao(seats=(ANN, AI, AI), seed: int = 3, **options) -> MakaoApp:
    """A Macao match straight at the table (the cut for the bank on top)."""
    return MakaoApp(variant=MACAO, rules=MACAO.rules(options), seats=list(seats), seed=seed, ai_delay=0)


def settlement(app) -> bool:
    """The summary of a hand (not the cut) is on screen."""
    return isinstance(app.screen, DealSummaryScreen) and not isinstance(app.screen, CutScreen)


def bank_passed(app) -> bool:
    """The human is to act in the first hand of a bank that has passed on."""
    state = peek(app).match.state
    return humans_turn(app) and any(isinstance(e, BankPassed) for e in state.opening)


async def _cut(pilot) -> None:
    await wait_for(pilot, lambda: isinstance(pilot.app.screen, CutScreen))


async def _table(pilot) -> None:
    await autoplay(pilot, lambda: humans_turn(pilot.app))


async def _settlement(pilot) -> None:
    await autoplay(pilot, lambda: settlement(pilot.app))


async def _bank_passes(pilot) -> None:
    await autoplay(pilot, lambda: bank_passed(pilot.app))


async def _ledger(pilot) -> None:
    app = pilot.app
    await autoplay(pilot, lambda: humans_turn(app) and len(peek(app).match.deals) == 8)
    await pilot.press("l")
    await wait_for(pilot, lambda: type(app.screen).__name__ == "ScoreSheetScreen")
    await pilot.pause()


async def _match_end(pilot) -> None:
    await autoplay(pilot, lambda: isinstance(pilot.app.screen, MatchEndScreen))
    await pilot.pause()


MACAO_SCENES: dict[str, Scene] = {
    "macao-cut": Scene(lambda: app_macao(seed=5), _cut),
    "macao-table": Scene(lambda: app_macao(seed=5), _table),
    "macao-settlement": Scene(lambda: app_macao(), _settlement),
    "macao-bank-passes": Scene(lambda: app_macao(), _bank_passes),
    "macao-ledger": Scene(lambda: app_macao(), _ledger),
    "macao-match-end": Scene(lambda: app_macao(bankroll=10, stake=3), _match_end),
}
