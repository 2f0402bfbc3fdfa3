"""Text that people type and other people read: player names, made safe to show anywhere.

A name may come from a command line, the setup screen, a saved-games file written by anyone, or
another user at a shared table, so it is cleaned once with :func:`clean_name` before it is used
(the app, the CLI, the store and a table server call the same function). A clean name holds no
control characters (escape sequences, newlines, tabs), no bidirectional or other invisible
formatting characters (which could reorder or hide what the terminal shows), at most
:data:`MAX_MARKS` combining marks per letter, and fits in :data:`NAME_CELLS` terminal columns.

Cleaning does not make a name markup-safe: wherever a string is parsed as Rich or Textual markup
(a ``Static``'s text, a ``DataTable``'s string cell, a border title, a notification), show a name
as a ``rich.text.Text`` or through ``textual.markup.escape``, so that ``[bold]Ann`` reads
``[bold]Ann``.
"""

from __future__ import annotations

import unicodedata

#: the widest a name may be, in terminal columns (an East Asian wide letter takes two)
NAME_CELLS = 20
#: combining marks kept after one letter (more pile up above and below the line)
MAX_MARKS = 2
#: what ends a name cut to fit
ELLIPSIS = "…"


def cell_width(char: str) -> int:
    """Columns one character takes in a terminal: 0 for a combining mark, 2 for an East Asian
    wide or full-width character, else 1."""
    if unicodedata.combining(char) or unicodedata.category(char) in ("Mn", "Me"):
        return 0
    return 2 if unicodedata.east_asian_width(char) in ("W", "F") else 1


def clean_name(text: str, cells: int = NAME_CELLS) -> str:
    """``text`` as a name safe to show: NFC-normalised; control characters, line and paragraph
    separators and every run of spaces become one space; format characters (bidi embeddings,
    overrides and isolates, zero-width characters, soft hyphens), surrogates, private-use and
    unassigned code points are removed; more than :data:`MAX_MARKS` combining marks on a letter are
    dropped; spaces at either end are trimmed; a name wider than ``cells`` columns is cut and ends
    with :data:`ELLIPSIS`. May return ``""`` (the caller decides what an empty name means).

    Idempotent: ``clean_name(clean_name(t)) == clean_name(t)``. ``cells`` must be at least 2.
    """
    if cells < 2:
        raise ValueError("a name needs at least 2 columns")
    out: list[str] = []
    marks = 0
    for char in unicodedata.normalize("NFC", text):
        category = unicodedata.category(char)
        if category == "Cc" or category in ("Zs", "Zl", "Zp"):
            if out and out[-1] != " ":
                out.append(" ")
            marks = 0
        elif category[0] == "C":  # Cf, Cs, Co, Cn
            continue
        elif category in ("Mn", "Me") or unicodedata.combining(char):
            if marks < MAX_MARKS and out and out[-1] != " ":
                out.append(char)
                marks += 1
        else:
            out.append(char)
            marks = 0
    name = unicodedata.normalize("NFC", "".join(out).strip(" "))
    if sum(cell_width(c) for c in name) <= cells:
        return name
    kept, width = [], 0
    for char in name:
        width += cell_width(char)
        if width > cells - 1:
            break
        kept.append(char)
    return "".join(kept).rstrip(" ") + ELLIPSIS


#: the most characters a message shows of a value somebody typed (a card, a field, a variant)
ECHO_CHARS = 24


class Echo:
    """A value somebody typed, quoted in a message (``"unknown card {card!r}"``): its ``repr``,
    cut to :data:`ECHO_CHARS` characters and ending with :data:`ELLIPSIS` when longer, so that a
    100,000-character card in a scenario file makes a one-line message, not a page."""

    __slots__ = ("value",)

    def __init__(self, value: object) -> None:
        self.value = value

    def __repr__(self) -> str:
        text = repr(self.value)
        return text if len(text) <= ECHO_CHARS else text[:ECHO_CHARS - 1] + ELLIPSIS

    __str__ = __repr__
