"""A table checked while its grids are still being entered: the cards typed so far
are counted across the table, and the grids still to fill in are named apart."""

from scoring.engine import RuleSet, grids_to_fill, table_problems_so_far
from scoring.engine.slots import slot_differences

SIX = RuleSet()


def test_too_many_kings_among_the_cards_typed_so_far_are_found_with_their_places():
    (problem,) = table_problems_so_far(["K K K / ? ? ?", "K K ? / ? ? ?", ""], SIX)
    assert problem.message == (
        "five kings on the table, but one deck has four: players 1 and 2 hold them"
    )
    assert problem.places == ((0, 1, 1), (0, 1, 2), (0, 1, 3), (1, 1, 1), (1, 1, 2))
    assert problem.holders == (0, 1)


def test_one_copy_of_a_card_too_many_is_found_too():
    (problem,) = table_problems_so_far(["KH 5 ? / ? ? ?", "KH ? ? / ? ? ?"], SIX)
    assert problem.message.startswith("two K♥ on the table, but one deck has only one copy")


def test_cards_within_the_shoe_empty_slots_and_text_that_is_no_card_pass():
    assert table_problems_so_far(["K K B / ? ? ?", "K 5 ? / ? ? ?"], SIX) == []


def test_a_count_held_by_one_whole_grid_is_left_to_that_grids_own_check():
    assert table_problems_so_far(["K K K / K K 2", "8 ? ? / ? ? ?"], SIX) == []
    # Held by a grid still being entered, it is the table's to say.
    assert table_problems_so_far(["K K K / K K ?", "8 ? ? / ? ? ?"], SIX)


def test_the_grids_still_to_fill_in_are_the_blank_and_the_half_entered():
    assert grids_to_fill(["K K K / ? ? ?", "", "8 5 7 8 3 9", "  "]) == (0, 1, 3)


def test_two_notations_of_a_grid_differ_slot_by_slot_as_cards():
    layout, ranks = SIX.layout, SIX.ranks_in_play
    assert slot_differences("8 5 7 / 8 3 9", "8 5 7 / 8 3 T", layout, ranks) == [(2, 3, "9", "10")]
    assert slot_differences("8 5 7 / 8 3 10", "8 5 7 8 3 T", layout, ranks) == []
    assert slot_differences("8 5 ? / 8 3 9", "8 5 B / 8 3 9", layout, ranks) == [(1, 3, "", "B")]


def test_a_whole_grid_over_a_count_on_its_own_is_said_once_by_its_own_check():
    # Ben's five 7s are his grid's problem; Ann's 7 makes no second one of the table.
    assert table_problems_so_far(["8 5 7 / 8 3 ?", "7 7 7 / 7 7 3"], SIX) == []
