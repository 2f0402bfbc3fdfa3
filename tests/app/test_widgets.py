"""The hand widget: boxes while they fit in the allowed rows, one-line chips beyond; every card
drawn where a click finds it."""

import asyncio

from textual.app import App

from makao_tui.app.widgets.cards import BOX_WIDTH, CHIP_WIDTH, GAP, HandView
from makao_tui.engine.cards import ALL_CARDS


class HandApp(App):
    def compose(self):
        yield HandView()


def test_boxes_then_chips_and_clicks_find_every_card():
    async def main():
        app = HandApp()
        async with app.run_test(size=(80, 24)) as pilot:
            hand = app.query_one(HandView)
            for count, boxes in ((5, True), (26, True), (27, False), (52, False)):
                cards = ALL_CARDS[:count]
                hand.show(cards, cards[:3], 0)
                await pilot.pause()
                width = hand.content_size.width
                lines = hand.render().plain.split("\n")
                if boxes:
                    per_row = (width + GAP) // (BOX_WIDTH + GAP)
                    assert len(lines) == 3 * -(-count // per_row)
                    spots = [((i % per_row) * (BOX_WIDTH + GAP) + 2, (i // per_row) * 3 + 1)
                             for i in range(count)]
                else:
                    per_line = (width + 1) // (CHIP_WIDTH + 1)
                    assert len(lines) == -(-count // per_line)
                    spots = [((i % per_line) * (CHIP_WIDTH + 1) + 1, i // per_line) for i in range(count)]
                assert hand.size.height == len(lines)
                for i, (x, y) in enumerate(spots):
                    assert hand.index_at(x, y) == i
                    assert cards[i].label() in lines[y][max(0, x - 2):x + 4]
    asyncio.run(main())
