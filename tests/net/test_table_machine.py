"""Several clients at one shared table on a real Unix socket, driven by a hypothesis state machine
(issue 29): valid moves, stale, out-of-turn and other-seat actions, illegal ones, garbage and
oversized lines (also before ``hello``), joins, disconnects and rejoins (with the newest token, an
old one, or none: the same Unix user by name), the AI taking a seat over, watchers, starting
early, the next deal and undo, the log's earlier entries read back (any range, rogue ones too),
over the four games.

After every step (its messages all delivered: a watcher's chat line, which the server sends to
every greeted client in order, is waited for twice) the machine checks that the table goes on
(the server answers and has not closed unless the match is over), that no line a client received
holds a card its receiver may not know (the knowledge is the engine's: every card in the seat's
own view, in every event it may read, and the hands shown at a deal's end; a watcher or a client
without a seat knows what is public), that the table's cards are conserved, and that every
refusal has a kind the protocol names and a reason. An undo
the table carries out sends nobody a card they were not sent before.

The server runs in an event loop of its own thread; the machine reads the server's state only
on that thread. Waits are bounded by generous timeouts on the sockets, never by a clock.
"""

from __future__ import annotations

import asyncio
import contextlib
import shutil
import socket
import tempfile
import threading
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from makao_tui.engine.actions import action_from_json
from makao_tui.engine.cards import ALL_CARDS, deck
from makao_tui.engine.state import IllegalAction
from makao_tui.games import get_variant
from makao_tui.games.macao_rules import DECKS
from makao_tui.net import places
from makao_tui.net.protocol import (
    MAX_CLIENT_LINE,
    VERSION,
    Act,
    Chat,
    ChatLine,
    Hello,
    Join,
    Kept,
    NextDeal,
    Older,
    Seated,
    Start,
    Undo,
    Watch,
    Welcome,
    decode_server,
    encode,
)
from makao_tui.table import WIRE_VERSION, LogPage, Refusal, Update, said
from makao_tui.table import service as table_service
from tests.table.test_privacy import CARD_STRING, engine_cards

from .util import config, server

#: seconds a client waits for the server's next line: a bound for a stuck server only
WAIT_S = 60.0
#: the refusal kinds docs/protocol.md and makao_tui/table/wire.py name
KINDS = {"garbage", "too_long", "version", "full", "busy", "hello", "join", "no_seat", "start", "seat", "stale",
         "not_your_turn", "illegal", "no_deal", "undo", "hint", "hint_failed", "older"}
NAMES = ("Ann", "Bob", "Cid")


class Peer:
    """One client's socket: what it sent is raw bytes, what it received is kept line by line."""

    def __init__(self, path: Path) -> None:
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.settimeout(WAIT_S)
        self.sock.connect(str(path))
        self.buffer = b""
        self.lines: list[bytes] = []
        self.messages: list[Any] = []
        self.checked = 0  # lines already checked for cards
        self.open = True
        self.greeted = False
        self.seat: int | None = None
        self.token: str | None = None
        self.update: Update | None = None

    def send(self, data: bytes | Any) -> None:
        self.sock.sendall(data if isinstance(data, bytes) else encode(data))

    def read(self) -> Any:
        """The next message (None once the server has closed the connection)."""
        while b"\n" not in self.buffer:
            chunk = self.sock.recv(1 << 20)
            if not chunk:
                self.open = False
                return None
            self.buffer += chunk
        line, self.buffer = self.buffer.split(b"\n", 1)
        self.lines.append(line)
        message = decode_server(line)
        self.messages.append(message)
        if isinstance(message, Update):
            self.update = message
        return message

    def until(self, wanted) -> Any:
        while True:
            message = self.read()
            assert message is not None, "the table closed a connection it should have kept"
            if wanted(message):
                return message

    def hello(self) -> None:
        self.send(Hello(v=VERSION, wire=WIRE_VERSION, client="machine"))
        assert isinstance(self.until(lambda m: True), Welcome)
        self.greeted = True

    @property
    def seq(self) -> int:
        return self.update.seq if self.update is not None else 0

    def close(self) -> None:
        self.open = False
        with contextlib.suppress(OSError):
            self.sock.close()


class ServerThread:
    """An event loop in a thread of its own, the table server's."""

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()

    def run(self, coro) -> Any:
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result(WAIT_S)

    def call(self, fn, *args) -> Any:
        """``fn(*args)`` on the loop's thread (the server's state is read only there)."""

        async def call() -> Any:
            return fn(*args)

        return self.run(call())

    def stop(self) -> None:
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(WAIT_S)
        self.loop.close()


def table_cards(state) -> Counter:
    """Every card of the deal under way, wherever it is (hands, stock, pile, shoe, tricks)."""
    hands = [c for hand in state.hands for c in hand]
    if hasattr(state, "pile"):  # the shedding games
        return Counter(hands + list(state.stock) + list(state.pile))
    if hasattr(state, "shoe"):  # macao: the shoe and what left it (this hand's cards among them)
        return Counter(state.shoe_cards() + state.used_cards())
    return Counter(hands + list(state.trick) + [c for trick in state.history for c in trick.cards])  # peklo


class TableMachine(RuleBasedStateMachine):
    """See the module docstring. ``game``: the variant played. Each illegal action's refusal
    must have a finer kind than plain ``illegal`` (issue 28)."""

    game = "makao-ru"

    def __init__(self) -> None:
        super().__init__()
        self.folder = Path(tempfile.mkdtemp(prefix="makao-machine-"))
        self.thread = ServerThread()
        self.srv: Any = None
        self.peers: list[Peer] = []
        self.away: dict[int, list[str]] = {}  # seat -> tokens it was handed, oldest first
        self.rounds = 0
        self.over = False
        self.variant = get_variant(self.game)

    # ---------------------------------------------------------------- setting up and helpers

    @initialize(humans=st.integers(1, 2), seed=st.integers(0, 2**31 - 1), full=st.booleans())
    def open_table(self, humans: int, seed: int, full: bool = False) -> None:
        """A table of three seats, ``humans`` of them open; ``full``: players take them at once
        (the match starts)."""
        seats = ("open",) * humans + ("ai",) * (3 - humans)
        cfg = config(self.game, seats, ai_takeover_s=3600, idle_exit_s=3600)
        self.srv = self.thread.run(server(self.folder, cfg, seed=seed, store_path=self.folder / "m.sqlite3"))
        self.path = places.socket_path(self.srv.code, self.folder)
        self.observer = self.connect()
        self.observer.hello()
        self.observer.send(Watch())
        self.sync()
        for name in NAMES[:humans] if full else ():
            self.sit(name)

    def connect(self) -> Peer:
        peer = Peer(self.path)
        self.peers.append(peer)
        return peer

    def live(self) -> list[Peer]:
        return [p for p in self.peers if p.open and p.greeted]

    def seated(self) -> list[Peer]:
        return [p for p in self.live() if p.seat is not None]

    def sync(self) -> None:
        """Wait until every greeted client has received all the step caused: the server sends the
        observer's chat line to each of them in order; twice, so that what the step left to the
        loop's next turns (the next deal the server starts, its end) has gone out too."""
        for _round in range(2):
            if self.thread.call(lambda: self.srv.closed.is_set()):
                self.over = True
                return
            self.rounds += 1
            word = f"sync {self.rounds}"
            self.observer.send(encode_chat(word))
            for peer in self.live():
                peer.until(lambda m, word=word: isinstance(m, ChatLine) and m.text == word)

    def new_refusals(self, peer: Peer, since: int) -> list[Refusal]:
        return [m for m in peer.messages[since:] if isinstance(m, Refusal)]

    def started(self) -> bool:
        return self.thread.call(lambda: self.srv.table is not None)

    # ---------------------------------------------------------------- who comes and goes

    @precondition(lambda self: not self.over and len(self.peers) < 12)
    @rule(name=st.sampled_from(NAMES))
    def sit(self, name: str) -> None:
        peer = self.connect()
        peer.hello()
        peer.send(Join(name=name))
        answer = peer.until(lambda m: isinstance(m, Seated) or (isinstance(m, Refusal) and m.intent == "join"))
        if isinstance(answer, Seated):
            self.seat_taken(peer, answer)
            peer.send(Kept())
        else:
            assert answer.kind in ("join", "no_seat"), answer
        self.sync()

    def seat_taken(self, peer: Peer, seated: Seated) -> None:
        assert not any(p.seat == seated.seat for p in self.seated() if p is not peer), "a seat held twice"
        peer.seat, peer.token = seated.seat, seated.token
        self.away.pop(seated.seat, None)

    @precondition(lambda self: not self.over and self.away)
    @rule(data=st.data())
    def rejoin(self, data) -> None:
        seat = data.draw(st.sampled_from(sorted(self.away)))
        tokens = self.away[seat]
        token = data.draw(st.sampled_from([*tokens, None]))
        keep = data.draw(st.booleans())
        peer = self.connect()
        peer.hello()
        name = self.thread.call(lambda: self.srv.seats[seat].name)
        peer.send(Join(name=name, token=token))
        answer = peer.until(lambda m: isinstance(m, Seated) or (isinstance(m, Refusal) and m.intent == "join"))
        if isinstance(answer, Seated):
            assert answer.seat == seat
            self.seat_taken(peer, answer)
            if keep:
                peer.send(Kept())
        else:  # only a token older than the one the client kept is refused
            assert answer.kind == "join" and token is not None and token != tokens[-1], answer
        self.sync()

    @precondition(lambda self: not self.over and self.seated())
    @rule(data=st.data(), bye=st.booleans(), ai_takes_over=st.booleans())
    def leave(self, data, bye: bool, ai_takes_over: bool) -> None:
        """A player goes (saying bye or not); ``ai_takes_over``: the AI-takeover delay runs out."""
        peer = data.draw(st.sampled_from(self.seated()))
        if bye:
            peer.send(b'{"type":"bye"}\n')
        peer.close()
        assert peer.seat is not None and peer.token is not None
        self.away.setdefault(peer.seat, []).append(peer.token)
        self.settle_leaving(peer.seat)
        self.sync()
        if ai_takes_over and self.seated():
            self.time_passes()

    def settle_leaving(self, seat: int) -> None:
        """Wait (bounded) until the server has seen the seat's connection end."""
        for _ in range(1000):
            if not self.thread.call(lambda: self.srv.seats[seat].conn is not None):
                return
        raise AssertionError("the server never saw the connection end")

    @precondition(lambda self: not self.over and self.seated())
    @rule()
    def time_passes(self) -> None:
        """The AI-takeover delay runs out for every seat whose player is away (while one player
        sits: with every seat the AI's the match would play itself out in one step)."""

        def fire() -> None:
            for seat, s in enumerate(self.srv.seats):
                if s.takeover is not None:
                    s.takeover.cancel()
                    self.srv._take_over(seat)

        self.thread.call(fire)
        self.sync()

    @precondition(lambda self: not self.over and len(self.peers) < 12)
    @rule()
    def watch(self) -> None:
        peer = self.connect()
        peer.hello()
        peer.send(Watch())
        self.sync()

    @precondition(lambda self: not self.over and self.seated())
    @rule(data=st.data())
    def start_early(self, data) -> None:
        peer = data.draw(st.sampled_from(self.live()))
        since = len(peer.messages)
        was = self.started()
        peer.send(Start(fill_ai=True))
        self.sync()
        if was:
            assert [r.kind for r in self.new_refusals(peer, since)] == ["start"]
        else:
            assert self.over or self.started()

    # ---------------------------------------------------------------- play, good and bad

    def to_act(self) -> Peer | None:
        for peer in self.seated():
            update = peer.update
            if update is not None and update.to_act == peer.seat and not update.deal_over:
                return peer
        return None

    @precondition(lambda self: not self.over and self.to_act() is not None)
    @rule(data=st.data())
    def act(self, data) -> None:
        peer = self.to_act()
        assert peer is not None and peer.update is not None
        action = data.draw(st.sampled_from(peer.update.view["legal"]))
        since = len(peer.messages)
        peer.send(Act(seq=peer.seq, action=action))
        self.sync()
        assert self.new_refusals(peer, since) == [], "a legal action of the seat to act was refused"

    @precondition(lambda self: not self.over and self.seated())
    @rule(data=st.data())
    def next_deal(self, data) -> None:
        peer = data.draw(st.sampled_from(self.seated()))
        since = len(peer.messages)
        peer.send(NextDeal(seq=peer.seq))
        self.sync()
        for refusal in self.new_refusals(peer, since):
            assert refusal.kind in ("no_deal", "seat", "stale"), refusal

    @precondition(lambda self: not self.over and self.seated())
    @rule(data=st.data(), ahead=st.integers(1, 5))
    def act_stale(self, data, ahead: int) -> None:
        peer = data.draw(st.sampled_from(self.seated()))
        since = len(peer.messages)
        seq = peer.seq - ahead if peer.seq >= ahead else peer.seq + ahead
        peer.send(Act(seq=seq, action={"do": "draw"}))
        self.sync()
        assert [r.kind for r in self.new_refusals(peer, since)] in (["stale"], ["seat"])

    @precondition(lambda self: not self.over and self.seated())
    @rule(data=st.data())
    def act_out_of_turn(self, data) -> None:
        waiting = [p for p in self.seated() if p is not self.to_act()]
        if not waiting:
            return
        peer = data.draw(st.sampled_from(waiting))
        since = len(peer.messages)
        peer.send(Act(seq=peer.seq, action={"do": "draw"}))
        self.sync()
        assert [r.kind for r in self.new_refusals(peer, since)] in (["not_your_turn"], ["seat"], ["stale"])

    @precondition(lambda self: not self.over and self.seated())
    @rule(data=st.data(), other=st.integers(0, 2))
    def act_for_another_seat(self, data, other: int) -> None:
        peer = data.draw(st.sampled_from(self.seated()))
        if other == peer.seat:
            other = (other + 1) % 3
        since = len(peer.messages)
        peer.send(Act(seq=peer.seq, action={"seat": other, "do": "draw"}))
        self.sync()
        assert [r.kind for r in self.new_refusals(peer, since)] == ["seat"]

    @precondition(lambda self: not self.over and self.to_act() is not None)
    @rule(action=st.sampled_from([{"do": "bid", "tricks": 99}, {"do": "play", "card": "XX"},
                                  {"do": "fly"}]))
    def act_illegal(self, action: dict) -> None:
        peer = self.to_act()
        assert peer is not None
        since = len(peer.messages)
        engine_kind = None
        if action["do"] == "bid":  # what the engine says of it, on the server's thread

            def kind() -> str | None:
                state = self.srv.table.match.state.clone()
                try:
                    state.apply(action_from_json(action))
                except IllegalAction as exc:
                    return exc.kind
                return None

            engine_kind = self.thread.call(kind)
        peer.send(Act(seq=peer.seq, action=action))
        self.sync()
        refused = self.new_refusals(peer, since)
        assert [r.kind for r in refused] == ["illegal"], refused
        if engine_kind is not None:
            assert engine_kind != "illegal", f"{self.game}: a refusal of {action} says only 'illegal'"

    @precondition(lambda self: not self.over and self.live())
    @rule(data=st.data(), junk=st.binary(max_size=40).filter(lambda b: b"\n" not in b))
    def garbage(self, data, junk: bytes) -> None:
        peer = data.draw(st.sampled_from(self.live()))
        since = len(peer.messages)
        peer.send(b"#" + junk + b"\n")
        self.sync()
        refused = self.new_refusals(peer, since)
        assert [r.kind for r in refused] == ["garbage"], refused

    @precondition(lambda self: not self.over and self.live())
    @rule(data=st.data(), extra=st.integers(0, 3 * MAX_CLIENT_LINE))
    def oversized(self, data, extra: int) -> None:
        peer = data.draw(st.sampled_from(self.live()))
        since = len(peer.messages)
        peer.send(b'{"type":"chat","text":"' + b"x" * (MAX_CLIENT_LINE + extra) + b'"}\n')
        self.sync()
        assert [r.kind for r in self.new_refusals(peer, since)] == ["too_long"]

    @precondition(lambda self: not self.over)
    @rule(junk=st.sampled_from([b"{not json", b'{"type":"act","seq":0,"action":{}}', b"\xa7\xff",
                                b'{"type":"chat","text":"' + b"y" * MAX_CLIENT_LINE + b'"}']))
    def garbage_before_hello(self, junk: bytes) -> None:
        peer = self.connect()
        peer.send(junk + b"\n")
        answers = []
        while (message := peer.read()) is not None:
            answers.append(message)
        assert [(m.kind, m.intent) for m in answers] == [("hello", "hello")]
        peer.close()
        self.sync()

    @precondition(lambda self: not self.over and self.seated())
    @rule(data=st.data())
    def undo(self, data) -> None:
        peer = data.draw(st.sampled_from(self.seated()))
        before = {id(p): len(p.lines) for p in self.live()}
        sent_before = {id(p): cards_sent(p.lines) for p in self.live()}
        since = len(peer.messages)
        peer.send(Undo(seq=peer.seq))
        self.sync()
        refused = self.new_refusals(peer, since)
        if refused:
            assert [r.kind for r in refused] in (["undo"], ["stale"], ["seat"]), refused
            return
        humans = self.thread.call(lambda: sum(not s.is_ai for s in self.srv.table.seats))
        assert humans == 1, "an undo was carried out with another person at the table"
        for p in self.live():  # nothing the undo sent is news to anyone
            if id(p) in before:
                shown = cards_sent(p.lines[before[id(p)]:])
                assert shown <= sent_before[id(p)], f"{self.game}: the undo showed {shown - sent_before[id(p)]}"

    @precondition(lambda self: not self.over and self.live())
    @rule(data=st.data(), back=st.integers(-3, 40),
          count=st.one_of(st.integers(-2, 60), st.integers(-2**63, 2**63 - 1)))
    def read_older(self, data, back: int, count: int) -> None:
        """Any client asks for ``count`` entries before the log's end less ``back`` (beyond either
        end too): a page of what its seat may see (the invariant checks its cards), or a refusal."""
        peer = data.draw(st.sampled_from(self.live()))
        end = self.thread.call(lambda: self.srv.table.log_end if self.srv.table is not None else 0) - back
        since = len(peer.messages)
        peer.send(Older(end=end, count=count))
        self.sync()
        answers = [m for m in peer.messages[since:] if isinstance(m, LogPage) or
                   (isinstance(m, Refusal) and m.intent == "older")]
        assert len(answers) == 1, answers
        page = answers[0]
        if isinstance(page, LogPage):
            assert 0 <= page.start <= page.end == end and page.end - page.start == min(count, end)
            assert len(page.log) == page.end - page.start
        else:
            assert page.kind == "older"

    @precondition(lambda self: self.over)
    @rule()
    def the_match_is_over(self) -> None:
        """Nothing more to do at a table whose match has ended (the AI may finish it alone)."""
        assert self.thread.call(lambda: self.srv.closed.is_set())

    # ---------------------------------------------------------------- after every step

    @invariant()
    def the_table_goes_on_and_shows_no_hidden_card(self) -> None:
        if self.srv is None:
            return
        report = self.thread.call(self.look)
        if report is None:  # the match is over: the server closes
            self.over = True
            return
        known, cards, full = report
        assert cards == full or full is None, f"{self.game}: cards not conserved: {cards - full} {full - cards}"
        for peer in self.peers:
            seat = peer.seat
            for line in peer.lines[peer.checked:]:
                leaked = set(CARD_STRING.findall(line.decode())) - known[seat]
                assert not leaked, f"{self.game}: a client of seat {seat} was sent {leaked}: {line[:200]!r}"
            peer.checked = len(peer.lines)
            for message in peer.messages:
                if isinstance(message, Refusal):
                    assert message.kind in KINDS and said(message.words), message

    def look(self) -> tuple[dict[int | None, set[str]], Counter, Counter | None] | None:
        """On the server's thread: what each seat (and a watcher, None) may know, the deal's cards,
        and the cards the deal must hold (None: checked otherwise); None once the match is over."""
        srv = self.srv
        if srv.closed.is_set():
            return None
        table = srv.table
        seats = len(srv.seats)
        known: dict[int | None, set[str]] = {s: set() for s in [*range(seats), None]}
        if table is None:
            return known, Counter(), None
        match = table.match
        # (rebuilt from the store, at once)
        let_go = table_service._drain(table._read(0, table._log_start)) if table._log_start else []
        for entry in [*let_go, *table._log]:
            for event in entry.events:
                for r in known:
                    if event.private_to is None or event.private_to == r:
                        known[r] |= engine_cards(event)
        views = [engine_cards(match.state.view(s)) for s in range(seats)]
        for s in range(seats):
            known[s] |= views[s]
        known[None] |= set.intersection(*views)
        for deal in match.deals:
            # what every seat saw of a deal face up (its pile, the starter under it): its row's
            # public view, sent again with the score sheet's rows
            public = engine_cards(table.public_view(deal.state))
            for r in known:
                known[r] |= public
            if deal.points is not None:
                shown = set().union(*(engine_cards(deal.state.view(s).hand) for s in range(seats)))
                for r in known:
                    known[r] |= shown
        state = match.state
        cards = table_cards(state)
        if hasattr(state, "pile"):
            full: Counter | None = Counter(list(ALL_CARDS) * self.variant.decks)
        elif hasattr(state, "shoe"):
            full = Counter(deck(DECKS))
        else:  # peklo: every card once, the deal's size each, the turned-up trump apart
            assert max(cards.values(), default=1) == 1 and sum(cards.values()) == state.size * seats
            assert state.trump is None or state.trump not in cards
            full = None
        return known, cards, full

    def teardown(self) -> None:
        for peer in self.peers:
            peer.close()
        if self.srv is not None:
            srv = self.srv

            async def end() -> None:
                srv.close("test over")
                await srv.shutdown()

            self.thread.run(end())
        self.thread.stop()
        shutil.rmtree(self.folder, ignore_errors=True)


def encode_chat(text: str) -> bytes:
    return encode(Chat(text=text))


def cards_sent(lines: list[bytes]) -> set[str]:
    return set().union(*(set(CARD_STRING.findall(line.decode())) for line in lines)) if lines else set()


GAMES = ["makao-ru", "makao-pl", "macao", "peklo"]


def machine_for(game: str) -> type[TableMachine]:
    """The machine of ``game``."""
    return type(f"TableMachine_{game.replace('-', '_')}", (TableMachine,), {"game": game})


@pytest.mark.long
@pytest.mark.parametrize("game", GAMES)
def test_several_clients_at_a_shared_table(game, monkeypatch):
    # the table keeps few entries, so that reading the earlier ones back rebuilds them from the store
    monkeypatch.setattr(table_service, "KEEP_ENTRIES", 8)
    machine = machine_for(game)
    machine.TestCase.settings = settings(max_examples=20, stateful_step_count=40, deadline=None,
                                         suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
    machine.TestCase().runTest()


@pytest.mark.parametrize("game", GAMES)
def test_the_refusal_of_an_illegal_action_has_a_kind(game):
    """The machine's check of refusal kinds made once at a table over its
    socket: a bid of 99 tricks, illegal in every game, is refused with a kind finer than plain
    ``illegal`` (Macao's and Peklo's refusals had none before issue 28 item 1)."""
    machine = machine_for(game)()
    try:
        machine.open_table(humans=1, seed=5)
        machine.sit("Ann")
        machine.observer.send(Start(fill_ai=True))  # the AI takes the open seats
        machine.sync()
        assert machine.to_act() is not None, "the player's turn never came"
        machine.act_illegal({"do": "bid", "tricks": 99})
    finally:
        machine.teardown()

