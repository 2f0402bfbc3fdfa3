"""A pseudo-language for tests: every translated message comes back wrapped in ⟦ ⟧, so a test can
tell words that went through the catalogs from words that escaped them."""

from __future__ import annotations

import gettext

from makao_tui.table.service import AI_NAME

OPEN, CLOSE = "⟦", "⟧"


class Pseudo(gettext.NullTranslations):
    """Translations that wrap every message (and each plural form) in :data:`OPEN` … :data:`CLOSE`."""

    def gettext(self, message: str) -> str:
        return f"{OPEN}{message}{CLOSE}"

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return f"{OPEN}{msgid1 if n == 1 else msgid2}{CLOSE}"

    def pgettext(self, context: str, message: str) -> str:
        if context == AI_NAME:  # a name, not a word: the checks know the names (and the layout stays)
            return message
        return f"{OPEN}{message}{CLOSE}"

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        return f"{OPEN}{msgid1 if n == 1 else msgid2}{CLOSE}"
