"""A keeper's scoreboard refreshes itself: two phones keep one match, and a hole
saved on the first shows on the second's board, with the next hole's panel moved
on, without the second phone reloading."""

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from scoring.engine import RuleSet
from tests.factories import MatchFactory

from .helpers import keep, new_phone

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_hole_saved_on_one_phone_shows_on_the_others_board(browser, live_server, console_errors):
    match = MatchFactory.create(players=["Ann", "Ben"], rules=RuleSet(holes=3).to_dict())
    first, second = new_phone(browser), new_phone(browser)
    try:
        for context in (first, second):
            keep(context, live_server, match)
        board = live_server.url + reverse("scoring:match_detail", args=[match.pk])
        b = second.new_page()
        b.goto(board)
        expect(b.get_by_text("Next: hole 1.")).to_be_visible()
        expect(b.locator("#board tbody tr")).to_have_count(0)
        # Anything the page holds survives a refresh of its parts, not a reload.
        b.evaluate("window.stillThisPage = true")

        a = first.new_page()
        a.goto(live_server.url + reverse("scoring:hole_new", args=[match.pk]))
        fields = a.get_by_label("Cards, row by row")
        fields.nth(0).fill("8 5 7 / 8 3 9")
        fields.nth(1).fill("K 5 J / K 5 2")
        a.get_by_role("button", name="Save hole 1").click()
        expect(a.get_by_text("Hole 1 saved.")).to_be_visible()

        expect(b.locator("#board tbody tr")).to_have_count(1)
        expect(b.locator("#board tbody tr").first).to_contain_text("24")
        expect(b.get_by_text("Next: hole 2.")).to_be_visible()
        expect(b.get_by_role("link", name="Enter hole 2")).to_be_visible()
        expect(b.get_by_role("link", name="Hole 1: correct or delete")).to_be_visible()
        assert b.evaluate("window.stillThisPage") is True
    finally:
        first.close()
        second.close()
