"""Snapshots in Russian and Polish (issue 16 item 5): the start screen and one table of each game,
at 80×24 with the scenes' fixed seeds, so that a change of any translated word on them is seen;
and the other main screens beside their English snapshots (issue 30 item 5).

Update after an intended change with ``pytest tests/app/test_language_snapshots.py
--snapshot-update`` and look at the SVGs before committing them.
"""

import pytest

from makao_tui.engine.i18n import set_language

from .language_scenes import LANGUAGE_SCENES, MAIN_SCENES


@pytest.mark.parametrize("language", ["ru", "pl"])
@pytest.mark.parametrize("name", list(LANGUAGE_SCENES))
def test_screen_in_language(snap_compare, name, language):
    set_language(language)  # the conftest sets English back after the test
    scene = LANGUAGE_SCENES[name]
    assert snap_compare(scene.make(), terminal_size=scene.size, run_before=scene.ready)


@pytest.mark.parametrize("language", ["ru", "pl"])
@pytest.mark.parametrize("name", list(MAIN_SCENES))
def test_main_screen_in_language(snap_compare, name, language):
    set_language(language)
    scene = MAIN_SCENES[name]
    assert snap_compare(scene.make(), terminal_size=scene.size, run_before=scene.ready)
