"""Handing the score over at the table, on two phones with their own cookies: the
first starts a match and shows its join link and code; the second opens the link,
joins, and saves a hole, which the first phone's scoreboard then shows. When the
first phone then loses its cookies, the second hands the match back the same way."""

import re

import pytest
from playwright.sync_api import expect

from .helpers import WIDTH, new_phone, start_match

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_second_phone_joins_by_the_link_and_enters_a_hole(browser, live_server, console_errors):
    first = new_phone(browser)
    second = new_phone(browser)
    try:
        a = first.new_page()
        start_match(a, live_server, names=("Ann", "Ben"))
        scoreboard = a.url.removesuffix("holes/new/")
        a.goto(scoreboard)
        expect(a.get_by_role("heading", name="Keep the score on another phone")).to_be_visible()
        code = a.get_by_role("img", name="QR code of the join link")
        expect(code).to_be_visible()
        # The code is drawn (an SVG the browser could load), and fits the phone.
        assert code.evaluate("img => img.complete && img.naturalWidth > 0")
        assert code.bounding_box()["width"] <= WIDTH
        link = a.locator("#join-link").inner_text()
        assert re.search(r"/matches/join/[\w-]{32}/$", link)

        b = second.new_page()
        b.goto(link)
        expect(b.get_by_role("heading", name="Keep the score on this phone?")).to_be_visible()
        expect(b.get_by_text("Ann, Ben")).to_be_visible()
        b.get_by_role("button", name="Join and keep the score").click()
        expect(b.get_by_text("This phone keeps the score of this match now")).to_be_visible()
        expect(b.get_by_text("Phone 1 (this phone), joined")).to_be_visible()
        b.get_by_role("link", name="Enter hole 1").click()
        fields = b.get_by_label("Cards, row by row")
        fields.nth(0).fill("8 5 7 / 8 3 9")
        fields.nth(1).fill("K 5 J / K 5 2")
        b.get_by_role("button", name="Save hole 1").click()
        expect(b.get_by_text("Hole 1 saved.")).to_be_visible()

        # The first phone sees the hole on its scoreboard, and the phone that joined.
        a.reload()
        expect(a.get_by_role("link", name="Enter hole 2")).to_be_visible()
        expect(a.locator("#board")).to_contain_text("24")
        expect(a.get_by_text("Phone 1, joined")).to_be_visible()

        # The first phone's cookies are cleared: the match is not found there any
        # more, and the phone that joined gives it back through the same link.
        first.clear_cookies()
        console_errors.allow(r"status of 404 .*/matches/\d+/\)")
        a.reload()
        expect(a.get_by_role("heading", name="Page not found")).to_be_visible()
        b.reload()
        a.goto(b.locator("#join-link").inner_text())
        a.get_by_role("button", name="Join and keep the score").click()
        expect(a.get_by_text("Phone 2 (this phone), joined")).to_be_visible()
        expect(a.locator("#board")).to_contain_text("24")
    finally:
        first.close()
        second.close()
