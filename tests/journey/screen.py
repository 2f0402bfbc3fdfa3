"""Reading a journey's screen as a player reads it: the app's own words in a language, the boxes
of a table, the hand with its keys, and words cut at a line's end (issue 30 item 5).

Words are looked up in the app's own catalogs (``makao_tui/locale``), so a journey follows the
translations wherever they change; the journeys name the English source words (msgids).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from babel.messages.pofile import read_po

from makao_tui.engine.i18n import DOMAINS, LOCALE_DIR, load
from makao_tui.store import open_store

#: a card's label as the table draws it: its rank and its suit sign
CARD = re.compile(r"(?:10|[2-9JQKA])[♠♥♦♣]")
#: a word as the cut-word check sees it: letters and digits (a card's rank, a number, a word)
WORD = re.compile(r"\w+")
#: a template's field ("{name}"): no word of its own
FIELD = re.compile(r"\{[^{}]*\}")


def say(language: str, msgid: str) -> str:
    """``msgid`` (an English message of the app) in ``language``, as the app shows it."""
    return load(language).gettext(msgid)


def template(language: str, msgid: str) -> re.Pattern[str]:
    """A pattern matching the message ``msgid`` in ``language`` with any text in its fields
    ("Pass the keyboard to {name}" matches "Pass the keyboard to Bob")."""
    parts = FIELD.split(say(language, msgid))
    return re.compile(".+?".join(re.escape(part) for part in parts))


@cache
def catalog_words(language: str) -> frozenset[str]:
    """Every word (lower case) the app can write in ``language``: the words of each message of
    its catalogs, English and translated, their fields left out."""
    found: set[str] = set()
    for domain in DOMAINS:
        path = LOCALE_DIR / ("ru" if language == "en" else language) / "LC_MESSAGES" / f"{domain}.po"
        with path.open("rb") as handle:
            catalog = read_po(handle)
        for message in catalog:
            texts = [*(message.id if isinstance(message.id, tuple) else (message.id,))]
            if language != "en":
                texts += message.string if isinstance(message.string, tuple) else [message.string]
            for text in texts:
                found.update(word.lower() for word in WORD.findall(FIELD.sub(" ", text or "")))
    return frozenset(found)


def stored_names() -> set[str]:
    """The words of every player's name in the saved games (the test's data folder)."""
    with open_store() as store:
        matches = [*store.unfinished(), *store.finished()]
    return {word.lower() for match in matches for seat in match.seats for word in WORD.findall(seat.name)}


def unknown_words(rows: list[str], language: str, names: set[str] = frozenset()) -> list[tuple[int, str]]:
    """The words on ``rows`` that the app never writes in ``language`` (nor a number, nor a word of
    ``names``), as (row, word): a word cut at a line's end shows as two pieces, at least one of
    which is no word of the app ("заказывае" / "т", or a piece cropped at the box's edge)."""
    known = catalog_words(language) | names
    return [(number, word) for number, row in enumerate(rows) for word in WORD.findall(row)
            if not word.isdigit() and word.lower() not in known]


@dataclass(frozen=True)
class Box:
    """A box drawn with rounded corners: its title and its inside rows (between its sides)."""

    title: str
    top: int
    rows: list[str]


def boxes(lines: list[str]) -> list[Box]:
    """Every box with rounded corners (``╭─ Title ─╮`` ... ``╰─╯``) on the screen ``lines``,
    side by side ones too."""
    found = []
    for top, line in enumerate(lines):
        for corner in re.finditer(r"╭", line):
            left = corner.start()
            right = line.find("╮", left)
            if right < 0:
                continue
            title = line[left + 1:right].strip("─ ")
            inside = []
            for row in lines[top + 1:]:
                if row[left:left + 1] != "│":
                    break
                inside.append(row[left + 1:right])
            found.append(Box(title, top, inside))
    return found


def box_titled(lines: list[str], title: str) -> Box | None:
    """The first box whose title starts with ``title``, or None."""
    return next((box for box in boxes(lines) if box.title.startswith(title)), None)


def outside_boxes(lines: list[str]) -> list[str]:
    """The rows drawn outside any box, whole (the bar over the table, the status and message
    lines, the key bar)."""
    inside = {box.top + i for box in boxes(lines) for i in range(len(box.rows) + 2)}
    return [line for number, line in enumerate(lines) if number not in inside]


@dataclass(frozen=True)
class HandCard:
    """A card of the hand on screen: the key that chooses it, its label, whether the table marks
    it as playable now (a dot under it), whether it is the chosen one (drawn in bold lines)."""

    key: str
    label: str
    playable: bool
    chosen: bool


def hand(lines: list[str]) -> list[HandCard]:
    """The cards of the hand at the keyboard, read from their drawings, in the order shown: a top
    edge holding the key that chooses the card (``┌─1─┐``; from the eleventh on none, ``┌───┐``;
    the chosen card in bold lines, ``┏━1━┓``), the label under it, the bottom edge with a dot when
    the card may be played (``└─•─┘``). The hand is the block of rows whose first card has key 1;
    empty when no hand shows."""
    cards: list[HandCard] = []
    for number, line in enumerate(lines[:-2]):
        tops = list(re.finditer(r"[┌┏][─━]([0-9─━])[─━][┐┓]", line))
        if not tops or (not cards and tops[0].group(1) != "1"):
            continue
        for top in tops:
            span = slice(top.start(), top.end())
            label = CARD.search(lines[number + 1][span])
            if label:
                key = top.group(1) if top.group(1).isdigit() else ""
                cards.append(HandCard(key, label.group(0), "•" in lines[number + 2][span],
                                      top.group(0)[0] == "┏"))
    return cards
