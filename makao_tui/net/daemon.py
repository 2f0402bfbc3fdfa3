"""Starting a table server that outlives the host's terminal.

:func:`spawn` starts ``python -m makao_tui.net.daemon`` in a session of its own (``setsid``: no
controlling terminal, so closing the host's terminal or dropping its SSH connection does not
hang it up). Its config comes on standard input (JSON), never in its arguments or environment,
which every user of the box can read (``ps``); then standard input is /dev/null. Its output is
appended to
``server_dir()/server.log`` (user-only), in ``/``, with umask 077. The server says on a pipe
when it listens (``ready CODE``) or why it cannot start (``error REASON``); :func:`spawn` waits
for that line and returns the code or raises.
"""

from __future__ import annotations

import contextlib
import logging
import os
import subprocess
import sys

import msgspec

from ..engine.errors import MakaoError
from ..engine.i18n import _, os_reason
from . import places
from .server import HostConfig, ServerError, TableServer, run_server

#: seconds ``makao host`` waits for its server to listen
READY_TIMEOUT_S = 30.0


class SpawnError(MakaoError):
    """The server could not be started: the reason in one line."""


def log_path() -> os.PathLike:
    """The servers' log file of this user."""
    return places.server_dir() / "server.log"


def spawn(config: HostConfig) -> str:
    """Start a detached table server for ``config``; its join code once it listens. Raises
    :class:`SpawnError` with the server's own reason when it cannot start."""
    read_end, write_end = os.pipe()
    try:
        log = open(log_path(), "ab")  # noqa: SIM115 (handed to the child)
        os.chmod(log_path(), 0o600)
    except OSError as exc:
        raise SpawnError(_("cannot write the server's log {path}: {error}").format(path=log_path(),
                                                                                  error=os_reason(exc))) from None
    with log:
        env = {**os.environ, "MAKAO_READY_FD": str(write_end)}
        try:
            server = subprocess.Popen([sys.executable, "-m", "makao_tui.net.daemon"], stdin=subprocess.PIPE,
                                      stdout=log, stderr=log, pass_fds=(write_end,), start_new_session=True,
                                      close_fds=True, cwd="/", env=env)
        except OSError as exc:
            os.close(read_end)
            raise SpawnError(_("cannot start the table server: {error}").format(error=os_reason(exc))) from None
        finally:
            os.close(write_end)
        assert server.stdin is not None
        with contextlib.suppress(BrokenPipeError), server.stdin:  # a server that died says so below
            server.stdin.write(msgspec.json.encode(config))
    with os.fdopen(read_end, "rb") as ready:
        line = ready.readline().decode("utf-8", "replace").strip()
    word, _sep, rest = line.partition(" ")
    if word == "ready" and places.valid_code(rest):
        return rest
    if word == "error":
        raise SpawnError(rest)
    raise SpawnError(f"the table server did not start (see {log_path()})")


def main() -> int:
    """The daemon's body: run the server of the config on standard input (JSON; read to its
    end, then standard input is /dev/null)."""
    os.umask(0o077)
    logging.basicConfig(level=logging.INFO, stream=sys.stderr,
                        format=f"%(asctime)s [{os.getpid()}] %(name)s: %(message)s")
    fd = int(os.environ.pop("MAKAO_READY_FD", "-1"))
    pending = [os.fdopen(fd, "w")] if fd >= 0 else []

    def tell(line: str) -> None:
        """Say ``line`` to ``makao host`` (the first time only)."""
        while pending:
            with contextlib.suppress(OSError), pending.pop() as report:
                report.write(line + "\n")

    def ready(server: TableServer) -> None:
        tell(f"ready {server.code}")

    raw = sys.stdin.buffer.read()
    with open(os.devnull, "rb") as nothing:
        os.dup2(nothing.fileno(), 0)
    try:
        config = msgspec.json.decode(raw, type=HostConfig)
        return run_server(config, ready)
    except (ServerError, places.TablesDirError, msgspec.DecodeError) as exc:  # (a ValidationError is one)
        logging.getLogger("makao.server").error("cannot start: %s", exc)
        tell(f"error {exc}")
        return 2
    finally:
        tell("error the table server stopped before it listened")


if __name__ == "__main__":
    sys.exit(main())
