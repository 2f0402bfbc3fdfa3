"""What the ``makao`` command's modules share (:mod:`makao_tui.cli`, :mod:`makao_tui.cli_tables`): the
one-line refusal with exit status 2, and the reading of ``--seat`` and of ``--preset`` / ``--option``."""

from __future__ import annotations

from typing import NoReturn

import typer

from .engine.i18n import _


def fail(message: str) -> NoReturn:
    """``message`` as one line on standard error, ``makao: ...``, and exit status 2."""
    typer.echo(f"makao: {message}", err=True)
    raise typer.Exit(2)


def parse_seat(text: str) -> tuple[str, bool, str]:
    """A ``--seat`` value as (name, is_ai, level): ``ai`` (a normal AI), ``ai:LEVEL`` (easy,
    normal or hard) or a human's name."""
    from .ai import DEFAULT_LEVEL, LEVELS
    from .engine.text import clean_name

    t = clean_name(text)  # no control or bidi characters, a length limit
    if not t:
        fail(_("a --seat needs a name or 'ai'"))
    if t.lower() == "ai":
        return "", True, DEFAULT_LEVEL
    if t.lower().startswith("ai:"):
        level = t[3:].strip().lower()
        if level not in LEVELS:
            fail(_("unknown AI level {level!r} (levels: {levels})").format(level=level, levels=", ".join(LEVELS)))
        return "", True, level
    return t, False, DEFAULT_LEVEL


def rule_options(variant, preset: str | None, texts: list[str]) -> dict[str, object]:
    """The option values of ``--preset`` (default ``seed``) with each ``--option NAME=VALUE`` over
    them, checked against ``variant``'s rules config (names, types, ranges:
    makao_tui/rules/makao-pl.en.md#house-rules "Option
    ranges"); raises :class:`~makao_tui.engine.variant.RulesError` for anything wrong (one line on
standard error and exit status 2, as every error a user can meet)."""
    from .engine.variant import parse_option_text

    for text in texts:
        if "=" not in text:
            fail(_("--option takes NAME=VALUE, not {text!r}").format(text=text))
    options = variant.preset_options(preset or "seed")
    options.update(parse_option_text(variant.rules_type, text) for text in texts)
    variant.rules(options)
    return options
