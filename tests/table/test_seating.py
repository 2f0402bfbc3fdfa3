"""This terminal's seats at an in-process table (:class:`LocalSeating`) without Textual: names,
what each seat's updates hold, the keyboard in hot-seat, the time limit."""

from makao_tui.engine.actions import Draw
from makao_tui.games import get_variant
from makao_tui.games.shedding import CardsDrawn
from makao_tui.table import LocalSeating, SeatSpec, Table, seat_names

RU = get_variant("makao-ru")
PL = get_variant("makao-pl")
ANN = SeatSpec("Ann", False)
BOB = SeatSpec("Bob", False)
AI = SeatSpec("", True)


def sit(variant, seats, seed, **options) -> LocalSeating:
    seating = LocalSeating(Table(variant, variant.rules(options.pop("rules", {})), seats, seed, **options))
    seating.play()
    return seating


def test_ai_seats_get_free_names_and_nameless_humans_a_number():
    assert seat_names([SeatSpec("Olga", False), AI, AI]) == ["Olga", "Piotr", "Ivan"]
    assert seat_names([SeatSpec(" \u202e ", False), AI]) == ["Player 1", "Olga"]
    assert seat_names([SeatSpec("", False, open=True), AI]) == ["Seat 1", "Olga"]


def test_the_table_labels_each_seat_with_its_ai_level():
    seats = [ANN, AI, SeatSpec("", True, "hard"), SeatSpec("", True, "easy")]
    seating = sit(RU, seats, 3)
    assert [seating.seat_label(s) for s in range(4)] == ["Ann", "Olga (AI)", "Piotr (hard AI)", "Ivan (easy AI)"]


def test_one_human_is_always_at_the_keyboard_and_never_passes():
    seating = sit(RU, [ANN, AI, AI], 3)
    assert list(seating.clients) == [0] and seating.humans == [0]
    assert seating.at_keyboard == 0 and seating.hand_seat() == 0
    assert not seating.needs_pass()
    assert seating.view.hand == seating.table.match.state.view(0).hand


def test_only_the_drawer_receives_the_drawn_cards_in_hot_seat():
    seating = sit(RU, [ANN, BOB], 1)
    seat = seating.to_act
    assert seating.needs_pass() and seating.hand_seat() is None  # nobody's hand before the pass screen
    assert seating.view.hand == ()  # the public view
    seating.at_keyboard = seat
    assert seating.act(Draw()) is None
    drawn = next(e for e in seating.log[-1].events if isinstance(e, CardsDrawn))
    assert drawn.cards[0] is not None and drawn.cards[0].label() in drawn.text(seating.names, viewer=seat)
    other = seating.clients[1 - seat].log[-1].events
    public = seating.watcher.log[-1].events
    for events in (other, public):
        hidden = next(e for e in events if isinstance(e, CardsDrawn))
        assert hidden.cards == (None,) * len(drawn.cards)
    seating.at_keyboard = None  # the keyboard is being passed: the public view shows
    assert seating.client is seating.watcher and seating.hand_seat() is None and seating.viewer() == -1


def test_an_intent_of_a_seat_not_at_the_keyboard_is_refused():
    seating = sit(RU, [ANN, BOB], 1)
    seating.at_keyboard = None
    refusal = seating.act(Draw())
    assert refusal is not None and refusal.kind == "seat"


def test_all_ai_match_shows_the_seat_to_act():
    seating = LocalSeating(Table(RU, RU.rules(), [AI, AI], seed=1))
    assert seating.humans == [] and sorted(seating.clients) == [0, 1]
    assert seating.hand_seat() == seating.to_act


def test_time_limit_sets_time_up_when_the_clock_runs_out():
    now = [100.0]
    seating = sit(PL, [ANN, AI], 1, rules={"time_limit_min": 2}, clock=lambda: now[0])
    seating.tick()
    assert not seating.time_up and 119 <= seating.seconds_left() <= 120
    now[0] += 119
    seating.tick()
    assert not seating.time_up
    now[0] += 1
    seating.tick()  # the table tells every seat at once
    assert seating.time_up and seating.seconds_left() == 0
    assert seating.clients[0].update.time_up


def test_no_time_limit_without_the_option():
    seating = sit(PL, [ANN, AI], 1)
    seating.tick()
    assert seating.seconds_left() is None and not seating.time_up


def test_every_update_reaches_on_change_once_every_client_has_it():
    seating = sit(RU, [ANN, AI, AI], 3)
    seen = []
    seating.on_change = lambda: seen.append((seating.seq, seating.clients[0].seq))
    seat = seating.to_act
    assert seat == 0
    seating.act(seating.view.legal[0])
    assert seen and all(a == b for a, b in seen)


def test_a_client_keeps_the_last_entries_and_reads_back_the_rest():
    """Memory flat in the match's length (issue 31 item 3): each client keeps the last KEEP_ENTRIES
    only (of a long deal too), and its last update without the log it carried; the entries it let
    go are read back from the table, hidden cards still hidden."""
    import asyncio
    import random

    from makao_tui.table.client import KEEP_ENTRIES

    seating = sit(RU, [ANN, BOB], 5)
    table, rng = seating.table, random.Random(5)
    while table.log_end < 3 * KEEP_ENTRIES or seating.deal_number < 3:
        if seating.deal_over:
            assert seating.next_deal() is None
            continue
        seating.at_keyboard = seating.to_act
        assert seating.act(rng.choice(seating.view.legal)) is None
    for client in [*seating.clients.values(), seating.watcher]:
        assert client.log_end == table.log_end
        assert client.log_start > 0 and client.log[0].deal != 1
        assert len(client.log) <= KEEP_ENTRIES, "only the last entries are kept"
        assert client.update.log == []
    seating.at_keyboard = 0
    first = seating.log_start
    start, entries = asyncio.run(seating.older(first, 50))
    assert start == first - 50 and len(entries) == 50
    assert asyncio.run(seating.older(first + 1, 1)) == (first, seating.log[:1])  # read back as received
    earlier, end = [], first
    while end > 0:  # (the table gives a page of at most OLDER_MAX entries)
        end, page = asyncio.run(seating.older(end, 500))
        earlier += page
    assert len(earlier) == first
    drawn = [e for entry in earlier for e in entry.events if isinstance(e, CardsDrawn) and e.seat == 1]
    assert drawn and all(c is None for e in drawn for c in e.cards)  # Bob's cards stay Bob's
