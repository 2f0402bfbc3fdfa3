"""Regenerate ``screenshots/``: every screen of the app in English (``screenshots/*.svg``), and the
start screen and one table of each game in Russian and Polish (``screenshots/ru/*.svg``,
``screenshots/pl/*.svg``), from the test scenes.

Run from the repository root: ``python scripts/screenshots.py`` (optionally naming scenes:
``python scripts/screenshots.py table help``; ``--lang ru`` makes only that language's pictures).
The scenes (fixed seeds, no AI pause) live in ``tests/app/scenes.py``,
``tests/app/peklo_scenes.py``, ``tests/app/macao_scenes.py``, ``tests/app/lesson_scenes.py`` (the
lessons) and ``tests/app/look_scenes.py`` (plain ASCII, high contrast, 16 colours) so that the
snapshots and these pictures show the same states; the scenes shown in every language are those
of ``tests/app/language_scenes.py``. Each scene keeps its saved games in a new temporary folder
(``MAKAO_DATA_DIR``), as in the tests.
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
from tests.app.language_scenes import LANGUAGE_SCENES  # noqa: E402
from tests.app.lesson_scenes import LESSON_SCENES  # noqa: E402
from tests.app.look_scenes import LOOK_SCENES  # noqa: E402
from tests.app.macao_scenes import MACAO_SCENES  # noqa: E402
from tests.app.peklo_scenes import PEKLO_SCENES  # noqa: E402
from tests.app.scenes import SCENES as SHARED_SCENES  # noqa: E402

SCENES = {**SHARED_SCENES, **PEKLO_SCENES, **MACAO_SCENES, **LOOK_SCENES, **LESSON_SCENES}
#: the languages besides English that get pictures, each in its own folder
OTHER_LANGUAGES = ("ru", "pl")


async def shoot(name: str, out: Path, language: str = "en") -> Path:
    """Bring scene ``name`` to its screen in ``language`` and save it as ``out/<name>.svg``."""
    scene = SCENES[name]
    set_language(language)  # (a scene in another language sets its own when it makes its app)
    with tempfile.TemporaryDirectory() as data:
        os.environ["MAKAO_DATA_DIR"] = data
        app = scene.make()
        async with app.run_test(size=scene.size) as pilot:
            await scene.ready(pilot)
            await pilot.pause()
            app.save_screenshot(f"{name}.svg", path=str(out))
    return out / f"{name}.svg"


def main(argv: list[str]) -> int:
    """Shoot the scenes named in ``argv`` (all when none; ``--lang X``: only language X's
    pictures); return the exit status."""
    languages = ("en", *OTHER_LANGUAGES)
    if "--lang" in argv:
        at = argv.index("--lang")
        languages = tuple(argv[at + 1:at + 2])
        argv = argv[:at] + argv[at + 2:]
        if not languages or languages[0] not in ("en", *OTHER_LANGUAGES):
            print(f"--lang takes one of: en, {', '.join(OTHER_LANGUAGES)}", file=sys.stderr)
            return 2
    names = argv or list(SCENES)
    unknown = [n for n in names if n not in SCENES]
    if unknown:
        print(f"unknown scene(s): {', '.join(unknown)}; known: {', '.join(SCENES)}", file=sys.stderr)
        return 2
    for language in languages:
        out = ROOT / "screenshots" / ("" if language == "en" else language)
        out.mkdir(exist_ok=True)
        for name in names:
            if language == "en" or name in LANGUAGE_SCENES:
                print(asyncio.run(shoot(name, out, language)).relative_to(ROOT))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
