"""The options players asked for: jokers that push twos up to +2, Lucky Swing with
Eagle Eye, and nine-card rows and diagonals that cancel like columns."""

import pytest

from scoring.engine import (
    Card,
    HouseRule,
    Rank,
    RulesError,
    RuleSet,
    TableError,
    check_grid,
    check_table,
    score_grid,
)
from scoring.engine.catalog import rules_catalog

LINES = HouseRule.LINES_CANCEL


def total(grid: str, ruleset: RuleSet) -> int:
    return score_grid(check_grid(grid, ruleset), ruleset).total


# -- jokers at -2, twos at +2 ---------------------------------------------------------


def test_twos_plus_jokers_are_minus_two_and_twos_plus_two():
    ruleset = RuleSet(jokers="twos-plus")
    assert ruleset.value(Card(Rank.JOKER)) == -2
    assert ruleset.value(Card(Rank.TWO)) == 2
    assert ruleset.rank_copies(Rank.JOKER, 2) == 2
    # A two now adds to its column; the joker takes two off: 2 + 3 + 4 + (-2) + 5 + 6.
    assert total("2 3 4 / JK 5 6", ruleset) == 18
    # A pair of twos still cancels.
    assert total("2 3 4 / 2 5 6", ruleset) == 18


def test_twos_plus_is_in_the_catalogue():
    jokers = {j["slug"]: j for j in rules_catalog()["jokers"]}
    assert jokers["twos-plus"]["value"] == -2


# -- Lucky Swing with Eagle Eye -------------------------------------------------------


def test_lucky_swing_with_eagle_eye_is_one_joker_worth_plus_two():
    ruleset = RuleSet(jokers="lucky-eagle-eye")
    assert ruleset.value(Card(Rank.JOKER)) == 2
    for players in (2, 5, 8):
        assert ruleset.rank_copies(Rank.JOKER, players) == 1
    assert total("JK 3 4 / 5 6 7", ruleset) == 27


def test_lucky_swing_with_eagle_eye_has_no_second_joker_to_pair():
    with pytest.raises(TableError) as caught:
        check_grid("JK 3 4 / JK 6 7", RuleSet(jokers="lucky-eagle-eye"))
    assert "only one joker" in str(caught.value)


# -- nine-card: rows and diagonals cancel ---------------------------------------------


def test_a_row_of_three_cancels_with_lines_cancel():
    plain = RuleSet(variant="nine-card")
    lines = RuleSet(variant="nine-card", house_rules=frozenset({LINES}))
    grid = "7 7 7 / 3 4 5 / 6 8 9"
    assert total(grid, plain) == 21 + 12 + 23
    assert total(grid, lines) == 12 + 23


def test_a_diagonal_cancels_with_lines_cancel():
    lines = RuleSet(variant="nine-card", house_rules=frozenset({LINES}))
    # 8s on the diagonal from top left; the rest: 4 + 5 + 3 + 6 + 9 + A.
    assert total("8 4 5 / 3 8 6 / 9 A 8", lines) == 28


def test_a_card_in_two_matched_lines_counts_zero_once():
    """Both diagonals of 8s share the centre 8; the centre, like every card of a
    matched line, counts 0 however many lines it lies in: only 4, J, Q and 2 count."""
    lines = RuleSet(variant="nine-card", house_rules=frozenset({LINES}))
    score = score_grid(check_grid("8 4 8 / J 8 Q / 8 2 8", lines), lines)
    assert score.total == 4 + 10 + 10 - 2
    first = score.columns[0]
    assert first.how == "lines"
    assert first.points == 10
    assert first.reason == (
        "0 + 10 + 0 = 10, a card in a matched row or diagonal counting as matched"
    )


def test_a_row_of_twos_keeps_its_value_with_negative_pairs_keep_value():
    """A card in a matched row counts as it would in a matched column: with negative
    pairs keep value, twos keep their -2 wherever the matched line runs."""
    ruleset = RuleSet(
        variant="nine-card",
        house_rules=frozenset({LINES, HouseRule.NEGATIVE_PAIRS_KEEP_VALUE}),
    )
    score = score_grid(check_grid("2 2 2 / 2 5 6 / 2 7 9", ruleset), ruleset)
    assert [c.points for c in score.columns] == [-6, 10, 13]


def test_a_row_of_eagle_eye_jokers_scores_as_a_joker_column_would():
    ruleset = RuleSet(variant="nine-card", jokers="eagle-eye", house_rules=frozenset({LINES}))
    score = score_grid(check_grid("JK JK JK / 3 4 5 / 6 8 9", ruleset), ruleset)
    assert score.total == 3 * -2 + 12 + 23


def test_lines_cancel_is_only_for_nine_card_golf():
    with pytest.raises(RulesError) as caught:
        RuleSet(house_rules=frozenset({LINES}))
    assert [p.field for p in caught.value.problems] == ["house_rules"]
    assert "nine-card" in str(caught.value).lower()


def test_lines_cancel_is_in_the_catalogue():
    rules = {r["slug"]: r for r in rules_catalog()["house_rules"]}
    assert "lines-cancel" in rules


def test_lines_cancel_does_not_touch_a_table_that_has_no_lines():
    lines = RuleSet(variant="nine-card", house_rules=frozenset({LINES}))
    grids = check_table(["5 3 4 / 5 3 6 / 5 9 9", "A 2 3 / 4 5 6 / 7 8 9"], lines)
    assert [score_grid(g, lines).total for g in grids] == [34, 41]
