"""Modal choices made with a play: the suit an ace names, the rank a jack demands, the card a
joker stands for (its rank, then its suit; makao_tui/rules/makao-pl.en.md#house-rules ``jokers``).

Both offer exactly the choices the engine's legal actions hold for the card, and return the
choice (a suit letter; a rank or ``"none"``) or None when cancelled with Esc.
"""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from ...engine.cards import rank_label, rank_name, suit_label, suit_name
from ...engine.i18n import N_, _
from .common import COMMON_CSS

#: the key that picks a demand
DEMAND_KEYS = {"5": "5", "6": "6", "7": "7", "8": "8", "9": "9", "T": "0", "Q": "q", None: "n"}
NO_DEMAND = "none"
#: the ranks a picker names by their number, as printed on the cards, not by their word
NUMBER_RANKS = "23456789T"
#: the key that picks a joker's rank
RANK_KEYS = {"T": "0", "J": "j", "Q": "q", "K": "k", "A": "a"}


class _Picker(ModalScreen[str | None]):
    """A row of buttons, one per choice; a key or Enter on a button picks, Esc cancels."""

    CSS_PATH = COMMON_CSS
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", N_("Cancel")),
                Binding("left", "app.focus_previous", show=False),
                Binding("right", "app.focus_next", show=False)]

    #: the classes of the dialog box
    DIALOG_CLASSES = "dialog picker"

    def __init__(self, question: str, choices: list[tuple[str, str, str]]) -> None:
        """``choices``: (value, button label, key) triples."""
        super().__init__()
        self.question = question
        self.choices = choices

    def compose(self) -> ComposeResult:
        with Vertical(classes=self.DIALOG_CLASSES):
            yield Static(self.question, classes="title")
            with Horizontal(classes="buttons"):
                for value, label, _key in self.choices:
                    yield Button(label, id=f"pick-{value}", classes="pick", compact=True)
            keys = " ".join(key for _value, _label, key in self.choices)
            yield Static(_("Keys: {keys}; or ←/→ and Enter. Esc: cancel.").format(keys=keys), classes="hint")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id is not None:  # every choice's button has one
            self.dismiss(event.button.id.removeprefix("pick-"))

    def on_key(self, event) -> None:
        for value, _label, key in self.choices:
            if event.key == key or (event.character and event.character.lower() == key):
                event.stop()
                self.dismiss(value)
                return

    def action_cancel(self) -> None:
        """Choose nothing: the play is not made."""
        self.dismiss(None)


def suit_choices(suits: list[str], label: str = "", ascii: bool = False) -> list[tuple[str, str, str]]:
    """The choices of a suit picker: keys 1 to 4 in the order shown, the same in every language
    (the suits' initials differ: ♥ is h, ч, k) and none of them a key of the table behind it
    (``d`` draws, ``h`` hints, ``s`` shows the scores); ``label`` goes before each suit (a
    joker's rank)."""
    return [(s, f"{label}{suit_label(s, ascii)} {suit_name(s)} ({i})", str(i)) for i, s in enumerate(suits, 1)]


class SuitPicker(_Picker):
    """The suit an ace names: keys 1-4 (:func:`suit_choices`; only the suits the engine offers)."""

    def __init__(self, suits: list[str], ascii: bool = False) -> None:
        super().__init__(_("Name a suit for the ace"), suit_choices(suits, ascii=ascii))


class DemandPicker(_Picker):
    """The rank a jack demands (makao-pl): 5 6 7 8 9 10 Q or none (keys 5-9, 0, q, n), in the
    engine's order with "none" last."""

    def __init__(self, demands: list[str | None]) -> None:
        choices = []
        for rank in sorted(demands, key=lambda r: r is None):
            key = DEMAND_KEYS.get(rank, "")
            if rank is None:
                choices.append((NO_DEMAND, _("none ({key})").format(key=key), key))
            else:  # a number as on the cards (eight named choices fit 80 columns in every language)
                word = rank_label(rank) if rank in NUMBER_RANKS else rank_name(rank)
                choices.append((rank, word if word == key else f"{word} ({key})", key))
        super().__init__(_("Demand a rank with the jack"), choices)


class JokerRankPicker(_Picker):
    """The rank of the card a joker stands for (keys 2-9, 0 for 10, j q k a), only the ranks the
    engine offers (e.g. those that answer a pending penalty)."""

    DIALOG_CLASSES = "dialog picker ranks"

    def __init__(self, ranks: list[str]) -> None:
        # short labels, so that all thirteen fit on one row at 80 columns
        choices = [(rank, "10" if rank == "T" else rank, RANK_KEYS.get(rank, rank)) for rank in ranks]
        super().__init__(_("The joker stands for a card: its rank"), choices)


class JokerSuitPicker(_Picker):
    """The suit of the card a joker stands for (keys 1-4, :func:`suit_choices`), only the suits
    the engine offers."""

    def __init__(self, rank: str, suits: list[str], ascii: bool = False) -> None:
        choices = suit_choices(suits, rank_name(rank), ascii)
        super().__init__(_("The joker stands for a card of rank {rank}: its suit").format(rank=rank_name(rank)),
                         choices)
