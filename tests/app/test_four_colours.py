"""The four-colour deck (``makao --four-colour``, issue 16 item 4): spades black, hearts red,
diamonds blue, clubs green, on every card the app draws; the usual deck otherwise."""

from __future__ import annotations

from typer.testing import CliRunner

import makao_tui.app.main as app_main
from makao_tui.app.main import MakaoApp
from makao_tui.app.widgets.cards import FOUR_COLOURS, RED, card_text, playable_style
from makao_tui.cli import app as cli
from makao_tui.engine.cards import Card


def _styles() -> dict[str, str]:
    return {suit: str(card_text(Card.of("Q", suit)).style) for suit in "SHDC"}


def test_the_app_draws_the_deck_it_was_given():
    MakaoApp(four_colours=True)
    assert _styles() == FOUR_COLOURS
    assert len(set(_styles().values())) == 4
    MakaoApp()
    assert _styles() == {"S": "bold", "H": RED, "D": RED, "C": "bold"}


def test_the_four_colour_option_reaches_the_app(monkeypatch):
    seen: dict = {}
    monkeypatch.setattr(app_main, "run_app", lambda **kwargs: seen.update(kwargs))
    result = CliRunner().invoke(cli, ["--four-colour", "play", "makao-pl", "--seat", "Ann", "--seat", "ai"])
    assert result.exit_code == 0, result.output
    assert seen["four_colours"] is True
    result = CliRunner().invoke(cli, ["play", "makao-pl", "--seat", "Ann", "--seat", "ai"])
    assert result.exit_code == 0 and seen["four_colours"] is False


def test_a_playable_card_is_not_drawn_in_the_clubs_green():
    from rich.color import Color
    from rich.style import Style

    from makao_tui.app.widgets.cards import _box

    def rgb(style: str):
        colour = Style.parse(style).color
        return colour.get_truecolor() if colour is not None else None

    MakaoApp(four_colours=True)
    club = _box(Card.of("7", "C"), False, "1", playable=True, selected=False)
    border = {span.style for line in club for span in line.spans} - {FOUR_COLOURS["C"]}
    assert playable_style() in border and "green" not in playable_style()
    clubs, edge = rgb(FOUR_COLOURS["C"]), rgb(playable_style())
    assert sum(abs(a - b) for a, b in zip(clubs, edge, strict=True)) > 200  # far apart in colour
    assert Color.parse("green").get_truecolor() != edge
    MakaoApp()
    assert playable_style() == "bold green"  # the usual deck has no green suit
