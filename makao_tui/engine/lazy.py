"""A package's names, each imported from its module when first asked for (PEP 562).

``makao_tui.engine`` and ``makao_tui.table`` offer the names of their modules at the package
(``from makao_tui.table import Table``) without importing every module when one of them is
imported: ``makao`` first imports ``makao_tui.engine.i18n``, and the start screen needs neither
the engine's matches nor the table service.
"""

from __future__ import annotations

from collections.abc import Callable
from importlib import import_module
from typing import Any


def lazy_names(package: str, modules: dict[str, tuple[str, ...]]) -> Callable[[str], Any]:
    """The module ``__getattr__`` of ``package`` (its ``__name__``) that gives each name of
    ``modules`` (module under the package → the names it defines) from that module, imported on
    first use; any other name raises AttributeError, as a missing attribute does."""
    where = {name: module for module, names in modules.items() for name in names}

    def __getattr__(name: str) -> Any:
        module = where.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        return getattr(import_module(f".{module}", package), name)

    return __getattr__
