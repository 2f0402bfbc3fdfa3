"""The words of a shared table, made at the client in its player's language.

The table server sends data, never sentences for people: a game by its id, a seat by its kind
and state, a refusal, a notice or the table's end by an English template and its fields
(:func:`~makao_tui.net.protocol.said`; ``docs/protocol.md``). Each client words them here, in
the language it runs in (:mod:`makao_tui.engine.i18n`), so that players at one table read it in
their own languages. The English ``reason`` the server sends beside them is for logs, and shown
only when the data does not read.
"""

from __future__ import annotations

from typing import Any

from ..engine.i18n import _
from ..table.wire import Notice, Refusal, say_reason
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


def say(words: dict[str, Any] | None, english: str) -> str:
    """A message the table sent as data (:func:`~makao_tui.net.protocol.said`, the form of
    :mod:`makao_tui.engine.words`) in the language in use; ``english``, the table's own sentence,
    when there is no data or it does not read."""
    if not isinstance(words, dict) or not isinstance(words.get("words"), str):
        return english
    try:
        return say_reason(english, words) or english
    except (TypeError, AttributeError):  # data of a shape this client does not know
        return english


def refusal_text(refusal: Refusal) -> str:
    """Why the table refused something, in the language in use (:func:`say`)."""
    return say(refusal.words, refusal.reason)


def closed_text(closed: Closed) -> str:
    """Why the table closed, in the language in use (:func:`say`)."""
    return say(closed.words, closed.reason)


def notice_text(notice: Notice) -> str:
    """A notice of the table (whom the next deal waits for…) in the language in use (:func:`say`)."""
    return say(notice.words, notice.reason)


def chat_speaker(line: ChatLine) -> str:
    """Who said a chat line, in the language in use: "Olga (olga)", a watcher "olga (watching)".
    Names are the players' own text: show them literally."""
    if line.watching:
        return _("{user} (watching)").format(user=line.user)
    return f"{line.name} ({line.user})"
