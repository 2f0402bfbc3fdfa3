"""The app's match session without Textual: names, privacy of the log, keyboard, time limit."""

from makao_tui.app.session import MatchSession, SeatSpec, seat_names
from makao_tui.engine.actions import Draw
from makao_tui.games.shedding import CardsDrawn

from .scenes import AI, ANN, BOB, PL, RU


def test_ai_seats_get_free_names():
    assert seat_names([SeatSpec("Olga", False), AI, AI]) == ["Olga", "Piotr", "Ivan"]


def test_the_table_labels_each_seat_with_its_ai_level():
    seats = [ANN, AI, SeatSpec("", True, "hard"), SeatSpec("", True, "easy")]
    session = MatchSession(RU, RU.rules(), seats, seed=3)
    assert [session.seat_label(s) for s in range(4)] == ["Ann", "Olga (AI)", "Piotr (hard AI)", "Ivan (easy AI)"]


def test_one_human_is_always_at_the_keyboard_and_never_passes():
    session = MatchSession(RU, RU.rules(), [ANN, AI, AI], seed=3)
    assert session.at_keyboard == 0
    assert session.hand_seat() == 0
    assert not session.needs_pass()


def test_only_the_drawer_reads_the_drawn_cards_in_hot_seat():
    session = MatchSession(RU, RU.rules(), [ANN, BOB], seed=1)
    seat = session.to_act
    session.at_keyboard = seat
    session.apply(Draw())
    drawn = next(e for e in session.log[-1].events if isinstance(e, CardsDrawn))
    label = drawn.cards[0].label()
    assert label in session.log_lines()[-1]
    session.at_keyboard = 1 - seat
    assert label not in session.log_lines()[-1]
    session.at_keyboard = None  # the keyboard is being passed: nobody's cards show
    assert label not in session.log_lines()[-1]
    assert session.hand_seat() is None


def test_all_ai_match_shows_everything():
    session = MatchSession(RU, RU.rules(), [AI, AI], seed=1)
    assert session.viewer() is None
    assert session.hand_seat() == session.to_act


def test_time_limit_sets_time_up_when_the_clock_runs_out():
    now = [100.0]
    session = MatchSession(PL, PL.rules({"time_limit_min": 2}), [ANN, AI], seed=1, clock=lambda: now[0])
    session.tick()
    assert not session.match.time_up and session.seconds_left() == 120
    now[0] += 119
    session.tick()
    assert not session.match.time_up
    now[0] += 1
    session.tick()
    assert session.match.time_up and session.seconds_left() == 0


def test_no_time_limit_without_the_option():
    session = MatchSession(PL, PL.rules(), [ANN, AI], seed=1)
    session.tick()
    assert session.seconds_left() is None and not session.match.time_up


def test_the_log_calls_a_deal_what_the_game_calls_it():
    from makao_tui.games import get_variant

    macao = get_variant("macao")
    session = MatchSession(macao, macao.rules(), [ANN, AI], seed=3)
    assert session.log_lines()[1].startswith("Hand 1: ")
    assert MatchSession(RU, RU.rules(), [ANN, AI], seed=3).log_lines()[0].startswith("Deal 1: ")
