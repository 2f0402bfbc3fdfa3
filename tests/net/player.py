"""A table client in a process of its own, for the tests: ``python -m tests.net.player CODE NAME
ACTIONS [THEN]`` sits at table CODE (taking back its own seat if it holds a token in its data
folder), plays ACTIONS of its own turns with the normal AI's choice from its own view, then
leaves (THEN ``leave``, the default). With THEN ``stay`` it then stays seated without acting,
so that a table which holds seats for their players waits for it, until the connection ends;
with ``look`` it leaves once it has its first update (ACTIONS 0: sit, look, leave). It prints one
JSON line per update it gets (seq, its seat, its hand, whether it is a whole new picture) and
``{"acted": N, "at": SEQ}`` after its Nth action, sent in answer to update SEQ. A connection
that ends (the server killed) ends it with status 0."""

from __future__ import annotations

import contextlib
import json
import random
import sys

from makao_tui.ai import ai_for
from makao_tui.net import places
from makao_tui.net.client import ConnectError, handshake, remember_seat, remembered_token
from makao_tui.net.protocol import Act, Bye, NextDeal
from makao_tui.table import Refusal, TableClient, Update

from .util import Raw


def main(code: str, name: str, actions: int, then: str = "leave") -> int:
    info = places.read_info(code)
    token = remembered_token(code, info, name) if info is not None else None
    try:
        shake = handshake(code, name, token)
    except ConnectError as exc:
        print(json.dumps({"error": str(exc)}), flush=True)
        return 2
    remember_seat(code, shake.welcome.table, shake.seated, name)
    raw = Raw.__new__(Raw)
    raw.sock, raw.buffer = shake.sock, b""
    raw.sock.settimeout(None)  # a seated player waits as long as the table does
    client = TableClient()
    done = 0
    while done < actions or then != "leave":
        try:
            message = raw.read()
        except OSError:  # the server is gone
            message = None
        if message is None:
            return 0
        if isinstance(message, Refusal):
            print(json.dumps({"refused": message.kind}), flush=True)
        if not isinstance(message, Update):
            continue
        client.receive(message)
        view = message.view
        print(json.dumps({"seq": message.seq, "seat": message.seat, "hand": view.get("hand"),
                          "reset": message.reset}), flush=True)
        if message.match_over or (then == "look" and done >= actions):
            break
        if done >= actions:  # staying: seated, not acting
            continue
        if message.deal_over:
            raw.send(NextDeal(seq=message.seq))
        elif message.to_act == shake.seated.seat:
            action = ai_for(client.variant.id).choose(client.view, random.Random(message.seq))
            raw.send(Act(seq=message.seq, action=client.wire(action)))
            done += 1
            print(json.dumps({"acted": done, "at": message.seq}), flush=True)
    with contextlib.suppress(OSError):  # the server may be gone already
        raw.send(Bye())
    raw.close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2], int(sys.argv[3]), *sys.argv[4:5]))
