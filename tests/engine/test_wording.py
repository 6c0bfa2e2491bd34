"""The engine's descriptions are shown as they are, on the rules pages, the new
match form and through the API: they are typeset, with a real minus sign (−5,
never -5) and a real times sign (2 × 2)."""

import re
from pathlib import Path

import pytest

from scoring.engine import rules
from scoring.engine.rules import (
    COPIES_PER_RANK,
    DECK_DESCRIPTIONS,
    DECK_RANKS,
    END_OF_HOLE_INFO,
    FLIP_ON_DISCARD_INFO,
    HOUSE_RULE_INFO,
    JOKER_OPTIONS,
    PLAY_RULE_INFO,
    PRESETS,
    VARIANTS,
    DeckKind,
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


def test_no_deck_is_said_to_hold_more_cards_than_its_ranks_make():
    """The ZSA deck is sold as 120 cards, but the engine counts fourteen ranks,
    eight of each: nothing in the engine may call it a deck of another size."""
    sizes = {kind: len(DECK_RANKS[kind]) * COPIES_PER_RANK[kind] for kind in DeckKind}
    assert sizes == {DeckKind.STANDARD: 52, DeckKind.ZSA: 112}
    engine = Path(rules.__file__).parent
    text = "\n".join(path.read_text() for path in sorted(engine.glob("*.py")))
    text += "\n".join(descriptions())
    claims = re.findall(r"(\d+)[- ]card (ZSA|standard|deck)", text, flags=re.IGNORECASE)
    assert claims, "the test no longer finds what it checks"
    for number, kind in claims:
        size = sizes[DeckKind.ZSA if kind.upper() == "ZSA" else DeckKind.STANDARD]
        assert int(number) == size, f"'{number}-card {kind}'"
