"""A pseudo-language for tests: every translated message comes back wrapped in ⟦ ⟧, so a test can
tell words that went through the catalogs from words that escaped them."""

from __future__ import annotations

import gettext

OPEN, CLOSE = "⟦", "⟧"


class Pseudo(gettext.NullTranslations):
    """Translations that wrap every message (and each plural form) in :data:`OPEN` … :data:`CLOSE`."""

    def gettext(self, message: str) -> str:
        return f"{OPEN}{message}{CLOSE}"

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return f"{OPEN}{msgid1 if n == 1 else msgid2}{CLOSE}"

    def pgettext(self, context: str, message: str) -> str:
        return f"{OPEN}{message}{CLOSE}"

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        return f"{OPEN}{msgid1 if n == 1 else msgid2}{CLOSE}"
