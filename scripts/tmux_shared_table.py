"""Play a deal at a shared table from two terminals, as two players would, and check what issue 11
asks: each terminal shows only its own hand, a player who drops rejoins their seat, the host's
terminal closes and the table goes on, no ``makao`` client outlives its terminal.

Terminal A (a tmux session) runs ``makao host GAME --seat open --seat open [--seat ai]``, terminal
B ``makao join CODE --name Bob``; then each takes its turns with the keys a player uses (a card
marked playable chosen by its number and played with Enter, Enter on a suit picker, a bid by its
digit and Enter, ``t`` to take a penalty, ``d`` to draw, ``p`` to pass) until the deal's summary
shows in both. With ``--drop``, B's terminal is closed mid-deal (A must show "Bob —
disconnected") and B joins again: the same seat, the same hand. With ``--host-leaves``, A's
terminal is closed mid-deal: the table goes on, an AI plays Alice's seat after the takeover
delay, and B plays the deal out alone. With ``--langs ru pl``, each terminal runs makao in its own
language (``--lang``): once both sit at the table, each must show the deal's opening in its own
language and none of the other's (the server sends data; each client words it), and the run
stops there. Not part of the test suite (it takes a minute or two and
needs tmux); run it by hand after a change to the shared tables or the table screens:

    python scripts/tmux_shared_table.py [--game peklo] [--ai] [--drop] [--host-leaves] [--langs ru pl] [--keep]
    sudo python scripts/tmux_shared_table.py --users alice bob --makao /opt/makao-venv/bin/makao ...

``--users A B`` runs each terminal as that Unix user (``setpriv``, so that the user's shell
leads the terminal's session as after an SSH login, with a UTF-8 locale and, with ``--langs``, the
messages locale of that language instead of ``--lang``; needs root, and a ``makao`` both can run);
the same user twice is one user in two terminals. It uses its own tmux server (``-L
makao-shared-test``) and tables folder (a sticky temporary folder); data folders are per user in
that folder unless ``--users`` is given (then each user's own). Exit status 0 when all went as it should.
"""

from __future__ import annotations

import argparse
import json
import os
import pwd
import re
import shlex
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TMUX = ["tmux", "-L", "makao-shared-test"]
CARD_MARK = re.compile(r"[┗└][━─](.)[━─][┛┘]")


def tmux(*args: str) -> str:
    return subprocess.run([*TMUX, *args], capture_output=True, text=True, check=False).stdout


def screen(session: str) -> str:
    return tmux("capture-pane", "-p", "-t", session)


def keys(session: str, *names: str) -> None:
    tmux("send-keys", "-t", session, *names)


def wait(session: str, pattern: str, limit: float = 60.0) -> str:
    """Wait until ``pattern`` (a regex) shows in ``session``; its screen."""
    end = time.monotonic() + limit
    while time.monotonic() < end:
        text = screen(session)
        if re.search(pattern, text):
            return text
        time.sleep(0.2)
    raise SystemExit(f"{session}: {pattern!r} never showed; the screen:\n{screen(session)}")


def my_turn(text: str) -> bool:
    """The title line of the table says "your turn" (Peklo: "your bid", "your lead"...) while this
    player is to act."""
    return bool(re.search(r"· your \w+\s*$", text.splitlines()[0].lower())) if text.strip() else False


def deal_over(text: str) -> bool:
    return "Enter: " in text and "q: quit" in text


def hand_size(text: str) -> int | None:
    found = re.search(r"Your hand \([^)]*\) · (\d+) card", text)
    return int(found.group(1)) if found else None


def playable(text: str) -> list[int]:
    """The hand's cards the table marks playable (•), 0-based, in the order shown."""
    lines = text.splitlines()
    start = next((i for i, line in enumerate(lines) if "Your hand" in line), len(lines))
    for line in lines[start:]:
        marks = CARD_MARK.findall(line)
        if marks:
            return [i for i, mark in enumerate(marks) if mark == "•"]
    return []


def settled(session: str, before: str) -> str:
    """The screen once it changed after a key (or after a short while)."""
    for _ in range(15):
        time.sleep(0.1)
        text = screen(session)
        if text != before:
            time.sleep(0.1)
            return screen(session)
    return screen(session)


def take_turn(session: str) -> None:
    """One turn as a player takes it: a card marked playable (its number, then Enter; a suit
    picker confirmed with Enter), else a bid (a digit and Enter, lowest first), else take the
    penalty, draw, pass."""
    text = screen(session)
    for index in playable(text)[:1]:
        if index < 10:
            keys(session, "1234567890"[index])
        else:
            keys(session, "1", *["Right"] * index)
        keys(session, "Enter")
        text = settled(session, text)
        if re.search(r"choose|pick", text.splitlines()[-1].lower() if text else ""):  # a suit or a rank
            keys(session, "Enter")
            text = settled(session, text)
        if not my_turn(text) or deal_over(text):
            return
    if "bid" in text.lower():
        for digit in "0123456789":
            keys(session, digit, "Enter")
            text = settled(session, text)
            if not my_turn(text) or deal_over(text):
                return
    for key in ("t", "d", "p"):
        keys(session, key)
        text = settled(session, text)
        if not my_turn(text) or deal_over(text):
            return


def makao_processes(tables: str) -> list[str]:
    """The makao processes (clients, servers, helpers) started here: those whose environment
    names this tables folder."""
    found = []
    for proc in Path("/proc").iterdir():
        try:
            environ = (proc / "environ").read_bytes()
            args = (proc / "cmdline").read_bytes().replace(b"\0", b" ").decode()
        except OSError:
            continue
        if f"MAKAO_TABLES_DIR={tables}".encode() in environ and "makao" in args:
            found.append(f"{proc.name} {args}")
    return found


#: the message locale of a login in each language (``LC_MESSAGES``; the app reads its name)
MESSAGES = {"en": "en_US.UTF-8", "ru": "ru_RU.UTF-8", "pl": "pl_PL.UTF-8"}


def login_locale(lang: str | None) -> str:
    """The locale variables of a user's login, as an SSH session would pass them: a UTF-8
    character set (``C.UTF-8``, which every system has; under ``env -i`` alone the user would get
    the C locale, and the app would draw in ASCII) and, given ``lang``, messages in that language."""
    return "LANG=C.UTF-8" + (f" LC_MESSAGES={MESSAGES[lang]}" if lang else "")


class Terminal:
    """One tmux session: ``name`` (A, B), the Unix ``user`` it runs as (None: this one) and, for
    a user, the language of their login (``lang``; None: English)."""

    def __init__(self, name: str, user: str | None, env: str, makao: str, size: tuple[int, int],
                 lang: str | None = None) -> None:
        self.name, self.user, self.env, self.makao, self.size = name, user, env, makao, size
        self.lang = lang

    def open(self, args: str) -> None:
        command = f"{self.env} {self.makao} {args}; sleep 30"
        if self.user is not None:  # the user's own login environment, the shell the session's leader as at SSH
            home = pwd.getpwnam(self.user).pw_dir
            command = (f"setpriv --reuid={self.user} --regid={self.user} --init-groups env -i HOME={home} "
                       f"USER={self.user} LOGNAME={self.user} PATH=/usr/local/bin:/usr/bin:/bin TERM=\"$TERM\" "
                       f"{login_locale(self.lang)} sh -c {shlex.quote(f'cd && {command}')}")
        tmux("new-session", "-d", "-s", self.name, "-x", str(self.size[0]), "-y", str(self.size[1]), command)

    def close(self) -> None:
        tmux("kill-session", "-t", self.name)


def play_until(players: list[str], done, limit: int = 600) -> int:
    """Take the turns shown in ``players``' terminals until ``done(screens, turns)``; the turns
    taken."""
    turns = 0
    while turns < limit:
        screens = {p: screen(p) for p in players}
        if done(screens, turns):
            return turns
        if "Your hand (Bob)" in screens.get("A", "") or "Your hand (Alice)" in screens.get("B", ""):
            raise SystemExit("a terminal shows the other player's hand")
        for session, text in screens.items():
            if my_turn(text) and not deal_over(text):
                take_turn(session)
                turns += 1
        time.sleep(0.2)
    raise SystemExit(f"not done within {limit} turns; the screens:\n" + "\n".join(screen(p) for p in players))


def both_over(screens: dict[str, str], _turns: int = 0) -> bool:
    return all(deal_over(t) for t in screens.values())


#: words of the deal's opening in the log ("Alice deals 5 cards each"), by language
OPENING = {"en": r"deals \d+ cards? each", "ru": r"сдаёт по \d+ карт", "pl": r"rozdaje po \d+ kart"}


def check_languages(langs: list[str]) -> None:
    """Each terminal (A, B) shows the deal's opening in its own language of ``langs`` and no other's."""
    for session, lang in zip(("A", "B"), langs, strict=True):
        text = wait(session, OPENING[lang])
        others = [other for other in OPENING if other != lang and re.search(OPENING[other], text)]
        if others:
            raise SystemExit(f"{session} ({lang}) shows words of {others}:\n{text}")
        print(f"{session} reads the table in {lang}:\n{text}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="makao-ru", help="makao-ru (default), makao-pl, peklo")
    parser.add_argument("--ai", action="store_true", help="a third seat for an AI player")
    parser.add_argument("--drop", action="store_true", help="B's terminal closes mid-deal and B joins again")
    parser.add_argument("--host-leaves", action="store_true", help="A's terminal closes mid-deal; B plays on")
    parser.add_argument("--users", nargs=2, metavar=("A", "B"), help="run the terminals as these Unix users")
    parser.add_argument("--makao", default=f"{sys.executable} -m makao_tui", help="the makao command")
    parser.add_argument("--size", default="80x24", help="terminal size, COLSxROWS (default 80x24)")
    parser.add_argument("--langs", nargs=2, metavar=("A", "B"), choices=sorted(OPENING),
                        help="each terminal's language: check each reads the table in its own, then stop")
    parser.add_argument("--keep", action="store_true", help="leave the tmux sessions running")
    args = parser.parse_args()
    size = tuple(int(n) for n in args.size.split("x"))
    tmp = tempfile.mkdtemp(prefix="makao-shared-")
    os.chmod(tmp, 0o755)
    tables = f"{tmp}/tables"
    os.mkdir(tables)
    os.chmod(tables, 0o1777)
    users = args.users or [None, None]

    def env(user: str | None, who: str) -> str:
        base = f"MAKAO_TABLES_DIR={tables}"
        if user is None:  # this user: the checkout, a data folder of the player's own
            return f"cd {ROOT} && PYTHONPATH={ROOT} {base} MAKAO_DATA_DIR={tmp}/{who}"
        return base

    size2 = (int(size[0]), int(size[1]))
    langs = args.langs or [None, None]
    a = Terminal("A", users[0], env(users[0], "alice"), args.makao, size2, langs[0])
    b = Terminal("B", users[1], env(users[1], "bob"), args.makao, size2, langs[1])
    tmux("kill-server")
    options = {"makao-ru": "--option loss_limit=200", "makao-pl": "--option deals=1"}.get(args.game, "")
    seats = "--seat open --seat open" + (" --seat ai" if args.ai else "")
    # this user's terminals say their language with --lang; another user's, with their login's locale
    lang_a, lang_b = (f" --lang {lang}" if lang and user is None else ""
                      for lang, user in zip(langs, users, strict=True))
    a.open(f"host {args.game} {seats} {options} --ai-takeover 10 --name Alice{lang_a}")
    text = wait("A", r"makao join [a-z]+-\d\d")
    code = re.search(r"makao join ([a-z]+-\d\d)", text).group(1)  # type: ignore[union-attr]
    print(f"table {code} ({args.game}), A as {users[0] or 'this user'}, B as {users[1] or 'this user'}")
    b.open(f"join {code} --name Bob{lang_b}")
    if args.langs:
        check_languages(args.langs)
        return finish(args.keep, tmp, tables)
    wait("A", r"Your hand \(Alice\)")
    wait("B", r"Your hand \(Bob\)")
    turns = 0
    if args.game == "peklo":  # its first deal has one card each: drop in the second
        turns += play_until(["A", "B"], both_over)
        keys("A", "Enter")
        keys("B", "Enter")
        wait("A", r"deal 2 of")
        wait("B", r"deal 2 of")
        print(f"deal 1 played through in {turns} turns; deal 2 started for both")
    if args.drop:
        turns += play_until(["A", "B"], lambda s, t: both_over(s) or t >= 3)
        cards = hand_size(screen("B"))
        b.close()
        wait("A", r"Bob — disconnected")
        print(f"B's terminal closed after {turns} turns: A shows Bob disconnected")
        b.open(f"join {code} --name Bob")
        back = wait("B", r"Your hand \(Bob\)")
        if hand_size(back) != cards and not deal_over(back):
            raise SystemExit(f"Bob came back to {hand_size(back)} cards, not his {cards}")
        wait("A", r"Bob \(\w+\)")
        print(f"B joined again: the same seat, {cards} cards in hand")
    if args.host_leaves:
        turns += play_until(["A", "B"], lambda s, t: both_over(s) or t >= 2)
        a.close()
        print("A's terminal closed: the host is gone")
        time.sleep(3)
        listed = subprocess.run([*args.makao.split(), "tables", "--json"], capture_output=True, text=True, cwd=ROOT,
                                env={**os.environ, "MAKAO_TABLES_DIR": tables, "PYTHONPATH": str(ROOT)})
        if not json.loads(listed.stdout):
            raise SystemExit("the table ended with its host's terminal")
        wait("B", r"Alice( — AI plays|( D)? \(AI\))", 30)
        print("the table goes on: an AI plays Alice's seat")
        turns += play_until(["B"], lambda s, t: deal_over(s["B"]))
    else:
        turns += play_until(["A", "B"], both_over)
    print(f"deal played through in {turns} turns; B's summary:\n{screen('B')}")
    return finish(args.keep, tmp, tables)


def finish(keep: bool, tmp: str, tables: str) -> int:
    """Close both terminals (unless ``keep``): no makao client may outlive its terminal; then stop
    the table server. Exit status 0."""
    if keep:
        print(f"sessions kept: tmux -L makao-shared-test attach -t A (or B); files in {tmp}")
        return 0
    tmux("kill-server")  # both terminals close
    time.sleep(4)
    running = makao_processes(tables)
    servers = {p.split()[0] for p in running if "makao_tui.net.daemon" in p}
    # the table server and its AI worker (``makao_tui.worker SERVER_PID``) keep running by design
    left = [p for p in running if "makao_tui.net.daemon" not in p
            and not ("makao_tui.worker" in p and p.split()[-1] in servers)]
    if left:
        raise SystemExit(f"makao processes outlived their terminal: {left}")
    info = next(Path(tables).glob("*.json"), None)
    if info is not None:
        os.kill(json.loads(info.read_text())["pid"], 15)
    print("both terminals closed: no makao client left; the table server stopped")
    return 0


if __name__ == "__main__":
    sys.exit(main())
