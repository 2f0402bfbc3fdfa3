"""Snapshots of every screen at 80×24 (the too-small message at 70×20), fixed seeds.

Update after an intended change with ``pytest tests/app/test_snapshots.py --snapshot-update``
and look at the SVGs before committing them.
"""

import pytest

from .scenes import SCENES


@pytest.mark.parametrize("name", list(SCENES))
def test_screen(snap_compare, name):
    scene = SCENES[name]
    assert snap_compare(scene.make(), terminal_size=scene.size, run_before=scene.ready)
