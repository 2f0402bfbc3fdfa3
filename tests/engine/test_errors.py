"""One error root (issue 28 item 5): every error a user can meet derives from MakaoError, carries its
exit status and its one line, and the ``makao`` command turns any of them into ``makao: <line>`` and
that status in one place (makao_tui/cli.py ``error_line``, the command group's ``main``)."""

from __future__ import annotations

import typer
from typer.testing import CliRunner

from makao_tui.cli import app
from makao_tui.engine.errors import MakaoError
from makao_tui.engine.scenario import ScenarioError
from makao_tui.engine.state import IllegalAction
from makao_tui.engine.variant import RulesError
from makao_tui.net.client import ConnectError
from makao_tui.net.daemon import SpawnError
from makao_tui.net.places import TablesDirError
from makao_tui.net.server import ServerError
from makao_tui.serve.players import PlayerRefused
from makao_tui.sim import SimulationError
from makao_tui.store import CorruptStoreError, StoreError
from makao_tui.table.lesson import LessonError
from makao_tui.table.service import TableError


def test_every_error_a_user_can_meet_has_the_one_root():
    for error in (RulesError, ScenarioError, IllegalAction, SimulationError, StoreError, CorruptStoreError,
                  LessonError, TableError, SpawnError, TablesDirError, ConnectError, ServerError, PlayerRefused):
        assert issubclass(error, MakaoError), error
        assert error.exit_status == 2
    # what callers caught them as before still catches them
    assert issubclass(RulesError, ValueError) and issubclass(ScenarioError, ValueError)
    assert issubclass(TablesDirError, OSError)


class _Tired(MakaoError):
    exit_status = 3

    def line(self) -> str:
        return "the dealer is tired"


def test_the_command_says_any_makao_error_in_one_line_with_its_status():
    command = typer.Typer()

    @command.command()
    def deal() -> None:
        raise _Tired("not this line")

    @command.command()
    def shuffle() -> None:
        raise RulesError("no such game")

    app.registered_commands.extend(command.registered_commands)
    try:
        result = CliRunner().invoke(app, ["deal"])
        assert (result.exit_code, result.stderr) == (3, "makao: the dealer is tired\n")
        result = CliRunner().invoke(app, ["shuffle"])
        assert (result.exit_code, result.stderr) == (2, "makao: no such game\n")
    finally:
        del app.registered_commands[-2:]
