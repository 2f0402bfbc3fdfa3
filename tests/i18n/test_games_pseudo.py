"""Nothing the games say escapes the catalogs (issue 16 item 5, the games' part): under the
pseudo-language every event of seeded random deals of every game (with random options), every
refusal a probe of illegal actions draws, every hint of the hard AI and every option's words come
out wholly wrapped in ⟦ ⟧; only names, card labels and numbers may stand outside. And every
translation fills in the same fields as its English."""

from __future__ import annotations

import random
import re
import string
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from makao_tui.ai import Thinking, ai_for
from makao_tui.engine import i18n
from makao_tui.engine.actions import Bid, Draw, Pass, Play, Replace, Stand, Take
from makao_tui.engine.cards import ALL_CARDS, JOKER, rank_name, rank_plural, suit_name
from makao_tui.engine.variant import (
    PRESET_NAMES,
    option_description,
    option_fields,
    option_label,
    option_value_label,
    preset_description,
    preset_name,
)
from makao_tui.games import all_variants
from makao_tui.table.service import AI_NAMES

from .pseudo import CLOSE, OPEN, Pseudo

NAMES = ["Ann", "Bob", "Olga", "Piotr", "Cy", "Dee", "Eve", "Fay"]
#: a card's label (10♥, Q♠, the joker ★), a number (+3, 0.25, ×2, 50 %), punctuation
_ALLOWED = re.compile(r"(?:10|[2-9JQKA])[♣♦♥♠]|★|[+\-−×]?\d+(?:[.,]\d+)?|[\s,.;:()/%×+\-—…'\"!?*]")
FAST = Thinking(seconds=None, playouts=8)


def outside(text: str) -> str:
    """What of ``text`` stands outside every ⟦ ⟧ (nesting counted)."""
    depth, out = 0, []
    for char in text:
        if char == OPEN:
            depth += 1
        elif char == CLOSE:
            depth -= 1
        elif depth == 0:
            out.append(char)
    assert depth == 0, text
    return "".join(out)


def assert_wrapped(text: str, what: object) -> None:
    rest = outside(text)
    for name in NAMES + list(AI_NAMES):
        rest = rest.replace(name, " ")
    rest = _ALLOWED.sub(" ", rest)
    assert not rest.strip(), f"{what}: {text!r} has words outside the catalogs: {rest.strip()!r}"


def random_options(variant, rng: random.Random) -> dict:
    """Random values for every option of ``variant`` (checked by the rules type; a stake is kept
    within the bankroll)."""
    options = {}
    for f in option_fields(variant.rules_type):
        if "choices" in f.metadata:
            options[f.name] = rng.choice(f.metadata["choices"])
        elif isinstance(f.default, bool):
            options[f.name] = rng.random() < 0.5
        elif "range" in f.metadata:
            low, high = f.metadata["range"]
            options[f.name] = rng.randint(low, min(high, low + 5))
    if "stake" in options:
        options["stake"] = min(options["stake"], options["bankroll"])
    return options


def probes(state, rng: random.Random) -> list:
    """Actions to ask the state about: every kind of action, with cards from the pack and odd
    fields (a suit on a play that names none, a demand, a call, a joker), legal or not."""
    cards = rng.sample(ALL_CARDS, 8)
    out = [Draw(), Take(), Pass(), Replace(), Stand(), Bid(0), Bid(1), Bid(99), Play(JOKER), Play(JOKER, as_card=JOKER)]
    view = state.view(state.to_act)
    hand = list(getattr(view, "hand", ()) or ())
    for card in cards + hand[:4]:
        out += [Play(card), Play(card, suit="H"), Play(card, demand="7"), Play(card, demand="A"),
                Play(card, makao=True), Play(card, out=True), Play(card, as_card=cards[0]),
                Play(card, more=(card,)), Play(card, more=tuple(cards[:4]))]
    return out


@pytest.mark.parametrize("variant", all_variants(), ids=lambda v: v.id)
def test_every_word_of_random_deals_is_translated(variant):
    i18n.use_translations(Pseudo())
    rng = random.Random(f"pseudo/{variant.id}")
    hints = 0
    for deal in range(6):
        rules = variant.rules(random_options(variant, rng))
        players = rng.randint(variant.min_players, min(variant.max_players, 5))
        state = variant.deal(rules, players, rng.randrange(players), random.Random(deal), None)
        names = NAMES[:players]
        events = list(state.opening)
        for step in range(120):
            if state.is_over:
                break
            if step % 7 == 0:
                for probe in probes(state, rng):
                    refusal = state.refusal(probe)
                    if refusal is not None:
                        assert refusal.kind and refusal.kind.isidentifier(), refusal
                        assert_wrapped(refusal.reason, probe)
            if step % 11 == 3 and hints < 6:
                hard = ai_for(variant.id, "hard", rules, FAST)
                advice = hard.advise(state.view(state.to_act), random.Random(step))
                assert_wrapped(advice.text(names), advice.action)
                assert_wrapped(advice.text(), advice.action)
                hints += 1
            events += state.apply(rng.choice(state.legal_actions()))
        for event in events:
            for viewer in (None, 0, 1):
                assert_wrapped(event.text(names, ascii=bool(viewer), viewer=viewer), event)
    assert hints


def test_every_option_preset_game_rank_and_suit_word_is_translated():
    i18n.use_translations(Pseudo())
    for variant in all_variants():
        for text in (variant.title(), variant.blurb_text(), variant.help_words(), variant.deal_noun(),
                     variant.dealer_noun()):
            assert_wrapped(text, variant.id)
        for f in option_fields(variant.rules_type):
            assert_wrapped(option_label(f), f.name)
            assert_wrapped(option_description(f), f.name)
            for value in (*f.metadata.get("choices", ()), True, False, None):
                if value is None or isinstance(value, bool) or "choice_labels" in f.metadata:
                    assert_wrapped(option_value_label(f, value), (f.name, value))
    for preset in PRESET_NAMES:
        assert_wrapped(preset_name(preset), preset)
        assert_wrapped(preset_description(preset), preset)
    for rank in "23456789TJQKAX":
        assert_wrapped(rank_name(rank), rank)
        assert_wrapped(rank_plural(rank), rank)
    for suit in "CDHS":
        assert_wrapped(suit_name(suit), suit)


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


@pytest.mark.parametrize("language", ["ru", "pl"])
def test_every_translation_fills_in_the_fields_of_its_english(language):
    path = Path(i18n.LOCALE_DIR) / language / "LC_MESSAGES" / "games.po"
    with path.open("rb") as handle:
        catalog = read_po(handle, locale=language, domain="games")
    for message in catalog:
        if not message.id or "python-brace-format" not in message.flags:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        wanted = set().union(*map(_fields, ids))
        for translated in strings:
            assert _fields(translated) <= wanted, (message.id, translated)
            translated.format(**dict.fromkeys(wanted, "x"))  # no stray brace
