"""The scoresheet in a real phone browser, from start to finish: start a match, tap
cards in with the keypad, watch the score update, save, correct, finish and start
a rematch; and the same without JavaScript."""

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from .helpers import start_match

pytestmark = pytest.mark.django_db(transaction=True)


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
    # Ben's column (the second) holds his 8.
    expect(page.locator(".scorecard tbody tr").first.locator("td").nth(1)).to_contain_text("8")
    assert page.get_by_text("leading: Ben").count() == 1


def test_scoresheet_works_with_javascript_off(browser, live_server):
    context = browser.new_context(java_script_enabled=False, viewport={"width": 360, "height": 740})
    page = context.new_page()
    start_match(page, live_server, names=("Ann", "Ben"))
    fields = page.get_by_label("Cards, row by row")
    fields.nth(0).fill("8 5 7 / 8 3 9")
    fields.nth(1).fill("7 7 7 / 7 7 3")  # five 7s: one deck has four
    page.get_by_role("button", name="Save hole 1").click()
    # Refused, in words, with everything typed kept.
    expect(page.get_by_text("Five 7s in this grid, but one deck has four.").first).to_be_visible()
    assert page.get_by_label("Cards, row by row").nth(1).input_value() == "7 7 7 / 7 7 3"
    page.get_by_label("Cards, row by row").nth(1).fill("K 5 J / K 5 2")
    page.get_by_role("button", name="Save hole 1").click()
    assert page.url.endswith("/matches/" + page.url.rstrip("/").split("/")[-1] + "/")
    assert "Scoreboard" in page.locator("h1").inner_text()
    context.close()


def tap_grid(page, seat, cards):
    """Enter a grid by tapping each slot, then its rank (and suit) on the keypad."""
    slots = page.locator(f"#entry-{seat} .slot")
    for i, card in enumerate(cards):
        slots.nth(i).tap()
        rank, suit = (card[:-1], card[-1]) if card[-1] in "SHDC" else (card, None)
        if suit:
            page.locator(f"#keypad [data-suit='{suit}']").tap()
        page.locator(f"#keypad [data-rank='{rank}']").tap()


def test_a_whole_match_on_a_phone(page, live_server, screenshot_dir):
    """Three players, two holes tapped in under Super Kings, the first corrected,
    the match finished and a rematch started, with screenshots along the way."""
    page.goto(live_server.url + reverse("scoring:match_new"))
    for i, name in enumerate(["Ann", "Ben", "Cat"]):
        page.get_by_label(f"Player {i + 1}", exact=True).fill(name)
    page.locator(".rules-fold > summary").click()  # the rules are folded away
    page.get_by_label("Super Kings").check()
    page.get_by_label("Number of holes").fill("2")
    page.get_by_role("button", name="Start the match").click()
    page.wait_for_url("**/holes/new/")

    # Hole 1: Ann's two kings sit apart, so under Super Kings each takes 2 off:
    # K/2 = -4, 5/K = 3, 3/A = 4, so 3 (7 without the house rule).
    tap_grid(page, 0, ["K", "5", "3", "2", "K", "A"])
    tap_grid(page, 1, ["8", "5", "7", "8", "3", "9"])
    tap_grid(page, 2, ["Q", "Q", "4", "J", "6", "4"])
    page.locator("#result-0").get_by_text("Grid: 3").wait_for()
    page.screenshot(path=screenshot_dir / "scoresheet-hole-entry.png", full_page=True)
    page.get_by_role("button", name="Save hole 1").click()
    page.wait_for_url("**/matches/*/")

    # Correct hole 1: Cat's jack was a queen, which pairs the column: 36 becomes 16.
    page.get_by_role("link", name="Hole 1", exact=True).click()
    page.get_by_role("link", name="Correct this hole").click()
    page.get_by_label("Cards, row by row").nth(2).fill("Q Q 4 / Q 6 4")
    page.get_by_role("button", name="Save the correction").click()
    page.wait_for_url("**/matches/*/")

    # Hole 2 finishes the match.
    page.get_by_role("link", name="Enter hole 2").click()
    tap_grid(page, 0, ["A", "A", "2", "3", "3", "K"])
    tap_grid(page, 1, ["9", "9", "9", "4", "5", "6"])
    tap_grid(page, 2, ["7", "7", "5", "2", "2", "10"])
    page.get_by_role("button", name="Save hole 2").click()
    page.wait_for_url("**/matches/*/")
    page.screenshot(path=screenshot_dir / "scoresheet-finished.png", full_page=True)
    # Totals: Ann 3 + 4 = 7, Ben 24 + 42 = 66, Cat 16 (corrected) + 25 = 41.
    # The card's columns are the players in seating order, the totals under them.
    names = page.locator(".scorecard .scorecard__name").all_inner_texts()
    cells = page.locator(".scorecard td.scorecard__total").all_inner_texts()
    totals = {name.split()[0]: total for name, total in zip(names, cells, strict=True)}
    assert totals == {"Ann": "7", "Ben": "66", "Cat": "41"}

    page.get_by_role("link", name="Rematch…").click()
    page.get_by_role("button", name="Start the rematch").click()
    page.wait_for_url("**/holes/new/")
    # The deal moved on one seat: Ann dealt the first match, Ben deals this one.
    assert "Deals: Ben" in page.locator("main").inner_text()
