"""A shared table read through the same Seating the table screens read in solo and hot-seat play,
over a real Unix socket (issue 11: one interface, the socket as its transport)."""

from __future__ import annotations

import asyncio
import os
import random

from makao_tui.ai import ai_for
from makao_tui.net import places
from makao_tui.net.client import Connection, handshake
from makao_tui.net.protocol import Lobby
from makao_tui.net.seating import SharedSeating, SharedTableClient
from makao_tui.table import Refusal, Update, said

from .util import config, server, until


class Terminal:
    """One player's terminal: a connection, its client (of ``client_class``), and the seating made
    at the first update."""

    client_class = SharedTableClient

    def __init__(self, conn: Connection) -> None:
        self.conn = conn
        self.client = self.client_class(conn.info, self._first)
        self.seating: SharedSeating | None = None
        self.changes = 0
        self.notices: list = []
        self.turns = 0
        conn.on_event = self._event
        conn.attach(self.client)

    @classmethod
    async def sit(cls, code: str, name: str, folder, watch: bool = False) -> Terminal:
        shake = await asyncio.to_thread(handshake, code, name, None, watch, folder)
        return cls(await Connection.from_handshake(shake))

    def _first(self, message) -> None:
        if isinstance(message, Update) and self.seating is None:
            self.seating = SharedSeating(self.conn, self.client)
            self.seating.on_change = self._changed
            self.seating.on_notice = self.notices.append
            self.seating.on_turn = self._turn

    def _changed(self) -> None:
        self.changes += 1

    def _turn(self) -> None:
        self.turns += 1

    def _event(self, message) -> None:
        if isinstance(message, Lobby) and self.seating is not None:
            self.seating.info_changed(message.table)


def test_two_terminals_play_through_the_seating_the_screens_read(tmp_path):
    async def body():
        srv = await server(tmp_path, config(seats=("open", "open", "ai")))
        alice = await Terminal.sit(srv.code, "Alice", tmp_path)
        bob = await Terminal.sit(srv.code, "Bob", tmp_path)
        watcher = await Terminal.sit(srv.code, "", tmp_path, watch=True)
        await until(lambda: alice.seating and bob.seating and watcher.seating)
        a, b, w = alice.seating, bob.seating, watcher.seating
        user = places.user_name(os.getuid())
        assert a.humans == [0] and a.at_keyboard == 0 and not a.needs_pass()
        assert b.humans == [1] and b.hand_seat() == 1
        assert w.humans == [] and w.hand_seat() is None and w.view.hand == ()
        assert a.seat_label(1) == f"Bob ({user})" and a.seat_label(2).endswith("(AI)")
        assert all(c is not None for c in a.view.hand) and all(c is not None for c in b.view.hand)
        played = 0
        while played < 12:
            mover = next((s for s in (a, b) if s.to_act == s.hand_seat() and not s.deal_over), None)
            if mover is None:
                if a.deal_over:
                    break
                await asyncio.sleep(0.01)
                continue
            seq = mover.seq
            assert mover.act(ai_for(mover.variant.id).choose(mover.view, random.Random(played))) is None
            await until(lambda m=mover, s=seq: m.seq > s)
            played += 1
        assert alice.turns + bob.turns >= 1 and alice.changes > 1
        assert w.seq == a.seq == b.seq
        # an intent on an old view: the server's refusal comes back as a notice of the seating
        mover = a if a.to_act == 0 else b
        stale_seq = mover.seq
        mover.client.sender.act(stale_seq - 1, {"do": "draw"})
        await until(lambda: any(isinstance(n, Refusal) for n in alice.notices + bob.notices))
        refused = next(n for n in alice.notices + bob.notices if isinstance(n, Refusal))
        assert refused.kind == "stale" and said(refused.words)
        # Bob leaves: Alice's table says so beside his name
        assert b.close() is None
        await until(lambda: "disconnected" in a.seat_label(1))
        assert a.seat_label(1) == "Bob — disconnected" and a.away(1) == "away" and a.away(0) is None
        srv.close("test over")
        await srv.shutdown()

    asyncio.run(body())
