"""The log's earlier entries at a shared table (issue 31 item 3): the server keeps the last entries
only, and a client scrolling back asks for the others (``older``, answered by ``log_page``) over a
real Unix socket; each seat gets them as its updates carried them, a watcher the public ones, and
a rogue request (negative, huge, not a number) a refusal, the table going on."""

from __future__ import annotations

import asyncio
import json
import random
from typing import Any

from makao_tui.ai import ai_for
from makao_tui.net import places
from makao_tui.net.client import ConnectError
from makao_tui.net.protocol import VERSION, Chat, ChatLine, Hello, Older, Watch, Welcome
from makao_tui.net.seating import SharedTableClient
from makao_tui.table import WIRE_VERSION, LogEntry, LogPage, Refusal, Update, said
from makao_tui.table import client as client_module
from makao_tui.table import service as table_service

from .test_seating import Terminal
from .util import Raw, config, server, until

#: the entries the server's table keeps in these tests
KEEP = 6


class RecordingClient(SharedTableClient):
    """A shared table's client that also notes every log entry its updates carried, by its number
    at the table (the client itself keeps the last ones only)."""

    def __init__(self, info: Any, on_message: Any) -> None:
        super().__init__(info, on_message)
        self.heard: dict[int, LogEntry] = {}

    def receive(self, message: Any) -> None:
        if isinstance(message, Update):
            for n, entry in enumerate(message.log, message.log_start):
                self.heard[n] = entry
        super().receive(message)


class Recording(Terminal):
    client_class = RecordingClient

    @property
    def heard(self) -> dict[int, LogEntry]:
        return self.client.heard  # type: ignore[attr-defined]


async def play_until(terminals: list[Terminal], done: Any) -> None:
    """Each terminal whose seat is to act plays the normal AI's choice (once per view); a deal's
    end is passed by asking for the next one; until ``done()``."""
    acted: dict[int, int] = {}
    for step in range(20_000):
        if done():
            return
        for t in terminals:
            s = t.seating
            if s is None:
                continue
            if s.deal_over and not s.match_over and acted.get(id(t)) != s.seq:
                acted[id(t)] = s.seq
                s.next_deal()
            elif s.to_act == s.hand_seat() and not s.deal_over and acted.get(id(t)) != s.seq:
                acted[id(t)] = s.seq
                s.act(ai_for(s.variant.id).choose(s.view, random.Random(step)))
        await asyncio.sleep(0.005)
    raise AssertionError("the match did not get there")


async def read_all(seating: Any, end: int, size: int) -> list[Any]:
    out: list[Any] = []
    while end > 0:
        page = await seating.older(end, size)
        assert not isinstance(page, Refusal), said(page.words)
        end, entries = page
        out[:0] = entries
    return out


def test_a_player_and_a_watcher_read_the_earlier_log_back_from_the_server(tmp_path, monkeypatch):
    monkeypatch.setattr(table_service, "KEEP_ENTRIES", KEEP)
    monkeypatch.setattr(client_module, "KEEP_ENTRIES", KEEP)

    async def body():
        srv = await server(tmp_path, config(seats=("open", "open", "ai")), store_path=tmp_path / "m.sqlite3")
        alice = await Recording.sit(srv.code, "Alice", tmp_path)
        bob = await Recording.sit(srv.code, "Bob", tmp_path)
        await until(lambda: alice.seating and bob.seating)
        watcher = await Recording.sit(srv.code, "", tmp_path, watch=True)
        await until(lambda: watcher.seating is not None)
        table = srv.table
        await play_until([alice, bob], lambda: len(table.match.deals) >= 2 and table._log_start > 3 * KEEP
                         and alice.seating.seq == table.seq)
        assert table.match.forgotten > 0  # the server's table let the first deal go
        assert sorted(alice.heard) == sorted(bob.heard) == list(range(table.log_end))
        for terminal in (alice, bob, watcher):
            s = terminal.seating
            assert s is not None and s.log_start > 3 * KEEP and min(terminal.heard) < s.log_start
            for size in (5, 100):
                everything = await read_all(s, s.log_start, size)
                assert everything == [terminal.client.entry(terminal.heard[n])
                                      for n in range(s.log_start - len(everything), s.log_start)]
                assert len(everything) == s.log_start
        assert alice.heard != bob.heard  # (each saw their own cards: the pages above are each one's)
        srv.close("test over")
        await srv.shutdown()

    asyncio.run(body())


def test_rogue_requests_for_older_entries_are_refused_and_the_table_goes_on(tmp_path, monkeypatch):
    monkeypatch.setattr(table_service, "KEEP_ENTRIES", KEEP)

    async def body():
        srv = await server(tmp_path, config(seats=("open", "ai")), store_path=tmp_path / "m.sqlite3")
        raw = Raw(places.socket_path(srv.code, tmp_path))
        raw.send(Hello(v=VERSION, wire=WIRE_VERSION))
        assert isinstance(await asyncio.to_thread(raw.read), Welcome)
        raw.send(Older(end=1, count=1))  # before the match: no log to read
        early = await asyncio.to_thread(raw.read)
        assert isinstance(early, Refusal) and (early.kind, early.intent) == ("older", "older")
        alice = await Terminal.sit(srv.code, "Alice", tmp_path)
        await until(lambda: alice.seating is not None)
        table = srv.table
        await play_until([alice], lambda: len(table.match.deals) >= 2 and table._log_start > KEEP)
        raw.send(Watch())
        while not isinstance(await asyncio.to_thread(raw.read), Update):  # (lobby news came before)
            pass
        end = table.log_end
        lines = [Older(end=-1, count=5), Older(end=end + 1, count=5), Older(end=2**63 - 1, count=5),
                 Older(end=-(2**63), count=5), Older(end=end, count=0), Older(end=end, count=-5),
                 Older(end=end, count=2**63 - 1), Older(end=end, count=table_service.OLDER_MAX + 1)]
        for line in lines:
            raw.send(line)
        junk = [{"type": "older", "end": "5", "count": 1}, {"type": "older", "end": 5.5, "count": 1},
                {"type": "older", "end": True, "count": 1}, {"type": "older", "end": 5},
                {"type": "older", "end": 5, "count": 1, "seat": 0}]
        for data in junk:
            raw.send(json.dumps(data).encode() + b"\n")
        raw.send(b'{"type":"older","end":' + b"9" * 400 + b',"count":1}\n')  # an int, far beyond the log
        raw.send(b'{"type":"older","end":' + b"9" * 5000 + b',"count":1}\n')  # beyond what a peer may send
        raw.send(Chat(text="still here"))
        answers = []
        while not (answers and isinstance(answers[-1], ChatLine)):
            message = await asyncio.to_thread(raw.read)
            assert message is not None, "the server closed the connection"
            if isinstance(message, Refusal | ChatLine | LogPage):
                answers.append(message)
        refusals = [(a.kind, a.intent) for a in answers[:-1]]
        assert refusals == ([("older", "older")] * len(lines) + [("garbage", "read")] * len(junk)
                            + [("older", "older"), ("garbage", "read")])
        assert all(said(a.words) for a in answers[:-1])
        raw.send(Older(end=end, count=3))  # a good one after them all
        while not isinstance(page := await asyncio.to_thread(raw.read), LogPage):
            pass
        assert (page.start, page.end, len(page.log)) == (end - 3, end, 3)
        raw.close()
        assert not srv.closed.is_set() and table.log_end >= end
        # a terminal whose connection dropped is told so, not left waiting
        await alice.conn.close()
        await until(lambda: alice.conn.writer.is_closing())
        dropped = await alice.seating.older(alice.seating.log_start, 5)
        assert isinstance(dropped, Refusal) and dropped.kind == "older" and said(dropped.words)
        try:
            await alice.conn.older(3, 1)
        except ConnectError:
            pass
        else:
            raise AssertionError("a closed connection answered")
        srv.close("test over")
        await srv.shutdown()

    asyncio.run(body())
