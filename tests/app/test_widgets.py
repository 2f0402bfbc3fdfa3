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

    assert asyncio.run(hint_of(SuitPicker(["S", "H"]))).startswith("Keys: 1 2;")
    assert asyncio.run(hint_of(DemandPicker(["5", "T", "Q", None]))).startswith("Keys: 5 0 q n;")


def test_scroll_bars_draw_their_thumb_in_whole_cells():
    from rich.color import Color

    from makao_tui.app.main import WholeCellScrollBar

    for position in (0, 3.3, 7.5, 30):
        cells = [seg.text for seg in WholeCellScrollBar.render_bar(
            size=20, virtual_size=60, window_size=20, position=position,
            back_color=Color.parse("black"), bar_color=Color.parse("white")).segments]
        assert set("".join(cells)) == {" "}  # no eighth blocks at the thumb's ends


def test_the_key_bar_keeps_every_key_with_its_word_at_80_columns():
    from makao_tui.app.widgets.footer import fit_key_bar

    actions = [("←→ 1-0", "choose"), ("Enter", "play"), ("d", "draw"), ("m", "Makao")]
    table = [("s", "scores"), ("u", "undo"), ("h", "hint"), ("?", "help"), ("F1", "rules"), ("q", "quit")]
    roomy = fit_key_bar(actions, table, 120).plain
    assert roomy == (" ←→ 1-0 choose  Enter play  d draw  m Makao  s scores  u undo  h hint  ? help"
                     "  F1 rules  q quit")
    # too wide for one line: the actions above, the table's keys below, every word kept
    tight = fit_key_bar(actions, table, 80).plain
    assert tight == (" ←→ 1-0 choose  Enter play  d draw  m Makao\n"
                     " s scores  u undo  h hint  ? help  F1 rules  q quit")
    # once two lines, always two lines: the table's keys stay on the bottom one
    assert fit_key_bar([], table, 80, lines=2).plain == "\n s scores  u undo  h hint  ? help  F1 rules  q quit"
    assert fit_key_bar([], table, 80).plain == " s scores  u undo  h hint  ? help  F1 rules  q quit"
    # a line of actions too long for itself: the keys flow over both lines, still with their words
    many = [*actions, ("Space", "mark"), ("D", "draw until it fits"), ("p", "pass")]
    flowing = fit_key_bar(many, table, 74).plain.split("\n")
    assert len(flowing) == 2 and all(len(line) <= 74 for line in flowing)
    assert " ".join(flowing).split() == " ".join(f"{k} {w}" for k, w in [*many, *table]).split()
    # far narrower than any terminal the game is for: the last keys lose their words, never a key
    narrow = fit_key_bar(many, table, 40).plain.split("\n")
    assert all(len(line) <= 40 for line in narrow) and narrow[-1].endswith("F1 q")
