"""The rules screen (issue 16 item 3): every game has its rules in full in English, Russian and
Polish; F1 at every game's table and ``r`` on the start screen open them with the options in force
marked; ``o`` shows the seed text in its original language; the texts ship in the package."""

from __future__ import annotations

import asyncio
import re

import pytest

from makao_tui.app.main import MakaoApp
from makao_tui.app.rules_book import RULES_DIR, SEED_FILES, options_markdown, rules_markdown, seed_text
from makao_tui.app.screens.macao import CutScreen
from makao_tui.app.screens.rules import RulesScreen
from makao_tui.app.tables import playable_games
from makao_tui.engine.i18n import LANGUAGES, set_language
from makao_tui.engine.variant import option_fields, option_label, option_value_label
from makao_tui.games import get_variant

from .scenes import AI, ANN, humans_turn, step, wait_for
from .test_table import text_of

GAMES = [g.id for g in playable_games()]
CYRILLIC = re.compile("[а-яё]", re.IGNORECASE)
POLISH = re.compile("[ąćęłńóśźż]", re.IGNORECASE)
#: how each language quotes an option's value in its rules text
QUOTES = {"en": '"{}"', "ru": "«{}»", "pl": "„{}”"}


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_game_has_its_rules_in_every_language(game, lang):
    variant = get_variant(game)
    path = RULES_DIR / f"{game}.{lang}.md"
    assert path.is_file()
    text = rules_markdown(variant, lang)
    assert text == path.read_text(encoding="utf-8") and text.startswith("# ")
    assert len(text.splitlines()) > 30  # the rules in full, not a summary
    set_language(lang)
    rows = [line.split("|")[1].strip() for line in text.splitlines() if line.startswith("| ")]
    quote = QUOTES[lang]
    for field in option_fields(variant.rules_type):  # every option is explained, by its name on setup
        label = option_label(field)
        assert label in rows or f"{label}: {option_value_label(field, False)}" in rows, label
        for choice in field.metadata.get("choices", ()):  # and its values by their labels
            assert quote.format(option_value_label(field, choice)) in text, choice
    assert "`" not in text  # no values or names in code style: a player reads words
    assert bool(CYRILLIC.search(text)) is (lang == "ru")
    assert bool(POLISH.search(text)) is (lang == "pl")


@pytest.mark.parametrize("path", sorted(RULES_DIR.glob("*.md")), ids=lambda path: path.name)
def test_the_rules_texts_write_cards_and_words_in_one_script(path):
    """A card is written as on screen, its rank in Latin letters (K♥, not Cyrillic К♥), and no
    word mixes Latin and Cyrillic letters (a slip of the keyboard layout)."""
    text = path.read_text(encoding="utf-8")
    for card in re.findall(r"\w+[♠♥♦♣]", text):
        assert not CYRILLIC.search(card), card
    for word in re.findall(r"[^\W\d_]+", text):
        assert not (CYRILLIC.search(word) and re.search("[a-z]", word, re.IGNORECASE)), word


def test_the_rules_follow_the_language_in_use():
    variant = get_variant("peklo")
    set_language("ru")
    assert rules_markdown(variant).startswith("# Пекло")
    set_language("pl")
    assert "lew" in rules_markdown(variant)
    set_language("en")
    assert "trick" in rules_markdown(variant)


@pytest.mark.parametrize("game", GAMES)
def test_every_game_has_its_seed_text(game):
    text = seed_text(get_variant(game))
    assert text is not None and len(text) > 500
    assert CYRILLIC.search(text) or POLISH.search(text)  # in its original language
    assert SEED_FILES[game].startswith(("000", "001", "002", "004"))


def test_the_options_in_force_are_marked():
    variant = get_variant("makao-pl")
    text = options_markdown(variant, variant.rules({"jokers": True}, preset="house"), for_match=True)
    lines = {line.split("**")[1]: line for line in text.splitlines() if line.startswith("- ")}
    # marked * as the help (?) and `makao rules` mark them (escaped: a bare * would start a list)
    assert lines["Queens on everything"].startswith("- \\* ") and "**: on — " in lines["Queens on everything"]
    assert lines["Jokers"].startswith("- \\* ")
    assert not lines["Deals in the match"].startswith("- \\*") and "**: 6 — " in lines["Deals in the match"]
    assert "✓" not in text and "\\* marks an option that differs from the seed rules" in text
    assert '"doubles": each ransom doubles the penalty' in lines["Ransom stacking"]
    assert "Options in force for this match" in text and "Custom rules" in text and "`" not in text


def _screen_text(app) -> str:
    screen = app.screen
    parts = [text_of(w) for w in screen.query("Static")]
    for md in screen.query("Markdown"):
        if md.display:
            parts.append(md.source)
    return "\n".join(parts)


def _run(app: MakaoApp, body):
    async def main():
        async with app.run_test(size=(80, 24)) as pilot:
            await step(pilot)
            return await body(pilot)

    return asyncio.run(main())


@pytest.mark.parametrize("game", GAMES)
def test_f1_at_every_table_opens_the_rules_with_the_matchs_options(game):
    variant = get_variant(game)
    options = {"peklo": {"cycle": "up_down"}, "makao-pl": {"queens": True}, "makao-ru": {"loss_limit": 300},
               "macao": {"stake": 2}}[game]
    app = MakaoApp(variant=variant, rules=variant.rules(options), seats=[ANN, AI, AI][:variant.max_players],
                   seed=7, ai_delay=0)

    async def body(pilot):
        await wait_for(pilot, lambda: humans_turn(app) or isinstance(app.screen, CutScreen))
        if isinstance(app.screen, CutScreen):
            await pilot.press("enter")
            await wait_for(pilot, lambda: humans_turn(app))
        table = app.screen
        await pilot.press("f1")
        await wait_for(pilot, lambda: isinstance(app.screen, RulesScreen))
        shown = _screen_text(app)
        assert f"{variant.name} — the rules" in shown and "Options in force for this match" in shown
        name, value = next(iter(options.items()))
        field = next(f for f in option_fields(variant.rules_type) if f.name == name)
        label, shown_value = option_label(field), option_value_label(field, value)
        assert re.search(rf"- \\\* \*\*{re.escape(label)}\*\*: {re.escape(shown_value)} — ", shown)
        assert rules_markdown(variant) in shown
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.screen is table)

    _run(app, body)


def test_r_on_the_start_screen_opens_the_highlighted_games_rules_and_o_the_seed_text():
    app = MakaoApp(ai_delay=0)

    async def body(pilot):
        await pilot.press("down", "r")  # the second game: Polish Makao
        await wait_for(pilot, lambda: isinstance(app.screen, RulesScreen))
        screen = app.screen
        assert screen.variant.id == "makao-pl" and not screen.for_match
        shown = _screen_text(app)
        assert "Options (change them on the setup screen)" in shown and "Seed rules" in shown
        assert "- \\*" not in shown.split("## Options")[1].split("# Polish Makao")[0]  # nothing differs
        scroll = screen.query_one("#rules-scroll")
        await pilot.press("pagedown")
        await step(pilot)
        assert scroll.scroll_y > 0  # keyboard scrolling
        await pilot.press("o")
        await step(pilot)
        assert screen.query_one("#rules-seed").display and not screen.query_one("#rules-text").display
        assert " ".join(seed_text(screen.variant).split()) in " ".join(_screen_text(app).split())
        assert scroll.scroll_y == 0
        await pilot.press("o")
        await step(pilot)
        assert screen.query_one("#rules-text").display
        await pilot.press("escape")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "StartScreen")

    _run(app, body)


def test_the_rules_screen_speaks_the_language_in_use():
    set_language("pl")
    app = MakaoApp(ai_delay=0)

    async def body(pilot):
        await pilot.press("r")
        await wait_for(pilot, lambda: isinstance(app.screen, RulesScreen))
        return _screen_text(app)

    shown = _run(app, body)
    assert "# Makao rosyjskie" in shown and "limitu przegranej" in shown


def test_the_wheel_carries_the_seed_texts():
    tomllib = pytest.importorskip("tomllib")
    from makao_tui.app.rules_book import PACKAGE, SEED_DIRS

    with open(PACKAGE.parent / "pyproject.toml", "rb") as handle:
        wheel = tomllib.load(handle)["tool"]["hatch"]["build"]["targets"]["wheel"]
    assert wheel["force-include"]["seeds"] == "makao_tui/seeds"
    assert SEED_DIRS[0] == PACKAGE / "seeds"  # where an installed wheel has them
    for name in SEED_FILES.values():
        assert (PACKAGE.parent / "seeds" / name).is_file()
