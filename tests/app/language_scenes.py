"""The scenes shown in every language (issue 16): the start screen and one table of each game,
for the per-language snapshots and ``scripts/screenshots.py``'s ``screenshots/<lang>/``."""

from .macao_scenes import MACAO_SCENES
from .peklo_scenes import PEKLO_SCENES
from .scenes import SCENES, Scene

LANGUAGE_SCENES: dict[str, Scene] = {
    "start": SCENES["start"],
    "table": SCENES["table"],
    "table-makao-pl": SCENES["table-makao-pl"],
    "macao-table": MACAO_SCENES["macao-table"],
    "peklo-table-play": PEKLO_SCENES["peklo-table-play"],
}
