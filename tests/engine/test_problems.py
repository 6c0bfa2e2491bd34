"""Problems say where they are: the engine names the seat ("player 2, card 3 of
row 2: ..."), and a page that shows the problem beside its player words it with
the player's name or without a seat at all."""

import pytest

from scoring.engine import GolfError, Problem, RuleSet
from scoring.engine.validation import check_table


def test_the_engine_still_says_player_n_and_can_say_it_with_a_name_or_without():
    with pytest.raises(GolfError) as caught:
        check_table(["8 5 7 / 8 3 9", "8 5 7 / 8 3 B"], RuleSet())
    (problem,) = caught.value.problems
    assert problem.message.startswith("player 2, card 3 of row 2: 'B' is not a rank")
    assert problem.worded().startswith("card 3 of row 2: 'B' is not a rank")
    assert problem.worded("Bob").startswith("Bob, card 3 of row 2: 'B' is not a rank")


def test_wording_leaves_a_message_that_does_not_name_its_seat_as_it_is():
    said = Problem("player 2: enter a total", player=1)
    assert said.worded() == "enter a total"
    assert said.worded("Bob") == "Bob: enter a total"
    # Only the problem's own seat is taken out, and only at the start.
    other = Problem("player 1: enter a total", player=1)
    assert other.worded("Bob") == "player 1: enter a total"
    table = Problem("five 7s on the table, but one deck has four")
    assert table.worded("Bob") == table.message


KINGS_TABLE = ["K 5 7 / K 3 9", "K 4 7 / K 3 9", "K 4 6 / A 4 6"]


def test_too_many_copies_on_a_table_names_the_seats_that_hold_them():
    with pytest.raises(GolfError) as caught:
        check_table(KINGS_TABLE, RuleSet())
    (problem,) = caught.value.problems
    assert problem.message == (
        "five kings on the table, but one deck has four: players 1, 2 and 3 hold them"
    )
    assert problem.holders == (0, 1, 2)
    assert {seat for seat, _, _ in problem.places} == {0, 1, 2}


def test_the_holders_are_said_with_names_where_there_are_names():
    with pytest.raises(GolfError) as caught:
        check_table(KINGS_TABLE, RuleSet())
    (problem,) = caught.value.problems
    assert problem.with_names(["Ann", "Ben", "Cy"]) == (
        "five kings on the table, but one deck has four: Ann, Ben and Cy hold them"
    )
    # A seat without a name keeps its number.
    assert problem.with_names(["Ann", None, "Cy"]) == (
        "five kings on the table, but one deck has four: Ann, player 2 and Cy hold them"
    )


def test_one_holder_is_named_or_left_out_beside_their_own_cards():
    with pytest.raises(GolfError) as caught:
        check_table(["7 7 7 / 7 7 3", "A 2 3 / 4 5 6"], RuleSet())
    (problem,) = caught.value.problems
    assert problem.player == 0
    assert problem.message == "five 7s on the table, but one deck has four: player 1 holds them"
    assert problem.worded() == "five 7s on the table, but one deck has four"
    assert problem.worded("Ann") == "five 7s on the table, but one deck has four: Ann holds them"
    assert problem.with_names(["Ann", "Ben"]) == problem.worded("Ann")
