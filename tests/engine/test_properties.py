"""Properties that hold for every grid and rule set, checked by hypothesis."""

from hypothesis import given
from hypothesis import strategies as st

from scoring.engine import Card, Grid, HouseRule, RuleSet, score_grid

from .strategies import cards, grids, grids_for, rule_sets, standard_cards


@given(st.data(), rule_sets)
def test_swapping_columns_never_changes_a_score(data, ruleset):
    """Only the columns count, so their order does not; with rows and diagonals
    cancelling, where a card sits decides its diagonals, so that rule is left out."""
    if ruleset.has(HouseRule.LINES_CANCEL):
        ruleset = RuleSet(
            variant=ruleset.variant,
            jokers=ruleset.jokers,
            house_rules=ruleset.house_rules - {HouseRule.LINES_CANCEL},
        )
    grid = data.draw(grids_for(ruleset))
    columns = list(grid.columns)
    order = data.draw(st.permutations(range(len(columns))))
    shuffled = Grid.from_columns([columns[i] for i in order])
    assert score_grid(shuffled, ruleset).total == score_grid(grid, ruleset).total


@given(st.data(), rule_sets)
def test_total_is_columns_plus_adjustments(data, ruleset):
    result = score_grid(data.draw(grids_for(ruleset)), ruleset)
    assert result.total == result.column_total + sum(a.points for a in result.adjustments)


@given(st.data())
def test_a_matched_column_scores_zero_under_the_default_rules(data):
    """A pair cancels to 0, which is never more than the same two cards unmatched
    unless both are negative (a pair of twos: 0 instead of -4, which is why the
    guides say to keep twos apart)."""
    ruleset = RuleSet()
    grid = data.draw(grids_for(ruleset, card=standard_cards))
    for column in score_grid(grid, ruleset).columns:
        if column.matched:
            assert column.points == 0
            if all(v >= 0 for v in column.values):
                assert column.points <= sum(column.values)
        else:
            assert column.points == sum(column.values)


@given(st.data(), rule_sets)
def test_with_negative_pairs_a_match_never_scores_more_than_unmatched(data, ruleset):
    ruleset = RuleSet(
        variant=ruleset.variant,
        jokers=ruleset.jokers,
        house_rules=ruleset.house_rules | {HouseRule.NEGATIVE_PAIRS_KEEP_VALUE},
    )
    for column in score_grid(data.draw(grids_for(ruleset)), ruleset).columns:
        assert column.points <= sum(column.values)


@given(cards)
def test_card_notation_round_trip(card):
    assert Card.parse(str(card)) == card
    assert Card.parse(str(card).lower()) == card


@given(grids())
def test_grid_notation_round_trip(grid):
    assert Grid.parse(grid.notation()) == grid
    assert Grid.parse(grid.notation().replace(" / ", "\n").replace(" ", ",")) == grid


@given(rule_sets)
def test_house_rules_are_listed_in_the_catalogues_order(ruleset):
    """Pages list a match's house rules; a set has no order that holds between
    processes (two workers would list them differently), so they come in the
    order the catalogue gives them."""
    listed = ruleset.house_rules_in_order
    assert set(listed) == set(ruleset.house_rules)
    catalogue = list(HouseRule)
    assert [catalogue.index(rule) for rule in listed] == sorted(
        catalogue.index(rule) for rule in listed
    )
