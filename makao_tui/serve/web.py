"""The web door of ``makao serve``: the makao app in a browser tab, through textual-serve.

Each browser tab that opens the page gets its own ``makao`` process (textual-serve starts it and
carries the screen over a websocket). On its own the door knows no more of a browser than its
address, so a web player is a guest: :func:`player_main` (the command textual-serve runs) names
them ``guest-NNNN``, gives them a data folder of their own and tells the app who they are
(:mod:`makao_tui.net.identity`). Behind a proxy that logs players in, the door can take each
player's name from a request header the proxy sets (``user_header``, e.g. ``X-Forwarded-User``):
the player then plays under that name, with a data folder that is theirs from visit to visit. The
header is believed from whoever reaches the door, so the door listens on localhost unless told
otherwise, and the proxy must set the header itself, replacing any the browser sent (README).
"""

from __future__ import annotations

import asyncio
import contextvars
import logging
import os
import secrets
import shlex
import sys
from pathlib import Path
from typing import Any

from aiohttp import web
from textual_serve.app_service import AppService
from textual_serve.server import Server

from ..net.identity import ENV, DoorPlayer, encode_player
from .players import GUEST_PREFIX, PlayerRefused, player_dir, player_name
from .pty import GRACE_S

log = logging.getLogger("makao.serve")

#: the environment variable that tells a web player's process the door's state folder
FOLDER_ENV = "MAKAO_SERVE_DIR"


#: the player a websocket being handled plays for (its app's command names them); None: a guest
_PLAYER: contextvars.ContextVar[str | None] = contextvars.ContextVar("makao_web_player", default=None)


def header_name(value: str | None) -> str | None:
    """The player's name from the proxy's header ``value`` (cleaned as an SSH user name is), or
    None for a guest: no header, a name that cleans to nothing, or a guest's name."""
    if not value:
        return None
    try:
        name = player_name(value)
    except PlayerRefused:
        return None
    return None if name.casefold().startswith(GUEST_PREFIX) else name


class _Server(Server):
    """textual-serve's server, logging each browser that comes and goes instead of printing a
    banner; with ``user_header``, each websocket's app plays for the name that header holds. Each
    browser's app process is ended when its websocket closes (:func:`end_app_process`)."""

    def __init__(self, command: str, user_header: str | None = None, **options: Any) -> None:
        super().__init__(command, **options)
        self.user_header = user_header

    @property  # textual-serve reads it as a websocket opens: the command of that player
    def command(self) -> str:
        name = _PLAYER.get()
        return self._command if name is None else f"{self._command} {shlex.quote(name)}"

    @command.setter
    def command(self, value: str) -> None:
        self._command = value

    async def on_startup(self, app: web.Application) -> None:
        pass

    async def _process_messages(self, websocket: web.WebSocketResponse, app_service: AppService) -> None:
        _STARTED.get().append(app_service)
        await super()._process_messages(websocket, app_service)

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        name = header_name(request.headers.get(self.user_header)) if self.user_header else None
        who = f"web:{name}" if name else "web"
        token = _PLAYER.set(name)
        started: list[AppService] = []
        started_token = _STARTED.set(started)
        log.info("%s from %s: playing", who, request.remote)
        try:
            return await super().handle_websocket(request)
        finally:
            for service in started:
                await end_app_process(service)
            _STARTED.reset(started_token)
            _PLAYER.reset(token)
            log.info("%s from %s: left", who, request.remote)


#: the app services the websocket being handled started (textual-serve keeps them to itself; its
#: handler passes each to :meth:`_Server._process_messages`)
_STARTED: contextvars.ContextVar[list[AppService]] = contextvars.ContextVar("makao_web_apps")


async def end_app_process(service: AppService) -> None:
    """Make sure a browser's app process has ended once textual-serve has told it to quit: close
    its input, wait up to :data:`~.pty.GRACE_S` for it, kill it if it still runs. textual-serve
    stops reading the process at the end of its output but neither waits for it nor closes its
    input, so the process could outlive the door and its pipes were left to the garbage
    collector (after the event loop had closed: an "Event loop is closed" error at exit)."""
    process = service._process  # textual-serve's own attribute: the app's asyncio process
    if process is None:
        return
    if process.stdin is not None:
        process.stdin.close()
    try:
        await asyncio.wait_for(process.wait(), GRACE_S)
    except TimeoutError:
        process.kill()
        await process.wait()


class WebDoor:
    """The web door on ``host``:``port`` (0: any free port), players' folders under ``folder``;
    ``public_url``: the address browsers open when the door is behind a proxy
    (``https://cards.example.org``; None: the door's own); ``user_header``: the request header
    in which that proxy names the player it logged in (None: every web player is a guest).
    ``await start()``, then ``await stop()``."""

    def __init__(self, host: str, port: int, folder: Path, public_url: str | None = None,
                 user_header: str | None = None) -> None:
        self.host = host
        self.port = port
        self.folder = folder
        self.public_url = public_url.rstrip("/") if public_url else None
        self.user_header = user_header
        self._runner: web.AppRunner | None = None

    @property
    def url(self) -> str:
        """Where a browser finds the door."""
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"http://{host}:{self.port}/"

    async def start(self) -> None:
        """Listen. Raises OSError if the address cannot be had."""
        os.environ[FOLDER_ENV] = str(self.folder)  # textual-serve hands its environment to the players
        command = shlex.join([sys.executable, "-m", "makao_tui.serve.web"])
        server = _Server(command, self.user_header, host=self.host, port=self.port, title="makao")
        application = await server._make_app()  # the page, the websocket and the static files
        self._runner = web.AppRunner(application, handle_signals=False, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, self.host, self.port)
        await site.start()
        for address in self._runner.addresses:
            self.port = address[1]
            break
        server.public_url = self.public_url or self.url.rstrip("/")  # the page's links and websocket
        log.info("web door listening on %s%s%s", self.url,
                 f" for browsers at {self.public_url}/" if self.public_url else "",
                 f"; players' names from the header {self.user_header}" if self.user_header else "")

    async def stop(self) -> None:
        """Close every browser's app and stop listening."""
        if self._runner is not None:
            await self._runner.cleanup()


def player_env(environ: dict[str, str], name: str) -> tuple[dict[str, str], Path]:
    """The environment of web player ``name``'s app, from the one textual-serve gave (its
    driver's variables, the door's state folder in :data:`FOLDER_ENV`), and their folder."""
    from .ssh import app_environ

    folder = player_dir(Path(environ[FOLDER_ENV]) / "players", "web", name)
    env = app_environ(environ)
    env.update({k: v for k, v in environ.items()
                if k.startswith(("TEXTUAL", "TERM_PROGRAM")) or k in ("COLUMNS", "ROWS")})
    env.update({"LANG": "C.UTF-8", "HOME": str(folder), "MAKAO_DATA_DIR": str(folder),
                ENV: encode_player(DoorPlayer("web", name, None))})
    return env, folder


def player_main(argv: list[str] | None = None) -> Any:
    """The command textual-serve runs for each browser tab, ``python -m makao_tui.serve.web
    [NAME]``: the player's name (NAME, as the door's proxy gave it, else a guest's), folder and
    identity, then the app in this process's place."""
    args = sys.argv[1:] if argv is None else argv
    name = header_name(args[0]) if args else None
    name = name or f"{GUEST_PREFIX}{secrets.randbelow(9000) + 1000}"
    env, folder = player_env(dict(os.environ), name)
    os.chdir(folder)
    os.execve(sys.executable, [sys.executable, "-m", "makao_tui"], env)


if __name__ == "__main__":
    player_main()
