"""Nothing on the app's screens escaped translation (issue 16 item 5): with the pseudo-language
installed (every translated message wrapped in ⟦ ⟧, tests/i18n/pseudo.py), every screen of every
game is brought up, its text read from the rendered lines, and no word may stand outside the
brackets but players' names, key names and the app's own name (cards, numbers and symbols are no
words: a word here is two letters or more)."""

from __future__ import annotations

import asyncio
import re

import pytest

from makao_tui.engine.i18n import use_translations
from tests.app.macao_scenes import MACAO_SCENES
from tests.app.peklo_scenes import PEKLO_SCENES
from tests.app.scenes import SCENES, Scene, app_ru, step, wait_for
from tests.i18n.pseudo import CLOSE, OPEN, Pseudo

#: the players' names the scenes seat (human and AI), which are nobody's words to translate
NAMES = {"Ann", "Bob", "Olga", "Piotr", "Ivan", "Zosia", "Marek", "Vera", "Bot1", "Bot2", "Bot3"}
#: key names as the key bars, help and buttons write them, and the app's and command's name
KEYS = {"Enter", "Esc", "esc", "Tab", "Space", "Ctrl", "ctrl", "shift", "F1", "f1", "makao", "tui"}


def outside_brackets(text: str) -> str:
    """``text`` with everything between ⟦ and ⟧ (nested too, across lines) blanked out."""
    out, depth = [], 0
    for char in text:
        if char == OPEN:
            depth += 1
        elif char == CLOSE:
            depth = max(0, depth - 1)
        out.append(char if (depth == 0 and char not in (OPEN, CLOSE)) or char == "\n" else " ")
    return "".join(out)


def escaped_words(text: str) -> list[str]:
    """The words of ``text`` outside the brackets that are neither names (or the start of one, cut
    by a narrow column; "Bot" of "Bot1") nor key names."""
    words = re.findall(r"[^\W\d_]{2,}", outside_brackets(text))
    return [w for w in words if w not in KEYS and not any(name.startswith(w) for name in NAMES)]


def screen_text(app) -> str:
    """Every line the screen on top shows, as text."""
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


def _then(before, key: str, screen: str):
    """A scene's ``run_before``: ``before`` (another one), then ``key``, until the screen of class
    ``screen`` is on top."""
    async def run(pilot) -> None:
        await before(pilot)
        await pilot.press(key)
        await wait_for(pilot, lambda: type(pilot.app.screen).__name__ == screen)
    return run


#: the screens the snapshot scenes do not show
EXTRA = {
    "language-picker": Scene(SCENES["start"].make, _then(step, "l", "LanguagePicker")),
    "quit-question": Scene(lambda: app_ru(seed=3), _then(SCENES["table"].run_before, "q", "ConfirmScreen")),
    "general-help": Scene(SCENES["start"].make, _then(step, "question_mark", "HelpScreen")),
    "stored-score-sheet": Scene(SCENES["statistics"].make,
                                _then(SCENES["statistics"].run_before, "enter", "ScoreSheetScreen")),
}
ALL = {**SCENES, **MACAO_SCENES, **PEKLO_SCENES, **EXTRA}


def test_the_check_finds_words_outside_the_brackets():
    assert escaped_words("⟦Your turn, Ann⟧ q ⟦Quit⟧") == []
    assert escaped_words("⟦— ⟦Russian Makao⟧, deal 3⟧") == []
    assert escaped_words("⟦Pass the keyboard\nto Ann⟧ Enter") == []
    assert escaped_words("Ann ⟦draws⟧ a pile") == ["pile"]
    assert escaped_words("⟦Log⟧ Piotr leads 6♥") == ["leads"]
    assert escaped_words("⟦Quit⟧ Help") == ["Help"]


@pytest.mark.parametrize("name", list(ALL))
def test_no_word_escapes_translation(name, data_dir):
    scene = ALL[name]

    async def main() -> str:
        use_translations(Pseudo())
        app = scene.make()
        async with app.run_test(size=scene.size) as pilot:
            await scene.ready(pilot)
            await pilot.pause()
            return screen_text(app)

    text = asyncio.run(main())
    assert OPEN in text  # the pseudo-language is in use
    assert escaped_words(text) == [], text
