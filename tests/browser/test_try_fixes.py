"""Fixes from the second phone review of the try page: a tap never loses a typed card,
the Back button brings the field back with the page, and a refused choice is marked
beside its field even when htmx swaps only the result."""

import re
from urllib.parse import parse_qs, urlsplit

import pytest
from django.urls import reverse
from playwright.sync_api import expect

pytestmark = pytest.mark.django_db(transaction=True)

TRY = reverse("rules:try")


def grid_in_address(page):
    return parse_qs(urlsplit(page.url).query).get("grid", [""])[0]


def tap_card(page, row, column, rank):
    slot = page.locator(f'.slot[data-row="{row}"][data-column="{column}"]')
    slot.tap()
    expect(slot).to_have_attribute("aria-pressed", "true")
    page.locator(f'.key[data-rank="{rank}"]').tap()


def test_cards_typed_without_a_slash_are_read_as_rows_by_a_tap(page, live_server):
    page.goto(live_server.url + TRY + "?grid=8+5+7+8+3+9")
    expect(page.locator("[data-keys]")).to_be_visible()
    tap_card(page, 2, 3, "K")
    field = page.get_by_label("Grid, row by row")
    expect(field).to_have_value("8 5 7 / 8 3 K")
    expect(page.get_by_role("heading", name="It scores 15", exact=True)).to_be_visible()
    assert grid_in_address(page) == "8 5 7 / 8 3 K"


def test_a_tap_keeps_a_card_beyond_the_layout_and_the_server_reports_it(page, live_server):
    page.goto(live_server.url + TRY + "?grid=8+5+7+4+%2F+8+3+9")
    expect(page.locator("[data-keys]")).to_be_visible()
    tap_card(page, 1, 1, "2")
    field = page.get_by_label("Grid, row by row")
    expect(field).to_have_value("2 5 7 4 / 8 3 9")
    expect(page).to_have_url(re.compile(r"grid=2\+5\+7\+4\+%2F\+8\+3\+9"))
    problems = page.get_by_role("list", name="Problems with this grid")
    expect(problems).to_contain_text("Row 1 has four cards")
    assert grid_in_address(page) == "2 5 7 4 / 8 3 9"
