"""Memory flat in the match's length (issue 31 item 3): a saved table keeps of its log the deal
under way and the last entries only, and of its match the actions of the deal under way; the log's
earlier entries are rebuilt from the store, each seat's exactly as its updates carried them (no
card it may not see); undo, resume and the score sheet work as before; an unsaved table keeps all."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from typing import Any

import pytest

from makao_tui.ai import ai_for
from makao_tui.games import get_variant
from makao_tui.games.shedding import CardPlayed, CardsDrawn
from makao_tui.store import Seat, open_store
from makao_tui.table import LogEntry, LogPage, Refusal, SeatSpec, Table, TableClient, Update, said
from makao_tui.table import client as client_module
from makao_tui.table import service as table_service

ANN, BOB, AI = SeatSpec("Ann", False), SeatSpec("Bob", False), SeatSpec("", True)
#: the entries a table keeps in these tests (the game's own is larger: the same code, more moves)
KEEP = 12


class Ear:
    """What one receiver was sent: every log entry by its number at the table, the last update."""

    def __init__(self) -> None:
        self.entries: dict[int, LogEntry] = {}
        self.update: Update | None = None

    def __call__(self, message: Any) -> None:
        if isinstance(message, Update):
            if message.reset:
                self.entries = {n: e for n, e in self.entries.items() if n < message.log_start}
            for n, entry in enumerate(message.log, message.log_start):
                self.entries[n] = entry
            self.update = message


def saved(tmp_path: Path, game: str, seats: list[SeatSpec], seed: int) -> Table:
    variant = get_variant(game)
    store = open_store(tmp_path / f"{game}-{seed}.sqlite")
    table = Table(variant, variant.rules(), seats, seed)
    table.writer = store.start_match(variant, variant.rules(), [Seat(n, s.is_ai, s.level) for n, s in
                                                                zip(table.names, seats, strict=True)], seed)
    return table


def play(table: Table, subs: dict[int, Any], rng: random.Random, until: Any) -> None:
    """Play every human seat of ``table`` with the normal AI (the AI seats play themselves) until
    ``until()``, checking after each step that the table holds no more than it should."""
    ai = ai_for(table.variant.id)
    for _ in range(20_000):
        if until() or table.match.is_over:
            return
        if table.match.awaiting_next_deal:
            assert next(iter(subs.values())).next_deal(table.seq) is None
        else:
            seat = table.match.state.to_act
            assert subs[seat].act(table.seq, ai.choose(table.match.state.view(seat), rng)) is None
        kept_from = min(table._deal_entry, table.log_end - 2 * KEEP)
        assert table._log_start >= kept_from, "the table keeps more than the deal under way and its last entries"
        match = table.match
        assert all(not deal.actions for deal in match.deals[:-1]), "a finished deal's actions are kept"
        assert match.forgotten == match.action_count - len(match.current.actions)
    raise AssertionError("the match went on too long")


def pages(table: Table, seat: int | None, size: int) -> list[tuple[int, list[LogEntry]]]:
    """The whole log read back from its end to its start, ``size`` entries a page."""
    out = []
    end = table.log_end
    while end > 0:
        page = table.older(seat, end, size)
        assert isinstance(page, LogPage), page
        assert page.end == end and page.start == max(0, end - size)
        out.append((page.start, page.log))
        end = page.start
    return out


@pytest.mark.parametrize("game", ["makao-ru", "macao", "peklo"])
def test_a_saved_table_keeps_the_last_entries_and_reads_the_others_back_as_each_seat_saw_them(
        tmp_path, monkeypatch, game):
    monkeypatch.setattr(table_service, "KEEP_ENTRIES", KEEP)
    monkeypatch.setattr(table_service, "OLDER_WINDOW", 3 * KEEP)  # (several rebuilds over the log)
    table = saved(tmp_path, game, [ANN, BOB, AI], seed=4)
    ears = {seat: Ear() for seat in (0, 1, None)}
    subs = {seat: table.join(seat, ears[seat]) for seat in (0, 1)}
    table.watch(ears[None])
    table.start()
    play(table, subs, random.Random(4), lambda: len(table.match.deals) >= 4 and table.log_end > 6 * KEEP)
    assert table._log_start > 0 and table.match.forgotten > 0
    for seat, ear in ears.items():
        assert sorted(ear.entries) == list(range(table.log_end))
        for size in (1, 7, KEEP * 2 + 3):
            read = [entry for _start, log in reversed(pages(table, seat, size)) for entry in log]
            assert read == [ear.entries[n] for n in range(table.log_end)], f"seat {seat}, pages of {size}"
    # the score sheet still has every deal, the finished ones with their points
    rows = ears[None].update.deals
    assert [r.number for r in rows] == list(range(1, len(table.match.deals) + 1))
    assert all(r.points is not None and r.totals_after is not None for r in rows[:-1])
    table.close()


def test_an_unsaved_table_keeps_every_entry_and_action(monkeypatch):
    monkeypatch.setattr(table_service, "KEEP_ENTRIES", KEEP)
    variant = get_variant("makao-ru")
    table = Table(variant, variant.rules(), [ANN, BOB], seed=4)
    subs = {seat: table.join(seat, Ear()) for seat in (0, 1)}
    table.start()
    ai, rng = ai_for(variant.id), random.Random(2)
    while len(table.match.deals) < 3:
        if table.match.awaiting_next_deal:
            assert subs[0].next_deal(table.seq) is None
        else:
            seat = table.match.state.to_act
            assert subs[seat].act(table.seq, ai.choose(table.match.state.view(seat), rng)) is None
    assert table._log_start == 0 and len(table._log) == table.log_end > 4 * KEEP
    assert table.match.forgotten == 0 and len(table.match.all_actions()) == table.match.action_count
    assert isinstance(table.older(0, table.log_end, 50), LogPage)


def test_a_request_outside_the_log_is_refused_as_data(tmp_path, monkeypatch):
    monkeypatch.setattr(table_service, "KEEP_ENTRIES", KEEP)
    table = saved(tmp_path, "makao-ru", [ANN, AI], seed=2)
    ann = table.join(0, Ear())
    table.start()
    play(table, {0: ann}, random.Random(1), lambda: len(table.match.deals) >= 2 and table.log_end > 3 * KEEP)
    end = table.log_end
    for bad_end, count in [(-1, 5), (end + 1, 5), (2**63, 5), (True, 5), ("3", 5), (end, 0), (end, -4),
                           (end, table_service.OLDER_MAX + 1), (end, 2.5), (end, None)]:
        refusal = ann.older(bad_end, count)
        assert isinstance(refusal, Refusal) and (refusal.kind, refusal.intent) == ("older", "older"), (bad_end, count)
    assert table.log_end == end  # nothing changed
    empty = ann.older(0, 5)
    assert isinstance(empty, LogPage) and (empty.start, empty.end, empty.log) == (0, 0, [])
    with pytest.raises(ValueError):
        table.older(7, end, 5)
    # a saved-games file whose first action no longer fits: refused too, in words, the table goes on
    table.writer.store._conn.execute("UPDATE actions SET action = ? WHERE match_id = ? AND idx = 0",
                                     ('{"do": "bid", "tricks": 99}', table.writer.id))
    damaged = ann.older(table._log_start, 5)
    assert isinstance(damaged, Refusal) and "cannot be read back now" in said(damaged.words)
    assert isinstance(ann.older(table.log_end, 5), LogPage)  # (what the table keeps)
    table.close()


def test_the_store_is_read_once_for_the_pages_of_one_window(tmp_path, monkeypatch):
    monkeypatch.setattr(table_service, "KEEP_ENTRIES", KEEP)
    table = saved(tmp_path, "makao-ru", [ANN, AI], seed=2)
    ann = table.join(0, Ear())
    table.start()
    play(table, {0: ann}, random.Random(1), lambda: len(table.match.deals) >= 3 and table.log_end > 5 * KEEP)
    reads = []
    actions = table.writer.actions
    monkeypatch.setattr(table.writer, "actions", lambda end: reads.append(end) or actions(end))
    start = table._log_start
    first = ann.older(start, 5)
    second = ann.older(start - 5, 5)
    assert isinstance(first, LogPage) and isinstance(second, LogPage) and len(reads) == 1
    assert second.end == first.start
    table.close()


def test_undo_and_resume_after_the_earlier_deals_were_let_go(tmp_path, monkeypatch):
    """Undo takes back the human's last move inside the deal under way as before (its actions are
    kept); a resumed match keeps as little, and reads back the same log."""
    monkeypatch.setattr(table_service, "KEEP_ENTRIES", KEEP)
    table = saved(tmp_path, "makao-ru", [ANN, AI], seed=5)
    ear = Ear()
    ann = table.join(0, ear)
    table.start()
    rng = random.Random(3)
    play(table, {0: ann}, rng, lambda: len(table.match.deals) >= 3 and table.log_end > 4 * KEEP)
    play(table, {0: ann}, rng, lambda: len(table.match.current.actions) > 4 and table.match.state.to_act == 0)
    assert table.match.forgotten > 0
    before = pages(table, 0, 10)
    state, end = table.match.state.snapshot(), table.log_end
    ai = ai_for("makao-ru")
    assert ann.act(table.seq, ai.choose(table.match.state.view(0), rng)) is None
    assert ann.update().undo_words is None
    assert ann.undo(table.seq) is None
    assert (table.match.state.snapshot(), table.log_end) == (state, end)
    assert pages(table, 0, 10) == before and ear.update is not None and ear.update.reset
    assert ann.undo(table.seq).kind == "undo"  # one step back only, as ever
    match_id, path, rows = table.writer.id, table.writer.store.path, ear.update.deals
    table.close()

    store = open_store(path)
    writer = store.resume(match_id)
    again = Table.resume(writer.saved, writer=writer)
    assert writer.saved.actions == ()  # replayed, and let go: the file has them
    assert again.log_end == end and again._log_start > 0 and again.match.forgotten > 0
    assert pages(again, 0, 10) == before
    ear = Ear()
    again.join(0, ear)
    assert ear.update is not None and ear.update.deals == rows and ear.update.log_start == again._log_start
    again.close()
    store.close()


def test_a_client_keeps_the_last_entries_of_a_long_deal_and_its_last_event_of_each_kind(monkeypatch):
    """A client keeps the last KEEP_ENTRIES of a deal of more (a two-player Polish deal can run to
    thousands of moves), and still knows the deal's last event of each kind however far back."""
    monkeypatch.setattr(client_module, "KEEP_ENTRIES", 3)
    variant = get_variant("makao-pl")
    table = Table(variant, variant.rules(), [ANN, AI], seed=4)
    ear, client = Ear(), TableClient()
    ann = table.join(0, lambda message: (ear(message), client.receive(message)))
    client.sender = ann
    table.start()
    ai, rng = ai_for(variant.id), random.Random(6)
    checked = 0
    while len(table.match.deals) < 3:
        if table.match.awaiting_next_deal:
            assert ann.next_deal(table.seq) is None
            continue
        assert ann.act(table.seq, ai.choose(table.match.state.view(0), rng)) is None
        deal = client.update.deal
        events = [e for n in sorted(ear.entries) if ear.entries[n].deal == deal for e in ear.entries[n].events]
        assert len(client.log) <= 3 and client.log_end == table.log_end
        for kind in (CardPlayed, CardsDrawn):
            last = next((e for e in reversed(events) if e["kind"] == kind.__name__), None)
            said = client.last_event(kind)
            assert (said is None) == (last is None) and (said is None or client.wire(said) == last)
            checked += last is not None
    assert checked > 20


def test_a_page_rebuilt_in_the_event_loop_lets_the_table_go_on_between_slices(tmp_path, monkeypatch):
    """A page far back is replayed a slice at a time in the table's loop (the table server, the
    app), one rebuild at a time: a client asking for pages far apart stalled every other player
    for the whole replay (a third of a second at 30,000 actions). Its pages are the same."""
    monkeypatch.setattr(table_service, "KEEP_ENTRIES", KEEP)
    monkeypatch.setattr(table_service, "OLDER_WINDOW", KEEP)  # (every page far back is a rebuild)
    monkeypatch.setattr(table_service, "OLDER_SLICE", 5)
    table = saved(tmp_path, "makao-ru", [ANN, AI], seed=2)
    ann = table.join(0, Ear())
    table.start()
    play(table, {0: ann}, random.Random(1), lambda: len(table.match.deals) >= 3 and table.log_end > 8 * KEEP)
    ends = [KEEP, table._log_start, 2 * KEEP, KEEP + 3]
    expected = [ann.older(end, 5) for end in ends]
    table._read_back = None

    async def read() -> tuple[list[Any], int]:
        ticks = 0
        done = False

        async def other_players() -> None:  # what the loop serves meanwhile
            nonlocal ticks
            while not done:
                ticks += 1
                await asyncio.sleep(0)

        ticking = asyncio.ensure_future(other_players())
        got = await asyncio.gather(*(table.older_async(0, end, 5) for end in ends))
        done = True
        await ticking
        return list(got), ticks

    got, ticks = asyncio.run(read())
    assert got == expected
    assert ticks >= 4 * (KEEP // 5), "the loop was not served between the slices of the rebuilds"
    table.close()


def test_a_page_read_back_while_the_table_lets_more_entries_go_is_read_again(tmp_path, monkeypatch):
    """Play goes on while a page is rebuilt in slices: when the table lets more entries go
    meanwhile (a deal ended), the page is read again, without a gap where they were."""
    monkeypatch.setattr(table_service, "KEEP_ENTRIES", KEEP)
    monkeypatch.setattr(table_service, "OLDER_SLICE", 2)
    table = saved(tmp_path, "makao-ru", [ANN, AI], seed=5)
    ann = table.join(0, Ear())
    table.start()
    rng = random.Random(3)
    play(table, {0: ann}, rng, lambda: len(table.match.deals) >= 2 and table._log_start > KEEP)
    end = table._log_start + 3  # across the entries kept and those let go
    expected = ann.older(end, 10)
    table._read_back = None
    steps = table.older_steps(0, end, 10)
    next(steps)  # a slice replayed; meanwhile the deal ends and the table lets its entries go
    kept = table._log_start
    play(table, {0: ann}, rng, lambda: table._log_start > end)
    assert kept < table._log_start
    assert table_service._drain(steps) == expected
    table.close()
