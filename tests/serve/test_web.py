"""The web door of ``makao serve`` (issue 17 item 2): the page and its websocket come up on port 0,
and the websocket carries the app's start screen, played by a guest of the web door, or by the
player an authenticating proxy names in its header."""

from __future__ import annotations

import asyncio
import gc
import struct
from pathlib import Path

import aiohttp
import pytest

from makao_tui.serve.web import WebDoor, header_name, player_env

from .browser import BROWSER, screenshot
from .util import HANG


async def start_screen(client: aiohttp.ClientSession, url: str, headers: dict[str, str] | None = None) -> None:
    """Open the websocket and read until the app's start screen shows."""
    async with client.ws_connect(f"{url}ws?width=80&height=24", headers=headers) as ws:
        seen = b""

        async def read() -> None:
            nonlocal seen
            async for message in ws:
                if message.type in (aiohttp.WSMsgType.BINARY, aiohttp.WSMsgType.TEXT):
                    data = message.data
                    seen += data if isinstance(data, bytes) else data.encode()
                if b"Peklo" in seen:
                    return

        await asyncio.wait_for(read(), HANG)


def children() -> set[int]:
    """This process's child processes."""
    return {int(pid) for task in Path("/proc/self/task").iterdir() for pid in (task / "children").read_text().split()}


# an error raised in a finalizer (an app process's pipes collected after the loop closed) fails these
@pytest.mark.filterwarnings("error::pytest.PytestUnraisableExceptionWarning")
def test_the_page_and_its_websocket_come_up_with_the_apps_start_screen(tmp_path):
    async def body():
        door = WebDoor("127.0.0.1", 0, tmp_path / "serve")
        await door.start()
        assert door.port and door.url == f"http://127.0.0.1:{door.port}/"
        async with aiohttp.ClientSession() as client:
            async with client.get(door.url) as page:
                html = await page.text()
                assert page.status == 200 and "/ws" in html
            await start_screen(client, door.url, {"X-Forwarded-User": "mallory"})  # no header asked for: a guest
        await door.stop()
        assert children() <= before  # the browser's app process has ended with its websocket
        folders = [p.name for p in (tmp_path / "serve" / "players" / "web").iterdir()]
        assert len(folders) == 1 and folders[0].startswith("guest-")

    before = children()
    asyncio.run(body())
    gc.collect()  # nothing of the app process is left for the collector


@pytest.mark.filterwarnings("error::pytest.PytestUnraisableExceptionWarning")
def test_behind_a_proxy_the_header_it_sets_names_the_web_player(tmp_path):
    async def body():
        door = WebDoor("127.0.0.1", 0, tmp_path / "serve", user_header="X-Forwarded-User")
        await door.start()
        async with aiohttp.ClientSession() as client:
            await start_screen(client, door.url, {"X-Forwarded-User": "Alice"})
            await start_screen(client, door.url)  # the proxy named nobody: a guest
        await door.stop()
        folders = sorted(p.name for p in (tmp_path / "serve" / "players" / "web").iterdir())
        assert len(folders) == 2 and folders[0].startswith("alice-") and folders[1].startswith("guest-")

    asyncio.run(body())


@pytest.mark.skipif(BROWSER is None, reason="no headless browser installed (Debian: chromium-headless-shell)")
@pytest.mark.filterwarnings("error::pytest.PytestUnraisableExceptionWarning")
def test_a_headless_browser_draws_the_apps_start_screen_and_takes_its_picture(tmp_path):
    async def body():
        door = WebDoor("127.0.0.1", 0, tmp_path / "serve")
        await door.start()
        try:
            assert await asyncio.to_thread(screenshot, door.url, tmp_path / "lobby.png", tmp_path / "browser")
        finally:
            await door.stop()

    asyncio.run(body())
    png = (tmp_path / "lobby.png").read_bytes()
    assert png.startswith(b"\x89PNG") and struct.unpack(">II", png[16:24]) == (1100, 720)


def test_a_proxys_name_is_cleaned_and_never_a_guests():
    assert header_name("  Zoë\x1b[31m  Smith ") == "Zoë [31m Smith"
    assert header_name("guest-1234") is None and header_name("") is None and header_name(None) is None
    assert header_name("\u202e\u200b") is None


def test_a_web_player_is_a_guest_with_a_folder_of_their_own(tmp_path):
    env, folder = player_env({"MAKAO_SERVE_DIR": str(tmp_path), "TEXTUAL_DRIVER": "web", "COLUMNS": "80",
                              "SECRET": "x", "PATH": "/usr/bin"}, "guest-1234")
    assert folder.parent == tmp_path / "players" / "web" and folder.is_dir()
    assert env["MAKAO_DATA_DIR"] == str(folder) and env["TEXTUAL_DRIVER"] == "web" and "SECRET" not in env
    assert env["MAKAO_DOOR_PLAYER"] == '{"door":"web","name":"guest-1234","key":null}'
