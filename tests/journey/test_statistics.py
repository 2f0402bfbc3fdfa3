"""Journey: the statistics screen answers Enter at once (issue 30 item 1: "Enter on a finished
match does nothing until Tab twice"): ``h`` from the start screen, Enter opens the score sheet of
the match highlighted, with its winners marked ★; Esc comes back; in Russian at 80×24 and in
Polish at 120×40."""

from __future__ import annotations

import pytest

from tests.app.scenes import store_match

from .screen import say, template
from .terminal import LARGE, SMALL


@pytest.mark.parametrize(("language", "size"), [("ru", SMALL), ("pl", LARGE)])
def test_enter_on_a_finished_match_opens_its_score_sheet(start, language, size):
    store_match("makao-pl", 2, 100_000)  # played to its end
    store_match("peklo", 5, 100_000)
    term = start(language=language, size=size)
    term.wait(lambda t: say(language, "Learn") in t.text, "the start screen")
    term.press("h")
    listed = say(language, "Finished matches — Enter: score sheet")
    term.wait(lambda t: listed in t.text, "the statistics")
    term.press("enter")
    sheet = template(language, "Match #{number}, {game} — score sheet")
    term.wait(lambda t: sheet.search(t.text), "the score sheet of the highlighted match")
    assert "★" in term.text, term.text
    term.press("escape")
    term.wait(lambda t: listed in t.text and not sheet.search(t.text), "the statistics again")
