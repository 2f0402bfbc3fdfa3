"""The ``makao`` command: ``python -m makao_tui`` or the ``makao`` script.

``makao`` alone (or ``makao --ascii``) opens the app at once, without loading the command-line
parser (typer, and the pydantic it checks values with), which the start screen does not need; any
other arguments go to :mod:`makao_tui.cli`.
"""

from __future__ import annotations

import sys


def main() -> None:
    """Console-script entry point (``makao``)."""
    args = sys.argv[1:]
    if args in ([], ["--ascii"]):
        from .app.main import run_app

        run_app(ascii=bool(args))
        return
    from .cli import main as cli_main

    cli_main()


if __name__ == "__main__":
    main()
