"""The start screen: the shared tables open on this box (Enter joins, ``w`` watches; the list
follows the tables as they open, fill and end), the unfinished matches to resume, then the games
that have a table, each with its name and a line about it; ``h`` opens the statistics. Above
them, once the first frame is shown, what is wrong with the saved games: damaged matches and
files set aside (:meth:`~makao_tui.store.Store.troubles`)."""

from __future__ import annotations

import asyncio
import contextlib
from typing import TYPE_CHECKING, ClassVar, Literal

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option, OptionDoesNotExist

from ...engine.cards import ascii_text
from ...engine.i18n import N_, _, ngettext
from ...engine.variant import RulesError
from ...games import game_info, get_variant
from ...store import MatchSummary, StoreError, ago
from ..tables import playable_games
from ..widgets.footer import KeyBar

if TYPE_CHECKING:
    from ...net.protocol import TableInfo
    from ..main import MakaoApp

TITLE = """\
 __  __       _
|  \\/  | __ _| | ____ _  ___
| |\\/| |/ _` | |/ / _` |/ _ \\
| |  | | (_| |   < (_| | (_) |
|_|  |_|\\__,_|_|\\_\\__,_|\\___/"""

#: at most this many unfinished matches are offered (``makao saves`` lists them all)
RESUME_ENTRIES = 3
#: the id prefix of a Resume entry's option (followed by the match id)
RESUME = "resume:"
#: the id prefix of an open table's option (followed by its code)
JOIN = "join:"
#: seconds between two looks at the open tables while the start screen shows
TABLES_LOOK_S = 2.0


#: a Resume entry's words after "Resume", by what the game calls a deal (``GameInfo.deal_word``)
RESUME_WORDS = {
    "deal": N_("— {game}, deal {number}, {players}, {ago}"),
    "hand": N_("— {game}, hand {number}, {players}, {ago}"),
}


def resume_prompt(match: MatchSummary, now: float) -> Text:
    """A Resume entry: ``Resume — Russian Makao, deal 4, Ann vs 2 AI, 10 minutes ago`` (Macao
    counts hands)."""
    try:
        word = game_info(match.game).deal_word
    except RulesError:  # a game this version does not know
        word = "deal"
    prompt = Text(_("Resume"), style="bold")
    words = _(RESUME_WORDS.get(word, RESUME_WORDS["deal"]))
    prompt.append(" " + words.format(game=_(match.game_name), number=match.deal, players=match.players(),
                                     ago=ago(match.updated, now)))
    if match.in_use:
        prompt.append(" " + _("(open in another session)"), style="dim")
    return prompt


def table_prompt(info: TableInfo) -> Text:
    """An open table's entry: ``Open table crane-47 — Russian Makao, hosted by alice`` and its
    seats on a second line (names shown literally)."""
    prompt = Text(_("Open table {code}").format(code=info.code), style="bold")
    words = (_("— {game}, hosted by {host}, under way") if info.started
             else _("— {game}, hosted by {host}"))
    prompt.append(" " + words.format(game=_(info.game_name), host=info.host))
    prompt.append("\n")
    prompt.append(", ".join(s.describe() for s in info.seats))
    if not info.open_seats():
        prompt.append("  " + _("(no free seat: w watches)"), style="dim")
    return prompt


class ChoiceList(OptionList):
    """The start screen's list: ↑ on the first choice and ↓ on the last stay there (Textual's
    list wraps round, which scrolled the first entries, the matches to resume, out of sight)."""

    def _step(self, direction: Literal[-1, 1]) -> None:
        """Highlight the next enabled choice up (-1) or down (1), if there is one."""
        options = self.options
        if self.highlighted is None:
            places = range(len(options)) if direction == 1 else range(len(options) - 1, -1, -1)
        else:
            places = range(self.highlighted + direction, len(options) if direction == 1 else -1, direction)
        index = next((i for i in places if not options[i].disabled), None)
        if index is None:
            self.scroll_to_highlight()  # at the end: keep it in sight
        else:
            self.highlighted = index

    def action_cursor_up(self) -> None:
        self._step(-1)

    def action_cursor_down(self) -> None:
        self._step(1)


class StartScreen(Screen[None]):
    """Resume a match or choose a game with the arrows and Enter; r or F1 (as at a table): the rules
    of the game highlighted; ?: help; h: statistics; t: colours; q quits."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("q", "app.quit", N_("Quit")),
                Binding("h", "app.open_statistics", N_("Statistics")),
                Binding("w", "watch", N_("Watch table")),
                Binding("l", "app.choose_language", N_("Language")),
                Binding("L", "app.learn", N_("Learn")),  # a guided deal of a game (screens/learn.py)
                Binding("r,f1", "rules", N_("Rules"), key_display="r"),
                Binding("t", "app.next_theme", N_("Colours")),
                Binding("question_mark", "app.help", N_("Help"), key_display="?")]

    @property
    def makao_app(self) -> MakaoApp:
        """The app, typed."""
        return self.app  # type: ignore[return-value]

    def __init__(self) -> None:
        super().__init__()
        #: the game of each entry that is not a game itself (a match to resume, an open table)
        self._games: dict[str, str] = {}
        #: the unfinished matches are listed without loading their games' rules until the first
        #: frame is shown (:meth:`show_troubles` then checks them in full)
        self._quick = True
        #: the ids of the matches the list offers to resume
        self._resumable: list[int] = []
        #: the open tables last listed (the key bar offers w only while there are some)
        self._tables_seen: list[TableInfo] = []

    def compose(self) -> ComposeResult:
        yield Static(TITLE, id="logo")
        yield Static(_("Card games in the terminal. Choose with ↑ ↓ and press Enter; h: statistics."),
                     classes="hint")
        yield Static("", id="store-note", classes="error", markup=False)
        with Vertical(id="choices"):  # the room left under the logo: the list scrolls inside it
            yield ChoiceList(id="games")
        yield KeyBar()

    def on_mount(self) -> None:
        self._tables_seen = []
        self.list_choices()
        self.set_interval(TABLES_LOOK_S, self.look_at_tables)
        self.query_one("#games", OptionList).focus()
        self.query_one("#store-note", Static).display = False
        self.call_after_refresh(self.show_troubles)

    async def retranslate(self) -> None:
        """Draw the screen anew in the language now in use, the same choice highlighted."""
        games = self.query_one("#games", OptionList)
        highlighted = games.highlighted
        await self.recompose()
        self.on_mount()
        games = self.query_one("#games", OptionList)
        if highlighted is not None and highlighted < games.option_count:
            games.highlighted = highlighted

    def show_troubles(self) -> None:
        """Say under the list what is wrong with the saved games (damaged matches, files set
        aside), or nothing; after the first frame, as it reads every stored match's row. From
        then on the matches to resume are checked in full (their games' rules loaded): one the
        first frame listed whose options its game refuses leaves the list."""
        store = self.makao_app.store
        try:
            lines = store.troubles() if store is not None else []
        except StoreError as exc:
            lines = [str(exc)]
        note = self.query_one("#store-note", Static)
        note.update("\n".join(lines))
        note.display = bool(lines)
        self._quick = False
        if self._resumable and [m.id for m in self._unfinished()] != self._resumable:
            self.list_choices(self._tables_seen)

    def on_screen_resume(self) -> None:
        self.list_choices()

    def _unfinished(self) -> list[MatchSummary]:
        store = self.makao_app.store
        if store is None:
            return []
        try:
            return store.unfinished(quick=self._quick)[:RESUME_ENTRIES]
        except StoreError:
            return []

    def _open_tables(self) -> list[TableInfo]:
        # imported here: the net layer loads the table service, which the first frame does not need
        from ...net.places import live_tables, tables_dir

        try:
            return live_tables(tables_dir(create=False))
        except OSError:
            return []

    async def look_at_tables(self) -> None:
        """Fill the list again if the open tables changed since it was filled (a table opened,
        ended, or a seat was taken), keeping the highlighted choice. The tables are read in a
        thread: each one's socket is tried."""
        if self.app.screen is not self:
            return
        tables = await asyncio.to_thread(self._open_tables)
        if tables != self._tables_seen and self.app.screen is self:
            games = self.query_one("#games", OptionList)
            index = games.highlighted
            chosen = games.get_option_at_index(index).id if index is not None else None
            self.list_choices(tables)
            if chosen is not None:
                with contextlib.suppress(OptionDoesNotExist):  # that table ended: the first choice
                    games.highlighted = games.get_option_index(chosen)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "watch":
            return bool(self._tables_seen)  # shown in the key bar only while there are tables
        return True

    def action_watch(self) -> None:
        """Watch the highlighted open table (its public view, no seat)."""
        games = self.query_one("#games", OptionList)
        index = games.highlighted
        choice = games.get_option_at_index(index).id if index is not None else None
        if choice and choice.startswith(JOIN):
            self.makao_app.join_table(choice[len(JOIN):], watch=True)
        else:
            self.notify(_("Choose an open table with ↑ ↓ first, then press w to watch it."), markup=False)

    def list_choices(self, tables: list[TableInfo] | None = None) -> None:
        """Fill the list: the shared tables open on this box (``tables``, else read now), the
        last played unfinished matches, then the games."""
        now = self.makao_app.clock()
        options: list[Option | None] = []
        tables = self._open_tables() if tables is None else tables
        if bool(tables) != bool(self._tables_seen):
            self.refresh_bindings()
        self._tables_seen = tables
        for info in tables:
            options.append(Option(table_prompt(info), id=f"{JOIN}{info.code}"))
            self._games[f"{JOIN}{info.code}"] = info.game
        if tables:
            options.append(None)
        unfinished = self._unfinished()
        self._resumable = [m.id for m in unfinished]
        for match in unfinished:
            options.append(Option(resume_prompt(match, now), id=f"{RESUME}{match.id}", disabled=match.in_use))
            self._games[f"{RESUME}{match.id}"] = match.game
        for game in playable_games():  # their rules are loaded when one is set up
            if options:
                options.append(None)
            prompt = Text(game.title(), style="bold")
            players = ngettext("({low}-{high} player)", "({low}-{high} players)", game.max_players)
            prompt.append("  " + players.format(low=game.min_players, high=game.max_players), style="dim")
            blurb = game.blurb_text()
            blurb = ascii_text(blurb) if self.makao_app.ascii else blurb
            prompt.append(f"\n{blurb}")
            options.append(Option(prompt, id=game.id))
        games = self.query_one("#games", OptionList)
        games.clear_options()
        games.add_options(options)
        choices = [o for o in options if o is not None]  # separators are not choices
        games.highlighted = next(i for i, o in enumerate(choices) if not o.disabled)

    def action_rules(self) -> None:
        """The rules in full of the game highlighted (a game, a match to resume, an open table),
        with the options a new match of it starts from: those of the last match set up here, else
        the seed rules."""
        games = self.query_one("#games", OptionList)
        if games.highlighted is None:
            return
        choice = games.get_option_at_index(games.highlighted).id or ""
        game = self._games.get(choice, choice)
        try:
            variant = get_variant(game)
        except RulesError:  # a saved match of a game this version does not know
            return
        last = self.makao_app.last_setup
        rules = last[2] if last is not None and last[0] == variant.id else variant.rules()
        from .rules import RulesScreen

        self.app.push_screen(RulesScreen(variant, rules, for_match=False))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        choice = event.option.id
        if choice is None:  # every option has an id
            return
        if choice.startswith(JOIN):
            self.makao_app.join_table(choice[len(JOIN):])
        elif choice.startswith(RESUME):
            self.makao_app.resume_saved(int(choice[len(RESUME):]))
        else:
            self.makao_app.open_setup(choice)
