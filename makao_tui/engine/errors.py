"""The root of the errors a user can meet (:class:`MakaoError`), in the lowest layer so that every
layer's errors may derive from it.

A user meets an error as one line in the language in use (never a traceback): the ``makao``
command prints ``makao: <line>`` on standard error and ends with the error's exit status, in one
place (``makao_tui/cli.py``, the command group's ``main``); the app shows the same line in a
notification or on its screen. Each layer keeps its own errors (the rules' ``RulesError``,
the store's ``StoreError``...), derived from this root and, where callers catch them so, from
``ValueError`` or ``OSError`` too.
"""

from __future__ import annotations

from typing import ClassVar


class MakaoError(Exception):
    """An error a user can meet, said in one line (:meth:`line`); ``exit_status``: the status the
    ``makao`` command ends with when it meets it (2: what was asked cannot be done, as for a
    usage error)."""

    exit_status: ClassVar[int] = 2

    def line(self) -> str:
        """The error in one line in the language in use (by default its message, ``str(error)``)."""
        return str(self)
