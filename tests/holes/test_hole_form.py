"""The hole form: drawn for the match's rules and players, a hole saved with and
without htmx, stored once however often it is sent, and refused when out of date,
already saved from another phone, or past the match's end."""

import re

import pytest
from django.urls import reverse

from scoring.engine import DeckKind, RuleSet
from scoring.models import Hole
from tests.factories import MatchFactory
from tests.patterns import first_match, visible_text
from tests.scoresheet import GOOD, HX, hole_data, match_with, own

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("rules", "slots", "ranks"),
    [
        (RuleSet(variant="nine-card"), 9, ["A", "10", "K"]),
        (RuleSet(variant="four-card"), 4, ["A", "10", "K"]),
        (RuleSet(deck=DeckKind.ZSA), 6, ["0", "X", "K"]),
    ],
)
def test_the_hole_page_draws_each_grid_in_the_variants_layout(client, rules, slots, ranks):
    match = MatchFactory.create(players=["Ann", "Bob"], rules=rules.to_dict())
    own(client, match)
    page = client.get(reverse("scoring:hole_new", args=[match.pk])).content.decode()
    assert page.count('<button type="button" class="slot"') == 2 * slots
    assert f"slots--cols-{rules.layout.columns}" in page
    keys = re.findall(r'data-rank="([^"]+)"', page)
    assert all(rank in keys for rank in ranks)
    assert "JK" not in keys  # no jokers under these rules


def test_each_players_boxes_are_named_for_that_player(client, three):
    """A screen reader names every box by its label: "Cards, row by row" alone would
    be the same for every player."""
    page = client.get(reverse("scoring:hole_new", args=[three.pk])).content.decode()
    for seat, name in enumerate(["Ann", "Bob", "Cy"]):
        for field, shown in (("grid", "Cards, row by row"), ("total", "Total for the grid")):
            label = first_match(rf'<label for="id_{field}_{seat}">(.*?)</label>', page).group(1)
            assert re.sub(r"<[^>]+>", "", label) == f"{name}: {shown}"
            assert f'<span class="visually-hidden"><bdi>{name}</bdi>: </span>{shown}' == label


def test_the_slot_and_keypad_help_is_hidden_until_the_script_shows_it(client, three):
    page = client.get(reverse("scoring:hole_new", args=[three.pk])).content.decode()
    start = page.index('id="notation-help"')
    help_text = page[start : page.index("</p>", start)]
    # Both in one place, the script's hidden by the stylesheet until it runs.
    assert '<span class="swap" data-swap>' in help_text
    keypad = re.search(r'<span class="js-only">([^<]*)</span>', help_text)
    assert keypad and "Tap a card slot" in keypad.group(1)
    # What a page without the script says instead: type the cards in the box.
    typed = re.search(r'<span class="no-js">([^<]*)</span>', help_text)
    assert typed and "Type each player's cards" in typed.group(1)
    assert help_text.count("slot") == help_text.count("keypad") == 1


def test_a_total_box_keeps_the_keyboard_that_has_a_minus_sign(client, three):
    """A numeric keypad (``inputmode``) on an iPhone has no minus key, and totals
    below zero are common: the total boxes ask for the usual keyboard, and a total
    typed with either minus is read."""
    page = client.get(reverse("scoring:hole_new", args=[three.pk])).content.decode()
    box = first_match(r'<input[^>]*name="total_0"[^>]*>', page).group(0)
    assert "inputmode" not in box
    data = hole_data(kind="totals", total_0="\u22123", total_1="-4", total_2="7")
    client.post(reverse("scoring:hole_new", args=[three.pk]), data)
    scores = three.holes.get().scores.order_by("seat").values_list("score", flat=True)
    assert list(scores) == [-3, -4, 7]


# -- saving --------------------------------------------------------------------------


def test_the_save_button_posts_through_htmx_and_the_form_still_posts_without_it(client, three):
    page = client.get(reverse("scoring:hole_new", args=[three.pk])).content.decode()
    url = reverse("scoring:hole_new", args=[three.pk])
    assert f'<form method="post" class="hole-form" data-wake-lock action="{url}"' in page
    assert f'<button type="submit" hx-post="{url}" hx-target="body"' in page


def test_saving_a_hole_scores_it_and_shows_it_on_the_scoreboard(client, three):
    response = client.post(reverse("scoring:hole_new", args=[three.pk]), hole_data(**GOOD))
    assert response.status_code == 302
    page = client.get(response["Location"]).content.decode()
    assert "Hole 1 saved." in page
    assert '<td class="num scorecard__total">24</td>' in page
    assert "leading: <strong><bdi>Cy</bdi></strong>" in page
    # The last hole, the one that can be deleted, says what its page is for.
    hole = reverse("scoring:hole_detail", args=[three.pk, 1])
    assert f'href="{hole}">Hole 1: correct or delete</a>' in page


def test_saving_through_htmx_answers_with_the_scoreboard_in_one_round_trip(client, three):
    """The save button posts through htmx: the answer is the scoreboard page itself,
    with its address for the browser's history, not a redirect to fetch it. Only
    what goes inside <main> is sent, with the page's title: the header around it is
    the one the form's page already shows."""
    client.get(reverse("scoring:match_detail", args=[three.pk]))  # drawn before the save
    url = reverse("scoring:hole_new", args=[three.pk])
    response = client.post(url, hole_data(**GOOD), **HX)
    assert response.status_code == 200
    assert response["HX-Push-Url"] == reverse("scoring:match_detail", args=[three.pk])
    assert (response["HX-Retarget"], response["HX-Reswap"]) == ("#main", "innerHTML")
    page = response.content.decode()
    assert page.lstrip().startswith(f"<title>Match {three.pk} · Golf scorer</title>")
    assert "<header" not in page and "<main" not in page
    assert "<h1>Scoreboard</h1>" in page
    assert "Hole 1 saved." in page
    assert '<td class="num scorecard__total">24</td>' in page
    assert "Next: hole 2. Deals: Bob, plays first: Cy." in visible_text(page)
    # The message was shown once: it does not come back on the next page.
    assert "Hole 1 saved." not in client.get(response["HX-Push-Url"]).content.decode()


def test_an_impossible_hole_saved_through_htmx_comes_back_as_the_form(client, three):
    url = reverse("scoring:hole_new", args=[three.pk])
    data = hole_data(**{**GOOD, "grid_1": "K K K / K K 7"})
    response = client.post(url, data, **HX)
    assert response.status_code == 200
    assert "HX-Push-Url" not in response
    page = response.content.decode()
    assert 'value="K K K / K K 7"' in page
    assert "<h1>Hole 1" in page
    assert three.holes.count() == 0


def test_the_last_hole_saved_through_htmx_shows_the_winner(client, save_hole):
    match = MatchFactory.create(players=["Ann", "Bob"], rules=RuleSet(holes=2).to_dict())
    own(client, match)
    save_hole(match, totals=[5, 9])
    data = hole_data(number=2, kind="totals", total_0="1", total_1="2")
    response = client.post(reverse("scoring:hole_new", args=[match.pk]), data, **HX)
    page = response.content.decode()
    assert '<h2 id="result-heading">Winner</h2>' in page
    assert "Rematch" in page
    assert "Next: hole" not in page


def test_a_hole_saves_grids_typed_without_slashes(client, three):
    """On a phone the slash is a keyboard screen away: six cards in a run are the
    grid, row by row, and are kept written as rows."""
    data = hole_data(grid_0="8 5 7 8 3 9", grid_1="K 4 7 K 3 9", grid_2="A 4 6 / A 4 6")
    response = client.post(reverse("scoring:hole_new", args=[three.pk]), data)
    assert response.status_code == 302
    hole = three.holes.get(number=1)
    scores = {s.seat: s for s in hole.scores.all()}
    assert scores[0].grid == "8 5 7 / 8 3 9"
    assert scores[0].score == 24


@pytest.mark.parametrize(("players", "holes"), [(2, 0), (8, 17)])
def test_saving_a_hole_costs_the_same_queries_at_any_size(
    client, save_hole, django_assert_max_num_queries, players, holes
):
    """Validate, score, write every score and each player's result, and answer with
    the scoreboard: a fixed number of queries, however many players and holes."""
    match = match_with(players, holes, save_hole)
    own(client, match)
    data = hole_data(number=holes + 1, kind="totals")
    data.update({f"total_{seat}": str(seat) for seat in range(players)})
    with django_assert_max_num_queries(18):
        response = client.post(reverse("scoring:hole_new", args=[match.pk]), data, **HX)
    assert f"Hole {holes + 1} saved." in response.content.decode()


# -- sent twice, out of date, too late -----------------------------------------------


def test_a_double_submit_stores_one_hole(client, three):
    data = hole_data(**GOOD)
    url = reverse("scoring:hole_new", args=[three.pk])
    client.post(url, data)
    again = client.post(url, data)
    assert again.status_code == 302
    assert three.holes.count() == 1
    # The scoreboard after it says the hole was saved, once.
    page = client.get(again["Location"]).content.decode()
    assert page.count("Hole 1 saved.") == 1


def test_a_tampered_form_is_refused_in_words_and_changes_nothing(client, three):
    url = reverse("scoring:hole_new", args=[three.pk])
    data = hole_data(**GOOD, token="not-a-token", went_out="7")
    response = client.post(url, data)
    page = response.content.decode()
    assert response.status_code == 200
    assert "This form is out of date" in page
    assert "Choose one of the players at this table." in page
    assert 'value="8 5 7 / 8 3 9"' in page
    assert not Hole.objects.exists()


def test_a_finished_match_accepts_no_new_hole(client, three, save_hole):
    save_hole(three, totals=[1, 2, 3])
    save_hole(three, totals=[1, 2, 3])
    url = reverse("scoring:hole_new", args=[three.pk])
    assert client.get(url)["Location"] == reverse("scoring:match_detail", args=[three.pk])
    page = client.post(url, hole_data(3, kind="totals", total_0=1, total_1=1, total_2=1))
    assert "This match is finished" in page.content.decode()
    assert three.holes.count() == 2


def test_totals_only_applies_blackjack_and_names_the_bonuses_that_need_every_card(client):
    from scoring.engine import HouseRule

    rules = RuleSet(
        house_rules=frozenset({HouseRule.BLACKJACK, HouseRule.FOUR_OF_A_KIND, HouseRule.WOLFPACK})
    )
    match = MatchFactory.create(players=["Ann", "Bob"], rules=rules.to_dict())
    own(client, match)
    page = client.get(reverse("scoring:hole_new", args=[match.pk])).content.decode()
    kind = first_match(r'<fieldset class="kind">.*?</fieldset>', page, re.S).group(0)
    assert "Four of a kind and Wolfpack need every card" in kind
    assert "Blackjack" in kind
    data = hole_data(kind="totals", total_0="21", total_1="5")
    url = reverse("scoring:hole_preview", args=[match.pk])
    fragment = client.post(url, data, HTTP_HX_REQUEST="true").content.decode()
    ann = fragment[fragment.index('id="result-0"') : fragment.index('id="result-1"')]
    assert "Scores <strong>0</strong>" in ann


@pytest.mark.parametrize(
    ("rules", "suits"),
    [
        (RuleSet(), True),
        (RuleSet(deck=DeckKind.ZSA), False),
    ],
)
def test_the_suit_keys_and_letters_are_offered_only_where_suits_are_written(client, rules, suits):
    match = MatchFactory.create(players=["Ann", "Bob"], rules=rules.to_dict())
    own(client, match)
    page = client.get(reverse("scoring:hole_new", args=[match.pk])).content.decode()
    assert ("data-suit=" in page) is suits
    help_text = first_match(r'<p class="help" id="notation-help">(.*?)</p>', page, re.S).group(1)
    assert ("suit letter" in help_text) is suits
    assert "data-clear" in page
