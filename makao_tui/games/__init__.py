"""The games of RULES.md; importing this package registers every one of them."""

from __future__ import annotations

from ..engine.variant import RulesError, Variant, registered
# Each game module registers its variant on import; the order is the start screen's order.
from . import makao_ru  # noqa: F401,E402
from . import makao_pl  # noqa: F401,E402
from . import macao  # noqa: F401,E402
from . import peklo  # noqa: F401,E402


def get_variant(variant_id: str) -> Variant:
    """The game with this id (``makao-ru``…); raise :class:`RulesError` for an unknown one."""
    try:
        return registered()[variant_id]
    except KeyError:
        known = ", ".join(registered())
        raise RulesError(f"unknown game {variant_id!r} (known: {known})") from None


def all_variants() -> list[Variant]:
    """Every game, in the order the start screen lists them."""
    return list(registered().values())
