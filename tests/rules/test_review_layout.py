"""Second phone review, the page parts a server answer can show: no grid link for an
empty grid, and a word when an empty total is checked."""

import pytest
from django.urls import reverse

from .conftest import text_of

pytestmark = pytest.mark.django_db

TRY = reverse("rules:try")
PRACTICE = reverse("rules:practice")


def test_an_empty_grid_offers_a_link_to_the_rules_only(client):
    text = text_of(client.get(TRY, {"variant": "ten-card"}).content.decode())
    assert "Link to this grid" not in text
    assert "Link to these rules" in text
    typed = text_of(client.get(TRY, {"grid": "8 5 7 / 8 3 9"}).content.decode())
    assert "Link to this grid and these rules" in typed


@pytest.mark.parametrize("htmx", [False, True])
def test_checking_an_empty_total_says_what_to_do(client, htmx):
    headers = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    html = client.get(PRACTICE, {"seed": "3", "answer": ""}, **headers).content.decode()
    assert 'id="answer-error"' in html
    assert "Type your total first" in text_of(html)
    assert 'aria-describedby="answer-help answer-error"' in html
    # The grid is still there to add up.
    assert "The dealt grid, row by row" in html


def test_a_fresh_practice_grid_shows_no_error(client):
    html = client.get(PRACTICE, {"seed": "3"}).content.decode()
    assert "answer-error" not in html
    assert "Type your total first" not in html
