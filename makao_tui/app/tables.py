"""Which table screen plays which family of games.

A new family (``banking`` for macao, ``trick-taking`` for peklo) plugs in by naming its
:class:`~makao_tui.app.screens.table.TableScreen` subclass here; the start screen lists exactly
the games whose family has a table. A table screen's module is imported only when its table is
first shown (the start screen does not need them).
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING

from ..games import all_games

if TYPE_CHECKING:
    from ..engine.variant import GameInfo
    from .screens.table import TableScreen

#: family → (module under ``makao_tui.app.screens``, class)
TABLE_SCREENS: dict[str, tuple[str, str]] = {
    "shedding": ("shedding", "ShedTableScreen"),
    "tricks": ("peklo", "PekloTableScreen"),
    "banking": ("macao", "MacaoTableScreen"),
}


def playable_games() -> list[GameInfo]:
    """The games that have a table screen, in the start screen's order (their rules not loaded)."""
    return [g for g in all_games() if g.family in TABLE_SCREENS]


def table_for(game: GameInfo) -> type[TableScreen]:
    """The table screen class of ``game``'s family (KeyError if there is none yet); a
    :class:`~makao_tui.engine.variant.Variant` is a game too."""
    module, name = TABLE_SCREENS[game.family]
    return getattr(import_module(f"{__package__}.screens.{module}"), name)
