"""The table server over a real Unix socket in a temporary folder: seats, privacy, rejoin, AI
takeover, the end, and every kind of bad input (issue 11); tokens, seats taken back, undo while a
player is away, floods of connections (issue 29)."""

from __future__ import annotations

import asyncio
import json
import os
import random
import socket
import stat
import threading

import msgspec
import pytest

from makao_tui.ai import ai_for
from makao_tui.net import places
from makao_tui.net.client import ConnectError, Connection, handshake, remember_seat, remembered_token, sit
from makao_tui.net.identity import DoorPlayer
from makao_tui.net.protocol import (
    MAX_CLIENT_LINE,
    VERSION,
    Act,
    ChatLine,
    Hello,
    Join,
    Kept,
    Seated,
    Start,
    Undo,
    Watch,
    Welcome,
    decode_server,
    encode,
    greeting_refusal,
)
from makao_tui.net.server import MAX_PER_USER
from makao_tui.store import open_store
from makao_tui.table import WIRE_VERSION, Refusal, said, to_wire

from .util import Player, Raw, config, server, until


def run(coro):
    return asyncio.run(coro)


def play_turns(players: list[Player], count: int) -> None:
    """Each player whose turn it is acts (the normal AI's choice from its own view), once per
    view: on a loaded machine the update after its action may not have come yet, and acting
    again on the same view would be refused as stale."""
    for p in players:
        c = p.client
        if (c.view is not None and c.to_act == c.seat and not c.update.deal_over and count
                and getattr(p, "acted_at", None) != c.seq):
            p.acted_at = c.seq  # type: ignore[attr-defined]
            c.act(ai_for(c.variant.id).choose(c.view, random.Random(count)))


def test_two_players_sit_each_sees_only_their_hand_and_the_folder_holds_nothing_private(tmp_path):
    async def body():
        srv = await server(tmp_path, config(), store_path=tmp_path / "data" / "m.sqlite3")
        assert sorted(os.listdir(tmp_path)) == sorted(["data", f"{srv.code}.sock", f"{srv.code}.json"])
        assert stat.S_IMODE(os.stat(tmp_path / f"{srv.code}.sock").st_mode) == 0o666
        info = json.loads((tmp_path / f"{srv.code}.json").read_text())
        assert set(info) == {"code", "game", "game_name", "seats", "started", "host", "created", "options", "pid",
                             "ai_takeover_s"}
        alice = await Player.sit(srv.code, "Alice", tmp_path)
        assert not srv.info().started
        bob = await Player.sit(srv.code, "Bob", tmp_path)
        await until(lambda: alice.client.view is not None and bob.client.view is not None)
        assert srv.info().started  # every seat taken: the match starts
        assert (alice.seated.seat, bob.seated.seat) == (0, 1)
        users = [s.user for s in srv.info().seats]
        assert users[:2] == [places.user_name(os.getuid())] * 2 and users[2] is None
        for p in (alice, bob):
            wire = p.client.update.view
            hands = [k for k, v in wire.items() if k == "hand"]
            assert hands and all(c is not None for c in wire["hand"])
            assert p.client.view.seat == p.seated.seat
        for _ in range(30):
            play_turns([alice, bob], 1)
            await asyncio.sleep(0.01)
        await until(lambda: alice.client.seq == bob.client.seq > 0)
        assert not alice.refusals() and not bob.refusals()
        text = " ".join(str(v) for v in (tmp_path / f"{srv.code}.json").read_text())
        assert "token" not in text and "seed" not in text
        srv.close("test over")
        await srv.shutdown()
        assert not (tmp_path / f"{srv.code}.sock").exists()

    run(body())


def test_a_rejoin_with_the_token_takes_the_seat_back_and_the_ai_plays_it_meanwhile(tmp_path):
    async def body():
        srv = await server(tmp_path, config(seats=("open", "open", "ai"), ai_takeover_s=0))
        alice = await Player.sit(srv.code, "Alice", tmp_path)
        bob = await Player.sit(srv.code, "Bob", tmp_path)
        await until(lambda: bob.client.view is not None)
        token = bob.seated.token
        await bob.conn.close()
        await until(lambda: srv.info().seats[1].ai_playing)
        assert not srv.info().seats[1].connected
        # the AI plays Bob's turns now: Alice alone keeps the match going
        before = alice.client.seq
        for _ in range(40):
            play_turns([alice], 1)
            await asyncio.sleep(0.01)
        await until(lambda: alice.client.seq > before)
        with pytest.raises(ConnectError, match="no free seat"):
            await asyncio.to_thread(handshake, srv.code, "Carl", None, False, tmp_path)
        with pytest.raises(ConnectError, match="not one of this table"):
            await asyncio.to_thread(handshake, srv.code, "Bob", "forged", False, tmp_path)
        back = await Player.sit(srv.code, "Bob", tmp_path, token=token)
        assert back.seated.seat == 1
        await until(lambda: back.client.view is not None and not srv.info().seats[1].ai_playing)
        assert back.client.update.reset  # the whole log again
        assert back.client.seats[1].kind == "human"
        srv.close("test over")
        await srv.shutdown()

    run(body())


def test_a_held_seat_waits_for_its_player_while_the_takeover_delay_runs(tmp_path):
    async def body():
        srv = await server(tmp_path, config(ai_takeover_s=3600))
        _alice = await Player.sit(srv.code, "Alice", tmp_path)  # named: else collected, and closed
        bob = await Player.sit(srv.code, "Bob", tmp_path)
        await until(lambda: bob.client.view is not None)
        await bob.conn.close()
        await until(lambda: not srv.info().seats[1].connected)
        assert not srv.info().seats[1].ai_playing and srv.seats[1].takeover is not None
        srv.close("test over")
        await srv.shutdown()

    run(body())


def test_the_host_starts_early_with_ai_in_the_open_seats_and_others_may_not(tmp_path):
    async def body():
        srv = await server(tmp_path, config(game="peklo", seats=("open", "open", "open")))
        alice = await Player.sit(srv.code, "Alice", tmp_path)
        srv.host_uid = os.getuid() + 1  # this user is not the host now
        alice.conn.start(fill_ai=True)
        await until(lambda: len(alice.refusals()) == 1)
        assert "only the host" in said(alice.refusals()[0].words) and not srv.info().started
        srv.host_uid = os.getuid()
        alice.conn.start(fill_ai=False)
        await until(lambda: len(alice.refusals()) == 2)
        assert "still empty" in said(alice.refusals()[1].words) and not srv.info().started
        alice.conn.start(fill_ai=True)
        await until(lambda: alice.client.view is not None)
        assert [s.kind for s in srv.info().seats] == ["human", "ai", "ai"]
        srv.close("test over")
        await srv.shutdown()

    run(body())


def test_bad_input_is_refused_with_a_reason_the_table_goes_on_and_nothing_is_stored(tmp_path):
    async def body():
        db = tmp_path / "data" / "m.sqlite3"
        srv = await server(tmp_path, config(seats=("open", "open")), store_path=db)
        alice = await Player.sit(srv.code, "Alice", tmp_path)
        bob = await Player.sit(srv.code, "Bob", tmp_path)
        await until(lambda: alice.client.view is not None and bob.client.view is not None)
        mover, other = (alice, bob) if alice.client.to_act == 0 else (bob, alice)
        seq = mover.client.seq
        with open_store(db) as store:
            stored = store.unfinished()[0].actions
        # out of turn, another seat's action, stale, illegal, unreadable action, garbage, too long
        other.conn.send(Act(seq=seq, action={"do": "draw"}))
        mover.conn.send(Act(seq=seq + 5, action={"do": "draw"}))
        hand = mover.client.view.hand
        unplayable = [c for c in hand if all(getattr(a, "card", None) != c for a in mover.client.view.legal)]
        mover.conn.send(Act(seq=seq, action={"do": "fly"}))
        if unplayable:
            mover.conn.send(Act(seq=seq, action={"do": "play", "card": str(unplayable[0])}))
        mover.conn.writer.write(b"{not json\n")
        mover.conn.writer.write(b'{"type":"act","seq":"x","action":{}}\n')
        mover.conn.writer.write(b'{"type":"chat","text":"' + b"x" * MAX_CLIENT_LINE + b'"}\n')
        expected = 5 + bool(unplayable)
        await until(lambda: len(mover.refusals()) >= expected - 1 and other.refusals())
        kinds = [r.kind for r in mover.refusals()]
        assert kinds[:1] == ["stale"] and "illegal" in kinds and kinds.count("garbage") == 2
        assert kinds[-1] == "too_long"
        assert other.refusals()[0].kind == "not_your_turn"
        assert all(said(r.words) for r in mover.refusals() + other.refusals())
        assert mover.client.seq == seq  # nothing happened
        with open_store(db) as store:
            assert store.unfinished()[0].actions == stored
        # and the table goes on: the same connection acts
        mover.client.act(ai_for(mover.client.variant.id).choose(mover.client.view, random.Random(1)))
        await until(lambda: mover.client.seq > seq)
        srv.close("test over")
        await srv.shutdown()

    run(body())


class RefusalV1(msgspec.Struct, tag="refusal", tag_field="type", kw_only=True):
    """A refusal as version 1 of the protocol read it (``reason`` required)."""

    kind: str
    reason: str
    intent: str
    seq: int
    words: dict | None = None


def test_another_version_is_refused_clearly_and_nothing_comes_before_hello(tmp_path):
    async def body():
        srv = await server(tmp_path, config())
        path = places.socket_path(srv.code, tmp_path)

        def raw_lines(first: bytes) -> list[bytes]:
            raw = Raw(path)
            raw.send(first)
            while (chunk := raw.sock.recv(65536)):
                raw.buffer += chunk
            raw.close()
            return raw.buffer.splitlines()

        def talk(first: bytes) -> list:
            raw = Raw(path)
            raw.send(first)
            got = []
            while (m := raw.read()) is not None:
                got.append(m)
            raw.close()
            return got

        old = await asyncio.to_thread(talk, b'{"type":"hello","v":99,"wire":1}\n')
        assert len(old) == 1 and isinstance(old[0], Refusal) and old[0].kind == "version"
        assert "99" in said(old[0].words) and f"protocol {VERSION}" in said(old[0].words)
        # a client of version 1 reads it too: its refusal needed an English reason beside the words
        version_1 = await asyncio.to_thread(raw_lines, b'{"type":"hello","v":1,"wire":1}\n')
        [refused_v1] = [msgspec.json.decode(line, type=RefusalV1) for line in version_1]
        assert refused_v1.kind == "version" and refused_v1.reason == said(refused_v1.words)
        early = await asyncio.to_thread(talk, b'{"type":"join","name":"Eve"}\n')
        assert [m.kind for m in early] == ["hello"]
        # whatever comes first that is not a hello (a line that does not read, one too long) is
        # refused as a missing hello and the connection closed at once (issue 29)
        for first in (b"{not json\n", b'{"type":"dance"}\n', b"\xa7\xff\n", b'{"type":"hello","v":"x"}\n',
                      b'{"type":"chat","text":"' + b"x" * MAX_CLIENT_LINE + b'"}\n'):
            refused = await asyncio.to_thread(talk, first)
            assert [(m.kind, m.intent) for m in refused] == [("hello", "hello")], first[:20]
            assert "hello" in said(refused[0].words) and refused[0].reason == said(refused[0].words)
        srv.close("test over")
        await srv.shutdown()

    run(body())


def test_names_and_chat_are_cleaned_of_control_and_bidi_characters(tmp_path):
    async def body():
        srv = await server(tmp_path, config())
        alice = await Player.sit(srv.code, "Al\x1b[31mice\u202e", tmp_path)
        assert srv.info().seats[0].name == "Al [31mice"  # engine.text.clean_name: a control character is a space
        alice.conn.chat("[bold]hi[/bold]\x07\u2067 there\n")
        await until(lambda: any(isinstance(e, ChatLine) for e in alice.events))
        line = next(e for e in alice.events if isinstance(e, ChatLine))
        assert line.text == "[bold]hi[/bold] there"  # markup stays literal text; the screen escapes it
        srv.close("test over")
        await srv.shutdown()

    run(body())


def test_two_racing_for_the_last_seat_one_sits_the_other_is_told(tmp_path):
    async def body():
        srv = await server(tmp_path, config(seats=("open", "open", "ai")))
        await Player.sit(srv.code, "Alice", tmp_path)
        path = places.socket_path(srv.code, tmp_path)

        def race(name: str):
            raw = Raw(path)
            raw.send(Hello(v=VERSION, wire=WIRE_VERSION))
            assert isinstance(raw.read(), Welcome)
            raw.send(Join(name=name))
            while True:
                m = raw.read()
                if isinstance(m, Seated | Refusal):
                    raw.close()
                    return m

        first, second = await asyncio.gather(asyncio.to_thread(race, "Bob"), asyncio.to_thread(race, "Carl"))
        outcomes = sorted([type(first).__name__, type(second).__name__])
        assert outcomes == ["Refusal", "Seated"]
        refused = first if isinstance(first, Refusal) else second
        assert "no free seat" in said(refused.words) and refused.kind == "no_seat"  # each client says how to watch
        srv.close("test over")
        await srv.shutdown()

    run(body())


def test_a_long_absence_of_every_player_ends_the_server(tmp_path):
    async def body():
        srv = await server(tmp_path, config(game="macao", seats=("open", "ai")))
        alice = await Player.sit(srv.code, "Alice", tmp_path)
        srv.idle_exit_s = 0
        await alice.conn.close()
        await asyncio.wait_for(srv.closed.wait(), 20)
        assert "away" in srv.close_reason
        await srv.shutdown()
        assert not (tmp_path / f"{srv.code}.json").exists()

    run(body())


def test_the_ai_plays_for_players_gone_and_the_match_over_ends_the_server(tmp_path):
    async def body():
        db = tmp_path / "data" / "m.sqlite3"
        srv = await server(tmp_path, config(game="makao-pl", seats=("open", "open"), ai_takeover_s=0),
                           store_path=db)
        alice = await Player.sit(srv.code, "Alice", tmp_path)
        bob = await Player.sit(srv.code, "Bob", tmp_path)
        await until(lambda: alice.client.view is not None)
        await alice.conn.close()
        await bob.conn.close()
        await asyncio.wait_for(srv.closed.wait(), 60)
        assert srv.close_reason == "the match is over"
        await srv.shutdown()
        with open_store(db) as store:
            assert store.unfinished() == [] and len(store.finished()) == 1

    run(body())


def test_a_wrong_code_is_one_clear_error(tmp_path):
    with pytest.raises(ConnectError, match="no table crane-47 is open on this box: check the code") as caught:
        handshake("crane-47", "Bob", folder=tmp_path)
    assert caught.value.kind == "no_table"
    with pytest.raises(ConnectError, match="is not a join code: a code is a word and two digits") as caught:
        handshake("../../etc", "Bob", folder=tmp_path)
    assert caught.value.kind == "not_a_code"
    for typo in ("crame-47", "nope-00"):  # shaped like a code: a table that is not there
        with pytest.raises(ConnectError, match=f"no table {typo} is open on this box") as caught:
            handshake(typo, "Bob", folder=tmp_path)
        assert caught.value.kind == "no_table"
    (tmp_path / "crane-47.json").write_text("{}")  # a table that has ended left its description behind
    with pytest.raises(ConnectError, match="table crane-47 has ended") as caught:
        handshake("crane-47", "Bob", folder=tmp_path)
    assert caught.value.kind == "gone"


def test_no_byte_sent_to_a_seat_holds_a_card_it_may_not_see(tmp_path):
    """Peklo deals one deck (every card once): no card of another hand may appear in what a
    player's socket receives, in the whole first deal (the cards still in hands at each step)."""

    async def body():
        srv = await server(tmp_path, config(game="peklo", seats=("open", "open", "ai")))
        path = places.socket_path(srv.code, tmp_path)
        received = {0: bytearray(), 1: bytearray()}
        socks = {}

        def sit(name: str) -> int:
            raw = Raw(path)
            raw.send(Hello(v=VERSION, wire=WIRE_VERSION))
            raw.read()
            raw.send(Join(name=name))
            seated = raw.read()
            socks[seated.seat] = raw
            return seated.seat

        await asyncio.to_thread(sit, "Ann")
        await asyncio.to_thread(sit, "Bob")
        await until(lambda: srv.table is not None)
        match = srv.table.match

        def drain(seat: int) -> None:
            raw = socks[seat]
            raw.sock.setblocking(False)
            try:
                while chunk := raw.sock.recv(1 << 20):
                    received[seat].extend(chunk)
            except BlockingIOError:
                pass

        for _ in range(200):
            await asyncio.sleep(0.01)
            for seat in (0, 1):
                drain(seat)
                for other in range(3):
                    if other == seat:
                        continue
                    for card in match.state.view(other).hand:  # still hidden in the other's hand
                        assert f'"{card}"'.encode() not in received[seat], (seat, other, card)
            state = match.state
            if state.is_over or match.is_over:
                break
            seat = state.to_act
            if seat in (0, 1):
                action = ai_for("peklo").choose(state.view(seat), random.Random(len(received[0])))
                socks[seat].sock.setblocking(True)
                socks[seat].send(Act(seq=srv.table.seq, action=to_wire(action)))
        for raw in socks.values():
            raw.close()
        srv.close("test over")
        await srv.shutdown()

    run(body())


def test_the_next_deal_waits_until_every_player_has_seen_the_result(tmp_path):
    async def body():
        srv = await server(tmp_path, config(game="peklo", seats=("open", "open", "ai")))
        alice = await Player.sit(srv.code, "Alice", tmp_path)
        bob = await Player.sit(srv.code, "Bob", tmp_path)
        await until(lambda: alice.client.view is not None and bob.client.view is not None)
        for _ in range(200):  # deal 1 is one card each
            if alice.client.update.deal_over:
                break
            play_turns([alice, bob], 1)
            await asyncio.sleep(0.01)
        await until(lambda: alice.client.update.deal_over and bob.client.update.deal_over)
        assert alice.client.deal_number == 1
        alice.client.next_deal()
        await until(lambda: any(getattr(e, "kind", "") == "waiting" for e in alice.messages))
        waiting = next(e for e in alice.messages if getattr(e, "kind", "") == "waiting")
        assert "Bob" in said(waiting.words) and alice.client.deal_number == 1
        bob.client.next_deal()
        await until(lambda: alice.client.deal_number == 2 == bob.client.deal_number)
        assert not alice.refusals() and not bob.refusals()
        srv.close("test over")
        await srv.shutdown()

    run(body())


def test_a_rogue_client_is_refused_with_a_reason_each_time_and_the_table_goes_on(tmp_path):
    """As a rogue client would try it: acting for another seat (by naming it), a repeated action
    (an old seq), a field the protocol has not, a 1 MB line, joining twice, a watcher acting."""

    async def body():
        db = tmp_path / "data" / "m.sqlite3"
        srv = await server(tmp_path, config(seats=("open", "open")), store_path=db)
        alice = await Player.sit(srv.code, "Alice", tmp_path)
        bob = await Player.sit(srv.code, "Bob", tmp_path)
        await until(lambda: alice.client.view is not None and bob.client.view is not None)
        mover, other = (alice, bob) if alice.client.to_act == 0 else (bob, alice)
        seq = mover.client.seq
        # the one to wait names the mover's seat in the scenario form
        other.conn.send(Act(seq=seq, action={"seat": mover.seated.seat, "do": "draw"}))
        await until(lambda: other.refusals())
        refused = other.refusals()[-1]  # seats in words are numbered from 1
        assert refused.kind == "seat" and f"plays seat {other.seated.seat + 1}," in said(refused.words)
        # a field the protocol has not (a seat beside the action) is no message at all
        other.conn.writer.write(json.dumps({"type": "act", "seq": seq, "seat": mover.seated.seat,
                                            "action": {"do": "draw"}}).encode() + b"\n")
        await until(lambda: len(other.refusals()) >= 2)
        assert other.refusals()[-1].kind == "garbage" and "seat" in said(other.refusals()[-1].words)
        # a 1 MB line is read through, refused, and the connection stays in step
        other.conn.writer.write(b'{"type":"chat","text":"' + b"y" * (1 << 20) + b'"}\n')
        await until(lambda: len(other.refusals()) >= 3)
        assert other.refusals()[-1].kind == "too_long"
        other.conn.send(Join(name="Again"))
        await until(lambda: len(other.refusals()) >= 4)
        assert other.refusals()[-1].kind == "join" and "already" in said(other.refusals()[-1].words)
        # the mover acts; the same message sent again is stale
        action = ai_for(mover.client.variant.id).choose(mover.client.view, random.Random(1))
        mover.conn.send(Act(seq=seq, action=to_wire(action)))
        await until(lambda: mover.client.seq > seq)
        mover.conn.send(Act(seq=seq, action=to_wire(action)))
        await until(lambda: mover.refusals())
        assert mover.refusals()[-1].kind == "stale" and said(mover.refusals()[-1].words)
        # a watcher may look, not act
        raw = Raw(places.socket_path(srv.code, tmp_path))
        raw.send(Hello(v=VERSION, wire=WIRE_VERSION))
        assert isinstance(await asyncio.to_thread(raw.read), Welcome)
        raw.send(Watch())
        now = mover.client.seq
        first = await asyncio.to_thread(raw.read)
        assert first.seat is None and first.seq == now
        raw.send(Act(seq=now, action={"do": "draw"}))
        raw.send(Start(fill_ai=True))
        answers = [await asyncio.to_thread(raw.read) for _ in range(2)]
        kinds = [(a.intent, a.kind) for a in answers if isinstance(a, Refusal)]
        assert ("act", "seat") in kinds and ("start", "start") in kinds and all(said(a.words) for a in answers)
        raw.close()
        with open_store(db) as store:
            assert store.unfinished()[0].actions == srv.table.match.action_count
        assert srv.table.seq == now  # nothing but the mover's one action happened
        srv.close("test over")
        await srv.shutdown()

    run(body())


def test_undo_at_a_shared_table_is_refused_while_a_player_is_away_and_the_ai_plays_for_them(tmp_path):
    """Alice left, the AI plays her seat: Bob's undo would take back her AI's move too and show him
    the cards it played back in her hand (issue 29). Refused, nothing changes."""

    async def body():
        db = tmp_path / "data" / "m.sqlite3"
        srv = await server(tmp_path, config(seats=("open", "open", "ai"), ai_takeover_s=0), store_path=db)
        alice = await Player.sit(srv.code, "Alice", tmp_path)
        bob = await Player.sit(srv.code, "Bob", tmp_path)
        await until(lambda: alice.client.view is not None and bob.client.view is not None)
        await alice.conn.close()
        await until(lambda: srv.info().seats[0].ai_playing)
        for _ in range(400):  # Bob plays until he has moved and it is his turn again
            if any(e.seat == 1 for e in bob.client.log) and bob.client.to_act == 1:
                break
            play_turns([bob], 1)
            await asyncio.sleep(0.01)
        await until(lambda: any(e.seat == 1 for e in bob.client.log) and bob.client.to_act == 1)
        assert bob.client.undo_refused == ("undo is off with several players at the table: it would take "
                                                  "back the others' moves")
        seq = bob.client.seq
        bob.conn.send(Undo(seq=seq))
        await until(lambda: bob.refusals())
        assert bob.refusals()[-1].kind == "undo" and bob.refusals()[-1].intent == "undo"
        assert srv.table.seq == seq and bob.client.seq == seq
        srv.close("test over")
        await srv.shutdown()

    run(body())


def _kept(player: Player) -> None:
    """The client has written its new token down (what :func:`makao_tui.net.client.sit` says)."""
    player.conn.send(Kept())


async def _barrier(player: Player, word: str) -> None:
    """Wait until the server has read everything ``player`` sent before: it answers a chat line
    in order."""
    player.conn.chat(word)
    await until(lambda: any(isinstance(e, ChatLine) and e.text == word for e in player.events))


def test_a_seat_token_works_until_the_client_has_kept_the_one_that_replaces_it(tmp_path):
    """Every rejoin hands out a new token. A client that dies before writing it down still holds
    the old one, which must take the seat back (it said "'Bob' sits at this table already" for
    good, issue 29); once the client says it kept the new one, the old one is refused."""

    async def body():
        srv = await server(tmp_path, config(seats=("open", "open", "ai")))
        _alice = await Player.sit(srv.code, "Alice", tmp_path)  # named: else collected, and closed
        bob = await Player.sit(srv.code, "Bob", tmp_path)
        await until(lambda: bob.client.view is not None)
        first = bob.seated.token
        _kept(bob)
        await bob.conn.close()
        await until(lambda: not srv.info().seats[1].connected)
        again = await Player.sit(srv.code, "Bob", tmp_path, token=first)  # handed a new token...
        assert again.seated.seat == 1 and again.seated.token != first
        await again.conn.close()  # ...and gone before writing it down
        await until(lambda: not srv.info().seats[1].connected)
        back = await Player.sit(srv.code, "Bob", tmp_path, token=first)
        assert back.seated.seat == 1
        _kept(back)
        await _barrier(back, "kept")
        await back.conn.close()
        await until(lambda: not srv.info().seats[1].connected)
        for old in (first, again.seated.token):
            with pytest.raises(ConnectError, match="not one of this table"):
                await asyncio.to_thread(handshake, srv.code, "Bob", old, False, tmp_path)
        last = await Player.sit(srv.code, "Bob", tmp_path, token=back.seated.token)
        assert last.seated.seat == 1
        srv.close("test over")
        await srv.shutdown()

    run(body())


def test_the_unix_user_who_sat_there_takes_his_seat_back_by_its_name(tmp_path, monkeypatch):
    """Bob's tokens are lost (a second terminal with another data folder, a deleted file): the
    Unix user who sat at the seat takes it back by its name (SO_PEERCRED); another user, or a
    player of a door of this user's, who gives the name is refused as before (issue 29)."""

    async def body():
        srv = await server(tmp_path, config(seats=("open", "open", "ai")))
        _alice = await Player.sit(srv.code, "Alice", tmp_path)  # named: else collected, and closed
        bob = await Player.sit(srv.code, "Bob", tmp_path)
        await until(lambda: bob.client.view is not None)
        with pytest.raises(ConnectError, match="held by another connection"):  # he is still there
            await asyncio.to_thread(handshake, srv.code, "Bob", None, False, tmp_path)
        await bob.conn.close()
        await until(lambda: not srv.info().seats[1].connected)
        path = places.socket_path(srv.code, tmp_path)

        def join_as(hello: Hello) -> Refusal | Seated:
            raw = Raw(path)
            raw.send(hello)
            assert isinstance(raw.read(), Welcome)
            raw.send(Join(name="bob"))
            while not isinstance(m := raw.read(), Refusal | Seated):
                pass
            raw.close()
            return m

        door = await asyncio.to_thread(join_as, Hello(v=VERSION, wire=WIRE_VERSION, door=DoorPlayer("ssh", "Bob")))
        real_uid = places.peer_uid

        def another_user(sock):  # the server sees the next connection as another Unix user
            uid = real_uid(sock)
            return uid + 1 if sock.getsockname() and uid is not None else uid

        monkeypatch.setattr(places, "peer_uid", another_user)
        other = await asyncio.to_thread(join_as, Hello(v=VERSION, wire=WIRE_VERSION))
        monkeypatch.setattr(places, "peer_uid", real_uid)
        for refused in (door, other):
            assert isinstance(refused, Refusal) and refused.kind == "join"
            assert "'bob' sits at this table already" in said(refused.words)
        assert not srv.info().seats[1].connected
        back = await Player.sit(srv.code, "Bob", tmp_path)  # no token: his Unix user is enough
        assert back.seated.seat == 1
        await until(lambda: back.client.view is not None and srv.info().seats[1].connected)
        assert srv.info().seats[1].name == "Bob"
        srv.close("test over")
        await srv.shutdown()

    run(body())


def test_sit_writes_the_new_token_down_then_the_old_one_stops_working(tmp_path):
    """What ``makao join`` and the start screen do (:func:`makao_tui.net.client.sit`): the kept
    token takes the seat back, the new one is written down and only then is the server told;
    a token file that holds a token the table no longer knows does not lock the player out (the
    same Unix user sits by name again, issue 29)."""

    async def body():
        srv = await server(tmp_path, config(seats=("open", "open", "ai")))
        _alice = await Player.sit(srv.code, "Alice", tmp_path)  # named: else collected, and closed

        async def bob_sits() -> Player:
            shake = await asyncio.to_thread(sit, srv.code, "Bob", False, tmp_path)
            player = Player(await Connection.from_handshake(shake), shake.seated)
            await _barrier(player, f"here {shake.seated.token}")
            return player

        async def bob_leaves(player: Player) -> None:
            await player.conn.close()
            await until(lambda: not srv.info().seats[1].connected)

        bob = await bob_sits()
        first = bob.seated.token
        assert remembered_token(srv.code, srv.info(), "Bob") == first
        await bob_leaves(bob)
        bob = await bob_sits()  # with the kept token: the same seat, a new token kept
        assert bob.seated.seat == 1 and bob.seated.token != first
        assert remembered_token(srv.code, srv.info(), "Bob") == bob.seated.token
        await bob_leaves(bob)
        with pytest.raises(ConnectError, match="not one of this table"):
            await asyncio.to_thread(handshake, srv.code, "Bob", first, False, tmp_path)
        remember_seat(srv.code, srv.info(), Seated(seat=1, token=first), "Bob")  # a stale token file
        bob = await bob_sits()
        assert bob.seated.seat == 1 and remembered_token(srv.code, srv.info(), "Bob") == bob.seated.token
        srv.close("test over")
        await srv.shutdown()

    run(body())


FLOOD = 200


def test_a_flood_of_one_users_connections_leaves_room_for_the_other_players(tmp_path, monkeypatch):
    """Another Unix user holds 200 connections open without a word: every one is queued (the
    listen backlog), 16 are kept and the others refused as ``busy`` and closed, and a player who
    joins meanwhile sits down (102 connect() calls failed with EAGAIN and the player with them,
    issue 29). The flood's sockets are bound to abstract names, which the server's end reads as
    their peer's: they stand for another user's."""

    async def body():
        srv = await server(tmp_path, config(seats=("open", "open", "ai")))
        path = places.socket_path(srv.code, tmp_path)
        real_uid = places.peer_uid
        flood_uid = os.getuid() + 1
        tag = f"makao-flood-{os.getpid()}-".encode()

        def peer_uid(sock):
            peer = sock.getpeername()
            if isinstance(peer, bytes) and peer.startswith(b"\0" + tag):
                return flood_uid
            return real_uid(sock)

        monkeypatch.setattr(places, "peer_uid", peer_uid)

        def flood() -> tuple[list[socket.socket], int]:
            socks, failed = [], 0
            for i in range(FLOOD):
                sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
                sock.bind(b"\0" + tag + str(i).encode())
                sock.setblocking(False)
                try:
                    sock.connect(str(path))
                except BlockingIOError:
                    failed += 1
                    sock.close()
                    continue
                socks.append(sock)
            return socks, failed

        socks, failed = await asyncio.to_thread(flood)
        with open("/proc/sys/net/core/somaxconn") as limit:
            if int(limit.read()) > FLOOD:  # the kernel lets the server queue them all
                assert failed == 0
        alice = await Player.sit(srv.code, "Alice", tmp_path)
        assert alice.seated.seat == 0
        received = {sock: b"" for sock in socks}
        ended: set[socket.socket] = set()

        def read_refused() -> int:
            for sock in socks:
                if sock in ended:
                    continue
                try:
                    while chunk := sock.recv(65536):
                        received[sock] += chunk
                    ended.add(sock)
                except BlockingIOError:
                    pass
            return len(ended)

        await until(lambda: read_refused() == len(socks) - MAX_PER_USER)
        assert sum(c.uid == flood_uid for c in srv.conns) == MAX_PER_USER
        for sock in ended:
            (refused,) = [decode_server(line) for line in received[sock].splitlines()]
            assert refused.kind == "busy" and f"table {srv.code} is busy" in said(refused.words)
        for sock in socks:
            sock.close()
        srv.close("test over")
        await srv.shutdown()

    run(body())


@pytest.mark.parametrize("kind", ["busy", "full"])
def test_a_player_refused_on_arrival_is_told_why_not_a_broken_pipe(tmp_path, monkeypatch, kind):
    """A table with all the connections it takes (64, or 16 of this Unix user's) sends its
    refusal and closes the connection as soon as it accepts it, without waiting for ``hello``:
    the client, whose hello then met a closed end, said "table crane-47 did not answer
    properly: [Errno 32] Broken pipe" (two joins in three during a flood, tried by hand, issue 29
    item 4). It reads what the table said instead. Here the table closes before the client
    sends its hello: the client learns the table's user only once it has closed."""
    code = "crane-47"
    path = places.socket_path(code, tmp_path)
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    listener.bind(str(path))
    listener.listen(1)
    refusal = greeting_refusal(kind, "table {code} is busy" if kind == "busy" else "table {code} is full", code=code)
    closed = threading.Event()

    def refuse() -> None:
        conn, _ = listener.accept()
        conn.sendall(encode(refusal))
        conn.close()
        closed.set()

    refuser = threading.Thread(target=refuse)
    refuser.start()
    real_peer_uid = places.peer_uid

    def peer_uid_once_closed(sock: socket.socket) -> int | None:
        closed.wait()
        return real_peer_uid(sock)

    monkeypatch.setattr(places, "peer_uid", peer_uid_once_closed)
    try:
        with pytest.raises(ConnectError, match=f"table crane-47 refused: table crane-47 is {kind}") as caught:
            handshake(code, "Bob", folder=tmp_path)
        assert caught.value.refusal is not None and caught.value.refusal.kind == kind
    finally:
        refuser.join()
        listener.close()


def test_a_table_whose_queue_of_connections_is_full_is_busy_not_an_error(tmp_path):
    """connect() fails with EAGAIN while the server's queue of connections is full: the client
    tries again for its timeout, then says the table is busy (it said "Resource temporarily
    unavailable", issue 29)."""
    code = "crane-47"
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    listener.bind(str(places.socket_path(code, tmp_path)))
    listener.listen(0)  # a server that does not accept: its queue fills at once
    waiting = []
    try:
        while True:
            sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            sock.setblocking(False)
            waiting.append(sock)
            sock.connect(str(places.socket_path(code, tmp_path)))
    except BlockingIOError:
        pass
    with pytest.raises(ConnectError, match="table crane-47 is busy") as caught:
        handshake(code, "Bob", folder=tmp_path, timeout=0.3)
    assert caught.value.kind == "busy"
    for sock in [*waiting, listener]:
        sock.close()
