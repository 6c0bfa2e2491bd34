"""Grids scored under every variant, joker option and house rule.

Each case reads like a score card: notation, rules, expected total. The first four
are the worked examples of the reference documents.
"""

import pytest

from scoring.engine import DeckKind, HouseRule, RuleSet, check_grid, score_grid

H = HouseRule


def rules(variant="six-card", *house, **options):
    return RuleSet(variant=variant, house_rules=frozenset(house), **options)


def total(grid, ruleset=None):
    ruleset = ruleset or RuleSet()
    return score_grid(check_grid(grid, ruleset), ruleset).total


GOLDEN = [
    # The reference documents' worked grids.
    ("8 5 7 / 8 3 9", rules(), 24),
    ("KS 5H JC / KD 5C 2H", rules(), 8),
    ("5 X Q / 5 2 4", rules(deck=DeckKind.ZSA), 22),
    ("8 2 K / 8 5 A", rules(), 4),
    # Column situations.
    ("2 3 4 / 2 5 6", rules(), 18),  # a pair of twos scores 0, not -4
    ("2 2 4 / 3 5 6", rules(), 14),  # twos apart keep their -2 each
    ("J 3 4 / Q 3 4", rules(), 20),  # jack over queen: both 10, but no pair
    ("7 7 7 / 3 4 5", rules(), 33),  # a row of 7s does not count
    ("K 3 4 / 5 6 7", rules(), 25),  # a king is 0 on its own
    # Variants.
    ("2 K / 2 5", rules("four-card"), 9),  # nothing cancels; twos are +2
    ("JK 2 3 3 / JK 4 3 K", rules("eight-card"), 9),  # joker pair 0, two is +2
    ("JK 2 3 4 / 5 4 6 K", rules("eight-card"), 19),  # a lone joker is -5
    ("5 3 4 / 5 3 6 / 5 9 9", rules("nine-card"), 34),  # three 5s cancel, two 3s do not
    ("A 2 3 4 5 / A 6 3 8 9", rules("ten-card"), 30),
    # Jokers.
    ("JK 3 4 / 5 3 4", rules(jokers="standard"), 3),
    ("JK 3 4 / JK 5 6", rules(jokers="standard"), 18),
    ("JK 3 4 / 5 6 7", rules(jokers="lucky-swing"), 20),
    ("JK 3 4 / 5 6 7", rules(jokers="eagle-eye"), 27),
    ("JK 3 4 / JK 6 7", rules(jokers="eagle-eye"), 16),
    ("* 3 4 / jk 6 7", rules(jokers="eagle-eye"), 16),
    # House rules that change values.
    ("K 3 4 / 5 6 7", rules("six-card", H.SUPER_KINGS), 23),
    ("K 3 4 / K 6 7", rules("six-card", H.SUPER_KINGS), 20),
    ("10 3 4 / 5 6 7", rules(), 35),
    ("10 3 4 / 5 6 7", rules("six-card", H.TEN_PENNY), 26),
    ("X 3 4 / 5 6 7", rules("six-card", H.TEN_PENNY, deck=DeckKind.ZSA), 26),
    ("JH 3 4 / 5 6 7", rules("six-card", H.ONE_EYED_JACKS), 25),
    ("JS 3 4 / 5 6 7", rules("six-card", H.ONE_EYED_JACKS), 25),
    ("JC 3 4 / 5 6 7", rules("six-card", H.ONE_EYED_JACKS), 35),
    ("JH 3 4 / JC 6 7", rules("six-card", H.ONE_EYED_JACKS), 20),  # pairs go by rank
    # Negative pairs keep value.
    ("2 3 4 / 2 5 6", rules("six-card", H.NEGATIVE_PAIRS_KEEP_VALUE), 14),
    ("JK 3 4 / JK 5 6", rules("six-card", H.NEGATIVE_PAIRS_KEEP_VALUE, jokers="standard"), 14),
    ("K 3 4 / K 6 7", rules("six-card", H.SUPER_KINGS, H.NEGATIVE_PAIRS_KEEP_VALUE), 16),
    ("8 3 4 / 8 6 7", rules("six-card", H.NEGATIVE_PAIRS_KEEP_VALUE), 20),  # positive pairs: 0
    ("2 3 4 / 2 5 6 / 2 7 8", rules("nine-card", H.NEGATIVE_PAIRS_KEEP_VALUE), 27),
    # Grid bonuses.
    ("8 8 3 / 8 8 4", rules("six-card", H.FOUR_OF_A_KIND), -13),
    ("8 8 K / 8 8 K", rules("six-card", H.FOUR_OF_A_KIND), -20),  # once per rank
    ("8 8 K K 3 / 8 8 K K 4", rules("ten-card", H.FOUR_OF_A_KIND), -33),  # two ranks
    ("8 3 8 / 8 4 5", rules("six-card", H.FOUR_OF_A_KIND), 20),  # three 8s, one pair
    ("J J 3 / J J 4", rules("six-card", H.WOLFPACK), -13),
    ("J J 3 / J J 4", rules("six-card", H.WOLFPACK, H.FOUR_OF_A_KIND), -33),
    ("Q Q 3 / Q Q 4", rules("six-card", H.WOLFPACK), 7),  # queens are no wolves
    # Blackjack.
    ("10 5 7 / A 2 K", rules(), 21),
    ("10 5 7 / A 2 K", rules("six-card", H.BLACKJACK), 0),
    ("10 5 7 / A 2 Q", rules("six-card", H.BLACKJACK), 31),
]


@pytest.mark.parametrize(("grid", "ruleset", "expected"), GOLDEN)
def test_golden_grids(grid, ruleset, expected):
    assert total(grid, ruleset) == expected


def test_breakdown_explains_the_24_column_by_column():
    result = score_grid(check_grid("8 5 7 / 8 3 9", RuleSet()), RuleSet())
    assert [(c.matched, c.points) for c in result.columns] == [(True, 0), (False, 8), (False, 16)]
    assert [c.values for c in result.columns] == [(8, 8), (5, 3), (7, 9)]
    assert result.columns[0].reason == "pair of 8s: 0"
    assert result.columns[1].reason == "5 + 3 = 8"
    assert result.adjustments == ()


def test_zsa_example_breakdown():
    zsa = RuleSet(deck=DeckKind.ZSA)
    result = score_grid(check_grid("5 X Q / 5 2 4", zsa), zsa)
    assert [c.points for c in result.columns] == [0, 8, 14]


def test_grid_bonuses_are_listed_with_their_rule():
    ruleset = rules("six-card", H.WOLFPACK, H.FOUR_OF_A_KIND)
    result = score_grid(check_grid("J J 3 / J J 4", ruleset), ruleset)
    assert [(a.rule, a.points) for a in result.adjustments] == [
        ("four-of-a-kind", -20),
        ("wolfpack", -20),
    ]
    assert result.column_total == 7
    assert result.matched_columns == 2


def test_blackjack_applies_after_the_grid_bonuses():
    # Columns sum to 41; four of a kind takes 20 off, leaving exactly 21.
    ruleset = rules("ten-card", H.FOUR_OF_A_KIND, H.BLACKJACK)
    result = score_grid(check_grid("8 8 Q Q 5 / 8 8 J 3 3", ruleset), ruleset)
    assert result.column_total == 41
    assert [a.rule for a in result.adjustments] == ["four-of-a-kind", "blackjack"]
    assert result.total == 0


def test_eagle_eye_three_jokers_in_a_nine_card_column():
    ruleset = rules("nine-card", jokers="eagle-eye")
    result = score_grid(check_grid("JK 3 4 / JK 3 5 / JK 6 7", ruleset), ruleset)
    assert result.columns[0].points == -6
    assert result.columns[0].matched


@pytest.mark.parametrize(("grid", "ruleset", "expected"), GOLDEN[:12] + GOLDEN[-3:])
def test_breakdown_round_trips_through_plain_data(grid, ruleset, expected):
    from scoring.engine import GridScore

    result = score_grid(check_grid(grid, ruleset), ruleset)
    again = GridScore.from_dict(result.to_dict())
    assert again == result
    assert [c.reason for c in again.columns] == [c.reason for c in result.columns]
