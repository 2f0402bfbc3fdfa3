"""No update a table sends to a seat holds a card hidden from that seat (issue 11), by hypothesis.

Random matches of all four games, every seat joined (hot-seat) plus a spectator, random legal
actions. A seat's knowledge is taken from the engine itself, not from the service: every card in
its own view at every step (a spectator: what every seat's view holds), in every event it may
read (``private_to`` None or itself), and the hands shown at a deal's end. Every card in every
JSON line sent to a receiver must be known to it. For the one-pack games (makao-pl, Peklo) a
stronger check holds: while a deal is under way no card in another seat's hand or in the stock
appears in the view or the new log entries sent.
"""

from __future__ import annotations

import random
import re

import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from makao_tui.engine.cards import RANKS, SUITS, Card
from makao_tui.games import get_variant
from makao_tui.table import SeatSpec, Table

CARD_TEXTS = {r + s for r in RANKS for s in SUITS}
#: a JSON string that is a card's text; read off the bytes sent, it finds what :func:`cards_in`
#: finds in the decoded message (no field name, kind, game id or verb is a card's text)
CARD_STRING = re.compile(rf'"([{"".join(RANKS)}][{"".join(SUITS)}])"')


def cards_in(value) -> set[str]:
    """Every card text in a JSON value (strings that are cards: "3H"; "KH" as a penalty rank is
    the king of hearts, which is on the pile whenever it is named)."""
    out: set[str] = set()
    if isinstance(value, str):
        if value in CARD_TEXTS:
            out.add(value)
    elif isinstance(value, list):
        for v in value:
            out |= cards_in(v)
    elif isinstance(value, dict):
        for k, v in value.items():
            if k not in ("kind", "game", "do"):
                out |= cards_in(v)
    return out


def engine_cards(value) -> set[str]:
    """Every card in an engine object (view, event), read through its wire form's fields."""
    if isinstance(value, Card):
        return {str(value)}
    if isinstance(value, (tuple, list)):
        return set().union(*(engine_cards(v) for v in value)) if value else set()
    if hasattr(value, "__dataclass_fields__"):
        return set().union(*(engine_cards(getattr(value, f)) for f in value.__dataclass_fields__))
    return set()


@pytest.mark.long
@pytest.mark.parametrize("game", ["makao-ru", "makao-pl", "macao", "peklo"])  # one test a game: xdist spreads them
@settings(max_examples=10, deadline=None)
@given(players=st.integers(3, 4), seed=st.integers(0, 2**31), moves=st.integers(0, 2**31))
def test_no_update_holds_a_card_hidden_from_its_seat(game, players, seed, moves):
    variant = get_variant(game)
    table = Table(variant, variant.rules(), [SeatSpec(f"P{i}", False) for i in range(players)], seed)
    receivers = [*range(players), None]
    sent: dict[int | None, list[bytes]] = {r: [] for r in receivers}
    subs = {}
    for r in receivers:
        def listen(message, r=r):
            sent[r].append(msgspec.json.encode(message))
        subs[r] = table.join(r, listen) if r is not None else table.watch(listen)
    known: dict[int | None, set[str]] = {r: set() for r in receivers}
    seen_entries = 0
    ended = 0  # deals whose end has been learnt, in order
    one_pack = variant.decks == 1 and game != "macao"

    def learn() -> None:
        nonlocal seen_entries, ended
        state = table.match.state
        for entry in table._log[seen_entries:]:
            for event in entry.events:
                for r in receivers:
                    if event.private_to is None or event.private_to == r:
                        known[r] |= engine_cards(event)
        seen_entries = len(table._log)
        views = [engine_cards(state.view(r)) for r in receivers[:-1]]
        for r in receivers[:-1]:
            known[r] |= views[r]
        known[None] |= set.intersection(*views)  # what every seat knows is public
        deals = table.match.deals
        while ended < len(deals) and deals[ended].points is not None:  # the hands shown at its end
            deal = deals[ended]
            shown = set().union(*(engine_cards(deal.state.view(s).hand) for s in range(players)))
            for r in receivers:
                known[r] |= shown
            ended += 1

    def check() -> None:
        state = table.match.state
        for r in receivers:
            for line in sent[r]:
                leaked = set(CARD_STRING.findall(line.decode())) - known[r]
                assert not leaked, f"{game}: receiver {r} was sent {leaked}"
                if one_pack and not state.is_over:
                    message = msgspec.json.decode(line)
                    hidden = {str(c) for s in range(players) if s != r for c in state.hands[s]}
                    hidden |= {str(c) for c in getattr(state, "stock", ())}
                    fresh = cards_in(message["view"]) | cards_in(message["log"])
                    fresh |= cards_in(message["deals"][-1]["public"])
                    assert not fresh & hidden, f"{game}: receiver {r} was sent {fresh & hidden}"
            sent[r].clear()

    learn()
    check()
    table.start()
    rng = random.Random(moves)
    for _ in range(250):
        if table.match.is_over:
            break
        if table.match.state.is_over:
            subs[0].next_deal(table.seq)
        else:
            seat = table.match.state.to_act
            assert subs[seat].act(table.seq, rng.choice(table.match.state.legal_actions())) is None
        learn()
        check()
        # the public view is the same whichever seat's view it is made from
        state = table.match.state
        blank = type(state.view(0)).PRIVATE
        assert len({repr(_public(state.view(s), blank)) for s in range(players)}) == 1


def _public(view, blank):
    import dataclasses
    return dataclasses.replace(view, seat=None, **blank)


@pytest.mark.parametrize("game", ["makao-ru", "makao-pl", "macao", "peklo"])
@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 2**31), moves=st.integers(0, 2**31))
def test_no_undo_sends_a_card_its_receiver_was_not_sent_before(game, seed, moves, tmp_path_factory):
    """An undo goes back to a state the table has shown already: what it sends a receiver (its
    seat's view and the whole log again) holds only cards that receiver was sent before the undo
    (issue 29: no undo may show a card its seat could not see). One human against the AI,
    random moves and undos in a saved match, and a spectator."""
    from makao_tui.store import Seat, open_store

    variant = get_variant(game)
    seats = [SeatSpec("Ann", False), SeatSpec("", True), SeatSpec("", True)]
    table = Table(variant, variant.rules(), seats, seed)
    store = open_store(tmp_path_factory.mktemp("undo") / "m.sqlite3")
    table.writer = store.start_match(variant, variant.rules(), [Seat(n, s.is_ai, s.level) for n, s in
                                                                 zip(table.names, seats, strict=True)], seed)
    sent: dict[int | None, list[bytes]] = {0: [], None: []}
    ann = table.join(0, lambda m: sent[0].append(msgspec.json.encode(m)))
    table.watch(lambda m: sent[None].append(msgspec.json.encode(m)))
    table.start()
    before: dict[int | None, set[str]] = {0: set(), None: set()}
    rng = random.Random(moves)
    undone = 0
    for _ in range(120):
        if table.match.is_over:
            break
        for r, lines in sent.items():
            for line in lines:
                before[r] |= set(CARD_STRING.findall(line.decode()))
            lines.clear()
        if table.undo_refusal(0) is None and rng.random() < 0.3:
            assert ann.undo(table.seq) is None
            undone += 1
            for r, lines in sent.items():
                shown = set().union(*(set(CARD_STRING.findall(line.decode())) for line in lines))
                assert shown <= before[r], f"{game}: the undo showed receiver {r} {shown - before[r]}"
        elif table.match.state.is_over:
            assert ann.next_deal(table.seq) is None
        else:
            assert ann.act(table.seq, rng.choice(table.match.state.legal_actions())) is None
    table.close()
    store.close()
