"""The setup screen's seats at 80×24: a seat's error (a name missing, a name taken) shows whole
beside or under its row, and goes once the name is put right."""

import pytest

from makao_tui.app.main import MakaoApp
from makao_tui.app.screens.setup import SeatRow, SetupScreen
from makao_tui.engine import i18n

from .scenes import wait_for
from .test_key_bar import bar_lines
from .test_language_picker import screen_text
from .test_table import run


async def _setup(pilot) -> SetupScreen:
    app = pilot.app
    app.open_setup("makao-ru")
    await wait_for(pilot, lambda: isinstance(app.screen, SetupScreen))
    await pilot.pause()
    return app.screen


@pytest.mark.parametrize("language", ["en", "ru", "pl"])
@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
def test_a_seats_error_reads_whole_and_goes_once_a_name_is_typed(language, size):
    i18n.set_language(language)
    app = MakaoApp(ai_delay=0)

    async def body(pilot):
        screen = await _setup(pilot)
        row = screen.query(SeatRow)[1]
        row.query_one(".kind").press()  # AI → Open
        await pilot.pause()
        row.query_one(".kind").press()  # Open → Human, its name left empty
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)  # not started
        assert i18n._("a name, please") in screen_text(app)
        await pilot.press(*"Bob")
        await pilot.pause()
        assert row.name_input.value == "Bob"
        assert i18n._("a name, please") not in screen_text(app)
        assert i18n._("Please fix the fields marked in red.") not in screen_text(app)
        # the name of seat 1: taken, then put right
        first = screen.query(SeatRow)[0].name_input
        first.value = "bob"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        assert i18n._("name taken") in screen_text(app)
        first.value = "Ann"
        await pilot.pause()
        assert i18n._("name taken") not in screen_text(app)

    run(app, body, size=size)


def test_tab_from_a_name_goes_to_the_next_seat_and_typing_on_a_seats_button_names_it():
    """One Tab from the first field landed on seat 1's Remove button, where typing did nothing:
    Remove is out of the Tab order (Ctrl+R removes the seat the keys are in, as the key bar
    says; a click still works), and letters typed on a seat's button go to its name."""
    app = MakaoApp(ai_delay=0)

    async def body(pilot):
        screen = await _setup(pilot)
        rows = list(screen.query(SeatRow))
        assert app.focused is rows[0].name_input
        await pilot.press("tab")
        assert app.focused is rows[1].query_one(".kind")  # seat 2's Human / AI / Open
        seen = []
        for _press in range(30):  # round the whole form: no Remove button on the way
            await pilot.press("tab")
            seen.append(app.focused)
        assert not any(w is not None and w.has_class("remove") for w in seen)
        rows[1].query_one(".kind").focus()  # seat 2, an AI: a name typed on it seats a person there
        await pilot.press(*"Bob")
        assert rows[1].kind == "human" and rows[1].name_input.value == "Bob" and app.focused is rows[1].name_input
        rows[1].query_one(".kind").focus()
        await pilot.press("B")  # on a human seat's button: on to its name
        assert rows[1].name_input.value == "BobB"
        await pilot.pause()
        assert "Remove seat" in " ".join(bar_lines(screen))
        rows[2].query_one(".kind").focus()
        await pilot.press("ctrl+r")
        await pilot.pause()
        assert len(screen.query(SeatRow)) == 2  # seat 3 removed
        await pilot.press("ctrl+r")  # two is the fewest for Russian Makao: kept
        await pilot.pause()
        assert len(screen.query(SeatRow)) == 2

    run(app, body)


def test_the_default_name_follows_a_change_of_language_and_a_given_name_stays():
    """Set up in English, then the language switched to Russian: the next setup read "Player 1"
    (issue 30: names fit the language); a name the player typed is his own and stays."""
    from makao_tui.games import get_variant
    from makao_tui.table import SeatSpec

    app = MakaoApp(ai_delay=0)
    variant = get_variant("makao-ru")

    async def body(pilot):
        app.last_setup = ("makao-ru", [SeatSpec("Player 1", False), SeatSpec("Ann", False), SeatSpec("", True)],
                          variant.rules())
        i18n.set_language("ru")
        screen = await _setup(pilot)
        names = [row.name_input.value for row in screen.query(SeatRow)]
        assert names == ["Игрок 1", "Ann", ""]

    run(app, body)
