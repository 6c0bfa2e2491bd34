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


def test_after_back_the_field_and_choices_follow_the_address(page, live_server):
    page.goto(live_server.url + TRY + "?variant=six-card&grid=K+5+4+%2F+3+K+7")
    expect(page.locator("[data-keys]")).to_be_visible()
    page.locator("summary", has_text="Rules:").click()
    page.get_by_label("Super Kings").check()
    expect(page.get_by_role("heading", name="It scores 15", exact=True)).to_be_visible()
    tap_card(page, 1, 2, "K")
    expect(page.get_by_role("heading", name="It scores 12", exact=True)).to_be_visible()
    tap_card(page, 2, 3, "4")
    expect(page.get_by_role("heading", name="It scores 1", exact=True)).to_be_visible()
    field = page.get_by_label("Grid, row by row")

    page.go_back()
    expect(page.get_by_role("heading", name="It scores 12", exact=True)).to_be_visible()
    assert grid_in_address(page) == "K K 4 / 3 K 7"
    expect(field).to_have_value("K K 4 / 3 K 7")
    expect(page.locator('.slot[data-row="1"][data-column="2"]')).to_have_attribute(
        "aria-label", "Row 1, card 2: K"
    )
    expect(page.get_by_label("Super Kings")).to_be_checked()

    page.go_back()
    expect(page.get_by_role("heading", name="It scores 15", exact=True)).to_be_visible()
    expect(field).to_have_value("K 5 4 / 3 K 7")
    expect(page.get_by_label("Super Kings")).to_be_checked()

    page.go_back()
    expect(page.get_by_role("heading", name="It scores 19", exact=True)).to_be_visible()
    expect(field).to_have_value("K 5 4 / 3 K 7")
    expect(page.get_by_label("Super Kings")).not_to_be_checked()

    # Tapping on from the restored page edits the grid the page shows.
    tap_card(page, 1, 3, "K")
    expect(field).to_have_value("K 5 K / 3 K 7")


def test_a_refused_choice_is_marked_beside_it_and_the_mark_goes_when_fixed(page, live_server):
    page.goto(live_server.url + TRY + "?grid=8+5+7+%2F+8+3+9")
    expect(page.locator("[data-keys]")).to_be_visible()
    page.locator("summary", has_text="Rules:").click()
    page.get_by_label("Deck").select_option("zsa")
    expect(page.get_by_role("heading", name="It scores 24", exact=True)).to_be_visible()
    jokers = page.get_by_label("Jokers")
    jokers.select_option("standard")
    expect(page.get_by_role("heading", name="These rules could not be read")).to_be_visible()
    error = page.locator("#id_jokers_error")
    expect(error).to_be_visible()
    expect(error).to_have_text("The ZSA deck has no jokers.")
    expect(jokers).to_have_attribute("aria-invalid", "true")
    expect(jokers).to_have_accessible_description("The ZSA deck has no jokers.")
    expect(page.locator("#try-result")).to_contain_text("Change the jokers choice")

    jokers.select_option("")
    expect(page.get_by_role("heading", name="It scores 24", exact=True)).to_be_visible()
    expect(error).to_be_hidden()
    expect(jokers).not_to_have_attribute("aria-invalid", "true")
    expect(page.locator(".rules-form .field-error:visible")).to_have_count(0)


def test_a_grid_too_long_is_marked_under_the_field(page, live_server):
    page.goto(live_server.url + TRY + "?grid=8+5+7+%2F+8+3+9")
    expect(page.locator("[data-keys]")).to_be_visible()
    field = page.get_by_label("Grid, row by row")
    # More than the field's limit, as a script or an old browser might send.
    field.evaluate(
        "(el) => { el.removeAttribute('maxlength'); el.value = '8 '.repeat(120);"
        " el.dispatchEvent(new Event('change', {bubbles: true})); }"
    )
    expect(page.get_by_role("heading", name="This grid could not be read")).to_be_visible()
    error = page.locator("#grid-error")
    expect(error).to_be_visible()
    expect(error).to_contain_text("too long")
    expect(field).to_have_attribute("aria-invalid", "true")
    field.fill("8 5 7 / 8 3 9")
    field.dispatch_event("change")
    expect(page.get_by_role("heading", name="It scores 24", exact=True)).to_be_visible()
    expect(error).to_be_hidden()


def test_card_values_marks_a_refused_choice_beside_it(page, live_server):
    page.goto(live_server.url + reverse("rules:card_values"))
    page.get_by_label("Deck").select_option("zsa")
    page.wait_for_selector("text=with the ZSA deck")
    jokers = page.get_by_label("Jokers")
    jokers.select_option("standard")
    error = page.locator("#id_jokers_error")
    expect(error).to_be_visible()
    expect(error).to_have_text("The ZSA deck has no jokers.")
    expect(jokers).to_have_accessible_description("The ZSA deck has no jokers.")
