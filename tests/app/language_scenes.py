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

#: more of the main screens, snapshotted in Russian and Polish beside the English ones (issue 30
#: item 5): the setup, a resume offered, the hot-seat pass screen, the pickers, a deal's summary,
#: help, Peklo's bidding and Macao's settlement
MAIN_SCENES: dict[str, Scene] = {
    "setup": SCENES["setup"],
    "start-resume": SCENES["start-resume"],
    "pass-screen": SCENES["pass-screen"],
    "suit-picker": SCENES["suit-picker"],
    "demand-picker": SCENES["demand-picker"],
    "deal-summary": SCENES["deal-summary"],
    "help": SCENES["help"],
    "peklo-table-bid": PEKLO_SCENES["peklo-table-bid"],
    "macao-settlement": MACAO_SCENES["macao-settlement"],
}
