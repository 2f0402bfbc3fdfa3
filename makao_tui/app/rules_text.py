"""The rules in force in words, for the table's header and help (RULES.md §5 presets and options).

Made from the variant's presets and the option fields' metadata only, so every game and every
option is covered the same way.
"""

from __future__ import annotations

from typing import Any

from ..engine.variant import Variant, option_fields, option_value_text

#: what the header calls each preset (RULES.md §5); a preset without an entry shows its name
PRESET_WORDS = {"seed": "seed rules", "house": "house rules", "custom": "custom rules"}


def rules_word(variant: Variant, rules: Any) -> str:
    """``"seed rules"``, ``"house rules"`` or ``"custom rules"``: the preset ``rules`` matches."""
    preset = variant.preset_of(rules)
    return PRESET_WORDS.get(preset, f"{preset} rules")


def rules_text(variant: Variant, rules: Any) -> str:
    """The rules in force as lines for the help screen: the preset, then every option with its
    value and its one-line description (the options that differ from the seeds first marked *)."""
    seed = variant.rules(preset="seed")
    lines = [f"Rules in force: {rules_word(variant, rules)} (* differs from the seed rules):"]
    for field in option_fields(type(rules)):
        value = getattr(rules, field.name)
        mark = "*" if value != getattr(seed, field.name) else " "
        description = field.metadata["description"].rstrip(".") + "."  # ends its line in the help
        lines.append(f"{mark} {field.metadata['label']}: {option_value_text(value)} — {description}")
    return "\n".join(lines)
