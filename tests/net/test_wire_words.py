"""A Russian-speaking client at a shared table whose host speaks English (issue 28 item 1): every
refusal and notice it gets over the real socket is data (a kind, fields, the message as
``words``), with no sentence made by the table in the bytes, and it reads each in Russian."""

from __future__ import annotations

import asyncio
import random
import sqlite3
from typing import Any

from makao_tui.ai import ai_for
from makao_tui.engine.i18n import set_language
from makao_tui.net.protocol import VERSION, Act, Hello, Join, Undo, decode_server
from makao_tui.table import WIRE_VERSION, Notice, Refusal, TableClient, Update, said
from makao_tui.table import service as table_service

from ..table.words_check import english_left, no_sentence
from .util import Raw, config, server

CYRILLIC = set("абвгдеёжзийклмнопрстуфхцчшщъыьэюя")


class Wire(Raw):
    """A raw client that keeps every line it reads, as the bytes came, beside the message."""

    def __init__(self, path: Any) -> None:
        super().__init__(path)
        self.lines: list[tuple[bytes, Any]] = []

    def read(self) -> Any:
        line = self.read_line()
        if line is None:
            return None
        message = decode_server(line)
        self.lines.append((line, message))
        return message

    def until(self, wanted: Any) -> tuple[bytes, Any]:
        """Read on to the first message for which ``wanted(message)`` is true: its line and itself."""
        while True:
            message = self.read()
            assert message is not None, "the table closed the connection"
            if wanted(message):
                return self.lines[-1]


async def sit_alone(folder: Any, **options: Any) -> tuple[Any, Wire, TableClient]:
    """A table of one open seat (the raw client's, as Ann) and one AI seat, started (the host
    speaks English: the tests start in English); the client, its first update read."""
    srv = await server(folder, config(seats=("open", "ai")), **options)
    wire = Wire(folder / f"{srv.code}.sock")
    client = TableClient()
    wire.send(Hello(v=VERSION, wire=WIRE_VERSION, client="test"))
    wire.send(Join(name="Ann"))
    _line, update = await asyncio.to_thread(wire.until, lambda m: isinstance(m, Update) and m.to_act == m.seat)
    client.receive(update)
    return srv, wire, client


def russian(line: bytes, message: Refusal | Notice, names: list[str]) -> str:
    """The message as the Russian client says it, after checking the bytes hold no sentence and its
    every template is Russian (the host goes on in English)."""
    data = no_sentence(line)
    assert english_left(data["words"], "ru") == []
    text = said(message.words, names)
    set_language("en")
    assert CYRILLIC & set(text.lower()), text
    return text


def test_an_action_the_table_cannot_read_is_refused_in_the_readers_language(tmp_path):
    async def body():
        srv, wire, client = await sit_alone(tmp_path)
        wire.send(Act(seq=client.seq, action={"do": "fly"}))
        line, refusal = await asyncio.to_thread(wire.until, lambda m: isinstance(m, Refusal))
        assert (refusal.kind, refusal.rule, refusal.action) == ("illegal", "action_format", {"do": "fly"})
        assert said(refusal.words) == "the table could not read this action: unknown action 'fly'"
        text = russian(line, refusal, client.names)
        assert "'fly'" in text and text != said(refusal.words)
        srv.close("test over")
        await srv.shutdown()

    asyncio.run(body())


def test_an_undo_the_busy_file_stops_and_the_delay_itself_are_said_in_the_readers_language(tmp_path):
    """The host's saved-games file is busy (another process writes to it): Ann's move waits in
    memory (a notice ``save_delayed``) and her undo is refused (the file cannot be cut back now);
    both reach her as data, and she reads them in Russian."""
    async def body():
        store = tmp_path / "data" / "m.sqlite3"
        srv, wire, client = await sit_alone(tmp_path, store_path=store)
        lock = sqlite3.connect(store, isolation_level=None)
        lock.execute("BEGIN IMMEDIATE")  # another process writes to the file
        try:
            wire.send(Act(seq=client.seq, action=client.wire(ai_for(client.variant.id).choose(
                client.view, random.Random(0)))))
            line, delayed = await asyncio.to_thread(wire.until, lambda m: isinstance(m, Notice))
            assert delayed.kind == "save_delayed"
            russian(line, delayed, client.names)
            _line, update = await asyncio.to_thread(wire.until, lambda m: isinstance(m, Update) and m.to_act == 0)
            client.receive(update)
            wire.send(Undo(seq=client.seq))
            line, refusal = await asyncio.to_thread(wire.until, lambda m: isinstance(m, Refusal))
            assert refusal.kind == "undo" and said(refusal.words).startswith("cannot take moves back now: ")
            assert "cannot" not in russian(line, refusal, client.names)
        finally:
            lock.execute("ROLLBACK")
            lock.close()
        line, saved = await asyncio.to_thread(wire.until, lambda m: isinstance(m, Notice) and m.kind == "saved")
        russian(line, saved, client.names)
        srv.close("test over")
        await srv.shutdown()

    asyncio.run(body())


def test_an_ai_that_fails_is_told_in_the_readers_language_and_its_own_words_stay_home(tmp_path, monkeypatch):
    class Failing:
        def choose(self, view: Any, rng: Any) -> Any:
            raise RuntimeError("the AI's own words, in English")

    monkeypatch.setattr(table_service, "ai_for", lambda *args, **kwargs: Failing())

    async def body():
        srv, wire, client = await sit_alone(tmp_path)
        wire.send(Act(seq=client.seq, action=client.wire(client.view.legal[0])))
        line, notice = await asyncio.to_thread(wire.until, lambda m: isinstance(m, Notice))
        assert (notice.kind, notice.seat) == ("ai_failed", 1)
        assert b"own words" not in line  # the exception's text is for the host's log
        assert "RuntimeError" in russian(line, notice, client.names)
        srv.close("test over")
        await srv.shutdown()

    asyncio.run(body())
