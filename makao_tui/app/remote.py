"""The app at a shared table (``makao join``, ``makao host``): the lobby before the match, the
chat line and the bell around the usual table screen.

The table screens are the usual ones: they read a :class:`~makao_tui.net.seating.SharedSeating`,
the same :class:`~makao_tui.table.Seating` as in solo and hot-seat play with a connection to the
table server as its transport (who sits where: "Bob (bob)", "Bob — disconnected"). Text from other
players (names, chat) is shown literally: never as markup.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path, PurePath
from typing import Any, ClassVar

from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Input, Static

from ..engine.i18n import N_, _
from ..net.client import Connection
from ..net.identity import door_player
from ..net.protocol import MAX_CHAT, ChatLine, Closed, Lobby, TableInfo, TableSeat
from ..net.seating import SharedSeating, SharedTableClient
from ..net.words import chat_speaker, game_name, refusal_text
from ..table import Notice, Refusal, Update
from .screens.common import COMMON_CSS
from .widgets.footer import KeyBar

#: the stylesheet of the lobby and the chat (loaded when the first is shown)
REMOTE_CSS = str(Path(__file__).with_name("remote.tcss"))
#: the ``CSS_PATH`` of the lobby and the chat
REMOTE_SHEETS: list[str | PurePath] = [COMMON_CSS, REMOTE_CSS]

#: chat lines kept for the chat window
CHAT_KEPT = 50


def seat_words(seat: TableSeat, index: int) -> Text:
    """A seat of the lobby as literal text: "1. Alice (alice)", "2. open", "3. Olga (AI)"."""
    return Text(f"{index + 1}. {seat.describe()}", style="dim" if seat.kind == "open" else "")


class ChatScreen(ModalScreen[None]):
    """The table's chat: the last lines and a line to type (Enter sends, Esc closes)."""

    CSS_PATH = REMOTE_SHEETS

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "close", N_("Close"))]

    def __init__(self, lines: list[ChatLine], send: Any) -> None:
        super().__init__()
        self.lines = lines
        self.send = send

    def compose(self) -> ComposeResult:
        with Vertical(id="chat-box", classes="dialog"):
            yield Static(_("Table chat"), classes="title")
            with VerticalScroll(id="chat-lines"):
                yield Static(self.chat_text(), id="chat-text")
            yield Input(placeholder=_("say something, Enter sends, Esc closes"), max_length=MAX_CHAT,
                        id="chat-input")
        yield KeyBar()

    def on_mount(self) -> None:
        self.query_one("#chat-input", Input).focus()

    def chat_text(self) -> Text:
        """The chat so far, literal: names bold, text as typed."""
        text = Text()
        for line in self.lines[-CHAT_KEPT:]:
            if text:
                text.append("\n")
            text.append(f"{chat_speaker(line)}: ", style="bold")
            text.append(line.text)
        return text or Text(_("No chat yet."), style="dim")

    def refresh_lines(self) -> None:
        """Show lines that came in while the chat is open."""
        self.query_one("#chat-text", Static).update(self.chat_text())

    def on_input_submitted(self, event: Input.Submitted) -> None:
        if event.value.strip():
            self.send(event.value)
        self.dismiss(None)

    def action_close(self) -> None:
        self.dismiss(None)


class LobbyScreen(Screen[None]):
    """Before the match: the table's code, game and seats as they fill; the host starts it
    (``s``: AI players take the seats still open); ``c`` chats; ``q`` leaves (the seat is
    kept)."""

    CSS_PATH = REMOTE_SHEETS

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("s", "start", N_("Start now (AI in open seats)")),
        Binding("c", "app.chat", N_("Chat")),
        Binding("q", "app.request_quit", N_("Leave")),
        Binding("f1,question_mark", "app.help", N_("Help"), key_display="?"),
    ]

    def __init__(self, conn: Connection) -> None:
        super().__init__()
        self.conn = conn
        self._ready = False

    def compose(self) -> ComposeResult:
        with Vertical(id="lobby-box", classes="dialog"):
            yield Static("", id="lobby-title", classes="title")
            yield Static("", id="lobby-seats")
            yield Static("", id="lobby-hint", classes="hint")
        yield KeyBar()

    def on_mount(self) -> None:
        self._ready = True
        self.show(self.conn.info)

    def show(self, info: TableInfo) -> None:
        """Show the table as ``info`` describes it (once the screen is up; it then shows the
        connection's latest)."""
        if not self._ready:
            return
        title = Text(_("Table {code} — {game}, hosted by {host}").format(code=info.code, game=game_name(info),
                                                                         host=info.host))
        self.query_one("#lobby-title", Static).update(title)
        seats = Text("\n").join(seat_words(s, i) for i, s in enumerate(info.seats))
        self.query_one("#lobby-seats", Static).update(seats)
        if door_player() is not None:  # players of a makao serve door have no shell: their start screen
            hint = _("Others choose table {code} on their start screen.\nThe match starts when every seat is "
                     "taken.").format(code=info.code)
        else:
            hint = _("Others join with:  makao join {code}\nThe match starts when every seat is taken.").format(
                code=info.code)
        if info.host == self.conn.user:
            hint += " " + _("Press s to start now, with AI players in the open seats.")
        self.query_one("#lobby-hint", Static).update(Text(hint))

    def action_start(self) -> None:
        """Ask the server to start now (the host only; others are told why not)."""
        self.conn.start(fill_ai=True)


class SharedTable:
    """What the app keeps of a shared table: the connection, the chat, the bell, and once the match
    has started the :class:`~makao_tui.net.seating.SharedSeating` its usual table screen reads.
    ``app.shared`` while at one."""

    def __init__(self, app: App[Any], conn: Connection, bell: bool, *, opened: Callable[[SharedSeating], None],
                 notice: Callable[[Notice], None], closed: Callable[[str], None]) -> None:
        self.app = app
        self._opened, self._notice, self._closed = opened, notice, closed
        self.conn = conn
        self.bell = bell
        self.chat: list[ChatLine] = []
        self.client = SharedTableClient(conn.info, self._before_match)
        #: what the table screen reads (made when the first update of the match comes)
        self.seating: SharedSeating | None = None
        conn.on_event = self._on_event

    def attach(self) -> None:
        """Start receiving (call in the app's loop)."""
        self.conn.attach(self.client)

    def _before_match(self, message: Any) -> None:
        """A message of the table before the seating reads them: the first update opens the table
        (the seating takes the client's messages from then on); a refusal (the start asked too
        early) or a notice is said."""
        if isinstance(message, Update):
            self.seating = SharedSeating(self.conn, self.client)
            if self.bell:
                self.seating.on_turn = self.app.bell
            self._opened(self.seating)
        elif isinstance(message, Refusal):
            self.app.notify(refusal_text(message), title=_("Not done"), severity="warning", markup=False)
        elif isinstance(message, Notice):
            self._notice(message)

    def _on_event(self, message: Any) -> None:
        """A lobby change, a chat line, the table's end, or None: the connection dropped."""
        if isinstance(message, Lobby):
            for screen in self.app.screen_stack:
                if isinstance(screen, LobbyScreen):
                    screen.show(message.table)
            if self.seating is not None:
                self.seating.info_changed(message.table)
            else:
                self.client.info = message.table
        elif isinstance(message, ChatLine):
            self.chat = [*self.chat, message][-CHAT_KEPT:]
            if isinstance(self.app.screen, ChatScreen):
                self.app.screen.lines = self.chat
                self.app.screen.refresh_lines()
            else:
                self.app.notify(message.text, title=chat_speaker(message), markup=False, timeout=8)
        elif isinstance(message, Closed) or message is None:
            self._closed(self.conn.closed_reason or _("the connection to the table was lost"))

    def open_chat(self) -> None:
        """Open the chat window."""
        self.app.push_screen(ChatScreen(self.chat, self.conn.chat))

    def close(self) -> None:
        """Leave: the connection ends, the server keeps the seat."""
        self.conn.on_event = None
        self.conn.writer.close()
