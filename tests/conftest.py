"""Shared pytest setup.

Hypothesis runs with no deadline and without its timing health check (see below).

Snapshot tests (pytest-textual-snapshot) store one SVG per snapshot. Its extension class names the
file extension ``_file_extension`` for syrupy 4 and must also carry ``file_extension`` for
syrupy 5 and later, or the snapshots lose their ``.svg`` ending; setting both works with either.
"""

try:
    from pytest_textual_snapshot import SVGImageExtension
except ImportError:  # the snapshot plugin is an optional test dependency
    SVGImageExtension = None

if SVGImageExtension is not None:
    SVGImageExtension.file_extension = "svg"
    SVGImageExtension._file_extension = "svg"


import pytest
from hypothesis import HealthCheck, settings

# No test may depend on the wall clock: Hypothesis's per-example deadline and its "too slow" health
# check both time the machine, so a loaded one would fail them. Tests keep their own max_examples.
settings.register_profile("makao", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("makao")


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    """Every test keeps its saved games in its own folder, never in the user's."""
    path = tmp_path / "makao-data"
    monkeypatch.setenv("MAKAO_DATA_DIR", str(path))
    return path


@pytest.fixture(autouse=True)
def tables_dir(tmp_path, monkeypatch):
    """Every test has its own shared-tables folder: no table of the box shows in it."""
    path = tmp_path / "makao-tables"
    monkeypatch.setenv("MAKAO_TABLES_DIR", str(path))
    return path


@pytest.fixture(autouse=True)
def english():
    """Every test starts in English and leaves English behind, whatever language it switched to;
    processes a test starts read no player's locale (LC_ALL/LC_MESSAGES/LANG are C.UTF-8 for them)."""
    from makao_tui.engine.i18n import set_language

    set_language("en")
    yield
    set_language("en")


@pytest.fixture(autouse=True)
def plain_locale(monkeypatch):
    """The locale variables a test and the processes it starts see: C.UTF-8, so that a developer's
    own ``LANG=ru_RU.UTF-8`` does not turn the suite's English into Russian."""
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.setenv(name, "C.UTF-8")


def pytest_collection_modifyitems(items):
    """Tests marked ``long`` (the few that take tens of seconds) run first, so that with ``-n 2``
    the workers share them out at the start instead of one worker finishing a long test alone at
    the end. The order is otherwise the collection's."""
    items.sort(key=lambda item: item.get_closest_marker("long") is None)
