"""The language picker of the start screen (``l``): English, Русский, Polski, each named in itself.

It returns the code chosen (one of :data:`~makao_tui.engine.i18n.LANGUAGES`) or None when closed with
Esc; the app then switches every screen to it and remembers it in the settings
(:meth:`~makao_tui.app.main.MakaoApp.switch_language`).
"""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from ...engine.i18n import LANGUAGE_NAMES, N_, _, language
from .common import COMMON_CSS
from .lifecycle import leaving


class LanguagePicker(ModalScreen[str | None]):
    """A list of the languages, the one in use highlighted; Enter chooses, Esc closes."""

    CSS_PATH = COMMON_CSS
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,q,l", "close", N_("Close"))]

    def compose(self) -> ComposeResult:
        with Vertical(id="language-box", classes="dialog small"):
            yield Static(_("Language"), classes="title")
            yield OptionList(*(Option(name, id=code) for code, name in LANGUAGE_NAMES.items()), id="languages")
            yield Static(_("↑ ↓ and Enter: choose · Esc: close"), classes="hint")

    def on_mount(self) -> None:
        if leaving(self):
            return
        choices = self.query_one("#languages", OptionList)
        choices.highlighted = list(LANGUAGE_NAMES).index(language())
        choices.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option.id)

    def action_close(self) -> None:
        """Keep the language in use."""
        self.dismiss(None)
