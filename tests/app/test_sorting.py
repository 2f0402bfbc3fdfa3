"""The hand orders of the o key: by suit, by rank; Peklo's trumps first."""

import pytest

from makao_tui.app.sorting import ORDERS, next_order, shown_order
from makao_tui.engine.cards import parse_cards


def shown(text: str, order: str, trump: str | None = None) -> str:
    hand = parse_cards(text.split())
    return " ".join(str(hand[i]) for i in shown_order(hand, order, trump))


def test_by_suit_and_by_rank():
    hand = "KS 2H TC AS 2C 9H"
    assert shown(hand, "suit") == "2C TC 2H 9H KS AS"
    assert shown(hand, "rank") == "2C 2H 9H TC KS AS"


def test_trumps_come_first_in_both_sorted_orders():
    hand = "KS 2H TC AS 2C 9H"
    assert shown(hand, "suit", trump="H") == "2H 9H 2C TC KS AS"
    assert shown(hand, "rank", trump="H") == "2H 9H 2C TC KS AS"
    assert shown("AS 3D 2D", "rank", trump="S") == "AS 2D 3D"


def test_two_packs_keep_equal_cards_in_the_hands_order_and_every_place_once():
    hand = parse_cards(["5H", "5H", "3C", "5H"])
    for order in ORDERS:
        assert sorted(shown_order(hand, order)) == [0, 1, 2, 3]
    assert shown_order(hand, "suit") == [2, 0, 1, 3]


def test_jokers_come_last_in_both_sorted_orders():
    hand = "XX KS 2H XX 9H"
    assert shown(hand, "suit") == "2H 9H KS XX XX"
    assert shown(hand, "rank") == "2H 9H KS XX XX"
    assert shown(hand, "rank", trump="S") == "KS 2H 9H XX XX"


def test_the_key_cycles_through_the_orders():
    assert [next_order(o) for o in ORDERS] == ["rank", "suit"]
    with pytest.raises(ValueError):
        shown_order(parse_cards(["5H"]), "colour")


def test_o_sorts_the_hand_at_the_table_and_the_keys_follow_the_order_shown():
    import asyncio

    from makao_tui.app.widgets.cards import HandView
    from makao_tui.engine.cards import Card

    from .scenes import SEED_RU_ACE, app_ru, humans_turn, peek, wait_for

    app = app_ru(seed=SEED_RU_ACE)  # Ann holds 3♣ K♣ 9♥ J♠ A♠ on K♦

    async def main():
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for(pilot, lambda: humans_turn(app))
            table = app.screen
            engine_hand = tuple(peek(app).match.state.view(0).hand)
            # issue 30: o is in the key bar, and the title always names the order shown
            assert "o order" in str(table.query_one("#keybar").render())
            assert app.hand_order == "suit" and "by suit" in table.query_one("#hand-box").border_title
            assert " ".join(str(c) for c in table.query_one(HandView).cards) == "3C KC 9H JS AS"
            await pilot.press("o")  # by suit → by rank: another order on the screen
            await pilot.pause()
            assert app.hand_order == "rank"
            assert " ".join(str(c) for c in table.query_one(HandView).cards) == "3C 9H JS KC AS"
            assert "by rank" in table.query_one("#hand-box").border_title
            assert tuple(peek(app).match.state.view(0).hand) == engine_hand  # the engine's order stays
            await pilot.press("4")  # the fourth card shown: K♣
            assert table.hand.selected == Card.parse("KC")
            await pilot.press("enter")
            await pilot.pause()
            assert peek(app).match.all_actions()[0][1].card == Card.parse("KC")
            await pilot.press("o")
            await pilot.pause()
            assert app.hand_order == "suit" and "Your hand is shown by suit" in str(
                table.query_one("#status").render())

    asyncio.run(main())
