"""The table service in process: seats, intents and their refusals, updates, AI turns, undo."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import msgspec
import pytest

from makao_tui.ai import ai_for
from makao_tui.engine.actions import Bid, Draw
from makao_tui.engine.words import Words
from makao_tui.games import get_variant
from makao_tui.store import Seat, open_store
from makao_tui.table import (
    AIWorker,
    Message,
    Notice,
    Refusal,
    SeatSpec,
    Table,
    TableClient,
    TableError,
    Update,
    said,
)
from makao_tui.table.service import UNDO_SETTLED

GAMES = ("makao-ru", "makao-pl", "macao", "peklo")
ANN, BOB, AI = SeatSpec("Ann", False), SeatSpec("Bob", False), SeatSpec("", True)


def seated(table: Table, seat: int) -> TableClient:
    client = TableClient()
    client.sender = table.join(seat, client.receive)
    return client


def play_out(client: TableClient, seed: int = 1, limit: int = 5000) -> int:
    """Play the client's seat with the normal AI to the match's end; the number of intents."""
    rng = random.Random(seed)
    ai = ai_for(client.variant.id)
    for n in range(limit):
        if client.update.match_over:
            return n
        if client.update.deal_over:
            assert client.next_deal() is None
        else:
            assert client.to_act == client.seat
            assert client.act(ai.choose(client.view, rng)) is None
    raise AssertionError("the match did not end")


@pytest.mark.parametrize("game", GAMES)
def test_one_human_plays_a_whole_match_against_the_ai(game):
    variant = get_variant(game)
    table = Table(variant, variant.rules(), [ANN, AI, AI], seed=11)
    ann = seated(table, 0)
    watcher = TableClient()
    watcher.sender = table.watch(watcher.receive)
    table.start()
    play_out(ann)
    assert ann.update.match_over and watcher.update.match_over
    assert ann.update.winners == table.match.winners()
    assert ann.totals == table.match.totals
    assert [r.points for r in ann.rows] == [tuple(d.points) for d in table.match.deals]
    # both receivers saw every step; the spectator saw the same entries with its own blanks
    assert ann.log_end == watcher.log_end == table.log_end  # (each keeps the last entries only)
    assert watcher.seat is None and watcher.view.seat is None and watcher.view.hand == ()


@pytest.mark.parametrize("game", GAMES)
def test_every_update_is_one_json_line_that_reads_back(game):
    variant = get_variant(game)
    table = Table(variant, variant.rules(), [ANN, BOB, AI], seed=4)
    lines: list[bytes] = []
    table.join(0, lambda m: lines.append(msgspec.json.encode(m)))
    bob = seated(table, 1)
    table.start()
    decoded = [msgspec.json.decode(line, type=Message) for line in lines]
    assert all(isinstance(m, Update) for m in decoded) and decoded[0].reset and decoded[0].seat == 0
    assert bob.update.seat == 1


def test_hot_seat_each_seat_acts_only_for_itself_and_only_in_turn():
    variant = get_variant("makao-ru")
    table = Table(variant, variant.rules(), [ANN, BOB], seed=1)
    ann, bob = seated(table, 0), seated(table, 1)
    table.start()
    mover, other = (ann, bob) if table.match.state.to_act == 0 else (bob, ann)
    refusal = other.act(Draw())
    assert isinstance(refusal, Refusal) and refusal.kind == "not_your_turn"
    assert other.text(refusal) == f"it is {mover.names[mover.seat]}'s turn" and refusal.action == {"do": "draw"}
    seq = mover.seq
    assert mover.act(Draw()) is None
    assert mover.seq == other.seq == seq + 1
    # the same intent again carries the old number: refused, nothing changes
    again = mover.sender.act(seq, Draw())
    assert again.kind == "stale" and table.seq == seq + 1


def test_illegal_and_unreadable_actions_are_refused_with_the_engines_reason():
    variant = get_variant("peklo")
    table = Table(variant, variant.rules(), [ANN, AI, AI], seed=2, first_dealer=2)
    ann = seated(table, 0)
    table.start()
    assert ann.to_act == 0
    refusal = ann.act(Bid(99))
    assert refusal.kind == "illegal" and ann.text(refusal) and refusal.action == {"do": "bid", "tricks": 99}
    # the engine's refusal travels as data: its kind and fields, not only words
    assert refusal.rule == "bid_out_of_range" and refusal.fields == {"bid": 99, "most": 1}  # a deal of 1 card
    garbage = ann.sender.act(ann.seq, {"do": "fly"})
    assert garbage.kind == "illegal" and "unknown action 'fly'" in ann.text(garbage) and garbage.rule == "action_format"
    assert ann.sender.act(ann.seq, {"do": "bid", "tricks": 0}) is None


def test_a_spectator_and_an_ai_seat_cannot_act():
    variant = get_variant("makao-ru")
    table = Table(variant, variant.rules(), [AI, AI], seed=5)
    watcher = TableClient()
    watcher.sender = table.watch(watcher.receive)
    olga = seated(table, 0)
    assert watcher.act(Draw()).kind == "seat"
    assert olga.act(Draw()).kind == "seat"
    with pytest.raises(TableError):
        table.join(0, print)
    with pytest.raises(TableError):
        table.join(7, print)


def test_next_deal_only_once_the_deal_is_over():
    variant = get_variant("makao-ru")
    table = Table(variant, variant.rules(), [AI, AI], seed=5)
    olga = seated(table, 0)
    assert olga.next_deal().kind == "no_deal"
    table.start()  # AI seats only: the whole deal is played at once
    assert olga.update.deal_over and olga.update.next_dealer is not None
    assert olga.next_deal() is None and olga.deal_number == 2  # played through at once too
    assert any(e.deal == 2 and e.seat is not None for e in olga.log)


def test_the_ai_plays_in_its_worker_after_its_pause():
    variant = get_variant("makao-ru")

    async def main():
        worker = AIWorker()
        table = Table(variant, variant.rules(), [ANN, AI], seed=3, worker=worker, ai_delay=0.01,
                      first_dealer=0)  # the AI (seat 1) leads
        updates: list[Update] = []
        ann = TableClient(on_message=updates.append)
        ann.sender = table.join(0, ann.receive)
        table.start()
        try:
            while ann.to_act != 0:
                await asyncio.sleep(0.01)
        finally:
            table.close()
            worker.close()
        assert worker.started is False
        assert updates[-1].log and updates[-1].log[-1].seat == 1

    asyncio.run(main())


def test_undo_takes_back_the_humans_move_and_the_ais_after_it(tmp_path):
    variant = get_variant("makao-ru")
    store = open_store(tmp_path / "m.sqlite")
    seats = [ANN, AI]
    table = Table(variant, variant.rules(), seats, seed=3)
    writer = store.start_match(variant, variant.rules(), [Seat(n, s.is_ai, s.level) for n, s in
                                                          zip(table.names, seats, strict=True)], 3)
    table.writer = writer
    ann = seated(table, 0)
    assert ann.undo_refused == "you have not moved yet: nothing to take back"
    table.start()
    before = (table.match.state.snapshot(), len(ann.log))
    assert ann.act(ai_for(variant.id).choose(ann.view, random.Random(0))) is None
    assert ann.undo_refused is None
    assert ann.undo() is None
    assert ann.update.reset and (table.match.state.snapshot(), len(ann.log)) == before
    table.close()
    store.close()


def test_undo_is_refused_while_another_player_is_away_and_the_ai_plays_for_them(tmp_path):
    """At a shared table Bob left and the AI plays his seat: Ann is the one human still playing,
    but an undo would take back the move the AI made for Bob and show Ann the cards it played
    back in his hand (issue 29). A seat a person holds counts, whoever plays it now."""
    variant = get_variant("makao-ru")
    store = open_store(tmp_path / "m.sqlite")
    seats = [ANN, AI, BOB]
    table = Table(variant, variant.rules(), seats, seed=3, first_dealer=2)
    table.writer = store.start_match(variant, variant.rules(), [Seat(n, s.is_ai, s.level) for n, s in
                                                                 zip(table.names, seats, strict=True)], 3)
    ann = seated(table, 0)
    table.set_ai(2, "normal")  # Bob is away
    table.start()
    assert ann.to_act == 0
    seq = table.seq
    assert ann.act(ai_for(variant.id).choose(ann.view, random.Random(0))) is None
    assert table.seq > seq + 1 and ann.to_act == 0  # Olga and Bob's AI played after Ann
    several = "undo is off with several players at the table: it would take back the others' moves"
    assert ann.undo_refused == several
    seq = table.seq
    refusal = ann.undo()
    assert refusal is not None and refusal.kind == "undo" and ann.text(refusal) == several
    assert table.seq == seq and not ann.update.reset
    table.set_ai(2, None)  # Bob is back: still two people at the table
    assert ann.undo_refused == several
    table.close()
    store.close()


@pytest.mark.parametrize("game", GAMES)
def test_undo_never_reopens_a_settled_deal(tmp_path, game):
    """Undo stays inside the deal under way: once a deal (a Macao hand) is settled its end has
    shown what comes next (Macao's drawn card, the others' hands), so a step back into it would
    be a peek (a tester went back from hand 2 into the settled hand 1)."""
    variant = get_variant(game)
    store = open_store(tmp_path / "m.sqlite")
    seats = [ANN, AI, AI]
    table = Table(variant, variant.rules(), seats, seed=9)
    table.writer = store.start_match(variant, variant.rules(), [Seat(n, s.is_ai, s.level) for n, s in
                                                                 zip(table.names, seats, strict=True)], 9)
    ann = seated(table, 0)
    table.start()
    rng, ai = random.Random(1), ai_for(variant.id)
    settled = UNDO_SETTLED[variant.deal_word]
    while not ann.update.deal_over:
        assert ann.act(ai.choose(ann.view, rng)) is None
    assert ann.undo_refused == settled
    refusal = ann.undo()
    assert refusal is not None and ann.text(refusal) == settled
    assert ann.next_deal() is None and ann.deal_number == 2
    assert ann.undo_refused == settled  # the last move is in deal 1
    assert ann.undo() is not None and table.match.current.number == 2
    assert ann.act(ai.choose(ann.view, rng)) is None
    if not ann.update.deal_over:  # a move inside deal 2 is taken back, and deal 2 stays
        assert ann.undo_refused is None
        assert ann.undo() is None and table.match.current.number == 2 and ann.to_act == 0
    table.close()
    store.close()


def test_the_stored_deal_is_the_new_one_as_soon_as_it_is_dealt(tmp_path):
    """A match left at the start of deal 2, before anyone acted in it, is stored as at deal 2: the
    start screen's "Resume — …, deal 2" (a tester saw "deal 1" after quitting during deal 2)."""
    variant = get_variant("makao-pl")
    store = open_store(tmp_path / "m.sqlite")
    table = Table(variant, variant.rules(), [ANN, BOB], seed=3)
    table.writer = store.start_match(variant, variant.rules(), [Seat("Ann", False), Seat("Bob", False)], 3)
    ann, bob = seated(table, 0), seated(table, 1)
    table.start()
    rng, ai = random.Random(2), ai_for(variant.id, "easy")  # (the deal played quickly: which moves does not matter)
    while not ann.update.deal_over:
        client = ann if ann.to_act == 0 else bob
        assert client.act(ai.choose(client.view, rng)) is None
    table.writer.flush()
    assert store.unfinished()[0].deal == 1
    assert ann.next_deal() is None and ann.deal_number == 2
    table.writer.flush()
    assert store.unfinished()[0].deal == 2
    table.close()
    store.close()


def test_a_failing_store_is_told_and_the_match_goes_on():
    variant = get_variant("makao-ru")
    from makao_tui.store import StoreError

    class Broken:
        closed = False

        def save(self, match, played=None):
            raise StoreError(Path("m.sqlite"), "the disk is full")

        def close(self):
            self.closed = True

    broken = Broken()
    table = Table(variant, variant.rules(), [ANN, BOB], seed=1, writer=broken)
    got: list = []
    table.join(0, got.append)
    seated(table, 1)
    table.start()
    table._subs[table.match.state.to_act].act(table.seq, Draw())
    notices = [m for m in got if isinstance(m, Notice)]
    assert notices and notices[0].kind == "save_failed" and "disk is full" in said(notices[0].words)
    assert broken.closed and not table.saved


def test_the_time_limit_ends_the_match_after_the_deal_under_way():
    variant = get_variant("makao-pl")
    now = [0.0]
    table = Table(variant, variant.rules({"time_limit_min": 2}), [ANN, AI], seed=1, clock=lambda: now[0])
    ann = seated(table, 0)
    assert ann.update.seconds_left == 120 and ann.update.time_limit_min == 2
    now[0] = 121
    table.tick()
    assert ann.update.time_up and ann.update.seconds_left == 0


def test_an_ai_takes_a_seat_over_and_gives_it_back():
    variant = get_variant("makao-ru")
    table = Table(variant, variant.rules(), [ANN, BOB], seed=1, first_dealer=1)
    ann = seated(table, 0)
    table.start()
    assert ann.to_act == 0
    table.set_ai(1, "easy")
    assert ann.seats[1].kind == "ai" and ann.seat_label(1) == "Bob (easy AI)"
    assert ann.act(Draw()) is None  # Bob's turn now: his AI plays it at once
    assert ann.log[-1].seat == 1 and ann.to_act == 0
    table.set_ai(1, None)
    assert ann.seats[1].kind == "human"


def test_a_hint_is_for_the_one_humans_own_turn():
    variant = get_variant("makao-ru")
    table = Table(variant, variant.rules(), [ANN, AI], seed=3)
    ann = seated(table, 0)
    table.start()

    async def ask():
        return await ann.hint()

    from makao_tui.ai import Thinking
    table.thinking = Thinking(seconds=None, playouts=20)
    hint = asyncio.run(ask())
    assert hint.seq == ann.seq and ann.hint_action(hint) in ann.view.legal and ann.text(hint)
    hot = Table(variant, variant.rules(), [ANN, BOB], seed=3)
    first = seated(hot, 0)
    assert asyncio.run(first.hint()).kind == "hint"


def test_each_client_reads_the_tables_refusals_in_its_own_language():
    """Refusals and the undo/hint reasons travel as data only (issues 16 and 28): the table sends
    no sentence, and each client says them in the language it runs in."""
    from makao_tui.engine import i18n

    variant = get_variant("peklo")
    table = Table(variant, variant.rules(), [ANN, BOB, AI], seed=2, first_dealer=2)
    ann, bob = seated(table, 0), seated(table, 1)
    table.start()
    assert ann.to_act == 0
    late = bob.act(Bid(1))
    assert bob.text(late) == "it is Ann's turn"
    assert bob.undo_refused == "undo is off with several players at the table: it would take back the others' moves"
    line = msgspec.json.encode(ann.sender.act(ann.seq, Bid(99)))
    assert b"reason" not in line and b"not 99" not in line  # the words are the client's
    wire = msgspec.json.decode(line, type=Refusal)
    assert ann.text(wire) == "a bid is 0 or 1 trick, not 99"
    i18n.set_language("pl")  # this client reads Polish
    assert ann.text(wire) == "deklaracja to 0 lub 1 lewa, nie 99"
    assert bob.text(bob.act(Bid(1))) == "teraz kolej gracza Ann"
    assert bob.hint_refused == "podpowiedzi są tylko dla jednego człowieka grającego z komputerem"
    i18n.set_language("ru")
    assert said(late.words, bob.names) == "сейчас ходит Ann"
    # data that does not read as a message (a newer or broken table's): said as such, in Russian
    assert said({"words": 5}) == said({"words": "{missing}", "fields": {}}) == (
        "стол прислал сообщение, которое эта версия makao не может прочитать")


def test_a_save_notice_travels_as_data_and_each_reader_words_it():
    """At a shared table the host's language is not the players': the notice of a failed save
    carries its words as data (the store error's too), and a Russian client says it in Russian."""
    from makao_tui.engine import i18n
    from makao_tui.store import StoreBusyError

    variant = get_variant("makao-ru")

    class Busy:
        closed = False

        def save(self, match, played=None):
            raise StoreBusyError(Path("m.sqlite"), Words("{path} is busy: another makao process is writing to it",
                                                         path="m.sqlite"))

        def close(self):
            self.closed = True

    table = Table(variant, variant.rules(), [ANN, BOB], seed=1, writer=Busy())
    got: list = []
    table.join(0, got.append)
    seated(table, 1)
    table.start()
    table._subs[table.match.state.to_act].act(table.seq, Draw())
    [notice] = [m for m in got if isinstance(m, Notice)]
    assert said(notice.words).startswith("m.sqlite is busy")
    i18n.set_language("ru")
    russian = said(notice.words)
    assert "busy" not in russian and russian.startswith("m.sqlite")
