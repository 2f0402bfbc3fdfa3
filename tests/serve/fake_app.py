"""A stand-in for the makao app in the SSH door's tests: it reports what the door gave it (its
terminal type and size, its player, its folder), follows resizes, counts the bytes of each
line it is typed, and quits on ``q``. ``--stubborn``: it ignores SIGHUP and SIGTERM (the door
must kill it). It starts a helper process in its own process group, to be ended with it."""

from __future__ import annotations

import fcntl
import os
import signal
import struct
import subprocess
import sys
import termios
import tty


def size() -> str:
    rows, columns, _, _ = struct.unpack("HHHH", fcntl.ioctl(0, termios.TIOCGWINSZ, b"\0" * 8))
    return f"{columns}x{rows}"


def say(text: str) -> None:
    os.write(1, (text + "\r\n").encode())


def main() -> None:
    tty.setraw(0)
    helper = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(600)"])
    if "--stubborn" in sys.argv:
        signal.signal(signal.SIGHUP, signal.SIG_IGN)
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
    signal.signal(signal.SIGWINCH, lambda *_: say(f"size {size()}"))
    say(f"ready pid {os.getpid()} helper {helper.pid} term {os.environ.get('TERM')} size {size()}")
    say(f"player {os.environ.get('MAKAO_DOOR_PLAYER')}")
    say(f"data {os.environ.get('MAKAO_DATA_DIR')} env {','.join(sorted(os.environ))}")
    count = 0
    while True:
        try:
            data = os.read(0, 65536)
        except InterruptedError:
            continue
        except OSError:
            break
        if not data:
            break
        for byte in data:
            if byte == ord("\r"):
                say(f"line {count}")
                count = 0
            elif byte == ord("q"):
                helper.kill()
                return
            else:
                count += 1


if __name__ == "__main__":
    main()
