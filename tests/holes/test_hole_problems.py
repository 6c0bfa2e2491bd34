"""What is wrong with a hole is said where it is: beside the player's cards and by
their name (the engine says "player 2"), a problem of the whole table once at the
top, and the top of a refused form linking to each player to check."""

import pytest
from django.urls import reverse

from scoring.models import Hole
from tests.scoresheet import hole_data

pytestmark = pytest.mark.django_db


def result_box(page, seat):
    """The HTML of one player's result box (where their problems are shown)."""
    start = page.index(f'id="result-{seat}"')
    return page[start : page.index("</div>", start)]


def test_a_bad_card_is_explained_beside_its_player_without_a_seat_number(client, three):
    data = hole_data(grid_0="8 5 7 / 8 3 9", grid_1="8 5 7 / 8 3 B", grid_2="A 4 6 / A 4 6")
    page = client.post(reverse("scoring:hole_new", args=[three.pk]), data).content.decode()
    assert "Card 3 of row 2: &#x27;B&#x27; is not a rank" in result_box(page, 1)
    assert "Player 2" not in page
    assert "player 2" not in page


def test_a_grid_of_the_wrong_shape_is_explained_beside_its_player(client, three):
    data = hole_data(grid_0="8 5 7 / 8 3 9", grid_1="K K 2 / Q J", grid_2="A 4 6 / A 4 6")
    url = reverse("scoring:hole_preview", args=[three.pk])
    fragment = client.post(url, data, HTTP_HX_REQUEST="true").content.decode()
    assert "Row 2 has two cards; it needs three." in result_box(fragment, 1)
    assert "Player 2" not in fragment


def test_a_missing_total_is_explained_beside_its_player(client, three):
    data = hole_data(kind="totals", total_0="12", total_1="", total_2="3")
    page = client.post(reverse("scoring:hole_new", args=[three.pk]), data).content.decode()
    assert "Enter a total." in result_box(page, 1)
    assert "Player 2" not in page


def test_an_impossible_hole_comes_back_with_the_problem_beside_the_card(client, three):
    data = hole_data(grid_0="7 7 7 / 7 7 A", grid_1="K K 2 / Q J", grid_2="A 4 6 / A 4 6")
    response = client.post(reverse("scoring:hole_new", args=[three.pk]), data)
    page = response.content.decode()
    assert response.status_code == 200
    assert 'value="7 7 7 / 7 7 A"' in page
    assert 'value="K K 2 / Q J"' in page
    assert "Row 2 has two cards; it needs three." in page
    # The message sits in Bob's result box, and the missing card's slot is marked.
    bob = page[page.index('id="result-1"') :]
    assert bob.index("Row 2 has two cards") < bob.index('id="result-2"')
    assert 'class="slot slot--bad" data-row="2" data-column="3"' in page
    assert not Hole.objects.exists()


def test_a_total_that_is_not_a_number_is_kept_and_explained(client, three):
    data = hole_data(kind="totals", total_0="12", total_1="twelve", total_2="3")
    page = client.post(reverse("scoring:hole_new", args=[three.pk]), data).content.decode()
    assert 'value="twelve"' in page
    assert "A total is a whole number, like 12 or \u22124." in page


def test_a_grid_tapped_in_half_way_says_which_slots_are_still_empty(client, three):
    data = hole_data(grid_0="8 5 7 / 8 3 9", grid_1="K 5 ? / ? ? ?", grid_2="A 4 6 / A 4 6")
    response = client.post(reverse("scoring:hole_new", args=[three.pk]), data)
    page = response.content.decode()
    assert response.status_code == 200
    assert "Card 3 of row 1 and cards 1, 2 and 3 of row 2 are still empty." in result_box(page, 1)
    assert "is not a rank" not in page
    assert three.holes.count() == 0


def test_the_slots_read_a_grid_as_the_engine_does(client, three):
    """A doubled slash makes no row: the message says so, and the slots show the
    second row where the player typed it, not an empty row 2."""
    data = hole_data(grid_0="8 5 7 // 8 3 9", grid_1="K 4 7 / K 3 9", grid_2="A 4 6 / A 4 6")
    page = client.post(reverse("scoring:hole_preview", args=[three.pk]), data).content.decode()
    entry = page[page.index('id="entry-0"') : page.index('id="entry-1"')]
    assert "no card between the slashes after row 1" in entry
    for column, card in enumerate("839", start=1):
        assert f'aria-label="Row 2, card {column}: {card}' in entry


# -- the top of a refused form ---------------------------------------------------------


def test_a_problem_of_the_whole_table_is_said_once_and_pointed_to(client, three):
    """Too many kings across three grids: said once at the top, and each player
    holding some is pointed there, not given the whole message again."""
    data = hole_data(grid_0="K 5 7 / K 3 9", grid_1="K 4 7 / K 3 9", grid_2="K 4 6 / A 4 6")
    page = client.post(reverse("scoring:hole_new", args=[three.pk]), data).content.decode()
    message = "Five kings on the table, but one deck has four: Ann, Bob and Cy hold them."
    assert page.count(message) == 1
    top = page[page.index('id="table-problems"') :]
    assert message in top[: top.index("</div>")]
    for seat in (0, 1, 2):
        assert (
            "The marked cards are in the card count problem at the top of the form."
            in result_box(page, seat)
        )
    # Each grid's columns stay folded under its score: open, they made the page
    # several screens longer.
    assert page.count('<details class="result__breakdown">') == 3
    assert '<details class="result__breakdown" open' not in page


def test_the_top_of_a_refused_form_links_to_each_player_with_a_problem(client, three):
    """Without the script the page opens at its top, screens above the last
    player's problem: the top names who to check, each linked to their cards."""
    data = hole_data(grid_0="8 5 7 / 8 3 B", grid_1="K 4 7 / K 3 9", grid_2="A 4 6 / A 4 Z")
    page = client.post(reverse("scoring:hole_preview", args=[three.pk]), data).content.decode()
    top = page[page.index('id="table-problems"') :]
    top = top[: top.index("</div>")]
    assert (
        'Check the cards of <a href="#entry-0"><bdi>Ann</bdi></a> and '
        '<a href="#entry-2"><bdi>Cy</bdi></a>, marked below.' in top
    )
    assert "Bob" not in top
    assert "was not saved" not in top  # only checked, not saved


def test_a_refused_hole_of_totals_points_to_the_totals(client, three):
    """Entered as totals, there are no cards to check."""
    data = hole_data(kind="totals", total_0="5", total_1="many", total_2="")
    page = client.post(reverse("scoring:hole_new", args=[three.pk]), data).content.decode()
    top = page[page.index('id="table-problems"') :]
    top = top[: top.index("</div>")]
    assert "Check the totals of" in top
    assert '<a href="#entry-1"><bdi>Bob</bdi></a>' in top
    assert "Check the cards of" not in page


def test_the_holders_of_a_card_count_problem_are_linked_from_the_top(client, three):
    data = hole_data(grid_0="K 5 7 / K 3 9", grid_1="K 4 7 / K 3 9", grid_2="K 4 6 / A 4 6")
    page = client.post(reverse("scoring:hole_new", args=[three.pk]), data).content.decode()
    top = page[page.index('id="table-problems"') :]
    top = top[: top.index("</div>")]
    assert top.index("Hole 1 was not saved.") < top.index("Five kings on the table")
    ann, bob = '<a href="#entry-0"><bdi>Ann</bdi></a>', '<a href="#entry-1"><bdi>Bob</bdi></a>'
    assert f"{ann}, {bob} and" in top


def test_a_card_count_problem_names_the_players_who_hold_the_cards(client, three):
    data = hole_data(grid_0="K 5 7 / K 3 9", grid_1="K 4 7 / K 3 9", grid_2="K 4 6 / A 4 6")
    page = client.post(reverse("scoring:hole_new", args=[three.pk]), data).content.decode()
    top = page[page.index('id="table-problems"') :]
    top = top[: top.index("</div>")]
    assert "Five kings on the table, but one deck has four: Ann, Bob and Cy hold them." in top
    assert "player 1" not in page.lower()


def test_the_live_check_does_not_list_who_to_check_at_the_top(client, three):
    """As the hole is typed, a line coming and going above the form would move it."""
    data = hole_data(grid_0="8 5 7 / 8 3 B", grid_1="K 4 7 / K 3 9", grid_2="A 4 6 / A 4 6")
    url = reverse("scoring:hole_preview", args=[three.pk])
    fragment = client.post(url, data, HTTP_HX_REQUEST="true").content.decode()
    assert "Card 3 of row 2" in result_box(fragment, 0)
    assert "Check the cards of" not in fragment


def test_a_refused_correction_says_it_was_not_saved(client, three):
    good = {"grid_0": "8 5 7 / 8 3 9", "grid_1": "K K 2 / Q J 10", "grid_2": "A 4 6 / A 4 6"}
    client.post(reverse("scoring:hole_new", args=[three.pk]), hole_data(**good))
    data = hole_data(grid_0="8 5 7 / 8 3 B", grid_1="K 4 7 / K 3 9", grid_2="A 4 6 / A 4 6")
    data["revision"] = "1"
    page = client.post(reverse("scoring:hole_edit", args=[three.pk, 1]), data).content.decode()
    assert "The correction of hole 1 was not saved." in page


def test_a_one_eyed_jack_without_its_suit_is_asked_about_beside_the_card(client):
    from scoring.engine import HouseRule, RuleSet
    from tests.factories import MatchFactory
    from tests.scoresheet import own

    rules = RuleSet(house_rules=frozenset({HouseRule.ONE_EYED_JACKS}))
    match = MatchFactory.create(players=["Ann", "Bob"], rules=rules.to_dict())
    own(client, match)
    data = hole_data(grid_0="8 5 7 / 8 3 9", grid_1="8 5 7 / 3 J 9")
    page = client.post(reverse("scoring:hole_new", args=[match.pk]), data).content.decode()
    assert "Card 2 of row 2: which jack?" in result_box(page, 1)
    assert "its suit decides its value" in result_box(page, 1)
    assert 'class="slot slot--bad" data-row="2" data-column="2"' in page
    # The keypad knows which rank to ask the suit of.
    assert 'data-rank="J" data-needs-suit=' in page
    assert not Hole.objects.exists()
