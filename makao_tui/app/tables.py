"""Which table screen plays which family of games.

A new family (``banking`` for macao, ``trick-taking`` for peklo) plugs in by naming its
:class:`~makao_tui.app.screens.table.TableScreen` subclass here; the start screen lists exactly
the games whose family has a table. A table screen's module is imported only when its table is
first shown (the start screen does not need them).
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING

from ..games import all_variants

if TYPE_CHECKING:
    from ..engine.variant import Variant
    from .screens.table import TableScreen

#: family → (module under ``makao_tui.app.screens``, class)
TABLE_SCREENS: dict[str, tuple[str, str]] = {
    "shedding": ("shedding", "ShedTableScreen"),
    "tricks": ("peklo", "PekloTableScreen"),
    "banking": ("macao", "MacaoTableScreen"),
}


def playable_variants() -> list[Variant]:
    """The games that have a table screen, in the registry's order."""
    return [v for v in all_variants() if v.family in TABLE_SCREENS]


def table_for(variant: Variant) -> type[TableScreen]:
    """The table screen class of ``variant``'s family (KeyError if there is none yet)."""
    module, name = TABLE_SCREENS[variant.family]
    return getattr(import_module(f"{__package__}.screens.{module}"), name)
