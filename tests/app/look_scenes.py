"""Scenes of the rules screen (issue 16 item 3) and of other terminals (item 4), for snapshots and
``scripts/screenshots.py``: the rules at a table (F1), from the start screen (r, in Russian) and
the seed text (o); a table of every game and the start screen in plain ASCII (``LANG=C``), the
high-contrast and the 16-colour themes. Each is a scene of :mod:`tests.app.scenes` (or the Peklo
and Macao ones) with the app drawn so."""

from __future__ import annotations

from dataclasses import replace

from makao_tui.app.main import MakaoApp
from makao_tui.engine.i18n import set_language

from .macao_scenes import MACAO_SCENES
from .peklo_scenes import PEKLO_SCENES
from .scenes import SCENES, Scene, app_house, humans_turn, wait_for


def looked(scene: Scene, ascii: bool = False, theme: str = "default") -> Scene:
    """``scene`` with its app drawing in ASCII (``ascii``, as under ``LANG=C``) and in ``theme``."""
    def make() -> MakaoApp:
        app = scene.make()
        app.ascii = ascii  # read by the screens as they are drawn, and by the screenshot
        app.use_theme(theme)
        return app

    return replace(scene, make=make)


def _rules_screen(pilot) -> bool:
    return type(pilot.app.screen).__name__ == "RulesScreen"


async def _rules_at_table(pilot) -> None:
    await wait_for(pilot, lambda: humans_turn(pilot.app))
    await pilot.press("f1")
    await wait_for(pilot, lambda: _rules_screen(pilot))


async def _rules_from_start(pilot) -> None:
    await pilot.press("down", "down", "down", "r")  # Peklo
    await wait_for(pilot, lambda: _rules_screen(pilot))
    await pilot.press("pagedown")
    await pilot.pause()


async def _seed_text(pilot) -> None:
    await pilot.press("r")  # Russian Makao
    await wait_for(pilot, lambda: _rules_screen(pilot))
    await pilot.press("o")
    await pilot.pause()


def _in_russian() -> MakaoApp:
    set_language("ru")  # the snapshot test's fixture, and the screenshot script, set English again
    return MakaoApp(ai_delay=0)


LOOK_SCENES: dict[str, Scene] = {
    "rules-table": Scene(lambda: app_house(3, jokers=True), _rules_at_table),
    "rules-start-ru": Scene(_in_russian, _rules_from_start),
    "rules-seed-text": Scene(lambda: MakaoApp(ai_delay=0), _seed_text),
    "rules-table-120x40": Scene(lambda: app_house(3, jokers=True), _rules_at_table, size=(120, 40)),
    "ascii-start": looked(SCENES["start"], ascii=True),
    "ascii-table-makao-ru": looked(SCENES["table"], ascii=True),
    "ascii-table-makao-pl": looked(SCENES["table-makao-pl"], ascii=True),
    "ascii-table-macao": looked(MACAO_SCENES["macao-table"], ascii=True),
    "ascii-table-peklo": looked(PEKLO_SCENES["peklo-table-play"], ascii=True),
    "ascii-help": looked(SCENES["help"], ascii=True),
    "ascii-rules": Scene(lambda: MakaoApp(ascii=True, ai_delay=0), _seed_text),
    "high-contrast-start": looked(SCENES["start"], theme="high-contrast"),
    "high-contrast-table": looked(SCENES["table"], theme="high-contrast"),
    "high-contrast-setup": looked(SCENES["setup-house-rules"], theme="high-contrast"),
    "16-colour-start": looked(SCENES["start"], theme="16-colour"),
    "16-colour-table": looked(SCENES["table-house-marked"], theme="16-colour"),
}
