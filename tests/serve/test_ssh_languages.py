"""The SSH door speaks each player's language (issue 16): the locale variables their ssh client
sends (OpenSSH's ``SendEnv LANG LC_*``) give their app its language (``LC_MESSAGES``), and what the
door itself says to them (the server stopping) is in it too."""

from __future__ import annotations

from makao_tui.serve.command import STOP_REASON
from makao_tui.serve.ssh import SSHLimits

from .util import Screen, connect, make_door, new_key, run


async def session_with(conn, env: dict[str, str]):
    return await conn.create_process(term_type="xterm-256color", term_size=(100, 30), encoding=None, env=env)


def test_the_door_tells_each_player_in_their_language(tmp_path):
    async def body():
        door = make_door(tmp_path / "serve", limits=SSHLimits(idle_s=60))
        await door.start()
        olga, _ = await connect(door, "olga", new_key())
        jan, _ = await connect(door, "jan", new_key())
        hans, _ = await connect(door, "hans", new_key())
        ru = Screen(await session_with(olga, {"LC_ALL": "ru_RU.UTF-8"}))
        pl = Screen(await session_with(jan, {"LANG": "pl_PL.UTF-8"}))
        de = Screen(await session_with(hans, {"LANG": "de_DE.UTF-8"}))  # no catalogs: English
        for screen, told in ((ru, True), (pl, True), (de, False)):
            names = (await screen.until("env ")).split(" env ", 1)[1].split("\r\n", 1)[0].split(",")
            assert ("LC_MESSAGES" in names) == told  # the app reads its language there
        await door.stop(STOP_REASON)
        await ru.until("makao: сервер остановлен: ваша партия сохранена")
        await pl.until("makao: serwer zatrzymano: twoja partia jest zapisana")
        await de.until("makao: the server stopped: your match is saved")
        for conn in (olga, jan, hans):
            conn.close()

    run(body())
