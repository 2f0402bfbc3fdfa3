"""Which shedding core runs: the one compiled by the build hook, or its pure-Python source
(issue 15; CONTRIBUTING.md "The compiled core").

``pip install`` compiles ``shedding_core.py`` with mypyc (``hatch_build.py``) into an extension
module beside it, with the SHA-256 of the source compiled in ``shedding_core.sha256``; Python
would load that extension even after the source had changed (an editable checkout, edited since
its install), running old rules. :class:`CoreFinder`, installed by the games package before
anything of it is imported, makes that impossible: when the compiled module was made from another
source it warns (:class:`RuntimeWarning`) and has the source imported instead; so it does without
a warning when ``MAKAO_PURE_PYTHON`` is set (to any non-empty value).
"""

from __future__ import annotations

import importlib.machinery
import importlib.util
import os
import sys
from collections.abc import Sequence
from typing import Any

#: the module that may be compiled
CORE = "makao_tui.games.shedding_core"
_HERE = os.path.dirname(os.path.abspath(__file__))
_SOURCE = os.path.join(_HERE, "shedding_core.py")


def compiled_path() -> str | None:
    """The path of the compiled core beside its source, or None when there is none."""
    for suffix in importlib.machinery.EXTENSION_SUFFIXES:
        path = os.path.join(_HERE, "shedding_core" + suffix)
        if os.path.exists(path):
            return path
    return None


def compiled_is_current() -> bool:
    """Whether the compiled core was compiled from the source beside it (False without one)."""
    import hashlib

    try:
        with open(os.path.join(_HERE, "shedding_core.sha256")) as f:
            built = f.read().strip()
        with open(_SOURCE, "rb") as f:
            source = hashlib.sha256(f.read()).hexdigest()
    except OSError:  # no record of what was compiled (by hand?), or no source: not known to agree
        return False
    return compiled_path() is not None and built == source


def core_is_compiled() -> bool:
    """Whether the shedding core imported (importing it if it is not yet) is the compiled one."""
    from . import shedding_core

    return not shedding_core.__file__.endswith(".py")


class CoreFinder:
    """A :data:`sys.meta_path` finder that gives the source of the shedding core where the
    compiled module must not run (see the module docstring); for every other module, and for a
    compiled core that is current, it leaves the import to the usual finders."""

    @staticmethod
    def find_spec(name: str, path: Sequence[str] | None = None, target: Any = None) -> Any:
        if name != CORE or compiled_path() is None:
            return None
        if not os.environ.get("MAKAO_PURE_PYTHON"):
            if compiled_is_current():
                return None
            import warnings

            warnings.warn("makao_tui/games/shedding_core.py has changed since it was compiled: it runs as pure "
                          "Python (`pip install -e .` compiles it again)", RuntimeWarning, stacklevel=2)
        return importlib.util.spec_from_file_location(name, _SOURCE)


def install() -> None:
    """Put :class:`CoreFinder` first in :data:`sys.meta_path` (once)."""
    if CoreFinder not in sys.meta_path:
        sys.meta_path.insert(0, CoreFinder)
