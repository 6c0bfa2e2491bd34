"""The hole form for a laptop's keyboard and mouse, and for a screen reader: a
problem is said where the focus lands, and a refused save leaves the focus where
the fix is to be made."""

import re

import pytest
from playwright.sync_api import expect

from .test_scoresheet import start_match

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_card_marked_as_a_problem_says_so_to_a_screen_reader(page, live_server):
    """The red border is for the eye; the slot's name says it too, and the player's
    message is read with it. The script used to drop the "(a problem)" the page
    comes with, and the live check only changed the border."""
    start_match(page, live_server, names=("Ann", "Ben"))
    fields = page.get_by_label("Cards, row by row")
    fields.nth(0).fill("8 5 7 / 8 3 B")
    bad = page.locator("#entry-0 .slot--bad")
    expect(bad).to_have_count(1)
    expect(bad).to_have_accessible_name("Row 2, card 3: B (a problem)")
    expect(bad).to_have_accessible_description(re.compile("'B' is not a rank"))
    # Put right, the card stops saying so.
    fields.nth(0).fill("8 5 7 / 8 3 9")
    expect(page.locator("#result-0")).to_contain_text("Grid: 24")
    last = page.locator("#entry-0 .slot").nth(5)
    expect(last).to_have_accessible_name("Row 2, card 3: 9")
    expect(last).not_to_have_attribute("aria-describedby", re.compile("."))

    # A refused save takes the focus to a marked card, which says what is wrong.
    fields.nth(1).fill("7 7 7 / 7 7 3")  # five 7s: one deck has four
    page.get_by_role("button", name="Save hole 1").click()
    focused = page.locator("#entry-1 .slot:focus")
    expect(focused).to_have_accessible_name("Row 1, card 1: 7 (a problem)")
    expect(focused).to_have_accessible_description(re.compile("Five 7s in this grid"))
