"""The shared-table commands of ``makao``: ``host``, ``join`` and ``tables`` (issue 11).

Registered on the ``makao`` typer app by :mod:`makao_tui.cli`. A wrong or expired code, a game
or option the server refuses, a seat taken first by someone else: one line on standard error,
exit status 2.
"""

from __future__ import annotations

import json
import time

import typer

from .cli_common import fail, parse_seat, rule_options
from .engine.i18n import N_, _

#: the help of ``--preset`` and ``--option``, the same on every command that starts a match
PRESET_HELP = N_("A preset of the rules: seed (the seeds' rules, the default) or house.")
OPTION_HELP = N_("A rule option NAME=VALUE over the preset (e.g. queens=on); 'makao rules GAME' lists them. "
                  "Repeatable.")


def register(app: typer.Typer) -> None:
    """Add ``host``, ``join`` and ``tables`` to the ``makao`` command."""
    app.command(help=_("Open a shared table on this box: a server that outlives this terminal, reached by a "
                       "join code. Unless --detach, you sit at its first open seat (or the one kept for your "
                       "name)."))(host)
    app.command(help=_("Sit at a shared table: a free open seat, or your own seat again after you left."))(join)
    app.command(help=_("List the shared tables open on this box: code, game, seats and who sits there, "
                       "started, host."))(tables)


def _seat_plan(text: str):
    from .net.server import SeatPlan

    if text.strip().lower() == "open":
        return SeatPlan("open")
    name, is_ai, level = parse_seat(text)
    return SeatPlan("ai", level=level) if is_ai else SeatPlan("human", name=name)


def host(
    ctx: typer.Context,
    game: str | None = typer.Argument(None, help=_("The game: makao-ru, makao-pl, macao, peklo (not with --resume).")),
    seat: list[str] = typer.Option([], "--seat", help=_("A seat: 'open' (for whoever joins), a player's name (kept "
                                   "for them), 'ai' or 'ai:easy|normal|hard'. Repeat per seat.")),
    preset: str | None = typer.Option(None, "--preset", help=_(PRESET_HELP)),
    option: list[str] = typer.Option([], "--option", help=_(OPTION_HELP)),
    resume: int | None = typer.Option(None, "--resume", metavar="ID",
                                      help=_("Reopen the table of stored match ID (its server died) under its code.")),
    ai_takeover: float = typer.Option(120.0, "--ai-takeover", metavar="SECONDS",
                                      help=_("Seconds a disconnected player's seat waits before an AI plays it.")),
    detach: bool = typer.Option(False, "--detach", help=_("Only start the table; do not sit at it here.")),
    name: str | None = typer.Option(None, "--name", help=_("Your name at the table (default: your login name).")),
    bell: bool = typer.Option(False, "--bell", help=_("Ring the terminal's bell when it becomes your turn.")),
    ascii_suits: bool = typer.Option(False, "--ascii", help=_("Draw suits as S H D C.")),
) -> None:
    """``makao host GAME``: checks the game, seats and options (one line and exit status 2 for a bad
    one), spawns the table server (:func:`~makao_tui.net.daemon.spawn`), prints the join code and,
    unless ``--detach``, sits at the table here."""
    from .games import get_variant
    from .net.daemon import spawn
    from .net.places import tables_dir
    from .net.server import HostConfig

    if not ai_takeover >= 0:
        fail(_("--ai-takeover must be 0 seconds or more, not {seconds}").format(seconds=ai_takeover))
    if resume is not None:
        if game or seat or option or preset:
            fail(_("--resume reopens a stored match as it was: give no game, --seat, --preset or --option"))
        config = HostConfig(resume=resume, ai_takeover_s=ai_takeover)
    else:
        if not game:
            fail(_("name the game to host (makao-ru, makao-pl, macao, peklo), or --resume ID"))
        variant = get_variant(game)
        plans = [_seat_plan(s) for s in seat] or [_seat_plan("open"), _seat_plan("open")]
        options = rule_options(variant, preset, option)
        variant.check_players(len(plans))
        kept = [p.name.casefold() for p in plans if p.kind == "human"]
        if len(set(kept)) < len(kept):
            fail(_("two seats are kept for the same name: give each player a name of their own"))
        if all(p.kind == "ai" for p in plans):
            fail(_("a shared table needs a seat for a player: 'open' or a name"))
        config = HostConfig(game=variant.id, options=options, seats=plans, ai_takeover_s=ai_takeover)
    tables_dir()
    code = spawn(config)
    typer.echo(_("Table {code} is open. Others on this box join it with:  makao join {code}").format(code=code))
    if detach:
        return
    _sit(ctx, code, name, watch=False, bell=bell, ascii_suits=ascii_suits)


def join(
    ctx: typer.Context,
    code: str = typer.Argument(..., help=_("The table's join code (e.g. crane-47); `makao tables` lists them.")),
    name: str | None = typer.Option(None, "--name", help=_("Your name at the table (default: your login name).")),
    watch: bool = typer.Option(False, "--watch", help=_("Watch the table instead of sitting at it.")),
    bell: bool = typer.Option(False, "--bell", help=_("Ring the terminal's bell when it becomes your turn.")),
    ascii_suits: bool = typer.Option(False, "--ascii", help=_("Draw suits as S H D C.")),
) -> None:
    """``makao join CODE``: :func:`_sit` at the table of CODE."""
    _sit(ctx, code, name, watch=watch, bell=bell, ascii_suits=ascii_suits)


def _sit(ctx: typer.Context, code: str, name: str | None, watch: bool, bell: bool, ascii_suits: bool) -> None:
    from .net.client import ConnectError, sit

    code = code.strip().lower()
    try:
        shake = sit(code, name, watch=watch)
    except ConnectError as exc:
        if exc.refusal is None or exc.refusal.kind != "no_seat":
            raise
        fail(_("{reason} (makao join {code} --watch to watch)").format(reason=exc, code=code))
    from .app.main import run_shared

    run_shared(shake, ascii=ascii_suits or bool(ctx.obj and ctx.obj.get("ascii")), bell=bell,
               theme=ctx.obj.get("theme") if ctx.obj else None)


def tables(as_json: bool = typer.Option(False, "--json", help=_("Print JSON instead of a table."))) -> None:
    """``makao tables``: the live tables of the tables folder as a table, or ``--json`` (English keys,
    the :class:`~makao_tui.net.protocol.TableInfo` form)."""
    import msgspec

    from .net import places
    from .net.words import game_name

    found = places.live_tables(places.tables_dir(create=False))
    if as_json:
        typer.echo(json.dumps([msgspec.to_builtins(info) for info in found]))
        return
    if not found:
        typer.echo(_("No open table on this box. `makao host GAME --seat open ...` opens one."))
        return
    from rich.console import Console
    from rich.table import Table

    table = Table(title=_("Open tables (makao join CODE)"))
    for column in (_("Code"), _("Game"), _("Seats"), _("Started"), _("Host")):
        table.add_column(column)
    for info in found:
        since = time.strftime("%H:%M", time.localtime(info.created))
        table.add_row(info.code, game_name(info), ", ".join(s.describe() for s in info.seats),
                      _("yes") if info.started else _("no"),
                      _("{host}, since {time}").format(host=info.host, time=since))
    Console(highlight=False).print(table)

