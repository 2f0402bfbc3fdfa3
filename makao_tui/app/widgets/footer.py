"""The key bar at the foot of the menu screens: Textual's :class:`~textual.widgets.Footer` with each
key's words in the player's language.

Bindings carry their words in English (``Binding("q", "app.quit", N_("Quit"))``, marked for the
catalogs); Textual's Footer shows ``Binding.description`` as it is, so this one looks each up with
:func:`~makao_tui.engine.i18n._` whenever it builds its keys (on every change of the bindings, and
when :meth:`~makao_tui.app.main.MakaoApp.switch_language` recomposes it): a language switch
changes the bar at once, and nothing is translated at import.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.widgets import Footer
from textual.widgets._footer import FooterKey

from ...engine.i18n import _


class KeyBar(Footer):
    """A :class:`~textual.widgets.Footer` whose key descriptions (and their tooltips) are translated when shown."""

    def compose(self) -> ComposeResult:
        for widget in super().compose():
            if isinstance(widget, FooterKey):
                if widget.description:
                    widget.description = _(widget.description)
                if widget.tooltip and isinstance(widget.tooltip, str):
                    widget.tooltip = _(widget.tooltip)
            yield widget
