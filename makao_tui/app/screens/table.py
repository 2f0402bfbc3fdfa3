"""The table screen every game family builds on: following the table's updates, hot-seat
privacy, deal summaries, score sheet, help, undo, hints and quitting.

A family's table (``shedding.py``, ``macao.py``, ``peklo.py``) subclasses :class:`TableScreen`
and fills in its hooks: :meth:`compose`, :meth:`refresh_table`, :meth:`score_sheet`,
:meth:`deal_result`, :meth:`match_result`, :meth:`help_keys`, :meth:`pace`. The screen reads only
what the table service sent the seats of this terminal, through a
:class:`~makao_tui.table.Seating`: never the match itself. A part of the table (the shedding
games' hand) sends what the player does as an :class:`Act` message, which :meth:`send` handles;
every action goes through :meth:`act`, which sends it to the table and shows a refusal's reason;
the AI seats play inside the table service, and the screen redraws on each update
(``Seating.on_change``). Events arrive as data:
:meth:`log_lines` and the families' hooks make the words.

A lesson's table (:mod:`makao_tui.table.lesson`) is the same screen with a coach
(:attr:`TableScreen.coach`): its line is shown over the middle of the table, its end words with
the deal's result, and the lesson ends with that deal.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, cast

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual import on
from textual.binding import Binding, BindingType
from textual.message import Message
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Static

from ...engine.actions import Action, Bid, Draw, Pass, Play, Replace, Stand, Take
from ...engine.cards import rank_plural, suit_label
from ...engine.events import Event
from ...engine.i18n import N_, _, continuing, ngettext
from ...table import Notice, Refusal, Seating
from ..paces import PACE_WORDS, TABLE_PACES
from ..rules_text import rules_text
from ..sorting import ORDER_WORDS, next_order
from ..widgets.log import EventLog
from ..widgets.scores import ScoreSheet
from ..widgets.table import TableKeyBar
from .common import (
    TABLE_SHEETS,
    DealSummaryScreen,
    HandOverScreen,
    HelpScreen,
    MatchEndScreen,
    PassDeviceScreen,
    ScoreSheetScreen,
    SheetKey,
)
from .lifecycle import leaving

if TYPE_CHECKING:
    from ..services import AppServices


#: the help line of the undo key, which every table has
UNDO_KEY = ("u", N_("undo: take back your last move and the computer's after it, one move only (one "
                    "human against the computer; off in hot-seat)"))
#: the help line of the rules key, which every table has
RULES_KEY = ("F1", N_("the rules in full, the options of this match marked, the seed text one key away"))
#: the help lines of the pace keys, which every table has
PACE_KEYS = [("a", N_("the computer's pace: slow, normal, fast or instant (press again for the next)")),
             ("z", N_("pause the computer's moves, and go on (an all-AI match waits between deals too)"))]
#: how many AI pauses a deal's summary stays before an all-AI match deals on by itself
SUMMARY_PAUSES = 8
#: the help line of the hint key, which every table has
HINT_KEY = ("h", N_("hint: what the hard AI would do in your place, and why (one human against the "
                    "computer; it thinks for up to a second)"))
#: the heading of a deal's summary, by what the game calls a deal (``Variant.deal_word``)
DEAL_OVER = {"deal": N_("Deal {number} is over"), "hand": N_("Hand {number} is over")}
#: how many log entries are read back from the table at a time when the player scrolls back
OLDER_PAGE = 100
#: the log's heading of a deal's opening, by what the game calls a deal
DEAL_HEADING = {"deal": N_("Deal {number}: {events}"), "hand": N_("Hand {number}: {events}")}


@dataclass(frozen=True)
class TableNow:
    """The table as the last update left it, as this terminal shows it: made by the screen once
    a change (:meth:`TableScreen.now`) and given to each part's ``show``, which draws itself from
    it. ``seating``: this terminal's place (what the updates said); ``view``: the shown seat's
    view (the public one while no hand shows); ``hand_seat``: whose hand shows (None: none);
    ``my_turn``: the seat to act is the human at the keyboard; ``watching``: no seat here;
    ``ascii``: suits as letters; ``hand_order``: the order the player chose for his hand (``o``)."""

    seating: Seating
    view: Any
    hand_seat: int | None
    my_turn: bool
    watching: bool
    ascii: bool
    hand_order: str


def hidden_hand(now: TableNow, title: str, words: str) -> tuple[str, str]:
    """The title and words of a hand's box while it shows no hand (``now.hand_seat`` None): a
    watcher's, else ``title`` and ``words`` (the keyboard is being passed)."""
    if now.watching:
        return _("Watching"), _("You are watching this table: no player's cards are shown to you.")
    return title, words


def hand_title(now: TableNow) -> Text:
    """The title of the box of the hand shown (``now.hand_seat``, not None): whose hand, how many
    cards, in which order (``o``): "Your hand (Ann) · 5 cards · by suit"."""
    seating = now.seating
    name = seating.names[cast(int, now.hand_seat)]
    owner = (_("Your hand ({name})") if seating.humans else _("{name}'s hand")).format(name=name)
    count = len(now.view.hand)
    cards = ngettext("{n} card", "{n} cards", count).format(n=count)
    return Text(f"{owner} · {cards} · {_(ORDER_WORDS[now.hand_order])}")


def my_turn_or_say(part: Widget, now: TableNow | None) -> TableNow | None:
    """``now``, when it is the turn of the player at the keyboard; else None, and ``part`` (the
    hand, whose key came) tells him whose turn it is, or that the deal is over (a :class:`Say`)."""
    if now is not None and now.my_turn:
        return now
    seat = now.seating.to_act if now is not None else None
    part.post_message(Say(_("The deal is over.") if seat is None or now is None
                          else _("It is {name}'s turn.").format(name=now.seating.names[seat])))
    return None


class Act(Message):
    """A player's ``action``, leaving the part of the table where it was chosen (the hand); the
    table screen sends it to the table (:meth:`TableScreen.send`): the one place an action
    leaves the screen."""

    def __init__(self, action: Action) -> None:
        super().__init__()
        self.action = action


class HandChanged(Message):
    """The player's choice in the hand changed (a card chosen or marked, a Makao call armed, a bid
    typed): the status line's words may follow it. ``clear``: a message said before is old news
    (the marks changed, a bid was typed)."""

    def __init__(self, clear: bool = False) -> None:
        super().__init__()
        self.clear = clear


class Say(Message):
    """Words for the status line from a part of the table (``error``: a refusal)."""

    def __init__(self, words: str, error: bool = False) -> None:
        super().__init__()
        self.words, self.error = words, error


def describe_action(action: Action, ascii: bool = False) -> str:
    """An action in a few words for the hint: "play 7♥ and name ♠", "bid 2", "take the penalty"…
    (``ascii``: suits as letters)."""
    if isinstance(action, Play):
        words = _("play {card}").format(card=action.card.label(ascii))
        if action.suit is not None and action.card.rank == "A":
            words = _("{play} and name {suit}").format(play=words, suit=suit_label(action.suit, ascii))
        if action.demand is not None:
            words = _("{play} and demand {ranks}").format(play=words, ranks=rank_plural(action.demand))
        return _("{play}, calling Makao").format(play=words) if action.makao else words
    if isinstance(action, Bid):
        return _("bid {number}").format(number=action.tricks)
    verbs: dict[type, str] = {Draw: N_("draw a card"), Take: N_("take the penalty"), Pass: N_("pass"),
                              Replace: N_("replace your 0-card"), Stand: N_("stand")}
    verb = verbs.get(type(action))
    return _(verb) if verb is not None else str(action)


def fit_top_bar(parts: list[tuple[Text, bool]], width: int) -> Text:
    """The bar over the table: ``parts`` ((words, whether they may be left out)) joined by " · ";
    while it is wider than ``width`` columns, the parts that may be left out are, the last first
    (Russian and Polish words are longer than English: the game, the deal and whose turn it is stay)."""
    kept = list(parts)
    while True:
        first = kept[0][0]
        bar = Text(" ", style=first.style)  # the first part's style is the whole bar's
        for i, (text, _optional) in enumerate(kept):
            separator = " · " if i else ""
            if text.spans:  # (a card in its colour)
                bar.append(separator)
                bar.append_text(text)
            else:
                bar.append(separator + text.plain, style=text.style if i else None)
        optional = [i for i, (_text, may_go) in enumerate(kept) if may_go]
        if bar.cell_len <= width or not optional:
            return bar
        del kept[optional[-1]]


class TableScreen(Screen[None]):
    """Base of the table screens (see module docstring): ``seating`` is this terminal's place at
    the table, the only thing the screen reads."""

    CSS_PATH = TABLE_SHEETS

    #: the key of the score sheet (a family whose game needs ``s`` binds the sheet to another)
    SHEET_KEY = "s"
    #: the key bar's word for the score sheet, and its screen's title (translated when shown)
    SHEET_WORD = N_("scores")
    SHEET_TITLE = N_("{game} — score sheet")
    #: where closing the score sheet opened over the deal's summary goes, in words
    SUMMARY_BACK = N_("back to the deal's summary")
    #: whether the table shows a hand that ``o`` puts in another order (the family binds ``o``)
    HAND_ORDER: ClassVar[bool] = True

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("s", "scores", N_("Scores")),
        Binding("u", "undo", N_("Undo")),
        Binding("h", "hint", N_("Hint")),
        Binding("question_mark", "help", N_("Help"), key_display="?"),
        Binding("f1", "rules", N_("Rules")),
        Binding("q", "quit_match", N_("Quit")),
        Binding("a", "pace", N_("Pace"), show=False),
        Binding("z", "pause", N_("Pause"), show=False),
        Binding("pageup", "log_page(-1)", show=False),
        Binding("pagedown", "log_page(1)", show=False),
    ]

    #: a lesson's coach, set by the app before the screen is shown: ``coach()`` is the line to
    #: show now (in the language in use), ``coach_end`` the words shown with the deal's result;
    #: None at a match's table
    coach: Callable[[], str] | None = None
    coach_end = ""

    def __init__(self, seating: Seating) -> None:
        super().__init__()
        self.seating = seating
        self._hinting = False
        self._seen = -1  # the table's sequence number when the turn's choices were last reset
        self._summary_for: int | None = None
        self._passing = False
        #: log entries shown so far, and for which reader (see :meth:`show_log`)
        self._log_count = 0
        self._log_viewer: object = None
        self._log_fresh = True
        #: the message of the status line, and whether it is a refusal (None: the turn's hint)
        self.message: tuple[str, bool] | None = None
        #: whether the player paused the AI seats (``z``)
        self.paused = False
        #: hot-seat: the log entry whose private cards were last shown before a pass (see
        #: :meth:`unseen_cards`)
        self._cards_shown = -1

    @property
    def makao_app(self) -> AppServices:
        """The app, typed."""
        return self.app  # type: ignore[return-value]

    @property
    def on_top(self) -> bool:
        """Whether this table is the screen on top (``is_current`` is also true under a modal)."""
        return self.app.screen is self

    @property
    def leaving(self) -> bool:
        """Whether this screen is being removed (:func:`~.lifecycle.leaving`): a leaving table neither
        draws nor plays (the table families' ``on_mount`` return at once), so an app quit the
        moment a match starts ends without a traceback."""
        return leaving(self)

    @property
    def ascii(self) -> bool:
        """Whether suits are drawn as letters."""
        return self.makao_app.ascii

    # ------------------------------------------------------------ hooks for a family

    def refresh_table(self) -> None:
        """Redraw everything from the last updates (the seat views, the log)."""
        raise NotImplementedError

    def score_sheet(self) -> ScoreSheet:
        """The game's score sheet of the match so far."""
        raise NotImplementedError

    def deal_result(self) -> RenderableType:
        """What happened in the deal just over (who went out, cards left, points)."""
        raise NotImplementedError

    def match_result(self) -> RenderableType:
        """The winner(s) and final totals."""
        raise NotImplementedError

    def help_keys(self) -> list[tuple[str, str]]:
        """The keys of this table, for the help screen."""
        raise NotImplementedError

    def picker_keys(self) -> list[tuple[str, str]]:
        """The keys of the pickers a play may open, listed last in help under a heading (a row
        with no key): theirs alone while a picker is open, so they may be the table's too."""
        return []

    def say(self, message: str, error: bool = False) -> None:
        """Show a message in the status line."""
        raise NotImplementedError

    def on_turn_change(self) -> None:
        """Called when the seat to act (or the human at the keyboard) changes: reset choices."""

    def deal_title(self, number: int) -> str:
        """The heading of the summary after deal ``number`` ("Deal 3 is over"; Macao's says
        "Hand 3 is settled")."""
        words = DEAL_OVER.get(self.seating.variant.deal_word, DEAL_OVER["deal"])
        return _(words).format(number=number)

    @staticmethod
    def pace(view: Any, rules: Any) -> float:
        """How much longer than the usual pause (a factor of the app's ``ai_delay``) the AI seat
        whose ``view`` this is waits before it moves; the table service asks. A family lengthens
        it so that a finished trick can be read, or shortens it for a run of draws."""
        return 1.0

    # ------------------------------------------------------------ the turn loop

    def on_mount(self) -> None:
        if self.leaving:
            return
        self.set_interval(5.0, self._tick)
        if self.coach is not None:  # over the middle of the table, which gives up the rows it takes
            self.mount(Static(id="coach", markup=False), before=self.query_one("#middle"))
        self.seating.on_change = self._table_changed
        self.seating.on_notice = self._table_notice
        if self.on_top:  # else (the cut for the bank, a too-small terminal...) on resume
            self.seating.play()
        self.advance()

    def on_screen_resume(self) -> None:
        if self.on_top and not self.paused:
            self.seating.play()
        self.advance()

    def on_screen_suspend(self) -> None:
        # a local table waits while help, a score sheet, a summary... is over it
        self.seating.hold(True)
        # a message said before a dialog opened (a refusal, a hint) is old news under it: a suit
        # picker over "Not allowed: 3♦ matches neither…" reads as if the ace were refused too
        if self.message is not None and not self.leaving and self.is_mounted:
            self.message = None
            self.refresh_table()

    def _tick(self) -> None:
        self.seating.tick()
        if self.on_top:
            self.refresh_table()

    def _table_changed(self) -> None:
        """An update came from the table: after a move, a new deal or an undo the turn's choices
        start afresh; then show it."""
        if self.seating.seq != self._seen:
            self._seen = self.seating.seq
            self.on_turn_change()
        summary = self.app.screen
        if self.watching and isinstance(summary, DealSummaryScreen) and not self.seating.deal_over:
            summary.dismiss(None)  # the players dealt the next hand: a watcher follows them
            return
        self.advance()

    @property
    def watching(self) -> bool:
        """Whether this terminal watches a shared table (no seat of its own)."""
        return not self.seating.clients

    def _table_notice(self, message: Any) -> None:
        """News of the table: an AI that failed is said at the table, the rest by the app."""
        if isinstance(message, Notice) and message.kind == "ai_failed" and message.seat is not None:
            name = self.seating.names[message.seat]
            self.say(_("{name}'s AI failed ({reason}); {name} made the first legal move instead.").format(
                name=name, reason=self.seating.text(message)))
        elif isinstance(message, Notice):
            self.makao_app.table_notice(message)
        elif isinstance(message, Refusal):
            self.say(self.seating.text(message), error=True)

    @on(Act)
    def send(self, message: Act) -> None:
        """A part of the table chose an action: send it (:meth:`act`)."""
        self.act(message.action)

    @on(Say)
    def said(self, message: Say) -> None:
        """A part of the table has words for the status line."""
        self.say(message.words, message.error)

    def now(self) -> TableNow:
        """The table as it shows now (see :class:`TableNow`)."""
        seating = self.seating
        return TableNow(seating, self._view(), seating.hand_seat(), self._my_turn(), self.watching,
                        self.ascii, self.makao_app.hand_order)

    def act(self, action: Action) -> bool:
        """Send the human's ``action`` to the table; a refusal shows its reason and changes nothing."""
        refusal = self.seating.act(action)
        if refusal is not None:
            self.say(self.seating.text(refusal), error=True)
            return False
        return True

    def advance(self) -> None:
        """Show the table as the last update left it: sum up a deal that is over, or cover the
        hands for the next human. Does nothing while another screen is on top (help, the score
        sheet, a too-small terminal...): it runs again on resume."""
        if self.leaving or not self.on_top or self._passing:
            return
        seating = self.seating
        self.refresh_table()
        if self.coach is not None:
            self.query_one("#coach", Static).update(self.coach())
        if not seating.deal_over:
            self._summary_for = None  # (an undo may take the table back into a deal summed up before)
        if seating.deal_over:
            self._deal_over()
        elif seating.needs_pass():
            self._passing = True
            seen = self.unseen_cards()
            if seen:  # his own cards first, his hand still showing; then the keyboard is passed
                self.app.push_screen(HandOverScreen(seen, seating.names[cast(int, seating.to_act)]),
                                     lambda _result: self._cover_for_pass())
            else:
                self._cover_for_pass()

    def _cover_for_pass(self) -> None:
        """Hide every hand behind the pass screen for the human to act."""
        seating = self.seating
        seating.at_keyboard = None
        self.on_turn_change()
        self.refresh_table()
        guard = 0.5 if self.makao_app.ai_in_worker else 0.0
        self.app.push_screen(PassDeviceScreen(seating.names[cast(int, seating.to_act)], guard), self._passed)

    def unseen_cards(self) -> str:
        """Hot-seat, before the keyboard is passed on: the words of the last move of the player
        leaving it when it brought him cards only he may see (a card drawn that does not fit,
        a penalty taken: an event ``private_to`` him) and he has not seen them at the table yet
        ("" if none): his turn ended with it, so the pass screen would come before he saw them."""
        seating = self.seating
        leaving, log, first = seating.at_keyboard, seating.log, seating.log_start
        if leaving is None:
            return ""
        mine = [i for i, entry in enumerate(log) if entry.seat == leaving and entry.deal == seating.deal_number]
        if not mine or first + mine[-1] <= self._cards_shown:
            return ""
        self._cards_shown = first + mine[-1]  # (the table's entry number: the client keeps the last only)
        entry = log[mine[-1]]
        if not any(event.private_to == leaving for event in entry.events):
            return ""
        return self.events_text(entry.events)

    def _passed(self, _result: Any) -> None:
        self._passing = False
        self.seating.at_keyboard = self.seating.to_act
        self.on_turn_change()
        self.refresh_table()

    def _deal_over(self) -> None:
        number = self.seating.deal_number
        if self._summary_for == number:
            return
        self._summary_for = number
        self.seating.tick()
        go_on = (N_("see the result of the match") if self.seating.match_over
                 else N_("follow the table to the next hand") if self.watching else N_("deal the next hand"))
        result = self.deal_result()
        if self.coach is not None:  # a lesson: its end words, and it ends with this deal
            result, go_on = Group(Text(self.coach_end, style="bold"), Text(""), result), N_("end the lesson")
        # a match of AI seats only, watched, deals on by itself (unless paused)
        by_itself = not self.seating.humans and not self.watching
        after = SUMMARY_PAUSES * self.makao_app.ai_delay if by_itself and not self.paused else None
        self.app.push_screen(
            DealSummaryScreen(self.deal_title(number), result, self.score_sheet(), go_on,
                              SheetKey(self.SHEET_KEY, self.SHEET_WORD, self.sheet_title(), self.SUMMARY_BACK),
                              after),
            self._after_summary)

    def _after_summary(self, _result: Any) -> None:
        self.seating.tick()
        if self.coach is not None and self.seating.match_over:
            self.makao_app.end_lesson()
            return
        if self.seating.match_over:
            self.app.switch_screen(MatchEndScreen(self.match_result(), self.score_sheet(),
                                                  self.makao_app.new_match_setup))
            return
        refusal = None if self.watching else self.seating.next_deal()
        if refusal is not None:
            self.say(self.seating.text(refusal), error=True)
        self.on_turn_change()
        self.advance()

    # ------------------------------------------------------------ keys every table has

    def sheet_title(self) -> str:
        """The title of the score sheet's screen ("Russian Makao — score sheet")."""
        return _(self.SHEET_TITLE).format(game=self.seating.variant.title())

    def action_log_page(self, step: int) -> None:
        """Scroll the log a page back (``step`` -1, to read older lines: at its top they are read
        back from the table) or on (the hand keeps the focus, so the table has these keys)."""
        log = self.query_one("#log", EventLog)
        if step < 0:
            log.action_page_up()
        else:
            log.action_page_down()

    def action_scores(self) -> None:
        """Show the score sheet."""
        self.app.push_screen(ScoreSheetScreen(self.sheet_title(), self.score_sheet(), self.SHEET_KEY))

    def action_help(self) -> None:
        """Show the keys and the rules in short."""
        variant = self.seating.variant
        keys = [*self.help_keys(), UNDO_KEY, HINT_KEY, *PACE_KEYS, RULES_KEY, *self.picker_keys()]
        text = rules_text(variant, self.seating.rules) + "\n\n" + variant.help_words()
        self.app.push_screen(HelpScreen(_("{game} — help").format(game=variant.title()), keys, text))

    def action_rules(self) -> None:
        """Show the game's rules in full, the options of this match marked (F1)."""
        from .rules import RulesScreen

        self.app.push_screen(RulesScreen(self.seating.variant, self.seating.rules, for_match=True))

    def show_log(self) -> None:
        """Bring the ``#log`` up to date: the entries not shown yet are appended, so a key costs
        the same late in a match as early; the log is written anew only when earlier lines read
        differently (another player took the keyboard) or fewer entries are left (an undo).
        Entries are counted by their number at the table (``Seating.log_start`` on), as the
        client keeps only the last of them."""
        seating = self.seating
        entries, first = seating.log, seating.log_start
        end = first + len(entries)
        log = self.query_one("#log", EventLog)
        viewer = seating.viewer()
        count = self._log_count
        if self._log_fresh or viewer != self._log_viewer or end < count or count < first:
            log.replace(self.log_runs())
        elif end > count:
            if count > first and self.joined(entries[count - 1 - first], entries[count - first]):
                # the first new entry goes on the last line: write that line again
                start = count - 1
                while start > first and self.joined(entries[start - 1 - first], entries[start - first]):
                    start -= 1
                log.amend(self.log_runs(start))
            else:
                log.append(self.log_runs(count))
        self._log_fresh, self._log_viewer, self._log_count = False, viewer, end

    @on(EventLog.Older)
    def show_older(self) -> None:
        """The player scrolled back to the top of the log: the page of entries before its first
        line is read back from the table (the client keeps only the last ones; a shared table's
        server answers later) and put above, unless the log changed meanwhile; a refusal (a store
        that cannot be read now) is said on the status line."""
        log = self.query_one("#log", EventLog)
        top = log.first_entry
        if top is None or top <= 0:
            return

        async def read() -> None:
            page = await self.seating.older(top, OLDER_PAGE)
            if isinstance(page, Refusal):
                self.say(self.seating.text(page), error=True)
                return
            start, entries = page
            if entries and log.first_entry == top:
                log.prepend(self.entry_runs(entries, start))

        # (one page at a time: scrolling on while it is read asks for the same page again)
        self.run_worker(read(), group="older", exclusive=True)

    def joined(self, before: Any, entry: Any) -> bool:
        """Whether the log entry ``entry`` goes on the same line as ``before``, the one before
        it (:meth:`joined_events` makes the line's events); here never: a game's screen says."""
        return False

    def joined_events(self, entries: Sequence[Any]) -> tuple[Event, ...]:
        """The events of one line made of the entries ``entries`` (two or more, each joined to the
        one before it: :meth:`joined`); here the events of all of them, in order."""
        return tuple(e for entry in entries for e in entry.events)

    def log_lines(self, start: int | None = None) -> list[str]:
        """The log in words, one line per entry (or per run of entries :meth:`joined` together),
        from the table's entry number ``start`` on (default: the first the client kept), as the
        shown seat received it (cards hidden from it are not in the events): each event's words,
        and a deal's opening headed "Deal 3:" ("Hand 3:" in Macao, as its table says)."""
        return [line for _start, line in self.log_runs(start)]

    def log_runs(self, start: int | None = None) -> list[tuple[int, str]]:
        """:meth:`log_lines` with the table's number of each line's first entry."""
        seating = self.seating
        first = seating.log_start
        start = first if start is None else max(start, first)
        return self.entry_runs(seating.log[start - first:], start)

    def entry_runs(self, entries: Sequence[Any], start: int) -> list[tuple[int, str]]:
        """The lines of ``entries`` (the first of them the table's entry number ``start``), each
        with the number of its first entry (see :meth:`log_lines`)."""
        seating = self.seating
        names = seating.names
        heading = _(DEAL_HEADING.get(seating.variant.deal_word, DEAL_HEADING["deal"]))
        runs: list[tuple[int, list[Any]]] = []
        for i, entry in enumerate(entries):
            if i and self.joined(entries[i - 1], entry):
                runs[-1][1].append(entry)
            else:
                runs.append((start + i, [entry]))
        lines = []
        for number, run in runs:
            entry = run[0]
            text = self.events_text(entry.events if len(run) == 1 else self.joined_events(run))
            lines.append((number, heading.format(number=entry.deal, events=continuing(text, names))
                          if entry.seat is None and entry.deal else text))
        return lines

    def events_text(self, events: Sequence[Event]) -> str:
        """``events`` in words as the shown seat may read them, joined by dashes ("Ann plays 7♥ —
        the stock is rebuilt…")."""
        names, viewer = self.seating.names, self.seating.viewer()
        said = [e.text(names, self.ascii, viewer) for e in events]
        return " — ".join([*said[:1], *(continuing(words, names) for words in said[1:])])

    # ------------------------------------------------------------ the hand's order (o)

    def action_sort_hand(self) -> None:
        """Show the hand in the other order (by suit ↔ by rank), for the rest of the
        app's run."""
        app = self.makao_app
        app.hand_order = next_order(app.hand_order)
        self.say(_("Your hand is shown {order} (o: another order).").format(order=_(ORDER_WORDS[app.hand_order])))
        self.refresh_table()

    def _view(self) -> Any:
        """The view of the seat whose hand is shown (the public view when none is)."""
        return self.seating.view

    def _my_turn(self) -> bool:
        """Whether the seat to act is the human at the keyboard."""
        seating = self.seating
        return (seating.to_act is not None and not seating.is_ai(seating.to_act)
                and seating.at_keyboard == seating.to_act)

    def standings(self, win_words: Callable[[str, int, int], str],
                  columns: Callable[[int], list[str]]) -> RenderableType:
        """The end of the match: ``win_words(the winners' names, how many, best total)`` (a whole
        sentence: "Ann wins with 12 points."), then every seat, best total first: its name (★ for a
        winner), then ``columns(seat)`` (the first one, the total, right-aligned)."""
        seating, names = self.seating, self.seating.names
        winners, totals = seating.winners, seating.totals
        who = ", ".join(names[s] for s in winners)
        head = Text(win_words(who, len(winners), totals[winners[0]]), style="bold green")
        order = sorted(range(seating.players), key=lambda s: totals[s], reverse=seating.variant.higher_wins)
        rows: list[list[Text | str]] = [[Text(names[s] + (" ★" if s in winners else "")), *columns(s)]
                                         for s in order]
        table = Table(box=None, show_header=False, pad_edge=False)
        table.add_column()
        for i in range(len(rows[0]) - 1):
            table.add_column(justify="right" if i == 0 else "left")
        for row in rows:
            table.add_row(*row)
        return Group(head, Text(""), table)

    def key_bar(self, keys: list[tuple[str, str]]) -> Text:
        """Show the key bar (:class:`TableKeyBar`) and return its text: ``keys`` ((key, word)
        pairs that do something now, from the legal actions; while none, the computer's pace and
        pause), then the hand's order (where a hand shows), the score sheet, undo and hint when
        they would work, help, rules and quit."""
        if not keys and self.makao_app.table is not None and any(
                self.seating.is_ai(s) for s in range(self.seating.players)):
            pace = _("pace: {pace}").format(pace=_(PACE_WORDS[self.makao_app.pace]))
            keys = [("a", pace), ("z", N_("go on") if self.paused else N_("pause"))]
        table_keys = [("o", N_("order"))] if self.HAND_ORDER and self.seating.hand_seat() is not None else []
        table_keys.append((self.SHEET_KEY, self.SHEET_WORD))
        if self.undo_refusal() is None:
            table_keys.append(("u", N_("undo")))
        if self.hint_refusal() is None:
            table_keys.append(("h", N_("hint")))
        table_keys += [("?", N_("help")), ("F1", N_("rules")), ("q", N_("quit"))]
        return self.query_one(TableKeyBar).show(keys, table_keys)

    def undo_refusal(self) -> str | None:
        """Why ``u`` cannot take a move back now, or None if it can (the table's word)."""
        return self.seating.undo_refusal()

    def action_undo(self) -> None:
        """Take back the human's last action and the computer's actions after it (one human
        against AI seats only); the table rebuilds the match from the stored actions and every
        update after it is a fresh one. The status line says what was taken back, or why not."""
        taken = self.undo_words()
        refusal = self.seating.undo()
        if refusal is not None:
            self.say(self.seating.text(refusal), error=True)
        elif taken:
            self.say(taken)

    def undo_words(self) -> str:
        """What ``u`` would take back, in words, from the log the human read: "Taken back: Ann
        plays 7♥, and the 2 moves after it (Olga, Piotr)."; "" when the log has no move of the
        human's in the deal under way (the table then refuses the undo and says why)."""
        seating = self.seating
        if len(seating.humans) != 1:
            return ""
        seat, log = seating.humans[0], seating.log
        deal = seating.deal_number
        mine = [i for i, entry in enumerate(log) if entry.seat == seat and entry.deal == deal]
        if not mine:
            return ""
        move = self.events_text(log[mine[-1]].events)
        after = [entry.seat for entry in log[mine[-1] + 1:] if entry.seat is not None]
        if not after:
            return _("Taken back: {move}.").format(move=move)
        who = ", ".join(seating.names[s] for s in dict.fromkeys(after))
        return ngettext("Taken back: {move}, and the move after it ({names}).",
                        "Taken back: {move}, and the {n} moves after it ({names}).",
                        len(after)).format(move=move, n=len(after), names=who)

    def hint_refusal(self) -> str | None:
        """Why ``h`` cannot give a hint now, or None if it can."""
        if not self._my_turn() and self.seating.humans:
            return _("a hint is for your own turn")
        return self.seating.hint_refusal()

    def action_hint(self) -> None:
        """Say what the hard AI would do in the human's place and why, from the human's own view
        (the table has it thought of in the AI's process: the screen stays live)."""
        refusal = self.hint_refusal()
        if refusal is not None:
            self.say(refusal, error=True)
            return
        if not self._hinting:
            self._hinting = True
            self.say(_("Thinking about a hint…"))
            self.run_worker(self._think_of_hint(), group="hint", exit_on_error=False)

    async def _think_of_hint(self) -> None:
        seq = self.seating.seq
        answer = await self.seating.hint()
        self._hinting = False
        if not self.is_mounted:
            return
        if isinstance(answer, Refusal):
            if answer.kind == "hint_failed":
                self.say(_("No hint: the hard AI failed ({reason}).").format(
                    reason=self.seating.text(answer)), error=True)
            elif answer.kind != "stale":
                self.say(self.seating.text(answer), error=True)
            return
        if seq == self.seating.seq:
            # the reason speaks of the AI ("plays the 10, keeps the ace for later")
            self.say(_("Hint: {action} (the hard AI {reason}).").format(
                action=describe_action(self.seating.hint_action(answer), self.ascii),
                reason=self.seating.text(answer)))

    def action_pace(self) -> None:
        """The computer's next pace (slow → normal → fast → instant), for this table and the next
        ones (:meth:`MakaoApp.set_pace`); a shared table keeps its host's."""
        app = self.makao_app
        if app.table is None:
            self.say(_("the pace of a shared table is its host's"), error=True)
            return
        names = list(TABLE_PACES)
        app.set_pace(names[(names.index(app.pace) + 1) % len(names)])
        self.say(_("The computer's pace: {pace} (a: another pace).").format(pace=_(PACE_WORDS[app.pace])))
        self.refresh_table()

    def action_pause(self) -> None:
        """Pause the AI seats (``z``), or let them go on; while paused an all-AI match also waits
        at the end of each deal."""
        if self.makao_app.table is None:
            self.say(_("a shared table goes on at its host's pace"), error=True)
            return
        self.paused = not self.paused
        self.seating.hold(self.paused)
        if not self.paused and self.on_top:
            self.seating.play()
        self.say(_("Paused: the computer waits (z: go on).") if self.paused
                 else _("The computer plays on (z: pause)."))
        self.refresh_table()

    def action_quit_match(self) -> None:
        """Leave the match, asking first (see :meth:`MakaoApp.action_quit_match`)."""
        self.makao_app.action_quit_match()
