"""What each game is, known without loading its rules: its :class:`GameInfo` (makao_tui/rules/).

The start screen, the lists of saved matches and the statistics read these; importing this
module costs four small records, where importing a game's rules module costs its state, views,
events and rules. Each game's module builds its :class:`~makao_tui.engine.variant.Variant`
from its record here (``Variant(**MAKAO_RU.described(), rules_type=..., ...)``), so that what the
start screen says of a game is what its rules say; ``module`` names that module, which
:func:`makao_tui.games.get_variant` imports on first use.
"""

from __future__ import annotations

from ..engine.i18n import N_
from ..engine.variant import GameInfo

MAKAO_RU = GameInfo(
    id="makao-ru", name=N_("Russian Makao"), family="shedding", min_players=2, max_players=5, higher_wins=False,
    blurb=N_("Shedding game, two packs, penalty 2/3/K♥, to a loss limit"), module="makao_ru",
)
MAKAO_PL = GameInfo(
    id="makao-pl", name=N_("Polish Makao"), family="shedding", min_players=2, max_players=4, higher_wins=True,
    blurb=N_("Shedding game, one pack, ransoms, fours skip, jacks demand"), module="makao_pl",
)
MACAO = GameInfo(
    id="macao", name=N_("Macao"), family="banking", min_players=2, max_players=8, higher_wins=True,
    blurb=N_("Banking game, two packs: one card each, draw once, nine is best; punters against the bank"),
    deal_word=N_("hand"), dealer_word=N_("banker"), module="macao",
)
PEKLO = GameInfo(
    id="peklo", name=N_("Peklo"), family="tricks", min_players=3, max_players=7, higher_wins=True,
    blurb=N_("Trick-taking with exact bids, 1 card up to all, trump turned up"), module="peklo",
)

#: every game, in the order the start screen lists them
GAMES = (MAKAO_RU, MAKAO_PL, MACAO, PEKLO)
