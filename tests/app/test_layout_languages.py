"""The screens in Russian and Polish at 80×24 (issue 16, a tester's walk): every key of a table's
key bar readable with its word, the start screen's logo giving way to the games and the matches to resume, the deal's
winner not called "out of play", the help listing each table key once and the start screen's F1
meaning what it means at a table."""

import pytest

from makao_tui.app.main import GENERAL_KEYS, MakaoApp
from makao_tui.app.screens.common import DealSummaryScreen, HelpScreen
from makao_tui.app.screens.table import TableScreen
from makao_tui.engine.i18n import _, set_language

from .language_scenes import LANGUAGE_SCENES
from .scenes import ANN, BOB, SCENES, app_pl, autoplay, humans_turn, step, store_match, wait_for
from .test_language_picker import screen_text
from .test_table import run

TABLES = ["table", "table-makao-pl", "macao-table", "peklo-table-play"]


@pytest.mark.parametrize("language", ["en", "ru", "pl"])
@pytest.mark.parametrize("name", TABLES)
def test_every_key_of_the_table_shows_with_its_word_at_80_columns(name, language):
    set_language(language)
    scene = LANGUAGE_SCENES[name]
    app = scene.make()

    async def body(pilot):
        await scene.ready(pilot)
        screen = app.screen
        assert isinstance(screen, TableScreen)
        bar = screen.query_one("#keybar").render().plain
        lines = bar.split("\n")
        assert all(len(line) <= 80 for line in lines)
        words = [(screen.SHEET_KEY, _(screen.SHEET_WORD)), ("?", _("help")), ("F1", _("rules")), ("q", _("quit"))]
        for key, word in words:
            assert f"{key} {word}" in bar, (key, word, bar)
        # and the bar on screen is the whole bar: its last line is the screen's last line
        assert screen_text(app).rstrip().splitlines()[-1].strip() == lines[-1].strip()

    run(app, body, size=scene.size)


@pytest.mark.parametrize("language", ["en", "ru", "pl"])
def test_the_logo_gives_way_to_the_games_and_the_matches_to_resume(data_dir, language):
    """At 80×24 the logo stays while the games fit under it; with matches to resume it gives way
    to them (issue 30: every game in sight comes first), and the key bar stays the last line."""
    set_language(language)
    logo_end = r"|_|  |_|\__,_|_|\_\__,_|\___/"

    async def body(pilot, logo: bool):
        for _step in range(4):
            await step(pilot)
        text = screen_text(app).splitlines()
        assert (text[5].strip() == logo_end) is logo
        assert app.screen.scroll_y == 0
        assert text[-1].lstrip().startswith(f"q {_('Quit')}")

    app = MakaoApp(ai_delay=0)
    run(app, lambda pilot: body(pilot, language != "pl"))  # the Polish lines take more room
    for game, seed, actions in (("makao-pl", 3, 40), ("makao-ru", 4, 60), ("peklo", 5, 30), ("macao", 6, 10)):
        store_match(game, seed, actions)
    app = MakaoApp(ai_delay=0)
    run(app, lambda pilot: body(pilot, False))


@pytest.mark.parametrize(("language", "none_left", "out_of_play"),
                         [("ru", "ни одной", "не играет"), ("pl", "brak", "poza grą")])
def test_the_deals_winner_has_no_cards_left_not_out_of_play(language, none_left, out_of_play):
    set_language(language)
    scene = SCENES["deal-summary"]
    app = scene.make()

    async def body(pilot):
        await scene.ready(pilot)
        assert isinstance(app.screen, DealSummaryScreen)
        text = screen_text(app)
        winner = next(line for line in text.splitlines() if "★" in line)
        assert none_left in winner and out_of_play not in text

    run(app, body)


def test_the_help_lists_each_table_key_once_and_the_pickers_keys_apart():
    app = app_pl(jokers=True)

    async def body(pilot):
        await wait_for(pilot, lambda: humans_turn(app))
        await pilot.press("question_mark")
        await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen))
        keys = [key for key, _words in app.screen.keys]
        table, pickers = keys[:keys.index("")], keys[keys.index("") + 1:]
        pressed = [k for key in table for k in key.replace("/", " ").split() if len(k) == 1]
        assert len(pressed) == len(set(pressed)), table
        assert pickers[0] == "1-4"  # the suit an ace names: not c d h s, which are d, h and s at the table
        assert all("c d h s" not in key for key in keys)

    run(app, body)


def test_f1_is_the_rules_on_the_start_screen_as_at_a_table():
    assert [key for key, _words in GENERAL_KEYS if "help" in _words] == ["?"]
    app = MakaoApp(ai_delay=0)

    async def body(pilot):
        await pilot.pause()
        await pilot.press("f1")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "RulesScreen")
        await pilot.press("escape")
        await pilot.press("question_mark")
        await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen))

    run(app, body)


def test_a_makao_pl_match_left_as_deal_two_is_dealt_resumes_as_deal_two(data_dir):
    """The start screen's resume line names the deal under way, though no one acted in it yet (a
    tester saw "deal 1" after quitting during deal 2 of a Polish Makao match)."""
    app = app_pl(seats=(ANN, BOB))  # hot-seat: no AI moves in deal 2 before the app looks

    def dealt_two() -> bool:
        table = next(s for s in app.screen_stack if isinstance(s, TableScreen))
        return table.seating.deal_number == 2 and not any(e.deal == 2 and e.seat is not None
                                                          for e in table.seating.log)

    async def body(pilot):
        await autoplay(pilot, dealt_two)  # left there, before anyone acts in deal 2

    run(app, body)
    app = MakaoApp(ai_delay=0)

    async def start(pilot):
        await pilot.pause()
        assert "Resume — Polish Makao, Ann, Bob," in screen_text(app) and "Match #1 · deal 2" in screen_text(app)

    run(app, start)


@pytest.mark.parametrize("language", ["en", "ru", "pl"])
@pytest.mark.parametrize("scene_name", ["suit-picker", "demand-picker"])
def test_every_choice_of_a_picker_shows_whole_at_80_columns(scene_name, language):
    """The jack's demand picker named its ranks by their words ("dziewiątka (9)"): its eight
    choices ran off the 80 columns in Polish; the numbers are named as on the cards now."""
    from textual.widgets import Button

    set_language(language)
    scene = SCENES[scene_name]
    app = scene.make()

    async def body(pilot):
        await scene.ready(pilot)
        buttons = list(app.screen.query(Button))
        assert buttons and all(b.region.x >= 0 and b.region.right <= 79 for b in buttons), \
            [(str(b.label), b.region) for b in buttons]

    run(app, body, size=scene.size)
