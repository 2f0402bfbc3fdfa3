"""Start-up cost of makao-tui next to a bare Textual app (issue 13, item 1).

Run from the project root with the venv active::

    python bench/startup.py [--rounds 10] [--size 80x24]

Each side is started as a new process in a pseudo-terminal of ``--size``, the bare app and ours
alternated ``--rounds`` times, and timed to its first frame: the first moment its screen's text
reaches the terminal (``bare app ready`` for the bare app, the start screen's list of games for
ours, read from the pseudo-terminal's output). At that moment the script reads, from ``/proc``, the
process's CPU time (the run time the scheduler counts for each of its threads, in nanoseconds: the
clock ticks of ``/proc/PID/stat``, 10 ms each, were too coarse for a start of 0.2-0.4 s) and its
peak resident memory (``VmHWM``); it then ends the process (SIGTERM) and takes its ``ru_maxrss`` from ``wait4``
(the peak over the whole run, first frame included). Both sides run the same Python, the same
Textual, in the same kind of terminal; ours opens its saved-games file as ``makao`` does (a fresh
``MAKAO_DATA_DIR`` made once, before the first round, so every round opens an existing file).

The bare app is the least a Textual app can be: an ``App`` whose screen holds one ``Static``.
Ours is ``python -m makao_tui``: the ``makao`` command with no arguments, which opens the
start screen (``--lang ru`` or ``pl``: ``makao --lang ru``, which loads that language's catalogs;
its first frame is marked by the game's name in it). The targets: ours ≤ 1.3 × the bare app in
time to first frame (wall clock and CPU) and in peak memory, as ratios of the medians.

Then the AI worker: ``makao play makao-ru --seat ai --seat ai`` (a table whose seats are all AI,
so an AI must think at once) is started the same way; the script checks that no child process
exists at the table's first frame, waits until the helper processes are up (the worker; before
2026-12-01 also multiprocessing's resource tracker) and have made a few moves, and sums their
resident memory (``VmRSS``) and proportional share (``Pss``, which counts pages shared with other
processes in part). Target: at most 30 MiB. Not a test: it is not part of the suite.

``--first-start installed`` times, instead of a start with the bytecode of earlier starts, the
first start after an install, every round: before each start of ours the bytecode of
``makao_tui`` is deleted and made again as the install makes it (``hatch_build.py``'s
``compile_bytecode`` for an editable install, pip's own compile for a wheel: both
``compileall`` of the package, untimed), and the start gets a new, empty ``MAKAO_DATA_DIR`` (no
saved-games file, no settings yet). The bare app's Textual is as pip installed it, bytecode
included. ``--first-start no-bytecode`` deletes the bytecode and makes none, as an install that
does not compile it (editable installs before issue 31; ``uv tool install`` without
``--compile-bytecode``, where Textual's is not compiled either) leaves the first start.

``--instructions`` counts instead, once for each side, the machine instructions each executes to
its first frame, under valgrind's ``callgrind`` (``PYTHONHASHSEED=0``): a count that the machine's
load does not change (two runs of the same side differ by a few parts in ten thousand), to see
what a change saves while the CPU times of a loaded machine move by more. Each side is started by
the same few lines (:data:`STOP_AT_FRAME`), which end the process (``os._exit``) the moment
Textual's output thread is handed a frame holding the side's mark, so that nothing after the
first frame is counted; ``--instructions-of MODULE`` counts importing one module instead, what it
adds to importing Textual's app (``python -c "import textual.app, MODULE"``, less ``python -c
"import textual.app"``: the standard library's modules that Textual loads too are not counted).
With ``--first-start``, ours is counted at a first start after an install (as above).
"""

from __future__ import annotations

import argparse
import fcntl
import os
import platform
import select
import shutil
import signal
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

BARE = """
from textual.app import App
from textual.widgets import Static


class Bare(App):
    def compose(self):
        yield Static("bare app ready")


Bare().run()
"""

#: what each side's first frame shows
BARE_MARK = b"bare app ready"
OURS_MARK = b"Polish Makao"
TABLE_MARK = b"Log"

TICK = os.sysconf("SC_CLK_TCK")

#: the start of either side under ``--instructions``: ``python -c STOP_AT_FRAME MARK -c CODE`` or
#: ``... -m MODULE`` runs CODE or MODULE as ``python`` would, and ends the process as soon as a
#: frame holding MARK is handed to Textual's output thread (the frame is made, not yet written)
STOP_AT_FRAME = """
import os, runpy, sys
from textual.drivers import _writer_thread

mark, how, what = sys.argv[1:4]
sys.argv = [sys.argv[0], *sys.argv[4:]]
write = _writer_thread.WriterThread.write
seen = []

def stop_at_mark(self, text):
    seen.append(text)
    if mark in "".join(seen):
        os._exit(0)
    write(self, text)

_writer_thread.WriterThread.write = stop_at_mark
if how == "-c":
    exec(compile(what, "<bare>", "exec"), {"__name__": "__main__"})
else:
    runpy.run_module(what, run_name="__main__", alter_sys=True)
"""


@dataclass
class Run:
    """One start: seconds to the first frame, CPU seconds then, peak RSS then and at exit (KiB)."""

    wall: float
    cpu: float
    hwm_kib: int
    maxrss_kib: int


def spawn(argv: list[str], env: dict[str, str], size: tuple[int, int]) -> tuple[int, int]:
    """Start ``argv`` on a new pseudo-terminal of ``size`` (columns, rows); return (pid, master fd)."""
    pid, fd = os.forkpty()
    if pid == 0:  # the child: its terminal is the pseudo-terminal
        try:
            os.execve(argv[0], argv, env)
        finally:
            os._exit(127)
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", size[1], size[0], 0, 0))
    return pid, fd


def wait_for_output(fd: int, mark: bytes, timeout: float = 60.0) -> bytes:
    """Read the pseudo-terminal until ``mark`` shows (or ``timeout`` seconds pass); return all read.
    Terminal queries are answered as a terminal would not: Textual does not wait for answers."""
    seen = b""
    deadline = time.monotonic() + timeout
    while mark not in seen:
        left = deadline - time.monotonic()
        if left <= 0:
            raise TimeoutError(f"no {mark!r} within {timeout} s; the screen so far: {seen[-400:]!r}")
        ready, _, _ = select.select([fd], [], [], left)
        if ready:
            try:
                chunk = os.read(fd, 65536)
            except OSError:
                raise RuntimeError(f"the process ended before {mark!r}: {seen[-400:]!r}") from None
            if not chunk:
                raise RuntimeError(f"the process ended before {mark!r}")
            seen += chunk
    return seen


def proc_cpu(pid: int) -> float:
    """CPU seconds of ``pid`` so far, all its threads: the scheduler's run time in nanoseconds
    (``/proc/PID/task/*/schedstat``), else user + system time in clock ticks of 10 ms."""
    try:
        return sum(int((task / "schedstat").read_text().split()[0])
                   for task in Path(f"/proc/{pid}/task").iterdir()) / 1e9
    except (OSError, ValueError, IndexError):
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / TICK


def proc_status(pid: int, key: str) -> int:
    """A ``/proc/PID/status`` figure in KiB (``VmHWM``, ``VmRSS``)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(key + ":"):
            return int(line.split()[1])
    raise KeyError(key)


def proc_pss(pid: int) -> int:
    """The proportional set size of ``pid`` in KiB."""
    for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
        if line.startswith("Pss:"):
            return int(line.split()[1])
    raise KeyError("Pss")


def children(pid: int) -> list[int]:
    """The child processes of ``pid``."""
    out = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        text = (task / "children").read_text().split()
        out += [int(t) for t in text]
    return out


def drain(fd: int) -> None:
    """Read whatever the process still writes, so that it never blocks on a full terminal."""
    while select.select([fd], [], [], 0)[0]:
        try:
            if not os.read(fd, 65536):
                return
        except OSError:
            return


def finish(pid: int, fd: int) -> int:
    """End the process (SIGTERM, then SIGKILL after 10 s) and return its ``ru_maxrss`` (KiB)."""
    os.kill(pid, signal.SIGTERM)
    deadline = time.monotonic() + 10
    while True:
        drain(fd)
        done, _status, usage = os.wait4(pid, os.WNOHANG)
        if done:
            os.close(fd)
            return usage.ru_maxrss
        if time.monotonic() > deadline:
            os.kill(pid, signal.SIGKILL)
            deadline = float("inf")
        time.sleep(0.01)


def start_once(argv: list[str], env: dict[str, str], mark: bytes, size: tuple[int, int]) -> Run:
    """Start ``argv``, time it to ``mark``, read its figures, end it."""
    began = time.perf_counter()
    pid, fd = spawn(argv, env, size)
    wait_for_output(fd, mark)
    wall = time.perf_counter() - began
    cpu = proc_cpu(pid)
    hwm = proc_status(pid, "VmHWM")
    return Run(wall, cpu, hwm, finish(pid, fd))


def worker_cost(env: dict[str, str], size: tuple[int, int]) -> dict[str, float]:
    """Start an all-AI table; the children at its first frame, then the helper processes' memory
    once they have answered."""
    argv = [sys.executable, "-m", "makao_tui", "play", "makao-ru", "--seat", "ai", "--seat", "ai",
            "--seed", "1"]
    pid, fd = spawn(argv, env, size)
    try:
        wait_for_output(fd, TABLE_MARK)
        at_first_frame = len(children(pid))
        deadline = time.monotonic() + 60
        kids: list[int] = []
        while time.monotonic() < deadline:
            drain(fd)
            kids = children(pid)
            if kids:
                break
            time.sleep(0.05)
        time.sleep(3)  # a few AI moves: the worker has imported what it needs
        drain(fd)
        kids = children(pid)
        rss = sum(proc_status(k, "VmRSS") for k in kids)
        pss = sum(proc_pss(k) for k in kids)
        main_rss = proc_status(pid, "VmRSS")
    finally:
        finish(pid, fd)
    return {"children_at_first_frame": at_first_frame, "children": len(kids), "rss_mib": rss / 1024,
            "pss_mib": pss / 1024, "app_rss_mib": main_rss / 1024}


def instructions(argv: list[str], env: dict[str, str], size: tuple[int, int]) -> int:
    """Machine instructions ``argv`` executes until it ends, counted by valgrind's callgrind in a
    pseudo-terminal of ``size``; raises RuntimeError if valgrind fails."""
    with tempfile.TemporaryDirectory(prefix="makao-callgrind-") as scratch:
        out = Path(scratch) / "callgrind.out"
        pid, fd = spawn(["/usr/bin/env", "valgrind", "--tool=callgrind", f"--callgrind-out-file={out}",
                         "--trace-children=no", *argv], {**env, "PYTHONHASHSEED": "0"}, size)
        seen = b""
        while True:
            try:
                chunk = os.read(fd, 65536)
            except OSError:
                break
            if not chunk:
                break
            seen += chunk
        os.close(fd)
        _, status = os.waitpid(pid, 0)
        if not out.exists() or os.waitstatus_to_exitcode(status) != 0:
            raise RuntimeError(f"valgrind failed ({status}): {seen[-400:]!r}")
        for line in out.read_text(errors="replace").splitlines():
            if line.startswith(("summary:", "totals:")):
                return int(line.split()[1])
    raise RuntimeError("no instruction count in callgrind's output")


def count_instructions(env: dict[str, str], size: tuple[int, int], module: str | None,
                       ours_argv: list[str], ours_mark: bytes, first_start: str | None = None) -> None:
    """Print the instructions of each side to its first frame (or of importing ``module``);
    ``first_start``: ours is counted at a first start after an install (:func:`as_just_installed`)."""
    if module is not None:
        base = instructions([sys.executable, "-c", "import textual.app"], env, size)
        total = instructions([sys.executable, "-c", f"import textual.app, {module}"], env, size)
        print(f"import {module}: {(total - base) / 1e6:,.0f} M instructions more than importing "
              f"textual.app alone ({base / 1e6:,.0f} M)")
        return
    stop = [sys.executable, "-c", STOP_AT_FRAME]
    bare = instructions([*stop, BARE_MARK.decode(), "-c", BARE], env, size)
    first = as_just_installed(env, first_start) if first_start else env
    ours = instructions([*stop, ours_mark.decode(), "-m", "makao_tui", *ours_argv[3:]], first, size)
    print(f"instructions to the first frame (callgrind): bare Textual {bare / 1e6:,.0f} M, "
          f"makao-tui {ours / 1e6:,.0f} M{f' (first start, {first_start})' if first_start else ''}, "
          f"ratio {ours / bare:.2f}")


def as_just_installed(env: dict[str, str], bytecode: str) -> dict[str, str]:
    """Make the checkout's ``makao_tui`` as an install leaves it (``bytecode``: ``installed``, its
    bytecode made again as the install makes it; ``no-bytecode``: none) and return ``env`` with a
    new, empty data folder: the next start of ours is a first start."""
    package = ROOT / "makao_tui"
    for cache in list(package.rglob("__pycache__")):
        shutil.rmtree(cache)
    if bytecode == "installed":  # hatch_build.compile_bytecode (hatchling is not installed here)
        subprocess.run([sys.executable, "-m", "compileall", "-q", str(package)], check=True)
    return {**env, "MAKAO_DATA_DIR": tempfile.mkdtemp(prefix="makao-first-start-")}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=10, help="starts of each side, alternated")
    parser.add_argument("--size", default="80x24", help="terminal size, COLUMNSxROWS")
    parser.add_argument("--instructions", action="store_true",
                        help="count each side's instructions to its first frame under valgrind instead")
    parser.add_argument("--instructions-of", metavar="MODULE", help="count the instructions of importing MODULE")
    parser.add_argument("--first-start", choices=("installed", "no-bytecode"),
                        help="time ours at the first start after an install, every round (see above)")
    parser.add_argument("--lang", choices=("en", "ru", "pl"),
                        help="start ours as makao --lang LANG (ru, pl: its catalogs are loaded)")
    args = parser.parse_args()
    size = tuple(int(n) for n in args.size.split("x"))

    data = tempfile.mkdtemp(prefix="makao-startup-")
    # as on a user's machine, Python keeps the compiled bytecode of our modules (pip compiled
    # Textual's at install time): a setting that forbids it would make ours compile every start
    env = {k: v for k, v in os.environ.items() if not k.startswith("TEXTUAL") and k != "PYTHONDONTWRITEBYTECODE"}
    env.update(TERM="xterm-256color", COLORTERM="truecolor", MAKAO_DATA_DIR=data, PYTHONPATH=str(ROOT))
    bare_argv = [sys.executable, "-c", BARE]
    ours_argv = [sys.executable, "-m", "makao_tui", *(["--lang", args.lang] if args.lang else [])]
    ours_mark = OURS_MARK
    if args.lang:  # the game's name in that language marks the first frame
        sys.path.insert(0, str(ROOT))
        from makao_tui.engine.i18n import _, set_language

        set_language(args.lang)
        ours_mark = _(OURS_MARK.decode()).encode()
    if args.instructions or args.instructions_of:
        start_once(ours_argv, env, ours_mark, size)  # creates the saved-games file and the bytecode
        count_instructions(env, size, args.instructions_of, ours_argv, ours_mark, args.first_start)
        return
    start_once(ours_argv, env, ours_mark, size)  # creates the saved-games file; not counted
    start_once(bare_argv, env, BARE_MARK, size)  # warms the file cache alike; not counted

    bare: list[Run] = []
    ours: list[Run] = []
    for _ in range(args.rounds):
        bare.append(start_once(bare_argv, env, BARE_MARK, size))
        first = as_just_installed(env, args.first_start) if args.first_start else env
        ours.append(start_once(ours_argv, first, ours_mark, size))

    load = os.getloadavg()
    print(f"Python {platform.python_version()}, {os.cpu_count()} CPUs, load average {load[0]:.2f} "
          f"{load[1]:.2f} {load[2]:.2f}; {args.rounds} rounds, alternated, terminal {args.size}; "
          f"ours: makao{' --lang ' + args.lang if args.lang else ''}"
          + (f"; first start after an install ({args.first_start}) every round" if args.first_start else ""))
    print(f"{'':28}{'bare Textual':>14}{'makao-tui':>12}{'ratio':>8}{'target':>9}")
    rows = [
        ("time to first frame (s)", "wall", 1.0, "{:.3f}"),
        ("CPU to first frame (s)", "cpu", 1.0, "{:.3f}"),
        ("peak RSS at first frame (MiB)", "hwm_kib", 1 / 1024, "{:.1f}"),
        ("ru_maxrss (MiB)", "maxrss_kib", 1 / 1024, "{:.1f}"),
    ]
    for label, key, scale, form in rows:
        b = statistics.median(getattr(r, key) for r in bare) * scale
        o = statistics.median(getattr(r, key) for r in ours) * scale
        ratio = o / b
        print(f"{label:28}{form.format(b):>14}{form.format(o):>12}{ratio:>8.2f}"
              f"{'met' if ratio <= 1.3 else 'MISSED':>9}")
    print("(medians; ratio = makao-tui / bare; target: at most 1.30)")
    walls = [o.wall / b.wall for b, o in zip(bare, ours, strict=True)]
    print(f"per-round wall ratios: {' '.join(f'{r:.2f}' for r in walls)}")

    cost = worker_cost(env, size)
    print()
    print(f"AI worker: {cost['children_at_first_frame']} child processes at the all-AI table's first frame; "
          f"then {cost['children']} (the AI's helper processes): RSS {cost['rss_mib']:.1f} MiB, "
          f"PSS {cost['pss_mib']:.1f} MiB (target: at most 30 MiB: "
          f"{'met' if cost['rss_mib'] <= 30 else 'MISSED'} on RSS, "
          f"{'met' if cost['pss_mib'] <= 30 else 'MISSED'} on PSS); the app itself {cost['app_rss_mib']:.1f} MiB")


if __name__ == "__main__":
    main()
