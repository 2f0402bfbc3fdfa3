"""The rules screen: a game's rules in full in the language in use, the options in force marked,
and the seed text the rules were read from one key away (``o``), in its original language.

Opened with F1 at every table (the match's options) and with ``r`` on the start screen (the game
highlighted there). Keyboard only: the arrows, Page Up / Page Down, Home / End scroll; Esc closes.
"""

from __future__ import annotations

from typing import Any, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Markdown, Static

from ...engine.i18n import N_, _
from ...engine.variant import Variant
from ..rules_book import options_markdown, rules_markdown, seed_text
from ..widgets.footer import KeyBar
from .common import COMMON_CSS


class RulesScreen(Screen[None]):
    """The rules of ``variant`` under ``rules`` (see the module docstring); ``for_match``: whether
    ``rules`` are those of a match under way (else those a new match would start from)."""

    CSS_PATH = COMMON_CSS
    AUTO_FOCUS = "#rules-scroll"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q,f1", "close", N_("Close")),
        Binding("o", "toggle_seed", N_("Seed text")),
        Binding("pageup", "page(-1)", show=False),
        Binding("pagedown,space", "page(1)", show=False),
    ]

    def __init__(self, variant: Variant, rules: Any, for_match: bool) -> None:
        super().__init__()
        self.variant = variant
        self.rules = rules
        self.for_match = for_match
        #: whether the seed text is shown instead of the rules
        self.showing_seed = False

    def compose(self) -> ComposeResult:
        yield Static(self._title(), id="rules-title", classes="title")
        with VerticalScroll(id="rules-scroll"):
            yield Markdown(options_markdown(self.variant, self.rules, self.for_match), id="rules-options")
            yield Markdown(rules_markdown(self.variant), id="rules-text")
            seed = Static(seed_text(self.variant) or _("The seed text of this game is not installed."),
                          id="rules-seed", markup=False)
            seed.display = False  # until o shows it
            yield seed
        yield Static(self._hint(), id="rules-hint", classes="hint")
        yield KeyBar()

    def _title(self) -> str:
        if self.showing_seed:
            return _("{game} — the seed text, unchanged, in its original language").format(game=_(self.variant.name))
        return _("{game} — the rules").format(game=_(self.variant.name))

    def _hint(self) -> str:
        if self.showing_seed:
            return _("↑ ↓ PgUp PgDn: scroll · o: back to the rules · Esc: close")
        return _("↑ ↓ PgUp PgDn: scroll · o: the seed text, in the original · Esc: close")

    def action_toggle_seed(self) -> None:
        """Show the seed text instead of the rules, or the rules again."""
        self.showing_seed = not self.showing_seed
        for wid in ("#rules-options", "#rules-text"):
            self.query_one(wid).display = not self.showing_seed
        self.query_one("#rules-seed").display = self.showing_seed
        self.query_one("#rules-hint", Static).update(self._hint())
        self.query_one("#rules-title", Static).update(self._title())
        scroll = self.query_one("#rules-scroll", VerticalScroll)
        scroll.scroll_home(animate=False)
        scroll.focus()

    def action_page(self, pages: int) -> None:
        """Scroll a page down (``pages`` 1) or up (-1), wherever the focus is."""
        scroll = self.query_one("#rules-scroll", VerticalScroll)
        if pages > 0:
            scroll.scroll_page_down(animate=False)
        else:
            scroll.scroll_page_up(animate=False)

    def action_close(self) -> None:
        """Back to where the rules were opened."""
        self.dismiss(None)
