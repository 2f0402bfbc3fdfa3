"""``makao serve``: the SSH and web doors in the foreground, until Ctrl+C or SIGTERM.

It writes one log line (standard error) per connection (who, from where), per request it
refuses, and per table a door player sits at, opens or leaves (:class:`TableLog`, which reads
the tables folder's public descriptions). On SIGINT or SIGTERM it stops listening, ends every
player's app (which saves and releases its match), tells each player, and exits 0. Tables the
players opened are table servers of their own: they keep every action stored and wait for their
players as always (``docs/protocol.md``, Lifetime).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
import signal
from pathlib import Path

import typer

from ..engine.i18n import N_, _

log = logging.getLogger("makao.serve")

#: seconds between two looks at the tables folder for the log
TABLE_LOOK_S = 2.0
#: what every player is told when the server stops (in the player's language: the door words it)
STOP_REASON = N_("the server stopped: your match is saved; a shared table waits for its players, "
                 "come back when the server runs again")


def _fail(message: str) -> None:
    """One line on standard error, exit status 2 (as every refusal of the ``makao`` command)."""
    typer.echo(f"makao: {message}", err=True)
    raise typer.Exit(2)


def register(app: typer.Typer) -> None:
    """Add ``serve`` to the ``makao`` command."""
    app.command(help=_("Let friends in without an account on this machine: the makao app over SSH and in a "
                       "browser, each player in their own process, at the same shared tables as the box's "
                       "users. Runs in the foreground (a log line per connection) until Ctrl+C or SIGTERM."))(serve)


def parse_address(text: str, default_host: str) -> tuple[str, int]:
    """``[HOST:]PORT`` (``[::1]:2222`` for an IPv6 address) as (host, port). Raises ValueError
    with the reason in words."""
    host, sep, port = text.strip().rpartition(":")
    if not sep:
        host = default_host
    host = host.strip("[]")
    if not port.isdigit() or not 0 <= int(port) <= 65535:
        raise ValueError(_("{text!r} is not [HOST:]PORT (a port is a number up to 65535)").format(text=text))
    return host, int(port)


class TableLog:
    """Logs what door players do at the tables of ``folder``: who opens a table, sits at one,
    leaves it (from the tables' public descriptions; a player shows as ``ssh:NAME``)."""

    def __init__(self, folder: Path | None) -> None:
        self.folder = folder
        self._seen: dict[tuple[str, int], tuple[str, bool]] = {}
        self._tables: set[str] = set()

    def look(self) -> None:
        """Compare the tables now with the last look and log the differences."""
        from ..net import places

        try:
            tables = places.live_tables(self.folder or places.tables_dir(create=False))
        except OSError:
            return
        seen: dict[tuple[str, int], tuple[str, bool]] = {}
        for info in tables:
            where = f"table {info.code} ({info.game_name})"
            if info.code not in self._tables and info.host.startswith(("ssh:", "web:")):
                log.info("%s opened %s", info.host, where)
            for number, seat in enumerate(info.seats):
                if seat.user and seat.user.startswith(("ssh:", "web:")):
                    seen[(info.code, number)] = (seat.user, seat.connected)
                    before = self._seen.get((info.code, number))
                    if before is None or before[0] != seat.user:
                        log.info("%s sits at %s, seat %d, as %s", seat.user, where, number + 1, seat.name)
                    elif before[1] != seat.connected:
                        log.info("%s %s %s", seat.user, "is back at" if seat.connected else "is away from", where)
        for (code, _seat), (user, _connected) in self._seen.items():
            if code not in {info.code for info in tables}:
                log.info("%s: table %s has ended", user, code)
        self._seen = seen
        self._tables = {info.code for info in tables}


def announce(ssh_door, web_door) -> None:
    """Say on standard error how players come in through the doors that listen."""
    if ssh_door is not None:
        host = ssh_door.config.host
        typer.echo(_("SSH door: players run  ssh -p {port} NAME@{host}").format(port=ssh_door.port,
                                                                           host=host or "THIS-MACHINE"), err=True)
    if web_door is not None:
        local = web_door.host in ("127.0.0.1", "localhost", "::1")
        if web_door.user_header:
            typer.echo(_("Web door: {url} names each player by the header {header}: only your authenticating "
                         "proxy may reach it, and it must set that header itself").format(
                url=web_door.url, header=web_door.user_header), err=True)
        elif web_door.public_url:
            typer.echo(_("Web door: {url} for browsers at {public}/ (through your proxy)").format(
                url=web_door.url, public=web_door.public_url), err=True)
        else:
            typer.echo((_("Web door: {url} (this machine only; to let others in, put a proxy that logs them in in "
                          "front: see the README)") if local else
                        _("Web door: {url} (open to the network with no login: every visitor plays as a guest)"))
                       .format(url=web_door.url), err=True)


async def run(ssh_door, web_door, stop: asyncio.Event, table_log: TableLog) -> None:
    """Start the doors given, log the tables until ``stop`` is set, then stop the doors."""
    try:
        if ssh_door is not None:
            await ssh_door.start()
        if web_door is not None:
            await web_door.start()
        announce(ssh_door, web_door)
        while not stop.is_set():
            await asyncio.to_thread(table_log.look)
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(stop.wait(), TABLE_LOOK_S)
    finally:
        log.info("stopping: telling the players, ending their apps")
        if ssh_door is not None:
            await ssh_door.stop(STOP_REASON)
        if web_door is not None:
            await web_door.stop()
        log.info("stopped")


def serve(
    ssh: str | None = typer.Option(None, "--ssh", metavar="[HOST:]PORT",
                                   help=_("Open the SSH door: players run `ssh -p PORT NAME@HOST` (default host: "
                                        "every address of this machine).")),
    web: str | None = typer.Option(None, "--web", metavar="[HOST:]PORT",
                                   help=_("Open the web door: the app in a browser tab (default host: 127.0.0.1, "
                                        "this machine only).")),
    web_url: str | None = typer.Option(None, "--web-url", metavar="URL",
                                       help=_("The address browsers open when the web door is behind a proxy "
                                              "(https://cards.example.org).")),
    web_user_header: str | None = typer.Option(
        None, "--web-user-header", metavar="HEADER",
        help=_("Web: the request header in which your authenticating proxy names the player "
               "(X-Forwarded-User); without it every web player is a guest.")),
    allow_keys: Path | None = typer.Option(None, "--allow-keys", metavar="FILE",
                                           help=_("SSH: admit only the keys of this authorized_keys file.")),
    guests: bool = typer.Option(False, "--guests", help=_("SSH: let players without a key in, as guest-NAME.")),
    max_connections: int = typer.Option(32, "--max-connections", help=_("SSH: connections at once.")),
    per_key: int = typer.Option(3, "--per-key", help=_("SSH: connections of one key at once.")),
    idle: float = typer.Option(30.0, "--idle", metavar="MINUTES",
                               help=_("SSH: close a session after this many minutes without a key pressed.")),
) -> None:
    """``makao serve``: checks the flags (one line and exit status 2 for a bad one), then runs the
    doors asked for (:func:`run`) until SIGINT or SIGTERM; the log (English, for the operator) on
    standard error."""
    from ..net import places

    if ssh is None and web is None:
        _fail(_("open a door: --ssh [HOST:]PORT, --web [HOST:]PORT, or both"))
    if not 1 <= max_connections <= 10_000 or not 1 <= per_key <= max_connections:
        _fail(_("--max-connections must be 1 to 10000 and --per-key 1 to --max-connections"))
    if not 0 < idle <= 7 * 24 * 60:
        _fail(_("--idle must be more than 0 and at most a week of minutes, not {idle}").format(idle=idle))
    if web_user_header is not None and not re.fullmatch(r"[A-Za-z0-9-]{1,64}", web_user_header):
        _fail(_("--web-user-header is a header's name (X-Forwarded-User), not {header!r}").format(
            header=web_user_header))
    if web_url is not None and not web_url.startswith(("http://", "https://")):
        _fail(_("--web-url is the address browsers open, http://... or https://..., not {url!r}").format(url=web_url))
    try:
        ssh_at = parse_address(ssh, "") if ssh is not None else None
        web_at = parse_address(web, "127.0.0.1") if web is not None else None
    except ValueError as exc:
        return _fail(str(exc))
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s", datefmt="%Y-%m-%d %H:%M:%S")
    logging.getLogger("asyncssh").setLevel(logging.WARNING)
    logging.getLogger("aiohttp.access").setLevel(logging.WARNING)
    try:
        folder = places.private_dir("serve")
    except OSError as exc:
        return _fail(_("cannot make the server's folder: {error}").format(error=exc))
    ssh_door = web_door = None
    if ssh_at is not None:
        try:
            from .players import AllowedKeys
            from .ssh import SSHDoor, SSHDoorConfig, SSHLimits, app_environ
        except ImportError:
            return _fail(_("the SSH door needs asyncssh: pip install 'makao-tui[serve]'"))
        allowed = None
        if allow_keys is not None:
            try:
                allowed = AllowedKeys(allow_keys)
            except (OSError, ValueError) as exc:
                return _fail(_("--allow-keys: {error}").format(error=exc))
        limits = SSHLimits(connections=max_connections, per_key=per_key, idle_s=idle * 60)
        ssh_door = SSHDoor(SSHDoorConfig(ssh_at[0], ssh_at[1], folder, allowed=allowed, guests=guests,
                                         limits=limits, environ=app_environ()))
    if web_at is not None:
        try:
            from .web import WebDoor
        except ImportError:
            return _fail(_("the web door needs textual-serve: pip install 'makao-tui[serve]'"))
        web_door = WebDoor(web_at[0], web_at[1], folder, web_url, web_user_header)

    async def main() -> int:
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(sig, stop.set)
        try:
            await run(ssh_door, web_door, stop, TableLog(None))
        except OSError as exc:
            log.error("cannot listen: %s", exc)
            return 2
        return 0

    raise typer.Exit(asyncio.run(main()))
