"""Match arithmetic: the deal's rotation, seating, hand-counted totals, standings."""

import pytest

from scoring.engine import HouseRule, RuleSet
from scoring.engine.match import (
    dealer_for_hole,
    first_player_for_hole,
    grid_total_bounds,
    running_totals,
    seating_problems,
    standings,
    totals_problems,
)


@pytest.mark.parametrize(
    ("first_dealer", "hole", "players", "dealer", "first"),
    [
        (0, 1, 3, 0, 1),
        (0, 2, 3, 1, 2),
        (0, 3, 3, 2, 0),
        (0, 4, 3, 0, 1),
        (2, 1, 4, 2, 3),
        (3, 2, 4, 0, 1),
    ],
)
def test_the_deal_passes_one_seat_left_each_hole(first_dealer, hole, players, dealer, first):
    assert dealer_for_hole(first_dealer, hole, players) == dealer
    assert first_player_for_hole(first_dealer, hole, players) == first


def test_seating_needs_two_to_eight_players():
    assert seating_problems(1, RuleSet())[0].message.startswith("a match needs 2 to 8 players")
    assert seating_problems(9, RuleSet())
    assert seating_problems(2, RuleSet()) == []


def test_seating_refuses_a_shoe_too_small_for_the_table():
    # Eight players of ten-card Golf need 81 cards; two decks hold 104, one holds 52.
    assert seating_problems(8, RuleSet(variant="ten-card")) == []
    problems = seating_problems(8, RuleSet(variant="ten-card", decks=1))
    assert "need 81 cards" in problems[0].message
    assert "only 52" in problems[0].message


def test_hand_counted_totals_must_be_whole_numbers_in_reach():
    rules = RuleSet()
    low, high = grid_total_bounds(rules)
    assert low < 0 < 60 <= high  # six tens or queens make 60
    assert totals_problems([12, -4], rules) == []
    problems = totals_problems([None, "twelve", high + 1], rules)
    assert [p.player for p in problems] == [0, 1, 2]
    assert "enter a total" in problems[0].message
    assert "whole number" in problems[1].message
    assert "out of reach" in problems[2].message


def test_super_kings_lower_the_lowest_possible_total():
    plain = grid_total_bounds(RuleSet())[0]
    kings = grid_total_bounds(RuleSet(house_rules=frozenset({HouseRule.SUPER_KINGS})))[0]
    assert kings <= plain


def test_running_totals_add_up_hole_by_hole():
    assert running_totals([[5, 3], [2, 10], [-2, 0]], 2) == [[5, 7, 5], [3, 13, 13]]


def test_standings_share_places_on_ties_and_count_the_gap():
    ranked = standings([12, 9, 9, 20])
    assert [(s.seat, s.place, s.behind) for s in ranked] == [
        (1, 1, 0),
        (2, 1, 0),
        (0, 3, 3),
        (3, 4, 11),
    ]


def test_an_early_knocker_is_scored_by_the_knock_rules_as_the_player_who_went_out():
    from scoring.engine import apply_hole_rules

    knock = frozenset({HouseRule.KNOCK_PENALTY, HouseRule.KNOCK_BONUS})
    rules = RuleSet(early_knock=True, house_rules=knock)
    assert rules.ways_out == ("turned up their last card first", "knocked early")
    assert RuleSet().ways_out == ("turned up their last card first",)
    # The knocker (seat 0) is passed as the player who went out; both rules score them.
    hole = apply_hole_rules([20, 10], rules, went_out=0)
    assert [a.rule for a in hole.players[0].adjustments] == ["knock-penalty", "knock-bonus"]
