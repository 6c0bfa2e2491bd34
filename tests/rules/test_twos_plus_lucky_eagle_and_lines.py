"""Three options on the pages: jokers at −2 with twos at +2, Lucky Swing with
Eagle Eye, and nine-card rows and diagonals that cancel. Each has its own
page with the engine's numbers, is offered by the try page and the new-match form,
and is listed by the API's catalogue and OpenAPI document."""

import pytest
from django.urls import reverse

from scoring.engine import RuleSet, check_grid, score_grid
from scoring.models import Match
from scoring.openapi import openapi_document
from tests.scoresheet import NEW_MATCH

from .conftest import text_of

pytestmark = pytest.mark.django_db

NEW_JOKERS = ("twos-plus", "lucky-eagle-eye")
NOT_SIX_CARD = (
    "Rows and diagonals cancel only in Nine-card Golf (three rows of three), not in Six-card Golf."
)


def engine_total(grid, **options):
    rules = RuleSet.from_dict({"variant": "six-card", **options})
    return score_grid(check_grid(grid, rules), rules).total


def shown(total):
    return str(total).replace("-", "−")


def page(client, slug):
    return text_of(client.get(reverse("rules:house_rule", args=[slug])).content.decode())


def test_the_twos_plus_page_scores_its_example_with_the_engine(client):
    text = page(client, "jokers-twos-plus")
    assert "Jokers −2, twos +2" in text
    grid = "2 3 4 / JK 5 6"
    assert f"Standard jokers: {shown(engine_total(grid, jokers='standard'))}" in text
    assert f"Jokers −2, twos +2: {engine_total(grid, jokers='twos-plus')}" in text
    assert engine_total(grid, jokers="twos-plus") == 18


def test_the_lucky_eagle_eye_page_says_how_the_combination_scores(client):
    text = page(client, "jokers-lucky-eagle-eye")
    grid = "JK 3 4 / 5 6 7"
    assert f"Lucky Swing with Eagle Eye: {engine_total(grid, jokers='lucky-eagle-eye')}" in text
    assert "never a second one to pair" in text


def test_the_lines_page_states_the_overlap_rule_with_the_engines_totals(client):
    text = page(client, "lines-cancel")
    assert "counts as matched, and only once" in text
    nine = {"variant": "nine-card", "house_rules": ["lines-cancel"]}
    diagonals = engine_total("8 4 8 / J 8 Q / 8 2 8", **nine)
    crossing = engine_total("7 7 7 / 7 5 9 / 7 3 6", **nine)
    assert (diagonals, crossing) == (22, 23)
    assert f"Rows and diagonals cancel: two diagonals: {diagonals}" in text
    assert f"Rows and diagonals cancel: a row and a column: {crossing}" in text
    only_columns = engine_total("8 4 8 / J 8 Q / 8 2 8", variant="nine-card")
    assert f"Only columns cancel: {only_columns}" in text


def test_the_try_page_scores_a_diagonal_under_lines_cancel(client):
    query = {"variant": "nine-card", "house_rules": "lines-cancel", "grid": "8 4 5 / 3 8 6 / 9 A 8"}
    text = text_of(client.get(reverse("rules:try"), query).content.decode())
    assert "It scores 28" in text
    assert "a card in a matched row or diagonal counting as matched" in text


def test_the_try_page_says_lines_cancel_is_for_nine_card_golf(client):
    query = {"variant": "six-card", "house_rules": "lines-cancel", "grid": "8 5 7 / 8 3 9"}
    text = text_of(client.get(reverse("rules:try"), query).content.decode())
    assert NOT_SIX_CARD in text
    assert "It scores" not in text


@pytest.mark.parametrize("slug", NEW_JOKERS)
def test_the_try_page_offers_the_new_joker_options(client, slug):
    html = client.get(reverse("rules:try")).content.decode()
    assert f'value="{slug}"' in html


def test_the_new_match_form_offers_and_keeps_each_new_option(client):
    html = client.get(reverse("scoring:match_new")).content.decode()
    for slug in NEW_JOKERS:
        assert f'value="{slug}"' in html
    assert 'value="lines-cancel"' in html
    assert f'href="{reverse("rules:house_rule", args=["lines-cancel"])}"' in html
    data = {**NEW_MATCH, "variant": "nine-card", "house_rules": ["lines-cancel"]}
    client.post(reverse("scoring:match_new"), data)
    assert Match.objects.get().rules["house_rules"] == ["lines-cancel"]


def test_the_new_match_form_refuses_lines_cancel_outside_nine_card(client):
    data = {**NEW_MATCH, "variant": "six-card", "house_rules": ["lines-cancel"]}
    text = text_of(client.post(reverse("scoring:match_new"), data).content.decode())
    assert NOT_SIX_CARD in text
    assert not Match.objects.exists()


def test_the_api_lists_and_scores_the_new_options(client):
    catalogue = client.get(reverse("api:rules")).json()
    assert set(NEW_JOKERS) <= {j["slug"] for j in catalogue["jokers"]}
    assert "lines-cancel" in {r["slug"] for r in catalogue["house_rules"]}
    rules = openapi_document()["components"]["schemas"]["Rules"]["properties"]
    assert set(NEW_JOKERS) <= set(rules["jokers"]["enum"])
    assert "lines-cancel" in rules["house_rules"]["items"]["enum"]
    answer = client.post(
        "/api/v1/score",
        {
            "rules": {"variant": "nine-card", "house_rules": ["lines-cancel"]},
            "grid": "8 4 8 / J 8 Q / 8 2 8",
        },
        content_type="application/json",
    ).json()
    assert answer["score"] == 22
    assert answer["columns"][0] == {
        "number": 1,
        "cards": ["8", "J", "8"],
        "values": [8, 10, 8],
        "matched": False,
        "points": 10,
        "how": "lines",
        "counted": [0, 10, 0],
        "reason": "0 + 10 + 0 = 10, a card in a matched row or diagonal counting as matched",
    }


def test_a_column_crossed_by_a_matched_line_is_read_out_as_such(client):
    query = {"variant": "nine-card", "house_rules": "lines-cancel", "grid": "8 4 5 / 3 8 6 / 9 A 8"}
    html = client.get(reverse("rules:try"), query).content.decode()
    assert (
        'aria-label="Column 1: 8 over 3 over 9, no match, but cards in a matched row or '
        'diagonal, 12 points"' in html
    )


def test_the_card_values_page_says_the_jokers_put_twos_up(client):
    html = client.get(reverse("rules:card_values"), {"jokers": "twos-plus"}).content.decode()
    assert "Jokers −2, twos +2 (otherwise −2)" in text_of(html)
