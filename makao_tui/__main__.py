"""The ``makao`` command: ``python -m makao_tui`` or the ``makao`` script.

The language is chosen first (``--lang ru|pl|en`` anywhere on the line, else the language chosen on
the start screen and kept in the settings, else the locale variables;
:func:`makao_tui.engine.i18n.choose_language`), so that every word the command prints, its help
included, is in it. ``makao`` alone (or ``makao --ascii``, with or without ``--lang``) then opens the
app at once, without loading the command-line parser (typer, and the pydantic it checks values
with), which the start screen does not need; any other arguments go to :mod:`makao_tui.cli`.
"""

from __future__ import annotations

import os
import sys


def _take_language(args: list[str]) -> tuple[str | None, list[str]]:
    """``--lang X`` / ``--lang=X`` taken out of ``args``: (X or None, the other arguments).
    A ``--lang`` with no value gives ``""`` (an unknown language)."""
    flag, rest = None, []
    words = iter(args)
    for word in words:
        if word == "--lang":
            flag = next(words, "")
        elif word.startswith("--lang="):
            flag = word.removeprefix("--lang=")
        else:
            rest.append(word)
    return flag, rest


def main() -> None:
    """Console-script entry point (``makao``)."""
    from .engine.i18n import choose_language, set_language
    from .store.settings import load_settings

    flag, args = _take_language(sys.argv[1:])
    saved = load_settings().language if flag is None else None  # (a damaged file: the app says so)
    try:
        set_language(choose_language(flag, saved, os.environ))
    except ValueError as error:
        print(f"makao: {error}", file=sys.stderr)
        raise SystemExit(2) from None
    sys.argv[1:] = args
    if args in ([], ["--ascii"]):
        from .app.main import run_app

        run_app(ascii=bool(args))
        return
    from .cli import main as cli_main

    cli_main()


if __name__ == "__main__":
    main()
