"""Snapshots of the lesson screens at 80×24 ("Learn to play"): the Russian Makao lesson and the
Peklo lesson at the learner's first turn, the coach line over the game's own table.

Update after an intended change with ``pytest tests/app/test_lesson_snapshots.py --snapshot-update``
and look at the SVGs before committing them.
"""

import pytest

from .lesson_scenes import LESSON_SCENES


@pytest.mark.parametrize("name", list(LESSON_SCENES))
def test_screen(snap_compare, name):
    scene = LESSON_SCENES[name]
    assert snap_compare(scene.make(), terminal_size=scene.size, run_before=scene.ready)
