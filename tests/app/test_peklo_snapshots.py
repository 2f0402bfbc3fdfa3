"""Snapshots of the Peklo screens at 80×24, fixed seeds: the table while bidding (also the
dealer of seven bidding last, every seat in sight) and while playing (cards that may not be
played dimmed), the bid panel with the hook's forbidden bid, a deal summary, the score sheet and
the end of a match.

Update after an intended change with ``pytest tests/app/test_peklo_snapshots.py --snapshot-update``
and look at the SVGs before committing them.
"""

import pytest

from .peklo_scenes import PEKLO_SCENES


@pytest.mark.parametrize("name", list(PEKLO_SCENES))
def test_screen(snap_compare, name):
    scene = PEKLO_SCENES[name]
    assert snap_compare(scene.make(), terminal_size=scene.size, run_before=scene.ready)
