"""The games of makao_tui/rules/, each loaded when first asked for.

:func:`all_games` and :func:`game_info` tell what each game is (its :class:`GameInfo`: name,
players, family) without loading any rules; :func:`get_variant` imports the one game's module
(which registers its :class:`Variant`), :func:`all_variants` and :func:`variants` every game's.
The rules code of the shedding games and of Peklo may run compiled: :mod:`~makao_tui.games.compiled` says when.
"""

from __future__ import annotations

from collections.abc import Iterable
from importlib import import_module

from ..engine.i18n import _
from ..engine.text import Echo
from ..engine.variant import GameInfo, RulesError, Variant, registered
from .about import GAMES
from .compiled import install

install()  # before anything imports a rules core: a compiled one older than its source never runs

_BY_ID = {info.id: info for info in GAMES}


def _unknown(game_id: str) -> RulesError:
    known = ", ".join(dict.fromkeys([*_BY_ID, *registered()]))
    return RulesError(_("unknown game {game!r} (known: {known})").format(game=Echo(game_id), known=known))


def game_info(game_id: str) -> GameInfo:
    """What the game with this id is (a registered :class:`Variant` is one too), its rules not
    loaded; raise :class:`RulesError` for an unknown id."""
    info = _BY_ID.get(game_id) if isinstance(game_id, str) else None
    if info is None:
        info = registered().get(game_id) if isinstance(game_id, str) else None
    if info is None:
        raise _unknown(game_id)
    return info


def shared_deal_word(games: Iterable[str]) -> str:
    """What the games of the ids ``games`` (an iterable) all call a deal (``GameInfo.deal_word``,
    English: ``"deal"``, Macao's ``"hand"``), or ``""`` when they call it otherwise (a list of
    several games then heads its column with a word right for all); a game this version does not
    know counts deals."""
    words = set()
    for game in set(games):
        try:
            words.add(game_info(game).deal_word)
        except RulesError:
            words.add("deal")
    return words.pop() if len(words) == 1 else ""


def all_games() -> list[GameInfo]:
    """Every game, in the order the start screen lists them, its rules not loaded."""
    return list(GAMES)


def get_variant(variant_id: str) -> Variant:
    """The game with this id (``makao-ru``…), its module imported if it was not yet; raise
    :class:`RulesError` for an unknown one."""
    variant = registered().get(variant_id) if isinstance(variant_id, str) else None
    if variant is not None:
        return variant
    info = game_info(variant_id)
    import_module(f".{info.module}", __name__)  # registers it
    return registered()[variant_id]


def all_variants() -> list[Variant]:
    """Every game, in the order the start screen lists them (every game's module imported)."""
    return [get_variant(info.id) for info in GAMES]


def variants() -> dict[str, Variant]:
    """Every game by id (every game's module imported): what a scenario file may name."""
    return {v.id: v for v in all_variants()}
