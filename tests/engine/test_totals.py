"""A total counted by hand carries the rules that read only a total (Blackjack and the
rules of the whole hole); the grid bonuses that read the cards are named, not guessed."""

from scoring.engine import HouseRule, RuleSet
from scoring.engine.scoring import BLACKJACK_SCORE, score_totals

BONUSES = frozenset({HouseRule.BLACKJACK, HouseRule.FOUR_OF_A_KIND, HouseRule.WOLFPACK})


def test_a_typed_total_of_21_becomes_0_under_blackjack():
    rules = RuleSet(house_rules=frozenset({HouseRule.BLACKJACK, HouseRule.UNDERDOG_BONUS}))
    hole = score_totals([BLACKJACK_SCORE, 5], rules)
    first = hole.players[0]
    assert first.grid_score == BLACKJACK_SCORE
    assert [a.rule for a in first.adjustments] == ["blackjack", "underdog-bonus"]
    assert hole.scores == (-3, 5)  # 0, then the lowest of the hole
    assert score_totals([BLACKJACK_SCORE, 5], RuleSet()).scores == (BLACKJACK_SCORE, 5)


def test_the_rules_a_total_cannot_carry_come_from_the_rules_metadata():
    rules = RuleSet(house_rules=BONUSES | {HouseRule.SUPER_KINGS, HouseRule.KNOCK_BONUS})
    assert rules.rules_needing_cards == (HouseRule.FOUR_OF_A_KIND, HouseRule.WOLFPACK)
    assert [r for r in HouseRule if r.scope == "grid" and r.from_total] == [HouseRule.BLACKJACK]
    assert all(r.from_total for r in HouseRule if r.scope == "hole")
    assert RuleSet().rules_needing_cards == ()
