"""The rules of each game in full, for the rules screen (F1 at a table, ``r`` on the start screen).

The texts are Markdown files shipped in the package, one per game and language:
``makao_tui/rules/<game id>.<language>.md``, written from the user's seed documents (the games, their options
and house rules) in English, Russian and Polish. Beside them the app shows the options in force for
the match, marked where they differ from the seed rules (:func:`options_markdown`), and, one key
away, the seed text the rules were read from, in its original language (:func:`seed_text`): the
repository's ``seeds/`` folder, which the wheel carries as ``makao_tui/seeds/``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..engine.i18n import LANGUAGES, _, language
from ..engine.variant import Variant
from .rules_text import option_rows, rules_word

__all__ = ["RULES_DIR", "SEED_FILES", "options_markdown", "rules_markdown", "seed_text"]

PACKAGE = Path(__file__).resolve().parent.parent
#: the rules texts, ``<game id>.<language>.md``
RULES_DIR = PACKAGE / "rules"
#: where the seed texts are: in the package (an installed wheel), else in the source checkout
#: (an editable install, the tests)
SEED_DIRS = (PACKAGE / "seeds", PACKAGE.parent / "seeds")
#: the seed text each game's rules were read from (each game's rules text names it)
SEED_FILES = {
    "makao-ru": "000_4ec49ee46b89f2a1.txt",
    "makao-pl": "001_6c24e5d81e20b683.txt",
    "macao": "002_d959de71e1c1eb97.txt",
    "peklo": "004_bc091ad90695d3bc.txt",
}


def rules_markdown(variant: Variant, lang: str | None = None) -> str:
    """The rules of ``variant`` in full as Markdown, in ``lang`` (default: the language in use;
    English where there is no text in it). Raises FileNotFoundError if the game has no rules text
    at all (every game of the app has one in every language: tests/app/test_rules_screen.py)."""
    for code in (lang or language(), "en"):
        path = RULES_DIR / f"{variant.id}.{code}.md"
        if code in LANGUAGES and path.is_file():
            return path.read_text(encoding="utf-8")
    raise FileNotFoundError(RULES_DIR / f"{variant.id}.en.md")


def seed_text(variant: Variant) -> str | None:
    """The seed text ``variant``'s rules were read from, unchanged (Russian or Polish), or None
    when the game has none or it cannot be found."""
    name = SEED_FILES.get(variant.id)
    if name is None:
        return None
    for folder in SEED_DIRS:
        path = folder / name
        if path.is_file():
            return path.read_text(encoding="utf-8")
    return None


#: the mark of an option that differs from the seed rules, escaped for Markdown
MARK = "\\*"


def options_markdown(variant: Variant, rules: Any, for_match: bool) -> str:
    """The options of ``rules`` as a Markdown section: a heading (the match's options when
    ``for_match``, else the options a new match would start from), the preset they match, then
    one line per option with its value in words (its label, as setup shows it), those that differ
    from the seed rules marked * as in the help (``?``) and ``makao rules``
    (makao_tui/rules/makao-pl.en.md#house-rules); the
    mark is escaped, as a bare ``*`` would start a list."""
    heading = _("Options in force for this match") if for_match else _("Options (change them on the setup screen)")
    lines = [f"## {heading}", "",
             _("{rules}; * marks an option that differs from the seed rules.").format(
                 rules=rules_word(variant, rules).capitalize()).replace("*", MARK), ""]
    for differs, label, value, description in option_rows(variant, rules):
        lines.append(f"- {MARK + ' ' if differs else ''}**{label}**: {value} — {description}")
    return "\n".join(lines) + "\n"
