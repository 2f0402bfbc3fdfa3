"""What the terminal the app runs in can do: whether there is one at all, and whether it can show
more than ASCII (a UTF-8 locale); :func:`to_ascii` is the one place that turns what the app draws
into plain ASCII when it cannot (``LANG=C``, ``makao --ascii``).

Read by :func:`makao_tui.app.main.run_app` before the app starts; the commands that only print
(``saves``, ``history``, ``rules``…) do not ask.
"""

from __future__ import annotations

import os
import re
import sys
import unicodedata
from collections.abc import Mapping
from typing import TextIO

from rich.cells import cell_len

from ..engine.cards import SUIT_SYMBOLS
from ..engine.i18n import _

__all__ = ["keys_from_the_terminal", "terminal_refusal", "to_ascii", "unicode_locale"]


def keys_from_the_terminal() -> bool:
    """When standard input is not a terminal but standard output is one and the process has a
    controlling terminal (``/dev/tty``), make that terminal standard input (file descriptor 0), as
    ``less`` and ``fzf`` read their keys: the README's install line piped into a shell
    (``... | sh``, whose input is the script), ``echo | makao``. True when it did; False, changing
    nothing, when input is a terminal already, output is not one, or there is no terminal to open
    (then :func:`terminal_refusal` says why the app cannot start)."""
    if os.environ.get("TEXTUAL_DRIVER") or _is_tty(sys.stdin) or not _is_tty(sys.stdout):
        return False
    try:
        tty = os.open("/dev/tty", os.O_RDONLY)
    except OSError:  # no controlling terminal (a cron job, ssh -T, CI)
        return False
    try:
        os.dup2(tty, 0)
    finally:
        os.close(tty)
    return True


def terminal_refusal(stdin: TextIO | None = None, stdout: TextIO | None = None) -> str | None:
    """Why the app cannot start on these streams (default: the process's own), as one line for
    standard error; None when both are terminals. A full-screen app written into a file or a pipe
    (``makao play … > file``, ``makao | cat``) would fill it with escape codes and wait for keys
    nobody can press."""
    if os.environ.get("TEXTUAL_DRIVER"):  # not the terminal driver: makao serve --web (textual-serve)
        return None
    stdin = sys.stdin if stdin is None else stdin
    stdout = sys.stdout if stdout is None else stdout
    if not _is_tty(stdout):
        return _("the app needs a terminal, but its output is a file or a pipe "
                 "(`makao saves`, `history`, `export`, `rules`… can be redirected)")
    if not _is_tty(stdin):
        return _("the app needs a terminal to read keys from, but its input is a file or a pipe")
    return None


def _is_tty(stream: TextIO | None) -> bool:
    try:
        return stream is not None and stream.isatty()
    except (ValueError, OSError):  # closed or detached
        return False


def unicode_locale(environ: Mapping[str, str] | None = None) -> bool:
    """Whether the user's locale (``LC_ALL``, else ``LC_CTYPE``, else ``LANG``; default: the
    process's environment) is UTF-8, so that the terminal can show suits and box lines. False for
    ``C``, ``POSIX``, no locale at all, or another charset (``pl_PL.ISO-8859-2``): the app then
    draws in plain ASCII. Python turns a ``C`` locale into ``LC_CTYPE=C.UTF-8`` for itself (PEP
    538), so that value beside a ``C`` or missing ``LANG`` is read as the ``C`` it replaced."""
    env = os.environ if environ is None else environ
    ctype = env.get("LC_CTYPE", "")
    if ctype == "C.UTF-8" and env.get("LANG", "C") in ("C", "POSIX", ""):
        ctype = ""  # coerced by Python, not chosen by the user
    name = env.get("LC_ALL") or ctype or env.get("LANG") or "C"
    charset = name.partition(".")[2].partition("@")[0].lower().replace("-", "")
    return charset == "utf8"


#: the smallest terminal the app draws in (columns, rows); a smaller one is covered by a message
#: (:class:`~makao_tui.app.screens.common.TooSmallScreen`) until it is enlarged
MIN_WIDTH, MIN_HEIGHT = 80, 24

#: Cyrillic letters by one Latin letter each (a name or a Russian word stays readable: ``Ольга`` →
#: ``Ol'ga``); one letter for one, so the layout is unchanged
CYRILLIC = dict(zip("абвгдеёжзийклмнопрстуфхцчшщъыьэюяіїєґ", "abvgdeezzijklmnoprstufhccss\"y'euaiieg", strict=True))

#: the ASCII stand-in of each non-ASCII character the app draws (one cell for one cell, so the
#: layout is unchanged); box lines not named here become ``-``, ``|`` or ``+`` by their shape
ASCII_STAND_INS = str.maketrans({
    **CYRILLIC, **{big.upper(): small.upper() for big, small in CYRILLIC.items()},
    "ł": "l", "Ł": "L", "«": '"', "»": '"', "„": '"',

    **{sym: letter for letter, sym in SUIT_SYMBOLS.items()},
    "━": "=", "═": "=", "┃": "#", "║": "#", "┏": "#", "┓": "#", "┗": "#", "┛": "#",
    "╔": "+", "╗": "+", "╚": "+", "╝": "+",
    "★": "*", "•": "*", "·": ".", "…": ".", "—": "-", "–": "-", "−": "-", "×": "x", "§": "S",
    "←": "<", "→": ">", "↑": "^", "↓": "v", "↔": "-", "▶": ">", "◀": "<", "▲": "^", "▼": "v",
    "✓": "+", "≥": ">", "≤": "<", "’": "'", "‘": "'", "“": '"', "”": '"', "▒": ":", "░": ".",
})


def _stand_in(match: re.Match[str]) -> str:
    char = match.group()
    if 0x2500 <= ord(char) <= 0x257F:  # box drawing
        name = unicodedata.name(char, "")
        across, down = "HORIZONTAL" in name, "VERTICAL" in name
        return "-" if across and not down else "|" if down and not across else "+"
    if char in "▔▁":  # the top and bottom edges of a tall border
        return "-"
    if char in "▏▎▍▌▋▊▉▐▕":  # its left and right edges
        return "|"
    if 0x2580 <= ord(char) <= 0x259F:  # other blocks (bars of the charts)
        return "#"
    plain = unicodedata.normalize("NFKD", char).encode("ascii", "ignore").decode()
    width = cell_len(char)
    if len(plain) == 1 and width == 1:  # a letter with an accent: its letter
        return plain
    return "?" * width


_NON_ASCII = re.compile(r"[^\x00-\x7f]")


def to_ascii(text: str) -> str:
    """``text`` with every non-ASCII character replaced by an ASCII one of the same width: the
    suits by ``S H D C``, box lines by ``- | +`` (heavy ones by ``= #``), arrows by ``< > ^ v``,
    the joker's star by ``*``, an accented letter by its letter (``ł`` by ``l``), a Cyrillic one by
    a Latin letter (:data:`CYRILLIC`), anything else by ``?``."""
    return _NON_ASCII.sub(_stand_in, text.translate(ASCII_STAND_INS))
