"""Cards and decks in the makao_tui/rules/ notation (rank ``2 3 4 5 6 7 8 9 T J Q K A``, suit ``C D H S``).

A :class:`Card` is an ``int`` from 0 to 51 (``suit_index * 13 + rank_index``), so cards hash,
compare and copy as cheaply as integers; the two copies of a card in a two-deck game are the same
value ("equal in play": the rules texts, makao_tui/rules/). :data:`JOKER` is the int 52, written ``XX``
(makao_tui/rules/makao-pl.en.md#house-rules option ``jokers``; docs/scenarios.md): its rank and suit are ``"X"``;
every copy is equal.
"""

from __future__ import annotations

from collections.abc import Iterable

from .i18n import pgettext
from .text import Echo
from .words import NC_, Words

RANKS = "23456789TJQKA"
SUITS = "CDHS"
SUIT_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
#: the suits' English names by letter (data: screens say them with :func:`suit_name`)
SUIT_NAMES = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
RED_SUITS = frozenset("DH")


class CardError(ValueError):
    """A text that is not a card in the makao_tui/rules/ notation (``"TH"``, ``"AS"``…):
    ``words`` says which, as a message (:class:`~makao_tui.engine.words.Words`), ``str()`` in the
    language in use."""

    def __init__(self, words: Words) -> None:
        super().__init__(words)
        self.words = words

    def __str__(self) -> str:
        return self.words.text()


class Card(int):
    """One playing card; an ``int`` 0..51 with named parts.

    ``Card.parse("TH")`` is the ten of hearts; ``str(card)`` gives back ``"TH"``;
    ``card.label()`` gives ``"10♥"`` (or ``"10H"`` with ``ascii=True``); ``Card.parse("XX")`` is
    the joker (52), labelled ``★`` (``JK``).
    Raises :class:`CardError` for a text or number that is no card.
    """

    __slots__ = ()

    def __new__(cls, value: int) -> Card:
        if not 0 <= value <= 52:
            raise CardError(Words("no card has the number {value}", value=value))
        return _ALL[value] if _ALL else int.__new__(cls, value)

    @staticmethod
    def of(rank: str, suit: str) -> Card:
        """The card of ``rank`` (one of ``RANKS``) and ``suit`` (one of ``SUITS``)."""
        r, s = RANKS.find(rank), SUITS.find(suit)
        if r < 0 or s < 0 or len(rank) != 1 or len(suit) != 1:
            raise CardError(Words("unknown card {card!r}", card=Echo(f"{rank}{suit}")))
        return _ALL[s * 13 + r]

    @staticmethod
    def parse(text: str) -> Card:
        """Parse ``"TH"``, ``"10H"`` (also lower case); raise :class:`CardError` otherwise."""
        if not isinstance(text, str):
            raise CardError(Words("unknown card {card!r}", card=Echo(text)))
        t = text.strip().upper()
        if t == "XX":
            return _ALL[52]
        if t.startswith("10"):
            t = "T" + t[2:]
        if len(t) != 2 or t[0] not in RANKS or t[1] not in SUITS:
            raise CardError(Words("unknown card {card!r}", card=Echo(text)))
        return Card.of(t[0], t[1])

    @property
    def rank(self) -> str:
        """Rank letter, one of ``RANKS`` (``"X"`` for the joker)."""
        return RANKS[self % 13] if self < 52 else "X"

    @property
    def suit(self) -> str:
        """Suit letter, one of ``SUITS`` (``"X"`` for the joker)."""
        return SUITS[self // 13] if self < 52 else "X"

    @property
    def rank_value(self) -> int:
        """2..14: pips for 2..10, jack 11, queen 12, king 13, ace 14 (15 for the joker)."""
        return self % 13 + 2 if self < 52 else 15

    @property
    def is_red(self) -> bool:
        """True for hearts and diamonds (drawn red)."""
        return self.suit in RED_SUITS

    def label(self, ascii: bool = False) -> str:
        """Human form: ``10♥``, ``Q♠`` (``10H``, ``QS`` with ``ascii``); the joker ``★`` (``JK``)."""
        if self == 52:
            return "JK" if ascii else "★"
        rank = "10" if self.rank == "T" else self.rank
        return rank + (self.suit if ascii else SUIT_SYMBOLS[self.suit])

    def __str__(self) -> str:
        return self.rank + self.suit if self < 52 else "XX"

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"


_ALL: list[Card] = []
_ALL.extend(int.__new__(Card, i) for i in range(53))
ALL_CARDS: tuple[Card, ...] = tuple(_ALL[:52])
#: the joker (makao_tui/rules/makao-pl.en.md#house-rules ``jokers``), ``XX`` in the notation
JOKER: Card = _ALL[52]


def parse_cards(texts: Iterable[str]) -> list[Card]:
    """Parse a list of card texts; raise :class:`CardError` naming the first bad one."""
    return [Card.parse(t) for t in texts]


def deck(copies: int = 1) -> list[Card]:
    """An unshuffled pack of ``copies`` × 52 cards (makao_tui/rules/: one deck, or two mixed)."""
    return [c for _ in range(copies) for c in ALL_CARDS]


#: ranks said as words in messages (English: the digit for pips), by rank letter; each language
#: has its words (туз, дама, семёрка; as, dama, siódemka) in the ``games`` catalog, context "rank"
_RANK_WORDS = {
    "2": NC_("rank", "2"), "3": NC_("rank", "3"), "4": NC_("rank", "4"), "5": NC_("rank", "5"),
    "6": NC_("rank", "6"), "7": NC_("rank", "7"), "8": NC_("rank", "8"), "9": NC_("rank", "9"),
    "T": NC_("rank", "10"), "J": NC_("rank", "jack"), "Q": NC_("rank", "queen"), "K": NC_("rank", "king"),
    "A": NC_("rank", "ace"), "X": NC_("rank", "joker"),
}
#: the plural a demand names ("demands 7s"); Russian and Polish: the genitive plural (семёрок,
#: дам; siódemek, dam), context "ranks demanded"
_RANK_PLURALS = {
    "2": NC_("ranks demanded", "2s"), "3": NC_("ranks demanded", "3s"), "4": NC_("ranks demanded", "4s"),
    "5": NC_("ranks demanded", "5s"), "6": NC_("ranks demanded", "6s"), "7": NC_("ranks demanded", "7s"),
    "8": NC_("ranks demanded", "8s"), "9": NC_("ranks demanded", "9s"), "T": NC_("ranks demanded", "10s"),
    "J": NC_("ranks demanded", "jacks"), "Q": NC_("ranks demanded", "queens"),
    "K": NC_("ranks demanded", "kings"), "A": NC_("ranks demanded", "aces"),
    "X": NC_("ranks demanded", "jokers"),
}
#: the suits' names for messages and screens (трефы, бубны, червы, пики; trefl, karo, kier, pik)
_SUIT_WORDS = {
    "C": NC_("suit", "clubs"), "D": NC_("suit", "diamonds"), "H": NC_("suit", "hearts"),
    "S": NC_("suit", "spades"),
}


def rank_name(rank: str) -> str:
    """A rank letter as a word in the language in use, for messages and screens (the nominative
    singular): ``"T"`` → ``"10"``, ``"Q"`` → ``"queen"``, ``"7"`` → ``"7"`` in English; ``"туз"``,
    ``"дама"``, ``"семёрка"`` in Russian; ``"as"``, ``"dama"``, ``"siódemka"`` in Polish."""
    word = _RANK_WORDS.get(rank)
    return pgettext("rank", word) if word is not None else rank


def rank_plural(rank: str) -> str:
    """The ranks a jack demands, in the language in use: ``"7s"``, ``"queens"`` in English; the
    genitive plural in Russian and Polish (``"семёрок"``, ``"дам"``; ``"siódemek"``, ``"dam"``),
    which is what "demands …" and "the demand for …" take in both."""
    word = _RANK_PLURALS.get(rank)
    return pgettext("ranks demanded", word) if word is not None else rank


def rank_words(rank: str) -> Words:
    """:func:`rank_name` as a message, said when it is shown (a field of a refusal or hint)."""
    word = _RANK_WORDS.get(rank)
    return Words(word, _context="rank") if word is not None else Words(rank)


def rank_plural_words(rank: str) -> Words:
    """:func:`rank_plural` as a message, said when it is shown."""
    word = _RANK_PLURALS.get(rank)
    return Words(word, _context="ranks demanded") if word is not None else Words(rank)


def suit_words(suit: str) -> Words:
    """:func:`suit_name` as a message, said when it is shown."""
    word = _SUIT_WORDS.get(suit)
    return Words(word, _context="suit") if word is not None else Words(suit)


def rank_label(rank: str) -> str:
    """A rank letter as printed on a card: ``"T"`` → ``"10"``, ``"Q"`` → ``"Q"``, the same in every language."""
    return "10" if rank == "T" else rank


def suit_name(suit: str) -> str:
    """A suit letter as a word in the language in use: ``"hearts"``, ``"червы"``, ``"kier"``."""
    word = _SUIT_WORDS.get(suit)
    return pgettext("suit", word) if word is not None else suit


def suit_label(suit: str, ascii: bool = False) -> str:
    """``"♥"`` or ``"H"`` for a suit letter."""
    return suit if ascii else SUIT_SYMBOLS[suit]


def ascii_text(text: str) -> str:
    """``text`` with the suit symbols ♣♦♥♠ replaced by the letters C D H S."""
    return text.translate(_TO_ASCII)


_TO_ASCII = str.maketrans({sym: letter for letter, sym in SUIT_SYMBOLS.items()})
