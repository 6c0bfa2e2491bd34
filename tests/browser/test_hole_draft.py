"""What is typed into a hole's form outlives the page: a phone that drops a page
left in the background (or a reload) loads it afresh, and the boxes would come back
empty. The phone keeps what was typed until the hole is saved."""

import pytest

from .helpers import start_match

pytestmark = pytest.mark.django_db(transaction=True)

DRAFTS = "Object.keys(localStorage).filter((key) => key.startsWith('golf-draft:'))"


def save_first_hole(page, live_server):
    """A two-player match started on this phone, with hole 1 typed and saved; the
    grids' boxes."""
    start_match(page, live_server, names=("Ann", "Ben"))
    fields = page.get_by_label("Cards, row by row")
    fields.nth(0).fill("8 5 7 / 8 3 9")
    fields.nth(1).fill("K 5 J / K 5 2")
    assert len(page.evaluate(DRAFTS)) == 1  # kept while typed
    page.get_by_role("button", name="Save hole 1").click()
    page.get_by_text("Hole 1 saved.").wait_for()
    return fields


def test_what_was_typed_comes_back_after_a_reload(page, live_server):
    start_match(page, live_server, names=("Ann", "Ben"))
    fields = page.get_by_label("Cards, row by row")
    fields.nth(0).fill("8 5 7 / 8 3 9")
    page.locator("#entry-1 .slot").first.tap()
    page.locator("#keypad [data-rank='K']").tap()
    page.get_by_label("Ben", exact=True).check()

    page.reload()
    note = page.locator(".draft-note")
    assert "back in place" in note.inner_text()
    assert fields.nth(0).input_value() == "8 5 7 / 8 3 9"
    assert fields.nth(1).input_value() == "K ? ? / ? ? ?"
    assert page.get_by_label("Ben", exact=True).is_checked()
    # The slots show the cards put back, and the hole is checked again.
    assert page.locator("#entry-0 .slot").nth(5).inner_text() == "9"
    assert page.locator("#entry-1 .slot").first.inner_text() == "K"
    page.locator("#result-0").get_by_text("Grid: 24").wait_for()

    # Starting afresh empties the form and forgets what was kept.
    note.get_by_role("button", name="Start afresh").click()
    assert fields.nth(0).input_value() == ""
    assert page.locator("#entry-0 .slot").nth(5).inner_text() == "·"
    assert page.get_by_label("Nobody (or we don't care)").is_checked()
    assert note.count() == 0
    page.reload()
    assert fields.nth(0).input_value() == ""
    assert page.locator(".draft-note").count() == 0


def test_a_saved_hole_is_forgotten_and_the_next_starts_empty(page, live_server):
    fields = save_first_hole(page, live_server)
    assert page.evaluate(DRAFTS) == []
    page.get_by_role("link", name="Enter hole 2").click()
    page.get_by_role("heading", level=1).get_by_text("Hole 2").wait_for()
    assert fields.nth(0).input_value() == ""
    assert page.locator(".draft-note").count() == 0


def test_a_refused_save_keeps_what_was_typed_and_shows_no_note(page, live_server):
    """The refused form comes back holding what was typed: nothing to put back."""
    start_match(page, live_server, names=("Ann", "Ben"))
    fields = page.get_by_label("Cards, row by row")
    fields.nth(0).fill("8 5 7 / 8 3 9")
    fields.nth(1).fill("7 7 7 / 7 7 3")  # five 7s
    page.get_by_role("button", name="Save hole 1").click()
    page.get_by_text("Hole 1 was not saved.").wait_for()
    assert page.locator(".draft-note").count() == 0
    assert len(page.evaluate(DRAFTS)) == 1
    page.reload()
    assert page.get_by_label("Cards, row by row").nth(1).input_value() == "7 7 7 / 7 7 3"
    assert page.locator(".draft-note").count() == 1


def test_a_form_put_back_by_back_keeps_what_is_typed_again(page, live_server):
    """Back to the form htmx kept before a save: typing into it is kept as well."""
    fields = save_first_hole(page, live_server)
    page.go_back()
    page.wait_for_url("**/holes/new/")
    fields.nth(0).fill("A 2 3 / 4 5 6")
    assert len(page.evaluate(DRAFTS)) == 1


def test_a_correction_put_back_offers_the_saved_hole_again(page, live_server):
    fields = save_first_hole(page, live_server)
    page.goto(page.url + "holes/1/edit/")
    fields.nth(0).fill("8 5 7 / 8 3 A")
    page.reload()
    assert fields.nth(0).input_value() == "8 5 7 / 8 3 A"
    page.get_by_role("button", name="Back to the saved hole").click()
    assert fields.nth(0).input_value() == "8 5 7 / 8 3 9"
