"""The engine's descriptions are shown as they are, on the rules pages, the new
match form and through the API: they are typeset, with a real minus sign (−5,
never -5) and a real times sign (2 × 2)."""

import re

import pytest

from scoring.engine.rules import (
    DECK_DESCRIPTIONS,
    END_OF_HOLE_INFO,
    FLIP_ON_DISCARD_INFO,
    HOUSE_RULE_INFO,
    JOKER_OPTIONS,
    PLAY_RULE_INFO,
    PRESETS,
    VARIANTS,
)


def descriptions():
    yield from (v.summary for v in VARIANTS.values())
    yield from (j.summary for j in JOKER_OPTIONS.values())
    yield from DECK_DESCRIPTIONS.values()
    for table in (HOUSE_RULE_INFO, FLIP_ON_DISCARD_INFO, END_OF_HOLE_INFO, PLAY_RULE_INFO):
        for info in table.values():
            yield from info[:2]
    for name, summary, _ in PRESETS.values():
        yield from (name, summary)


@pytest.mark.parametrize("text", list(descriptions()))
def test_numbers_are_typeset(text):
    assert not re.search(r"(?<![\w])-\d", text), text
    assert not re.search(r"\d x \d", text), text
