"""Everything a rule set can say, as plain data for pages and the API."""

from __future__ import annotations

from collections.abc import Iterable
from enum import Enum
from typing import Any

from .rules import (
    ADJUSTMENT_ORDER,
    DECK_DESCRIPTIONS,
    END_OF_HOLE_INFO,
    FLIP_ON_DISCARD_INFO,
    JOKER_OPTIONS,
    PLAY_RULE_INFO,
    PRESETS,
    VARIANTS,
    HouseRule,
)


def rules_catalog() -> dict[str, Any]:
    """Variants, decks, joker options, house rules, play rules and presets, each with
    its slug, name and one-line summary, in a JSON-ready dict."""
    return {
        "variants": [
            {
                "slug": v.slug,
                "name": v.name,
                "rows": v.layout.rows,
                "columns": v.layout.columns,
                "cancels": v.cancels,
                "default_jokers": v.default_jokers,
                "summary": v.summary,
            }
            for v in VARIANTS.values()
        ],
        "decks": [
            {"slug": kind.value, "summary": text} for kind, text in DECK_DESCRIPTIONS.items()
        ],
        "jokers": [
            {"slug": j.slug, "name": j.name, "value": j.value, "summary": j.summary}
            for j in JOKER_OPTIONS.values()
        ],
        "house_rules": [
            {"slug": r.slug, "name": r.title, "applies_to": r.scope, "summary": r.summary}
            for r in HouseRule
        ],
        "adjustment_order": [rule.slug for rule in ADJUSTMENT_ORDER],
        "play_rules": [
            {
                "key": key,
                "name": name,
                "summary": summary,
                "choices": _play_choices(key),
            }
            for key, (name, summary) in PLAY_RULE_INFO.items()
        ],
        "presets": [
            {"slug": slug, "name": name, "summary": summary, "rules": rules.to_dict()}
            for slug, (name, summary, rules) in PRESETS.items()
        ],
    }


def _play_choices(key: str) -> list[dict[str, str]] | None:
    choices: Iterable[tuple[Enum, tuple[str, str]]]
    if key == "flip_on_discard":
        choices = FLIP_ON_DISCARD_INFO.items()
    elif key == "end_of_hole":
        choices = END_OF_HOLE_INFO.items()
    else:
        return None
    return [
        {"slug": str(choice.value), "name": name, "summary": summary}
        for choice, (name, summary) in choices
    ]
