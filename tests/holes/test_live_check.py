"""The live check of a hole ("Check the scores"): each grid scored as it is typed,
as fragments for htmx or the whole page without the script; nothing is saved."""

import re

import pytest
from django.urls import reverse

from scoring.models import Hole
from tests.scoresheet import GOOD, HX, hole_data

pytestmark = pytest.mark.django_db


def test_preview_scores_each_grid_as_a_fragment_for_htmx(client, three):
    url = reverse("scoring:hole_preview", args=[three.pk])
    data = hole_data(grid_0="8 5 7 / 8 3 9", grid_1="K K", grid_2="")
    fragment = client.post(url, data, **HX).content.decode()
    assert "<html" not in fragment
    assert re.search(r'<div id="result-0" class="result"[^>]* hx-swap-oob="true"', fragment)
    # "K K": row 1's first missing card, and the first place of the missing row 2.
    assert 'id="result-1" class="result" data-bad="1-3 2-1"' in fragment
    assert "Column 1: pair of 8s: 0" in fragment
    assert "Grid: 24" in fragment
    assert "Row 1 has two cards; it needs three." in fragment
    assert not Hole.objects.exists()


def test_preview_without_javascript_renders_the_whole_page(client, three):
    data = hole_data(**GOOD, went_out="2")
    page = client.post(reverse("scoring:hole_preview", args=[three.pk]), data).content.decode()
    assert "<h1>Hole 1" in page
    assert "Scores <strong>0</strong>" in page
    assert 'value="8 5 7 / 8 3 9"' in page
    assert not Hole.objects.exists()


def test_preview_says_nothing_about_a_grid_still_being_entered(client, three):
    url = reverse("scoring:hole_preview", args=[three.pk])
    data = hole_data(grid_0="8 5 7 / 8 3 9", grid_1="K ? ? / ? ? ?", grid_2="")
    fragment = client.post(url, data, **HX).content.decode()
    assert "Grid: 24" in fragment
    assert "not a rank" not in fragment
    assert "empty" not in fragment


def test_checking_a_correction_without_javascript_stays_a_correction(client, three, save_hole):
    save_hole(three, totals=[4, 5, 6])
    data = hole_data(kind="totals", total_0=1, total_1=5, total_2=6, revision=1)
    page = client.post(reverse("scoring:hole_preview", args=[three.pk]), data).content.decode()
    assert "<h1>Correct hole 1" in page
    assert f'action="{reverse("scoring:hole_edit", args=[three.pk, 1])}"' in page
    assert "Scores <strong>1</strong>" in page


# -- the table checked while grids are still being entered ------------------------------

#: Five kings between Ann's and Bob's grids, both still being tapped in; Cy's is blank.
HALF = {"grid_0": "K K K / ? ? ?", "grid_1": "K K ? / ? ? ?", "grid_2": ""}


def test_a_card_count_is_said_before_every_grid_is_in(client, three):
    url = reverse("scoring:hole_preview", args=[three.pk])
    fragment = client.post(url, hole_data(**HALF), **HX).content.decode()
    assert "Five kings on the table, but one deck has four: Ann and Bob hold them." in fragment
    # Each king is marked, in both grids.
    assert 'id="result-0" class="result" data-bad="1-1 1-2 1-3"' in fragment
    assert 'id="result-1" class="result" data-bad="1-1 1-2"' in fragment
    # Whose cards are still to come is said apart from the problems.
    still = re.search(r'<p id="still-to-fill"[^>]*hx-swap-oob="true">(.*?)</p>', fragment, re.S)
    assert still
    assert re.sub(r"<[^>]+>", "", still.group(1)) == "Still to fill in: Ann, Bob and Cy."


def test_without_javascript_the_check_and_the_save_say_it_too(client, three):
    page = client.post(
        reverse("scoring:hole_preview", args=[three.pk]), hole_data(**HALF)
    ).content.decode()
    assert "Five kings on the table, but one deck has four" in page
    assert "Still to fill in:" in page
    saved = client.post(reverse("scoring:hole_new", args=[three.pk]), hole_data(**HALF))
    assert "Five kings on the table, but one deck has four" in saved.content.decode()
    assert not Hole.objects.exists()


def test_still_to_fill_in_is_empty_once_every_grid_is_in(client, three):
    url = reverse("scoring:hole_preview", args=[three.pk])
    fragment = client.post(url, hole_data(**GOOD), **HX).content.decode()
    assert re.search(r'<p id="still-to-fill"[^>]*hx-swap-oob="true"></p>', fragment)
