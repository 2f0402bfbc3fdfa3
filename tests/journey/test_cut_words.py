"""Journey: no word is cut at a line's end in the table's log or in the lines around the boxes
(the bar over the table, the status and message lines), at 80×24 and 120×40, in Russian and
Polish, whose words are the longest (issue 30 items 1 and 5).

A cut word shows as pieces that are no word of the app ("Player 1 заказывае" / "т"): every word
on those rows must be one the app's catalogs hold, a number, or a part of a player's name
(:func:`~tests.journey.screen.unknown_words`). The journey plays a few turns of each game by keys
and reads the screen at each of them, up to the deal's end."""

from __future__ import annotations

import pytest

from .play import bar_keys, deal_over, my_turn, play_until
from .screen import WORD, box_titled, outside_boxes, say, stored_names, unknown_words
from .terminal import LARGE, SMALL

#: the seats of each game's journey (Ann at the keyboard, easy AIs: they answer at once)
SEATS = {"makao-ru": 3, "makao-pl": 3, "macao": 3, "peklo": 5}
#: the player's turns read
TURNS = 6


def read_rows(term) -> list[str]:
    """The rows a cut word is looked for in: the log's and those outside every box."""
    lines = term.lines
    log = box_titled(lines, say(term.language, "Log"))
    return [*(log.rows if log else []), *outside_boxes(lines)]


@pytest.mark.parametrize("size", [pytest.param(SMALL, id="80x24"), pytest.param(LARGE, id="120x40")])
@pytest.mark.parametrize("language", ["ru", "pl"])
@pytest.mark.parametrize("game", list(SEATS))
def test_no_word_is_cut_in_the_log_or_the_status(start, game, language, size):
    seats = ["--seat", "Ann"] + ["--seat", "ai:easy"] * (SEATS[game] - 1)
    term = start("play", game, "--seed", "7", *seats, "--pace", "fast", language=language, size=size)
    cut = [say(language, "deal the first hand")]
    term.wait(lambda t: my_turn(t) or cut[0] in t.text, "the table")
    if cut[0] in term.text:  # Macao's cut for the bank
        term.press("enter")
    names: set[str] = set()
    found: list[tuple[int, str]] = []
    turns = [0]

    def read(t) -> bool:
        if my_turn(t):
            if not names:
                names.update(stored_names())
            keys = {word.lower() for key in bar_keys(t) for word in WORD.findall(key)}  # the key bar's F1, l...
            found.extend(unknown_words(read_rows(t), language, names | keys))
            turns[0] += 1
        return turns[0] >= TURNS or bool(found) or deal_over(t)

    play_until(term, read)
    assert not found, f"cut words {found}:\n{term.text}"
