"""Pilot tests of the app at 80×24: a whole AI match, hot-seat, refusals, pickers, help, size."""

import asyncio
import dataclasses
import io
import random

from rich.console import Console
from textual.widgets import DataTable

from makao_tui.ai import ai_for
from makao_tui.app.main import MakaoApp
from makao_tui.app.screens.common import (
    DealSummaryScreen,
    HandOverScreen,
    HelpScreen,
    MatchEndScreen,
    PassDeviceScreen,
    ScoreSheetScreen,
    TooSmallScreen,
)
from makao_tui.app.screens.pickers import DemandPicker, SuitPicker
from makao_tui.app.screens.setup import SetupScreen
from makao_tui.app.screens.shedding import ShedTableScreen
from makao_tui.app.widgets.cards import HandView
from makao_tui.app.widgets.status import StatusLine
from makao_tui.engine.actions import Play
from makao_tui.games.shedding import CardsDrawn, StockRebuilt

from .scenes import AI, ANN, BOB, SEED_RU_ACE, app_pl, app_ru, autoplay, humans_turn, patience, peek, step, wait_for

SIZE = (80, 24)


def run(app, body, size=SIZE):
    """Run ``body(pilot)`` against ``app`` in a headless terminal."""
    async def main():
        async with app.run_test(size=size) as pilot:
            await body(pilot)
    asyncio.run(main())


def text_of(widget) -> str:
    """What a Static shows, as plain text."""
    console = Console(width=200, file=io.StringIO(), record=True, color_system=None)
    console.print(widget.content)
    return console.export_text()


def status_text(app) -> str:
    return text_of(app.screen.query_one(StatusLine))


def shown_words(app, widget) -> list[str]:
    """The words ``widget`` shows inside its border on the screen, as a player reads them, in order."""
    region = widget.content_region
    rows = app.screen._compositor.render_strips()[region.y:region.bottom]
    return " ".join(strip.crop(region.x, region.right).text for strip in rows).split()


def cut_words(app, widget, lines) -> list[str]:
    """The words ``widget`` shows that are not whole words of ``lines`` (what it should show): a
    word cut by the widget's edge, or split over two rows."""
    whole = {word for line in lines for word in line.split()}
    return [word for word in shown_words(app, widget) if word not in whole]


def test_all_ai_match_runs_to_the_end_of_match_screen():
    app = app_ru(seats=(AI, AI, AI), seed=11, loss_limit=200)
    summaries = []

    async def body(pilot):
        for _ in patience("the match did not end"):
            if isinstance(app.screen, MatchEndScreen):
                break
            if isinstance(app.screen, DealSummaryScreen):
                summaries.append(len(peek(app).match.deals))
            await step(pilot)
        match = peek(app).match
        assert match.is_over and max(match.totals) >= 200
        # no key was pressed: a match of AI seats deals on by itself (summaries seen in passing)
        assert set(summaries) <= set(range(1, len(match.deals) + 1))
        table = app.screen.query_one(DataTable)
        assert table.row_count == len(match.deals) + 1  # one row per deal, then the limit row
        result = text_of(app.screen.query_one("#result"))
        for seat in match.winners():
            assert peek(app).names[seat] in result

    run(app, body)


def test_hot_seat_covers_hands_until_enter_and_plays_by_keys():
    app = app_ru(seats=(ANN, BOB), seed=1)

    async def body(pilot):
        await wait_for(pilot, lambda: isinstance(app.screen, PassDeviceScreen))
        session = peek(app)
        first = session.to_act
        table = next(s for s in app.screen_stack if isinstance(s, ShedTableScreen))
        assert table.query_one(HandView).cards == ()  # nothing to see under the cover
        await pilot.press("enter")
        await wait_for(pilot, lambda: humans_turn(app))
        view = session.match.state.view(first)
        assert table.query_one(HandView).cards == view.hand
        plays = [a for a in view.legal if isinstance(a, Play) and a.suit is None and not a.makao]
        assert plays, "the seed must give the first player a plain play"
        card = plays[0].card
        await pilot.press(str(view.hand.index(card) + 1), "enter")
        assert session.match.state.view(first).pile[-1] == card
        # the turn passes to the other human: the pass screen covers the hand again
        await wait_for(pilot, lambda: isinstance(app.screen, PassDeviceScreen))
        assert session.names[1 - first] in text_of(app.screen.query_one(".big"))
        assert table.query_one(HandView).cards == ()

    run(app, body)


def test_refused_play_shows_the_engines_reason_and_changes_nothing():
    app = app_ru(seed=SEED_RU_ACE)

    async def body(pilot):
        await wait_for(pilot, lambda: humans_turn(app))
        state = peek(app).match.state
        before = state.snapshot()
        card = state.view(0).hand[0]  # 3♣ on K♦
        await pilot.press("1", "enter")
        assert state.snapshot() == before
        assert peek(app).match.state is state
        assert state.refusal(Play(card)).reason in status_text(app)
        assert "Not allowed" in status_text(app)

    run(app, body)


def test_suit_picker_after_an_ace_names_the_suit():
    app = app_ru(seed=SEED_RU_ACE)

    async def body(pilot):
        await wait_for(pilot, lambda: humans_turn(app))
        await pilot.press("5", "enter")  # A♠
        await wait_for(pilot, lambda: isinstance(app.screen, SuitPicker))
        await pilot.press("escape")  # cancelling plays nothing
        await wait_for(pilot, lambda: humans_turn(app))
        assert peek(app).match.state.view(0).counts[0] == 5
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, SuitPicker))
        await pilot.press("2")  # the second suit offered (♣ ♦ ♥ ♠): ♦
        await pilot.pause()
        entry = next(e for e in reversed(peek(app).log) if e.seat == 0)
        assert "plays A♠ and names ♦" in entry.events[0].text(peek(app).names)

    run(app, body)


def test_demand_picker_after_a_jack_in_makao_pl():
    app = app_pl()

    async def body(pilot):
        await wait_for(pilot, lambda: humans_turn(app))
        await pilot.press("2", "enter")  # J♣
        await wait_for(pilot, lambda: isinstance(app.screen, DemandPicker))
        labels = [str(b.label) for b in app.screen.query("Button")]
        assert labels == ["5", "6", "7", "8", "9", "10 (0)", "queen (q)", "none (n)"]
        await pilot.press("7")
        await pilot.pause()
        entry = next(e for e in peek(app).log if e.seat == 0)
        assert entry.events[0].text(peek(app).names) == "Ann plays J♣ and demands 7s"

    run(app, body)


def test_makao_key_calls_makao_with_the_play():
    app = app_ru(seed=20)

    async def body(pilot):
        session = peek(app)
        for _ in range(40):
            await wait_for(pilot, lambda: humans_turn(app) or isinstance(app.screen, DealSummaryScreen))
            if isinstance(app.screen, DealSummaryScreen):
                break
            view = session.match.state.view(0)
            calls = [a for a in view.legal if isinstance(a, Play) and a.makao and a.suit is None]
            if calls:
                await pilot.press("m")
                assert "Makao" in status_text(app)
                await pilot.press(str(view.hand.index(calls[0].card) + 1), "enter")
                entry = next(e for e in reversed(session.log) if e.seat == 0)
                assert entry.events[0].makao and session.match.state.view(0).counts[0] == 1
                return
            plays = [a for a in view.legal if isinstance(a, Play) and a.suit is None]
            await pilot.press(str(view.hand.index(plays[0].card) + 1) if plays else "d")
            if plays:
                await pilot.press("enter")
            await pilot.pause()
        raise AssertionError("no Makao call came up with this seed")

    run(app, body)


def test_too_small_terminal_shows_a_message_and_the_game_resumes_unchanged():
    app = app_ru(seed=3)

    async def body(pilot):
        await wait_for(pilot, lambda: isinstance(app.screen, TooSmallScreen))
        assert "Please enlarge the terminal to at least 80×24" in text_of(
            app.screen.query_one("#too-small"))
        await pilot.press("d")  # keys do nothing while covered
        await step(pilot)
        assert peek(app).token() == (1, 0)  # and the AI seats wait too
        await pilot.resize_terminal(*SIZE)
        await wait_for(pilot, lambda: humans_turn(app))
        table = app.screen
        token, lines, chosen = peek(app).token(), peek(app).log_lines(), table.hand.selected
        await pilot.resize_terminal(60, 30)
        await wait_for(pilot, lambda: isinstance(app.screen, TooSmallScreen))
        await pilot.resize_terminal(120, 40)
        await wait_for(pilot, lambda: humans_turn(app))
        assert app.screen is table and table.hand.selected == chosen
        assert (peek(app).token(), peek(app).log_lines()) == (token, lines)

    run(app, body, size=(70, 20))


def test_the_too_small_message_wraps_in_a_narrow_terminal():
    app = app_ru(seed=3)

    async def body(pilot):
        await wait_for(pilot, lambda: isinstance(app.screen, TooSmallScreen))
        message = app.screen.query_one("#too-small")
        assert message.region.width <= 40 and message.region.height >= 4  # its first line wraps
        assert app.screen.region.contains_region(message.region)

    run(app, body, size=(40, 10))


def test_help_shows_keys_and_the_games_rules():
    app = app_ru(seed=3)

    async def body(pilot):
        await wait_for(pilot, lambda: humans_turn(app))
        await pilot.press("question_mark")
        await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen))
        text = " ".join(text_of(w) for w in app.screen.query("Static"))
        assert "Shed all your cards" in text and "take the pending penalty" in text
        await pilot.press("escape")
        await wait_for(pilot, lambda: humans_turn(app))
        await pilot.press("f1")  # F1: the rules in full (tests/app/test_rules_screen.py)
        await wait_for(pilot, lambda: type(app.screen).__name__ == "RulesScreen")

    run(app, body)


def test_score_sheet_opens_from_the_table():
    app = app_ru(seed=3)

    async def body(pilot):
        await wait_for(pilot, lambda: humans_turn(app))
        await pilot.press("s")
        await wait_for(pilot, lambda: isinstance(app.screen, ScoreSheetScreen))
        assert app.screen.query_one(DataTable).row_count == 2  # deal 1 under way, the limit row
        await pilot.press("s")
        await wait_for(pilot, lambda: humans_turn(app))

    run(app, body)


def test_quit_asks_first_during_a_match():
    app = app_ru(seed=3)

    async def body(pilot):
        await wait_for(pilot, lambda: humans_turn(app))
        await pilot.press("q")
        await pilot.pause()
        assert type(app.screen).__name__ == "ConfirmScreen"
        await pilot.press("n")
        await wait_for(pilot, lambda: humans_turn(app))
        await pilot.press("ctrl+c")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        assert app.return_code == 0 or not app.is_running

    run(app, body)


def test_setup_shows_errors_inline_then_starts_the_match():
    app = MakaoApp(ai_delay=0)

    async def body(pilot):
        await pilot.press("enter")  # Russian Makao
        await wait_for(pilot, lambda: isinstance(app.screen, SetupScreen))
        screen = app.screen
        screen.query_one("#opt-loss_limit").value = "50"
        screen.query(".name").first().value = ""
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        assert "200 to 1000" in text_of(screen.query_one("#err-loss_limit"))
        assert "a name" in str(screen.query(".seat-row .error").first().render())
        screen.query_one("#opt-loss_limit").value = "300"
        screen.query(".name").first().value = "Ann"
        screen.query_one("#seed").value = "3"
        await pilot.pause()  # the seat's error, put right, goes: the rows under it move up
        await pilot.click("#add-seat")
        await pilot.pause()
        assert len(screen.query(".seat-row")) == 4
        await pilot.press("ctrl+s")
        await wait_for(pilot, lambda: isinstance(app.screen, ShedTableScreen))
        session = peek(app)
        assert session.rules.loss_limit == 300 and session.seed == 3
        assert session.names[0] == "Ann" and session.match.players == 4

    run(app, body)


def test_time_limit_shows_minutes_left_and_ends_the_match_after_the_deal():
    app = app_pl(seed=13, time_limit_min=2, king_ransom="none")  # a short first deal

    async def body(pilot):
        await wait_for(pilot, lambda: humans_turn(app))
        table = app.screen
        assert "2 min left" in text_of(table.query_one("#topbar"))
        peek(app).table.started_at -= 2 * 60  # two minutes pass
        await autoplay(pilot, lambda: isinstance(app.screen, DealSummaryScreen))
        await pilot.pause()
        assert peek(app).match.time_up and len(peek(app).match.deals) == 1
        assert "see the result of the match" in text_of(app.screen.query(".hint").last())
        assert "time is up" in text_of(app.screen.query_one(".notes"))
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, MatchEndScreen))

    run(app, body)


def test_a_click_chooses_a_card_and_a_second_click_plays_it():
    app = app_ru(seed=SEED_RU_ACE)

    async def body(pilot):
        await wait_for(pilot, lambda: humans_turn(app))
        table = app.screen
        hand = table.query_one(HandView)
        card = hand.cards[2]  # 9♥ on K♦ (K♣ is chosen at first)
        assert table.hand.selected != card
        await pilot.click(HandView, offset=(2 * 6 + 2, 1))
        assert table.hand.selected == card and peek(app).match.state.view(0).counts[0] == 5
        await pilot.click(HandView, offset=(2 * 6 + 2, 1))
        assert peek(app).match.state.view(0).pile[1] == card

    run(app, body)


def test_ai_turns_with_a_pause_run_in_a_worker_and_wait_while_help_is_open():
    app = app_ru(seats=(AI, AI), seed=4)
    app.ai_delay, app.ai_in_worker = 0.01, True

    async def body(pilot):
        session = peek(app)
        await wait_for(pilot, lambda: session.token()[1] >= 3)
        await pilot.press("question_mark")
        await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen))
        await step(pilot)  # an AI turn under way when help opened ends
        token = session.token()
        for _ in range(20):  # each step at least two AI pauses long: nothing moves under the help screen
            await step(pilot)
        assert session.token() == token
        await pilot.press("escape")
        # (the summary of a match of AI seats goes on by itself: the next deal may be dealt already)
        await wait_for(pilot, lambda: isinstance(app.screen, DealSummaryScreen) or len(session.match.deals) > 1)
        assert session.match.deals[0].state.is_over

    run(app, body)


def must_draw(app) -> bool:
    """Whether the human seat is to act and may only draw."""
    from makao_tui.engine.actions import Draw

    if not humans_turn(app):
        return False
    session = peek(app)
    return session.match.state.view(session.to_act).legal == (Draw(),)


def test_shift_d_draws_until_a_card_fits_in_makao_pl():
    from makao_tui.engine.actions import Draw

    app = app_pl(seats=(ANN, AI), seed=8)

    async def body(pilot):
        await autoplay(pilot, lambda: must_draw(app))
        session = peek(app)
        before = len(session.log)
        await pilot.press("D")
        await pilot.pause()
        drawn = [e for e in session.log[before:] if e.seat == 0]
        assert drawn, "nothing was drawn"
        view = session.match.state.view(0)
        # the drawing stopped as soon as a card fitted (it must be played now), or when the
        # stock and pile ran dry and the turn passed by itself
        assert view.drawn is not None or session.to_act != 0 or view.legal != (Draw(),)

    run(app, body)


def test_a_run_of_draws_until_a_card_fits_is_one_line_of_the_log():
    from makao_tui.app.widgets.log import KEEP
    from makao_tui.games.shedding import CardsDrawn

    app = app_pl(seats=(ANN, AI), seed=8)

    async def body(pilot):
        await autoplay(pilot, lambda: must_draw(app))
        session = peek(app)
        before = len(session.log)
        lines_before = len(app.screen.log_lines())
        drawn = []
        while must_draw(app):
            await pilot.press("d")
            await pilot.pause()
            drawn = [e for e in session.log[before:] if e.seat == 0]
            assert all(len(e.events) == 1 and isinstance(e.events[0], CardsDrawn) for e in drawn)
            # each further draw rewrote the last line: the widget reads what the log makes
            assert list(app.screen.query_one("#log")._shown) == app.screen.log_lines()[-KEEP:]
        assert len(drawn) >= 2, "this seed's first run of draws should be longer"
        cards = [c for e in drawn for c in e.events[0].cards]
        lines = app.screen.log_lines()
        assert len(lines) == lines_before + 1
        assert lines[-1].startswith(f"{ANN.name} draws {len(cards)} cards (")

    run(app, body)


def test_all_ai_makao_pl_match_runs_to_the_end_of_match_screen():
    app = app_pl(seats=(AI, AI, AI), seed=4, deals=2)

    async def body(pilot):
        for _ in patience("the match did not end"):
            if isinstance(app.screen, MatchEndScreen):
                break
            if isinstance(app.screen, DealSummaryScreen):
                await pilot.press("enter")
            await step(pilot)
        match = peek(app).match
        assert match.is_over and len(match.deals) == 2
        assert sorted(p for d in match.deals for p in d.points if p > 0) in ([10, 10], [10], [])
        result = text_of(app.screen.query_one("#result"))
        for seat in match.winners():
            assert peek(app).names[seat] in result

    run(app, body)


def test_ransom_flow_in_makao_pl_by_keys():
    """Ann plays a 2; the AI ransoms (seed 5); Ann takes the doubled penalty with t."""
    app = app_pl(seats=(ANN, AI), seed=5)

    async def body(pilot):
        await wait_for(pilot, lambda: humans_turn(app))
        session = peek(app)
        hand = session.match.state.view(0).hand
        assert str(hand[0]) == "2C"  # 2♣ first in hand (seed 5: 2♣ J♣ Q♦ 7♥ Q♥ on Q♣)
        await pilot.press("1", "enter")
        await wait_for(pilot, lambda: humans_turn(app) or session.match.state.is_over)
        lines = session.log_lines(False)
        text = " ".join(str(line) for line in lines)
        assert "Ann plays 2♣" in text
        assert "must take 2 or ransom with a 2" in text
        assert session.match.state.view(0).penalty == 4
        assert "Ann must take 4 or ransom with a 2" in text
        await pilot.press("t")
        await pilot.pause()
        text = " ".join(str(line) for line in session.log_lines(False))
        assert "Ann draws 4 cards" in text and "as the penalty" in text

    run(app, body)


def test_ascii_mode_has_no_suit_symbols_on_the_start_screen_or_in_help():
    from makao_tui.app.screens.start import StartScreen

    app = MakaoApp(ascii=True, ai_delay=0)

    async def body(pilot):
        await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
        shown = " ".join(str(o.prompt) for o in app.screen.query_one("OptionList")._options)
        assert "K♥" not in shown and "KH" in shown
        await pilot.press("enter")  # the setup of Russian Makao, then back and into a match
        await pilot.press("ctrl+s")
        await wait_for(pilot, lambda: isinstance(app.screen, ShedTableScreen))
        await pilot.press("question_mark")
        await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen))
        rules = text_of(app.screen.query_one(".rules"))
        assert "♥" not in rules and "KH" in rules

    run(app, body)


def test_q_on_a_deal_summary_asks_before_quitting():
    from makao_tui.app.screens.common import ConfirmScreen

    app = app_ru(seats=(ANN, AI), seed=11, loss_limit=200)  # (a match of AI seats only deals on by itself)

    async def body(pilot):
        await autoplay(pilot, lambda: isinstance(app.screen, DealSummaryScreen))
        await pilot.press("q")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        await pilot.press("n")
        await wait_for(pilot, lambda: isinstance(app.screen, DealSummaryScreen))

    run(app, body)


def test_a_refusal_does_not_stay_under_the_suit_picker():
    # issue 30: "Not allowed: 3♦ matches neither…" stayed under the ace's suit picker
    app = app_ru(seed=SEED_RU_ACE)

    async def body(pilot):
        await wait_for(pilot, lambda: humans_turn(app))
        table = app.screen
        await pilot.press("1", "enter")  # 3♣ on K♦: refused
        assert "Not allowed" in status_text(app)
        await pilot.press("5", "enter")  # A♠: the picker asks for a suit
        await wait_for(pilot, lambda: isinstance(app.screen, SuitPicker))
        assert "Not allowed" not in text_of(table.query_one(StatusLine))

    run(app, body)


def test_a_sets_the_computers_pace_and_z_pauses_it():
    # issue 30 item 2: the AI's pace is set at the table (tests play at instant pace: no clock)
    app = app_ru(seats=(ANN, AI, AI), seed=3)

    async def body(pilot):
        await wait_for(pilot, lambda: humans_turn(app))
        table, session = app.screen, peek(app)
        assert app.pace == "instant"
        paces = []
        for _ in range(4):
            await pilot.press("a")
            paces.append((app.pace, session.table.ai_delay))
        assert paces == [("slow", 1.5), ("normal", 0.6), ("fast", 0.2), ("instant", 0.0)]
        assert "pace: instant" in status_text(app)
        await pilot.press("z")
        assert table.paused and "Paused" in status_text(app)
        view = session.match.state.view(0)
        table.act(next(a for a in view.legal if not isinstance(a, Play) or not a.makao))
        token = session.token()
        for _ in range(10):
            await step(pilot)
        assert session.token() == token and not humans_turn(app)  # the AI seats wait
        assert "z go on" in str(table.query_one("#keybar").render())
        await pilot.press("z")
        await wait_for(pilot, lambda: session.token() != token)  # and play on

    run(app, body)


def test_an_all_ai_match_deals_on_by_itself():
    # issue 30 item 2: watched, an all-AI match no longer waits for Enter after each deal
    app = app_ru(seats=(AI, AI, AI), seed=11, loss_limit=200)

    async def body(pilot):
        await wait_for(pilot, lambda: isinstance(app.screen, MatchEndScreen))  # no key pressed
        assert len(peek(app).match.deals) > 1

    run(app, body)


def test_a_forgotten_makao_and_a_rebuilt_stock_are_told_in_the_status_line():
    # issue 30: "draws 2 cards … for forgetting Makao" and a reshuffled stock were said in the log only
    app = app_ru(seats=(ANN, AI), seed=3)
    rng = random.Random(2)

    def makao_due() -> bool:
        return humans_turn(app) and any(isinstance(a, Play) and a.makao for a in peek(app).seating.view.legal)

    async def body(pilot):
        await autoplay(pilot, makao_due)
        play = next(a for a in peek(app).seating.view.legal if isinstance(a, Play) and a.makao)
        app.screen.act(dataclasses.replace(play, makao=False))  # no call
        await step(pilot)
        mine = [entry for entry in peek(app).log if entry.seat == 0][-1]
        drawn = next(e for e in mine.events if isinstance(e, CardsDrawn) and e.reason == "makao")
        cards = " ".join(c.label() for c in drawn.cards)
        assert f"You did not call Makao: you draw {len(drawn.cards)} cards ({cards})." in status_text(app)
        # and a stock rebuilt from the pile, by whoever's draw, is told too
        seen = len(peek(app).log)

        def rebuilt() -> bool:
            return any(isinstance(e, StockRebuilt) for entry in peek(app).log[seen:] for e in entry.events)

        for _ in patience("a stock rebuilt"):
            if rebuilt():
                break
            if humans_turn(app):
                seen = len(peek(app).log)
                app.screen.act(ai_for("makao-ru").choose(app.seating.view, rng))
            elif isinstance(app.screen, DealSummaryScreen):
                await pilot.press("enter")
                seen = len(peek(app).log)
            await step(pilot)
        assert "The stock ran out: the pile under the top card is shuffled into a new stock" in status_text(app)

    run(app, body)


def test_hot_seat_shows_the_card_drawn_before_the_pass_screen():
    # issue 30: a card drawn that did not fit ended the turn, and the pass screen came before the
    # player saw it
    app = app_ru(seats=(ANN, BOB), seed=1)

    async def body(pilot):
        for _ in patience("a draw that ends the turn"):
            await autoplay(pilot, lambda: must_draw(app))
            seat, table = peek(app).at_keyboard, app.screen
            await pilot.press("d")
            await step(pilot)
            if not humans_turn(app):
                break  # (a card that fits keeps the turn: the player plays on)
        assert isinstance(app.screen, HandOverScreen)
        drawn = [e for e in peek(app).log if e.seat == seat][-1].events[0]
        assert drawn.cards[0].label() in text_of(app.screen.query_one(".what"))
        assert drawn.cards[0] in table.query_one(HandView).cards  # his own hand, behind the line
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, PassDeviceScreen))
        assert table.query_one(HandView).cards == ()

    run(app, body)


def test_scrolling_back_reads_the_log_back_from_the_table(monkeypatch):
    """The client, the log widget and the table service keep the last lines only (issue 31 item
    3): a player who scrolls back to the log's top with the keys gets the older lines read back
    from the table (rebuilt from the saved match), page by page, back to the match's first deal;
    the next move lets them go again."""
    from makao_tui.app.widgets import log as log_module
    from makao_tui.table import client as client_module
    from makao_tui.table import service as service_module

    monkeypatch.setattr(client_module, "KEEP_ENTRIES", 8)
    monkeypatch.setattr(log_module, "KEEP", 8)
    monkeypatch.setattr(service_module, "KEEP_ENTRIES", 8)

    async def all_before(seating, end):
        entries = []
        while end > 0:
            end, page = await seating.older(end, 500)
            entries[:0] = page
        return entries

    app = app_pl(seats=(ANN, AI), seed=8)

    async def body(pilot):
        session = peek(app)
        await autoplay(pilot, lambda: app.seating.deal_number >= 3 and humans_turn(app))
        screen = app.screen
        log = screen.query_one("#log", log_module.EventLog)
        assert screen.seating.log_start > 0 and len(log._shown) <= 8
        assert session.table._log_start > 0 and session.table.saved  # (read back from the store)
        whole = screen.entry_runs(await all_before(screen.seating, screen.seating.log_start), 0)
        log.focus()
        for _ in patience("scrolling back to the first line", 200):
            if log.first_entry == 0:
                break
            await pilot.press("pageup")
            await pilot.pause()
        assert log._shown[0].startswith("Deal 1:")
        assert log._shown == [line for _start, line in whole] + screen.log_lines()[-len(log._shown) + len(whole):]
        assert log.scroll_y < log.max_scroll_y  # the player reads the top, not the newest line
        screen.query_one(HandView).focus()
        seen = len(session.log)
        await autoplay(pilot, lambda: len(session.log) > seen and humans_turn(app))
        seating = screen.seating
        everything = screen.entry_runs(await all_before(seating, seating.log_start + len(seating.log)), 0)
        assert len(log._shown) <= 8 and log._shown == [line for _start, line in everything][-len(log._shown):]

    run(app, body, size=(120, 40))
