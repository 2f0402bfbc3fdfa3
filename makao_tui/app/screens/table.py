"""The table screen every game family builds on: the turn loop, AI turns, hot-seat privacy,
deal summaries, score sheet, help, undo and quitting.

A family's table (``shedding.py`` now; banking and trick-taking later) subclasses
:class:`TableScreen` and fills in its hooks: :meth:`compose`, :meth:`refresh_table`,
:meth:`score_sheet`, :meth:`deal_result`, :meth:`match_result`, :meth:`help_keys`.
Every action goes through :meth:`act`, which lets the engine apply it or say why not.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, cast

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual.binding import Binding, BindingType
from textual.screen import Screen

from ...ai import advise, ai_for, decide
from ...engine.actions import Action, Bid, Draw, Pass, Play, Replace, Stand, Take
from ...engine.cards import Card, rank_name, suit_label
from ...engine.state import IllegalAction
from ...store import StoreError
from ..rules_text import rules_text
from ..session import MatchSession
from ..sorting import ORDER_WORDS, next_order, shown_order
from ..widgets.log import EventLog
from ..widgets.scores import ScoreSheet
from .common import (
    DealSummaryScreen,
    HelpScreen,
    MatchEndScreen,
    PassDeviceScreen,
    ScoreSheetScreen,
)

if TYPE_CHECKING:
    from ...engine.match import Match
    from ..main import MakaoApp


#: the help line of the undo key, which every table has
UNDO_KEY = ("u", "undo: take back your last move and the computer's after it, one move only (one "
                 "human against the computer; off in hot-seat)")
#: the help line of the hint key, which every table has
HINT_KEY = ("h", "hint: what the hard AI would do in your place, and why (one human against the "
                 "computer; it thinks for up to a second)")


def describe_action(action: Action, ascii: bool = False) -> str:
    """An action in a few words for the hint: "play 7♥ and name ♠", "bid 2", "take the penalty"…
    (``ascii``: suits as letters)."""
    if isinstance(action, Play):
        words = f"play {action.card.label(ascii)}"
        if action.suit is not None and action.card.rank == "A":
            words += f" and name {suit_label(action.suit, ascii)}"
        if action.demand is not None:
            words += f" and demand {rank_name(action.demand)}s"
        return words + (", calling Makao" if action.makao else "")
    if isinstance(action, Bid):
        return f"bid {action.tricks}"
    verbs: dict[type, str] = {Draw: "draw a card", Take: "take the penalty", Pass: "pass",
                              Replace: "replace your 0-card", Stand: "stand"}
    return verbs.get(type(action), str(action))


def last_move(match: Match, seat: int) -> int | None:
    """The place over the whole match of ``seat``'s last action (as :func:`makao_tui.store.undo_point`
    finds it in ``match.all_actions()``: the count of actions an undo keeps), or None if it never
    acted. Searched from the last deal back, so the key bar's check costs the same late in a long
    match as early."""
    end = sum(len(deal.actions) for deal in match.deals)
    for deal in reversed(match.deals):
        end -= len(deal.actions)
        for index in range(len(deal.actions) - 1, -1, -1):
            if deal.actions[index][0] == seat:
                return end + index
    return None


def fit_key_bar(keys: list[tuple[str, str]], width: int) -> Text:
    """The key bar of ``keys`` ((key, word) pairs) in ``width`` columns: two spaces between the
    keys while that fits, else one; if even that is too long, the last keys lose their words
    (help lists them) until it fits."""
    def bar(pairs: list[tuple[str, str]], gap: str) -> Text:
        out = Text(" ")
        for key, word in pairs:
            out.append(key, style="bold")
            out.append(f" {word}{gap}" if word else gap)
        out.rstrip()
        return out

    for gap in ("  ", " "):
        text = bar(keys, gap)
        if text.cell_len <= width:
            return text
    pairs = list(keys)
    for i in reversed(range(len(pairs))):
        pairs[i] = (pairs[i][0], "")
        text = bar(pairs, " ")
        if text.cell_len <= width:
            break
    return text


class TableScreen(Screen[None]):
    """Base of the table screens (see module docstring). The session holds the match."""

    #: the key of the score sheet (a family whose game needs ``s`` binds the sheet to another)
    SHEET_KEY = "s"
    #: the key bar's word for the score sheet, and its screen's title
    SHEET_WORD = "scores"
    SHEET_TITLE = "score sheet"

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("s", "scores", "Scores"),
        Binding("u", "undo", "Undo"),
        Binding("h", "hint", "Hint"),
        Binding("f1,question_mark", "help", "Help", key_display="?"),
        Binding("q", "quit_match", "Quit"),
    ]

    def __init__(self, session: MatchSession) -> None:
        super().__init__()
        self.session = session
        self._thinking = False
        self._hinting = False
        self._ready: tuple[tuple[int, int], Action] | None = None
        self._failure: str | None = None  # an AI seat's failure, said once its move is shown
        self._summary_for: int | None = None
        self._passing = False
        #: log entries shown so far, and for which reader (see :meth:`show_log`)
        self._log_count = 0
        self._log_viewer: object = None
        self._log_fresh = True

    @property
    def makao_app(self) -> MakaoApp:
        """The app, typed."""
        return self.app  # type: ignore[return-value]

    @property
    def on_top(self) -> bool:
        """Whether this table is the screen on top (``is_current`` is also true under a modal)."""
        return self.app.screen is self

    @property
    def leaving(self) -> bool:
        """Whether this screen is being removed: popped, or the app ending, perhaps before it was
        fully mounted. Textual then mounts no more of its containers' widgets, yet still sends it
        its Mount event; a leaving table neither draws nor plays (the table families' ``on_mount``
        return at once), so an app quit the moment a match starts ends without a traceback."""
        return self._pruning or self._closing

    @property
    def ascii(self) -> bool:
        """Whether suits are drawn as letters."""
        return self.makao_app.ascii

    # ------------------------------------------------------------ hooks for a family

    def refresh_table(self) -> None:
        """Redraw everything from the session (the seat views, the log)."""
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

    def say(self, message: str, error: bool = False) -> None:
        """Show a message in the status line."""
        raise NotImplementedError

    def on_turn_change(self) -> None:
        """Called when the seat to act (or the human at the keyboard) changes: reset choices."""

    def deal_title(self, number: int) -> str:
        """The heading of the summary after deal ``number`` ("Deal 3 is over"; Macao's says
        "Hand 3 is settled")."""
        return f"{self.session.variant.deal_word.capitalize()} {number} is over"

    def ai_pause(self) -> float:
        """Seconds to wait before the AI seat to act moves: the app's ``ai_delay``; a family may
        lengthen it so that a finished trick can be read."""
        return self.makao_app.ai_delay

    # ------------------------------------------------------------ the turn loop

    def on_mount(self) -> None:
        if self.leaving:
            return
        self.set_interval(5.0, self._tick)
        self.advance()

    def on_screen_resume(self) -> None:
        self.advance()

    def _tick(self) -> None:
        self.session.tick()
        if self.on_top:
            self.refresh_table()

    def act(self, action: Action) -> bool:
        """Apply the human's ``action``; a refusal shows its reason and changes nothing."""
        try:
            self.session.apply(action)
        except IllegalAction as exc:
            self.say(exc.reason, error=True)
            return False
        self.on_turn_change()
        self.advance()
        return True

    def advance(self) -> None:
        """Move the match on as far as it goes without a human: show it, run AI turns, cover the
        hands for the next human, or sum up the deal. Does nothing while another screen is on
        top (help, the score sheet, a too-small terminal...): it runs again on resume."""
        if self.leaving or not self.on_top or self._passing:
            return
        session = self.session
        if self._ready is not None:
            token, action = self._ready
            self._ready = None
            if token == session.token():
                session.apply(action)
                self._turn_changed()
        self.refresh_table()
        if session.match.state.is_over:
            self._deal_over()
        elif session.is_ai(session.to_act):
            if self.makao_app.ai_delay > 0:
                self._start_ai()
            else:
                self._play_ai_turns_now()
        elif session.needs_pass():
            session.at_keyboard = None
            self.on_turn_change()
            self.refresh_table()
            self._passing = True
            guard = min(0.5, self.makao_app.ai_delay)
            self.app.push_screen(PassDeviceScreen(session.names[cast(int, session.to_act)], guard), self._passed)

    def _passed(self, _result: Any) -> None:
        self._passing = False
        self.session.at_keyboard = self.session.to_act
        self.on_turn_change()
        self.refresh_table()

    def _start_ai(self) -> None:
        if self._thinking:
            return
        self._thinking = True
        self.run_worker(self._ai_turn(), group="ai", exit_on_error=False)

    async def _ai_turn(self) -> None:
        """Let the AI of the seat to act choose in the AI's process (keys and resizing go on while
        it thinks); its move shows no sooner than the pause humans need to follow."""
        session = self.session
        token = session.token()
        player, view, rng = session.ai_inputs()
        pause = asyncio.create_task(asyncio.sleep(self.ai_pause()))
        try:
            action, after = await self.makao_app.think(decide, player, view, rng)
            rng.setstate(after)
        except Exception as exc:  # an AI that fails must not end the app
            action = self._ai_failed(view, exc)
        await pause
        self._thinking = False
        self._hinting = False
        if token != session.token():
            return
        self._ready = (token, action)
        self.advance()

    def _play_ai_turns_now(self) -> None:
        """With no pause wanted (``ai_delay`` 0, as in tests): play the AI turns in a row at
        once; the table is drawn after them."""
        session = self.session
        while session.is_ai(session.to_act):
            player, view, rng = session.ai_inputs()
            try:
                action = player.choose(view, rng)
            except Exception as exc:  # an AI that fails must not end the app
                action = self._ai_failed(view, exc)
            session.apply(action)
        self._turn_changed()
        self.advance()

    def _ai_failed(self, view: Any, exc: Exception) -> Action:
        """The stand-in for an AI seat whose AI raised ``exc``: its first legal action, and a message
        at the table saying so (the match goes on)."""
        name = self.session.names[view.seat]
        self._failure = f"{name}'s AI failed ({type(exc).__name__}: {exc}); {name} made the first legal move instead."
        return view.legal[0]

    def _turn_changed(self) -> None:
        """:meth:`on_turn_change`, then the failure of an AI that just moved, if any, in the status line."""
        self.on_turn_change()
        if self._failure is not None:
            self.say(self._failure)
            self._failure = None

    def _deal_over(self) -> None:
        number = len(self.session.match.deals)
        if self._summary_for == number:
            return
        self._summary_for = number
        self.session.tick()
        match = self.session.match
        go_on = "see the result of the match" if match.is_over else "deal the next hand"
        self.app.push_screen(
            DealSummaryScreen(self.deal_title(number), self.deal_result(), self.score_sheet(), go_on),
            self._after_summary)

    def _after_summary(self, _result: Any) -> None:
        self.session.tick()
        match = self.session.match
        if match.is_over:
            self.app.switch_screen(MatchEndScreen(self.match_result(), self.score_sheet(),
                                                  self.makao_app.new_match_setup))
            return
        self.session.next_deal()
        self.on_turn_change()
        self.advance()

    # ------------------------------------------------------------ keys every table has

    def action_scores(self) -> None:
        """Show the score sheet."""
        self.app.push_screen(ScoreSheetScreen(f"{self.session.variant.name} — {self.SHEET_TITLE}",
                                              self.score_sheet(), self.SHEET_KEY))

    def action_help(self) -> None:
        """Show the keys and the rules in short."""
        variant = self.session.variant
        keys = [*self.help_keys(), UNDO_KEY, HINT_KEY]
        text = rules_text(variant, self.session.rules) + "\n\n" + variant.help_text
        self.app.push_screen(HelpScreen(f"{variant.name} — help", keys, text))

    def show_log(self) -> None:
        """Bring the ``#log`` up to date: the entries not shown yet are appended, so a key costs
        the same late in a match as early; the log is written anew only when earlier lines read
        differently (another player took the keyboard) or fewer entries are left (an undo)."""
        session = self.session
        log = self.query_one("#log", EventLog)
        viewer = session.viewer()
        if self._log_fresh or viewer != self._log_viewer or len(session.log) < self._log_count:
            log.replace(session.log_lines(self.ascii))
        elif len(session.log) > self._log_count:
            log.append(session.log_lines(self.ascii, self._log_count))
        self._log_fresh, self._log_viewer, self._log_count = False, viewer, len(session.log)

    # ------------------------------------------------------------ the hand's order (o)

    def shown_hand(self, hand: Sequence[Card]) -> list[Card]:
        """``hand`` in the order the player chose with ``o``: as dealt, by suit or by rank, the
        :meth:`trump_suit` first (:mod:`makao_tui.app.sorting`); the engine's order is untouched."""
        return [hand[i] for i in self.shown_indices(hand)]

    def shown_indices(self, hand: Sequence[Card]) -> list[int]:
        """The places in ``hand`` (the engine's order) of the cards as shown, first shown first."""
        return shown_order(hand, self.makao_app.hand_order, self.trump_suit())

    def trump_suit(self) -> str | None:
        """The suit a sorted hand shows first (Peklo's trump); None: the usual suit order."""
        return None

    def order_title(self) -> str:
        """The hand's order for its box title: "" as dealt, else " · by suit" / " · by rank"."""
        order = self.makao_app.hand_order
        return "" if order == "dealt" else f" · {ORDER_WORDS[order]}"

    def action_sort_hand(self) -> None:
        """Show the hand in the next order (as dealt → by suit → by rank), for the rest of the
        app's run."""
        app = self.makao_app
        app.hand_order = next_order(app.hand_order)
        self.say(f"Your hand is shown {ORDER_WORDS[app.hand_order]} (o: another order).")
        self.refresh_table()

    def _view(self) -> Any:
        """The view of the seat whose hand is shown (public facts only when none is)."""
        seat = self.session.hand_seat()
        return self.session.match.state.view(0 if seat is None else seat)

    def _my_turn(self) -> bool:
        """Whether the seat to act is the human at the keyboard."""
        session = self.session
        return (session.to_act is not None and not session.is_ai(session.to_act)
                and session.at_keyboard == session.to_act)

    def standings(self, win_words: Callable[[int], str],
                  columns: Callable[[int], list[str]]) -> RenderableType:
        """The end of the match: "<winner(s)> win(s) <win_words(best total)>.", then every seat,
        best total first: its name (★ for a winner), then ``columns(seat)`` (the first one, the
        total, right-aligned)."""
        match, names = self.session.match, self.session.names
        winners = match.winners()
        who = " and ".join(names[s] for s in winners)
        verb = "wins" if len(winners) == 1 else "share the win"
        head = Text(f"{who} {verb} {win_words(match.totals[winners[0]])}.", style="bold green")
        order = sorted(range(match.players), key=lambda s: match.totals[s], reverse=match.variant.higher_wins)
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
        """The key bar: ``keys`` ((key, word) pairs that do something now, from the legal
        actions), then the score sheet, undo when it would work, help and quit."""
        keys = [*keys, (self.SHEET_KEY, self.SHEET_WORD)]
        if self.undo_refusal() is None:
            keys.append(("u", "undo"))
        if self.hint_refusal() is None:
            keys.append(("h", "hint"))
        return fit_key_bar([*keys, ("?", "help"), ("q", "quit")], self.app.size.width)

    def undo_refusal(self) -> str | None:
        """Why ``u`` cannot take a move back now, or None if it can."""
        session = self.session
        if len(session.humans) > 1:
            return "undo is off in hot-seat: it would take back the others' moves"
        if not session.humans:
            return "undo is for a human playing against the computer"
        if self.makao_app.writer is None:
            return "undo needs the saved game, and this match is not saved"
        point = last_move(session.match, session.humans[0])
        if point is None:
            return "you have not moved yet: nothing to take back"
        if point < session.undo_floor:
            # one step only: going back further would show the computer's answers to moves not made
            return "only your last move can be taken back, and it was: play on, then u takes back that move"
        return None

    def action_undo(self) -> None:
        """Take back the human's last action and the computer's actions after it (one human
        against AI seats only), rebuilt from the stored actions."""
        refusal = self.undo_refusal()
        if refusal is not None:
            self.say(refusal, error=True)
            return
        keep = last_move(self.session.match, self.session.humans[0])
        if keep is None:  # undo_refusal() has said so
            return
        try:
            self.makao_app.undo(keep)
        except StoreError as exc:
            self.say(str(exc), error=True)

    def hint_refusal(self) -> str | None:
        """Why ``h`` cannot give a hint now, or None if it can."""
        session = self.session
        if len(session.humans) != 1:
            return "hints are for one human playing against the computer"
        if not self._my_turn():
            return "a hint is for your own turn"
        return None

    def action_hint(self) -> None:
        """Say what the hard AI would do in the human's place and why, from the human's own view
        (it thinks in a worker: the table stays live)."""
        refusal = self.hint_refusal()
        if refusal is not None:
            self.say(refusal, error=True)
            return
        if not self._hinting:
            self._hinting = True
            self.say("Thinking about a hint…")
            self.run_worker(self._think_of_hint(), group="hint", exit_on_error=False)

    async def _think_of_hint(self) -> None:
        session = self.session
        token, seat = session.token(), session.to_act
        if seat is None:  # a hint is asked for on the human's turn
            return
        adviser = ai_for(session.variant.id, "hard", session.rules, session.thinking)
        try:
            advice = await self.makao_app.think(advise, adviser, session.match.state.view(seat),
                                                random.Random(f"{session.seed}/hint/{token}"))
        except Exception as exc:  # a hint that fails must not end the app
            self._hinting = False
            if self.is_mounted:
                self.say(f"No hint: the hard AI failed ({type(exc).__name__}: {exc}).", error=True)
            return
        self._hinting = False
        if token == session.token() and self.is_mounted:
            # the reason speaks of the AI ("plays the 10, keeps the ace for later")
            self.say(f"Hint: {describe_action(advice.action, self.ascii)} "
                     f"(the hard AI {advice.text(session.names)}).")

    def action_quit_match(self) -> None:
        """Leave the match, asking first (see :meth:`MakaoApp.action_quit_match`)."""
        self.makao_app.action_quit_match()
