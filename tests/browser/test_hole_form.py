"""The hole form on a 360 px phone: the keypad fills the slot tapped and never hides
it, nor the first problem of a refused save; a bad card is marked where it was
tapped and put right; the keypad's help shows only with the script; totals can
be typed instead of cards."""

import re

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from .helpers import start_match, wait_clear_of_keypad

pytestmark = pytest.mark.django_db(transaction=True)


# -- the keypad and the slots -------------------------------------------------------------


def test_the_keypad_comes_up_with_a_chosen_slot_and_folds_away_after_the_last_card(
    page, live_server
):
    """Like a phone's keyboard: before a slot is chosen it would only cover a quarter
    of the screen, the first player's slots with it. Once the last card is in it
    folds away, showing the last grid and its score, and a slot tapped brings it
    back."""
    start_match(page, live_server, names=("Ann", "Ben"))
    keypad = page.locator("#keypad")
    expect(keypad).to_be_hidden()
    slots = page.locator("#entry-0 .slot")
    expect(slots.first).to_be_in_viewport()
    slots.first.tap()
    expect(keypad).to_be_visible()
    wait_clear_of_keypad(page, ".slot.is-active")
    fields = page.get_by_label("Cards, row by row")
    fields.nth(0).fill("8 5 7 / 8 3 9")
    fields.nth(1).fill("K 5 J / K 5")
    page.locator("#result-0").get_by_text("Grid: 24").wait_for()  # the page has settled
    page.locator("#entry-1 .slot").nth(5).tap()  # the very last slot
    expect(keypad).to_be_visible()
    page.locator("#keypad [data-rank='9']").tap()
    expect(keypad).to_be_hidden()
    expect(page.locator(".slot.is-active")).to_have_count(0)
    # The last grid and the score the live check writes under it are in sight.
    expect(page.locator("#result-1 .result__score")).to_contain_text("Scores 19")
    wait_clear_of_keypad(page, "#entry-1 .slot:nth-child(6)")
    wait_clear_of_keypad(page, "#result-1 .result__score")
    page.locator("#entry-1 .slot").nth(5).tap()  # back, to put it right
    expect(keypad).to_be_visible()
    wait_clear_of_keypad(page, "#entry-1 .slot.is-active")
    page.locator("#keypad [data-clear]").tap()
    assert fields.nth(1).input_value() == "K 5 J / K 5 ?"


def test_the_folded_keypad_hides_neither_save_nor_a_problem(page, live_server):
    """Save and the table's problem (a fifth king in one deck) are reached with
    the keypad folded away over nothing."""
    start_match(page, live_server, names=("Ann", "Ben"))
    page.get_by_label("Cards, row by row").nth(0).fill("K K K / K 3 9")
    page.locator("#result-0").get_by_text("Grid: ").wait_for()
    page.locator("#entry-1 .slot").first.tap()
    for rank in ["K", "5", "7", "8", "3", "9"]:
        page.locator(f"#keypad [data-rank='{rank}']").tap()
    expect(page.locator("#keypad")).to_be_hidden()
    expect(page.locator("#result-1 .errorlist")).to_be_visible()
    wait_clear_of_keypad(page, "#result-1 .errorlist")
    save = page.get_by_role("button", name="Save hole 1")
    save.scroll_into_view_if_needed()
    wait_clear_of_keypad(page, "[data-save]")


def test_a_problem_found_while_cards_go_in_is_shown_above_the_keypad(page, live_server):
    """A card changed on the keypad makes a fifth king in the last grid: the live
    check's message comes up under that grid, where the keypad is."""
    start_match(page, live_server, names=("Ann", "Ben"))
    fields = page.get_by_label("Cards, row by row")
    fields.nth(0).fill("8 5 7 / 8 3 9")
    fields.nth(1).fill("K K K / K 5 9")
    page.locator("#result-1").get_by_text("Grid: ").wait_for()
    page.locator("#entry-1 .slot").nth(4).tap()
    page.locator("#keypad [data-rank='K']").tap()
    expect(page.locator("#keypad")).to_be_visible()
    expect(page.locator("#result-1 .errorlist")).to_be_visible()
    wait_clear_of_keypad(page, "#result-1 .errorlist")


def test_a_slot_tapped_in_a_grid_with_a_problem_leaves_the_problem_in_sight(page, live_server):
    start_match(page, live_server, names=("Ann", "Ben"))
    fields = page.get_by_label("Cards, row by row")
    fields.nth(0).fill("8 5 7 / 8 3 9")
    fields.nth(1).fill("K K K / K K 9")
    expect(page.locator("#result-1 .errorlist")).to_be_visible()
    page.evaluate("window.scrollTo(0, 0)")
    page.locator("#entry-1 .slot").first.tap()
    expect(page.locator("#keypad")).to_be_visible()
    wait_clear_of_keypad(page, "#entry-1 .slot.is-active")
    wait_clear_of_keypad(page, "#result-1 .errorlist")


def test_the_keypad_shows_the_next_players_slot_above_itself(page, live_server):
    start_match(page, live_server)
    page.locator("#entry-0 .slot").first.tap()
    for rank in ["8", "5", "7", "8", "3", "9"]:
        page.locator(f"#keypad [data-rank='{rank}']").tap()
    # Ann's grid is full: the keypad moved on to Ben's first card, and shows it.
    active = page.locator(".slot.is-active")
    expect(active).to_have_count(1)
    expect(page.locator("#entry-1 .slot").first).to_have_class("slot is-active")
    wait_clear_of_keypad(page, ".slot.is-active")
    # And on through Ben's grid into Cat's, each slot shown as it comes.
    for rank in ["K", "5", "J", "K", "5", "2"]:
        page.locator(f"#keypad [data-rank='{rank}']").tap()
        wait_clear_of_keypad(page, ".slot.is-active")
    expect(page.locator("#entry-2 .slot").first).to_have_class("slot is-active")
    expect(page.get_by_label("Cards, row by row").nth(1)).to_have_value("K 5 J / K 5 2")


def test_the_slot_being_filled_stays_clear_of_the_keypad_after_a_live_check(page, live_server):
    """The live check draws a finished grid's breakdown above the next player's
    slots, which used to push the slot being filled under the keypad."""
    start_match(page, live_server, names=("Ann", "Ben", "Cat"))
    page.locator("#entry-0 .slot").first.tap()
    for rank in ["8", "5", "7", "8", "3", "9"]:
        page.locator(f"#keypad [data-rank='{rank}']").tap()
    expect(page.locator("#entry-1 .slot").first).to_have_class("slot is-active")
    expect(page.locator("#result-0")).to_contain_text("Grid: 24")
    wait_clear_of_keypad(page, ".slot.is-active")


def test_a_slot_reached_with_the_keyboard_is_not_under_the_keypad(page, live_server):
    """At the top of the page the first player's cards sit where the keypad is: a
    slot reached with Tab used to stay under it, in the viewport but unseen. Chosen
    with Enter, it brings the keypad up and stays clear of it."""
    start_match(page, live_server, names=("Ann", "Ben"))
    page.locator("#entry-1 .slot").first.tap()
    expect(page.locator("#keypad")).to_be_visible()
    page.evaluate("window.scrollTo(0, 0)")
    page.get_by_label("Every card").focus()
    page.keyboard.press("Tab")  # out of the radio buttons, to Ann's first card
    expect(page.locator("#entry-0 .slot").first).to_be_focused()
    wait_clear_of_keypad(page, "#entry-0 .slot")
    page.keyboard.press("Enter")
    expect(page.locator("#entry-0 .slot").first).to_have_class(re.compile("is-active"))
    wait_clear_of_keypad(page, "#entry-0 .slot.is-active")


def test_the_keypad_steps_aside_while_a_grid_is_typed(page, live_server):
    """Typing in a grid's box brings up the phone's own keyboard: the keypad would
    take a quarter of what is left of the screen."""
    start_match(page, live_server)
    keypad = page.locator("#keypad")
    page.locator("#entry-0 .slot").first.tap()
    expect(keypad).to_be_visible()
    page.get_by_label("Cards, row by row").first.focus()
    expect(keypad).to_be_hidden()
    page.locator("#entry-1 .slot").first.tap()  # back to tapping cards in
    expect(keypad).to_be_visible()


def test_typing_in_the_box_after_tapping_follows_the_last_card(page, live_server):
    """The keypad writes "?" for the slots still empty; typed after them, the rest
    of the grid went to the end ("8 ? ? / ? ? ? 5 7 / 8 3 9")."""
    start_match(page, live_server, names=("Ann", "Ben"))
    page.locator("#entry-0 .slot").first.tap()
    page.locator("#keypad [data-rank='8']").tap()
    box = page.get_by_label("Cards, row by row").first
    assert box.input_value() == "8 ? ? / ? ? ?"
    box.click()
    assert box.input_value() == "8"
    expect(page.locator(".slot.is-active")).to_have_count(0)
    box.press("End")
    box.type(" 5 7 / 8 3 9")
    assert box.input_value() == "8 5 7 / 8 3 9"
    page.locator("#result-0").get_by_text("Grid: 24").wait_for()
    expect(page.locator("#entry-0 .slot").nth(5)).to_have_text("9")


def test_a_suited_card_shows_its_suits_sign_in_its_slot(page, live_server):
    """The keypad writes "KS" in notation; the slot shows K♠ (red for hearts and
    diamonds), as the messages write the card."""
    start_match(page, live_server, names=("Ann", "Ben"))
    first = page.locator("#entry-0 .slot").first
    first.tap()
    page.locator("#keypad [data-rank='K']").tap()
    page.locator("#keypad [data-suit='S']").tap()
    expect(first).to_have_text("K♠")
    expect(first).to_have_attribute("aria-label", "Row 1, card 1: K♠")
    assert page.get_by_label("Cards, row by row").first.input_value().startswith("KS")
    # Typed in the box, it shows the same way; a heart is red.
    page.get_by_label("Cards, row by row").nth(1).fill("10H 5 7 / 8 3 9")
    heart = page.locator("#entry-1 .slot").first
    expect(heart).to_have_text("10♥")
    assert heart.evaluate("(el) => getComputedStyle(el).color") == "rgb(179, 38, 30)"


def test_an_empty_slot_looks_like_a_gap_not_a_card(page, browser, live_server):
    """In the dark theme a filled slot is drawn as a card, with its light face; a
    slot still to fill takes the panel's colour, so the two differ at a glance (in
    the light theme both are white, and the empty one's border is dashed)."""
    scheme = "dark"
    start_match(page, live_server, names=("Ann", "Ben"))
    context = browser.new_context(color_scheme=scheme, viewport={"width": 360, "height": 800})
    context.add_cookies(page.context.cookies())
    phone = context.new_page()
    phone.goto(page.url)
    slots = phone.locator("#entry-0 .slot")
    slots.nth(0).click()
    phone.locator("#keypad [data-rank='8']").click()
    expect(slots.nth(0)).to_have_class(re.compile("is-filled"))
    colour = "(el) => getComputedStyle(el).backgroundColor"
    surface = phone.evaluate(
        "() => getComputedStyle(document.documentElement).getPropertyValue('--surface')"
    )
    filled, empty = slots.nth(0).evaluate(colour), slots.nth(1).evaluate(colour)
    assert filled != empty
    probe = "(c) => { const d = document.createElement('div'); d.style.color = c;"
    probe += (
        " document.body.append(d); const v = getComputedStyle(d).color; d.remove(); return v; }"
    )
    assert empty == phone.evaluate(probe, surface.strip())
    context.close()


@pytest.mark.parametrize(
    ("typed", "result"),
    [
        ("8 5 7 // 8 3 9", "no card between the slashes"),  # a doubled slash is no row
        ("8 5 7 8 3 9", "Grid: 24"),  # a whole grid without slashes, row by row
        ("857/839", "Grid: 24"),  # rows without spaces, card by card
    ],
)
def test_the_slots_read_a_grid_as_the_engine_does(page, live_server, typed, result):
    start_match(page, live_server, names=("Ann", "Ben"))
    page.get_by_label("Cards, row by row").first.fill(typed)
    slots = page.locator("#entry-0 .slot")
    expect(slots.nth(3)).to_have_text("8")
    expect(slots.nth(5)).to_have_text("9")
    expect(page.locator("#result-0")).to_contain_text(result)


# -- problems ------------------------------------------------------------------------------


def test_an_impossible_card_is_marked_where_it_was_tapped(page, live_server):
    start_match(page, live_server, names=("Ann", "Ben"))
    page.get_by_label("Cards, row by row").first.fill("8 5 7 / 8 3 B")
    bad = page.locator("#entry-0 .slot--bad")
    bad.first.wait_for()
    assert bad.count() == 1
    assert "'B' is not a rank" in page.locator("#result-0").inner_text()


@pytest.mark.parametrize("kind", ["Every card", "Totals only"])
def test_a_blank_save_shows_the_first_players_problem_clear_of_the_keypad(page, live_server, kind):
    start_match(page, live_server, names=("Ann", "Ben", "Cat", "Dan"))
    page.get_by_label(kind).check()
    page.get_by_role("button", name="Save hole 1").click()
    expect(page.locator("#result-3 .errorlist")).to_be_attached()
    # The first player's problem, not the last one's, is on screen in full.
    wait_clear_of_keypad(page, "#result-0 .errorlist")
    if kind == "Every card":
        # A card slot of Ann's has the focus (a text field would open the phone's
        # keyboard over the keypad), and it is on screen too.
        expect(page.locator("#entry-0 .slot").first).to_be_focused()
        wait_clear_of_keypad(page, "#entry-0 .slot:focus")
    else:
        expect(page.locator("#id_total_0")).to_be_focused()


def test_a_refused_save_shows_the_bad_card_and_its_problem(page, live_server):
    start_match(page, live_server, names=("Ann", "Ben", "Cat"))
    fields = page.get_by_label("Cards, row by row")
    fields.nth(0).fill("8 5 7 / 8 3 9")
    fields.nth(1).fill("K 5 J / K 5 B")
    fields.nth(2).fill("7 7 3 / 4 5 6")
    page.get_by_role("button", name="Save hole 1").click()
    problem = page.locator("#result-1 .errorlist")
    expect(problem).to_contain_text("Card 3 of row 2: 'B' is not a rank")
    expect(page.locator("#entry-1 .slot--bad")).to_be_focused()
    wait_clear_of_keypad(page, "#result-1 .errorlist")
    wait_clear_of_keypad(page, "#entry-1 .slot--bad")


def test_a_grid_put_right_after_a_refused_save_is_no_longer_marked_wrong(page, live_server):
    """Typed the moment the bad card has the focus, as a quick player does. The form
    is drawn again by the save's answer and goes live when htmx settles it; the
    settling is slowed here (300 ms, not 20) so typing inside that moment is
    certain: the focus must come only once the form checks what is typed."""
    start_match(page, live_server, names=("Ann", "Ben"))
    page.evaluate("htmx.config.defaultSettleDelay = 300")
    fields = page.get_by_label("Cards, row by row")
    fields.nth(0).fill("8 5 7 / 8 3 9")
    fields.nth(1).fill("K 5 J / K 5 B")
    page.get_by_role("button", name="Save hole 1").click()
    # The live check finds the problem too; the save's own answer, which draws the
    # form again, is in once the bad card has the focus. Only then type into it.
    expect(page.locator("#entry-1 .slot--bad")).to_be_focused()
    expect(page.locator("#result-1 .errorlist")).to_be_visible()
    box = page.get_by_label("Cards, row by row").nth(1)
    expect(box).to_have_attribute("aria-invalid", "true")
    box.fill("K 5 J / K 5 2")
    expect(page.locator("#result-1")).to_contain_text("Grid: ")
    expect(page.locator("#result-1 .errorlist")).to_have_count(0)
    expect(box).not_to_have_attribute("aria-invalid", "true")
    box.fill("K 5 J / K 5 Z")  # wrong again: marked again
    expect(box).to_have_attribute("aria-invalid", "true")


def test_checking_the_scores_opens_at_the_first_problem(page, live_server):
    """The "Check the scores" button is a plain post: its page opens at the first
    problem, above the keypad, not at the top."""
    start_match(page, live_server, names=("Ann", "Ben", "Cat"))
    fields = page.get_by_label("Cards, row by row")
    fields.nth(0).fill("8 5 7 / 8 3 9")
    fields.nth(1).fill("7 7 3 / 4 5 6")
    fields.nth(2).fill("K 5 J / K 5 B")
    with page.expect_navigation():
        page.get_by_role("button", name="Check the scores").click()
    expect(page.locator("#result-2 .errorlist")).to_contain_text("'B' is not a rank")
    expect(page.locator("#entry-2 .slot--bad")).to_be_focused()
    wait_clear_of_keypad(page, "#result-2 .errorlist")


# -- help, and totals instead of cards -----------------------------------------------------


def test_the_keypad_help_shows_only_with_the_script(page, browser, live_server):
    start_match(page, live_server, names=("Ann", "Ben"))
    help_text = page.locator("#notation-help")
    expect(help_text).to_contain_text("Tap a card slot, then its rank on the keypad")
    expect(help_text.get_by_text("Type each player's cards")).to_be_hidden()
    match_url = page.url

    context = browser.new_context(java_script_enabled=False, viewport={"width": 360, "height": 740})
    plain = context.new_page()
    # The match belongs to the browser that started it: hand its session over.
    context.add_cookies(page.context.cookies())
    plain.goto(match_url)
    help_text = plain.locator("#notation-help")
    expect(help_text).to_contain_text("Type each player's cards in their")
    expect(help_text.get_by_text("Tap a card slot")).to_be_hidden()
    expect(plain.locator("#keypad")).to_be_hidden()
    context.close()


@pytest.mark.parametrize("width", [360, 412])
def test_the_help_keeps_its_height_when_the_script_starts(page, browser, live_server, width):
    """The script swaps the help's first sentence. Were the two of different
    heights, the grids below would jump as the page loads, under a thumb (and
    Lighthouse counts it as a layout shift)."""
    start_match(page, live_server, names=("Ann", "Ben"))
    heights = {}
    for script in (True, False):
        context = browser.new_context(
            java_script_enabled=script, viewport={"width": width, "height": 800}
        )
        context.add_cookies(page.context.cookies())
        phone = context.new_page()
        phone.goto(page.url)
        help_text = phone.locator("#notation-help")
        expect(help_text.get_by_text("Tap a card slot")).to_be_visible(visible=script)
        heights[script] = help_text.bounding_box()["height"]
        context.close()
    assert heights[True] == heights[False], heights


def test_switching_to_totals_clears_the_grids_results(page, live_server):
    start_match(page, live_server, names=("Ann", "Ben"))
    page.get_by_label("Cards, row by row").first.fill("8 5 7 / 8 3 9")
    result = page.locator("#result-0")
    expect(result).to_contain_text("Grid: 24")

    page.get_by_label("Totals only").check()
    expect(page.locator("#id_total_0")).to_be_visible()
    expect(result).not_to_contain_text("Grid")
    expect(result).to_be_hidden()  # nothing in it: no breakdown under the empty total

    # Totals typed are checked as totals; back to cards, the grid is scored again.
    page.locator("#id_total_0").fill("12")
    page.locator("#id_total_1").fill("7")
    expect(result).to_contain_text("Scores 12")
    expect(result).not_to_contain_text("Grid")
    page.get_by_label("Every card").check()
    expect(result).to_contain_text("Grid: 24")
    expect(result).not_to_contain_text("Scores 12")


def test_a_zsa_match_offers_no_suits(page, live_server):
    """The ZSA deck's eight suits are not the four suits of the keypad, and its
    scoring reads no suit: the keypad has ranks and Clear, and the help says
    nothing of suit letters."""
    page.goto(live_server.url + reverse("scoring:match_new"))
    for i, name in enumerate(("Ann", "Ben")):
        page.get_by_label(f"Player {i + 1}", exact=True).fill(name)
    page.locator(".rules-fold > summary").click()
    page.locator("input[name='deck'][value='zsa']").check()
    page.get_by_role("button", name="Start the match").click()
    page.wait_for_url("**/holes/new/")
    page.locator("#entry-0 .slot").first.tap()
    keypad = page.locator("#keypad")
    expect(keypad).to_be_visible()
    expect(keypad.locator("[data-rank='X']")).to_be_visible()
    expect(keypad.get_by_role("button", name="Clear")).to_be_visible()
    expect(keypad.locator("[data-suit]")).to_have_count(0)
    expect(page.locator("#notation-help")).not_to_contain_text("suit")
    keypad.locator("[data-rank='X']").tap()
    expect(page.get_by_label("Cards, row by row").nth(0)).to_have_value(re.compile(r"^X "))
