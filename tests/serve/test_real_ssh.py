"""The SSH door with the real OpenSSH client, where it is installed (issue 17 item 1): two players
log in with their own keys on terminals of their own and land on the app's start screen; a
third with another key under a claimed name reads the refusal; ``ssh host command`` is refused."""

from __future__ import annotations

import asyncio
import os
import shutil
import subprocess

import pytest

from makao_tui.serve.pty import AppProcess

from .util import HANG, REAL_APP, make_door, run

SSH = shutil.which("ssh")
pytestmark = pytest.mark.skipif(SSH is None or shutil.which("ssh-keygen") is None,
                                reason="the OpenSSH client is not installed")


def keygen(path) -> str:
    subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", str(path)], check=True)
    return str(path)


def ssh_args(port: int, key: str, user: str, *more: str) -> list[str]:
    return [SSH or "ssh", "-p", str(port), "-i", key, "-o", "IdentitiesOnly=yes", "-o", "StrictHostKeyChecking=no",
            "-o", "UserKnownHostsFile=/dev/null", "-o", "BatchMode=yes", "-o", "LogLevel=INFO", "-t",
            f"{user}@127.0.0.1", *more]


async def screen_until(terminal: AppProcess, needle: str, seen: list[str]) -> None:
    loop = asyncio.get_running_loop()
    end = loop.time() + HANG
    while needle not in "".join(seen):
        if loop.time() > end:
            raise AssertionError(f"never saw {needle!r}: {''.join(seen)[-1500:]!r}")
        chunk = await asyncio.wait_for(terminal.read(), HANG)
        if not chunk:
            raise AssertionError(f"ssh ended before {needle!r}: {''.join(seen)[-1500:]!r}")
        seen.append(chunk.decode("utf-8", "replace"))


async def finish(terminal: AppProcess) -> int | None:
    """Read what ``terminal`` still shows until its ssh ends (a full terminal would hold it), then
    its exit status."""
    while await asyncio.wait_for(terminal.read(), HANG):
        pass
    status = await asyncio.wait_for(terminal.wait(), HANG)
    terminal.close()
    return status


def test_two_players_with_the_real_ssh_client_land_on_the_start_screen(tmp_path):
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": str(tmp_path), "TERM": "xterm-256color"}

    async def body():
        door = make_door(tmp_path / "serve", command=REAL_APP)
        await door.start()
        ann, bo = keygen(tmp_path / "ann"), keygen(tmp_path / "bo")
        terminals = []
        for key, user in ((ann, "ann"), (bo, "bo")):
            terminal = AppProcess.start(ssh_args(door.port, key, user), env, str(tmp_path), 80, 24)
            seen: list[str] = []
            await screen_until(terminal, "Peklo", seen)
            terminals.append(terminal)
        late = AppProcess.start(ssh_args(door.port, bo, "ann"), env, str(tmp_path), 80, 24)
        seen = []
        await screen_until(late, "belongs to another player's key", seen)
        assert await finish(late) == 255
        command = AppProcess.start(ssh_args(door.port, ann, "ann", "id"), env, str(tmp_path), 80, 24)
        seen = []
        await screen_until(command, "ran no command", seen)
        assert await finish(command) == 1
        for terminal in terminals:
            await terminal.write(b"q")
            assert await finish(terminal) == 0
        await door.stop("test over")

    run(body())
