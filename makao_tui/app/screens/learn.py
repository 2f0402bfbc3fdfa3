"""The lesson picker of the start screen (``L``, "Learn to play"): the games, each with what its
lesson teaches; Enter starts the lesson of the game chosen (a guided deal on a stacked deck at the
game's own table, with a coach line over it: :mod:`makao_tui.table.lesson`), Esc closes.

It returns the game's id, or None when closed; the app then starts the lesson
(:meth:`~makao_tui.app.main.MakaoApp.start_lesson`).
"""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from ...engine.i18n import N_, _
from ..tables import playable_games
from .common import COMMON_CSS

#: what each game's lesson teaches, by game id (translated when shown); a game without a lesson
#: is not offered
TEACHES = {
    "makao-ru": N_("matching, a 9 and an ace, a penalty 3, the Makao call"),
    "makao-pl": N_("a ransom, a four, a jack's demand"),
    "macao": N_("a natural, the draw, the banker's payout"),
    "peklo": N_("a bid, following suit, trump, an exact bid"),
}


class LessonPicker(ModalScreen[str | None]):
    """The games that have a lesson; Enter chooses, Esc closes."""

    CSS_PATH = COMMON_CSS
    AUTO_FOCUS = "#lessons"
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,q", "close", N_("Close"))]

    def compose(self) -> ComposeResult:
        with Vertical(id="lesson-box", classes="dialog"):
            yield Static(_("Learn to play"), classes="title")
            yield Static(_("A short deal on a stacked deck: a coach line says what to do and why."))
            options = []
            for game in playable_games():
                if game.id in TEACHES:
                    prompt = Text(game.title(), style="bold")
                    prompt.append(f"\n{_(TEACHES[game.id])}")
                    options.append(Option(prompt, id=game.id))
            yield OptionList(*options, id="lessons")
            yield Static(_("↑ ↓ and Enter: choose · Esc: close"), classes="hint")

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option.id)

    def action_close(self) -> None:
        """Start no lesson."""
        self.dismiss(None)
