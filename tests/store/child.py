"""A process that records a match through the store (no Textual), for the store's process tests.

``child.py DB start GAME SEED COUNT``: start a match, store COUNT actions, print ``ready ID``, then
wait to be killed. ``child.py DB resume ID COUNT``: resume the match, store COUNT more actions,
print ``ready ID``, wait. ``child.py DB race GAME SEED COUNT GO``: print ``waiting``, wait for the
file GO to exist, start a match and store COUNT actions as fast as it can, print ``done ID``, exit.
"""

from __future__ import annotations

import signal
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from makao_tui.engine.match import Match
from makao_tui.store import open_store
from tests.store.util import play, short_setup


def main(db: str, mode: str, *args: str) -> None:
    # the tests end this process with signals: a parent that ignores SIGHUP (nohup) must not make
    # it immune
    signal.signal(signal.SIGHUP, signal.SIG_DFL)
    store = open_store(db)
    if mode == "race":
        go = args[3]
        print("waiting", flush=True)
        while not Path(go).exists():
            time.sleep(0.005)
    if mode in ("start", "race"):
        variant, rules, seats = short_setup(args[0])
        writer = store.start_match(variant, rules, seats, int(args[1]))
        match = Match(variant, rules, [s.name for s in seats], int(args[1]))
    else:
        writer = store.resume(int(args[0]))
        match = writer.saved.rebuild()
    play(match, int(args[2] if mode != "resume" else args[1]), writer)
    if mode == "race":
        print(f"done {writer.id}", flush=True)
        return
    print(f"ready {writer.id}", flush=True)
    while True:
        time.sleep(60)


if __name__ == "__main__":
    main(*sys.argv[1:])
