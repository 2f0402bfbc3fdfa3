"""The web door of ``makao serve``: the makao app in a browser tab, through textual-serve.

Each browser tab that opens the page gets its own ``makao`` process (textual-serve starts it and
carries the screen over a websocket). The door knows no more of a browser than its address, so
every web player is a guest: :func:`player_main` (the command textual-serve runs) names them
``guest-NNNN``, gives them a data folder of their own and tells the app who they are
(:mod:`makao_tui.net.identity`). The door listens on localhost unless told otherwise; to let
others in, put it behind a proxy that authenticates them (README).
"""

from __future__ import annotations

import logging
import os
import secrets
import shlex
import sys
from pathlib import Path
from typing import Any

from aiohttp import web
from textual_serve.server import Server

from ..net.identity import ENV, DoorPlayer, encode_player
from .players import player_dir

log = logging.getLogger("makao.serve")

#: the environment variable that tells a web player's process the door's state folder
FOLDER_ENV = "MAKAO_SERVE_DIR"


class _Server(Server):
    """textual-serve's server, logging each browser that comes and goes instead of printing a
    banner."""

    async def on_startup(self, app: web.Application) -> None:
        pass

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        log.info("web from %s: playing", request.remote)
        try:
            return await super().handle_websocket(request)
        finally:
            log.info("web from %s: left", request.remote)


class WebDoor:
    """The web door on ``host``:``port`` (0: any free port), players' folders under ``folder``;
    ``public_url``: the address browsers open when the door is behind a proxy
    (``https://cards.example.org``; None: the door's own). ``await start()``, then
    ``await stop()``."""

    def __init__(self, host: str, port: int, folder: Path, public_url: str | None = None) -> None:
        self.host = host
        self.port = port
        self.folder = folder
        self.public_url = public_url.rstrip("/") if public_url else None
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
        server = _Server(command, host=self.host, port=self.port, title="makao")
        application = await server._make_app()  # the page, the websocket and the static files
        self._runner = web.AppRunner(application, handle_signals=False, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, self.host, self.port)
        await site.start()
        for address in self._runner.addresses:
            self.port = address[1]
            break
        server.public_url = self.public_url or self.url.rstrip("/")  # the page's links and websocket
        log.info("web door listening on %s%s", self.url,
                 f" for browsers at {self.public_url}/" if self.public_url else "")

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


def player_main() -> Any:
    """The command textual-serve runs for each browser tab: a guest's name, folder and identity,
    then the app in this process's place."""
    name = f"guest-{secrets.randbelow(9000) + 1000}"
    env, folder = player_env(dict(os.environ), name)
    os.chdir(folder)
    os.execve(sys.executable, [sys.executable, "-m", "makao_tui"], env)


if __name__ == "__main__":
    player_main()
