"""Cards on screen: one card as coloured text, a card drawn as a small box, a hand of them.

Hearts and diamonds are red, clubs and spades keep the default colour; with ``ascii`` the suits
show as ``S H D C``. A hand marks the cards the engine says are playable (green border and a dot
in the bottom edge; bright white with the four-colour deck, whose clubs are green) and the chosen
one (heavy yellow border); cards marked for a play of several (makao_tui/rules/makao-pl.en.md#house-rules
``multi_play``) have a
double magenta border with their place in the play in the bottom edge; cards the screen names as
``dimmed`` (those that may not be played now) are drawn faded. A joker is magenta; on the pile its
box carries a star in the top edge.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from rich.text import Text
from textual import events
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget
from textual.widgets import Static

from ...engine.cards import JOKER, Card

RED = "bold #e0505a"
#: the suits' styles of the usual deck (red hearts and diamonds) and of the four-colour deck for
#: colour-blind players (``makao --four-colour``: black spades, red hearts, blue diamonds, green clubs)
TWO_COLOURS = {"S": "bold", "H": RED, "D": RED, "C": "bold"}
FOUR_COLOURS = {"S": "bold", "H": RED, "D": "bold #4a8cff", "C": "bold #3cb043"}
BOX_WIDTH = 5
GAP = 1
CHIP_WIDTH = 4
#: key that chooses the card at each index (1..9, then 0 for the tenth)
INDEX_KEYS = "1234567890"


JOKER_STYLE = "bold magenta"


#: the border of a playable card: green with the usual deck; with the four-colour deck, whose clubs
#: are green, bright white, so that a playable card is never mistaken for a club (both keep the dot)
PLAYABLE_TWO_COLOURS = "bold green"
PLAYABLE_FOUR_COLOURS = "bold bright_white"

_suit_styles = TWO_COLOURS
_playable = PLAYABLE_TWO_COLOURS


def use_four_colours(four: bool) -> None:
    """Draw every card of this process in the four-colour deck (``four``) or the usual one; the
    app sets it when it starts (``makao --four-colour``)."""
    global _suit_styles, _playable
    _suit_styles = FOUR_COLOURS if four else TWO_COLOURS
    _playable = PLAYABLE_FOUR_COLOURS if four else PLAYABLE_TWO_COLOURS


def playable_style() -> str:
    """The style that marks a playable card (its border and dot) with the deck in use."""
    return _playable


def suit_style(suit: str) -> str:
    """The style of ``suit`` (``"S"``, ``"H"``, ``"D"``, ``"C"``) in the deck in use."""
    return _suit_styles.get(suit, "bold")


def card_text(card: Card, ascii: bool = False) -> Text:
    """``10♥`` as Rich text in the deck's colours (:func:`suit_style`), the joker magenta."""
    if card == JOKER:
        return Text(card.label(ascii), style=JOKER_STYLE)
    return Text(card.label(ascii), style=suit_style(card.suit))


def with_cards(template: str, style: str = "", **fields: str | Text) -> Text:
    """A translated sentence ``template`` (``str.format`` fields) as Rich text in ``style``, its
    fields filled in; a field given as :class:`~rich.text.Text` (a card in its colours,
    :func:`card_text`) keeps its own style: ``with_cards(_("The drawn {card} counts for nothing"),
    card=card_text(c))``."""
    out = Text(style=style)
    rest = template
    while rest:
        head, brace, tail = rest.partition("{")
        name, close, after = tail.partition("}")
        out.append(head)
        if not brace:
            break
        if not close:  # a lone brace: not a field
            out.append("{" + tail)
            break
        value = fields[name]
        if isinstance(value, Text):
            out.append_text(value)
        else:
            out.append(str(value))
        rest = after
    return out


def _box(card: Card, ascii: bool, key: str, playable: bool, selected: bool,
         faded: bool = False, mark: int = 0) -> list[Text]:
    """The three lines of one card box (5 columns wide); ``faded``: drawn dim; ``mark``: its
    place (1..) among the cards marked for a play, 0 if unmarked."""
    if mark:
        tl, tr, bl, br, h, v = "╔", "╗", "╚", "╝", "═", "║"
        border = "bold magenta" if not selected else "bold yellow"
    elif selected:
        tl, tr, bl, br, h, v = "┏", "┓", "┗", "┛", "━", "┃"
        border = "bold yellow"
    else:
        tl, tr, bl, br, h, v = "┌", "┐", "└", "┘", "─", "│"
        border = _playable if playable else "dim"
    top = Text.assemble((tl + h + (key or h) + h + tr, border))
    label = card_text(card, ascii)
    if faded:
        label.stylize("dim")
    middle = Text.assemble((v, border), " " * (3 - len(label.plain)), label, (v, border))
    bottom = Text.assemble((bl + h + (str(mark) if mark else "•" if playable else h) + h + br, border))
    return [top, middle, bottom]


class CardView(Static):
    """One face-up card drawn as a box (the top of the discard pile)."""

    _shown: tuple | None = None

    def show(self, card: Card | None, ascii: bool = False, joker: bool = False) -> None:
        """Draw ``card`` (None: an empty place); ``joker``: it is a joker played as ``card``
        (a star, or ``*`` with ``ascii``, in the top edge). Nothing is redrawn for the card
        already shown."""
        if (card, ascii, joker) == self._shown:
            return
        self._shown = (card, ascii, joker)
        if card is None:
            self.update(Text("┌───┐\n│   │\n└───┘", style="dim"))
            return
        lines = _box(card, ascii, "*" if joker and ascii else "★" if joker else "", False, False)
        if joker:
            lines[0].stylize(JOKER_STYLE)
        self.update(Text("\n").join(lines))


class HandView(Widget, can_focus=True):
    """A hand of cards, as boxes in rows (or one-line chips when boxes would not fit).

    The screen sets the contents with :meth:`show`; a click on a card posts :class:`Clicked`.
    ``max_box_rows``: how many rows of boxes are allowed before falling back to chips.
    """

    DEFAULT_CSS = """
    HandView { height: auto; }
    """

    #: rows of boxes allowed before the hand is drawn as chips (a change lays the hand out again)
    max_box_rows: reactive[int] = reactive(2, layout=True)

    class Clicked(Message):
        """A card of the hand was clicked; ``index`` is its place in the hand."""

        def __init__(self, index: int) -> None:
            super().__init__()
            self.index = index

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.cards: tuple[Card, ...] = ()
        self.playable: frozenset[Card] = frozenset()
        self.selected: int | None = None
        self.note = ""
        self.dimmed: frozenset[Card] = frozenset()
        self.marked: tuple[int, ...] = ()
        self.ascii = False

    def show(self, cards: Sequence[Card], playable: Collection[Card], selected: int | None,
             ascii: bool = False, note: str = "", dimmed: Collection[Card] = (),
             marked: Sequence[int] = ()) -> None:
        """Show ``cards`` (``note`` instead when there are none to show, e.g. a hidden hand);
        the cards in ``dimmed`` are drawn faded; ``marked``: indices of the cards marked for a
        play, in the order marked. Only a new choice of card: redrawn in place; the same hand as
        shown: nothing is redrawn."""
        same_cards = (tuple(cards), frozenset(playable), frozenset(dimmed), ascii, note,
                      tuple(marked)) == (self.cards, self.playable, self.dimmed, self.ascii,
                                         self.note, self.marked)
        if same_cards and selected == self.selected:
            return
        self.marked = tuple(marked)
        self.cards = tuple(cards)
        self.playable = frozenset(playable)
        self.dimmed = frozenset(dimmed)
        self.selected = selected
        self.ascii = ascii
        self.note = note
        self.refresh(layout=not same_cards)

    # ------------------------------------------------------------ geometry

    def _per_row(self, width: int) -> int:
        return max(1, (width + GAP) // (BOX_WIDTH + GAP))

    def _uses_boxes(self, width: int) -> bool:
        per_row = self._per_row(width)
        return -(-len(self.cards) // per_row) <= self.max_box_rows

    def get_content_height(self, container, viewport, width: int) -> int:
        """Rows of boxes × 3, or the lines of chips, or one line for a note."""
        if not self.cards:
            return 1
        if self._uses_boxes(width):
            return 3 * -(-len(self.cards) // self._per_row(width))
        per_line = max(1, (width + 1) // (CHIP_WIDTH + 1))
        return -(-len(self.cards) // per_line)

    # ------------------------------------------------------------ drawing

    def render(self) -> Text:
        """The hand as rows of card boxes or lines of chips."""
        if not self.cards:
            return Text(self.note, style="italic")
        width = self.content_size.width
        if self._uses_boxes(width):
            return self._render_boxes(width)
        return self._render_chips(width)

    def _render_boxes(self, width: int) -> Text:
        per_row = self._per_row(width)
        out: list[Text] = []
        for start in range(0, len(self.cards), per_row):
            lines = [Text(), Text(), Text()]
            for i in range(start, min(start + per_row, len(self.cards))):
                card = self.cards[i]
                key = INDEX_KEYS[i] if i < len(INDEX_KEYS) else ""
                mark = self.marked.index(i) + 1 if i in self.marked else 0
                box = _box(card, self.ascii, key, card in self.playable, i == self.selected,
                           card in self.dimmed, mark)
                for line, part in zip(lines, box, strict=False):
                    if i > start:
                        line.append(" " * GAP)
                    line.append_text(part)
            out.extend(lines)
        return Text("\n").join(out)

    def _render_chips(self, width: int) -> Text:
        per_line = max(1, (width + 1) // (CHIP_WIDTH + 1))
        lines: list[Text] = []
        for start in range(0, len(self.cards), per_line):
            line = Text()
            for i in range(start, min(start + per_line, len(self.cards))):
                card = self.cards[i]
                if i > start:
                    line.append(" ")
                label = card_text(card, self.ascii)
                if card in self.dimmed:
                    label.stylize("dim")
                label.pad_left(CHIP_WIDTH - 1 - len(label.plain))
                if i in self.marked:
                    label.append(str(self.marked.index(i) + 1), style="bold magenta")
                else:
                    label.append("•" if card in self.playable else " ", style=_playable)
                if i == self.selected:
                    label.stylize("reverse")
                line.append_text(label)
            lines.append(line)
        return Text("\n").join(lines)

    def index_at(self, x: int, y: int) -> int | None:
        """The index of the card drawn at content offset (x, y), or None."""
        width = self.content_size.width
        if not self.cards:
            return None
        if self._uses_boxes(width):
            col, row = x // (BOX_WIDTH + GAP), y // 3
            if x % (BOX_WIDTH + GAP) >= BOX_WIDTH or col >= self._per_row(width):
                return None
            index = row * self._per_row(width) + col
        else:
            per_line = max(1, (width + 1) // (CHIP_WIDTH + 1))
            col = x // (CHIP_WIDTH + 1)
            if x % (CHIP_WIDTH + 1) >= CHIP_WIDTH or col >= per_line:
                return None
            index = y * per_line + col
        return index if 0 <= index < len(self.cards) else None

    def on_click(self, event: events.Click) -> None:
        """Post :class:`Clicked` for the card under the mouse."""
        offset = event.get_content_offset(self)
        if offset is None:
            return
        index = self.index_at(offset.x, offset.y)
        if index is not None:
            self.post_message(self.Clicked(index))
