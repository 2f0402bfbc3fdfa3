"""The language picker of the start screen (issue 16 item 2): choosing a language redraws the app
in it at once (screens, key bar) and is remembered in the settings across a restart; a damaged
settings file gives the defaults and a message, never a traceback."""

import asyncio
import functools

from makao_tui.app.main import MakaoApp
from makao_tui.app.screens.language import LanguagePicker
from makao_tui.app.screens.start import StartScreen
from makao_tui.engine.i18n import choose_language, language, set_language
from makao_tui.store.settings import Settings, load_settings, save_settings, settings_path

from .scenes import step, wait_for


def synchronous(test):
    """Run an async test function in its own event loop (the suite has no asyncio plugin)."""
    @functools.wraps(test)
    def run(*args, **kwargs):
        asyncio.run(test(*args, **kwargs))
    return run


def screen_text(app) -> str:
    """Every line the screen on top shows, as text."""
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


async def choose(pilot, moves: int) -> None:
    """Open the picker with l, go ``moves`` lines down from the language in use, press Enter."""
    await pilot.press("l")
    await wait_for(pilot, lambda: isinstance(pilot.app.screen, LanguagePicker))
    await pilot.press(*(["down"] * moves), "enter")
    await wait_for(pilot, lambda: isinstance(pilot.app.screen, StartScreen))
    await wait_for(pilot, lambda: not [w for w in pilot.app.workers if w.group == "language" and not w.is_finished])
    await step(pilot)


@synchronous
async def test_switching_redraws_the_start_screen_and_its_key_bar():
    app = MakaoApp(ai_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await step(pilot)
        before = screen_text(app)
        assert "Card games in the terminal" in before and "q Quit" in before and "l Language" in before
        await choose(pilot, 1)  # English → Русский
        assert language() == "ru"
        text = screen_text(app)
        assert "Карточные игры в терминале" in text
        assert "q Выход" in text and "l Язык" in text and "? Справка" in text
        assert "Quit" not in text and "Card games" not in text
        await choose(pilot, 1)  # Русский → Polski
        text = screen_text(app)
        assert "Gry karciane w terminalu" in text and "q Wyjście" in text and "l Język" in text
        await pilot.press("l")
        await wait_for(pilot, lambda: isinstance(app.screen, LanguagePicker))
        await pilot.press("up", "up", "enter")  # Polski → English
        await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
        await wait_for(pilot, lambda: "q Quit" in screen_text(app))
        assert language() == "en" and "Card games in the terminal" in screen_text(app)


@synchronous
async def test_the_choice_is_remembered_across_a_restart(data_dir):
    app = MakaoApp(ai_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await step(pilot)
        await choose(pilot, 2)  # English → Polski
    assert load_settings() == Settings(language="pl")
    assert (data_dir / "settings.json").exists()
    # a new run: makao's entry point passes the saved choice on (flag > saved > locale > English)
    set_language("en")
    saved = load_settings().language
    assert choose_language(None, saved, {"LANG": "ru_RU.UTF-8"}) == "pl"
    assert choose_language("ru", saved, {}) == "ru"
    set_language(choose_language(None, saved, {}))
    app = MakaoApp(ai_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await step(pilot)
        text = screen_text(app)
        assert "Gry karciane w terminalu" in text and "q Wyjście" in text


@synchronous
async def test_escape_keeps_the_language():
    app = MakaoApp(ai_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await step(pilot)
        await pilot.press("l")
        await wait_for(pilot, lambda: isinstance(app.screen, LanguagePicker))
        await pilot.press("down", "escape")
        await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
        assert language() == "en"
        assert load_settings() == Settings()


@synchronous
async def test_a_damaged_settings_file_gives_the_defaults_and_a_message(data_dir):
    data_dir.mkdir(parents=True, exist_ok=True)
    path = settings_path()
    path.write_bytes(b'{"language": "ru", \xff broken')
    settings = load_settings()
    assert settings.language is None and settings.trouble is not None and str(path) in settings.trouble
    app = MakaoApp(ai_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await step(pilot)
        assert isinstance(app.screen, StartScreen)
        messages = [n.message for n in app._notifications]
        assert any("settings could not be read" in m and str(path) in m for m in messages), messages
        await choose(pilot, 1)  # a choice writes a good file over the damaged one
    assert load_settings() == Settings(language="ru")


def test_settings_files_that_are_not_settings(tmp_path):
    path = tmp_path / "settings.json"
    assert load_settings(path) == Settings()  # no file: the defaults, no trouble
    for text in ("[1, 2]", '{"language": 7}', "not json", ""):
        path.write_text(text)
        settings = load_settings(path)
        assert settings.language is None and settings.trouble, text
    folder = tmp_path / "a-folder"
    folder.mkdir()
    assert load_settings(folder).trouble  # unreadable (a folder): the defaults and why
    save_settings(Settings(language="pl"), tmp_path / "new" / "settings.json")
    assert load_settings(tmp_path / "new" / "settings.json") == Settings(language="pl")
