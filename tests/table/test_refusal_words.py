"""Every refusal, notice and hint the table service can send is data a client says in its own
language (issue 28 item 1): each kind is brought about here, its JSON line holds no sentence made
at the table, and its words read in Russian and in Polish without one English template left."""

from __future__ import annotations

import asyncio
import random
import re
from pathlib import Path
from typing import Any

import msgspec
import pytest

from makao_tui.ai import Thinking, ai_for
from makao_tui.engine.actions import Bid, Draw, Pass
from makao_tui.engine.words import Words
from makao_tui.games import get_variant
from makao_tui.store import Seat, StoreBusyError, StoreError, open_store
from makao_tui.table import Hint, LocalSeating, Notice, Refusal, SeatSpec, Table, TableClient
from makao_tui.table import service as table_service

from .test_lesson import lesson_table
from .words_check import english_left, no_sentence

ANN, BOB, AI = SeatSpec("Ann", False), SeatSpec("Bob", False), SeatSpec("", True)
SERVICE = Path(table_service.__file__)
#: the text of a store error that has no words of ours (it travels as a field, as it is)
STORE_OWN_WORDS = "a store error in words of its own"


def seated(table: Table, seat: int, heard: list[Any]) -> TableClient:
    client = TableClient(heard.append)
    client.sender = table.join(seat, client.receive)
    return client


def saved_table(tmp_path: Path, game: str, seats: list[SeatSpec], seed: int = 3, **options: Any) -> Table:
    variant = get_variant(game)
    table = Table(variant, variant.rules(), seats, seed=seed, **options)
    store = open_store(tmp_path / f"{game}-{seed}.sqlite")
    table.writer = store.start_match(variant, variant.rules(), [Seat(n, s.is_ai, s.level) for n, s in
                                                                zip(table.names, seats, strict=True)], seed)
    return table


def everything_sent(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, Any]]:
    """One of each refusal, notice and hint the table service (and a lesson's table, and a
    hot-seat seating) sends, each under a label saying what brought it about."""
    out: list[tuple[str, Any]] = []

    def got(label: str, message: Any) -> None:
        assert message is not None, label
        out.append((label, message))

    heard: list[Any] = []
    peklo = get_variant("peklo")
    table = Table(peklo, peklo.rules(), [ANN, BOB, AI], seed=2, first_dealer=2)
    ann, bob = seated(table, 0, heard), seated(table, 1, heard)
    olga = table.join(2, heard.append)
    watcher = table.watch(heard.append)
    table.start()
    assert ann.to_act == 0
    got("a spectator acts", watcher.act(table.seq, Draw()))
    got("the computer's seat acts", olga.act(table.seq, Bid(0)))
    got("an old update's action", ann.sender.act(table.seq - 1, Bid(0)))
    got("out of turn", bob.act(Bid(0)))
    got("the rules refuse it", ann.act(Bid(99)))
    got("an action that does not read", ann.sender.act(table.seq, {"do": "fly"}))
    got("a card that does not read", ann.sender.act(table.seq, {"do": "play", "card": "ZZ"}))
    got("the next deal before the deal's end", ann.next_deal())
    got("undo with several players", ann.undo())
    got("a hint with several players", asyncio.run(ann.hint()))
    got("undo at a hot-seat seating", LocalSeating(Table(peklo, peklo.rules(), [ANN, BOB, AI], seed=2)).undo())

    makao = get_variant("makao-ru")
    alone = Table(makao, makao.rules(), [ANN, AI], seed=3)
    solo = seated(alone, 0, heard)
    got("undo in a match not saved", solo.undo())
    monkeypatch.setattr(table_service, "KEEP_ENTRIES", 2)  # (the saved table lets the first deal's entries go)
    saved = saved_table(tmp_path, "makao-ru", [ANN, AI])
    first = seated(saved, 0, heard)
    saved.start()
    got("undo before any move", first.undo())
    rng, ai = random.Random(1), ai_for("makao-ru")
    assert first.act(ai.choose(first.view, rng)) is None
    assert first.undo() is None
    got("a second undo in a row", first.undo())
    assert first.act(ai.choose(first.view, rng)) is None
    while not first.update.deal_over:
        assert first.act(ai.choose(first.view, rng)) is None
    got("undo into a settled deal", first.undo())
    got("a hint once the deal is over", asyncio.run(first.hint()))
    got("the deal is over", first.sender.act(saved.seq, Draw()))

    def broken_truncate(keep: int) -> Any:
        raise StoreError(Path("m.sqlite"), STORE_OWN_WORDS)

    assert first.next_deal() is None
    assert first.act(ai.choose(first.view, rng)) is None
    sub = first.sender
    assert isinstance(sub, table_service.Subscription) and saved._log_start > 0
    got("log entries before a negative entry", sub.older(-1, 10))
    got("log entries after the log's end", sub.older(saved.log_end + 1, 10))
    got("more log entries than a page", sub.older(saved.log_end, table_service.OLDER_MAX + 1))
    writer, saved.writer = saved.writer, None
    got("log entries let go by a match no longer saved", sub.older(saved._log_start, 5))
    saved.writer = writer
    monkeypatch.setattr(saved.writer, "actions", broken_truncate)
    got("log entries the store cannot read back", sub.older(saved._log_start, 5))
    monkeypatch.setattr(saved.writer, "truncate", broken_truncate)
    got("undo the store cannot carry out", first.undo())
    monkeypatch.undo()

    saved.thinking = Thinking(seconds=None, playouts=20)
    got("a hint", asyncio.run(first.hint()))

    async def hint_overtaken() -> Any:
        asking = asyncio.ensure_future(first.sender.hint(first.seq))
        await asyncio.sleep(0)
        saved.seq += 1  # the table moves on while the hint is thought of (an undo, a move)
        return await asking

    got("a hint the table moved on from", asyncio.run(hint_overtaken()))
    saved.seq -= 1

    class Failing:
        def choose(self, view: Any, rng: Any) -> Any:
            raise RuntimeError("no")

    monkeypatch.setattr(table_service, "ai_for", lambda *args, **kwargs: Failing())
    got("a hint the AI fails to think of", asyncio.run(first.hint()))
    failing = Table(makao, makao.rules(), [ANN, AI], seed=3, first_dealer=0)
    seated(failing, 0, heard)
    failing.start()
    monkeypatch.undo()

    polish = get_variant("makao-pl")
    over = Table(polish, polish.rules({"deals": 1}), [ANN, AI], seed=3)
    last = seated(over, 0, heard)
    over.start()
    while not last.update.match_over:
        assert last.act(ai_for("makao-pl").choose(last.view, rng)) is None
    got("the next deal after the match's end", last.next_deal())

    class Busy:
        """A saved-games file another process writes to, then free again, then lost."""

        def __init__(self) -> None:
            self.on_status: Any = None
            self.status: Any = None

        def save(self, match: Any, played: Any = None) -> None:
            from makao_tui.store.writer import SaveStatus

            busy = StoreBusyError(Path("m.sqlite"), Words("{path} is busy: another makao process is writing to it",
                                                          path="m.sqlite"))
            if match.action_count == 1:
                self.on_status(SaveStatus("delayed", 1, "busy", str(busy), str(busy), Words(
                    "{error}. The match goes on; {count} action kept in memory and saved as soon as the file can "
                    "be written.", error=busy.words, count=1)))
            elif match.action_count == 2:
                self.on_status(SaveStatus())
            else:
                raise busy

        def mark(self, seat: int, undos: int = 0, hints: int = 0) -> None:
            pass

        def close(self, wait: Any = None) -> None:
            pass

    notes = Table(makao, makao.rules(), [ANN, BOB], seed=1)
    notes.writer = Busy()
    notes._watch_writer()
    mover = [seated(notes, 0, heard), seated(notes, 1, heard)]
    notes.start()
    for _ in range(3):
        client = mover[notes.match.state.to_act]
        client.act(ai.choose(client.view, rng))

    _lesson, lesson_at, sub = lesson_table("makao-ru")
    assert sub.act(lesson_at.seq, Draw()) is None  # the script's first move
    got("a move off the lesson's script", sub.act(lesson_at.seq, Pass()))

    out += [(f"notice {m.kind}", m) for m in heard if isinstance(m, Notice)]
    return out


def test_every_refusal_notice_and_hint_the_table_sends_is_said_in_russian_and_polish(tmp_path, monkeypatch):
    sent = everything_sent(tmp_path, monkeypatch)
    kinds = {m.kind for _label, m in sent if isinstance(m, Refusal | Notice)}
    # every kind the service's source can send is among them (a new one must come here too)
    source = SERVICE.read_text(encoding="utf-8")
    assert set(re.findall(r'_refused\("(\w+)"', source)) <= kinds
    assert set(re.findall(r'Notice\(kind="(\w+)"', source)) <= kinds
    assert {"ai_failed", "save_delayed", "saved", "save_failed", "lesson", "hint_failed", "undo"} <= kinds
    assert any(isinstance(m, Hint) for _label, m in sent)
    for label, message in sent:
        data = no_sentence(msgspec.json.encode(message), exceptions=(STORE_OWN_WORDS,))
        assert english_left(data["words"], "ru") == [], label
        assert english_left(data["words"], "pl") == [], label
