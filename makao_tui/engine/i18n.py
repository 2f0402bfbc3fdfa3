"""The players' languages: every word a player reads goes through this module's gettext functions.

The words live in gettext catalogs (``makao_tui/locale/<lang>/LC_MESSAGES/<domain>.po``, compiled to
``.mo`` beside them by ``python scripts/catalogs.py``; docs/translating.md). There is one catalog
per part of the code, so that each part's words are edited in one place:

* ``games``: the engine, the games, the AI and the table service (events, refusals, options, hints);
* ``app``: the Textual screens and widgets;
* ``cli``: the ``makao`` command, the shared-table client and server, ``makao serve``.

At run time the three are one: a message is looked up in each catalog in turn, so any module may
call :func:`_` and friends. The language is one per process (each player at a shared table runs a
client process of their own, which renders the table's events, sent as data, in that player's
language). Words are looked up when they are shown, never at import, so that :func:`set_language`
changes every word drawn afterwards; text that must be written down before a language is known (a
constant, a dataclass field's label) is marked with :func:`N_` and translated with :func:`_` where it
is shown.

Messages are ``str.format`` templates with named fields: ``_("{name} draws a card")``, and counts
go through :func:`ngettext` so that each language uses its own plural forms (Russian and Polish
have three: 1 карта, 2 карты, 5 карт; 1 karta, 2 karty, 5 kart).
"""

from __future__ import annotations

import gettext
import os
import re
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pathlib import Path

    #: where the catalogs are (given by :func:`__getattr__`)
    LOCALE_DIR: Path

#: the languages with catalogs, by ISO 639-1 code; English is the source language
LANGUAGES = ("en", "ru", "pl")
#: each language's name in itself, for a language picker
LANGUAGE_NAMES = {"en": "English", "ru": "Русский", "pl": "Polski"}
#: the catalogs, in lookup order (see the module docstring)
DOMAINS = ("games", "app", "cli")

#: where the catalogs are, as a string (:data:`LOCALE_DIR` is it as a path)
_LOCALE_PATH = os.path.join(os.path.dirname(os.path.dirname(os.path.realpath(__file__))), "locale")


def __getattr__(name: str) -> Path:
    """``LOCALE_DIR``, where the catalogs are (a :class:`~pathlib.Path`), made when first asked
    for: the AI's worker process, which says no words, then never imports :mod:`pathlib` (issue 31
    item 5). Raises AttributeError for any other name."""
    if name == "LOCALE_DIR":
        from pathlib import Path

        return Path(_LOCALE_PATH)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


#: the decimal separator of each language that does not write a point (CLDR: ru and pl write 0,5)
DECIMAL_COMMA = ("ru", "pl")
#: the minus sign numbers are shown with (U+2212, as the score sheets show points)
MINUS = "\u2212"

#: a first word (see :func:`continuing`)
_FIRST_WORD = re.compile(r"[^\W\d_]+")

_translations: gettext.NullTranslations = gettext.NullTranslations()
_language = "en"


def load(language: str, locale_dir: Path | None = None) -> gettext.NullTranslations:
    """The catalogs of ``language`` (one of :data:`LANGUAGES`) chained into one lookup.

    English, and a language whose compiled catalogs are missing, get the source words
    (:class:`gettext.NullTranslations`). Raises ValueError for a language not in :data:`LANGUAGES`.
    """
    if language not in LANGUAGES:
        raise ValueError(f"unknown language {language!r} (known: {', '.join(LANGUAGES)})")
    chain: gettext.NullTranslations = gettext.NullTranslations()
    if language == "en":  # the source language: no catalogs to look for (a third of a millisecond each)
        return chain
    for domain in reversed(DOMAINS):
        found = gettext.translation(domain, str(locale_dir or _LOCALE_PATH), languages=[language], fallback=True)
        if isinstance(found, gettext.GNUTranslations):
            found.add_fallback(chain)
            chain = found
    return chain


def set_language(language: str) -> None:
    """Make ``language`` (one of :data:`LANGUAGES`) the language of every word shown from now on.

    Raises ValueError for an unknown language."""
    global _language
    use_translations(load(language))
    _language = language


def use_translations(translations: gettext.NullTranslations) -> None:
    """Look every message up in ``translations`` from now on (tests install a pseudo-language so)."""
    global _translations
    _translations = translations


def language() -> str:
    """The code of the language in use (one of :data:`LANGUAGES`)."""
    return _language


def language_from_environment(environ: Mapping[str, str]) -> str | None:
    """The language the POSIX locale variables ask for, if it is one of :data:`LANGUAGES`.

    The first of ``LC_ALL``, ``LC_MESSAGES`` and ``LANG`` that is set and not empty decides (as the C
    library does): ``ru_RU.UTF-8`` gives ``"ru"``, ``pl_PL`` gives ``"pl"``, ``C`` / ``POSIX`` give
    ``"en"``; a language we have no catalogs for gives None.
    """
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(name, "")
        if value:
            code = value.split(".")[0].split("@")[0].split("_")[0].lower()
            if code in ("c", "posix"):
                return "en"
            return code if code in LANGUAGES else None
    return None


def choose_language(flag: str | None, saved: str | None, environ: Mapping[str, str]) -> str:
    """The language to use: ``flag`` (``--lang``) if given, else ``saved`` (the player's choice on
    the start screen, kept in the settings), else the locale variables
    (:func:`language_from_environment`), else English. A ``saved`` value not in :data:`LANGUAGES`
    is ignored; a ``flag`` not in it raises ValueError (the command line reports it)."""
    if flag is not None:
        if flag not in LANGUAGES:
            raise ValueError(f"unknown language {flag!r} (known: {', '.join(LANGUAGES)})")
        return flag
    if saved in LANGUAGES:
        return saved
    return language_from_environment(environ) or "en"


def _(message: str) -> str:
    """``message`` in the language in use."""
    return _translations.gettext(message)


def ngettext(singular: str, plural: str, count: int) -> str:
    """The form of a message for ``count`` by the language's plural rules (English: ``singular``
    for 1, else ``plural``). Format ``count`` in yourself: ``ngettext("{n} card", "{n} cards",
    n).format(n=n)``."""
    return _translations.ngettext(singular, plural, count)


def pgettext(context: str, message: str) -> str:
    """``message`` in the language in use, told apart from the same English words used elsewhere
    by ``context`` (``pgettext("rank", "Jack")``)."""
    return _translations.pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, count: int) -> str:
    """:func:`ngettext` with a ``context`` (see :func:`pgettext`)."""
    return _translations.npgettext(context, singular, plural, count)


def number(value: float, digits: int = 0, *, sign: bool = False) -> str:
    """``value`` written for a reader of the language in use, rounded to ``digits`` decimals: the
    decimal separator of the language (``0.25`` in English, ``0,25`` in Russian and Polish) and a
    real minus sign (``−0,25``, U+2212); with ``sign`` a ``+`` before a positive value. A value
    that rounds to zero has no sign. Formatting only (no Babel at run time: it costs start-up)."""
    text = f"{abs(value):.{digits}f}"
    if _language in DECIMAL_COMMA:
        text = text.replace(".", ",")
    if float(text.replace(",", ".")) == 0:
        return text
    if value < 0:
        return MINUS + text
    return "+" + text if sign else text


def continuing(text: str, names: Sequence[str] = ()) -> str:
    """``text``, a sentence of its own (an event: "The stock is reshuffled"), as it goes on after
    a dash or a colon inside a longer line ("Ann plays 7♥ — the stock is reshuffled"; "Deal 2:
    the jack demands 7s"): its first letter in lower case, as English, Russian and Polish write it
    there. A first word that is a player's name (one of ``names``), a card ("K♥") or written in
    capitals ("AI", "ИИ") keeps its capital."""
    first = _FIRST_WORD.match(text)
    if first is None:
        return text
    word = first.group()
    if not (word[1:].islower() or (len(word) == 1 and text[1:2] == " ")):  # "AI", "K♥" stay; "A fresh shoe" not
        return text
    for name in names:
        if name and text.startswith(name) and not text[len(name):len(name) + 1].isalpha():
            return text
    return text[0].lower() + text[1:]


def N_(message: str) -> str:
    """Mark ``message`` for the catalogs without translating it now: it is translated with
    :func:`_` where it is shown (a constant's words, written before the language is known)."""
    return message


#: the operating system's reasons a player meets most, by errno, in words of the catalogs (the C
#: library's own strerror is English whatever the language)
_OS_REASONS = {2: N_("no such file or folder"), 13: N_("permission denied"), 17: N_("it exists already"),
               20: N_("a part of the path is not a folder"), 21: N_("it is a folder"),
               28: N_("no space left on the disk"), 30: N_("the file system is read-only"),
               98: N_("the address is in use"), 111: N_("nobody answers there")}


def os_reason(exc: OSError) -> str:
    """Why an operating-system call failed, in the language in use ("нет такого файла или
    папки" for ENOENT); a reason not known here is the system's own words."""
    reason = _OS_REASONS.get(exc.errno or 0)
    return _(reason) if reason is not None else (exc.strerror or str(exc))
