"""Snapshots of the Macao screens at 80×24, fixed seeds: the cut for the bank (with a tie cut
again), the table at the human's turn, the settlement of a hand, the first hand of a bank that has
passed on, the ledger with the bankroll chart and the end of a match.

Update after an intended change with ``pytest tests/app/test_macao_snapshots.py --snapshot-update``
and look at the SVGs before committing them.
"""

import pytest

from .macao_scenes import MACAO_SCENES


@pytest.mark.parametrize("name", list(MACAO_SCENES))
def test_screen(snap_compare, name):
    scene = MACAO_SCENES[name]
    assert snap_compare(scene.make(), terminal_size=scene.size, run_before=scene.ready)
