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
