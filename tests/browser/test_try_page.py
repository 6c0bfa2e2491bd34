"""The try page in a phone's browser: tapping a grid together rescores it and the
address follows, a reload or Back keeps the state, problems are numbered right
under the grid and above the keypad, an empty page is filled in by tapping, a
refused choice is marked beside its field, and the page works without the script."""

import re
from urllib.parse import parse_qs, urlsplit

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from .helpers import box, query

pytestmark = pytest.mark.django_db(transaction=True)

TRY = reverse("rules:try")


def score_heading(page):
    return page.locator("#try-result h2", has_text="scores").inner_text()


def grid_in_address(page):
    return parse_qs(urlsplit(page.url).query).get("grid", [""])[0]


def tap_card(page, row, column, rank):
    slot = page.locator(f'.slot[data-row="{row}"][data-column="{column}"]')
    slot.tap()
    expect(slot).to_have_attribute("aria-pressed", "true")
    page.locator(f'.key[data-rank="{rank}"]').tap()


# -- tapping a grid together ----------------------------------------------------------------


def test_tapping_a_slot_then_a_rank_rescores_and_the_url_follows(page, live_server):
    page.goto(live_server.url + reverse("rules:try") + "?variant=six-card&grid=8+5+7+%2F+8+3+9")
    assert score_heading(page) == "It scores 24"
    # Tap the top of column 2, then a 3: the 3s pair.
    page.locator('.slot[data-row="1"][data-column="2"]').tap()
    expect(page.locator('.slot[data-row="1"][data-column="2"]')).to_have_attribute(
        "aria-pressed", "true"
    )
    page.locator('.key[data-rank="3"]').tap()
    page.wait_for_selector("text=It scores 16")
    assert query(page)["grid"] == ["8 3 7 / 8 3 9"]
    # The next slot is selected (once the new result has settled): tap a king into
    # row 1, card 3.
    expect(page.locator('.slot[data-row="1"][data-column="3"]')).to_have_attribute(
        "aria-pressed", "true"
    )
    page.locator('.key[data-rank="K"]').tap()
    page.wait_for_selector("text=It scores 9")
    assert query(page)["grid"] == ["8 3 K / 8 3 9"]
    # Suits are optional: pick hearts, and the next rank tapped carries it.
    page.locator('.slot[data-row="2"][data-column="3"]').tap()
    page.get_by_role("button", name="Hearts").tap()
    page.locator('.key[data-rank="K"]').tap()
    page.wait_for_selector("text=It scores 0")
    assert query(page)["grid"] == ["8 3 K / 8 3 KH"]
    assert (
        page.locator('.slot[data-row="2"][data-column="3"]')
        .get_attribute("aria-label")
        .endswith("K♥")
    )


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


def test_toggling_a_house_rule_rescores_and_a_reload_keeps_the_state(page, live_server):
    page.goto(live_server.url + reverse("rules:try") + "?variant=six-card&grid=K+5+4+%2F+3+K+7")
    assert score_heading(page) == "It scores 19"
    page.locator("summary", has_text="Rules:").click()
    page.get_by_label("Super Kings").check()
    page.wait_for_selector("text=It scores 15")
    assert page.locator("#rules-summary").inner_text() == "Six-card Golf, Super Kings"
    assert query(page)["house_rules"] == ["super-kings"]
    page.reload()
    assert score_heading(page) == "It scores 15"
    assert page.get_by_label("Super Kings").is_checked()


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


# -- problems --------------------------------------------------------------------------------


def test_problems_are_numbered_under_the_grid_and_each_slot_names_its_number(
    page, live_server, screenshot_dir
):
    page.goto(live_server.url + TRY + "?grid=K+K+K+%2F+K+K+3")
    keys = page.locator("[data-keys]")
    expect(keys).to_be_visible()  # the script has run
    problems = page.get_by_role("list", name="Problems with this grid")
    expect(problems.get_by_role("listitem")).to_have_text(
        ["Five kings in this grid, but one deck has four."]
    )
    # A visible number, not a bare line of red text.
    marker = problems.evaluate("el => getComputedStyle(el).listStyleType")
    assert marker == "decimal"
    grid = page.locator("[data-editor]")
    assert box(grid)["y"] + box(grid)["height"] <= box(problems)["y"]
    assert box(problems)["y"] + box(problems)["height"] <= box(keys)["y"]
    # Nothing but the slots inside the grid: no lists between its rows.
    assert grid.locator("ul, ol, li").count() == 0
    # Each of the five kings carries the number in its own cell, and its description
    # is the problem itself.
    for row, column in [(1, 1), (1, 2), (1, 3), (2, 1), (2, 2)]:
        slot = page.locator(f'.slot[data-row="{row}"][data-column="{column}"]')
        cell = page.locator(".slot-cell").filter(has=slot)
        mark = cell.locator(".slot__mark")
        expect(mark).to_have_text("Problem\u00a01")
        cell_box, mark_box = box(cell), box(mark)
        assert cell_box["x"] <= mark_box["x"]
        assert mark_box["x"] + mark_box["width"] <= cell_box["x"] + cell_box["width"] + 0.5
        line = mark.evaluate("el => parseFloat(getComputedStyle(el).lineHeight)")
        assert mark_box["height"] < 1.5 * line, "the number stays on the line of its word"
        expect(slot).to_have_accessible_description(
            "Five kings in this grid, but one deck has four."
        )
    expect(page.locator('.slot[data-row="2"][data-column="3"]')).not_to_have_attribute(
        "aria-describedby", "grid-problem-1"
    )
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    page.screenshot(path=str(screenshot_dir / "rules-try-problems.png"), full_page=True)


def test_a_wrong_card_is_numbered_and_fixing_it_clears_the_list(page, live_server):
    page.goto(live_server.url + TRY + "?grid=8+B+7+%2F+8+3+9")
    expect(page.locator("[data-keys]")).to_be_visible()
    problems = page.get_by_role("list", name="Problems with this grid")
    item = problems.get_by_role("listitem")
    expect(item).to_have_count(1)
    expect(item).to_contain_text("Card 2 of row 1: 'B' is not a rank")
    wrong = page.locator('.slot[data-row="1"][data-column="2"]')
    expect(wrong).to_have_accessible_description(item.inner_text())
    expect(page.locator(".slot__mark")).to_have_text(["Problem\u00a01"])
    # Put a 3 there: the list and the mark go, and the grid is scored.
    wrong.tap()
    expect(wrong).to_have_attribute("aria-pressed", "true")
    page.locator('.key[data-rank="3"]').tap()
    expect(page.get_by_role("heading", name="It scores 16")).to_be_visible()
    expect(problems).to_have_count(0)
    expect(page.locator(".slot__mark")).to_have_count(0)


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


# -- no grid yet -----------------------------------------------------------------------------


def test_with_no_grid_the_page_is_empty_and_tapping_fills_it(page, live_server):
    page.goto(live_server.url + TRY)
    field = page.get_by_label("Grid, row by row")
    expect(field).to_have_value("")
    expect(page.locator(".slot .card--empty")).to_have_count(6)
    expect(page.locator("#try-empty")).to_be_visible()
    expect(page.get_by_role("heading", name="It scores")).to_have_count(0)
    expect(page.locator(".slot--wrong")).to_have_count(0)
    # Tap the first slot, then six ranks: each tap moves on to the next slot.
    page.locator('.slot[data-row="1"][data-column="1"]').tap()
    typed = []
    for n, rank in enumerate(["8", "5", "7", "8", "3", "9"]):
        expect(page.locator(".slot[aria-pressed=true]")).to_have_attribute(
            "data-column", str(n % 3 + 1)
        )
        page.locator(f'.key[data-rank="{rank}"]').tap()
        typed.append(rank)
        cells = typed + ["?"] * (6 - len(typed))
        expect(field).to_have_value(" ".join(cells[:3]) + " / " + " ".join(cells[3:]))
        if len(typed) == 1:
            # One card in: no score, no problem list, the empty slots just named.
            expect(page.locator("#try-result")).to_contain_text("No score yet")
            expect(page.get_by_role("list", name="Problems with this grid")).to_have_count(0)
    expect(page.get_by_role("heading", name="It scores 24")).to_be_visible()
    assert parse_qs(urlsplit(page.url).query)["grid"] == ["8 5 7 / 8 3 9"]


def test_the_example_link_puts_its_grid_in_the_field(page, live_server):
    page.goto(live_server.url + TRY + "?variant=four-card")
    page.get_by_role("link", name="Start from an example grid").tap()
    expect(page.get_by_role("heading", name="It scores")).to_be_visible()
    grid = parse_qs(urlsplit(page.url).query)["grid"][0]
    expect(page.get_by_label("Grid, row by row")).to_have_value(grid)


def test_with_the_script_the_page_speaks_of_the_slots_not_the_fallback(page, live_server):
    """The slots and keys replace the pick-one-by-one lists, which are for a browser
    without the script: the page no longer points to them, nor says "Tap a slot
    first." before anything was tapped."""
    page.goto(live_server.url + TRY)
    expect(page.locator("[data-keys]")).to_be_visible()
    expect(page.locator("summary", has_text="Pick the cards one by one")).to_be_hidden()
    empty = page.locator("#try-empty")
    expect(empty.locator(".js-only")).to_be_visible()
    said = empty.inner_text()  # what shows, not the hidden fallback's words
    assert "or tap the slots of the grid" in said
    assert "Pick the cards one by one" not in said
    expect(page.locator("[data-status]")).to_have_text("No slot chosen yet.")
    # The grid is typed in even spaces, as on the scoresheet.
    font = page.get_by_label("Grid, row by row").evaluate("(el) => getComputedStyle(el).fontFamily")
    assert "monospace" in font


# -- without the script, and in the dark ---------------------------------------------------


def test_the_try_page_works_with_javascript_off(browser, live_server):
    context = browser.new_context(java_script_enabled=False, viewport={"width": 360, "height": 740})
    page = context.new_page()
    page.goto(live_server.url + reverse("rules:try") + "?variant=six-card&grid=8+5+7+%2F+8+3+9")
    page.get_by_label("Grid, row by row").fill("8 2 K / 8 5 A")
    page.get_by_role("button", name="Score it").click()
    # Waits for the answer page (reading page.content() could catch it mid-load).
    expect(page.get_by_text("It scores 4")).to_be_visible()
    page.locator("summary", has_text="Pick the cards one by one").click()
    page.locator("#slot-1-3").select_option("Q")
    page.get_by_role("button", name="Score these cards").click()
    expect(page.get_by_text("It scores 14")).to_be_visible()
    assert re.search(r"grid=8\+2\+Q", page.url)
    context.close()


def test_without_the_script_the_card_lists_follow_the_grids_columns(browser, live_server):
    context = browser.new_context(java_script_enabled=False, viewport={"width": 360, "height": 740})
    page = context.new_page()
    page.goto(live_server.url + TRY + "?variant=ten-card&grid=8+5+7+2+K+%2F+8+3+9+4+5")
    page.locator("summary", has_text="Pick the cards one by one").click()
    for column in range(1, 6):
        top, bottom = box(page.locator(f"#slot-1-{column}")), box(page.locator(f"#slot-2-{column}"))
        assert abs(top["x"] - bottom["x"]) < 1, column
        assert top["y"] + top["height"] <= bottom["y"]
        if column > 1:
            left = box(page.locator(f"#slot-1-{column - 1}"))
            assert abs(left["y"] - top["y"]) < 1 and left["x"] < top["x"]
    # Each list still names its row and card to a screen reader.
    expect(page.locator("#slot-2-4")).to_have_accessible_name("Row 2, card 4")
    expect(page.locator("#slot-2-4")).to_have_value("4")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    context.close()


def test_in_dark_mode_red_and_black_suit_keys_share_one_background(browser, live_server):
    context = browser.new_context(color_scheme="dark", viewport={"width": 360, "height": 740})
    page = context.new_page()
    page.goto(live_server.url + TRY + "?grid=8+5+7+%2F+8+3+9")
    expect(page.locator("[data-keys]")).to_be_visible()

    def background(name):
        return page.get_by_role("button", name=name).evaluate(
            "el => getComputedStyle(el).backgroundColor"
        )

    assert background("Hearts") == background("Spades") == background("Diamonds")
    page_background = page.evaluate("getComputedStyle(document.body).backgroundColor")
    assert background("Hearts") != "rgb(255, 255, 255)", page_background
    red = page.get_by_role("button", name="Hearts").evaluate("el => getComputedStyle(el).color")
    black = page.get_by_role("button", name="Spades").evaluate("el => getComputedStyle(el).color")
    assert red != black
    context.close()
