"""The scoresheet in a real phone browser: start a match, tap cards in with the
keypad, watch the score update, save, and read the scoreboard."""

import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db(transaction=True)


def start_match(page, live_server, names=("Ann", "Ben", "Cat")):
    page.goto(live_server.url + reverse("scoring:match_new"))
    for i, name in enumerate(names):
        page.get_by_label(f"Player {i + 1}", exact=True).fill(name)
    page.get_by_role("button", name="Start the match").click()
    page.wait_for_url("**/holes/new/")


def test_tap_a_hole_in_and_save_it(page, live_server):
    start_match(page, live_server)
    slots = page.locator("#entry-0 .slot")
    for i, rank in enumerate(["8", "5", "7", "8", "3", "9"]):
        slots.nth(i).tap()
        page.locator(f"#keypad [data-rank='{rank}']").tap()
    assert page.get_by_label("Cards, row by row").first.input_value() == "8 5 7 / 8 3 9"
    # The live preview scores Ann's grid before anything is saved.
    page.locator("#result-0").get_by_text("Grid: 24").wait_for()

    fields = page.get_by_label("Cards, row by row")
    fields.nth(1).fill("K 5 J / K 5 2")
    fields.nth(2).fill("7 7 3 / 4 5 6")
    page.get_by_role("button", name="Save hole 1").click()
    page.wait_for_url("**/matches/*/")
    row = page.locator("tr", has_text="Ben")
    assert "8" in row.inner_text()
    assert page.get_by_text("leading: Ben").count() == 1


def test_an_impossible_card_is_marked_where_it_was_tapped(page, live_server):
    start_match(page, live_server, names=("Ann", "Ben"))
    page.get_by_label("Cards, row by row").first.fill("8 5 7 / 8 3 B")
    bad = page.locator("#entry-0 .slot--bad")
    bad.first.wait_for()
    assert bad.count() == 1
    assert "'B' is not a rank" in page.locator("#result-0").inner_text()


def test_scoresheet_works_with_javascript_off(browser, live_server):
    context = browser.new_context(java_script_enabled=False, viewport={"width": 360, "height": 740})
    page = context.new_page()
    start_match(page, live_server, names=("Ann", "Ben"))
    fields = page.get_by_label("Cards, row by row")
    fields.nth(0).fill("8 5 7 / 8 3 9")
    fields.nth(1).fill("7 7 7 / 7 7 3")  # five 7s: one deck has four
    page.get_by_role("button", name="Save hole 1").click()
    # Refused, in words, with everything typed kept.
    assert "Five 7s in this grid, but one deck has four." in page.content()
    assert page.get_by_label("Cards, row by row").nth(1).input_value() == "7 7 7 / 7 7 3"
    page.get_by_label("Cards, row by row").nth(1).fill("K 5 J / K 5 2")
    page.get_by_role("button", name="Save hole 1").click()
    assert page.url.endswith("/matches/" + page.url.rstrip("/").split("/")[-1] + "/")
    assert "Scoreboard" in page.locator("h1").inner_text()
    context.close()


def test_scoreboard_fits_a_phone_with_eight_players(page, live_server):
    start_match(page, live_server, names=[f"Player{i}" for i in range(1, 9)])
    page.goto(page.url.replace("holes/new/", ""))
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 360
