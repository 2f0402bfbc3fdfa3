"""The table's paces: how long it pauses before each AI move, so that a person can follow the play.

Here, not in :mod:`makao_tui.app.main`, so that the table screens and ``makao --pace`` read them
without the app (which imports the screens).
"""

from __future__ import annotations

from ..engine.i18n import N_

#: the table's paces, in the order its ``a`` key goes through them: seconds the table pauses
#: before each AI move, so that a person can follow the play (the AI thinks during the pause; a
#: longer thought is not padded); "instant" does not pause at all
TABLE_PACES = {"slow": 1.5, "normal": 0.6, "fast": 0.2, "instant": 0.0}
#: the paces ``makao --pace`` offers (instant is the table's key's alone)
PACES = {name: TABLE_PACES[name] for name in ("fast", "normal", "slow")}
#: the words of each pace (the table's key bar and status line; translated where shown)
PACE_WORDS = {"slow": N_("slow"), "normal": N_("normal"), "fast": N_("fast"), "instant": N_("instant")}
