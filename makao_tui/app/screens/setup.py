"""The setup screen: seats (human with a name, or AI of a level), the game's rules, a seed, Start.

The rules come first as a preset (makao_tui/rules/makao-pl.en.md#house-rules: "Seed rules", "House rules"), then
every option of
the game's rules dataclass with its one-line ``description``. The options form is generated from
the fields' ``metadata`` (``label``, ``description``, ``choices``, ``range``): a bool becomes a
Checkbox, choices a Select, a whole number with a range an Input (empty = off when the field's
default is None). Choosing a preset sets every option to its values; changing an option shows the
preset those values make, or "Custom". A value out of range is marked beside its field (with the
allowed range) as soon as it is typed; the engine's own check (:func:`make_rules`) has the last
word, and its complaint is shown beside the fields it names.
"""

from __future__ import annotations

import dataclasses
import random
import re
from collections.abc import Sequence
from pathlib import Path, PurePath
from typing import TYPE_CHECKING, Any, ClassVar, cast

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Checkbox, Input, Select, Static

from ...ai import DEFAULT_LEVEL, LEVELS
from ...engine.i18n import LANGUAGES, N_, _, load
from ...engine.variant import (
    RulesError,
    Variant,
    level_name,
    option_description,
    option_fields,
    option_label,
    option_value_label,
)
from ...table import SeatSpec
from ..widgets.footer import KeyBar
from .common import COMMON_CSS
from .lifecycle import leaving

if TYPE_CHECKING:
    from ..services import AppServices

NAME_LENGTH = 12
#: the name the first seat is given, in the language in use
DEFAULT_NAME = N_("Player 1")

#: the words the preset choice shows for each preset name (makao_tui/rules/makao-pl.en.md#house-rules); others show
#: their name
PRESET_LABELS = {"seed": N_("Seed rules"), "house": N_("House rules")}
#: the words of each AI level (``LEVELS``), translated where shown
CUSTOM = "custom"


class Choice(Select[Any]):
    """A Select (one value of a few) that goes quietly when its screen is removed while it mounts
    (:func:`~.lifecycle.leaving`): when mounted, Textual's Select fills its drop-down and its label,
    which are not there when the screen was popped or the app ended before they were mounted; it
    then skips the rest of its mounting."""

    def _on_mount(self, event: events.Mount) -> None:
        if leaving(self.screen):
            event.prevent_default()  # (Select's own handler would look its parts up)


class SeatRow(Vertical):
    """One seat: its number, Human / AI / Open (a button that cycles; an open seat is for another
    player, who joins the hosted table from their own terminal), the AI's level (easy, normal,
    hard; shown for an AI seat), the human's name, Remove; under them, while there is one, what
    is wrong with the seat (a line of its own: beside Remove it was cut at 80 columns).

    Tab goes from a seat's name to the next seat, never to Remove (one Tab from the first name
    landed there, where typing did nothing): Remove is clicked, or Ctrl+R removes the seat the
    keys are in. Letters typed on a seat's button go to its name (an AI or open seat becomes a
    human one: a name was typed for it)."""

    #: what the kind button cycles through, and its labels
    KINDS = ("human", "ai", "open")
    LABELS: ClassVar[dict[str, str]] = {"human": N_("Human"), "ai": N_("AI"), "open": N_("Open")}
    PLACEHOLDERS: ClassVar[dict[str, str]] = {"human": N_("name"), "ai": N_("(computer)"),
                                              "open": N_("(another player)")}

    def __init__(self, spec: SeatSpec) -> None:
        super().__init__(classes="seat-row")
        self.kind = "ai" if spec.is_ai else "open" if spec.open else "human"
        self.start_name = spec.name if self.kind == "human" else ""
        self.start_level = spec.level if spec.level in LEVELS else DEFAULT_LEVEL

    @property
    def is_ai(self) -> bool:
        """Whether the computer plays this seat."""
        return self.kind == "ai"

    def compose(self) -> ComposeResult:
        with Horizontal(classes="seat-line"):
            yield Static("", classes="seat-number")
            yield Button(_(self.LABELS[self.kind]), classes="kind", compact=True)
            level = Choice([(level_name(lv), lv) for lv in LEVELS], value=self.start_level, allow_blank=False,
                           compact=True, classes="level")
            level.visible = self.is_ai
            yield level
            yield Input(self.start_name, placeholder=_(self.PLACEHOLDERS[self.kind]),
                        max_length=NAME_LENGTH, disabled=self.kind != "human", classes="name", compact=True)
            remove = Button(_("Remove"), classes="remove", compact=True)
            remove.can_focus = False  # out of the Tab order: Ctrl+R
            yield remove
        error = Static("", classes="error")
        error.display = False
        yield error

    @property
    def name_input(self) -> Input:
        """The name field."""
        return self.query_one(Input)

    @property
    def level(self) -> str:
        """The AI level chosen for this seat."""
        return str(self.query_one(".level", Select).value)

    def toggle(self) -> None:
        """Human → AI → Open → Human."""
        self.kind = self.KINDS[(self.KINDS.index(self.kind) + 1) % len(self.KINDS)]
        self.query_one(".kind", Button).label = _(self.LABELS[self.kind])
        self.query_one(".level", Select).visible = self.is_ai
        name = self.name_input
        name.disabled = self.kind != "human"
        name.placeholder = _(self.PLACEHOLDERS[self.kind])
        if self.kind != "human":
            name.value = ""

    def on_key(self, event: events.Key) -> None:
        """A letter typed on a seat's Human / AI / Open button goes to its name: a name typed
        there means a person sits there, so an AI or open seat becomes a human one."""
        kind = self.query_one(".kind", Button)
        if kind.has_focus and event.is_printable and event.character and not event.character.isspace():
            event.stop()
            while self.kind != "human":
                self.toggle()
            name = self.name_input
            name.select_on_focus = False  # the letter is kept, not selected and typed over
            name.focus()
            name.insert_text_at_cursor(event.character)

    def on_descendant_blur(self, event: events.DescendantBlur) -> None:
        if event.widget is self.name_input:
            self.name_input.select_on_focus = True  # as ever once the keys leave the name

    def set_error(self, message: str) -> None:
        """Show ``message`` under the seat (empty clears it and gives the line back)."""
        error = self.query_one(".error", Static)
        error.update(message)
        error.display = bool(message)

    @property
    def error(self) -> str:
        """What is shown as wrong with the seat ("" when nothing is)."""
        return str(self.query_one(".error", Static).content)


class OnOff(Checkbox):
    """A rule that is on or off: the box holds ✓ and reads "on", or stays empty and reads "off",
    so the two look different also without colour."""

    def __init__(self, value: bool, *, id: str | None = None) -> None:
        super().__init__(_("on") if value else _("off"), value, id=id, compact=True)
        self.BUTTON_INNER = "✓" if value else " "

    def watch_value(self) -> None:
        super().watch_value()
        self.BUTTON_INNER = "✓" if self.value else " "
        self.label = _("on") if self.value else _("off")


def _field_widget(field: dataclasses.Field, value: Any) -> Any:
    """The input widget of one rule option."""
    meta = field.metadata
    wid = f"opt-{field.name}"
    if isinstance(field.default, bool):
        return OnOff(bool(value), id=wid)
    if "choices" in meta:
        return Choice([(option_value_label(field, c), c) for c in meta["choices"]], value=value,
                      allow_blank=False,
                      id=wid, compact=True)
    placeholder = _("off") if field.default is None else ""
    if "range" in meta:
        low, high = meta["range"]
        placeholder += f" ({low}-{high})" if placeholder else f"{low}-{high}"
    return Input("" if value is None else str(value), placeholder=placeholder, id=wid, compact=True,
                 type="integer" if isinstance(field.default, int) or "range" in meta else "text")


#: the ``CSS_PATH`` of the setup screen: what the screens share, then its own (read when it is
#: first shown)
SETUP_SHEETS: list[str | PurePath] = [COMMON_CSS, str(Path(__file__).with_name("setup.tcss"))]


class SetupScreen(Screen[None]):
    """Seats, options and seed of a new match of ``variant`` (pre-filled from the last match)."""

    CSS_PATH = SETUP_SHEETS

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "back", N_("Back")),
        Binding("ctrl+s", "start", N_("Start")),
        Binding("ctrl+o", "host", N_("Host for others")),
        Binding("question_mark", "app.help", N_("Help"), key_display="?"),
        Binding("f1", "rules", N_("Rules")),
        Binding("ctrl+r", "remove_seat", N_("Remove seat")),
        Binding("down", "app.focus_next", show=False),
        Binding("up", "app.focus_previous", show=False),
    ]

    @property
    def makao_app(self) -> AppServices:
        """The app, typed."""
        return cast("AppServices", self.app)

    def __init__(self, variant: Variant, seats: Sequence[SeatSpec] | None = None,
                 rules: Any = None, seed: int | None = None) -> None:
        super().__init__()
        self.variant = variant
        from ...net.identity import door_player  # here: the start screen does not need it

        door = door_player()  # a player of a makao serve door sits under their own name
        default = [SeatSpec(door.name if door is not None else _(DEFAULT_NAME), False), SeatSpec("", True),
                   SeatSpec("", True)]
        if seats:  # the default name of another language (the language was switched since) in this one's
            said = {load(code).gettext(DEFAULT_NAME) for code in LANGUAGES}
            seats = [dataclasses.replace(s, name=_(DEFAULT_NAME)) if not s.is_ai and s.name in said else s
                     for s in seats]
        self.start_seats = list(seats) if seats else default[:max(variant.min_players, min(3, variant.max_players))]
        self.start_rules = rules if rules is not None else variant.rules()
        self.start_seed = seed

    def compose(self) -> ComposeResult:
        v = self.variant
        yield Static(_("{game} — new match").format(game=v.title()), classes="title")
        with VerticalScroll(id="setup-form"):
            yield Static(_("Seats ({low} to {high}); the first seat after the dealer plays first").format(
                low=v.min_players, high=v.max_players), classes="section")
            with Vertical(id="seat-rows"):
                for spec in self.start_seats:
                    yield SeatRow(spec)
            yield Button(_("Add seat"), id="add-seat", compact=True)
            yield Static(_("Rules"), classes="section")
            with Horizontal(classes="option-row"):
                yield Static(_("Preset"), classes="label")
                yield Choice(self._preset_choices(), value=v.preset_of(self.start_rules), allow_blank=False,
                             id="preset", compact=True)
            for field in option_fields(v.rules_type):
                with Horizontal(classes="option-row"):
                    yield Static(option_label(field), classes="label")
                    yield _field_widget(field, getattr(self.start_rules, field.name))
                    yield Static("", id=f"err-{field.name}", classes="error")
                yield Static(option_description(field), classes="option-desc")
            with Horizontal(classes="option-row"):
                yield Static(_("Seed (optional)"), classes="label")
                yield Input("" if self.start_seed is None else str(self.start_seed), id="seed",
                            placeholder=_("random"), type="integer", compact=True)
                yield Static("", id="err-seed", classes="error")
        yield Static("", id="setup-error", classes="error")
        with Horizontal(classes="buttons"):
            yield Button(_("Start (Ctrl+S)"), id="start", variant="primary", compact=True)
            yield Button(_("Host for others (Ctrl+O)"), id="host", compact=True)
            yield Button(_("Back (Esc)"), id="back", compact=True)
        yield KeyBar()

    def _preset_choices(self) -> list[tuple[str, str]]:
        """The preset Select's (label, value) pairs: every preset of the game, then "Custom"; a
        preset with the same values as ``seed`` says so."""
        v = self.variant
        seed = v.rules(preset="seed")
        out = []
        for name in v.presets:
            label = _(PRESET_LABELS[name]) if name in PRESET_LABELS else name
            if name != "seed" and v.rules(preset=name) == seed:
                label = _("{preset} (= seed)").format(preset=label)
            out.append((label, name))
        return [*out, (_("Custom"), CUSTOM)]

    def on_mount(self) -> None:
        if leaving(self):
            return
        self._renumber()
        first = self._rows()[0]
        if first.is_ai:
            self.query_one("#start", Button).focus()
        else:
            first.name_input.focus()

    # ------------------------------------------------------------ seats

    def _rows(self) -> list[SeatRow]:
        return list(self.query(SeatRow))

    def _renumber(self) -> None:
        rows = self._rows()
        for i, row in enumerate(rows, 1):
            row.query_one(".seat-number", Static).update(f"{i}.")
            row.query_one(".remove", Button).disabled = len(rows) <= self.variant.min_players
        self.query_one("#add-seat", Button).disabled = len(rows) >= self.variant.max_players

    async def on_button_pressed(self, event: Button.Pressed) -> None:
        button = event.button
        row = next((a for a in button.ancestors if isinstance(a, SeatRow)), None)
        if button.id == "start":
            self.action_start()
        elif button.id == "host":
            self.action_host()
        elif button.id == "back":
            self.action_back()
        elif button.id == "add-seat":
            if len(self._rows()) < self.variant.max_players:
                await self.query_one("#seat-rows").mount(SeatRow(SeatSpec("", True)))
                self._renumber()
        elif row is not None and button.has_class("kind"):
            row.toggle()
            self._recheck_seats()
            if row.kind == "human":
                row.name_input.focus()
        elif row is not None and button.has_class("remove"):
            await self._remove(row)

    def _focused_row(self) -> SeatRow | None:
        """The seat the keys are in (its button, level or name has the focus), or None."""
        focused = self.focused
        if focused is None:
            return None
        return next((a for a in focused.ancestors_with_self if isinstance(a, SeatRow)), None)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "remove_seat":  # in the key bar while the keys are in a seat, dimmed at the fewest
            if self._focused_row() is None:
                return False
            return len(self._rows()) > self.variant.min_players or None
        return True

    def on_descendant_focus(self) -> None:
        self.refresh_bindings()  # Ctrl+R shows while the keys are in a seat

    async def action_remove_seat(self) -> None:
        """Remove the seat the keys are in (Ctrl+R), if the game has players enough without it."""
        row = self._focused_row()
        if row is not None:
            await self._remove(row)

    async def _remove(self, row: SeatRow) -> None:
        """Remove seat ``row`` (not below the game's fewest players); the keys go to the seat
        that takes its place, else to Add seat."""
        rows = self._rows()
        if len(rows) <= self.variant.min_players:
            return
        index = rows.index(row)
        await row.remove()
        self._renumber()
        rows = self._rows()
        if index < len(rows):
            rows[index].query_one(".kind", Button).focus()
        else:
            self.query_one("#add-seat", Button).focus()

    # ------------------------------------------------------------ start

    def _read_field(self, field: dataclasses.Field) -> tuple[Any, str]:
        """The value of one option as entered and what is wrong with it (``""``: nothing); the
        range is makao_tui/rules/<game>.en.md#options as the field's metadata holds it."""
        widget = self.query_one(f"#opt-{field.name}")
        if isinstance(widget, (Checkbox, Select)):
            return widget.value, ""
        assert isinstance(widget, Input)  # the rest of the fields are typed in
        text = widget.value.strip()
        rng = field.metadata.get("range")
        if not text:
            return (None, "") if field.default is None else (None, _("needed"))
        if not isinstance(field.default, int) and rng is None:
            return text, ""
        try:
            number = int(text)
        except ValueError:
            return None, _("a whole number")
        if rng is not None and not rng[0] <= number <= rng[1]:
            words = (_("must be {low} to {high} (or empty: off)") if field.default is None
                     else _("must be {low} to {high}"))
            return None, words.format(low=rng[0], high=rng[1])
        return number, ""

    def _read_options(self) -> dict[str, Any] | None:
        """The options as entered, or None after marking the fields in error."""
        options: dict[str, Any] = {}
        ok = True
        for field in option_fields(self.variant.rules_type):
            value, error = self._read_field(field)
            self.query_one(f"#err-{field.name}", Static).update(error)
            if error:
                ok = False
            else:
                options[field.name] = value
        return options if ok else None

    # ------------------------------------------------------------ preset

    def on_select_changed(self, event: Select.Changed) -> None:
        """A preset chosen sets every option to its values (makao_tui/rules/makao-pl.en.md#house-rules)."""
        if event.select.id != "preset":
            self._option_changed(event.select.id)
            return
        if event.value == CUSTOM:
            return
        rules = self.variant.rules(preset=str(event.value))
        for field in option_fields(self.variant.rules_type):
            widget = self.query_one(f"#opt-{field.name}")
            value = getattr(rules, field.name)
            if isinstance(widget, Input):
                widget.value = "" if value is None else str(value)
            else:
                cast("Checkbox | Select", widget).value = value

    def _option_changed(self, widget_id: str | None) -> None:
        """An option changed: mark it if it is bad, and show the preset its values now make."""
        if not widget_id or not widget_id.startswith("opt-"):
            return
        name = widget_id.removeprefix("opt-")
        fields = {f.name: f for f in option_fields(self.variant.rules_type)}
        _value, error = self._read_field(fields[name])
        self.query_one(f"#err-{name}", Static).update(error)
        preset = self.query_one("#preset", Select)
        current = self._current_preset()
        if preset.value != current:
            preset.value = current

    def _current_preset(self) -> str:
        """The preset whose values the form holds (the chosen one first), or "custom"."""
        values: dict[str, Any] = {}
        for field in option_fields(self.variant.rules_type):
            value, error = self._read_field(field)
            if error:
                return CUSTOM
            values[field.name] = value
        try:
            rules = self.variant.rules(values)
        except RulesError:
            return CUSTOM
        chosen = self.query_one("#preset", Select).value
        if chosen != CUSTOM and rules == self.variant.rules(preset=str(chosen)):
            return str(chosen)
        return self.variant.preset_of(rules)

    def on_checkbox_changed(self, event: Checkbox.Changed) -> None:
        self._option_changed(event.checkbox.id)

    def on_input_changed(self, event: Input.Changed) -> None:
        if event.input.has_class("name"):
            self._recheck_seats()
        else:
            self._option_changed(event.input.id)

    def _mark_rules_error(self, message: str) -> None:
        """Show the engine's complaint beside every option field it names."""
        for field in option_fields(self.variant.rules_type):
            if re.search(rf"\b{re.escape(field.name)}\b", message):
                self.query_one(f"#err-{field.name}", Static).update(message)

    def _seat_errors(self) -> list[str]:
        """What is wrong with each seat, in order ("" for a seat that is fine): a human seat
        needs a name, and no two human seats the same one (in any case)."""
        errors: list[str] = []
        seen: set[str] = set()
        for row in self._rows():
            if row.kind != "human":
                errors.append("")
                continue
            name = row.name_input.value.strip()
            if not name:
                errors.append(_("a name, please"))
            elif name.casefold() in seen:
                errors.append(_("name taken"))
            else:
                errors.append("")
            seen.add(name.casefold())
        return errors

    def _read_seats(self) -> list[SeatSpec] | None:
        seats: list[SeatSpec] = []
        errors = self._seat_errors()
        for row, error in zip(self._rows(), errors, strict=True):
            row.set_error(error)
            if row.is_ai:
                seats.append(SeatSpec("", True, row.level))
            elif row.kind == "open":
                seats.append(SeatSpec("", False, open=True))
            else:
                seats.append(SeatSpec(row.name_input.value.strip(), False))
        return seats if not any(errors) else None

    def _recheck_seats(self) -> None:
        """After a seat's name or kind changed: the errors shown (by Start or Host) that are put
        right go, and "Please fix…" with the last of them; none is shown anew while typing."""
        rows = self._rows()
        if not any(row.error for row in rows):
            return
        for row, error in zip(rows, self._seat_errors(), strict=True):
            if row.error and row.error != error:
                row.set_error(error)
        fields = [f"#err-{f.name}" for f in option_fields(self.variant.rules_type)] + ["#err-seed"]
        if not any(row.error for row in rows) and not any(
                str(self.query_one(wid, Static).content) for wid in fields):
            general = self.query_one("#setup-error", Static)
            if str(general.content) == _("Please fix the fields marked in red."):
                general.update("")

    def _checked(self) -> tuple[list[SeatSpec], Any, int | None] | None:
        """Seats, rules and seed as entered, or None after showing what is wrong."""
        general = self.query_one("#setup-error", Static)
        general.update("")
        seats, options = self._read_seats(), self._read_options()
        seed_text = self.query_one("#seed", Input).value.strip()
        seed_error = self.query_one("#err-seed", Static)
        seed_error.update("")
        seed: int | None = None
        if seed_text:
            try:
                seed = int(seed_text)
            except ValueError:
                seed_error.update(_("a whole number"))
                seats = None
        if seats is None or options is None:
            general.update(_("Please fix the fields marked in red."))
            return None
        try:
            rules = self.variant.rules(options)
            self.variant.check_players(len(seats))
        except RulesError as exc:
            general.update(str(exc))
            self._mark_rules_error(str(exc))
            return None
        return seats, rules, seed

    def action_start(self) -> None:
        """Check everything; start the match or show what is wrong."""
        checked = self._checked()
        if checked is None:
            return
        if any(row.kind == "open" for row in self._rows()):
            self.query_one("#setup-error", Static).update(
                _("A seat is open for another player: host the table for others (Ctrl+O)."))
            return
        seats, rules, seed = checked
        self.makao_app.start_match(self.variant, rules, seats,
                             seed if seed is not None else random.randrange(2**31))

    def action_host(self) -> None:
        """Host a shared table of these seats (open seats wait for other players of this box,
        who join with the code shown); you sit at the first human seat."""
        checked = self._checked()
        if checked is None:
            return
        if not any(row.kind == "open" for row in self._rows()):
            self.query_one("#setup-error", Static).update(
                _("Make a seat Open (its Human / AI button) for another player to join."))
            return
        seats, rules, _seed = checked  # the server deals: a seed never leaves it
        me = next((spec.name for spec in seats if not spec.is_ai and not spec.open), None)
        self.makao_app.host_table(self.variant, rules, seats, me)

    def action_rules(self) -> None:
        """The game's rules in full, the options as the form holds them marked (F1, as at a table
        and on the start screen); those the form was opened with while a field is in error."""
        from .rules import RulesScreen

        options = self._read_options()
        try:
            rules = self.variant.rules(options) if options is not None else self.start_rules
        except RulesError:
            rules = self.start_rules
        self.app.push_screen(RulesScreen(self.variant, rules, for_match=False))

    def action_back(self) -> None:
        """Back to the start screen."""
        self.makao_app.open_start()
