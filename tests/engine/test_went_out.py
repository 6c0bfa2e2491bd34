"""Who went out first: rules that score that player need it said, a seat or nobody."""

import pytest

from scoring.engine import HouseRule, RuleSet, went_out_problems

KNOCK = RuleSet(house_rules=frozenset({HouseRule.KNOCK_PENALTY}))
BOTH = RuleSet(house_rules=frozenset({HouseRule.KNOCK_PENALTY, HouseRule.KNOCK_BONUS}))


@pytest.mark.parametrize(
    ("rules", "needs"),
    [
        (RuleSet(), False),
        (RuleSet(house_rules=frozenset({HouseRule.UNDERDOG_BONUS})), False),
        (RuleSet(early_knock=True), False),  # a knocker is noted, but scored by no rule
        (KNOCK, True),
        (RuleSet(house_rules=frozenset({HouseRule.KNOCK_BONUS})), True),
        (RuleSet(early_knock=True, house_rules=frozenset({HouseRule.KNOCK_BONUS})), True),
    ],
)
def test_a_rule_set_needs_a_finisher_when_a_rule_scores_them(rules, needs):
    assert rules.needs_finisher is needs


def test_a_seat_or_nobody_is_an_answer():
    assert went_out_problems(KNOCK, 3, 2) == []
    assert went_out_problems(KNOCK, 3, None, nobody_out=True) == []
    assert went_out_problems(RuleSet(), 3, None) == []


def test_no_answer_under_a_knock_rule_names_the_rules_and_the_question():
    (problem,) = went_out_problems(BOTH, 3, None)
    assert problem.field == "went_out"
    assert problem.message == (
        "say who went out first, or that nobody did: Knock penalty and Knock bonus score "
        "that player"
    )
    early = RuleSet(early_knock=True, house_rules=frozenset({HouseRule.KNOCK_BONUS}))
    assert "who went out first or knocked early" in went_out_problems(early, 2, None)[0].message


def test_a_seat_away_from_the_table_or_both_answers_are_refused():
    assert "not at this table" in went_out_problems(RuleSet(), 3, 3)[0].message
    assert "not both" in went_out_problems(KNOCK, 3, 0, nobody_out=True)[0].message
