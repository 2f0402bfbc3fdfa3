"""The player's settings: a small JSON file beside the saved games (``settings.json`` in
:func:`~makao_tui.store.database.data_dir`: ``$MAKAO_DATA_DIR`` or the user's data folder).

It holds the language and the colours (theme) chosen on the start screen. A missing file gives the defaults; a file
that cannot be read, is not JSON or holds wrong values also gives the defaults, with the reason in
:attr:`Settings.trouble` (the app says it; nothing is raised), and is overwritten by the next save.
"""

from __future__ import annotations

import json
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path

from .database import data_dir

#: the settings file's name in the data folder
SETTINGS_NAME = "settings.json"


@dataclass(frozen=True)
class Settings:
    """The player's settings. ``language``: a language code chosen on the start screen (None:
    not chosen, the locale decides; :func:`makao_tui.engine.i18n.choose_language`); ``theme``: the
    colours chosen there (a theme's name, :data:`makao_tui.app.themes.THEMES`; None: not chosen,
    the terminal decides); ``trouble``: why the file could not be used when it was read (None: it
    could, or there was none)."""

    language: str | None = None
    trouble: str | None = None
    theme: str | None = None


def settings_path() -> Path:
    """The settings file: ``data_dir() / SETTINGS_NAME``."""
    return data_dir() / SETTINGS_NAME


def load_settings(path: Path | None = None) -> Settings:
    """The settings in ``path`` (default :func:`settings_path`). Never raises: a missing file gives
    the defaults, a damaged one the defaults with :attr:`Settings.trouble` saying why."""
    path = path or settings_path()
    try:
        raw = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return Settings()
    except (OSError, UnicodeDecodeError) as exc:
        return Settings(trouble=f"{path}: {exc}")
    try:
        data = json.loads(raw)
    except ValueError as exc:
        return Settings(trouble=f"{path}: not JSON ({exc})")
    if not isinstance(data, dict):
        return Settings(trouble=f"{path}: not a JSON object")
    language, theme = data.get("language"), data.get("theme")
    if language is not None and not isinstance(language, str):
        return Settings(trouble=f"{path}: language is not a text")
    if theme is not None and not isinstance(theme, str):
        return Settings(trouble=f"{path}: theme is not a text")
    return Settings(language=language, theme=theme)


def save_settings(settings: Settings, path: Path | None = None) -> None:
    """Write ``settings`` to ``path`` (default :func:`settings_path`), making its folder (mode 700;
    a folder that was there keeps its own); the file is replaced whole (a crash never leaves half a
    file). Raises OSError if it cannot be written."""
    path = path or settings_path()
    path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)  # user-only when makao makes it, as the store
    text = json.dumps({"language": settings.language, "theme": settings.theme}, ensure_ascii=False, indent=1) + "\n"
    fd, temp = tempfile.mkstemp(prefix=".settings-", suffix=".json", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
        os.replace(temp, path)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise
