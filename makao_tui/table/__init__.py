"""The table service: the one owner of a running match, and what each seat receives from it.

No Textual here (layers: engine ← games ← ai / store ← **table** ← app ← cli). Solo and hot-seat
play use it in process; a table server puts the same :class:`Table` behind a socket and sends the
same messages as JSON lines.

A :class:`Table` owns the :class:`~makao_tui.engine.match.Match`, the seats (:class:`SeatSpec`:
human, AI with a level, or open), the AI players (thinking in :class:`AIWorker`'s process, started
the first time an AI seat must think), the clock (a time limit), the saving of every action
through a :class:`~makao_tui.store.MatchWriter`, and undo. Whoever sits at it gets a
:class:`Subscription`::

    table = Table(variant, rules, seats, seed, worker=AIWorker(), ai_delay=0.6, writer=writer)
    sub = table.join(seat, listener)        # or table.watch(listener): a spectator
    table.start()                           # AI seats move from now on (in a running asyncio loop)
    refusal = sub.act(update.seq, Draw())   # or the JSON form {"do": "draw"}; None: carried out
    sub.next_deal(seq); sub.undo(seq); await sub.hint(seq)
    table.tick()                            # now and then: the time limit
    table.close()                           # stops the AI, releases the stored match

``listener(message)`` is called with an :class:`Update` after every change of the table (and once
at join), and with a :class:`Notice` when the table itself has news (saving failed). An update
is made for its seat only: that seat's view of the deal (its hand, the public table, its legal
actions), the seats, totals and score-sheet rows, whose turn, the clock, and the log entries
since the previous update to it (when ``reset``, those the table keeps: a saved table keeps the
deal under way and the last :data:`KEEP_ENTRIES`, and ``sub.older(end, count)`` /
``table.older(seat, end, count)`` read the earlier ones back from its store), with every card
the seat may not see already blanked (another player's drawn cards are ``null``; the stock order and the seed
never leave). A spectator's update holds the public view. Events, views and actions travel as
data (:func:`to_wire`: ``{"kind": "CardPlayed", "seat": 2, "card": "3H", ...}``;
``{"do": "play", "card": "AS", "suit": "H"}``), every message is a msgspec struct tagged with
its ``type``: ``msgspec.json.encode(message)`` is one JSON line, and
``msgspec.json.decode(line, type=Message)`` reads it back.

Intents carry ``seq``, the sequence number of the last update the sender saw: a repeated or
overtaken intent is refused as ``"stale"``. Refusals are data too (:class:`Refusal`: ``kind``,
``words``, the reason as a message as data, ``intent``, ``action``, ``seq``) and are returned to
the sender, never broadcast; the table sends no sentence: each client says ``words`` in its
player's language (:func:`said`).
AI randomness comes from ``Table._ai_rng`` (:func:`~makao_tui.ai.decision_rng`: the seed, the
seat and the number of actions so far).

On the receiving side a :class:`TableClient` decodes updates back into the engine's objects
(the game's view, events, score-sheet rows) for the screens; its ``sender`` is the subscription
or a connection to a server (:class:`Sender`). The app's table screens read and act only through
a :class:`Seating` (:mod:`makao_tui.table.seating`): this terminal's clients (one per seat played
here, and the public view), hot-seat privacy, intents, and ``on_change`` / ``on_notice``
callbacks on the app's loop; :class:`LocalSeating` sits at an in-process table, a networked
client subclasses :class:`Seating`.

Each name below is imported from its module when first used (:mod:`makao_tui.engine.lazy`):
``from makao_tui.table import AIWorker`` does not load the service, which the start screen does
not need.
"""

from typing import TYPE_CHECKING

from ..engine.lazy import lazy_names

if TYPE_CHECKING:
    from .client import Entry, Row, Sender, TableClient
    from .seating import LocalSeating, Seating
    from .service import AI_NAMES, Listener, SeatSpec, Subscription, Table, TableError, seat_names
    from .wire import (
        KEEP_ENTRIES,
        WIRE_VERSION,
        Codec,
        DealRow,
        Hint,
        LogEntry,
        LogPage,
        Message,
        Notice,
        Refusal,
        SeatInfo,
        Update,
        WireError,
        said,
        to_wire,
    )
    from .worker import AIWorker

# each name imported from its module when first used: the start screen needs none of them
__getattr__ = lazy_names(__name__, {
    "client": ("Entry", "Row", "Sender", "TableClient"),
    "seating": ("LocalSeating", "Seating"),
    "service": ("AI_NAMES", "Listener", "SeatSpec", "Subscription", "Table", "TableError", "seat_names"),
    "wire": ("KEEP_ENTRIES", "WIRE_VERSION", "Codec", "DealRow", "Hint", "LogEntry", "LogPage", "Message", "Notice",
             "Refusal", "SeatInfo", "Update", "WireError", "said", "to_wire"),
    "worker": ("AIWorker",),
})

__all__ = [
    "AI_NAMES", "KEEP_ENTRIES", "WIRE_VERSION", "AIWorker", "Codec", "DealRow", "Entry", "Hint", "Listener",
    "LocalSeating", "LogEntry", "LogPage", "Message", "Notice", "Refusal", "Row", "SeatInfo", "SeatSpec", "Seating",
    "Sender", "Subscription", "Table", "TableClient", "TableError", "Update", "WireError", "said", "seat_names",
    "to_wire",
]
