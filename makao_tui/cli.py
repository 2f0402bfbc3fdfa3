"""The ``makao`` command: the app, ``play``, ``scenario``, ``simulate`` (AI-only matches), ``rules``
(the options in force), and the saved matches: ``saves``, ``resume``, ``history``, ``export`` (typer)."""

from __future__ import annotations

import inspect
import json
import random
import sys
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import typer
from typer.core import TyperArgument, TyperCommand, TyperGroup, TyperOption

from . import __version__
from .cli_tables import OPTION_HELP, PRESET_HELP
from .cli_tables import register as register_tables
from .engine.i18n import N_, _, ngettext, number, os_reason
from .engine.variant import OptionFlag, option_flags
from .serve.command import register as register_serve


def _param_name(param) -> str:
    """How a usage error names a parameter: an option by its longest flag (``--csv``), an
    argument by its metavar or its name in capitals (``GAME``)."""
    opts = [o for o in getattr(param, "opts", ()) if o.startswith("-")]
    if opts:
        return max(opts, key=len)
    return str(getattr(param, "metavar", None) or getattr(param, "name", "") or "?").upper()


#: the type checks of Typer's values (pydantic's error types) in the user's words
_VALUE_ERRORS = {"int_parsing": N_("a whole number is needed"), "int_from_float": N_("a whole number is needed"),
                 "int_type": N_("a whole number is needed"), "float_parsing": N_("a number is needed"),
                 "float_type": N_("a number is needed"), "finite_number": N_("a number is needed"),
                 "bool_parsing": N_("yes or no is needed"), "bool_type": N_("yes or no is needed")}


def usage_error_text(exc: Exception) -> str:
    """A Typer/Click usage error (a missing argument, an unknown option, a bad value...) as one
    line in the language in use, made from the exception's fields (Click's own English words are
    not translated): "no such option: --nope (did you mean --name?)". An error of a kind not
    known here keeps Click's English words."""
    kinds = {cls.__name__ for cls in type(exc).__mro__}
    param = getattr(exc, "param", None)
    message = str(getattr(exc, "message", "") or "")
    if "MissingParameter" in kinds and param is not None:
        if getattr(param, "param_type_name", "") == "argument":
            return _("the argument {name} is missing").format(name=_param_name(param))
        return _("the option {name} is missing").format(name=_param_name(param))
    if "NoSuchOption" in kinds:
        import difflib

        option = str(getattr(exc, "option_name", ""))
        close = difflib.get_close_matches(option, list(getattr(exc, "possibilities", None) or []), 3, 0.75)
        if close:
            return _("no such option: {option} (did you mean {choices}?)").format(
                option=option, choices=", ".join(close))
        return _("no such option: {option}").format(option=option)
    if "BadOptionUsage" in kinds:
        option = str(getattr(exc, "option_name", ""))
        if "does not take" in message:
            return _("the option {option} takes no value").format(option=option)
        if "requires" in message:
            return _("the option {option} needs a value").format(option=option)
    if "BadParameter" in kinds and param is not None:
        cause = exc.__cause__
        errors = cause.errors() if cause is not None and hasattr(cause, "errors") else []
        why = _VALUE_ERRORS.get(errors[0].get("type", ""), N_("the value does not fit")) if errors else None
        return _("wrong value for {name}: {why}").format(name=_param_name(param),  # pydantic's words are English
                                                          why=_(why) if why else message.rstrip("."))
    if "NoSuchCommand" in kinds or message.startswith("No such command"):
        name = str(getattr(exc, "command_name", "") or message.partition("'")[2].rpartition("'")[0])
        return _("no such command: {name}").format(name=name)
    if message.startswith("Got unexpected extra argument"):
        extra = message.rpartition("(")[2].rpartition(")")[0]  # "... argument(s) (x y)"
        count = len(extra.split())
        return ngettext("one argument too many: {arguments}", "{n} arguments too many: {arguments}",
                        count).format(n=count, arguments=extra)
    if message.startswith("Missing command"):
        return _("a command is missing")
    return " ".join((message or exc.format_message()).split()).rstrip(".")  # type: ignore[attr-defined]


class _Words:
    """Typer's help in the language in use: the usage line's "Usage:" and the help option's text
    (Click's own English words otherwise); a mixin of the ``makao`` group and of its commands."""

    def get_usage(self, ctx):
        usage = super().get_usage(ctx)
        return usage.replace("Usage:", _("Usage:"), 1).replace("[OPTIONS]", _("[OPTIONS]"), 1).replace(
            "COMMAND [ARGS]...", _("COMMAND [ARGS]..."), 1)

    def get_help_option(self, ctx):
        option = super().get_help_option(ctx)
        if option is not None:
            option.help = _("Show this message and exit.")
        return option

    def parse_args(self, ctx, args):
        """Click's parser raises some usage errors without the command's context (an option
        missing its value: ``--csv`` last): they get this one, so that the line says which
        command's ``--help`` to see, as the others do."""
        try:
            return super().parse_args(ctx, args)
        except typer.TyperException as exc:
            if getattr(exc, "ctx", False) is None:  # a usage error without its context
                exc.ctx = ctx
            raise


class _Command(_Words, TyperCommand):
    """A ``makao`` command (see :class:`_Words`)."""


class _OneLineErrors(_Words, TyperGroup):
    """The ``makao`` command group, whose usage errors (a missing argument, an unknown option, a
    value of the wrong type) are one line on standard error, ``makao: ...``, with exit status 2,
    as every other refusal of the command; not Typer's framed box. The line is in the language in
    use (:func:`usage_error_text`)."""

    def main(self, args=None, prog_name=None, complete_var=None, standalone_mode=True, **extra):
        try:
            code = super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
        except typer.TyperException as exc:
            context = getattr(exc, "ctx", None)
            message = usage_error_text(exc)
            if context is not None:
                message = _("{error}; see '{command} --help'").format(error=message, command=context.command_path)
            typer.echo(f"makao: {message}", err=True)
            code = 2
        except typer.Abort:
            typer.echo("makao: " + _("stopped"), err=True)
            code = 130
        if not standalone_mode:
            return code
        sys.exit(code if isinstance(code, int) else 0)


app = typer.Typer(
    cls=_OneLineErrors,
    add_completion=False,
    invoke_without_command=True,
    no_args_is_help=False,
    help=_("Four card games called Makao / Macao, in the terminal. With no command, opens the app."),
    epilog=_("Every command takes --lang ru|pl|en (Russian, Polish, English); without it the language "
             "comes from LC_ALL, LC_MESSAGES or LANG, else English."),
    context_settings={"help_option_names": ["-h", "--help"]},
)

#: a list's column of deal numbers, of deal counts and of points per deal, by what the games shown
#: call a deal (``GameInfo.deal_word``: Macao's hands); ``""``: games that call it otherwise share
#: the list (see :func:`_deal_heading`)
DEAL_HEADINGS = {
    "deal": (N_("Deal"), N_("Deals"), N_("Pts/deal")),
    "hand": (N_("Hand"), N_("Hands"), N_("Pts/hand")),
    "": (N_("Deal/hand"), N_("Deals/hands"), N_("Pts/deal or hand")),
}


def _deal_heading(games: list[str], which: int) -> str:
    """The heading ``which`` (0: deal number, 1: deal count, 2: points per deal) of
    :data:`DEAL_HEADINGS` for a list of the games ``games`` (ids): the games' own word when they
    share one, else the neutral one ("Deal/hand"); a game this version does not know counts deals."""
    from .games import shared_deal_word

    word = shared_deal_word(games)
    return _(DEAL_HEADINGS.get(word, DEAL_HEADINGS[""])[which])


THINK_HELP = N_("Seconds a hard AI may think about a decision (default 1).")
ASCII_HELP = N_("Draw cards, suits and boxes in plain ASCII (automatic when the locale is not UTF-8).")
PACE_HELP = N_("The table's pause before each AI move: fast, normal (default) or slow.")
#: the themes ``--theme`` takes (``makao_tui.app.themes``; ``auto``: 16 colours where the terminal
#: reports fewer than 256, else the default), written here so that the help does not load Textual
THEME_NAMES = ("auto", "default", "16-colour", "high-contrast")
THEME_HELP = _("Colours: auto (default: 16 colours where the terminal has fewer than 256), default, 16-colour "
               "or high-contrast.")


def _fail(message: str) -> None:
    typer.echo(f"makao: {message}", err=True)
    raise typer.Exit(2)


#: the largest seed, match id or count the commands take (what SQLite stores: a signed 64-bit int)
MAX_NUMBER = 2**63 - 1
#: the most matches ``simulate --games`` plays, and the largest action budget and playout cap
MAX_GAMES, MAX_ACTIONS, MAX_PLAYOUTS = 1_000_000, 100_000_000, 1_000_000


def _bounded(flag: str, value: int | None, low: int, high: int) -> int | None:
    """``value`` if it is None or within ``low``..``high``; else one line and exit status 2."""
    if value is not None and not low <= value <= high:
        _fail(_("{flag} must be from {low} to {high}, not {value}").format(flag=flag, low=low, high=high, value=value))
    return value


def _language(value: str | None) -> None:
    """``--lang`` when it reaches the parser: ``makao`` takes it out of the line before (at any place,
    for every command: :mod:`makao_tui.__main__`), ``python -m makao_tui.cli`` does not."""
    if value is not None:
        from .engine.i18n import LANGUAGES, set_language

        if value not in LANGUAGES:
            _fail(_("unknown language {lang!r} (known: {known})").format(lang=value, known=", ".join(LANGUAGES)))
        set_language(value)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"makao-tui {__version__}")
        raise typer.Exit()


@app.callback()
def main_callback(
    ctx: typer.Context,
    version: bool = typer.Option(False, "--version", callback=_version, is_eager=True,
                                 help=_("Print the version and exit.")),
    lang: str | None = typer.Option(None, "--lang", metavar="ru|pl|en", callback=_language, is_eager=True,
                                    help=_("The language of every word: ru (Russian), pl (Polish) or en "
                                           "(English); default from LC_ALL, LC_MESSAGES or LANG. Every "
                                           "command takes it.")),
    ascii_suits: bool = typer.Option(False, "--ascii", help=_(ASCII_HELP)),
    four_colours: bool = typer.Option(False, "--four-colour",
                                      help=_("A four-colour deck: black spades, red hearts, blue diamonds, green "
                                             "clubs.")),
    think: float | None = typer.Option(None, "--think", help=_(THINK_HELP)),
    pace: str | None = typer.Option(None, "--pace", help=_(PACE_HELP)),
    theme: str | None = typer.Option(None, "--theme", help=THEME_HELP),
) -> None:
    """Open the app when no command is given."""
    if theme is not None and theme not in THEME_NAMES:
        _fail(_("unknown theme '{theme}' (themes: {names})").format(theme=theme, names=", ".join(THEME_NAMES)))
    ctx.obj = {"ascii": ascii_suits, "pace": pace, "four_colours": four_colours, "theme": theme}
    if ctx.invoked_subcommand is None:
        from .app.main import run_app

        run_app(ascii=ascii_suits, thinking=_thinking(think), pace=_pace(ctx, pace), four_colours=four_colours,
                theme=theme)


def _parse_seat(text: str) -> tuple[str, bool, str]:
    """A ``--seat`` value as (name, is_ai, level): ``ai`` (a normal AI), ``ai:LEVEL`` (easy,
    normal or hard) or a human's name."""
    from .ai import DEFAULT_LEVEL, LEVELS
    from .engine.text import clean_name

    t = clean_name(text)  # no control or bidi characters, a length limit
    if not t:
        _fail(_("a --seat needs a name or 'ai'"))
    if t.lower() == "ai":
        return "", True, DEFAULT_LEVEL
    if t.lower().startswith("ai:"):
        level = t[3:].strip().lower()
        if level not in LEVELS:
            _fail(_("unknown AI level {level!r} (levels: {levels})").format(level=level, levels=", ".join(LEVELS)))
        return "", True, level
    return t, False, DEFAULT_LEVEL


#: the longest a hard AI may be given to think about one decision (--think), in seconds
MAX_THINK = 60


def _thinking(think: float | None, playouts: int | None = None):
    """The hard AI's budget from ``--think`` (seconds a decision) or ``--playouts``; one line
    and exit status 2 when either is not positive or both are given. None when neither is given (the default)."""
    from .ai import Thinking

    if think is None and playouts is None:
        return None
    if think is not None and playouts is not None:
        _fail(_("give --think (seconds a decision) or --playouts (playouts a decision), not both"))
    if think is not None and not 0 < think <= MAX_THINK:  # also refuses nan
        _fail(_("--think must be more than 0 and at most {most} seconds, not {think}").format(most=MAX_THINK,
                                                                                            think=think))
    _bounded("--playouts", playouts, 1, MAX_PLAYOUTS)
    return Thinking(seconds=think if playouts is None else None, playouts=playouts)


def _pace(ctx: typer.Context, pace: str | None) -> str:
    """The table's pace from ``--pace`` (the command's own, else the one before the command);
    one line and exit status 2 for an unknown one."""
    from .app.main import PACES

    if pace is None:
        pace = (ctx.obj or {}).get("pace") or "normal"
    if pace.lower() not in PACES:
        _fail(_("--pace is one of {paces}, not {pace!r}").format(paces=", ".join(PACES), pace=pace))
    return pace.lower()


def _game_flags() -> list[OptionFlag]:
    """The flags of ``makao play`` that set a rule option: each game's options say which they
    offer (``option(..., flag=...)``, :func:`~makao_tui.engine.variant.option_flags`)."""
    from .games import all_variants

    return option_flags(all_variants())


_GAME_FLAGS = _game_flags()


def _with_game_flags(command: Any) -> Any:
    """``command`` (``makao play``) taking each of :data:`_GAME_FLAGS` as a Typer option after
    ``--option``, each passed to it by its option's name among its keyword arguments: Typer
    reads a command's options from its signature, which is given the flags here."""
    params = [p for p in inspect.signature(command).parameters.values() if p.kind is not p.VAR_KEYWORD]
    at = [p.name for p in params].index("option") + 1
    flags = [inspect.Parameter(f.option, inspect.Parameter.POSITIONAL_OR_KEYWORD,
                               default=typer.Option(False if f.kind is bool else None, f.flag, help=f.help_words()),
                               annotation=bool if f.kind is bool else f.kind | None)
             for f in _GAME_FLAGS]
    command.__signature__ = inspect.Signature([*params[:at], *flags, *params[at:]])
    return command


@app.command(help=_("Start a match straight away, skipping the menus."))
@_with_game_flags
def play(
    ctx: typer.Context,
    game: str = typer.Argument(..., help=_("The game: makao-ru, makao-pl, macao, peklo.")),
    seat: list[str] = typer.Option([], "--seat",
                                   help=_("A seat: a human's name, 'ai', or 'ai:easy|normal|hard'. Repeat per seat.")),
    seed: int | None = typer.Option(None, "--seed", help=_(
        "Seed of the match (random if omitted). Whoever knows the seed knows every hand, and other users of "
        "this machine can see it in the process list: use it for tests and replays.")),
    preset: str | None = typer.Option(None, "--preset", help=_(PRESET_HELP)),
    option: list[str] = typer.Option([], "--option", help=_(OPTION_HELP)),
    think: float | None = typer.Option(None, "--think", help=_(THINK_HELP)),
    pace: str | None = typer.Option(None, "--pace", help=_(PACE_HELP)),
    ascii_suits: bool = typer.Option(False, "--ascii", help=_(ASCII_HELP)),
    **flags: Any,
) -> None:
    """``makao play GAME``: checks the seats and rule flags (one line and exit status 2 for a bad one),
    then opens the app at a new match. ``flags``: the game flags' values by option name
    (:data:`_GAME_FLAGS`; None or False: not given)."""
    from .engine.variant import RulesError
    from .games import get_variant

    _bounded("--seed", seed, 0, MAX_NUMBER)
    try:
        variant = get_variant(game)
    except RulesError as exc:
        _fail(str(exc))
    from .net.client import default_name

    seats = [_parse_seat(s) for s in seat] or [(default_name(), False, "normal"), ("", True, "normal"),
                                               ("", True, "normal")]
    humans = [name.casefold() for name, is_ai, _level in seats if not is_ai]
    if len(set(humans)) < len(humans):
        _fail(_("two human seats have the same name: give each player a name of their own"))
    flag_of = {f.option: f.flag for f in _GAME_FLAGS}
    given = {name: value for name, value in flags.items() if value is not None and value is not False}
    offered = {f.option for f in option_flags([variant])}
    for name in given:
        if name not in offered:
            _fail(_("{flag} is not an option of {game}").format(flag=flag_of[name], game=variant.title()))
    options = {**_rule_options(variant, preset, option), **given}
    try:
        rules = variant.rules(options)
        variant.check_players(len(seats))
    except RulesError as exc:  # the user typed a flag, not the option's name: the message names the flag
        _fail(exc.naming(flag_of[exc.option]) if exc.option in given else str(exc))
    from .app.main import run_app
    from .table import SeatSpec

    specs = [SeatSpec(name, is_ai, level) for name, is_ai, level in seats]
    run_app(ascii=ascii_suits or bool(ctx.obj and ctx.obj.get("ascii")), variant=variant, rules=rules,
            seats=specs, seed=seed if seed is not None else random.randrange(2**31),
            thinking=_thinking(think), pace=_pace(ctx, pace),
            four_colours=bool(ctx.obj and ctx.obj.get("four_colours")), theme=ctx.obj.get("theme") if ctx.obj else None)


@app.command(help=_("Replay a scenario file through the engine and print the state reached as JSON. "
                    "Exit status 0; 2 when an action is refused (the state before it is printed, with "
                    "\"error\") or when the file is malformed (one line on standard error)."))
def scenario(file: Path = typer.Argument(
        ..., help=_("A scenario file (JSON), as docs/scenarios.md describes."))) -> None:
    """``makao scenario FILE`` (docs/scenarios.md): the JSON of :func:`~makao_tui.engine.scenario.run_scenario`
    on standard output, its status as the exit status."""
    from .engine.scenario import ScenarioError, load_layout, run_scenario
    from .games import variants

    try:
        layout = load_layout(file, variants())
        out, status = run_scenario(layout)
    except ScenarioError as exc:
        _fail(str(exc))
    typer.echo(json.dumps(out))
    raise typer.Exit(status)


@contextmanager
def _saves():
    """The saved-games store (``MAKAO_DATA_DIR`` or the user's data folder) for the block, closed
    after it; None when there is no saved-games file yet (nothing is created to list nothing:
    issue 29). A store error, on opening or in the block (damage found while reading), is one line
    and exit status 2 (:func:`_store_line`)."""
    from .store import StoreError, default_path, open_store

    if not default_path().exists():
        yield None
        return
    try:
        store = open_store()
    except StoreError as exc:
        _fail(_store_line(exc))
    try:
        yield store
    except StoreError as exc:
        _fail(_store_line(exc))
    finally:
        store.close()


def _store_line(exc: Exception) -> str:
    """A store error in one line; a file SQLite cannot read points to ``makao saves --check``."""
    from .store import CorruptStoreError

    if isinstance(exc, CorruptStoreError):
        return _("{error}. `makao saves --check` checks every page and sets a damaged file aside (nothing in "
                 "it is deleted).").format(error=exc)
    return str(exc)


def _set_unreadable_aside() -> bool:
    """``makao saves --check`` on a file SQLite cannot even open (not a database, a damaged first
    page): set it aside and start a new one, as the app does on start (issue 29: the check never
    ends in a traceback), unless another makao session has it open; each case one line. Returns
    whether a file was set aside."""
    from .store import CorruptStoreError, StoreError, default_path, open_store, open_store_or_recover
    from .store.database import refuse_if_open_elsewhere

    path = default_path()
    if not path.exists():
        return False
    try:
        open_store(path).close()
    except CorruptStoreError as exc:
        try:
            refuse_if_open_elsewhere(path, str(exc))
            store, moved = open_store_or_recover(path)
        except StoreError as err:
            _fail(str(err))
        store.close()
        if moved is not None:
            typer.echo(moved)
        return moved is not None
    except StoreError:
        pass  # not damage: the check's opening says what it is
    return False


def _print_table(table) -> None:
    from rich.console import Console

    Console().print(table)


@app.command(help=_("List the unfinished matches: id, game, players, deal, last played; and the damaged "
                    "ones. With --check, exit status 1 when the file or a match in it is damaged."))
def saves(
    check: bool = typer.Option(False, "--check",
                               help=_("Check every page of the file and every match in it, and say why a "
                                    "damaged match cannot be read (slower for a big file).")),
) -> None:
    """``makao saves [--check]``: the store's unfinished matches as a table, its notes, and with
    ``--check`` the report of :meth:`~makao_tui.store.Store.check` (exit status 1 if damaged)."""
    import time

    from rich.table import Table
    from rich.text import Text

    from .store import CorruptStoreError, StoreError, ago, default_path

    set_aside = _set_unreadable_aside() if check else False
    with _saves() as store:
        report = store.check() if check and store is not None else None
        notes = list(store.notes) if store is not None else []
        moved = None
        if report is not None and report.integrity != ["ok"]:  # damaged pages: play goes on in a new file
            reason = _("{path} is damaged ({problem})").format(path=store.path, problem=report.integrity[0])
            try:
                moved = store.set_damaged_aside(reason)
            except StoreError as exc:
                moved = str(exc)
        try:
            rows = store.unfinished() if store is not None else []
            if store is not None and report is None:  # with --check, the damaged matches' reasons follow instead
                damaged = store.damaged()
                if damaged:
                    notes.append(store.damage_note())
                    notes += [_("Match {id} is damaged: {reason}").format(id=m.id, reason=m.damage) for m in damaged]
            notes += store.set_aside_notes() + store.unsaved_notes() if store is not None and moved is None else []
        except CorruptStoreError:
            if report is None:
                raise
            rows = []  # the file could not be set aside: its check says what is wrong
        path = store.path if store is not None else default_path()
    if rows:
        now = time.time()
        table = Table(title=_("Unfinished matches (makao resume ID)"))
        for column, right in ((_("ID"), True), (_("Game"), False), (_("Players"), False),
                              (_deal_heading([m.game for m in rows], 0), True), (_("Last played"), False)):
            table.add_column(column, justify="right" if right else "left")
        for m in rows:
            when = ago(m.updated, now)
            if m.in_use:
                when = _("{when} (open in another session)").format(when=when)
            table.add_row(str(m.id), _(m.game_name), Text(m.players()), str(m.deal), when)
        _print_table(table)
    else:
        typer.echo(_("No unfinished match. `makao play GAME` starts one."))
    for line in notes:
        if line:
            typer.echo(line)
    if check and report is None:
        typer.echo(_("Nothing to check: there is no saved-games file at {path} yet.").format(path=path))
    if report is not None:
        typer.echo(ngettext("Checked {path}: {n} match.", "Checked {path}: {n} matches.", report.matches)
                   .format(path=path, n=report.matches))
        if report.integrity != ["ok"]:
            typer.echo(_("The file is damaged (SQLite's integrity check):"))
            for line in report.integrity[:20]:
                typer.echo(f"  {line}")
        for match_id, reason in report.damaged:
            typer.echo(_("Match {id} is damaged: {reason}").format(id=match_id, reason=reason))
        if moved is not None:
            typer.echo(moved)
        if report.ok and not set_aside:
            typer.echo(_("Every page of the file and every match in it can be read."))
        else:
            raise typer.Exit(1)


@app.command(help=_("Reopen an unfinished match at its table, as it stood after its last action."))
def resume(
    ctx: typer.Context,
    match_id: int | None = typer.Argument(None, metavar="[ID]",
                                          help=_("The match (see `makao saves`); default the last played.")),
    think: float | None = typer.Option(None, "--think", help=_(THINK_HELP)),
    pace: str | None = typer.Option(None, "--pace", help=_(PACE_HELP)),
    ascii_suits: bool = typer.Option(False, "--ascii", help=_(ASCII_HELP)),
) -> None:
    """``makao resume [ID]``: rebuilds the stored match (the last played if no ID) and opens the app
    at it; one line and exit status 2 when it cannot be read."""
    thinking = _thinking(think)
    pace = _pace(ctx, pace)
    from .store import default_path

    with _saves() as store:
        if store is None and match_id is not None:
            _fail(_("no match {id} in {path}").format(id=match_id, path=default_path()))
        if store is None:
            _fail(_("no unfinished match to resume (`makao saves` lists them)"))
        for line in store.take_back_all():  # actions written beside the saves when quitting (issue 29)
            typer.echo(line, err=True)
        if match_id is None:
            unfinished = [m for m in store.unfinished() if not m.in_use]
            if not unfinished:
                _fail(_("no unfinished match to resume (`makao saves` lists them)"))
            match_id = unfinished[0].id
        with store.resume(match_id) as writer:
            writer.saved.rebuild()  # (a match that does not replay is one line, as every store error)
            from .app.main import run_app

            run_app(ascii=ascii_suits or bool(ctx.obj and ctx.obj.get("ascii")), resume=writer,
                    thinking=thinking, pace=pace, four_colours=bool(ctx.obj and ctx.obj.get("four_colours")),
                    theme=ctx.obj.get("theme") if ctx.obj else None)


def _when(seconds: float) -> str:
    import time

    return time.strftime("%Y-%m-%d %H:%M", time.localtime(seconds))


@app.command(help=_("List the finished matches: id, game, players, deals, winners, totals, when, and who "
                    "took moves back or had hints."))
def history() -> None:
    """``makao history``: the store's finished matches as a table (the "Help used" column only
    when someone had help)."""
    from rich.table import Table
    from rich.text import Text

    with _saves() as store:
        rows = store.finished() if store is not None else []
    if not rows:
        typer.echo(_("No finished match yet."))
        return
    table = Table(title=_("Finished matches (makao export ID --csv FILE)"))
    helped = any(m.help_used() for m in rows)  # the column is left out while nobody had help
    columns = [(_("ID"), True), (_("Game"), False), (_("Players"), False),
               (_deal_heading([m.game for m in rows], 1), True), (_("Won by"), False),
               (_("Totals"), False), (_("Finished"), False)] + ([(_("Help used"), False)] if helped else [])
    for column, right in columns:
        table.add_column(column, justify="right" if right else "left")
    for m in rows:
        names = [s.name for s in m.seats]
        won = ", ".join(names[s] for s in m.winners or [])
        totals = ", ".join(f"{n} {t}" for n, t in zip(names, m.totals, strict=False))
        table.add_row(str(m.id), _(m.game_name), Text(m.players()), str(m.deal), Text(won), Text(totals),
                      _when(m.finished), *((Text(m.help_used()),) if helped else ()))
    _print_table(table)


def _csv_rows(match) -> list[list]:
    """A match's finished deals as CSV rows, headers first: the deal's number and dealer (as the
    game calls them: Macao's hands and bankers), the game's columns of the deal, then each seat's
    (``Ann bid``, ``Ann tricks``, ``Ann points``, ``Ann total``...)."""
    variant = match.variant
    header: list[str] | None = None
    rows: list[list] = []
    for deal in match.deals:
        if deal.points is None:
            continue
        common, seats = variant.deal_columns(deal)
        if header is None:
            header = [variant.deal_word, variant.dealer_word, *(name for name, _ in common),
                      *(f"{match.names[s]} {name}" for s, columns in enumerate(seats) for name, _ in columns)]
        rows.append([deal.number, match.names[deal.dealer], *(value for _, value in common),
                     *(value for columns in seats for _, value in columns)])
    return [header or [variant.deal_word, variant.dealer_word], *rows]


@app.command(help=_("Write a match's score sheet as CSV: one row per finished deal (a hand in Macao) with "
                    "the game's own columns (Peklo: bids, tricks, trump; Macao: banker, points, naturals, "
                    "chips) and each player's points and total."))
def export(
    match_id: int = typer.Argument(..., metavar="ID", help=_("The match (see `makao history` or `makao saves`).")),
    csv_file: str = typer.Option(..., "--csv", metavar="FILE",
                                 help=_("The CSV file to write (replaced if it exists); - writes to standard output.")),
) -> None:
    """``makao export ID --csv FILE``: :func:`_csv_rows` of the stored match written to FILE
    (``-``: standard output)."""
    import csv

    from .store import default_path

    with _saves() as store:
        if store is None:
            _fail(_("no match {id} in {path}").format(id=match_id, path=default_path()))
        match = store.load(match_id).rebuild()
    rows = _csv_rows(match)
    if csv_file == "-":
        csv.writer(sys.stdout).writerows(rows)
        return
    try:
        with Path(csv_file).open("w", newline="", encoding="utf-8") as out:
            csv.writer(out).writerows(rows)
    except OSError as exc:
        _fail(_("cannot write {file}: {why}").format(file=csv_file, why=os_reason(exc)))
    deals = len(rows) - 1
    typer.echo(ngettext("Score sheet of match {id} ({n} row) written to {file}.",
                        "Score sheet of match {id} ({n} rows) written to {file}.", deals)
               .format(id=match_id, n=deals, file=csv_file))


def _rule_options(variant, preset: str | None, texts: list[str]) -> dict[str, object]:
    """The option values of ``--preset`` (default ``seed``) with each ``--option NAME=VALUE`` over
    them, checked against ``variant``'s rules config (names, types, ranges:
    makao_tui/rules/makao-pl.en.md#house-rules "Option
    ranges"); one line on standard error and exit status 2 for anything wrong."""
    from .engine.variant import RulesError, parse_option_text

    for text in texts:
        if "=" not in text:
            _fail(_("--option takes NAME=VALUE, not {text!r}").format(text=text))
    try:
        options = variant.preset_options(preset or "seed")
        options.update(parse_option_text(variant.rules_type, text) for text in texts)
        variant.rules(options)
    except RulesError as exc:
        _fail(str(exc))
    return options


@app.command(help=_("Print the game's rules in full (the text of the app's rules screen, as Markdown), then "
                    "the rules in force: the preset they make, then every option of the game with its value, "
                    "the values it takes and its one-line description (* marks a value that differs from the "
                    "seed rules). Exit status 2 on a bad game, preset or option."))
def rules(
    game: str = typer.Argument(..., help=_("The game: makao-ru, makao-pl, macao, peklo.")),
    preset: str | None = typer.Option(None, "--preset", help=_(PRESET_HELP)),
    option: list[str] = typer.Option([], "--option", help=_(OPTION_HELP)),
) -> None:
    """``makao rules GAME``: the game's rules in full (``makao_tui/rules/GAME.LANG.md``, as the
    app's rules screen shows them), then its options (makao_tui/rules/makao-pl.en.md#house-rules) under ``--preset`` and
    ``--option``, one option a line with its label and description, all in the language in use."""
    from .app.rules_book import rules_markdown
    from .engine.variant import (
        RulesError,
        describe_option,
        option_description,
        option_fields,
        option_label,
        option_value_text,
        preset_name,
    )
    from .games import get_variant

    try:
        variant = get_variant(game)
    except RulesError as exc:
        _fail(str(exc))
    config = variant.rules(_rule_options(variant, preset, option))
    typer.echo(rules_markdown(variant))
    seed = variant.rules(preset="seed")
    same = [name for name in variant.presets if name != "seed" and variant.rules(preset=name) == seed]
    typer.echo(_("{game} ({id}): {rules}").format(game=variant.title(), id=variant.id,
                                                  rules=preset_name(variant.preset_of(config))))
    presets = ", ".join(_("{preset} (the same as seed)").format(preset=name) if name in same else name
                        for name in variant.presets)
    typer.echo(_("Presets: {presets}; change one option with --option NAME=VALUE; * differs from the seed "
                 "rules.").format(presets=presets))
    for f in option_fields(variant.rules_type):
        value = getattr(config, f.name)
        mark = "*" if value != getattr(seed, f.name) else " "
        typer.echo(f"{mark} {f.name} = {option_value_text(value)}  ({describe_option(f)})")
        typer.echo(f"    {option_label(f)}: {option_description(f)}")


def _simulation_table(figures: dict):
    """The rich table of a :meth:`makao_tui.sim.SimResult.figures` dict."""
    from rich.table import Table

    from .engine.variant import level_name
    from .games import game_info, get_variant

    game = figures["game"]
    measures = get_variant(game).seat_measures
    finished, capped = figures["finished"], figures["capped"]
    table = Table(title=ngettext("{game}: {n} AI match, seed {seed}", "{game}: {n} AI matches, seed {seed}",
                                 figures["games"]).format(game=game_info(game).title(), n=figures["games"],
                                                          seed=figures["seed"]))
    for column, left in ((_("Seat"), False), (_("Level"), True), (_("Name"), True), (_("Wins"), False),
                         (_("Win %"), False), (_("95 % CI"), False), (_deal_heading([game], 2), False)):
        table.add_column(column, justify="left" if left else "right")
    for measure in measures:
        table.add_column(_(measure.heading), justify="right")
    for row in figures["seats"]:
        ci = row["win_rate_95"]
        cells = [str(row["seat"] + 1), level_name(row["level"]), row["name"], f"{row['wins']}/{finished}",
                 number(100 * row["win_rate"], 1) if finished else "-",
                 f"{number(100 * ci[0], 1)}–{number(100 * ci[1], 1)}" if ci else "-",
                 number(row["points_per_deal"], 2, sign=True) if row["points_per_deal"] is not None else "-"]
        for measure in measures:
            value = row[measure.key]
            cells.append("-" if value is None else
                         number(100 * value if measure.percent else value, measure.digits, sign=measure.sign))
        table.add_row(*cells)
    notes = [ngettext("{n} finished", "{n} finished", finished).format(n=finished) + ", "
             + ngettext("{n} capped at {most} actions", "{n} capped at {most} actions", capped).format(
                 n=capped, most=figures["max_actions"])
             + (_(" (no winner counted; their finished deals count)") if capped else ""),
             ngettext("{n} action in all", "{n} actions in all", figures["actions"]).format(n=figures["actions"])]
    if any(row["shared_wins"] for row in figures["seats"]):
        notes.append(_("a tie for the best total counts as a win for each tied seat"))
    if figures["options"]:
        given = ", ".join(f"{k}={v}" for k, v in figures["options"].items())
        notes.append(_("options: {options}").format(options=given))
    table.caption = "; ".join(notes)
    return table


@app.command(help=_("Play AI-only matches headless and print each seat's wins (95 % interval), points per "
                    "deal, exact-bid rate (Peklo) and chips per hand (Macao). Exit status 2 on a bad game, "
                    "level or option."))
def simulate(
    game: str = typer.Argument(..., help=_("The game: makao-ru, makao-pl, macao, peklo.")),
    seats: str = typer.Option("normal,normal,normal", "--seats",
                              help=_("One AI level per seat (easy, normal, hard), comma-separated "
                                     "(e.g. hard,normal).")),
    games: int = typer.Option(100, "--games", help=_("Number of matches.")),
    seed: int = typer.Option(0, "--seed", help=_("Seed of the run; the same seed gives the same figures.")),
    preset: str | None = typer.Option(None, "--preset", help=_(PRESET_HELP)),
    option: list[str] = typer.Option([], "--option", help=_(OPTION_HELP)),
    max_actions: int = typer.Option(
        200_000, "--max-actions",
        help=_("Action budget of one match; a longer match is stopped and reported as capped.")),
    think: float | None = typer.Option(None, "--think", help=_(THINK_HELP)),
    playouts: int | None = typer.Option(
        None, "--playouts",
        help=_("Playouts a hard AI may run per decision; alone, a run no longer depends on the clock.")),
    as_json: bool = typer.Option(False, "--json",
                                 help=_("Print one JSON object instead of the table (no progress bar).")),
) -> None:
    """``makao simulate GAME``: :func:`makao_tui.sim.simulate` with a progress bar on standard error,
    then :func:`_simulation_table` (or, with ``--json``, its figures with English keys)."""
    from .engine.variant import RulesError
    from .games import get_variant
    from .sim import SimulationError, check
    from .sim import simulate as run

    _bounded("--seed", seed, 0, MAX_NUMBER)
    _bounded("--games", games, 1, MAX_GAMES)
    _bounded("--max-actions", max_actions, 1, MAX_ACTIONS)
    try:
        variant = get_variant(game)
    except RulesError as exc:
        _fail(str(exc))
    levels = [level.strip().lower() for level in seats.split(",")]
    options = _rule_options(variant, preset, option)

    try:
        check(variant, options, levels, games, max_actions)
    except (RulesError, SimulationError) as exc:
        _fail(str(exc))
    thinking = _thinking(think, playouts)
    if as_json:
        typer.echo(json.dumps(run(variant, options, levels, games, seed, max_actions,
                                  thinking=thinking).figures()))
        return
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                  console=Console(stderr=True), transient=True) as bar:
        task = bar.add_task(_("{game}: matches").format(game=variant.title()), total=games)
        result = run(variant, options, levels, games, seed, max_actions,
                     lambda done: bar.update(task, completed=done), thinking)
    _print_table(_simulation_table(result.figures()))


register_tables(app)
register_serve(app)
for _registered in app.registered_commands:  # every command's usage line and --help in the language in use
    if _registered.cls in (None, TyperCommand):
        _registered.cls = _Command


def _help_words() -> None:
    """Typer's own words in its help panels in the language in use (Typer looks them up with the
    standard library's gettext once, when it draws help first; the ``makao`` command's language
    is ours, not the C library's)."""
    from typer import rich_utils

    rich_utils.ARGUMENTS_PANEL_TITLE = _("Arguments")
    rich_utils.OPTIONS_PANEL_TITLE = _("Options")
    rich_utils.COMMANDS_PANEL_TITLE = _("Commands")
    rich_utils.REQUIRED_LONG_STRING = _("[required]")
    rich_utils.DEFAULT_STRING = _("[default: {}]")
    for kind in (TyperArgument, TyperOption):
        if not getattr(kind.display_type_rich, "_words", False):
            kind.display_type_rich = _typed_words(kind.display_type_rich)  # type: ignore[method-assign]


#: Typer's type names in the help (``<int>``, ``<list[str]>``) as the words a player reads; a switch
#: (``<bool>``) shows none: it takes no value
_TYPE_WORDS = {"int": N_("NUMBER"), "float": N_("NUMBER"), "str": N_("TEXT"), "list[str]": N_("TEXT"),
               "path": N_("FILE"), "file": N_("FILE"), "list[int]": N_("NUMBER")}


def _typed_words(display: Any) -> Any:
    """``display`` (Typer's ``display_type_rich``) saying its type in the language in use."""
    def words(self: Any, ctx: Any) -> str | None:
        shown = display(self, ctx)
        if not isinstance(shown, str) or not (shown.startswith("<") and shown.rstrip(".").endswith(">")):
            return shown  # a metavar or the choices (fast|normal|slow): as written
        bare = shown.rstrip(".")[1:-1]
        if bare == "bool":
            return None
        word = _TYPE_WORDS.get(bare)
        return shown if word is None else _(word) + shown[len(bare) + 2:]

    words._words = True  # type: ignore[attr-defined]
    return words


def main() -> None:
    """Console-script entry point (also ``python -m makao_tui.cli``, which names itself makao too)."""
    _help_words()
    app(prog_name="makao")


if __name__ == "__main__":
    main()
