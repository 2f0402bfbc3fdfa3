"""The build hook that compiles the shedding rules code with mypyc (issue 15, CONTRIBUTING.md
"The compiled core").

``pip install .`` and ``pip install -e .`` run it (hatchling's custom build hook, configured in
pyproject.toml): it compiles ``makao_tui/games/shedding_core.py`` into an extension module of the
same name (random playouts 2.5–3 times as fast), and records the SHA-256 of the source it
compiled beside it (``shedding_core.sha256``), which ``makao_tui/games/compiled.py`` compares
with the source when the module is imported. A wheel gets both files; an editable install puts
them beside the source in the checkout (each editable install first removes what the last one
compiled). When the module cannot be compiled (no C compiler,
no Python headers, a type error mypyc refuses) the hook says why on stderr and the install goes
on with the pure-Python module, the same rules; so it does with ``MAKAO_PURE_PYTHON=1`` set.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import sys
import tempfile
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

#: the module compiled, as a path from the project root
SOURCE = "makao_tui/games/shedding_core.py"
#: the file beside it that holds the SHA-256 of the source compiled
HASH_FILE = "makao_tui/games/shedding_core.sha256"


def compile_core(root: Path, out: Path) -> list[Path]:
    """Compile :data:`SOURCE` of the project at ``root`` with mypyc into ``out`` (a directory);
    return the extension files made (the module and mypyc's runtime library of it). Raises
    whatever mypyc or the C compiler raise when it cannot be done."""
    from mypyc.build import mypycify
    from setuptools import Distribution

    here = os.getcwd()
    os.chdir(root)  # mypyc names the module by its path from here
    try:
        work = Path(tempfile.mkdtemp(prefix="makao-mypyc-"))
        try:
            extensions = mypycify(["--ignore-missing-imports", SOURCE], target_dir=str(work / "c"))
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


class CompiledCoreHook(BuildHookInterface):
    """Compiles the shedding core into the wheel (or, editable, beside its source)."""

    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        root = Path(self.root)
        games = root / SOURCE.rsplit("/", 1)[0]
        editable = version == "editable"
        if editable:  # what an earlier install compiled goes, whatever comes of this one
            for old in (*games.glob("shedding_core*.so"), *games.glob("shedding_core*.pyd"), root / HASH_FILE):
                old.unlink(missing_ok=True)
        if os.environ.get("MAKAO_PURE_PYTHON"):
            print("makao-tui: MAKAO_PURE_PYTHON is set: the shedding core stays pure Python", file=sys.stderr)
            return
        out = Path(self.directory) / "mypyc"
        try:
            made = compile_core(root, out)
        except BaseException as exc:  # SystemExit too: distutils reports a failed compiler so
            if isinstance(exc, KeyboardInterrupt):
                raise
            reason = str(exc) if len(str(exc)) < 200 else str(exc)[:200] + "…"
            print(f"makao-tui: the shedding core was not compiled ({type(exc).__name__}: {reason}); "
                  "it runs as pure Python, the same rules, slower", file=sys.stderr)
            return
        digest = hashlib.sha256((root / SOURCE).read_bytes()).hexdigest()
        hash_file = out / "shedding_core.sha256"
        hash_file.write_text(digest + "\n")
        for path in (*made, hash_file):
            target = f"makao_tui/{path.relative_to(out / 'makao_tui').as_posix()}" if path != hash_file else HASH_FILE
            if editable:
                shutil.copy2(path, root / target)
            else:
                build_data["force_include"][str(path)] = target
        if not editable:
            build_data["pure_python"] = False
            build_data["infer_tag"] = True
