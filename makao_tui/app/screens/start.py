"""The start screen: the games that have a table, each with its name and a line about it."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from ..tables import playable_variants

TITLE = """\
 __  __       _
|  \\/  | __ _| | ____ _  ___
| |\\/| |/ _` | |/ / _` |/ _ \\
| |  | | (_| |   < (_| | (_) |
|_|  |_|\\__,_|_|\\_\\__,_|\\___/"""


class StartScreen(Screen[None]):
    """Choose a game with the arrows and Enter; q quits."""

    BINDINGS = [Binding("q", "app.quit", "Quit"),
                Binding("f1,question_mark", "app.help", "Help", key_display="?")]

    def compose(self) -> ComposeResult:
        yield Static(TITLE, id="logo")
        yield Static("Card games in the terminal. Choose a game with ↑ ↓ and press Enter.", classes="hint")
        options: list[Option | None] = []
        for variant in playable_variants():
            if options:
                options.append(None)
            prompt = Text(variant.name, style="bold")
            prompt.append(f"  ({variant.min_players}-{variant.max_players} players)", style="dim")
            prompt.append(f"\n{variant.blurb}")
            options.append(Option(prompt, id=variant.id))
        yield OptionList(*options, id="games")
        yield Footer()

    def on_mount(self) -> None:
        games = self.query_one("#games", OptionList)
        games.highlighted = 0
        games.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.app.open_setup(event.option.id)
