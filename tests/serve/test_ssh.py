"""The SSH door of ``makao serve`` against asyncssh clients, on port 0 with a host key made for the
test (issue 17 item 1): logging in, the lobby, the player's identity, refusals, limits, hang-up."""

from __future__ import annotations

import asyncio
import json
import logging
import os
import socket
import stat

import asyncssh
import pytest

from makao_tui.net.identity import ENV, ERROR_LOG_ENV
from makao_tui.serve.ssh import SSHLimits

from .util import (
    REAL_APP,
    Screen,
    alive,
    check_connections_per_key,
    connect,
    make_door,
    new_key,
    refused,
    run,
    session,
    until,
)


@pytest.fixture
def caplog_info(caplog):
    caplog.set_level(logging.INFO, logger="makao.serve")
    return caplog


def test_a_player_logs_in_with_a_key_and_lands_on_the_apps_start_screen(tmp_path):
    async def body():
        door = make_door(tmp_path / "serve", command=REAL_APP)
        await door.start()
        key = new_key()
        conn, _ = await connect(door, "Alice", key)
        process = await session(conn, 80, 24)
        screen = Screen(process)
        await screen.until("Russian Makao")
        await screen.until("Peklo")
        process.stdin.write(b"q")  # the start screen's quit: the app ends, so does the session
        await asyncio.wait_for(process.wait_closed(), 60)
        assert process.exit_status == 0
        conn.close()
        await door.stop("test over")
        claims = json.loads((tmp_path / "serve" / "keys.json").read_text())
        assert claims["alice"]["fingerprint"] == key.get_fingerprint("sha256")
        for private in ("keys.json", "ssh_host_ed25519_key"):
            assert stat.S_IMODE((tmp_path / "serve" / private).stat().st_mode) == 0o600

    run(body())


def test_the_app_gets_the_players_identity_folder_terminal_and_size_and_follows_resizes(tmp_path):
    async def body():
        door = make_door(tmp_path / "serve")
        await door.start()
        key = new_key()
        conn, _ = await connect(door, "  Zoë   Bartholomew-the-Magnificent ", key)
        process = await session(conn, 100, 30, term="screen-256color")
        screen = Screen(process)
        text = await screen.until("env ")
        assert "term screen-256color size 100x30" in text
        player = json.loads(text.split("player ", 1)[1].split("\r\n", 1)[0])
        assert player == {"door": "ssh", "name": "Zoë Bartholomew-the…", "key": key.get_fingerprint("sha256")}
        folder = text.split("data ", 1)[1].split(" env", 1)[0]
        assert folder.startswith(str(tmp_path / "serve" / "players" / "ssh"))
        assert stat.S_IMODE(os.stat(folder).st_mode) == 0o700
        names = text.split(" env ", 1)[1].split("\r\n", 1)[0].split(",")
        assert set(names) <= {"PATH", "PYTHONPATH", "MAKAO_TABLES_DIR", "VIRTUAL_ENV", "TZ", "TERM", "LANG",
                              "HOME", "MAKAO_DATA_DIR", ENV, ERROR_LOG_ENV, "LC_CTYPE"}
        process.change_terminal_size(120, 40)
        await screen.until("size 120x40")
        process.stdin.write(b"q")
        await asyncio.wait_for(process.wait_closed(), 60)
        conn.close()
        await door.stop("test over")

    run(body())


def test_another_key_for_a_claimed_name_is_refused_clearly_the_owner_comes_back(tmp_path, caplog_info):
    async def body():
        door = make_door(tmp_path / "serve", guests=True)
        await door.start()
        alice = new_key()
        conn, _ = await connect(door, "alice", alice)
        conn.close()
        banners = await refused(door, "ALICE", new_key())
        assert any("belongs to another player's key" in b for b in banners)
        banners = await refused(door, "guest-zed", new_key())
        assert any("for players without a key" in b for b in banners)
        conn, _ = await connect(door, "Alice", alice)  # the owner, whatever the case
        conn.close()
        await door.stop("test over")
        door = make_door(tmp_path / "serve")  # the claim outlives the server
        await door.start()
        assert any("belongs to another" in b for b in await refused(door, "alice", new_key()))
        await door.stop("test over")

    run(body())
    assert "refused: the name 'alice' belongs to another player's key" in caplog_info.text


def test_keyless_players_come_in_as_guests_only_with_guests(tmp_path):
    async def body():
        door = make_door(tmp_path / "serve")
        await door.start()
        banners = await refused(door, "carol", None)
        assert any("by their SSH key" in b and "ssh-keygen" in b for b in banners)
        await door.stop("test over")
        door = make_door(tmp_path / "serve", guests=True)
        await door.start()
        one, _ = await connect(door, "carol", None)
        two, _ = await connect(door, "carol", None)
        names = []
        for conn in (one, two):
            screen = Screen(await session(conn))
            text = await screen.until("env ")
            names.append(json.loads(text.split("player ", 1)[1].split("\r\n", 1)[0]))
        assert names == [{"door": "ssh", "name": "guest-carol", "key": None},
                         {"door": "ssh", "name": "guest-carol-2", "key": None}]
        one.close()
        two.close()
        await door.stop("test over")

    run(body())


def test_only_listed_keys_come_in_with_allow_keys(tmp_path):
    from makao_tui.serve.players import AllowedKeys

    listed, other = new_key(), new_key()
    path = tmp_path / "authorized_keys"
    path.write_bytes(b"# friends\n" + listed.export_public_key())
    (tmp_path / "bad").write_text("not a key\n")
    with pytest.raises(ValueError, match="not an authorized_keys file"):
        AllowedKeys(tmp_path / "bad")

    async def body():
        door = make_door(tmp_path / "serve", allowed=AllowedKeys(path))
        await door.start()
        assert any("not on this server's list" in b for b in await refused(door, "dan", other))
        conn, _ = await connect(door, "dan", listed)
        conn.close()
        await door.stop("test over")

    run(body())


def test_commands_file_transfer_forwarding_and_no_terminal_are_refused_and_logged(tmp_path, caplog_info):
    async def body():
        door = make_door(tmp_path / "serve")
        await door.start()
        conn, _ = await connect(door, "eve", new_key())
        result = await conn.run("cat /etc/passwd", encoding=None)
        assert result.exit_status == 1 and b"ran no command" in result.stderr and not result.stdout
        with pytest.raises((asyncssh.ChannelOpenError, asyncssh.SFTPError, OSError)):
            await conn.start_sftp_client()
        with pytest.raises(asyncssh.ChannelOpenError):
            await conn.open_connection("127.0.0.1", 22)
        with pytest.raises(asyncssh.ChannelListenError):
            await conn.forward_remote_port("127.0.0.1", 0, "127.0.0.1", 22)
        result = await conn.run(term_type=None, encoding=None)  # a shell without a terminal
        assert result.exit_status == 1 and b"needs a terminal" in result.stderr
        screen = Screen(await session(conn))  # the same connection still plays
        await screen.until("ready")
        second = await conn.run(term_type="xterm", encoding=None)
        assert b"one game per connection" in second.stderr
        conn.close()
        await door.stop("test over")

    run(body())
    text = caplog_info.text
    for logged in ("refused: ran no command ('cat /etc/passwd')", "refused the sftp subsystem",
                   "refused forwarding to 127.0.0.1:22", "refused forwarding from its port",
                   "refused: the makao app needs a terminal"):
        assert logged in text


def test_a_megabyte_line_is_cut_and_the_session_goes_on(tmp_path, caplog_info):
    async def body():
        door = make_door(tmp_path / "serve", limits=SSHLimits(input_run=4096))
        await door.start()
        conn, _ = await connect(door, "frank", new_key())
        process = await session(conn)
        screen = Screen(process)
        await screen.until("env ")
        process.stdin.write(b"x" * (1 << 20) + b"\r")
        await screen.until("line ")
        assert "line 4096\r\n" in screen.text
        process.stdin.write(b"\x1b[<0;10;5M" * 2000 + b"ok\r")  # mouse reports: escapes end runs
        await screen.until("line 20002")
        process.stdin.write(b"q")
        await asyncio.wait_for(process.wait_closed(), 60)
        conn.close()
        await door.stop("test over")

    run(body())
    assert caplog_info.text.count("without a line end: the rest of it dropped") == 1


def test_connections_over_the_limits_are_refused_and_the_server_goes_on(tmp_path, caplog_info):
    async def body():
        door = make_door(tmp_path / "serve", limits=SSHLimits(connections=8, per_key=2, login_s=60))
        await door.start()
        crowd = []
        for _ in range(100):
            sock = socket.create_connection(("127.0.0.1", door.port))
            sock.setblocking(False)
            crowd.append(sock)
        await until(lambda: len(door.logins) == 8 and "connections already" in caplog_info.text)
        for sock in crowd:
            sock.close()
        await until(lambda: not door.logins)
        await check_connections_per_key(door)
        await door.stop("test over")

    run(body())


def test_clients_that_hang_up_mid_handshake_are_logged_and_the_server_goes_on(tmp_path, caplog_info):
    kexinit = b"\x00\x00\x01\x0c\x0a\x14" + bytes(16)  # the start of a key exchange, cut short

    async def body():
        door = make_door(tmp_path / "serve")
        await door.start()
        for sent in (b"", b"SSH-2.0-gone\r\n", b"SSH-2.0-gone\r\n" + kexinit):
            reader, writer = await asyncio.open_connection("127.0.0.1", door.port)
            assert (await reader.readline()).startswith(b"SSH-2.0-")
            writer.write(sent)
            await writer.drain()
            writer.transport.abort()  # gone, without a word more
        await until(lambda: not door.logins and caplog_info.text.count("dropped before logging in") == 3)
        conn, _ = await connect(door, "olga", new_key())  # the server goes on
        screen = Screen(await session(conn))
        await screen.until("ready")
        conn.close()
        await door.stop("test over")

    run(body())


def test_a_login_not_done_in_time_is_dropped(tmp_path):
    async def body():
        door = make_door(tmp_path / "serve", limits=SSHLimits(login_s=0.5))
        await door.start()
        reader, writer = await asyncio.open_connection("127.0.0.1", door.port)
        assert (await reader.readline()).startswith(b"SSH-2.0-")  # the server's greeting, then silence
        await asyncio.wait_for(reader.read(), 60)  # the server closes the connection
        writer.close()
        await until(lambda: not door.logins)
        await door.stop("test over")

    run(body())


def test_a_dropped_connection_ends_its_apps_processes_even_a_stubborn_one(tmp_path, caplog_info):
    async def body():
        for stubborn in (False, True):
            command = (*make_door(tmp_path).config.command, *(("--stubborn",) if stubborn else ()))
            door = make_door(tmp_path / "serve", command=command)
            await door.start()
            conn, _ = await connect(door, f"hank{int(stubborn)}", new_key())
            screen = Screen(await session(conn))
            text = await screen.until("env ")
            pid, helper = (int(w) for w in text.split("ready pid ", 1)[1].split()[:3:2])
            assert alive(pid) and alive(helper)
            conn.abort()  # the network is gone
            await until(lambda pid=pid, helper=helper, door=door: not alive(pid) and not alive(helper)
                        and not door.sessions)
            await door.stop("test over")

    run(body())
    assert "ended (killed)" in caplog_info.text  # the stubborn one, after the grace


def test_an_idle_session_is_closed_with_a_word_to_the_player(tmp_path):
    async def body():
        door = make_door(tmp_path / "serve", limits=SSHLimits(idle_s=0.5))
        await door.start()
        conn, _ = await connect(door, "ida", new_key())
        process = await session(conn)
        screen = Screen(process)
        await screen.until("without a key pressed")
        await asyncio.wait_for(process.wait_closed(), 60)
        conn.close()
        await door.stop("test over")

    run(body())


def test_stopping_the_server_tells_every_player_and_ends_their_apps(tmp_path):
    async def body():
        door = make_door(tmp_path / "serve")
        await door.start()
        players = []
        for name in ("jan", "kim"):
            conn, _ = await connect(door, name, new_key())
            process = await session(conn)
            screen = Screen(process)
            text = await screen.until("env ")
            players.append((conn, process, screen, int(text.split("ready pid ", 1)[1].split()[0])))
        await door.stop("the server stopped: your match is saved")
        for conn, _, screen, pid in players:
            await screen.until("makao: the server stopped: your match is saved")
            assert not alive(pid)
            conn.close()
        with pytest.raises(OSError):
            await connect(door, "late", new_key())

    run(body())
