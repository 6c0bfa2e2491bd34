"""Pages about the versions of Golf. Layouts, values, decks and flips come from the
engine's ``VARIANTS``; this module adds how each version feels and a sample grid."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class VariantText:
    slug: str
    title: str
    description: str
    paragraphs: tuple[str, ...]
    #: The engine variant this page describes, if any.
    variant: str | None = None
    #: Extra rule options for the sample grid (the ZSA page plays the ZSA deck).
    rules: dict[str, Any] = field(default_factory=dict)
    example: str = ""
    points: tuple[str, ...] = ()


VARIANT_PAGES: tuple[VariantText, ...] = (
    VariantText(
        "four-card",
        "Four-card Golf",
        "Four-card Golf: a two-by-two square played from memory, with peeking, face-down "
        "swaps and a knock to end the hole.",
        (
            "Four-card Golf is the memory game of the family. Each player gets a square of "
            "four cards, two rows of two, all face down.",
            "Before play starts, you look at the two cards nearest you once, then put them "
            "back face down. Nothing is turned up.",
        ),
        variant="four-card",
        example="2 K / 2 5",
        points=(
            "Draw from the stock or take the top discard, as in six-card Golf.",
            "A card you swap in goes into your square face down, so you must remember where "
            "everything is.",
            "Instead of drawing, you may knock. Everyone else then has one more turn before "
            "the cards are turned up and scored.",
            "Nothing cancels: a pair in a column still counts both cards.",
        ),
    ),
    VariantText(
        "six-card",
        "Six-card Golf",
        "Six-card Golf, the classic version: two rows of three, two starting flips, and "
        "column pairs that score 0.",
        (
            "Six-card Golf is the version most people mean by Golf, and the one this site's "
            "guide explains in full. Two rows of three give three columns to pair.",
        ),
        variant="six-card",
        example="8 5 7 / 8 3 9",
        points=(
            "Two cards are turned up before the first turn; the rest stay hidden.",
            "Replacements go in face up, so everyone can watch everyone's grid.",
            "Two cards of the same rank in a column score 0.",
        ),
    ),
    VariantText(
        "eight-card",
        "Eight-card Golf",
        "Eight-card Golf: two rows of four from two decks, usually with four jokers; twos "
        "count plus two and column pairs still cancel.",
        (
            "Eight-card Golf adds a fourth column to the six-card grid. It is usually dealt "
            "from two decks shuffled together with four jokers.",
            "One well-known version has each player turn up a whole column at the start of "
            "their first turn; others keep two starting flips. Agree on it before dealing.",
        ),
        variant="eight-card",
        example="JK 2 3 3 / JK 4 3 K",
        points=(
            "Column pairs still score 0.",
            "Twos count plus two rather than minus two, so jokers are the cards to hope for.",
            "Some tables add a bonus for four of a rank across two columns: see the house rules.",
        ),
    ),
    VariantText(
        "nine-card",
        "Nine-card Golf",
        "Nine-card Golf (Nines): a three-by-three square from two decks, where a column "
        "cancels only when all three cards share a rank.",
        (
            "Nine-card Golf, sometimes called Nines, deals a square of three rows of three "
            "from two or more decks. Three cards are turned up to begin.",
            "A pair does nothing on its own here: only three cards of one rank in a column "
            "cancel it to 0. Some groups also cancel matching rows or diagonals; that is a "
            "house variation, not the usual rule.",
        ),
        variant="nine-card",
        example="6 3 K / 6 8 K / 6 3 2",
        points=(
            "Three of a rank in a column score 0.",
            "Two of a rank in a column still count in full.",
            "Card values are those of six-card Golf.",
        ),
    ),
    VariantText(
        "ten-card",
        "Ten-card Golf",
        "Ten-card Golf: two rows of five from at least two decks, scored just like "
        "six-card Golf with more columns to pair.",
        (
            "Ten-card Golf is six-card Golf stretched to two rows of five, dealt from at "
            "least two decks. Two cards are turned up at the start.",
            "With five columns, holes run longer and there are more chances to build pairs "
            "before your grid is all face up.",
        ),
        variant="ten-card",
        example="A 2 3 4 5 / A 6 3 8 9",
        points=(
            "Two cards of the same rank in a column score 0, as in six-card Golf.",
            "Card values are those of six-card Golf: twos are still worth minus two.",
            "The usual shoe is two decks shuffled together, however many play.",
        ),
    ),
    VariantText(
        "zsa-deck",
        "Golf with the ZSA deck",
        "Six-card Golf with the ZSA deck: extra 0 and X ranks, eight suits, one deck for "
        "two to eight players.",
        (
            "The ZSA deck is a large deck with eight suits and two ranks an ordinary deck "
            "lacks: a 0 and an X, its name for the ten. One ZSA deck is enough for two to "
            "eight players.",
            "Its Golf rules use its {zsa_ranks} ranks in eight suits, {zsa_copies} cards of "
            "each rank: {zsa_cards} cards, so a rank can turn up {zsa_copies} times in one "
            "hole. The deck is sold as a {zsa_sold}-card deck; its Golf page does not say "
            "what the other {zsa_other} are, and the scoring here neither deals nor counts "
            "them.",
            "Golf with it is six-card Golf. The ZSA rules end the hole the moment any player's "
            "sixth card is turned up, with no extra turns; on this site that is the "
            "“ends at once” choice. Suits are only for looks: pairs go by rank.",
        ),
        variant="six-card",
        rules={"deck": "zsa"},
        example="5 X Q / 5 2 4",
        points=(
            "The 0 is worth nothing, the X counts like a ten.",
            "The ZSA deck has no jokers.",
        ),
    ),
    VariantText(
        "power-cards",
        "Power-card games: Cambio, Cabo and friends",
        "How Cambio, Cabo, Pablo, Cactus and other power-card games relate to Golf, and "
        "how they differ.",
        (
            "A whole family of games keeps Golf's idea of a few hidden cards and a low score, "
            "then gives some cards a power when they are discarded: look at one of your own "
            "hidden cards, look at an opponent's, or swap a card with another player.",
            "Cambio, Cabo, Pablo and Cactus are the best known. They usually start with four "
            "cards in a row or a square, and a player calls the end of the round when they "
            "believe they are lowest.",
            "Their rules are not interchangeable: which cards have powers, what the cards are "
            "worth and how a round ends all differ from one game to the next, and from Golf. "
            "This site scores Golf only; pick one written rule set before playing any of them.",
        ),
    ),
)

VARIANT_PAGES_BY_SLUG: dict[str, VariantText] = {page.slug: page for page in VARIANT_PAGES}
