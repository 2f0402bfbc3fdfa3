"""The table under the makao_tui/rules/makao-pl.en.md#house-rules options (issue 14 item 4): the rules in force in
the header,
the help following the options, marking cards for a play of several, a joker's card picked and
shown on the pile."""

from makao_tui.app.screens.common import HelpScreen
from makao_tui.app.screens.pickers import JokerRankPicker, JokerSuitPicker
from makao_tui.app.widgets.cards import HandView
from makao_tui.engine.cards import JOKER, Card
from makao_tui.games.shedding import CardPlayed, _hand_mask

from .scenes import SEED_HOUSE_JOKER as SEED_JOKER
from .scenes import SEED_HOUSE_PAIR as SEED_PAIR
from .scenes import app_house as house_app
from .scenes import humans_turn, peek, wait_for
from .test_table import run, text_of


def _played(app) -> CardPlayed | None:
    """Ann's first play of the deal, or None."""
    for entry in peek(app).log:
        for event in entry.events:
            if isinstance(event, CardPlayed) and event.seat == 0:
                return event
    return None


def test_the_header_names_the_rules_and_the_help_lists_the_options():
    app = house_app(SEED_PAIR)

    async def body(pilot):
        await wait_for(pilot, lambda: humans_turn(app))
        assert "house rules" in text_of(app.screen.query_one("#topbar"))
        await pilot.press("question_mark")
        await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen))
        shown = " ".join(text_of(app.screen.query_one(".rules")).split())
        assert "Rules in force: house rules" in shown
        assert "* Queens on everything: on" in shown and "Jokers: off" in shown
        assert "Space" in text_of(app.screen.query_one(".keys"))

    run(app, body)


def test_space_marks_two_cards_and_enter_lays_them_in_that_order():
    app = house_app(SEED_PAIR)

    async def body(pilot):
        await wait_for(pilot, lambda: humans_turn(app))
        assert app.screen._view().hand == tuple(map(Card.parse, ("5C", "AC", "6D", "4S", "6S")))
        assert "Space" in text_of(app.screen.query_one("#keybar"))
        await pilot.press("3", "space", "5", "space")
        assert app.screen.hand.marked == [2, 4]
        assert "Marked 6♦ 6♠" in text_of(app.screen.query_one("#status"))
        await pilot.press("enter")
        await wait_for(pilot, lambda: _played(app) is not None)
        played = _played(app)
        assert played.cards == (Card.parse("6D"), Card.parse("6S"))

    run(app, body)


def test_marks_follow_the_sorted_hand():
    app = house_app(SEED_PAIR)

    async def body(pilot):
        await wait_for(pilot, lambda: humans_turn(app))
        await pilot.press("o")  # by rank: 4♠ 5♣ 6♦ 6♠ A♣
        await pilot.press("3", "space", "4", "space")
        assert app.screen.hand.marked == [2, 4]  # places in the engine's hand
        assert app.screen.query_one(HandView).marked == (2, 3)  # places as shown
        await pilot.press("enter")
        await wait_for(pilot, lambda: _played(app) is not None)
        assert _played(app).cards == (Card.parse("6D"), Card.parse("6S"))

    run(app, body)


def test_a_mixed_marking_is_refused_with_the_engines_reason():
    app = house_app(SEED_PAIR)

    async def body(pilot):
        await wait_for(pilot, lambda: humans_turn(app))
        await pilot.press("3", "space", "1", "space", "enter")
        await pilot.pause()
        assert "one rank" in text_of(app.screen.query_one("#status"))
        assert peek(app).to_act == 0

    run(app, body)


def test_a_joker_asks_for_its_rank_then_its_suit_and_the_log_names_the_card():
    app = house_app(SEED_JOKER, jokers=True)

    async def body(pilot):
        await wait_for(pilot, lambda: humans_turn(app))
        assert app.screen._view().hand[4] == JOKER
        await pilot.press("o")  # by suit: the joker last
        await pilot.press("5", "enter")
        await wait_for(pilot, lambda: isinstance(app.screen, JokerRankPicker))
        await pilot.press("8")  # an 8 of any suit goes on the 8♣
        await wait_for(pilot, lambda: isinstance(app.screen, JokerSuitPicker))
        await pilot.press("3")  # ♥, the third suit offered (♣ ♦ ♥ ♠)
        await wait_for(pilot, lambda: _played(app) is not None)
        played = _played(app)
        assert played.card == JOKER and played.as_card == Card.parse("8H")
        assert "plays ★ as 8♥" in played.text(peek(app).names)

    run(app, body)


def test_the_help_keys_follow_the_options_and_stay_the_same_when_asked_again():
    app = house_app(SEED_PAIR, makao_out=True)

    async def body(pilot):
        await wait_for(pilot, lambda: humans_turn(app))
        first = app.screen.help_keys()
        assert first == app.screen.help_keys()
        words = dict(first)
        assert "po makale" in words["m"] and "Space" in words
        assert not any(key.startswith("2-9") for key, _ in first)  # no jokers

    run(app, body)


def _last_card_jack(app) -> None:
    """Leave Ann (to act) with one card, the jack of diamonds, which fits the A♦ on the pile."""
    jack = Card.parse("JD")
    state = peek(app).match.state
    state.stock = [c for c in state.stock if c != jack]
    state.hands = [[c for c in hand if c != jack] for hand in state.hands]
    state.hands[0] = [jack]
    state._hm = [_hand_mask(hand) for hand in state.hands]  # the hands as the engine's masks too
    peek(app).table._changed()  # the table sends the seats their new views


def test_po_makale_last_jack_without_the_call_asks_for_a_demand():
    # makao_tui/rules/makao-pl.en.md#house-rules makao_out: a last card laid without "po makale" keeps its effect
    app = house_app(SEED_PAIR, makao_out=True)

    async def body(pilot):
        await wait_for(pilot, lambda: humans_turn(app))
        _last_card_jack(app)
        await pilot.press("1", "enter")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "DemandPicker")

    run(app, body)


def test_po_makale_last_jack_with_the_call_goes_out_without_asking():
    app = house_app(SEED_PAIR, makao_out=True)

    async def body(pilot):
        await wait_for(pilot, lambda: humans_turn(app))
        _last_card_jack(app)
        await pilot.press("m", "1", "enter")
        await wait_for(pilot, lambda: peek(app).match.deals[-1].state.is_over)
        played = _played(app)
        assert played is not None and played.out and played.demand is None

    run(app, body)
