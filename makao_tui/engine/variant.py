"""Variants: one game's rules, its option config, its deal and its match policy.

Each game module builds one :class:`Variant` and registers it with :func:`register`; the app, the
CLI and the scenario runner find games only through :func:`get_variant` / :func:`all_variants`.
What a game is called, its players and family are its :class:`GameInfo` (which a Variant
extends), known without importing the game's rules (``makao_tui.games.about``): the start
screen and the lists of saved matches read only that.

Rule options are the fields of a frozen dataclass (the variant's ``rules_type``) named as in
makao_tui/rules/, with their makao_tui/rules/ defaults, made with :func:`option`: each such field's ``metadata``
carries ``label`` (words for the setup screen), ``description`` (one line on what it does),
``choices`` (allowed values) and ``range`` ((low, high), inclusive) for checking, and ``flag`` /
``flag_help`` for an option that ``makao play`` offers as a flag of its own (:func:`option_flags`). A rules type may
hold further fields that are not options (a game's fixed rules, makao_tui/rules/makao-ru.en.md, makao-pl.en.md
differences of the
shedding games): :func:`option_fields` lists only the options, and only they can be set.

A *preset* (makao_tui/rules/makao-pl.en.md#house-rules) is a named set of option values: every variant has ``seed``
(the defaults)
and ``house``; :meth:`Variant.rules` starts from a preset and applies the options over it.

Words for screens and ``makao rules`` (issue 16): a variant's texts and its options' labels are
English marked with ``N_`` where they are defined; show them, in the language in use, through
:meth:`Variant.title` (the game's own name), :meth:`Variant.blurb_text`, :meth:`Variant.help_words`,
:meth:`Variant.deal_noun`, :meth:`Variant.dealer_noun`, :func:`option_label`,
:func:`option_description`, :func:`option_value_label` (a value in words), :func:`preset_name` and
:func:`preset_description`; never ``variant.name`` or ``field.metadata["label"]`` directly.
Rank and suit names: :func:`makao_tui.engine.cards.rank_name`, ``rank_plural``, ``suit_name``.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .i18n import N_, _, pgettext
from .text import Echo

if TYPE_CHECKING:
    from .events import Event
    from .match import DealRecord, Match
    from .scenario import Layout
    from .state import GameState

#: one finished deal as a record: (columns of the whole deal, columns of each seat), each a list of
#: (column name, value) pairs; ``makao export`` writes it as one CSV row
DealColumns = tuple[list[tuple[str, Any]], list[list[tuple[str, Any]]]]


def points_and_totals(deal: DealRecord) -> DealColumns:
    """The record of a finished deal every game has: each seat's points and total after it."""
    return [], [[("points", p), ("total", t)] for p, t in zip(*deal.result(), strict=True)]


@dataclass(frozen=True)
class SeatMeasure:
    """A figure of each seat that a game adds to ``makao simulate`` beside wins and points (Peklo:
    how often a bid is made; Macao: chips a hand). ``key``: its name in the figures (JSON);
    ``heading``: its column's heading (English marked with ``N_``); ``tally(deal, seat)``: what a
    finished deal adds for the seat, as (amount, count): the figure is the sum of the amounts
    over the sum of the counts (count 0: the deal does not count for the seat; None when no deal
    counted). ``percent``: shown as a percentage; ``digits`` after the point; ``sign``: shown with
    its sign; ``count_key``: the name under which the figures also give the count (None: not
    given)."""

    key: str
    heading: str
    tally: Callable[[DealRecord, int], tuple[int, int]]
    percent: bool = False
    digits: int = 1
    sign: bool = False
    count_key: str | None = None


#: the AI levels every game has (issue 7), weakest first; here, below both the AI and the store,
#: so that a stored seat's level can be checked without importing the AI
AI_LEVELS = ("easy", "normal", "hard")
#: each level's word, marked for the catalogs (said by :func:`level_name`)
_LEVEL_WORDS = {"easy": N_("easy"), "normal": N_("normal"), "hard": N_("hard")}


def level_name(level: str) -> str:
    """An AI level's word in the language in use ("easy" → "лёгкий"); a level of no
    :data:`AI_LEVELS` as it is."""
    word = _LEVEL_WORDS.get(level)
    return _(word) if word is not None else level


class RulesError(ValueError):
    """An unknown rule option or a value out of its range: ``str(error)`` says it in the language
    in use. ``option``: the option it is about (its makao_tui/rules/ name), or None; :meth:`naming` says
    it again with the option called by another word (``makao play``'s flag: "option '--deals'
    must be between 1 and 100"), in any language, from the error's data."""

    def __init__(self, message: str, *, option: str | None = None, template: str | None = None,
                 fields: dict[str, Any] | None = None) -> None:
        super().__init__(message)
        self.option = option
        self._template = template
        self._fields = dict(fields or {})

    def naming(self, word: str) -> str:
        """The message with the option called ``word`` (the message as it is without an option)."""
        if self.option is None or self._template is None:
            return str(self)
        return self._template.format(**{**self._fields, "name": word})


def _option_error(template: str, name: str, **fields: Any) -> RulesError:
    """A :class:`RulesError` about option ``name``: ``template`` (translated, with ``{name!r}``)
    filled with ``name`` (cut short: :class:`~makao_tui.engine.text.Echo`) and ``fields``, which it
    keeps for :meth:`RulesError.naming`."""
    return RulesError(template.format(name=Echo(name), **fields), option=name, template=template, fields=fields)


def option(default: Any, label: str, description: str, *, choices: tuple | None = None,
           range: tuple | None = None, choice_labels: dict[str, str] | None = None,
           flag: str | None = None, flag_help: str | None = None) -> Any:
    """A rule-option field with setup-screen metadata (see module docstring): ``label`` a few
    words, ``description`` one line (the makao_tui/rules/ reading, shown by ``makao rules`` and setup);
    both in English marked with ``N_``, shown through :func:`option_label` /
    :func:`option_description`. ``choice_labels``: each choice's words for screens (``N_``).
    ``flag``: the flag of its own that ``makao play`` offers for the option (``"--loss-limit"``;
    None: only ``--option NAME=VALUE``), and ``flag_help`` that flag's help (``N_``; see
    :class:`OptionFlag`), given together (else ValueError)."""
    meta: dict[str, Any] = {"label": label, "description": description}
    if choices is not None:
        meta["choices"] = choices
    if choice_labels is not None:
        meta["choice_labels"] = choice_labels
    if range is not None:
        meta["range"] = range
    if (flag is None) != (flag_help is None):
        raise ValueError("an option's flag and its help are given together")
    if flag is not None:
        meta["flag"] = flag
        meta["flag_help"] = flag_help
    return field(default=default, metadata=meta)


def option_label(f: dataclasses.Field) -> str:
    """An option's label in the language in use ("Jokers", "Джокеры", "Jokery"): what the setup
    screen, the rules screen and ``makao rules`` show (the games mark their labels with ``N_``).
    Call it where the label is drawn, not before: the language may change."""
    return _(f.metadata["label"])


def option_description(f: dataclasses.Field) -> str:
    """An option's one-line description in the language in use (see :func:`option_label`). A
    choice option's description names its values by their labels, as setup and the rules screen
    show them: it holds a ``{choice}`` field per choice, filled with that choice's label
    (``"{double}": each ransom doubles…`` → ``"doubles": each ransom doubles…``)."""
    text = _(f.metadata["description"])
    labels = f.metadata.get("choice_labels")
    if labels is None:
        return text
    return text.format(**{choice: _(label) for choice, label in labels.items()})


def option_value_label(f: dataclasses.Field, value: Any) -> str:
    """An option's value in words of the language in use, for screens: a switch ``on`` / ``off``,
    an unset number ``off``, a choice its label if the option gives one (``choice_labels`` of
    :func:`option`), else the value as written. ``makao rules`` and ``--option`` keep the typed
    form (:func:`option_value_text`), which is the same in every language."""
    if value is None or isinstance(value, bool):
        return pgettext("option value", "on") if value else pgettext("option value", "off")
    label = f.metadata.get("choice_labels", {}).get(value)
    return _(label) if label is not None else str(value)


#: the presets' names and descriptions (makao_tui/rules/makao-pl.en.md#house-rules), by preset id; ``custom``: no
#: preset matches
PRESET_NAMES = {"seed": N_("seed rules"), "house": N_("house rules"), "custom": N_("custom rules")}
PRESET_DESCRIPTIONS = {
    "seed": N_("The rules as the seed texts give them."),
    "house": N_("The common table rules."),
    "custom": N_("Options changed one by one."),
}


def preset_name(preset: str) -> str:
    """A preset's name in the language in use ("house rules", "домашние правила"); an unknown
    preset its id."""
    return _(PRESET_NAMES[preset]) if preset in PRESET_NAMES else preset


def preset_description(preset: str) -> str:
    """A preset's one-line description in the language in use ("" for an unknown preset)."""
    return _(PRESET_DESCRIPTIONS[preset]) if preset in PRESET_DESCRIPTIONS else ""


def option_fields(rules_type: type) -> list[dataclasses.Field]:
    """The fields of ``rules_type`` that are rule options (made with :func:`option`), in order."""
    return [f for f in dataclasses.fields(rules_type) if "label" in f.metadata]


def make_rules(rules_type: type, options: dict[str, Any] | None, base: dict[str, Any] | None = None) -> Any:
    """Build a rules config from ``options`` (makao_tui/rules/ names; missing = ``base``, then defaults).

    Raises :class:`RulesError` for an unknown name, a value of the wrong type (``null`` is a value
    only of an option that may be off, ``time_limit_min``), or one outside the field's ``choices``
    / ``range`` (and whatever the rules type's own checks raise): makao_tui/rules/<game>.en.md#options.
    """
    if options is not None and not isinstance(options, dict):
        raise RulesError(_("the rule options must be given as names and values"))
    options = {**(base or {}), **(options or {})}
    fields = {f.name: f for f in option_fields(rules_type)}
    values: dict[str, Any] = {}
    for name, value in options.items():
        f = fields.get(name)
        if f is None:
            raise _option_error(_("unknown option {name!r} (known: {known})"), name, known=", ".join(fields))
        default = f.default
        if isinstance(default, bool):
            if not isinstance(value, bool):
                raise _option_error(_("option {name!r} must be true or false"), name)
        elif isinstance(default, int) or (default is None and "range" in f.metadata):
            # None ("off") only for an option whose default is off (``time_limit_min``)
            if (value is not None or default is not None) and (not isinstance(value, int) or isinstance(value, bool)):
                raise _option_error(_("option {name!r} must be a whole number"), name)
        elif isinstance(default, str) and not isinstance(value, str):
            raise _option_error(_("option {name!r} must be a text"), name)
        choices = f.metadata.get("choices")
        if choices is not None and value not in choices:
            raise _option_error(_("option {name!r} must be one of {choices}"), name,
                                choices=", ".join(map(str, choices)))
        rng = f.metadata.get("range")
        if rng is not None and value is not None and not rng[0] <= value <= rng[1]:
            raise _option_error(_("option {name!r} must be between {low} and {high}"), name, low=rng[0], high=rng[1])
        values[name] = value
    return rules_type(**values)


#: the words an on/off option is given by in text (``--option queens=on``), and an off number
_ON, _OFF = ("true", "on", "yes"), ("false", "off", "no")


def parse_option_text(rules_type: type, text: str) -> tuple[str, Any]:
    """One ``NAME=VALUE`` of the command line as an option of ``rules_type`` (makao_tui/rules/ names):
    an on/off option takes ``true|on|yes`` or ``false|off|no``; a number option a whole number,
    or ``off`` where it may be off (``time_limit_min=off``); a choice its text. Names, types and
    ranges are checked again by :func:`make_rules`. Raises :class:`RulesError` (one line) for a
    text that is not ``NAME=VALUE``, an unknown name or a value of the wrong type."""
    name, sep, value = text.partition("=")
    name, value = name.strip(), value.strip()
    if not sep or not name or not value:
        raise RulesError(_("an option is given as NAME=VALUE, not {text!r}").format(text=Echo(text)))
    fields = {f.name: f for f in option_fields(rules_type)}
    f = fields.get(name)
    if f is None:
        raise _option_error(_("unknown option {name!r} (known: {known})"), name, known=", ".join(fields))
    word = value.lower()
    if isinstance(f.default, bool):
        if word not in _ON + _OFF:
            raise _option_error(_("option {name!r} must be on or off (true or false), not {value!r}"), name,
                                value=Echo(value))
        return name, word in _ON
    if isinstance(f.default, int) or (f.default is None and "range" in f.metadata):
        if f.default is None and word in _OFF:
            return name, None
        try:
            return name, int(value)
        except ValueError:
            words = _("option {name!r} must be a whole number or off, not {value!r}") if f.default is None \
                else _("option {name!r} must be a whole number, not {value!r}")
            raise _option_error(words, name, value=Echo(value)) from None
    return name, value


@dataclass(frozen=True)
class OptionFlag:
    """A flag of ``makao play`` that sets a rule option (made by :func:`option` with ``flag``).

    ``flag``: as typed (``"--loss-limit"``); ``option``: the option's name (``loss_limit``);
    ``kind``: the type of its values: ``bool`` for an on/off option, which the flag alone turns on,
    else ``int`` (a number option) or ``str`` (a choice), which the flag is followed by; ``help``:
    English marked with ``N_``; ``games``: the ids of the games that offer it, in the start
    screen's order. Said in the language in use by :meth:`help_words`.
    """

    flag: str
    option: str
    kind: type
    help: str
    games: tuple[str, ...]

    def help_words(self) -> str:
        """The flag's help in the language in use, after the games that offer it:
        ``"makao-ru, makao-pl: call Makao automatically."``."""
        return f"{', '.join(self.games)}: {_(self.help)}"


def option_flags(variants: Iterable[Variant]) -> list[OptionFlag]:
    """The flags that ``variants`` (in the start screen's order) offer ``makao play`` for their
    options, each once with every game that offers it. A flag is listed where the last game that
    offers it lists it, among that game's flags in the order of its options. Raises ValueError
    when two games give one flag to options of different names or kinds."""
    found: dict[str, tuple[OptionFlag, tuple[int, int]]] = {}
    for number, variant in enumerate(variants):
        for place, f in enumerate(option_fields(variant.rules_type)):
            flag = f.metadata.get("flag")
            if flag is None:
                continue
            kind = bool if isinstance(f.default, bool) else str if isinstance(f.default, str) else int
            known = found.get(flag)
            if known is None:
                entry = OptionFlag(flag, f.name, kind, f.metadata["flag_help"], (variant.id,))
            elif (known[0].option, known[0].kind) != (f.name, kind):
                raise ValueError(f"{flag} is given to options {known[0].option!r} and {f.name!r}")
            else:
                entry = dataclasses.replace(known[0], games=(*known[0].games, variant.id))
            found[flag] = (entry, (number, place))
    return [entry for entry, _where in sorted(found.values(), key=lambda item: item[1])]


def rules_to_options(rules: Any) -> dict[str, Any]:
    """The options dict of a rules config (every option field, for saves and scenario output)."""
    return {f.name: getattr(rules, f.name) for f in option_fields(type(rules))}


def option_value_text(value: Any) -> str:
    """An option's value in words: ``on`` / ``off`` for a switch, ``off`` for an unset number
    (``time_limit_min``), else the value as written (``double``, ``500``)."""
    if value is None:
        return "off"
    if isinstance(value, bool):
        return "on" if value else "off"
    return str(value)


def describe_option(f: dataclasses.Field) -> str:
    """The allowed values of an option field in words: ``on | off``, ``double (doubles) | add
    (adds)``, ``200-1000``, ``1-600 or off`` (the values as typed, a choice with its label, which
    the description uses; the labels and joining words in the language in use)."""
    if "choices" in f.metadata:
        words = [(str(choice), option_value_label(f, choice)) for choice in f.metadata["choices"]]
        return " | ".join(value if label == value else _("{value} ({label})").format(value=value, label=label)
                          for value, label in words)
    if isinstance(f.default, bool):
        return "on | off"
    rng = f.metadata.get("range")
    if rng is not None:
        if f.default is None:
            return _("{low}-{high} or off").format(low=rng[0], high=rng[1])
        return f"{rng[0]}-{rng[1]}"
    return _("text")


@dataclass(frozen=True, kw_only=True)
class GameInfo:
    """What is said of a game before its rules are needed: its id, its name and a line about it,
    its players, its family (which table plays it), what it calls a deal and its dealer, whether
    the highest total wins; the start screen, the list of saved matches and the statistics read
    only these (``makao_tui.games.about`` holds one for every game, and each game builds its
    :class:`Variant` from its own, so that the two cannot differ).

    ``module``: the module under ``makao_tui.games`` whose import registers the game's
    :class:`Variant` (``""`` for a game made elsewhere); ``name``, ``blurb``, ``deal_word`` and
    ``dealer_word`` are English marked with ``N_``: show them through :meth:`title`,
    :meth:`blurb_text`, :meth:`deal_noun` and :meth:`dealer_noun`.
    """

    id: str
    name: str
    family: str
    min_players: int
    max_players: int
    higher_wins: bool = True
    blurb: str = ""
    deal_word: str = N_("deal")
    dealer_word: str = N_("dealer")
    module: str = ""

    # The words of a game are English marked with ``N_`` where the game is described; these
    # methods give them in the language in use (call them where the words are drawn).

    def title(self) -> str:
        """The game's own name in the language in use ("Russian Makao", "Макао", "Makao rosyjskie")."""
        return _(self.name)

    def blurb_text(self) -> str:
        """The one-line description of the game in the language in use."""
        return _(self.blurb) if self.blurb else ""

    def deal_noun(self) -> str:
        """What the game calls a deal, in the language in use ("deal", macao "hand"; "сдача")."""
        return _(self.deal_word)

    def dealer_noun(self) -> str:
        """What the game calls its dealer, in the language in use ("dealer", macao "banker")."""
        return _(self.dealer_word)

    def check_players(self, players: object) -> None:
        """Raise :class:`RulesError` unless ``players`` is in this game's range."""
        if not isinstance(players, int) or not self.min_players <= players <= self.max_players:
            raise RulesError(_("{game} takes {low} to {high} players, not {count}").format(
                game=self.title(), low=self.min_players, high=self.max_players, count=players))

    def described(self) -> dict[str, Any]:
        """These fields by name: ``Variant(**info.described(), rules_type=..., ...)`` builds the
        game's variant from its description."""
        return {f.name: getattr(self, f.name) for f in dataclasses.fields(GameInfo)}


@dataclass(frozen=True, kw_only=True)
class Variant(GameInfo):
    """One game of makao_tui/rules/: its :class:`GameInfo` and its rules.

    ``rules_type``: the frozen dataclass of its rule options (see the module docstring);
    ``deal(rules, players, dealer, rng, match)`` starts a deal (``match`` is the match so far, or
    None for a lone deal); ``from_layout(layout)`` builds the state a scenario file lays out;
    ``decks``: how many 52-card packs the game uses (a scenario may hold each card that often);
    ``initial_total(rules)``: each seat's total before the first deal;
    ``match_over(match)``: whether the match has ended after its last finished deal;
    ``next_dealer(match)``: the dealer of the next deal (default: one seat clockwise);
    ``choose_first_dealer(rules, players, rng)``: the game's own way of choosing the first dealer
    when the setup does not fix one, as ``(seat, events that show how)`` (macao: the cut);
    default None: a seat by lot. ``presets``: the makao_tui/rules/makao-pl.en.md#house-rules presets by name, each
    the option
    values it sets (``seed``: none, the defaults). ``jokers(rules)``: how many jokers (``XX``) the
    pack holds under ``rules`` (a scenario may hold that many).
    ``help_text``: the rules in short (:meth:`help_words`);
    ``deal_columns(deal)``: a finished deal's record for the CSV export (score sheets in makao_tui/rules/<game>.en.md),
    as :data:`DealColumns`; default :func:`points_and_totals`. ``deal_word`` / ``dealer_word``
    (macao: "hand", "banker") are what the log, the table and the CSV export call a deal and its
    dealer; ``higher_wins``: whether the highest match total wins (makao-ru: the lowest).
    ``seat_measures``: the game's own figures of each seat in ``makao simulate``
    (:class:`SeatMeasure`; default none).
    """

    rules_type: type
    deal: Callable[[Any, int, int, random.Random, Match | None], GameState]
    from_layout: Callable[[Layout], GameState]
    match_over: Callable[[Match], bool]
    decks: int = 1
    initial_total: Callable[[Any], int] = lambda rules: 0
    next_dealer: Callable[[Match], int] | None = None
    choose_first_dealer: Callable[[Any, int, random.Random], tuple[int, list[Event]]] | None = None
    help_text: str = ""
    presets: dict[str, dict[str, Any]] = field(default_factory=lambda: {"seed": {}, "house": {}})
    jokers: Callable[[Any], int] = lambda rules: 0
    deal_columns: Callable[[DealRecord], DealColumns] = points_and_totals
    seat_measures: tuple[SeatMeasure, ...] = ()

    def help_words(self) -> str:
        """The rules in short (a few lines) in the language in use."""
        return _(self.help_text) if self.help_text else ""

    def rules(self, options: dict[str, Any] | None = None, preset: str | None = None) -> Any:
        """The rules config of ``preset`` (default ``seed``, makao_tui/rules/makao-pl.en.md#house-rules) with
        ``options`` applied
        over it (see :func:`make_rules`); raises :class:`RulesError` for an unknown preset."""
        return make_rules(self.rules_type, options, self.preset_options(preset or "seed"))

    def preset_options(self, preset: str) -> dict[str, Any]:
        """The option values ``preset`` sets (makao_tui/rules/makao-pl.en.md#house-rules); raise :class:`RulesError`
        if unknown."""
        if not isinstance(preset, str) or preset not in self.presets:
            raise RulesError(_("unknown preset {preset!r} (known: {known})").format(
                preset=Echo(preset), known=", ".join(self.presets)))
        return dict(self.presets[preset])

    def preset_of(self, rules: Any) -> str:
        """The name of the preset whose values ``rules`` has (``seed`` first), or ``"custom"``."""
        for name in self.presets:
            if rules == self.rules(preset=name):
                return name
        return "custom"


_REGISTRY: dict[str, Variant] = {}


def register(variant: Variant) -> Variant:
    """Add ``variant`` to the registry (by its id) and return it; games call this on import."""
    _REGISTRY[variant.id] = variant
    return variant


def registered() -> dict[str, Variant]:
    """The variants registered so far, by id (a game's module registers it when imported:
    ``makao_tui.games.variants()`` imports every game)."""
    return dict(_REGISTRY)
