"""Pilot tests of the Macao table at 80×24: a whole AI match, a hot-seat hand, refusals, the
cut, the bank passing on, the ledger on ``l`` and help."""


import pytest
from textual.widgets import DataTable

from makao_tui.app.main import MakaoApp
from makao_tui.app.screens.common import (
    DealSummaryScreen,
    HandOverScreen,
    HelpScreen,
    MatchEndScreen,
    PassDeviceScreen,
    ScoreSheetScreen,
)
from makao_tui.app.screens.macao import CutScreen, MacaoTableScreen
from makao_tui.app.screens.macao_parts import MacaoHand
from makao_tui.app.widgets.cards import CardView
from makao_tui.app.widgets.log import EventLog
from makao_tui.app.widgets.scores import TotalsChart
from makao_tui.engine.actions import Draw, Replace, Stand
from makao_tui.games.macao import next_banker
from makao_tui.games.macao_events import CardsCut, FirstBanker, HandSettled

from .macao_scenes import MACAO, app_macao, bank_passed, settlement
from .scenes import AI, ANN, BOB, autoplay, humans_turn, patience, peek, step, wait_for
from .test_table import run, status_text, text_of


def table_of(app) -> MacaoTableScreen:
    return next(s for s in app.screen_stack if isinstance(s, MacaoTableScreen))


def test_all_ai_match_runs_from_the_cut_to_the_end_of_match_screen():
    app = app_macao(seats=(AI, AI, AI), seed=11, bankroll=10, stake=3)
    summaries = []

    async def body(pilot):
        await wait_for(pilot, lambda: isinstance(app.screen, CutScreen))
        match = peek(app).match
        cut = text_of(app.screen.query_one("#result"))
        assert peek(app).names[match.first_dealer] in cut and "first bank" in cut
        await pilot.press("enter")
        for _ in patience("the match did not end"):
            if isinstance(app.screen, MatchEndScreen):
                break
            if settlement(app):
                summaries.append(len(match.deals))
            await step(pilot)
        assert match.is_over
        # no key was pressed: a match of AI seats deals on by itself (summaries seen in passing)
        assert set(summaries) <= set(range(1, len(match.deals) + 1))
        assert sum(match.totals) == 30
        table = app.screen.query_one(DataTable)
        assert table.row_count == len(match.deals) + 1  # one row per hand, then the bankrolls
        result = text_of(app.screen.query_one("#result"))
        for seat in match.winners():
            assert f"{peek(app).names[seat]} wins" in result or "share the win" in result
        chart = app.screen.query_one(TotalsChart)
        assert [len(line) for _, line in chart.sheet.series] == [len(match.deals) + 1] * 3
        assert str(max(match.totals)) in chart.render().plain

    run(app, body)


@pytest.mark.long
def test_the_end_of_match_chart_shows_at_once_at_120x40():
    # 30-odd hands: the sheet fills the screen; the chart keeps its title and a line per player
    app = app_macao(seats=(AI, AI, AI), seed=3, bankroll=20)

    async def body(pilot):
        for _ in patience("the match did not end"):
            if isinstance(app.screen, MatchEndScreen):
                break
            if isinstance(app.screen, DealSummaryScreen):
                await pilot.press("enter")
            await step(pilot)
        assert len(peek(app).match.deals) > 20
        await pilot.pause()
        chart = app.screen.query_one(TotalsChart)
        assert chart.size.height == 1 + 3
        shown = chart.render().plain.splitlines()
        assert [line.split()[0] for line in shown[1:]] == peek(app).names

    run(app, body, size=(120, 40))


def test_hot_seat_hand_covers_each_card_and_plays_r_d_s_by_keys():
    # seed 1: Bob cuts lowest and banks; Ann is dealt Q♦ (worth 0), Bob K♣
    app = app_macao(seats=(ANN, BOB), seed=1)

    async def body(pilot):
        await wait_for(pilot, lambda: isinstance(app.screen, CutScreen))
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, PassDeviceScreen))
        session = peek(app)
        state = session.match.state
        assert state.dealer == 1 and session.to_act == 0
        table = table_of(app)
        assert "hidden" in text_of(table.query_one("#points"))
        assert "Q♦" not in text_of(table.query_one("#players")) + text_of(table.query_one("#card-1"))
        await pilot.press("enter")
        await wait_for(pilot, lambda: humans_turn(app))
        assert "Q♦" in text_of(table.query_one("#card-1"))
        assert "Your Q♦ is worth 0" in status_text(app)
        await pilot.press("r")
        assert state.view(0).replaced[0] == 1 and session.to_act == 0  # replacing is not the turn's end
        new = state.view(0).hand[0]
        await pilot.press("d")
        # Ann sees the card she drew before the keyboard goes to Bob
        await wait_for(pilot, lambda: isinstance(app.screen, HandOverScreen))
        drew = [e for e in session.log if e.seat == 0][-1].events[0]
        assert drew.card.label() in text_of(app.screen.query_one(".what"))
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, PassDeviceScreen))
        assert session.to_act == 1
        players = text_of(table.query_one("#players"))
        assert new.label() not in players and "▒▒ ▒▒" in players  # Ann's cards face down for Bob
        await pilot.press("enter")
        await wait_for(pilot, lambda: humans_turn(app))
        assert "K♣" in text_of(table.query_one("#card-1")) and "bank" in text_of(table.query_one("#points"))
        assert [a.__class__ for a in state.view(1).legal] == [Replace, Draw, Stand]
        await pilot.press("s")
        await wait_for(pilot, lambda: settlement(app))
        result = text_of(app.screen.query_one("#result"))
        assert "Hand 1 is settled" in text_of(app.screen.query_one(".title"))
        line = state.view(0).settlement[0]
        assert f"{session.names[line.payer]} → {session.names[line.payee]}" in result
        assert line.reason in result and "K♣" in result and "Q♦" in result
        assert isinstance(session.log[-1].events[-1], HandSettled)

    run(app, body)


def test_refused_replace_says_why_and_changes_nothing():
    app = app_macao(seed=3)  # Ann banks holding 2♦

    async def body(pilot):
        await autoplay(pilot, lambda: humans_turn(app))
        token = peek(app).token()
        await pilot.press("r")
        assert status_text(app).startswith("Not allowed: only a card worth 0 may be thrown away, and 2♦")
        assert peek(app).token() == token
        keybar = text_of(app.screen.query_one("#keybar"))
        assert "d draw" in keybar and "s stand" in keybar and "replace" not in keybar
        await pilot.press("s")  # s stands on the Macao table: the hand is settled
        await wait_for(pilot, lambda: settlement(app))

    run(app, body)


def test_the_hand_keeps_the_focus_its_keys_work_after_a_click_and_the_log_scrolls_by_keys():
    # r / d / s are the hand's keys (MacaoHand): it keeps the focus wherever the mouse clicks,
    # and the table's own keys scroll the log, which a focused log did before
    app = app_macao(seed=3)

    async def body(pilot):
        await autoplay(pilot, lambda: humans_turn(app) and len(peek(app).match.deals) == 4)
        table = table_of(app)
        hand, log = table.query_one(MacaoHand), table.query_one("#log", EventLog)
        assert app.focused is hand
        for where in ("#log", "#players", "#alert", "#topbar"):
            await pilot.click(where)
            assert app.focused is hand, where
        assert log.max_scroll_y > 0  # (more lines than the log shows)
        await pilot.press("home")
        await pilot.pause()
        assert log.scroll_y == 0
        await pilot.press("pagedown", "down")
        await pilot.pause()
        assert log.scroll_y > 0
        await pilot.press("end")
        await pilot.pause()
        assert log.scroll_y == log.max_scroll_y
        assert app.focused is hand
        await pilot.press("s")
        await wait_for(pilot, lambda: settlement(app))

    run(app, body)


def test_a_key_out_of_turn_is_refused_by_the_hand_and_names_whose_turn_it_is():
    app = app_macao(seed=3)  # Ann banks: the punters play first

    async def body(pilot):
        await wait_for(pilot, lambda: isinstance(app.screen, CutScreen))
        table = app.screen_stack[1]
        await pilot.press("z", "enter")  # the computer paused: a punter is to act, not Ann
        await wait_for(pilot, lambda: app.screen is table)
        session = peek(app)
        seat, token = session.to_act, session.token()
        assert seat != 0
        for key in "rds":
            await pilot.press(key)
            assert status_text(app).strip() == f"Not allowed: it is {session.names[seat]}'s turn", key
        assert session.token() == token

    run(app, body)


def test_the_cut_with_a_tie_shows_every_round():
    app = app_macao(seed=5)  # Ann and Olga tie on tens, Ann cuts 9♠ to Olga's K♠

    async def body(pilot):
        await wait_for(pilot, lambda: isinstance(app.screen, CutScreen))
        rounds = [e for e in peek(app).match.opening if isinstance(e, CardsCut)]
        banker = next(e.seat for e in peek(app).match.opening if isinstance(e, FirstBanker))
        assert len(rounds) == 2
        sheet = app.screen.query_one(DataTable)
        assert sheet.row_count == 3 and len(sheet.columns) == 3
        assert next(str(c) for c in sheet.get_row_at(banker)).endswith("★")
        await pilot.press("enter")
        await autoplay(pilot, lambda: humans_turn(app))
        assert "Cut for the bank" in peek(app).log_lines()[0]

    run(app, body)


def test_bank_passing_on_is_announced():
    app = app_macao(seed=3)

    async def body(pilot):
        match = peek(app).match
        await autoplay(pilot, lambda: settlement(app) and next_banker(match) != match.current.dealer)
        await pilot.pause()
        result = text_of(app.screen.query_one("#result"))
        table = app.screen_stack[1]
        await pilot.press("z")  # paused behind the summary: the banner is seen before the first move
        await pilot.press("enter")
        await wait_for(pilot, lambda: app.screen is table)
        names = peek(app).names
        banker = peek(app).match.state.dealer
        assert f"the bank passes to {names[banker]}" in result
        assert f"to {names[banker]}: a fresh shoe of 104 cards" in text_of(table.query_one("#alert"))
        await pilot.press("z")
        await autoplay(pilot, lambda: bank_passed(app))
        assert "fresh shoe" not in text_of(table.query_one("#alert"))  # old news after the first move

    run(app, body)


def test_ledger_on_l_and_help_name_the_macao_keys():
    app = app_macao(seed=3)

    async def body(pilot):
        await autoplay(pilot, lambda: humans_turn(app) and len(peek(app).match.deals) == 3)
        await pilot.press("l")
        await wait_for(pilot, lambda: isinstance(app.screen, ScoreSheetScreen))
        sheet = app.screen.query_one(DataTable)
        assert sheet.row_count == 4  # hands 1, 2, the hand under way, bankrolls
        assert "l: back to the table" in text_of(app.screen.query_one(".hint"))
        assert app.screen.query_one(TotalsChart).sheet.series[0][1][0] == 100
        await pilot.press("l")
        await wait_for(pilot, lambda: humans_turn(app))
        await pilot.press("question_mark")
        await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen))
        keys = [line.split(maxsplit=1) for line in text_of(app.screen.query_one(".keys")).splitlines()]
        assert [k[0] for k in keys[:4]] == ["r", "d", "s", "l"]
        assert keys[2][1].startswith("stand") and keys[3][1].startswith("ledger")
        await pilot.press("escape")
        await wait_for(pilot, lambda: humans_turn(app))
        assert app.screen.query_one("#card-2", CardView).display is False

    run(app, body)


def test_l_on_the_settlement_opens_the_ledger_and_closes_it_back_to_the_settlement():
    app = app_macao(seed=3)

    async def body(pilot):
        await autoplay(pilot, lambda: settlement(app))
        await pilot.pause()
        summary = app.screen
        assert "l: ledger" in text_of(summary.query_one(".hint"))
        await pilot.press("l")
        await wait_for(pilot, lambda: isinstance(app.screen, ScoreSheetScreen))
        assert "ledger" in text_of(app.screen.query_one(".title"))
        assert app.screen.query_one(TotalsChart).sheet.series[0][1][0] == 100
        assert "l: back to the hand's settlement" in text_of(app.screen.query_one(".hint"))
        await pilot.press("l")
        await wait_for(pilot, lambda: app.screen is summary)
        await pilot.press("enter")  # and the settlement goes on as before
        await wait_for(pilot, lambda: not isinstance(app.screen, DealSummaryScreen))

    run(app, body)


def test_refusal_in_ascii_names_the_card_with_a_letter():
    app = MakaoApp(ascii=True, variant=MACAO, rules=MACAO.rules({}), seats=[ANN, AI, AI], seed=3, ai_delay=0)

    async def body(pilot):
        await autoplay(pilot, lambda: humans_turn(app))
        await pilot.press("r")
        assert "and 2D is worth 2" in status_text(app)

    run(app, body)


def test_only_a_natural_7_8_or_9_is_marked_on_the_ledger():
    """makao_tui/rules/macao.en.md: a natural is a hand that never drew, and the settlement names the natural 9,
    8 and 7; a 0 that stood is a natural by the rule, yet "natural 0" / "0n" is not what a Macao
    player calls it, so only 7, 8 and 9 are marked."""
    from makao_tui.app.screens.macao import macao_ledger

    app = app_macao(seed=3)

    def low_natural_settled() -> bool:
        return any(d.points is not None and d.public.naturals[0] and d.public.totals[0] < 7
                   for d in table_of(app).seating.rows)

    async def body(pilot):
        for _ in patience("Ann stands on a card worth less than 7"):
            await autoplay(pilot, lambda: humans_turn(app))
            if low_natural_settled():
                break
            await pilot.press("s")  # Ann stands on her one card, whatever it is worth: a natural
            await step(pilot)
        seating = table_of(app).seating
        sheet = macao_ledger(seating)
        low_naturals = 0
        for deal, row in zip(seating.rows, sheet.rows, strict=False):
            if deal.points is None:
                continue
            view = deal.public
            for seat in range(seating.players):
                if not view.in_play[seat]:
                    continue
                cell = str(row[2 + seat])
                total, natural = view.totals[seat], view.naturals[seat]
                assert cell.startswith(f"{total}n" if natural and total >= 7 else f"{total} "), cell
                low_naturals += natural and total < 7
        assert low_naturals  # hands of 0-6 that never drew were there, and not marked

    run(app, body)


def test_a_bank_broken_is_passed_on_for_that_reason_and_told_once():
    """A tester lost his bank of 10 at stake 10 in hand 1: the summary said "The shoe is used up"
    with 96 cards in the shoe, and "has run out of chips" and "leaves the table" one after the other."""
    app = app_macao(seed=9, bankroll=10, stake=10)

    async def body(pilot):
        match = peek(app).match

        def broke() -> bool:
            return (settlement(app) and not match.is_over and match.totals[match.current.dealer] == 0
                    and next_banker(match) != match.current.dealer)

        await autoplay(pilot, broke)
        await pilot.pause()
        result = text_of(app.screen.query_one("#result"))
        names = peek(app).names
        banker, following = match.current.dealer, next_banker(match)
        assert "shoe" not in result and "bank is broken" not in result
        assert f"{names[banker]} has no chips left and leaves the table" in result
        assert f"The bank passes to {names[following]}." in result

    run(app, body)


def test_the_first_bank_is_news_until_the_first_move_only():
    # issue 30: "Player 1 cut lowest and holds the first bank" stayed under the table all hand long
    app = app_macao(seed=3)

    async def body(pilot):
        await wait_for(pilot, lambda: isinstance(app.screen, CutScreen))
        table = app.screen_stack[1]
        await pilot.press("z", "enter")  # the computer paused: nobody has moved yet
        await wait_for(pilot, lambda: app.screen is table)
        assert "cut lowest" in text_of(table.query_one("#alert"))
        await pilot.press("z")
        await autoplay(pilot, lambda: any(e.seat is not None for e in peek(app).log if e.deal == 1))
        await step(pilot)
        assert "cut lowest" not in text_of(table.query_one("#alert"))

    run(app, body)
