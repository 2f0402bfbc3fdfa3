"""Shared tables on one box: a table server behind a Unix socket, and its clients.

The layer between the table service (:mod:`makao_tui.table`, which runs the match) and the app:
:mod:`.protocol` (JSON lines, typed with msgspec; ``docs/protocol.md``), :mod:`.places` (the
tables folder, join codes, private files, the peer's Unix user), :mod:`.server` (one table per
process: lobby, seats and tokens, AI takeover, saving, the end), :mod:`.daemon` (starting a
server that outlives the host's terminal) and :mod:`.client` (the connection a
:class:`~makao_tui.table.TableClient` plays through). No Textual here.
"""
