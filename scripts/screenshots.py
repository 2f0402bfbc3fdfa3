"""Regenerate ``screenshots/*.svg``: every screen of the app, from the test scenes.

Run from the repository root: ``python scripts/screenshots.py`` (optionally naming scenes:
``python scripts/screenshots.py table help``). The scenes (fixed seeds, no AI pause) live in
``tests/app/scenes.py``, ``tests/app/peklo_scenes.py``, ``tests/app/macao_scenes.py`` and
``tests/app/look_scenes.py`` (plain ASCII, high contrast, 16 colours) so that the snapshots and
these pictures show the same states. Each scene keeps its saved games
in a new temporary folder (``MAKAO_DATA_DIR``), as in the tests.
"""

from __future__ import annotations

import asyncio
import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from makao_tui.engine.i18n import set_language  # noqa: E402
from tests.app.look_scenes import LOOK_SCENES  # noqa: E402
from tests.app.macao_scenes import MACAO_SCENES  # noqa: E402
from tests.app.peklo_scenes import PEKLO_SCENES  # noqa: E402
from tests.app.scenes import SCENES as SHARED_SCENES  # noqa: E402

SCENES = {**SHARED_SCENES, **PEKLO_SCENES, **MACAO_SCENES, **LOOK_SCENES}


async def shoot(name: str, out: Path) -> Path:
    """Bring scene ``name`` to its screen and save it as ``out/<name>.svg``."""
    scene = SCENES[name]
    set_language("en")  # a scene in another language sets it when it makes its app
    with tempfile.TemporaryDirectory() as data:
        os.environ["MAKAO_DATA_DIR"] = data
        app = scene.make()
        async with app.run_test(size=scene.size) as pilot:
            await scene.ready(pilot)
            await pilot.pause()
            app.save_screenshot(f"{name}.svg", path=str(out))
    return out / f"{name}.svg"


def main(argv: list[str]) -> int:
    """Shoot the scenes named in ``argv`` (all when none); return the exit status."""
    names = argv or list(SCENES)
    unknown = [n for n in names if n not in SCENES]
    if unknown:
        print(f"unknown scene(s): {', '.join(unknown)}; known: {', '.join(SCENES)}", file=sys.stderr)
        return 2
    out = ROOT / "screenshots"
    out.mkdir(exist_ok=True)
    for name in names:
        print(asyncio.run(shoot(name, out)).relative_to(ROOT))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
