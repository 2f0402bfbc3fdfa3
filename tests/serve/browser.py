"""A headless browser for the web door's tests and ``scripts/tmux_serve.py``: Chromium's headless
shell (Debian's ``chromium-headless-shell``, or ``chromium``) driven through its DevTools protocol
with aiohttp, to take a picture of the page once the app has drawn in it."""

from __future__ import annotations

import asyncio
import base64
import os
import shutil
import signal
import subprocess
import time
from pathlib import Path

#: the headless browser installed here, or None
BROWSER = shutil.which("chromium-headless-shell") or shutil.which("chromium")


async def _devtools(port: int, url: str, path: Path) -> None:
    """Through the browser's DevTools protocol: open ``url``, wait until the app's first bytes
    came over its websocket and it had time to draw, save a PNG of the page at ``path``."""
    import aiohttp

    async with aiohttp.ClientSession() as client:
        async with client.get(f"http://127.0.0.1:{port}/json/list") as listing:
            page = next(t for t in await listing.json() if t.get("type") == "page")
        async with client.ws_connect(page["webSocketDebuggerUrl"], max_msg_size=0) as ws:
            calls = 0

            async def call(method: str, **params: object) -> dict:
                nonlocal calls
                calls += 1
                await ws.send_json({"id": calls, "method": method, "params": params})
                async for message in ws:
                    answer = message.json()
                    if answer.get("id") == calls:
                        return answer.get("result", {})
                raise RuntimeError("the browser closed its DevTools connection")

            await call("Page.navigate", url=url)
            for _ in range(300):
                drawn = await call("Runtime.evaluate", returnByValue=True,
                                   expression="document.body.classList.contains('-first-byte')")
                if drawn.get("result", {}).get("value"):
                    break
                await asyncio.sleep(0.2)
            else:
                raise RuntimeError("the browser's page never got the app's screen")
            await asyncio.sleep(4)  # the app draws its start screen
            shot = await call("Page.captureScreenshot", format="png")
            path.write_bytes(base64.b64decode(shot["data"]))


def screenshot(url: str, path: Path, profile: Path) -> bool:
    """A headless browser's picture (PNG at ``path``) of the web door's page at ``url`` once the
    app drew in it, the browser's profile in the folder ``profile``; False when no headless
    browser is installed (:data:`BROWSER`). Raises RuntimeError when the page never shows the app."""
    if BROWSER is None:
        return False
    with subprocess.Popen([BROWSER, "--headless", "--no-sandbox", "--disable-gpu", f"--user-data-dir={profile}",
                           "--remote-debugging-port=0", "--window-size=1100,720", "about:blank"],
                          stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True) as browsing:
        try:
            for _ in range(300):
                if (profile / "DevToolsActivePort").exists():
                    break
                time.sleep(0.2)
            port = int((profile / "DevToolsActivePort").read_text().split()[0])
            asyncio.run(asyncio.wait_for(_devtools(port, url, path), 180))
        finally:
            os.killpg(browsing.pid, signal.SIGKILL)
            browsing.wait()
    return path.exists()
