"""Whole-hole rules, applied in order: knock penalty, knock bonus, underdog, tied shame."""

from scoring.engine import HouseRule, RuleSet, apply_hole_rules, check_table, score_hole

H = HouseRule


def hole(totals, *house, went_out=None):
    return apply_hole_rules(totals, RuleSet(house_rules=frozenset(house)), went_out)


def test_no_hole_rules_leaves_grid_scores():
    assert hole([24, 8], went_out=0).scores == (24, 8)


def test_knock_penalty_when_not_lowest():
    result = hole([24, 8], H.KNOCK_PENALTY, went_out=0)
    assert result.scores == (34, 8)
    assert [(a.rule, a.points) for a in result.players[0].adjustments] == [("knock-penalty", 10)]
    assert result.players[1].adjustments == ()


def test_knock_penalty_is_not_given_on_a_tie_for_lowest():
    assert hole([5, 5, 9], H.KNOCK_PENALTY, went_out=0).scores == (5, 5, 9)


def test_knock_penalty_needs_someone_out():
    assert hole([24, 8], H.KNOCK_PENALTY).scores == (24, 8)


def test_knock_penalty_then_bonus():
    assert hole([10, 5], H.KNOCK_PENALTY, H.KNOCK_BONUS, went_out=0).scores == (15, 5)


def test_knock_bonus_even_when_lowest():
    assert hole([3, 5], H.KNOCK_BONUS, went_out=0).scores == (-2, 5)


def test_underdog_counts_the_knock_bonus_first():
    # Ann went out on 4; Ben has 3. The bonus takes Ann to -1, so Ann is the underdog.
    result = hole([4, 3], H.KNOCK_BONUS, H.UNDERDOG_BONUS, went_out=0)
    assert result.scores == (-4, 3)


def test_underdog_shared_by_everyone_on_the_lowest_score():
    assert hole([5, 5, 8], H.UNDERDOG_BONUS).scores == (2, 2, 8)


def test_tied_shame_after_underdog():
    assert hole([5, 5, 8], H.UNDERDOG_BONUS, H.TIED_SHAME).scores == (7, 7, 8)


def test_tied_shame_sees_ties_the_knock_penalty_made():
    # Ann went out on 0 but Ben has -5: the penalty takes Ann to 10, level with Cat.
    result = hole([0, -5, 10], H.KNOCK_PENALTY, H.TIED_SHAME, went_out=0)
    assert result.scores == (15, -5, 15)


def test_blackjack_comes_before_the_knock_penalty():
    ruleset = RuleSet(house_rules=frozenset({H.BLACKJACK, H.KNOCK_PENALTY}))
    grids = check_table(["10 5 7 / A 2 K", "K 5 3 / K 2 A"], ruleset, [True, False])
    result = score_hole(grids, ruleset, went_out=0)
    # Ann's 21 became 0 first, so going out was right: no penalty.
    assert result.players[0].grid_score == 0
    assert result.scores == (0, 7)


def test_winners_share_on_a_tie():
    assert hole([5, 5, 9]).winners == (0, 1)
    assert hole([5, 3, 9]).winners == (1,)


def test_score_hole_keeps_each_grid_breakdown():
    ruleset = RuleSet()
    grids = check_table(["8 5 7 / 8 3 9", "KS 5H JC / KD 5C 2H"], ruleset)
    result = score_hole(grids, ruleset)
    assert result.scores == (24, 8)
    assert result.players[0].grid is not None
    assert result.players[0].grid.columns[0].matched
