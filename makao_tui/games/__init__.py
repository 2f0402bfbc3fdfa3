"""The games of RULES.md; importing this package registers every one of them."""

from __future__ import annotations

from ..engine.i18n import _
from ..engine.variant import RulesError, Variant, registered

# Each game module registers its variant on import.
from . import macao, makao_pl, makao_ru, peklo

#: The start screen's order of the games.
ORDER = (makao_ru.VARIANT, makao_pl.VARIANT, macao.VARIANT, peklo.VARIANT)


def get_variant(variant_id: str) -> Variant:
    """The game with this id (``makao-ru``…); raise :class:`RulesError` for an unknown one."""
    try:
        return registered()[variant_id]
    except KeyError:
        known = ", ".join(registered())
        raise RulesError(_("unknown game {game!r} (known: {known})").format(game=variant_id, known=known)) from None


def all_variants() -> list[Variant]:
    """Every game, in the order the start screen lists them."""
    return list(ORDER)
