"""Journeys at the table (issue 30 items 1 and 5): a refusal does not stay under the next dialog;
the hot-seat pass screen shows no card; a deal of each game is played to its end by keys alone;
no process of the app outlives its test."""

from __future__ import annotations

import signal

import pytest

from .play import answer_picker, bar_keys, deal_over, labels, my_turn, passing, picker_keys, play_until, shows
from .screen import CARD, hand, template
from .terminal import LARGE, SMALL, session_processes

#: makao-ru: Ann plays first holding 3♣ K♣ 9♥ J♠ A♠ on K♦ (3♣ does not fit; A♠ names a suit)
SEED_RU_ACE = ("play", "makao-ru", "--seed", "19", "--seat", "Ann", "--seat", "ai", "--seat", "ai", "--pace", "fast")


def key_of(term, label: str) -> str:
    """The key that chooses the hand's card ``label``."""
    return next(card.key for card in hand(term.lines) if card.label == label)


@pytest.mark.parametrize("language", ["en", "ru", "pl"])
def test_a_refusal_is_gone_once_the_next_dialog_shows(start, language):
    term = start(*SEED_RU_ACE, language=language)
    term.wait(my_turn, "Ann's first turn")
    refusal = template(language, "Not allowed: {reason}")
    term.press(key_of(term, "3♣"), "enter")
    term.wait(lambda t: refusal.search(t.text), "the refusal of 3♣")
    term.press(key_of(term, "A♠"), "enter")
    term.wait(picker_keys, "the ace's suit picker")
    assert not refusal.search(term.text), term.text


def test_a_picker_answered_waits_for_the_table_to_take_the_play(start):
    # the frames after the picker closes still show the turn's keys until the table takes the
    # ace: a journey that took them for the next turn pressed keys in Olga's turn (a CI failure)
    term = start(*SEED_RU_ACE)
    term.wait(my_turn, "Ann's first turn")
    before = labels(term)
    term.press(key_of(term, "A♠"), "enter")
    keys = term.wait(picker_keys, "the ace's suit picker")
    answer_picker(term, keys, before)
    assert "A♠" not in labels(term), term.text


def no_card_shown(term) -> None:
    """The pass screen's check: no card anywhere on it (no label, no card's drawing)."""
    text = term.text
    assert not CARD.search(text) and "┌─" not in text and "┏━" not in text, text
    no_card_shown.seen += 1


@pytest.mark.parametrize(("language", "size"), [("en", SMALL), ("ru", LARGE), ("pl", SMALL)])
def test_the_pass_screen_shows_no_card(start, language, size):
    term = start("play", "makao-ru", "--seed", "5", "--seat", "Ann", "--seat", "Bob", "--pace", "fast",
                 language=language, size=size)
    no_card_shown.seen = 0
    # four passes of the keyboard: the first before Ann's hand, then after each player's turn
    play_until(term, lambda t: no_card_shown.seen >= 4 and passing(t), on_pass=no_card_shown)
    no_card_shown(term)


@pytest.mark.parametrize(("game", "language", "size", "extra"), [
    ("peklo", "ru", SMALL, ("--seat", "ai:easy", "--seat", "ai:easy")),
    ("macao", "pl", LARGE, ("--seat", "ai:easy")),
])
def test_a_deal_is_played_to_its_end_by_keys_alone(start, game, language, size, extra):
    term = start("play", game, "--seed", "3", "--seat", "Ann", *extra, "--pace", "fast", language=language, size=size)
    cut = template(language, "deal the first hand")  # Macao: the cut for the bank comes first
    term.wait(lambda t: my_turn(t) or cut.search(t.text), "the table")
    if cut.search(term.text):
        term.press("enter")
    play_until(term, deal_over)
    term.press("enter")  # the next deal
    term.wait(lambda t: not deal_over(t), "the next deal")


def test_no_process_of_the_app_outlives_its_terminal(start):
    # two AI seats: the app thinks for them in its helper process from the first move on
    term = start("play", "makao-ru", "--seed", "3", "--seat", "ai:easy", "--seat", "ai:easy", "--pace", "fast")
    term.wait(lambda t: len(session_processes(t.session)) >= 2, "the AI's helper process beside the app")
    term.close()
    assert session_processes(term.session) == {}
    assert term.process.returncode == -signal.SIGKILL


def test_quitting_by_keys_ends_the_app_and_every_process_of_it(start):
    term = start("play", "peklo", "--seed", "3", "--seat", "Ann", "--seat", "ai", "--seat", "ai", "--pace", "fast")
    term.wait(my_turn, "Ann's turn")
    term.press("q")
    term.wait(lambda t: shows(t, "Yes") or "y" in bar_keys(t), "the question whether to leave")
    term.press("y")
    term.wait(lambda t: shows(t, "Resume") or term.process.poll() is not None, "the start screen")
    term.press("q")
    assert term.wait_ended() == 0
    term.wait(lambda t: not session_processes(t.session), "every process of the app to end")
