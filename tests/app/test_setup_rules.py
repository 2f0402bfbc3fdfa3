"""The setup screen's rules (issue 14 item 4, makao_tui/rules/makao-pl.en.md#house-rules): presets first, every
option with its
one-line description, a changed option makes the preset "custom", bad values are marked."""

from makao_tui.app.main import MakaoApp
from makao_tui.app.screens.setup import CUSTOM, SetupScreen
from makao_tui.app.screens.shedding import ShedTableScreen
from makao_tui.engine.variant import option_description, option_fields
from makao_tui.games import get_variant

from .scenes import peek, wait_for
from .test_table import run, text_of

PL = get_variant("makao-pl")
MACAO = get_variant("macao")


def _open(app, variant_id):
    async def go(pilot):
        app.open_setup(variant_id)
        await wait_for(pilot, lambda: isinstance(app.screen, SetupScreen))
        await pilot.pause()
        return app.screen
    return go


def test_presets_come_first_and_every_option_shows_its_description():
    app = MakaoApp(ai_delay=0)

    async def body(pilot):
        screen = await _open(app, "makao-pl")(pilot)
        preset = screen.query_one("#preset")
        assert preset.value == "seed"
        labels = [label for label, _value in screen._preset_choices()]
        assert labels == ["Seed rules", "House rules", "Custom"]
        descriptions = [text_of(w) for w in screen.query(".option-desc")]
        fields = option_fields(PL.rules_type)
        assert len(descriptions) == len(fields)
        for field, shown in zip(fields, descriptions, strict=True):
            assert " ".join(shown.split()) == option_description(field)
        # the preset's row is above every option's row
        rows = list(screen.query(".option-row"))
        assert rows[0].query_one("#preset") is preset

    run(app, body)


def test_choosing_house_sets_its_options_and_a_change_makes_it_custom():
    app = MakaoApp(ai_delay=0)

    async def body(pilot):
        screen = await _open(app, "makao-pl")(pilot)
        screen.query_one("#preset").value = "house"
        await pilot.pause()
        assert screen.query_one("#opt-queens").value is True
        assert screen.query_one("#opt-draw_until_playable").value is False
        assert screen.query_one("#preset").value == "house"
        screen.query_one("#opt-jokers").focus()
        await pilot.press("space")  # jokers on: no preset has them
        await pilot.pause()
        assert screen.query_one("#preset").value == CUSTOM
        await pilot.press("space")  # off again: the house rules once more
        await pilot.pause()
        assert screen.query_one("#preset").value == "house"
        screen.query_one("#opt-jokers").value = True
        await pilot.pause()
        await pilot.press("ctrl+s")
        # the table, or over it its first deal's summary: with no AI pause the AI seats may play
        # the whole deal before the wait first looks
        await wait_for(pilot, lambda: any(isinstance(s, ShedTableScreen) for s in app.screen_stack))
        rules = peek(app).rules
        assert rules.jokers and rules.queens and rules.multi_play and not rules.draw_until_playable

    run(app, body)


def test_a_value_out_of_range_is_marked_with_the_range_as_it_is_typed():
    app = MakaoApp(ai_delay=0)

    async def body(pilot):
        screen = await _open(app, "makao-pl")(pilot)
        screen.query_one("#opt-deals").value = "500"
        await pilot.pause()
        assert "1 to 100" in text_of(screen.query_one("#err-deals"))
        assert screen.query_one("#preset").value == CUSTOM
        screen.query_one("#opt-deals").value = "6"
        await pilot.pause()
        assert text_of(screen.query_one("#err-deals")).strip() == ""
        assert screen.query_one("#preset").value == "seed"

    run(app, body)


def test_a_stake_above_the_bankroll_is_marked_beside_the_field():
    app = MakaoApp(ai_delay=0)

    async def body(pilot):
        screen = await _open(app, "macao")(pilot)
        screen.query_one("#opt-bankroll").value = "10"
        screen.query_one("#opt-stake").value = "20"
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        assert "bankroll" in text_of(screen.query_one("#err-stake"))

    run(app, body)
