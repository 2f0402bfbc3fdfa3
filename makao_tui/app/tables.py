"""Which table screen plays which family of games.

A new family (``banking`` for macao, ``trick-taking`` for peklo) plugs in by adding its
:class:`~makao_tui.app.screens.table.TableScreen` subclass here; the start screen lists exactly
the games whose family has a table.
"""

from __future__ import annotations

from ..engine.variant import Variant
from ..games import all_variants
from .screens.macao import MacaoTableScreen
from .screens.peklo import PekloTableScreen
from .screens.shedding import ShedTableScreen
from .screens.table import TableScreen

TABLE_SCREENS: dict[str, type[TableScreen]] = {
    "shedding": ShedTableScreen,
    "tricks": PekloTableScreen,
    "banking": MacaoTableScreen,
}


def playable_variants() -> list[Variant]:
    """The games that have a table screen, in the registry's order."""
    return [v for v in all_variants() if v.family in TABLE_SCREENS]


def table_for(variant: Variant) -> type[TableScreen]:
    """The table screen class of ``variant``'s family (KeyError if there is none yet)."""
    return TABLE_SCREENS[variant.family]
