"""Where shared tables live on the box, their join codes, and the private files around them.

- The tables folder (:func:`tables_dir`): ``$MAKAO_TABLES_DIR``, else ``makao-tui`` under the
  system's temporary folder, created sticky and writable by everyone (mode 1777, like /tmp) so
  that every user of the box can host and join. It holds only each table's socket
  (``CODE.sock``) and public description (``CODE.json``, a :class:`~.protocol.TableInfo`).
- A client's seat tokens (:func:`token_path`): in the user's own data folder, user-only.
- A server's seat records and log (:func:`server_dir`): in the host user's data folder,
  user-only, so that another user can neither resume the table nor read its tokens.

Who is who: :func:`peer_user` reads a connected Unix socket's peer (SO_PEERCRED).
"""

from __future__ import annotations

import contextlib
import json
import os
import pwd
import random
import socket
import stat
import struct
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING

from ..engine.errors import MakaoError
from ..engine.i18n import _, os_reason
from ..store import data_dir

if TYPE_CHECKING:
    from .protocol import TableInfo

#: words of join codes: short, distinct, easy to say and type
CODE_WORDS = (
    "crane", "heron", "otter", "raven", "maple", "cedar", "birch", "aspen", "lynx", "bison",
    "robin", "finch", "trout", "perch", "tulip", "lotus", "comet", "ember", "frost", "delta",
    "amber", "coral", "ivory", "jade", "onyx", "pearl", "ruby", "topaz", "oak", "elm",
    "fox", "owl", "wolf", "bear", "hare", "swan", "lark", "wren", "dove", "kite",
)


class TablesDirError(MakaoError, OSError):
    """The tables folder cannot be made or is not safe to use (the reason in words)."""


def tables_dir(create: bool = True) -> Path:
    """The tables folder (see the module docstring). With ``create``, made if missing (mode
    1777). Raises :class:`TablesDirError` if it is not a real folder or cannot be made."""
    override = os.environ.get("MAKAO_TABLES_DIR", "").strip()
    path = Path(override).expanduser() if override else Path(tempfile.gettempdir()) / "makao-tui"
    if create and not path.exists():
        try:
            path.mkdir(mode=0o1777, parents=True)
            os.chmod(path, 0o1777)  # the umask took bits away
        except FileExistsError:
            pass  # another user made it just now
        except OSError as exc:
            raise TablesDirError(_("cannot make the tables folder {path}: {error}").format(
                path=path, error=os_reason(exc))) from None
    if path.exists() and (path.is_symlink() or not path.is_dir()):
        raise TablesDirError(f"{path} is not a folder: set MAKAO_TABLES_DIR to one")
    return path


def socket_path(code: str, folder: Path | None = None) -> Path:
    """The socket of table ``code``."""
    return (folder or tables_dir(create=False)) / f"{code}.sock"


def info_path(code: str, folder: Path | None = None) -> Path:
    """The public description of table ``code``."""
    return (folder or tables_dir(create=False)) / f"{code}.json"


def code_shaped(code: str) -> bool:
    """Whether ``code`` is shaped like a join code: a word of letters a–z, a hyphen, two digits
    (``crane-47``; a mistyped word such as ``crame-47`` is shaped like one, ``../x`` is not)."""
    word, sep, digits = code.partition("-")
    return bool(sep) and word.isascii() and word.isalpha() and word.islower() and len(digits) == 2 \
        and digits.isdigit()


def valid_code(code: str) -> bool:
    """Whether ``code`` is a join code this program gives (``word-NN``, the word from
    :data:`CODE_WORDS`, the number 10–99)."""
    word, _sep, digits = code.partition("-")
    return code_shaped(code) and word in CODE_WORDS and digits[0] != "0"


def new_code(folder: Path, rng: random.Random | None = None) -> str:
    """A join code no live table of ``folder`` uses (``crane-47``). Raises
    :class:`TablesDirError` if none is left after many tries."""
    rng = rng or random.SystemRandom()
    for _attempt in range(200):
        code = f"{rng.choice(CODE_WORDS)}-{rng.randrange(10, 100)}"
        if not socket_path(code, folder).exists() and not info_path(code, folder).exists():
            return code
    raise TablesDirError(f"no free join code left in {folder}")


def write_info(info: TableInfo, folder: Path) -> None:
    """Write ``info`` as ``CODE.json`` (readable by all, replaced atomically)."""
    from .protocol import encode_info

    target = info_path(info.code, folder)
    tmp = target.with_name(f".{info.code}.{os.getpid()}.tmp")
    tmp.write_bytes(encode_info(info))
    os.chmod(tmp, 0o644)
    os.replace(tmp, target)


def read_info(code: str, folder: Path | None = None) -> TableInfo | None:
    """The description of table ``code``, or None if there is none or it cannot be read."""
    # imported here: the start screen lists the live tables, and with none it needs no protocol
    from .protocol import ProtocolError, decode_info

    try:
        return decode_info(info_path(code, folder).read_bytes())
    except (OSError, ProtocolError):
        return None


def owner_of(path: Path) -> int | None:
    """The uid owning ``path`` (not following a symlink), or None if it is missing."""
    try:
        return os.lstat(path).st_uid
    except OSError:
        return None


def is_socket(path: Path) -> bool:
    """Whether ``path`` is a Unix socket (not following a symlink)."""
    try:
        return stat.S_ISSOCK(os.lstat(path).st_mode)
    except OSError:
        return False


def user_name(uid: int) -> str:
    """The login name of ``uid`` (its number if it has none)."""
    try:
        return pwd.getpwuid(uid).pw_name
    except KeyError:
        return str(uid)


def peer_uid(sock: socket.socket) -> int | None:
    """The uid of the process at the other end of a connected Unix socket (SO_PEERCRED), or
    None where the system does not tell."""
    option = getattr(socket, "SO_PEERCRED", None)
    if option is None:
        return None
    try:
        creds = sock.getsockopt(socket.SOL_SOCKET, option, struct.calcsize("3i"))
    except OSError:
        return None
    _pid, uid, _gid = struct.unpack("3i", creds)
    return uid


def live_tables(folder: Path | None = None) -> list[TableInfo]:
    """The descriptions of the tables in ``folder`` whose server still runs (its socket
    accepts a connection), newest first; left-over files of dead servers are skipped (and
    removed when they are the caller's own)."""
    folder = folder or tables_dir(create=False)
    found = []
    with contextlib.suppress(OSError):
        for path in folder.glob("*.json"):
            code = path.stem
            info = read_info(code, folder)
            if info is None or info.code != code:
                continue
            if alive(socket_path(code, folder)):
                found.append(info)
            elif owner_of(path) == os.getuid():
                remove_table_files(code, folder)
    return sorted(found, key=lambda i: i.created, reverse=True)


def alive(path: Path) -> bool:
    """Whether a server accepts connections on the socket ``path``."""
    if not is_socket(path):
        return False
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as probe:
        probe.settimeout(1.0)
        try:
            probe.connect(str(path))
        except OSError:
            return False
    return True


def remove_table_files(code: str, folder: Path) -> None:
    """Remove table ``code``'s socket and description (those this user may remove)."""
    for path in (socket_path(code, folder), info_path(code, folder)):
        with contextlib.suppress(OSError):
            path.unlink()


# ------------------------------------------------------------------ private files


def private_dir(*parts: str) -> Path:
    """A folder of makao's under the user's data folder (``MAKAO_DATA_DIR`` or the platform's),
    user-only (mode 700); the data folder gets that mode only if makao makes it (issue 29: a
    folder that was there, say a shared one of mode 1777, keeps its own)."""
    base = data_dir()
    made = not base.exists()
    path = base.joinpath(*parts)
    path.mkdir(mode=0o700, parents=True, exist_ok=True)
    with contextlib.suppress(OSError):
        if made:
            os.chmod(base, 0o700)
        if path != base:
            os.chmod(path, 0o700)
    return path


def write_private(path: Path, data: dict) -> None:
    """Write ``data`` as JSON to ``path``, readable by its user only, replaced atomically."""
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as out:
        json.dump(data, out)
    os.replace(tmp, path)


def read_private(path: Path) -> dict:
    """The JSON object in ``path``, or ``{}`` if it is missing or unreadable."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def token_path() -> Path:
    """The file of this user's seat tokens: ``{code: {"table": id, "seat": n, "token": t}}``."""
    return private_dir("tables") / "seats.json"


def server_dir() -> Path:
    """The folder of this user's table servers' records and logs (user-only)."""
    return private_dir("servers")
