"""A table that keeps the rules starts its match from under the names: the rules
below them take several screens on a phone."""

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from scoring.models import Match

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_match_starts_from_under_the_names_with_the_rules_below(page, live_server):
    page.set_viewport_size({"width": 360, "height": 780})
    page.goto(live_server.url + reverse("scoring:match_new"))
    page.get_by_label("Player 1", exact=True).fill("Ann")
    page.get_by_label("Player 2", exact=True).fill("Ben")
    start = page.get_by_role("button", name="Start with the rules below")
    # Within two screens of the top, where the second name was typed.
    assert start.bounding_box()["y"] < 2 * 780
    page.get_by_label("Number of holes").fill("3")
    start.click()
    page.wait_for_url("**/holes/new/")
    match = Match.objects.get()
    assert [p.name for p in match.players.order_by("seat")] == ["Ann", "Ben"]
    assert match.holes_planned == 3
    expect(page.get_by_role("heading", level=1)).to_contain_text("Hole 1")
