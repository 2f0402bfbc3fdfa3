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


def test_a_rule_switch_reads_on_with_a_tick_and_off_with_an_empty_box():
    from makao_tui.app.screens.setup import OnOff

    class SwitchApp(App):
        def compose(self):
            yield OnOff(False, id="off")
            yield OnOff(True, id="on")

    async def main():
        app = SwitchApp()
        async with app.run_test(size=(40, 6)) as pilot:
            off, on = app.query_one("#off", OnOff), app.query_one("#on", OnOff)
            assert off.render().plain.replace(" ", "") == "▐▌off"
            assert on.render().plain.replace(" ", "") == "▐✓▌on"
            off.toggle()
            await pilot.pause()
            assert off.value and off.render().plain.replace(" ", "") == "▐✓▌on"

    asyncio.run(main())


def test_the_pickers_name_the_keys_they_take():
    from makao_tui.app.screens.pickers import DemandPicker, SuitPicker

    class PickerApp(App):
        def __init__(self, picker):
            super().__init__()
            self.picker = picker

        def on_mount(self):
            self.push_screen(self.picker)

    async def hint_of(picker) -> str:
        app = PickerApp(picker)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            return str(app.screen.query_one(".hint").render())

    assert asyncio.run(hint_of(SuitPicker(["S", "H"]))).startswith("Keys: s h;")
    assert asyncio.run(hint_of(DemandPicker(["5", "T", "Q", None]))).startswith("Keys: 5 0 q n;")


def test_scroll_bars_draw_their_thumb_in_whole_cells():
    from rich.color import Color

    from makao_tui.app.main import WholeCellScrollBar

    for position in (0, 3.3, 7.5, 30):
        cells = [seg.text for seg in WholeCellScrollBar.render_bar(
            size=20, virtual_size=60, window_size=20, position=position,
            back_color=Color.parse("black"), bar_color=Color.parse("white")).segments]
        assert set("".join(cells)) == {" "}  # no eighth blocks at the thumb's ends


def test_the_key_bar_fits_80_columns_when_the_makao_key_is_offered():
    from makao_tui.app.screens.table import fit_key_bar

    keys = [("←→ 1-0", "choose"), ("Enter", "play"), ("d", "draw"), ("m", "Makao"), ("s", "scores"),
            ("u", "undo"), ("h", "hint"), ("?", "help"), ("q", "quit")]
    roomy = fit_key_bar(keys, 120).plain
    assert roomy == " ←→ 1-0 choose  Enter play  d draw  m Makao  s scores  u undo  h hint  ? help  q quit"
    tight = fit_key_bar(keys, 80).plain
    assert tight == " ←→ 1-0 choose Enter play d draw m Makao s scores u undo h hint ? help q quit"
    assert len(tight) <= 80
    narrow = fit_key_bar(keys, 60).plain
    assert len(narrow) <= 60 and narrow.startswith(" ←→ 1-0 choose Enter play") and narrow.endswith("? q")
