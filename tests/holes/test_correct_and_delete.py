"""A saved hole: its page draws the cards and the breakdown, a correction changes
the totals, and the last hole is deleted in a second step."""

import pytest
from django.urls import reverse

from tests.patterns import visible_text
from tests.scoresheet import GOOD, HX, hole_data

pytestmark = pytest.mark.django_db


def test_hole_detail_draws_the_cards_and_the_breakdown(client, three, save_hole):
    save_hole(three, grids=list(GOOD.values()))
    page = client.get(reverse("scoring:hole_detail", args=[three.pk, 1])).content.decode()
    assert '<span class="card" aria-label="K">K</span>' in page
    assert "Column 1: pair of 8s: 0" in page
    assert "Ann: 24" in visible_text(page)


def test_correcting_a_hole_changes_the_totals(client, three, save_hole):
    save_hole(three, grids=list(GOOD.values()))
    url = reverse("scoring:hole_edit", args=[three.pk, 1])
    form_page = client.get(url).content.decode()
    assert 'value="8 5 7 / 8 3 9"' in form_page
    data = hole_data(**{**GOOD, "grid_0": "8 5 7 / 8 5 7"}, revision=1)
    response = client.post(url, data)
    assert response.status_code == 302
    page = client.get(reverse("scoring:match_detail", args=[three.pk])).content.decode()
    assert "Hole 1 corrected" in page
    assert three.holes.get().scores.get(seat=0).score == 0


def test_a_correction_through_htmx_answers_with_the_scoreboard(client, three, save_hole):
    save_hole(three, grids=list(GOOD.values()))
    board = client.get(reverse("scoring:match_detail", args=[three.pk])).content.decode()
    assert '<td class="num scorecard__total">24</td>' in board  # drawn, and kept
    url = reverse("scoring:hole_edit", args=[three.pk, 1])
    data = hole_data(**{**GOOD, "grid_0": "8 5 7 / 8 5 7"}, revision=1)
    response = client.post(url, data, **HX)
    assert response.status_code == 200
    assert response["HX-Push-Url"] == reverse("scoring:match_detail", args=[three.pk])
    page = response.content.decode()
    assert "Hole 1 corrected; the totals now count its new scores." in page
    assert '<td class="num scorecard__total">24</td>' not in page
    assert '<td class="num scorecard__total">0</td>' in page
    assert three.holes.get().scores.get(seat=0).score == 0


def test_deleting_the_last_hole_takes_a_second_step(client, three, save_hole):
    save_hole(three, totals=[1, 2, 3])
    url = reverse("scoring:hole_delete", args=[three.pk, 1])
    confirm = client.get(url).content.decode()
    assert "Yes, delete hole 1" in confirm
    assert "the totals go back to zero." in confirm  # not "after hole 0"
    assert three.holes.count() == 1
    client.post(url)
    assert three.holes.count() == 0
    save_hole(three, totals=[1, 2, 3])
    save_hole(three, totals=[4, 5, 6])
    second = client.get(reverse("scoring:hole_delete", args=[three.pk, 2])).content.decode()
    assert "where they were after hole 1." in second
    # What would be lost is said before the choice is made.
    assert "Its scores: Ann 4 · Bob 5 · Cy 6." in visible_text(second)
