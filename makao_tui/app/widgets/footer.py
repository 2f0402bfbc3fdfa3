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
from textual.screen import Screen
from textual.widgets import Footer
from textual.widgets._footer import FooterKey

from ...engine.i18n import N_, _, language

#: the words of the keys Textual's own widgets show in the bar, marked for the catalogs so that
#: :class:`KeyBar` says them in the player's language too (the Select menu's Esc)
TEXTUAL_KEY_WORDS = (N_("Dismiss menu"),)


class KeyBar(Footer):
    """A :class:`~textual.widgets.Footer` whose key descriptions (and their tooltips) are translated
    when shown, and which is rebuilt only when the keys it shows change. Textual's Footer rebuilds
    its keys on every news of the screen's bindings (a focus moving, the screen shown again): three
    times before a start screen is first drawn, each time a fresh set of widgets styled anew."""

    def __init__(self) -> None:
        super().__init__()
        #: what the keys last composed show (None: not composed yet)
        self._shown: tuple | None = None

    def _keys(self, screen: Screen) -> tuple:
        """What the key bar would show for ``screen``'s bindings now, in the language in use."""
        return (language(), tuple((b.key, b.description, b.action, enabled, tooltip)
                                  for _node, b, enabled, tooltip in screen.active_bindings.values() if b.show))

    def bindings_changed(self, screen: Screen) -> None:
        if self._shown is not None and screen is self.screen and self._keys(screen) == self._shown:
            return  # the same keys: nothing to rebuild
        super().bindings_changed(screen)

    def compose(self) -> ComposeResult:
        if self._bindings_ready:
            self._shown = self._keys(self.screen)
        for widget in super().compose():
            if isinstance(widget, FooterKey):
                if widget.description:
                    widget.description = _(widget.description)
                if widget.tooltip and isinstance(widget.tooltip, str):
                    widget.tooltip = _(widget.tooltip)
            yield widget
