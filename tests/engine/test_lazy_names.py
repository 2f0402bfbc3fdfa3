"""The engine's and the table service's packages offer their modules' names, each module imported
when one of its names is first used (``makao_tui.engine.lazy``)."""

from __future__ import annotations

import subprocess
import sys

import pytest

import makao_tui.engine
import makao_tui.table


@pytest.mark.parametrize("package", [makao_tui.engine, makao_tui.table], ids=["engine", "table"])
def test_every_name_of_the_package_comes_from_its_module(package):
    for name in package.__all__:
        value = getattr(package, name)
        homes = [m for m, module in list(sys.modules.items())
                 if m.startswith(f"{package.__name__}.") and vars(module).get(name) is value]
        assert homes, name
    with pytest.raises(AttributeError, match="has no attribute 'nothing'"):
        package.nothing  # noqa: B018


def test_importing_one_module_loads_no_other():
    code = ("import sys, makao_tui.engine.i18n, makao_tui.table.worker; "
            "print(sorted(m for m in sys.modules if m.startswith('makao_tui.')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == str(sorted(["makao_tui.engine", "makao_tui.engine.i18n", "makao_tui.engine.lazy",
                                             "makao_tui.table", "makao_tui.table.worker"]))
