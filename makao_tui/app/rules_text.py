"""The rules in force in words, for the table's header and help (makao_tui/rules/makao-pl.en.md#house-rules presets
and options).

Made from the variant's presets and the option fields' metadata only, so every game and every
option is covered the same way.
"""

from __future__ import annotations

from typing import Any

from ..engine.i18n import _, continuing
from ..engine.variant import (
    Variant,
    option_description,
    option_fields,
    option_label,
    option_value_label,
    preset_name,
)


def rules_word(variant: Variant, rules: Any) -> str:
    """``"seed rules"``, ``"house rules"`` or ``"custom rules"``: the preset ``rules`` matches."""
    preset = variant.preset_of(rules)
    return preset_name(preset)


def option_rows(variant: Variant, rules: Any) -> list[tuple[bool, str, str, str]]:
    """Every option of ``rules`` in words of the language in use, in order: (whether its value
    differs from the seed rules, its label, its value, its one-line description as it goes on
    after a dash, ending in a full stop)."""
    seed = variant.rules(preset="seed")
    rows = []
    for field in option_fields(type(rules)):
        value = getattr(rules, field.name)
        description = continuing(option_description(field).rstrip(".") + ".")  # after " — ", ends its line
        rows.append((value != getattr(seed, field.name), option_label(field), option_value_label(field, value),
                     description))
    return rows


def rules_text(variant: Variant, rules: Any) -> str:
    """The rules in force as lines for the help screen: the preset, then every option with its
    value and its one-line description (the options that differ from the seeds first marked *)."""
    lines = [_("Rules in force: {preset} (* differs from the seed rules):").format(preset=rules_word(variant, rules))]
    for differs, label, value, description in option_rows(variant, rules):
        lines.append(f"{'*' if differs else ' '} {label}: {value} — {description}")
    return "\n".join(lines)
