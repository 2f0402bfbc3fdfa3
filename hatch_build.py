"""The build hook that compiles the cores (the rules cores and the Peklo AIs' playouts) with
mypyc (issue 15, CONTRIBUTING.md "The compiled core").

``pip install .`` and ``pip install -e .`` run it (hatchling's custom build hook, configured in
pyproject.toml): it compiles every module that ``makao_tui/games/compiled.py`` lists in its
``CORES`` (the shedding games' ``games/shedding_core.py``, Peklo's ``games/peklo_core.py``,
the Peklo AIs' playouts, ``ai/peklo_playout.py``, and the Peklo hard AI's solver, ``ai/peklo_solve.py``) into an extension module of the same name
(random playouts 2–3 times as fast), each with mypyc's runtime library of its own, and records
the SHA-256 of each source it compiled beside it (``<core>.sha256``), which ``compiled.py``
compares with the source when the module is imported.
A wheel gets the files; an editable install puts them beside the sources in the checkout (each
editable install first removes what the last one compiled) and byte-compiles the package's
sources there too (:func:`compile_bytecode`), as pip does for the files of a wheel it installs,
so that the first start after either install imports compiled bytecode (issue 31 item 4).
When the cores cannot be compiled (no C compiler, no Python headers, a type error mypyc refuses)
the hook says why on stderr and the install goes on with the pure-Python modules, the same
rules; so it does with ``MAKAO_PURE_PYTHON=1`` set.
"""

from __future__ import annotations

import hashlib
import importlib.util
import os
import shutil
import sys
import tempfile
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

#: the package the cores are in (``CORES`` names each by its path within it), as a path from the
#: project root
PACKAGE = "makao_tui"


def cores(root: Path) -> tuple[str, ...]:
    """The modules to compile (``CORES`` of ``compiled.py``, read from the source: the package
    itself is not imported at build time)."""
    spec = importlib.util.spec_from_file_location("makao_build_compiled", root / PACKAGE / "games" / "compiled.py")
    assert spec is not None and spec.loader is not None  # a .py file has both
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return tuple(module.CORES)


def source(name: str) -> str:
    """The path of the source of the core ``name`` (``"games.peklo_core"``) from the project
    root, without its ``.py``."""
    return f"{PACKAGE}/{name.replace('.', '/')}"


def compile_cores(root: Path, out: Path, names: tuple[str, ...]) -> list[Path]:
    """Compile the modules ``names`` (of :data:`PACKAGE`) of the project at ``root`` with mypyc into
    ``out`` (a directory), each on its own (its own runtime library); return the extension files
    made. Raises whatever mypyc or the C compiler raise when it cannot be done."""
    from mypyc.build import mypycify
    from setuptools import Distribution

    here = os.getcwd()
    os.chdir(root)  # mypyc names a module by its path from here
    try:
        work = Path(tempfile.mkdtemp(prefix="makao-mypyc-"))
        try:
            sources = [f"{source(name)}.py" for name in names]
            extensions = mypycify(["--ignore-missing-imports", *sources], target_dir=str(work / "c"), separate=True)
            dist = Distribution({"name": "makao-tui-core", "ext_modules": extensions})
            build = dist.get_command_obj("build_ext")
            build.build_lib = str(out)
            build.build_temp = str(work / "temp")
            build.ensure_finalized()
            build.run()
            return [Path(build.get_ext_fullpath(ext.name)) for ext in extensions]
        finally:
            shutil.rmtree(work, ignore_errors=True)
    finally:
        os.chdir(here)


def compile_bytecode(root: Path) -> None:
    """Byte-compile every module of :data:`PACKAGE` in the checkout at ``root`` into its
    ``__pycache__`` for the Python running the install (the one the editable install is for), as
    ``python -m compileall -q makao_tui`` does; a module that does not compile is left to Python
    to report when imported."""
    import compileall

    compileall.compile_dir(str(root / PACKAGE), quiet=1)


class CompiledCoreHook(BuildHookInterface):
    """Compiles the cores of ``CORES`` into the wheel (or, editable, beside their sources)."""

    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        root = Path(self.root)
        names = cores(root)
        editable = version == "editable"
        if editable:  # what an earlier install compiled goes, whatever comes of this one
            for name in names:
                base = root / source(name)
                for old in (*base.parent.glob(f"{base.name}*.so"), *base.parent.glob(f"{base.name}*.pyd"),
                            base.with_name(f"{base.name}.sha256")):
                    old.unlink(missing_ok=True)
        if editable:
            compile_bytecode(root)
        if os.environ.get("MAKAO_PURE_PYTHON"):
            print("makao-tui: MAKAO_PURE_PYTHON is set: the cores stay pure Python", file=sys.stderr)
            return
        out = Path(self.directory) / "mypyc"
        try:
            made = compile_cores(root, out, names)
        except BaseException as exc:  # SystemExit too: distutils reports a failed compiler so
            if isinstance(exc, KeyboardInterrupt):
                raise
            reason = str(exc) if len(str(exc)) < 200 else str(exc)[:200] + "…"
            print(f"makao-tui: the cores ({', '.join(names)}) were not compiled ({type(exc).__name__}: "
                  f"{reason}); they run as pure Python, the same code, slower", file=sys.stderr)
            return
        files = {path: path.relative_to(out).as_posix() for path in made}
        for name in names:
            hash_file = out / f"{source(name)}.sha256"
            hash_file.parent.mkdir(parents=True, exist_ok=True)
            hash_file.write_text(hashlib.sha256((root / f"{source(name)}.py").read_bytes()).hexdigest() + "\n")
            files[hash_file] = f"{source(name)}.sha256"
        for path, target in files.items():
            if editable:
                shutil.copy2(path, root / target)
            else:
                build_data["force_include"][str(path)] = target
        if not editable:
            build_data["pure_python"] = False
            build_data["infer_tag"] = True
