"""What each joker option, house rule and play rule is like to play with.

Titles and one-line summaries come from the engine's catalogs; this module adds the
strategic effect and a worked example (grids and rule choices only: the engine
scores them when the page is drawn).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Case:
    """One side of a comparison: a grid (or a whole table) under some rules."""

    label: str
    grids: tuple[str, ...]
    rules: dict[str, Any] = field(default_factory=dict)
    went_out: int | None = None


@dataclass(frozen=True)
class RuleText:
    """The words of one rule page."""

    effect: str
    example_note: str = ""
    cases: tuple[Case, ...] = ()
    story: str = ""
    #: What to say instead of a worked example, when there is none.
    no_example: str = "This rule changes how a hole is played, not how a finished grid is scored."


_HOLE_TABLE = ("8 5 7 / 8 3 9", "8 2 K / 8 5 A", "KS 5H JC / KD 5C 2H")


def _hr(*rules: str) -> dict[str, Any]:
    return {"house_rules": list(rules)}


HOUSE_RULE_TEXT: dict[str, RuleText] = {
    "super-kings": RuleText(
        effect="A king becomes a card worth having on its own, so a pair of kings now costs "
        "you something: apart they take four points off, together they only reach 0. "
        "Think twice before stacking the second king on the first.",
        example_note="The two kings sit in different columns, so each one now lowers its column.",
        cases=(
            Case("Without Super Kings", ("K 5 4 / 3 K 7",)),
            Case("With Super Kings", ("K 5 4 / 3 K 7",), _hr("super-kings")),
        ),
    ),
    "ten-penny": RuleText(
        effect="Drawing a ten stops being a disaster. Jacks and queens are then the only "
        "truly expensive cards, and the gap between middling and high cards shrinks.",
        example_note="The ten in the first column counts one point instead of ten.",
        cases=(
            Case("Without Ten Penny", ("10 3 4 / 5 6 7",)),
            Case("With Ten Penny", ("10 3 4 / 5 6 7",), _hr("ten-penny")),
        ),
    ),
    "one-eyed-jacks": RuleText(
        effect="Half the jacks turn into safe cards, as good as a king. Write a jack's suit "
        "when you score, because its value depends on it: a jack typed without one is "
        "not guessed at, and the scorer asks which jack it is.",
        example_note="The jacks of hearts and spades are the ones drawn in profile.",
        cases=(
            Case("Without one-eyed jacks", ("JH 3 4 / 5 JS 7",)),
            Case("With one-eyed jacks", ("JH 3 4 / 5 JS 7",), _hr("one-eyed-jacks")),
        ),
    ),
    "negative-pairs-keep-value": RuleText(
        effect="Pairing your best cards stops being a waste. Two twos stacked in a column keep "
        "their combined value, so hunting for a second two becomes worthwhile.",
        example_note="The pair of twos in the first column keeps its value instead of "
        "cancelling to 0.",
        cases=(
            Case("Pairs always score 0", ("2 3 4 / 2 5 6",)),
            Case("Negative pairs keep value", ("2 3 4 / 2 5 6",), _hr("negative-pairs-keep-value")),
        ),
    ),
    "lines-cancel": RuleText(
        effect="Nine-card Golf usually cancels only columns. With this rule a row of three "
        "cards of one rank, or either diagonal of three, scores as a matched column does, "
        "so a card in the middle of the square can help you two or three ways at once. "
        "Where lines overlap, a card is never counted twice: if it lies in any matched "
        "line (its column, its row or a diagonal) it counts as matched, and only once, "
        "however many of those lines run through it. Everything else about the matched "
        "cards follows the column rules: with negative pairs keep value, twos in a matched "
        "row keep their value, and Eagle Eye jokers count as they would in a column. Four "
        "of a kind and wolfpack still count matched columns only. Six-, eight- and "
        "ten-card grids have no diagonals of three, so the rule is for nine-card Golf.",
        example_note="Two lines share one card in each grid: the two diagonals of 8s meet in "
        "the centre, and the top row of 7s crosses the first column of 7s in the corner. "
        "The shared card counts as matched once, so each grid is the sum of the cards in no "
        "matched line.",
        cases=(
            Case("Only columns cancel", ("8 4 8 / J 8 Q / 8 2 8",), {"variant": "nine-card"}),
            Case(
                "Rows and diagonals cancel: two diagonals",
                ("8 4 8 / J 8 Q / 8 2 8",),
                {"variant": "nine-card", **_hr("lines-cancel")},
            ),
            Case(
                "Rows and diagonals cancel: a row and a column",
                ("7 7 7 / 7 5 9 / 7 3 6",),
                {"variant": "nine-card", **_hr("lines-cancel")},
            ),
        ),
    ),
    "four-of-a-kind": RuleText(
        effect="Once you have one pair, a third and fourth card of that rank become a prize "
        "rather than a nuisance. It pays to keep collecting a rank you already paired.",
        example_note="Four 8s fill two paired columns.",
        cases=(
            Case("Without four of a kind", ("8 8 3 / 8 8 4",)),
            Case("With four of a kind", ("8 8 3 / 8 8 4",), _hr("four-of-a-kind")),
        ),
    ),
    "wolfpack": RuleText(
        effect="Two columns paired with jacks already score 0, like any two pairs; the "
        "bonus takes twenty more off, so four jacks become one of the best grids you can "
        "hold. With a pair of jacks already down, a third jack is worth taking. It adds to "
        "four of a kind when both rules are on.",
        example_note="Two columns paired with jacks; the last case also plays four of a kind.",
        cases=(
            Case("Without wolfpack", ("J J 3 / J J 4",)),
            Case("With wolfpack", ("J J 3 / J J 4",), _hr("wolfpack")),
            Case(
                "Wolfpack and four of a kind", ("J J 3 / J J 4",), _hr("wolfpack", "four-of-a-kind")
            ),
        ),
    ),
    "blackjack": RuleText(
        effect="A poor hole can be rescued. Before your last swap, check whether it could "
        "land you on exactly 21.",
        example_note="Eleven, nine and one make exactly 21.",
        cases=(
            Case("Without blackjack", ("Q 5 3 / A 4 2",)),
            Case("With blackjack", ("Q 5 3 / A 4 2",), _hr("blackjack")),
        ),
    ),
    "knock-penalty": RuleText(
        effect="Going out becomes a claim that you are winning the hole. Only do it when you "
        "are fairly sure nobody is lower, because a wrong guess costs {knock_penalty}.",
        example_note="Three players; the first goes out with 24 while others are lower.",
        cases=(
            Case("Without the knock penalty", _HOLE_TABLE, went_out=0),
            Case("With the knock penalty", _HOLE_TABLE, _hr("knock-penalty"), went_out=0),
        ),
    ),
    "knock-bonus": RuleText(
        effect="A reward for racing: finishing first can be worth more than one last "
        "improvement. With the knock penalty on too, both rules score the player who went "
        "out. Without the lowest score they take the penalty and the bonus, "
        "{knock_penalty} and {knock_bonus}, so {knocks_not_lowest} in all; with the lowest "
        "score (a tie counts) only the bonus. Going out then stakes {knocks_lowest} when you "
        "are right against {knocks_not_lowest} when you are wrong.",
        example_note="The second player goes out with 4.",
        cases=(
            Case("Without the knock bonus", _HOLE_TABLE, went_out=1),
            Case("With the knock bonus", _HOLE_TABLE, _hr("knock-bonus"), went_out=1),
        ),
    ),
    "underdog-bonus": RuleText(
        effect="Winning a hole is worth three more points, whoever wins it: the bonus goes to "
        "the lowest score of the hole, shared by everyone tied on it. The match leader "
        "gets it too, so it helps a player who is behind only in the holes that player "
        "wins.",
        example_note="The second player has the lowest score of the hole.",
        cases=(
            Case("Without the underdog bonus", _HOLE_TABLE, went_out=1),
            Case("With the underdog bonus", _HOLE_TABLE, _hr("underdog-bonus"), went_out=1),
        ),
    ),
    "tied-shame": RuleText(
        effect="Playing it safe is punished: when you suspect you are level with someone, a "
        "risky last swap becomes worth trying.",
        example_note="The first two players both score 19.",
        cases=(
            Case("Without tied shame", ("K 5 4 / K 3 7", "6 8 Q / 6 3 2", "Q 9 3 / J 7 4")),
            Case(
                "With tied shame",
                ("K 5 4 / K 3 7", "6 8 Q / 6 3 2", "Q 9 3 / J 7 4"),
                _hr("tied-shame"),
            ),
        ),
    ),
}

JOKER_TEXT: dict[str, RuleText] = {
    "standard": RuleText(
        effect="Jokers are the best cards in the shoe, but a pair of them cancels like any "
        "pair. Keep them in different columns.",
        example_note="The same two jokers, apart and then stacked in one column.",
        cases=(
            Case("Jokers apart", ("JK 3 4 / 5 JK 6",), {"jokers": "standard"}),
            Case("Jokers paired", ("JK 3 4 / JK 5 6",), {"jokers": "standard"}),
        ),
    ),
    "lucky-swing": RuleText(
        effect="With a single joker in the whole shoe, whoever finds it gets a big swing. "
        "Every blind draw from the stock carries a little more hope.",
        example_note="One joker, worth more under Lucky Swing than under standard jokers.",
        cases=(
            Case("Standard jokers", ("JK 3 4 / 5 6 7",), {"jokers": "standard"}),
            Case("Lucky Swing", ("JK 3 4 / 5 6 7",), {"jokers": "lucky-swing"}),
        ),
    ),
    "eagle-eye": RuleText(
        effect="A lone joker hurts you until you find its partner, and then the pair is the "
        "best column you can make. You must decide how long to keep hunting.",
        example_note="A pair of jokers: 0 with standard jokers, much lower with Eagle Eye.",
        cases=(
            Case("Standard jokers", ("JK 3 4 / JK 6 7",), {"jokers": "standard"}),
            Case("Eagle Eye", ("JK 3 4 / JK 6 7",), {"jokers": "eagle-eye"}),
            Case("Eagle Eye, one joker alone", ("JK 3 4 / 5 6 7",), {"jokers": "eagle-eye"}),
        ),
    ),
    "lucky-eagle-eye": RuleText(
        effect="Some tables switch on Lucky Swing and Eagle Eye together. The shoe then "
        "holds Lucky Swing's one joker, but it is worth Eagle Eye's +2, the same as the "
        "golfcards.club game scores it. With a single joker there is never a second one to "
        "pair it with, so Eagle Eye's reward never comes: the joker is simply a card to "
        "get rid of, a little worse than an ace.",
        example_note="The same lone joker under Lucky Swing and under both rules together.",
        cases=(
            Case("Lucky Swing", ("JK 3 4 / 5 6 7",), {"jokers": "lucky-swing"}),
            Case("Lucky Swing with Eagle Eye", ("JK 3 4 / 5 6 7",), {"jokers": "lucky-eagle-eye"}),
        ),
    ),
    "twos-plus": RuleText(
        effect="Many tables that add jokers take the twos down a peg: the jokers become the "
        "cards below zero and twos turn into ordinary low cards worth +2. A two is no "
        "longer worth keeping apart from its partner, and only a joker lowers a column on "
        "its own.",
        example_note="The same grid with standard jokers and with twos at +2.",
        cases=(
            Case("Standard jokers", ("2 3 4 / JK 5 6",), {"jokers": "standard"}),
            Case("Jokers −2, twos +2", ("2 3 4 / JK 5 6",), {"jokers": "twos-plus"}),
        ),
    ),
    "four-jokers": RuleText(
        effect="Four big jokers in the shoe, whatever the number of decks. Eight-card Golf "
        "uses this set by default; in six-card Golf it makes every hole swingier.",
        example_note="One joker in a six-card grid.",
        cases=(
            Case("Standard jokers", ("JK 3 4 / 5 6 7",), {"jokers": "standard"}),
            Case("Four jokers", ("JK 3 4 / 5 6 7",), {"jokers": "four-jokers"}),
        ),
    ),
}

PLAY_RULE_TEXT: dict[str, RuleText] = {
    "flip_on_discard": RuleText(
        effect="Turning a card up after each discard gives everyone more information and "
        "shortens the hole; the endgame flip helps players who are behind when someone is "
        "about to go out.",
        story="You draw a 9 from the stock and throw it away. With no flip your turn is over. "
        "Under Speed Golf you must also turn up one of your hidden cards. Under the endgame "
        "flip you may do so, but only once some player is down to one hidden card or none.",
    ),
    "flip_as_action": RuleText(
        effect="A safe, slow turn: you learn what you hold without risking a bad draw, but "
        "you do not improve your grid that turn.",
        story="Two of your cards are still hidden and the discard pile shows a queen. Instead "
        "of drawing, you turn up one hidden card: a 3. Your turn ends there.",
    ),
    "early_knock": RuleText(
        effect="A gamble to end the hole on your terms. It pays when you have worked out that "
        "your last hidden cards are low, and it locks in a bad score when you are wrong.",
        example_note="You knock with two hidden cards, and they turn out to be an 8 and a 9. "
        "Had you waited, you might have swapped the 9 for a king.",
        cases=(
            Case("Knocking now", ("8 2 K / 8 5 9",), {"early_knock": True}),
            Case("Waiting for a king", ("8 2 K / 8 5 K",), {"early_knock": True}),
        ),
        story="With two cards still face down, you knock instead of drawing and turn them "
        "both up. You now count as having gone out, as if your last card had been turned up "
        "the usual way: every other player still has one more turn, and "
        "with the knock penalty or knock bonus on, they score you. On the scoresheet, mark "
        "the knocker as the player who went out first.",
    ),
    "end_of_hole": RuleText(
        effect="With one more turn for everyone, going out early gives the others a last "
        "chance to catch up, so you need a comfortable lead. When the hole ends at once, "
        "whoever goes out first controls the ending.",
        example_note="You still have a queen when someone goes out. With one more turn, you "
        "swap it for the 8 on the discard pile and pair your 8s.",
        cases=(
            Case("The hole ends at once", ("Q 5 7 / 8 3 9",), {"end_of_hole": "immediate"}),
            Case("You get one more turn", ("8 5 7 / 8 3 9",), {"end_of_hole": "final-turn"}),
        ),
    ),
    "holes": RuleText(
        effect="Nine holes is the usual match. Eighteen gives comebacks more room; a single "
        "hole suits a quick game.",
        story="After every hole, each grid score is added to its player's total. When the "
        "agreed number of holes is played, the lowest total wins.",
        no_example="The number of holes changes neither how a hole is played nor how a grid "
        "is scored, only how many holes are added up before the match is decided.",
    ),
    "initial_flips": RuleText(
        effect="More starting flips mean more to go on from the first turn and shorter holes; "
        "fewer flips mean more guessing.",
        story="Six-card Golf usually turns up two cards, nine-card Golf three, and four-card "
        "Golf none (its players peek instead).",
    ),
}
