"""Pilot tests of the Peklo table at 80×24: a whole AI match, hot-seat bidding and play by keys,
a refused revoke, the hook's forbidden bid, help and the score sheet."""


import random

import pytest
from textual.widgets import DataTable

from makao_tui.ai import ai_for
from makao_tui.app.screens.common import (
    DealSummaryScreen,
    HelpScreen,
    MatchEndScreen,
    PassDeviceScreen,
    ScoreSheetScreen,
)
from makao_tui.app.screens.peklo import PekloTableScreen
from makao_tui.app.widgets.cards import HandView
from makao_tui.app.widgets.status import StatusLine
from makao_tui.engine import i18n
from makao_tui.engine.actions import Bid, Play
from makao_tui.games.peklo import deal_count
from makao_tui.table import SeatSpec

from .peklo_scenes import app_peklo, hooked, keyboard_view, last_to_bid, must_follow
from .scenes import AI, ANN, BOB, autoplay, humans_turn, patience, peek, step, wait_for
from .test_table import cut_words, run, shown_words, status_text, text_of


def table_of(app) -> PekloTableScreen:
    return next(s for s in app.screen_stack if isinstance(s, PekloTableScreen))


def test_all_ai_match_of_seven_runs_to_the_end_of_match_screen():
    app = app_peklo(seats=(AI,) * 7, seed=2)
    summaries = []

    async def body(pilot):
        for _ in patience("the match did not end"):
            tables = app.screen.query(DataTable) if isinstance(app.screen, MatchEndScreen) else None
            if tables and tables.first().row_count:
                break  # (the screen is shown a moment before its widgets are mounted and filled)
            if isinstance(app.screen, DealSummaryScreen):
                summaries.append(len(peek(app).match.deals))
                shown = app.screen.query("#result")  # (it may be going on already)
                if shown:
                    assert f"{summaries[-1]} card" in text_of(shown.first())
            await step(pilot)
        match = peek(app).match
        assert match.is_over and len(match.deals) == deal_count(7) == 7
        # no key was pressed: a match of AI seats deals on by itself (summaries seen in passing)
        assert set(summaries) <= set(range(1, 8))
        table = app.screen.query_one(DataTable)
        assert table.row_count == 7 + 1  # one row per deal, then the totals
        assert [str(c.label) for c in table.columns.values()][:2] == ["Cards", "Trump"]
        last = table.get_row_at(6)
        assert last[1].plain == "none"  # the last deal is played without trump
        result = text_of(app.screen.query_one("#result"))
        for seat in match.winners():
            assert peek(app).names[seat] in result
        assert str(max(match.totals)) in result
        notes = text_of(app.screen.query_one(".notes"))
        assert "All 7 deals played" in notes and "Deals left" not in notes

    run(app, body)


def test_hot_seat_bid_then_a_card_by_keys_then_a_refused_revoke():
    app = app_peklo(seats=(ANN, BOB, AI), seed=4)

    async def body(pilot):
        session = peek(app)
        await wait_for(pilot, lambda: isinstance(app.screen, PassDeviceScreen))
        first = session.to_act
        table = table_of(app)
        assert table.query_one(HandView).cards == ()  # nothing to see under the cover
        await pilot.press("enter")
        await wait_for(pilot, lambda: humans_turn(app))
        view = keyboard_view(app)
        assert table.query_one(HandView).cards == view.hand
        panel = table.query_one("#bid-panel")
        assert panel.display and "Bids so far" in text_of(panel)
        made = sum(b for b in view.bids if b is not None)
        assert f"sum {made} of 1 card" in text_of(panel) or "none yet" in text_of(panel)
        await pilot.press("right", "enter")  # from 0 to 1
        assert session.match.state.view(first).bids[first] == 1
        # the other human bids next: the pass screen covers the hands again
        await wait_for(pilot, lambda: isinstance(app.screen, PassDeviceScreen))
        second = session.to_act
        assert second != first and session.names[second] in text_of(app.screen.query_one(".big"))
        assert table.query_one(HandView).cards == ()
        await pilot.press("enter")
        await wait_for(pilot, lambda: humans_turn(app))
        await pilot.press("0", "enter")
        assert session.match.state.view(second).bids[second] == 0
        # play on until a human has a card to play, and play it by keys
        await autoplay(pilot, lambda: humans_turn(app) and keyboard_view(app).phase == "play")
        seat = session.to_act
        card = keyboard_view(app).hand[0]
        await pilot.press("1", "enter")
        entry = next(e for e in reversed(session.log) if e.seat == seat)
        assert entry.events[0].card == card and card not in session.match.state.view(seat).hand
        # later a human must follow suit: the other cards are dimmed, and playing one is refused
        await autoplay(pilot, lambda: must_follow(app))
        view = keyboard_view(app)
        legal = {a.card for a in view.legal if isinstance(a, Play)}
        hand = table.query_one(HandView)
        assert hand.dimmed == set(view.hand) - legal and hand.playable == legal
        assert "Follow suit" in status_text(app)
        revoke = next(c for c in view.hand if c not in legal)
        before = session.match.state.snapshot()
        await pilot.press(str(view.hand.index(revoke) + 1), "enter")
        assert session.match.state.snapshot() == before
        assert "Not allowed: " + session.match.state.refusal(Play(revoke)).reason in status_text(app)
        assert "you must follow suit" in status_text(app)

    run(app, body)


def test_the_hooks_forbidden_bid_is_shown_and_refused():
    app = app_peklo(seats=(ANN, AI, AI), seed=5, hook=True)

    async def body(pilot):
        await autoplay(pilot, lambda: hooked(app))
        session = peek(app)
        view = keyboard_view(app)
        banned = view.forbidden_bid
        assert view.dealer == session.at_keyboard
        panel = text_of(app.screen.query_one("#bid-panel"))
        assert f"may not bid {banned}" in panel
        assert table_of(app).hand.bid_choice != banned  # the bid chosen at first is a legal one
        state = session.match.state
        before = state.snapshot()
        await pilot.press(str(banned), "enter")
        assert state.snapshot() == before
        assert "Not allowed: " + state.refusal(Bid(banned)).reason in status_text(app)
        assert "hook" in status_text(app)
        legal = next(a.tricks for a in view.legal if isinstance(a, Bid))
        await pilot.press(str(legal), "enter")
        assert state.view(view.seat).bids[view.seat] == legal

    run(app, body)


def test_two_digits_make_a_bid_of_ten_or_more():
    app = app_peklo(seats=(ANN, AI, AI, AI, AI), seed=3)

    async def body(pilot):
        await autoplay(pilot, lambda: humans_turn(app) and keyboard_view(app).size == 10
                       and keyboard_view(app).phase == "bid")
        table = table_of(app)
        await pilot.press("1", "0")
        assert table.hand.bid_choice == 10
        await pilot.press("3")  # a third digit starts again
        assert table.hand.bid_choice == 3
        await pilot.press("1", "9")  # no bid of 19 in a deal of 10 cards: 9
        assert table.hand.bid_choice == 9
        await pilot.press("right", "right")
        assert table.hand.bid_choice == 0  # after 10 comes 0 again

    run(app, body)


def test_the_hands_keys_work_wherever_the_mouse_clicks_and_pgup_scrolls_the_log():
    """The hand keeps the focus (its keys are its own bindings): a click on the log, the players or
    the trump leaves it there, so the next keys still bid and play; a click chooses a card and a
    second click plays it; PgUp/PgDn scroll the log all the while."""
    app = app_peklo(seats=(ANN, AI, AI), seed=4)

    async def body(pilot):
        await autoplay(pilot, lambda: humans_turn(app) and keyboard_view(app).phase == "bid"
                       and keyboard_view(app).size >= 2)
        table = table_of(app)
        hand = table.query_one(HandView)
        for part in ("#log", "#players", "#trump-box", "#topbar"):
            await pilot.click(part)
            assert hand.has_focus, part
        view = keyboard_view(app)
        await pilot.press("right")
        assert table.hand.bid_choice == 1
        await pilot.press("enter")
        assert peek(app).match.state.view(view.seat).bids[view.seat] == 1
        await autoplay(pilot, lambda: humans_turn(app) and keyboard_view(app).phase == "play"
                       and len(keyboard_view(app).hand) >= 2)
        view = keyboard_view(app)
        shown = hand.cards
        second = shown[1]
        await pilot.click(HandView, offset=(1 * 6 + 2, 1))
        assert table.hand.selected == second and second in keyboard_view(app).hand
        await pilot.click("#log")
        assert hand.has_focus
        log = table.query_one("#log")
        assert log.max_scroll_y > 0 and log.scroll_y == log.max_scroll_y  # the newest line in sight
        await pilot.press("pageup")
        assert log.scroll_y < log.max_scroll_y
        await pilot.press("pagedown")
        assert log.scroll_y == log.max_scroll_y
        assert hand.has_focus
        await pilot.press("enter")
        if second in {a.card for a in view.legal if isinstance(a, Play)}:
            assert second not in peek(app).match.state.view(view.seat).hand
        else:
            assert "Not allowed: " in status_text(app)

    run(app, body)


def test_help_and_score_sheet_open_from_the_table():
    app = app_peklo()

    async def body(pilot):
        await wait_for(pilot, lambda: humans_turn(app))
        await pilot.press("question_mark")
        await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen))
        text = " ".join(text_of(w) for w in app.screen.query("Static"))
        assert "Take exactly your bid" in text and "choose your bid" in text
        await pilot.press("escape")
        await wait_for(pilot, lambda: humans_turn(app))
        await pilot.press("s")
        await wait_for(pilot, lambda: isinstance(app.screen, ScoreSheetScreen))
        sheet = app.screen.query_one(DataTable)
        assert sheet.row_count == 2  # deal 1 under way, the totals
        assert [str(c.label) for c in sheet.columns.values()] == ["Cards", "Trump", *peek(app).names]

    run(app, body)


def test_the_header_names_the_house_rules_and_counts_the_deals_up_and_down():
    app = app_peklo(seats=(ANN, AI, AI), seed=5, cycle="up_down", scoring="tricks", hook=True)

    async def body(pilot):
        await wait_for(pilot, lambda: table_of(app) is app.screen)
        header = text_of(app.screen.query_one("#topbar"))
        assert "deal 1 of 33" in header and "house rules" in header  # 17 deals up, 16 down

    run(app, body)


@pytest.mark.parametrize("language", ["en", "ru", "pl"])
@pytest.mark.parametrize("hook", [False, True])
def test_every_seat_of_seven_stays_in_sight_while_the_dealer_bids_at_80x24(language, hook):
    i18n.set_language(language)
    app = app_peklo(seats=(ANN,) + (AI,) * 6, seed=3, hook=hook)

    async def body(pilot):
        await autoplay(pilot, lambda: last_to_bid(app))
        await pilot.pause()
        table = table_of(app)
        players = table.query_one("#players")
        assert players.content_region.height >= 7 + 1  # the header, then one row a seat
        panel = table.query_one("#bid-panel")
        assert panel.content_region.height == 3  # the choices, the bids so far, the hook or keys: a row each
        view = keyboard_view(app)
        line = text_of(panel).splitlines()[1]
        total = sum(b for b in view.bids if b is not None)
        assert line.startswith(" " + i18n._("Bids so far:") + " ") and line.rstrip().endswith(
            i18n.ngettext("— sum {total} of {n} card in hand", "— sum {total} of {n} cards in hand",
                          view.size).format(total=total, n=view.size))
        assert peek(app).names[view.seat - 1] + " " in line  # the last bid made stays
        assert i18n._("Your bid, {name}: how many tricks will you take?").format(name="Ann") in str(panel.border_title)

    run(app, body)



@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
@pytest.mark.parametrize("players", [3, 7])
@pytest.mark.parametrize("language", ["en", "ru", "pl"])
def test_no_word_of_the_log_or_the_status_line_is_cut(language, players, size):
    # issue 30: "Player 1 заказывае" / "0" in the Russian log at 80×24, the players' table taking
    # the log's room
    i18n.set_language(language)
    app = app_peklo(seats=(SeatSpec(i18n._("Player 1"), False),) + (AI,) * (players - 1), seed=2)
    rng = random.Random(1)

    widths: dict[int, set[int]] = {}  # the players' box's widths in each deal

    async def body(pilot):
        for _ in patience("three deals played"):
            await step(pilot)
            screen = app.screen
            if isinstance(screen, PekloTableScreen):
                widths.setdefault(len(peek(app).match.deals), set()).add(screen.query_one("#players").size.width)
                assert not cut_words(app, screen.query_one("#log"), screen.log_lines())
                status = screen.query_one(StatusLine)
                assert shown_words(app, status) == str(status.render()).split()
            if len(peek(app).match.deals) > 3:
                break
            if humans_turn(app):
                screen.act(ai_for("peklo").choose(screen.seating.view, rng))
            elif isinstance(screen, DealSummaryScreen):
                await pilot.press("enter")

    run(app, body, size=size)
    # nor does the log's room change within a deal ("Trick" / "Last trick" once widened the
    # players' box by the difference at each trick's end, and the log re-wrapped a frame late)
    assert all(len(seen) == 1 for seen in widths.values()), widths
