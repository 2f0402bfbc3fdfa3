"""The words of a shared table, made at the client in its player's language.

The table server sends data, never sentences for people: a game by its id, a seat by its kind
and state, a refusal, a notice or the table's end by an English template and its fields
(:func:`~makao_tui.net.protocol.said`; ``docs/protocol.md``). Each client words them here, in
the language it runs in (:mod:`makao_tui.engine.i18n`), so that players at one table read it in
their own languages; data that does not read as a message is said as such, in that language too.
"""

from __future__ import annotations

from ..engine.i18n import _
from ..table.wire import Notice, Refusal, said
from .protocol import ChatLine, Closed, TableInfo


def game_name(info: TableInfo) -> str:
    """The name of the table's game in the language in use (the server's ``game_name`` for a game
    this client does not know)."""
    from ..engine.variant import RulesError
    from ..games import get_variant

    try:
        return get_variant(info.game).title()
    except RulesError:
        return info.game_name


def refusal_text(refusal: Refusal) -> str:
    """Why the table refused something, in the language in use (from its ``words``:
    :func:`~makao_tui.table.wire.said`)."""
    return said(refusal.words)


def closed_text(closed: Closed) -> str:
    """Why the table closed, in the language in use (from its ``words``)."""
    return said(closed.words)


def notice_text(notice: Notice) -> str:
    """A notice of the table (saving delayed, whom the next deal waits for…) in the language in
    use (from its ``words``)."""
    return said(notice.words)


def chat_speaker(line: ChatLine) -> str:
    """Who said a chat line, in the language in use: "Olga (olga)", a watcher "olga (watching)".
    Names are the players' own text: show them literally."""
    if line.watching:
        return _("{user} (watching)").format(user=line.user)
    return f"{line.name} ({line.user})"
