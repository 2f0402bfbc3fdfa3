"""Which rules cores run: the ones compiled by the build hook, or their pure-Python sources
(issue 15; CONTRIBUTING.md "The compiled core").

:data:`CORES` names the modules of ``makao_tui`` that ``pip install`` compiles with mypyc (the
rules cores of the games and the Peklo AIs' playouts; ``hatch_build.py`` reads the list from
here): each into an extension module beside its source, with the SHA-256 of the source compiled
in ``<module>.sha256``. Python would load such an extension even after its source had changed
(an editable checkout, edited since its install), running old rules. :class:`CoreFinder`,
installed by the games package before anything of it is imported and by the AI package (which
imports the games package) before anything of it is, makes that impossible: when a compiled
module was made from another source it warns (:class:`RuntimeWarning`) and has the source
imported instead; so it does, for every core and without a warning, when ``MAKAO_PURE_PYTHON``
is set (to any non-empty value).
"""

from __future__ import annotations

import importlib.machinery
import importlib.util
import os
import sys
from collections.abc import Sequence
from typing import Any

#: the modules compiled on install, each named by its path within the ``makao_tui`` package (a
#: dotted name under :data:`PACKAGE`): the rules code of the shedding games and of Peklo, the
#: Peklo AIs' playouts and the Peklo hard AI's solver; ``hatch_build.py`` compiles exactly these
CORES = ("games.shedding_core", "games.peklo_core", "ai.peklo_playout", "ai.peklo_solve")
#: the package the names of :data:`CORES` are relative to
PACKAGE = __name__.partition(".")[0]
#: its directory
_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _base(core: str) -> str:
    """The path of ``core`` (one of :data:`CORES`) without a suffix."""
    return os.path.join(_ROOT, *core.split("."))


def source_path(core: str) -> str:
    """The path of the source of ``core`` (one of :data:`CORES`)."""
    return _base(core) + ".py"


def hash_path(core: str) -> str:
    """The path of the SHA-256 of the source ``core`` (one of :data:`CORES`) was compiled from."""
    return _base(core) + ".sha256"


def compiled_path(core: str) -> str | None:
    """The path of the compiled ``core`` (one of :data:`CORES`) beside its source, or None when
    there is none."""
    for suffix in importlib.machinery.EXTENSION_SUFFIXES:
        path = _base(core) + suffix
        if os.path.exists(path):
            return path
    return None


def compiled_is_current(core: str) -> bool:
    """Whether the compiled ``core`` was compiled from the source beside it (False without one)."""
    import hashlib

    try:
        with open(hash_path(core)) as f:
            built = f.read().strip()
        with open(source_path(core), "rb") as f:
            source = hashlib.sha256(f.read()).hexdigest()
    except OSError:  # no record of what was compiled (by hand?), or no source: not known to agree
        return False
    return compiled_path(core) is not None and built == source


def core_is_compiled(core: str) -> bool:
    """Whether ``core`` (one of :data:`CORES`), imported if it is not yet, is the compiled one."""
    file = importlib.import_module(f"{PACKAGE}.{core}").__file__
    return file is not None and not file.endswith(".py")


class CoreFinder:
    """A :data:`sys.meta_path` finder that gives the source of a core of :data:`CORES` where the
    compiled module must not run (see the module docstring); for every other module, and for a
    compiled core that is current, it leaves the import to the usual finders."""

    @staticmethod
    def find_spec(name: str, path: Sequence[str] | None = None, target: Any = None) -> Any:
        package, _, core = name.partition(".")
        if package != PACKAGE or core not in CORES or compiled_path(core) is None:
            return None
        if not os.environ.get("MAKAO_PURE_PYTHON"):
            if compiled_is_current(core):
                return None
            import warnings

            warnings.warn(f"{PACKAGE}/{core.replace('.', '/')}.py has changed since it was compiled: it runs as "
                          "pure Python (`pip install -e .` compiles it again)", RuntimeWarning, stacklevel=2)
        return importlib.util.spec_from_file_location(name, source_path(core))


def install() -> None:
    """Put :class:`CoreFinder` first in :data:`sys.meta_path` (once)."""
    if CoreFinder not in sys.meta_path:
        sys.meta_path.insert(0, CoreFinder)
