"""A player at the keyboard of a journey's table: reads whose turn it is from the key bar, the hand
from its drawings, and presses what a careful beginner would (issue 30 item 5).

:func:`play_until` plays the seats at the keyboard, one turn after another, until a condition on
the screen holds. A turn: in Russian and Polish Makao the first card the table marks as playable
(calling Makao with the last but one card; a picker's last choice), else take the penalty, draw,
or pass; in Peklo the bid the table offers, then the first playable card; in Macao stand.

Each key waits for its effect on the screen before the next is pressed (a card chosen, then the
table changed: the hand, the keys offered or the lines outside the boxes), so no key lands in a
frame it was not meant for. At the player's turn nothing else moves on the screen.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable

from .screen import boxes, hand, outside_boxes, say, template
from .terminal import Terminal

#: most turns a journey plays before it is taken for stuck (a deal of any game takes far fewer)
MOST_TURNS = 400
#: seconds between two presses of Enter on the pass screen, which ignores keys for a moment after
#: it shows (a retry interval, never a measure)
PASS_RETRY = 1.0
#: the keys with which the seat at the keyboard acts (the key bar shows them only at its turn)
ACTING_KEYS = {"Enter", "d", "t", "p"}


def bar_keys(term: Terminal) -> set[str]:
    """The keys the key bar offers now: the bold runs of the screen's last two rows (the bar
    draws each key in bold, its word plain)."""
    return {key for row in (-2, -1) for key in term.bold_runs(row)}


def shows(term: Terminal, msgid: str) -> bool:
    """Whether the message ``msgid`` (any text in its fields) is on the screen."""
    return template(term.language, msgid).search(term.text) is not None


def picker_keys(term: Terminal) -> list[str]:
    """The keys of the picker on screen (an ace's suit, a jack's demand, a joker's card), or []."""
    before, after = say(term.language, "Keys: {keys}; or ←/→ and Enter. Esc: cancel.").split("{keys}")
    found = re.search(re.escape(before) + r"(.+?)" + re.escape(after), term.text)
    return found.group(1).split() if found else []


def deal_over(term: Terminal) -> bool:
    """Whether the summary of a deal (a hand in Macao) shows."""
    return any(shows(term, title) for title in ("Deal {number} is over", "Hand {number} is over",
                                                 "Hand {number} is settled"))


def passing(term: Terminal) -> bool:
    """Whether the hot-seat pass screen shows."""
    return shows(term, "Pass the keyboard to {name}")


def handing_over(term: Terminal) -> bool:
    """Whether a hot-seat turn ended with cards only its player may see, shown on a line at the
    hand's foot until Enter hands the keyboard over."""
    return shows(term, "Enter: pass the keyboard to {name}") and not passing(term)


def my_turn(term: Terminal) -> bool:
    """Whether the table waits for the seat at the keyboard: the key bar offers to act and the hand
    shows (Macao's cards have no keys: its bar offers the ledger, ``l``)."""
    keys = bar_keys(term)
    return (bool(keys & ACTING_KEYS) and (bool(hand(term.lines)) or "l" in keys) and not picker_keys(term)
            and not passing(term) and not deal_over(term))


def _look(term: Terminal) -> tuple:
    """What changes when the table takes or refuses a move (not which card is chosen)."""
    lines = term.lines
    cards = tuple((card.key, card.label, card.playable) for card in hand(lines))
    return (cards, tuple(box.title for box in boxes(lines)), frozenset(bar_keys(term)), tuple(outside_boxes(lines)),
            tuple(picker_keys(term)), passing(term), deal_over(term))


def press_and_see(term: Terminal, key: str) -> None:
    """Press ``key`` and wait until the table answers (see :func:`_look`), whatever it answers."""
    before = _look(term)
    term.press(key)
    term.wait(lambda t: _look(t) != before, f"the screen to answer the key {key!r}")


def choose(term: Terminal, index: int) -> None:
    """Choose the hand's card at ``index`` (its key, or → from the tenth card past the first ten)
    and wait until it shows as chosen."""
    cards = hand(term.lines)
    if cards[index].chosen:
        return
    keys = [cards[index].key] if cards[index].key else ["0"] + ["right"] * (index - 9)
    for key in keys:
        before = [card.chosen for card in hand(term.lines)]
        term.press(key)
        term.wait(lambda t, before=before: [card.chosen for card in hand(t.lines)] != before,
                  f"the key {key} to choose a card")
    assert hand(term.lines)[index].chosen, term.text


def labels(term: Terminal) -> list[str]:
    """The cards of the hand on screen, as labelled."""
    return [card.label for card in hand(term.lines)]


def answer_picker(term: Terminal, keys: list[str], turn_hand: list[str]) -> None:
    """Answer the picker on screen with its last choice (``keys``: its keys) and wait until the
    table took the play: another picker asks, the deal ends, the keyboard is passed, or the hand
    is no longer ``turn_hand`` (as it was when the turn began). The frame in which the picker has
    closed but the table has not yet taken the play still shows the turn's keys: a journey that
    took it for the next turn pressed keys in the next player's turn."""
    term.press(keys[-1])

    def taken(t: Terminal) -> bool:
        now = picker_keys(t)
        if now == keys:
            return False
        return bool(now) or deal_over(t) or passing(t) or handing_over(t) or labels(t) != turn_hand

    term.wait(taken, f"the table to take the play answered with {keys[-1]!r}")


def take_turn(term: Terminal) -> None:
    """Play one turn of the seat at the keyboard (see the module docstring)."""
    lines = term.lines
    keys = bar_keys(term)
    cards = hand(lines)
    playable = [index for index, card in enumerate(cards) if card.playable]
    if playable and "Enter" in keys:
        if len(cards) == 2 and "d" in keys:  # the last but one card of a Makao: call it
            press_and_see(term, "m")
        choose(term, playable[0])
        press_and_see(term, "enter")
    elif "t" in keys:
        press_and_see(term, "t")
    elif not cards and {"d", "s", "l"} <= keys:  # Macao (its cards have no keys; l: its ledger): stand
        press_and_see(term, "s")
    elif "d" in keys:
        press_and_see(term, "d")
    elif "p" in keys:
        press_and_see(term, "p")
    elif "Enter" in keys:  # Peklo's bid: the one the table offers
        press_and_see(term, "enter")
    else:
        raise AssertionError(f"no move to make; the screen:\n{term.text}")


def dismiss_pass(term: Terminal) -> None:
    """Let the next player in: Space on the pass screen, again after :data:`PASS_RETRY` seconds
    while it still shows (it ignores keys for a moment after it shows, so that a key pressed
    twice by the last player cannot uncover the next hand)."""
    pressed = [0.0]

    def gone(t: Terminal) -> bool:
        if not passing(t):
            return True
        if time.monotonic() - pressed[0] >= PASS_RETRY:
            t.press("space")
            pressed[0] = time.monotonic()
        return False

    term.wait(gone, "the pass screen to let the next player in")


def play_until(term: Terminal, done: Callable[[Terminal], bool], on_pass: Callable[[Terminal], None] | None = None,
               turns: int = MOST_TURNS) -> None:
    """Play the seats at the keyboard until ``done(term)``: take each turn, answer a picker with
    its last choice, hand the keyboard over after a turn that showed its player his new cards,
    and on the hot-seat pass screen call ``on_pass`` (if given) and let the next player in. Fails
    after ``turns`` turns."""
    turn_hand: list[str] = []
    for _ in range(turns):
        term.wait(lambda t: done(t) or passing(t) or handing_over(t) or picker_keys(t) or my_turn(t),
                  "a turn, a picker, the hand-over, the pass screen or the end")
        if done(term):
            return
        if handing_over(term):
            term.press("enter")
            term.wait(lambda t: not handing_over(t), "the hand-over line to go")
        elif passing(term):
            if on_pass is not None:
                on_pass(term)
            dismiss_pass(term)
        elif keys := picker_keys(term):
            answer_picker(term, keys, turn_hand)
        else:
            turn_hand = labels(term)
            take_turn(term)
    raise AssertionError(f"not done after {turns} turns; the screen:\n{term.text}")
