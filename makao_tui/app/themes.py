"""The app's colour themes (Textual themes) and which one a terminal gets.

* ``default``: Textual's dark theme, for terminals of 256 colours or more;
* ``16-colour``: the terminal's own sixteen ANSI colours, chosen automatically when the terminal
  reports fewer than 256 (``TERM`` without ``256color``, ``COLORTERM`` unset: what Rich detects),
  where the default theme's greys and shades would be rounded to black or to each other;
* ``high-contrast``: white on black, yellow for what is chosen or to act, no faint greys
  (``makao --theme high-contrast``, or ``t`` on the start screen).

``NO_COLOR`` is honoured on top of any of them (Textual turns every colour into a grey).
"""

from __future__ import annotations

from collections.abc import Mapping

from rich.console import Console
from textual import constants
from textual.theme import Theme

from ..engine.i18n import N_

__all__ = ["THEMES", "THEME_WORDS", "choose_theme", "colour_system", "textual_theme"]

#: the terminal's own sixteen colours (ANSI), no shades or see-through colours
SIXTEEN_COLOURS = Theme(
    name="makao-16-colour",
    ansi=True,
    primary="ansi_blue",
    secondary="ansi_cyan",
    accent="ansi_bright_yellow",
    warning="ansi_yellow",
    error="ansi_bright_red",
    success="ansi_green",
    foreground="ansi_default",
    background="ansi_default",
    surface="ansi_default",
    panel="ansi_default",
    boost="ansi_default",
    dark=True,
    variables={
        "ansi-background": "ansi_black",
        "ansi-foreground": "ansi_white",
        "text-muted": "ansi_white",
        "border": "ansi_bright_yellow",
        "border-blurred": "ansi_white",
        "panel-lighten-2": "ansi_white",
        "block-cursor-foreground": "ansi_black",
        "block-cursor-background": "ansi_bright_white",
        "block-cursor-blurred-foreground": "ansi_black",
        "block-cursor-blurred-background": "ansi_white",
        "block-hover-background": "ansi_bright_black",
        "footer-key-foreground": "ansi_bright_yellow",
        "footer-description-foreground": "ansi_default",
        "footer-background": "ansi_default",
        "footer-key-background": "ansi_default",
        "footer-description-background": "ansi_default",
        "input-cursor-background": "ansi_bright_white",
        "input-cursor-foreground": "ansi_black",
        "input-selection-background": "ansi_blue",
        "scrollbar": "ansi_white",
        "scrollbar-background": "ansi_bright_black",
    },
)

#: white on black, yellow for what is chosen or to act
HIGH_CONTRAST = Theme(
    name="makao-high-contrast",
    primary="#ffff00",
    secondary="#00ffff",
    accent="#ffff00",
    warning="#ffff00",
    error="#ff4040",
    success="#00ff00",
    foreground="#ffffff",
    background="#000000",
    surface="#000000",
    panel="#000000",
    boost="#000000",
    dark=True,
    text_alpha=1.0,
    variables={
        "text-muted": "#ffffff",
        "text-disabled": "#c0c0c0",
        "panel-lighten-2": "#ffffff",
        "border": "#ffff00",
        "border-blurred": "#ffffff",
        "block-cursor-foreground": "#000000",
        "block-cursor-background": "#ffff00",
        "block-cursor-text-style": "bold",
        "block-cursor-blurred-foreground": "#000000",
        "block-cursor-blurred-background": "#ffffff",
        "block-hover-background": "#303030",
        "footer-key-foreground": "#ffff00",
        "footer-description-foreground": "#ffffff",
        "footer-background": "#000000",
        "footer-key-background": "#000000",
        "footer-description-background": "#000000",
        "input-cursor-background": "#ffff00",
        "input-cursor-foreground": "#000000",
        "input-selection-background": "#0000ff",
        "scrollbar": "#ffffff",
        "scrollbar-background": "#303030",
    },
)

#: the themes by the name the player chooses (``--theme``; ``t`` on the start screen goes round
#: them in this order); ``default`` is Textual's own dark theme
THEMES: dict[str, Theme | None] = {"default": None, "high-contrast": HIGH_CONTRAST, "16-colour": SIXTEEN_COLOURS}

#: each theme's name in words (the start screen's key bar says which is in use)
THEME_WORDS = {"default": N_("default colours"), "16-colour": N_("16 colours"), "high-contrast": N_("high contrast")}


def textual_theme(name: str) -> str:
    """The name Textual knows theme ``name`` (one of :data:`THEMES`) by; KeyError otherwise."""
    theme = THEMES[name]
    return constants.DEFAULT_THEME if theme is None else theme.name


def colour_system(environ: Mapping[str, str]) -> str | None:
    """How many colours the terminal of ``environ`` reports, as Rich (and so Textual) detects them:
    ``"truecolor"`` (``COLORTERM=truecolor``), ``"256"`` (``TERM=…256color``), ``"standard"`` (16
    colours: any other ``TERM``), ``"windows"``, or None (``TERM=dumb``: no colour at all).
    ``TEXTUAL_COLOR_SYSTEM``, when it names one, decides instead, as it does for Textual."""
    forced = environ.get("TEXTUAL_COLOR_SYSTEM", constants.COLOR_SYSTEM)
    if forced in ("standard", "256", "truecolor", "windows"):
        return forced
    return Console(force_terminal=True, _environ=dict(environ)).color_system


def choose_theme(flag: str | None, colours: str | None, saved: str | None = None) -> str:
    """The theme to use (a key of :data:`THEMES`): ``flag`` (``--theme``) unless it is None or
    ``auto``; without a flag, ``saved`` (chosen with ``t`` on the start screen, kept in the
    settings) if it names a theme; else ``16-colour`` where the terminal reports fewer than 256 colours
    (``colours`` from :func:`colour_system` is ``standard``, ``windows`` or None), else
    ``default``. Raises KeyError for a ``flag`` that names no theme."""
    if flag is not None and flag != "auto":
        if flag not in THEMES:
            raise KeyError(flag)
        return flag
    if flag is None and saved in THEMES:
        return saved
    return "16-colour" if colours in ("standard", "windows", None) else "default"
