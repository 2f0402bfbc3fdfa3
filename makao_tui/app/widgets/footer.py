"""The key bars: :func:`key_bar_layout` fits keys with their words into one line of a terminal's
width, or two where one does not hold them (the tables' bar and the menus' alike), and
:class:`KeyBar` is the bar at the foot of the menu screens.

The menus' bar is one widget that draws the screen's keys as text (one line, two where one does
not hold them), a click on a key doing what the key does. Textual's own ``Footer`` is a container of
one styled widget per key, rebuilt on each change of the bindings: a third of the start screen's
cost to its first frame (``bench/startup.py``). Bindings carry their words in English
(``Binding("q", "app.quit", N_("Quit"))``, marked for the catalogs); the bar looks each up with
:func:`~makao_tui.engine.i18n._` whenever it draws, so a language switch changes it at once and
nothing is translated at import.
"""

from __future__ import annotations

from typing import ClassVar

from rich.cells import cell_len
from rich.text import Text
from textual import events
from textual.content import Content
from textual.geometry import Size
from textual.screen import Screen
from textual.style import Style
from textual.widget import Widget

from ...engine.i18n import N_, _, language

#: the words of the keys Textual's own widgets show in the bar, marked for the catalogs so that
#: :class:`KeyBar` says them in the player's language too (the Select menu's Esc)
TEXTUAL_KEY_WORDS = (N_("Dismiss menu"),)

#: one line of a key bar: its keys as (position in the bar's list of keys, key, word or ""), and
#: the gap between two keys (two spaces, or one where two do not fit)
BarLine = tuple[list[tuple[int, str, str]], str]


def _bar_width(pairs: list[tuple[int, str, str]], gap: str) -> int:
    """The columns a line of ``pairs`` takes: a space, then each key and its word, ``gap`` between."""
    if not pairs:
        return 0
    keys = sum(cell_len(key) + (1 + cell_len(word) if word else 0) for _index, key, word in pairs)
    return 1 + keys + len(gap) * (len(pairs) - 1)


def key_bar_layout(actions: list[tuple[str, str]], table_keys: list[tuple[str, str]], width: int,
                   lines: int = 1) -> list[BarLine]:
    """The key bar in ``width`` columns: ``actions`` ((key, word) pairs of what may be done now)
    then ``table_keys`` (those every table has: sheet, undo, hint, help, rules, quit; a menu puts
    all its keys in ``actions``), each key beside its word. One line if it fits (two spaces
    between keys, else one) and ``lines`` is 1; else two lines, as nano draws its keys: the
    actions on the first, the table's keys on the second, which stays put as the actions come and
    go (the first line is empty when there are none). If a line is still too wide, the keys flow
    over both lines; only past that (a terminal far narrower than 80 columns) do the last keys
    lose their words (help lists them). Each key keeps its position in ``[*actions, *table_keys]``."""
    def fitted(pairs: list[tuple[int, str, str]]) -> BarLine | None:
        for gap in ("  ", " "):
            if _bar_width(pairs, gap) <= width:
                return pairs, gap
        return None

    keys = [(index, key, word) for index, (key, word) in enumerate([*actions, *table_keys])]
    if lines == 1 and (one := fitted(keys)) is not None:
        return [one]
    first = fitted(keys[:len(actions)]) if actions else ([], "  ")
    second = fitted(keys[len(actions):])
    if first is not None and second is not None:
        return [first, second]
    pairs = list(keys)
    for unworded in range(len(pairs) + 1):
        if unworded:
            index, key, _word = pairs[-unworded]
            pairs[-unworded] = (index, key, "")
        for split in range(len(pairs) - 1, 0, -1):  # the fullest first line that fits
            top, bottom = pairs[:split], pairs[split:]
            if _bar_width(top, " ") <= width:
                if _bar_width(bottom, " ") <= width:
                    return [(top, " "), (bottom, " ")]
                break
    return [(pairs[:1], " "), (pairs[1:], " ")]


def fit_key_bar(actions: list[tuple[str, str]], table_keys: list[tuple[str, str]], width: int,
                lines: int = 1) -> Text:
    """The tables' key bar as text (:func:`key_bar_layout`), each key in bold; it holds one
    ``\\n`` when it is two lines."""
    out = []
    for pairs, gap in key_bar_layout(actions, table_keys, width, lines):
        line = Text(" " if pairs else "")
        for n, (_index, key, word) in enumerate(pairs):
            if n:
                line.append(gap)
            line.append(key, style="bold")
            if word:
                line.append(f" {word}")
        out.append(line)
    return Text("\n").join(out)


class KeyBar(Widget):
    """The keys of the screen it is on, each with its word in the player's language, as one line
    at the bottom, or two where one does not hold them (:func:`key_bar_layout`; once two at a
    width, two while the width stays, so the screen does not jump as keys come and go). It shows
    what Textual's ``Footer`` shows: the screen's active bindings (the focused widget's among
    them) that are shown, each action once (its first key), a disabled one dimmed. A click on a
    key presses it (a disabled one rings the bell); the key under the mouse is lit."""

    DEFAULT_CSS = """
    KeyBar {
        dock: bottom;
        height: auto;
        max-height: 2;
        color: $footer-foreground;
        background: $footer-background;
        .keybar--key {
            color: $footer-key-foreground;
            background: $footer-key-background;
            text-style: bold;
        }
        .keybar--word {
            color: $footer-description-foreground;
            background: $footer-description-background;
        }
        .keybar--hover {
            background: $block-hover-background;
        }
    }
    """
    COMPONENT_CLASSES: ClassVar[set[str]] = {"keybar--key", "keybar--word", "keybar--hover"}
    ALLOW_SELECT = False

    def __init__(self) -> None:
        super().__init__()
        #: the keys shown: (key, key as shown, word in English, enabled), and the language they
        #: are drawn in
        self._keys: tuple[tuple[str, str, str, bool], ...] = ()
        self._language = ""
        #: the position of the key under the mouse (None: none)
        self._hover: int | None = None
        #: the width last drawn at and the lines the keys took there (two stay two)
        self._width = 0
        self._lines = 1

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self.bindings_changed)
        self.bindings_changed(self.screen)

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)

    def bindings_changed(self, screen: Screen) -> None:
        """Read the keys ``screen`` offers now; draw them anew if they changed."""
        if screen is not self.screen:
            return
        keys = []
        actions = set()
        for _node, binding, enabled, _tooltip in screen.active_bindings.values():
            if binding.show and binding.action not in actions:
                actions.add(binding.action)
                keys.append((binding.key, self.app.get_key_display(binding), binding.description, enabled))
        if tuple(keys) != self._keys or language() != self._language:
            self._keys, self._language = tuple(keys), language()
            self.refresh(layout=True)

    def _layout(self, width: int) -> list[BarLine]:
        """The keys fitted into ``width`` columns, in the language in use."""
        if width != self._width:
            self._width, self._lines = width, 1
        # the menu's keys are all "table keys": two lines at this width keep them on the bottom one
        layout = key_bar_layout([], [(shown, _(word)) for _key, shown, word, _enabled in self._keys],
                                width, self._lines)
        self._lines = max(self._lines, len(layout))
        return layout

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(self._layout(width))

    def render(self) -> Content:
        key_style = self.get_visual_style("keybar--key")
        word_style = self.get_visual_style("keybar--word")
        hover_style = self.get_visual_style("keybar--hover")
        dim = Style(dim=True)
        pieces: list[str | tuple[str, Style]] = []
        for n, (pairs, gap) in enumerate(self._layout(self.size.width)):
            if n:
                pieces.append("\n")
            if pairs:
                pieces.append(" ")
            for m, (index, key, word) in enumerate(pairs):
                if m:
                    pieces.append(gap)
                look = Style.from_meta({"key": index})
                if index == self._hover:
                    look = hover_style + look
                if not self._keys[index][3]:
                    look = dim + look
                pieces.append((key, key_style + look))
                if word:
                    pieces.append((f" {word}", word_style + look))
        return Content.assemble(*pieces)

    def on_click(self, event: events.Click) -> None:
        index = event.style.meta.get("key")
        if index is None or index >= len(self._keys):
            return
        key, _shown, _word, enabled = self._keys[index]
        if enabled:
            self.app.simulate_key(key)
        else:
            self.app.bell()

    def on_mouse_move(self, event: events.MouseMove) -> None:
        index = event.style.meta.get("key")
        if index != self._hover:
            self._hover = index
            self.refresh()

    def on_leave(self, event: events.Leave) -> None:
        if self._hover is not None:
            self._hover = None
            self.refresh()
