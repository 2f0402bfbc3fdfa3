"""Journey: with unfinished matches saved, the start screen shows every game (issue 30 items 1
and 5), at 80×24 and 120×40, in English, Russian and Polish: each game's name begins a row of
the screen that is not a match to resume."""

from __future__ import annotations

import re

import pytest

from makao_tui.games import all_games
from tests.app.scenes import store_match

from .play import bar_keys
from .screen import say
from .terminal import LARGE, SMALL

#: the unfinished matches saved first (game, seed, actions played): four, one of each game
SAVED = (("makao-pl", 3, 40), ("makao-ru", 4, 60), ("peklo", 5, 30), ("macao", 6, 10))
#: what draws the list's frame and highlight, left out before a row is read
FRAME = " ▊▎│▌▐┃▶>"


def games_in_sight(rows: list[str], language: str) -> dict[str, bool]:
    """Each game's name (in ``language``): whether a row that is no Resume entry begins with it,
    the longest name a row begins with counting (Russian Makao is "Макао", Macao
    "Макао, банковая игра"; Polish Makao is "Makao", Russian Makao "Makao rosyjskie")."""
    resume = say(language, "Resume")
    names = sorted((say(language, info.name) for info in all_games()), key=len, reverse=True)
    shown = dict.fromkeys(names, False)
    for row in rows:
        text = row.strip(FRAME)
        if resume in row:
            continue
        name = next((n for n in names if re.match(re.escape(n) + r"(?!\s?[^\W\d_])", text)), None)
        if name is not None:
            shown[name] = True
    return shown


def wait_for_saves(term) -> None:
    """Wait for the whole start screen: the matches to resume listed with where they stand (the
    first frame lists them before reading the store through), the key bar drawn up to its help key."""
    resume = say(term.language, "Resume")
    term.wait(lambda t: resume in t.text and "?" in bar_keys(t) and any(line.count("·") >= 2 for line in t.lines),
              "the start screen with its saves and their standings")


@pytest.mark.parametrize("size", [
    pytest.param(SMALL, id="80x24"), pytest.param(LARGE, id="120x40")])
@pytest.mark.parametrize("language", ["en", "ru", "pl"])
def test_every_game_is_in_sight_with_saves_present(start, language, size):
    for game, seed, actions in SAVED:
        store_match(game, seed, actions)
    term = start(language=language, size=size)
    wait_for_saves(term)
    shown = games_in_sight(term.lines, language)
    assert all(shown.values()), f"games out of sight: {[n for n, s in shown.items() if not s]}\n{term.text}"



def test_no_frame_shows_the_saves_with_a_game_out_of_sight(start):
    """Not even the first frame, drawn before the list knows its room (issue 30 item 1): each
    frame that lists matches to resume shows every game too."""
    for game, seed, actions in SAVED:
        store_match(game, seed, actions)
    term = start(size=SMALL, keep_frames=True)
    wait_for_saves(term)
    resume = say("en", "Resume")
    listed = [frame for frame in term.frames if any(resume in row for row in frame)]
    assert listed
    for frame in listed:
        shown = games_in_sight(frame, "en")
        assert all(shown.values()), "\n".join(frame)
