"""A table client in a process of its own that renders what it receives in its own language, for
the tests: ``python -m tests.net.lang_player CODE NAME LANG`` sets the language LANG, sits at table
CODE, and once the match has started prints one JSON object: the game's name, the seats and the
log of its first update as it words them, and the words of a refusal it asks for (it tries to act
for another seat). The server sends data only; every word here is made in this process."""

from __future__ import annotations

import json
import sys

from makao_tui.engine.i18n import set_language
from makao_tui.net.client import handshake
from makao_tui.net.protocol import Act, Bye, Lobby
from makao_tui.net.words import game_name, refusal_text
from makao_tui.table import Refusal, TableClient, Update

from .util import Raw


def main(code: str, name: str, language: str) -> int:
    set_language(language)
    shake = handshake(code, name)
    assert shake.seated is not None
    raw = Raw.__new__(Raw)
    raw.sock, raw.buffer = shake.sock, b""
    raw.sock.settimeout(60)
    info = shake.welcome.table
    client = TableClient()
    pending = list(shake.early)
    out: dict = {}
    while True:
        message = pending.pop(0) if pending else raw.read()
        if message is None:
            break
        if isinstance(message, Lobby):
            info = message.table
        elif isinstance(message, Update) and "log" not in out:
            client.receive(message)
            names = [s.name for s in message.seats]
            out["game"] = game_name(info)
            out["seats"] = [s.label() for s in info.seats]
            out["log"] = [event.text(names, viewer=message.seat) for entry in client.log for event in entry.events]
            other = (shake.seated.seat + 1) % len(message.seats)
            raw.send(Act(seq=message.seq, action={"do": "draw", "seat": other}))
        elif isinstance(message, Refusal) and "log" in out:
            out["refusal"] = refusal_text(message)
            break
    print(json.dumps(out, ensure_ascii=False), flush=True)
    raw.send(Bye())
    raw.close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2], sys.argv[3]))
