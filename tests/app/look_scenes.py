"""Scenes of other terminals (issue 16 item 4), for snapshots and ``scripts/screenshots.py``:
a table of every game and the start screen in plain ASCII (``LANG=C``), the high-contrast and the
16-colour themes. Each is a scene of :mod:`tests.app.scenes` (or the Peklo and Macao ones) with
the app drawn so."""

from __future__ import annotations

from dataclasses import replace

from makao_tui.app.main import MakaoApp

from .macao_scenes import MACAO_SCENES
from .peklo_scenes import PEKLO_SCENES
from .scenes import SCENES, Scene


def looked(scene: Scene, ascii: bool = False, theme: str = "default") -> Scene:
    """``scene`` with its app drawing in ASCII (``ascii``, as under ``LANG=C``) and in ``theme``."""
    def make() -> MakaoApp:
        app = scene.make()
        app.ascii = ascii  # read by the screens as they are drawn, and by the screenshot
        app.use_theme(theme)
        return app

    return replace(scene, make=make)


LOOK_SCENES: dict[str, Scene] = {
    "ascii-start": looked(SCENES["start"], ascii=True),
    "ascii-table-makao-ru": looked(SCENES["table"], ascii=True),
    "ascii-table-makao-pl": looked(SCENES["table-makao-pl"], ascii=True),
    "ascii-table-macao": looked(MACAO_SCENES["macao-table"], ascii=True),
    "ascii-table-peklo": looked(PEKLO_SCENES["peklo-table-play"], ascii=True),
    "ascii-help": looked(SCENES["help"], ascii=True),
    "high-contrast-start": looked(SCENES["start"], theme="high-contrast"),
    "high-contrast-table": looked(SCENES["table"], theme="high-contrast"),
    "high-contrast-setup": looked(SCENES["setup-house-rules"], theme="high-contrast"),
    "16-colour-start": looked(SCENES["start"], theme="16-colour"),
    "16-colour-table": looked(SCENES["table-house-marked"], theme="16-colour"),
}
