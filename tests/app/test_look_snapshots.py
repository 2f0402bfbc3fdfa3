"""Snapshots of the app in other terminals (:mod:`tests.app.look_scenes`): plain ASCII, high
contrast, 16 colours. Update after an intended change with ``--snapshot-update``."""

from xml.etree import ElementTree

import pytest

from makao_tui.app.terminal import to_ascii

from .look_scenes import LOOK_SCENES


@pytest.mark.parametrize("name", list(LOOK_SCENES))
def test_screen(snap_compare, name):
    scene = LOOK_SCENES[name]
    assert snap_compare(scene.make(), terminal_size=scene.size, run_before=scene.ready)


@pytest.mark.parametrize("name", [n for n in LOOK_SCENES if n.startswith("ascii-")])
def test_an_ascii_screenshot_is_ascii(name):
    import asyncio

    scene = LOOK_SCENES[name]
    app = scene.make()

    async def main():
        async with app.run_test(size=scene.size) as pilot:
            await scene.ready(pilot)
            return app.export_screenshot()

    svg = asyncio.run(main())
    assert svg.isascii() and svg == to_ascii(svg)
    ElementTree.fromstring(svg)  # still a well-formed picture (an arrow's stand-in < is escaped)
    if "table" in name:
        assert "+-" in svg.replace("&#160;", " ")  # the boxes, in ASCII
