"""The start screen: the shared tables open on this box (Enter joins, ``w`` watches; the list
follows the tables as they open, fill and end), the unfinished matches to resume, then the games
that have a table, each with its name and a line about it; ``h`` opens the statistics. Above
them, once the first frame is shown, what is wrong with the saved games: damaged matches and
files set aside (:meth:`~makao_tui.store.Store.troubles`).

Every game stays in sight at every size the app supports (80×24 up), in every language: the list
is fitted to the room under the logo (:meth:`StartScreen.fit`). The logo gives way to a one-line
title first, then the newest unfinished matches are offered as many as fit (at most
:data:`RESUME_ENTRIES`), and an entry "All unfinished matches…" opens the list of them all
(:class:`UnfinishedScreen`). Each match to resume is told apart by its game, players and when it
was last played, and (once its actions are replayed, after the first frame) by where it stands:
the deal, whether it is over, the score and whose turn it is."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar, Literal, cast

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import Screen
from textual.visual import visualize
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option, OptionDoesNotExist

from ...engine.cards import ascii_text
from ...engine.i18n import N_, _, ngettext, number
from ...engine.variant import RulesError
from ...games import game_info, get_variant
from ...store import MatchSummary, SavedMatch, StoreError, ago
from ..tables import playable_games
from ..widgets.footer import KeyBar
from .lifecycle import leaving

if TYPE_CHECKING:
    from textual.css.styles import RulesMap

    from ...net.protocol import TableInfo
    from ..services import AppServices

TITLE = """\
 __  __       _
|  \\/  | __ _| | ____ _  ___
| |\\/| |/ _` | |/ / _` |/ _ \\
| |  | | (_| |   < (_| | (_) |
|_|  |_|\\__,_|_|\\_\\__,_|\\___/"""

#: at most this many unfinished matches are offered on the start screen, where they fit (the
#: entry :data:`ALL_SAVES` lists them all, as ``makao saves`` does)
RESUME_ENTRIES = 3
#: the id prefix of a Resume entry's option (followed by the match id)
RESUME = "resume:"
#: the id of the entry that lists every unfinished match
ALL_SAVES = "unfinished"
#: the rows the logo takes (its five lines and the blank line above)
LOGO_ROWS = TITLE.count("\n") + 2
#: the id prefix of an open table's option (followed by its code)
JOIN = "join:"
#: seconds between two looks at the open tables while the start screen shows
TABLES_LOOK_S = 2.0


#: where a match stands, by what its game calls a deal (``GameInfo.deal_word``): a deal under way,
#: and one over (the next not dealt yet)
DEAL_WORDS = {"deal": N_("deal {number}"), "hand": N_("hand {number}")}
DEAL_OVER_WORDS = {"deal": N_("deal {number} over"), "hand": N_("hand {number} settled")}


@dataclass(frozen=True)
class Standing:
    """Where an unfinished match stands after its last stored action (from its replay):
    ``deal_over``: its last deal is over and the next not dealt; ``to_act``: the name of the
    player whose turn it is (None between deals); ``totals``: each seat's total after the last
    finished deal, or None before the first one ends."""

    deal_over: bool
    to_act: str | None
    totals: list[int] | None


def standing(saved: SavedMatch) -> Standing:
    """Where ``saved`` stands (its actions replayed: milliseconds for a long match). Raises
    :class:`~makao_tui.store.DamagedMatchError` if they do not replay."""
    match = saved.rebuild()
    over = match.awaiting_next_deal
    seat = None if over else match.state.to_act
    done = any(deal.points is not None for deal in match.deals)
    return Standing(over, None if seat is None else match.names[seat], list(match.totals) if done else None)


def resume_prompt(match: MatchSummary, now: float, where: Standing | None = None) -> Text:
    """A Resume entry, two lines: ``Resume — Russian Makao, Ann vs 2 AI, 10 minutes ago``, then
    where the match stands, ``Match #7 · deal 4 · Ann 12, Olga 30, Piotr 55 · Ann to play``
    (its number, as ``makao saves`` shows it; Macao counts hands; ``deal 1 over`` between deals);
    without ``where`` (before the match is replayed) its number and the deal's only."""
    try:
        word = game_info(match.game).deal_word
    except RulesError:  # a game this version does not know
        word = "deal"
    prompt = Text(_("Resume"), style="bold")
    prompt.append(" " + _("— {game}, {players}, {ago}").format(game=_(match.game_name), players=match.players(),
                                                               ago=ago(match.updated, now)))
    if match.in_use:
        prompt.append(" " + _("(open in another session)"), style="dim")
    words = DEAL_OVER_WORDS if where is not None and where.deal_over else DEAL_WORDS
    parts = [_("Match #{number}").format(number=match.id), _(words.get(word, words["deal"])).format(number=match.deal)]
    if where is not None and where.totals is not None:
        parts.append(", ".join(f"{seat.name} {number(total)}" for seat, total in zip(match.seats, where.totals,
                                                                                      strict=False)))
    if where is not None and where.to_act is not None:
        parts.append(_("{name} to play").format(name=where.to_act))
    prompt.append("\n" + " · ".join(parts), style="dim")
    return prompt


def all_saves_prompt(count: int) -> Text:
    """The entry that lists every unfinished match: ``All unfinished matches (5)…``."""
    return Text(_("All unfinished matches ({count})…").format(count=count), style="bold")


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
    def makao_app(self) -> AppServices:
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
        #: where each unfinished match stands, by id, once replayed (after the first frame)
        self._standings: dict[int, Standing] = {}
        #: the open tables last listed (the key bar offers w only while there are some)
        self._tables_seen: list[TableInfo] = []

    def compose(self) -> ComposeResult:
        yield Static(TITLE, id="logo")
        yield Static(_("Card games in the terminal. Choose with ↑ ↓ and press Enter; h: statistics."),
                     id="start-hint", classes="hint")
        yield Static("", id="store-note", classes="error", markup=False)
        with Vertical(id="choices"):  # the room left under the logo: the list is fitted to it
            yield ChoiceList(id="games")
        yield KeyBar()

    def on_mount(self) -> None:
        self._tables_seen = []
        if leaving(self):
            return
        # the list takes the keys before it is filled: filling hides it until it is fitted, and a
        # hidden widget cannot take the focus (at the web door nothing else gives it: the app
        # starts blurred there, and Textual focuses no widget of a screen made while blurred)
        self.set_focus(self.query_one("#games", OptionList))
        self.list_choices()
        self.set_interval(TABLES_LOOK_S, self.look_at_tables)
        self.query_one("#store-note", Static).display = False
        self.call_after_refresh(self.show_troubles)

    def on_resize(self) -> None:
        self.call_after_refresh(self.refit)

    def refit(self) -> None:
        """Fit the list to the room there is now (after the terminal or the note above the list
        changed size)."""
        if self.is_mounted:
            self.list_choices(self._tables_seen)

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
        self.list_choices(self._tables_seen)
        self.call_after_refresh(self.refit)  # the note took room from the list

    def on_screen_resume(self) -> None:
        if leaving(self):
            return
        self._standings.clear()  # a match may have been played on since
        self.list_choices()

    def _unfinished(self) -> list[MatchSummary]:
        """Every unfinished match, the last played first."""
        store = self.makao_app.store
        if store is None:
            return []
        try:
            return store.unfinished(quick=self._quick)
        except StoreError:
            return []

    def _standing(self, match: MatchSummary) -> Standing | None:
        """Where ``match`` stands (replayed once; None before the first frame is shown, as that
        loads its game's rules, or if it does not replay)."""
        store = self.makao_app.store
        if self._quick or store is None:
            return None
        if match.id not in self._standings:
            try:
                self._standings[match.id] = standing(store.load(match.id))
            except (StoreError, RulesError):
                return None
        return self._standings[match.id]

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

    def _game_options(self) -> list[Option | None]:
        """The games' entries, each after a separator: its name, how many play, a line about it."""
        options: list[Option | None] = []
        for game in playable_games():  # their rules are loaded when one is set up
            prompt = Text(game.title(), style="bold")
            players = ngettext("({low}-{high} player)", "({low}-{high} players)", game.max_players)
            prompt.append("  " + players.format(low=game.min_players, high=game.max_players), style="dim")
            blurb = game.blurb_text()
            blurb = ascii_text(blurb) if self.makao_app.ascii else blurb
            prompt.append(f"\n{blurb}")
            options += [None, Option(prompt, id=game.id)]
        return options

    def list_choices(self, tables: list[TableInfo] | None = None) -> None:
        """Fill the list: the shared tables open on this box (``tables``, else read now), the
        last played unfinished matches as many as fit (:meth:`fit`; then an entry for all of
        them), then the games. The entry highlighted stays highlighted where it is still there."""
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
        resume = []
        for match in unfinished[:RESUME_ENTRIES]:
            resume.append(Option(resume_prompt(match, now, self._standing(match)), id=f"{RESUME}{match.id}",
                                 disabled=match.in_use))
            self._games[f"{RESUME}{match.id}"] = match.game
        games = self._game_options()
        if not unfinished:
            games = games[1:]  # no separator above the first game
        shown = self.fit(options + games, resume, len(unfinished))
        self._resumable = [m.id for m in unfinished[:shown]]
        options += resume[:shown]
        if shown < len(unfinished):
            options.append(Option(all_saves_prompt(len(unfinished)), id=ALL_SAVES))
        options += games
        self._fill(options)

    def fit(self, fixed: Sequence[Option | None], resume: Sequence[Option], count: int) -> int:
        """How many of the entries ``resume`` (the newest of ``count`` unfinished matches) to
        offer so that the entries ``fixed`` (the open tables and the games) all show with them:
        all of them with the logo where they fit; else the logo gives way to a line, and the
        matches that do not fit are left to the entry that lists them all. Before the list has
        a size (the first frame), all of them, the list hidden until it is fitted (so that no
        frame shows a game pushed out of sight)."""
        choices = self.query_one("#choices")
        games = self.query_one("#games", OptionList)
        logo = self.query_one("#logo")
        if not choices.size.height or not choices.size.width:
            games.styles.visibility = "hidden"
            return len(resume)
        games.styles.visibility = "visible"
        room = choices.size.height - games.styles.margin.height - games.styles.gutter.height
        # the rows the logo took at the last layout: the line under it starts below them
        rows_without_logo = room + self.query_one("#start-hint").region.y
        rows_with_logo = rows_without_logo - LOGO_ROWS
        width = choices.size.width - games.styles.margin.width - games.styles.gutter.width
        width -= games.get_component_styles("option-list--option").padding.width

        styles = cast("RulesMap", games.styles)

        def rows(entries: Sequence[Option | None]) -> int:
            # an entry's lines at this width, and the line of a separator
            return sum(1 if o is None else int(visualize(games, o.prompt).get_height(styles, width))
                       for o in entries)

        need = rows(fixed)
        whole = need + rows(resume) + (1 if len(resume) < count else 0)
        show_logo = whole <= rows_with_logo
        logo.display = show_logo
        if show_logo:
            return len(resume)
        left = rows_without_logo - need
        for shown in range(len(resume), -1, -1):
            if rows(resume[:shown]) + (1 if shown < count else 0) <= left:
                return shown
        return 0

    def _fill(self, options: list[Option | None]) -> None:
        """Put ``options`` in the list, the entry highlighted before highlighted again (else the
        first that can be chosen)."""
        games = self.query_one("#games", OptionList)
        index = games.highlighted
        chosen = games.get_option_at_index(index).id if index is not None and index < games.option_count else None
        games.clear_options()
        games.add_options(options)
        choices = [o for o in options if o is not None]  # separators are not choices
        ids = [o.id for o in choices]
        if chosen in ids and not choices[ids.index(chosen)].disabled:
            games.highlighted = ids.index(chosen)
        else:
            games.highlighted = next(i for i, o in enumerate(choices) if not o.disabled)

    def action_rules(self) -> None:
        """The rules in full of the game highlighted (a game, a match to resume, an open table),
        with the options a new match of it starts from: those of the last match set up here, else
        the seed rules."""
        games = self.query_one("#games", OptionList)
        if games.highlighted is None:
            return
        choice = games.get_option_at_index(games.highlighted).id or ""
        self.show_rules(self._games.get(choice, choice))

    def show_rules(self, game: str) -> None:
        """The rules in full of ``game`` (an id; nothing for one this version does not know)."""
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
        elif choice == ALL_SAVES:
            self.app.push_screen(UnfinishedScreen(self))
        elif choice.startswith(RESUME):
            self.makao_app.resume_saved(int(choice[len(RESUME):]))
        else:
            self.makao_app.open_setup(choice)


class UnfinishedScreen(Screen[None]):
    """Every unfinished match, the last played first, as the start screen offers the newest:
    Enter resumes the one highlighted, r shows its game's rules, Esc goes back."""

    CSS_PATH = str(Path(__file__).with_name("common.tcss"))  # the title (the module is not loaded at start)
    DEFAULT_CSS = """
    UnfinishedScreen #unfinished { margin: 1 2 0 2; height: auto; max-height: 100%; }
    UnfinishedScreen #unfinished > .option-list--option { padding: 0 1; }
    UnfinishedScreen #choices { height: 1fr; }
    UnfinishedScreen .title { margin-top: 1; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,q", "back", N_("Back")),
                                             Binding("r,f1", "rules", N_("Rules"), key_display="r")]

    def __init__(self, start: StartScreen) -> None:
        super().__init__()
        self.start = start

    def compose(self) -> ComposeResult:
        yield Static(_("Unfinished matches, the last played first — Enter: resume"), classes="title")
        with Vertical(id="choices"):
            yield ChoiceList(id="unfinished")
        yield KeyBar()

    def on_mount(self) -> None:
        now = self.start.makao_app.clock()
        matches = self.start._unfinished()
        options: list[Option | None] = []
        for match in matches:
            if options:
                options.append(None)
            options.append(Option(resume_prompt(match, now, self.start._standing(match)), id=f"{RESUME}{match.id}",
                                  disabled=match.in_use))
        listed = self.query_one("#unfinished", OptionList)
        listed.add_options(options)
        choosable = [i for i, o in enumerate(o for o in options if o is not None) if not o.disabled]
        if choosable:
            listed.highlighted = choosable[0]
        listed.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option.id is not None and event.option.id.startswith(RESUME):
            self.start.makao_app.resume_saved(int(event.option.id[len(RESUME):]))

    def action_rules(self) -> None:
        """The rules of the highlighted match's game (as ``r`` on the start screen)."""
        listed = self.query_one("#unfinished", OptionList)
        if listed.highlighted is not None:
            self.start.show_rules(self.start._games.get(listed.get_option_at_index(listed.highlighted).id or "", ""))

    def action_back(self) -> None:
        """Back to the start screen."""
        self.dismiss(None)
