"""A table that keeps the usual rules starts its match from under the names: the
rules, several screens long on a phone, stay folded under a line that sums them up."""

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from scoring.models import Match

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_match_starts_from_under_the_names(page, live_server):
    page.set_viewport_size({"width": 360, "height": 780})
    page.goto(live_server.url + reverse("scoring:match_new"))
    page.get_by_label("Player 1", exact=True).fill("Ann")
    page.get_by_label("Player 2", exact=True).fill("Ben")
    expect(page.locator(".rules-fold > summary")).to_contain_text("Six-card Golf · 9 holes")
    expect(page.get_by_label("Number of holes")).to_be_hidden()
    start = page.get_by_role("button", name="Start the match")
    # Within two screens of the top, where the second name was typed.
    assert start.bounding_box()["y"] < 2 * 780
    start.click()
    page.wait_for_url("**/holes/new/")
    match = Match.objects.get()
    assert [p.name for p in match.players.order_by("seat")] == ["Ann", "Ben"]
    assert match.holes_planned == 9
    expect(page.get_by_role("heading", level=1)).to_contain_text("Hole 1")


def test_the_go_key_starts_the_match_with_the_rules_as_changed(page, live_server):
    page.goto(live_server.url + reverse("scoring:match_new"))
    page.get_by_label("Player 1", exact=True).fill("Ann")
    page.get_by_label("Player 2", exact=True).fill("Ben")
    summary = page.locator(".rules-fold > summary")
    summary.click()
    page.get_by_label("Number of holes").fill("3")
    summary.click()  # folded again: the line no longer claims the rules it came with
    expect(summary).to_contain_text("as you set them")
    expect(summary).not_to_contain_text("9 holes")
    page.get_by_label("Player 2", exact=True).press("Enter")
    page.wait_for_url("**/holes/new/")
    assert Match.objects.get().holes_planned == 3
