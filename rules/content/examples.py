"""Worked examples: grids in notation, the rules they are played under, and a note.

The score and the column-by-column breakdown are always worked out by the engine
when a page is drawn.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Example:
    slug: str
    title: str
    grid: str
    note: str
    rules: dict[str, Any] = field(default_factory=dict)
    source: str = ""


REFERENCE_EXAMPLES: tuple[Example, ...] = (
    Example(
        "the-24",
        "The classic first grid",
        "8 5 7 / 8 3 9",
        "The two 8s share a column, so that column is free. The other two columns find "
        "no partner and count in full.",
        source="The worked grid of most six-card guides.",
    ),
    Example(
        "the-8",
        "Two pairs and a lonely jack",
        "KS 5H JC / KD 5C 2H",
        "Kings pair with kings and fives with fives, whatever the suits. The last column "
        "keeps its jack, softened by the two below it.",
        source="A grid scored in a six-card rules guide, suits included.",
    ),
    Example(
        "zsa-22",
        "A ZSA deck grid",
        "5 X Q / 5 2 4",
        "The ZSA deck writes its ten as X. It counts like a ten, so the middle column is "
        "ten less two, and the queen column adds up in full.",
        rules={"deck": "zsa"},
        source="The worked layout of the ZSA deck's Golf page.",
    ),
    Example(
        "the-4",
        "A two and a king doing quiet work",
        "8 2 K / 8 5 A",
        "The 8s cancel, the two takes two points off the five, and the king adds nothing "
        "to the ace.",
        source="The finished layout of a six-card guide's example.",
    ),
)

COLUMN_EXAMPLES: tuple[Example, ...] = (
    Example(
        "pair",
        "A pair cancels, even of queens",
        "Q 4 6 / Q 3 A",
        "Two queens would cost twenty points apart; stacked in one column they cost "
        "nothing. A high card is worth keeping when it completes a pair.",
    ),
    Example(
        "pair-of-twos",
        "A pair of twos scores 0, not less",
        "2 7 K / 2 A 5",
        "A pair always scores 0, so two twos in one column lose the four points they "
        "would take off apart. (The house rule “negative pairs keep value” changes this.)",
    ),
    Example(
        "twos-apart",
        "Twos kept apart",
        "2 6 9 / A 2 9",
        "Each two sits in its own column and takes two points off its partner, while the "
        "9s pair on the right.",
    ),
    Example(
        "jack-over-queen",
        "A jack over a queen is no pair",
        "J 3 5 / Q 3 6",
        "Jacks and queens are both worth 10, but a pair needs the same rank, so this "
        "column counts twenty.",
    ),
    Example(
        "row-match",
        "Three of a kind in a row does not count",
        "7 7 7 / 2 K 4",
        "Only columns cancel. Three 7s side by side still score their full value, each "
        "in its own column.",
    ),
    Example(
        "nine-card-three",
        "Nine-card Golf: three of a rank",
        "6 3 K / 6 8 K / 6 3 2",
        "In a three-row grid a column cancels only when all three cards share a rank. "
        "The three 6s do; the two kings and the two 3s do not.",
        rules={"variant": "nine-card"},
    ),
)

ALL_EXAMPLES: tuple[Example, ...] = REFERENCE_EXAMPLES + COLUMN_EXAMPLES
EXAMPLES_BY_SLUG: dict[str, Example] = {example.slug: example for example in ALL_EXAMPLES}
