"""The hole form for a laptop's keyboard and mouse, and for a screen reader: a card
slot takes typed keys as the keypad takes taps (a rank and on to the next slot, a
suit letter, Backspace or Delete to clear, the arrow keys from slot to slot), a
problem is said where the focus lands, and a refused save leaves the focus where
the fix is to be made."""

import re

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from .helpers import press, start_match, wait_clear_of_keypad

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_slot_clicked_takes_typed_ranks_and_moves_on(laptop, live_server):
    """Each rank typed goes where the keypad's would, and the focus goes on with
    the chosen slot, to the next player's grid after the last card."""
    page = laptop
    start_match(page, live_server, names=("Ann", "Ben"))
    fields = page.get_by_label("Cards, row by row")
    page.locator("#entry-0 .slot").first.click()
    press(page, "8", "5", "7", "8", "3", "9")
    expect(fields.nth(0)).to_have_value("8 5 7 / 8 3 9")
    expect(page.locator("#result-0")).to_contain_text("Grid: 24")
    ben = page.locator("#entry-1 .slot").first
    expect(ben).to_be_focused()
    expect(ben).to_have_class(re.compile("is-active"))
    # Letters in either case, and the keys the browser keeps for itself left be.
    press(page, "k", "Q", "Control+A")
    expect(fields.nth(1)).to_have_value("K Q ? / ? ? ?")
    # Nothing focused (a browser that does not focus a button clicked): the keys
    # still go to the slot chosen.
    page.evaluate("document.activeElement.blur()")
    press(page, "j")
    expect(fields.nth(1)).to_have_value("K Q J / ? ? ?")


def test_a_slot_reached_with_tab_takes_tens_suits_clears_and_arrows(laptop, live_server):
    page = laptop
    start_match(page, live_server, names=("Ann", "Ben"))
    box = page.get_by_label("Cards, row by row").nth(0)
    slots = page.locator("#entry-0 .slot")
    page.get_by_label("Every card").focus()
    page.keyboard.press("Tab")
    expect(slots.nth(0)).to_be_focused()
    # A 10 typed as it is written, or as "0" or "T"; a suit letter after a rank.
    press(page, "1", "0", "t", "q", "h", "0")
    expect(box).to_have_value("10 10 QH / 10 ? ?")
    expect(slots.nth(2)).to_have_text("Q♥")
    expect(slots.nth(4)).to_be_focused()
    # Up a row, then left: the choice goes along with the focus.
    press(page, "ArrowUp", "ArrowLeft")
    expect(slots.nth(0)).to_be_focused()
    expect(slots.nth(0)).to_have_class(re.compile("is-active"))
    press(page, "Delete")
    expect(box).to_have_value("? 10 QH / 10 ? ?")
    expect(slots.nth(0)).to_be_focused()
    press(page, "ArrowDown", "Backspace")
    expect(box).to_have_value("? 10 QH / ? ? ?")
    # A suit letter on a card reached with the keyboard is for that card.
    press(page, "ArrowRight", "ArrowUp", "ArrowRight", "s")
    expect(box).to_have_value("? 10 QS / ? ? ?")
    # Enter on a slot still chooses it, and the text box still takes its own keys.
    press(page, "Shift+Tab", "Enter")
    expect(slots.nth(1)).to_have_class(re.compile("is-active"))
    box.click()
    press(page, "End", "Backspace", "Backspace", "5")
    expect(box).to_have_value("? 10 5")
    expect(slots.nth(2)).to_have_text("5")


@pytest.mark.parametrize(
    ("deck", "jokers", "typed", "written"),
    [
        ("standard", "standard", ["*", "0"], "JK 10"),
        ("standard", "none", ["*", "0"], "10"),
        ("zsa", "", ["0", "x"], "0 X"),
    ],
)
def test_the_keys_are_the_keypads_ranks(laptop, live_server, deck, jokers, typed, written):
    """A joker is "*" where the keypad has one; a deck with a 0 of its own keeps
    "0" for it."""
    page = laptop
    page.goto(live_server.url + reverse("scoring:match_new"))
    for i, name in enumerate(("Ann", "Ben")):
        page.get_by_label(f"Player {i + 1}", exact=True).fill(name)
    page.locator(".rules-fold > summary").click()
    page.locator(f"input[name='deck'][value='{deck}']").check()
    page.get_by_label("Jokers", exact=True).select_option(jokers)
    page.get_by_role("button", name="Start the match").click()
    page.wait_for_url("**/holes/new/")
    page.locator("#entry-0 .slot").first.click()
    press(page, *typed)
    expect(page.get_by_label("Cards, row by row").nth(0)).to_have_value(
        re.compile("^" + re.escape(written) + r"( \?)*( / \? \? \?)*$")
    )


def test_a_phone_with_a_keyboard_types_on_the_slot_tapped(page, live_server):
    """On a phone the keypad works as ever; a keyboard joined to it types on the
    slot tapped, and on the chosen one after a tap on the keypad."""
    start_match(page, live_server, names=("Ann", "Ben"))
    box = page.get_by_label("Cards, row by row").nth(0)
    page.locator("#entry-0 .slot").first.tap()
    press(page, "8")
    page.locator("#keypad [data-rank='5']").tap()
    press(page, "7", "h")
    expect(box).to_have_value("8 5 7H / ? ? ?")
    page.locator("#keypad [data-clear]").tap()
    page.locator("#entry-0 .slot").nth(1).tap()
    press(page, "Backspace")
    expect(box).to_have_value("8 ? 7H / ? ? ?")
    expect(page.locator("#keypad")).to_be_visible()


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


def type_in(page, box, text):
    box.click()
    page.keyboard.press("Control+A")
    page.keyboard.type(text)


def test_enter_in_a_grid_box_saves_and_a_refusal_comes_back_to_the_box(laptop, live_server):
    """Typed from the keyboard, a refused save puts the focus in the box of the
    grid to put right, not on its first card slot: from there the box was six
    presses of Tab away, and Enter on the slot brought up the keypad."""
    page = laptop
    start_match(page, live_server, names=("Ann", "Ben"))
    fields = page.get_by_label("Cards, row by row")
    type_in(page, fields.nth(0), "8 5 7 / 8 3 9")
    type_in(page, fields.nth(1), "7 7 7 / 7 7 3")  # five 7s: one deck has four
    page.keyboard.press("Enter")
    expect(page.get_by_text("Hole 1 was not saved.")).to_be_visible()
    expect(fields.nth(1)).to_be_focused()
    expect(fields.nth(1)).to_have_value("7 7 7 / 7 7 3")
    expect(fields.nth(1)).to_have_attribute("aria-invalid", "true")
    # Put right where the focus is, and saved with Enter again.
    page.keyboard.press("Control+A")
    page.keyboard.type("K 5 J / K 5 2")
    page.keyboard.press("Enter")
    page.wait_for_url("**/matches/*/")
    expect(page.get_by_text("Hole 1 saved.")).to_be_visible()
    expect(page.locator("main")).to_be_focused()


@pytest.mark.parametrize("keyboard", [True, False], ids=["keyboard", "mouse"])
def test_a_refusal_for_the_whole_table_keeps_the_focus_in_the_form(laptop, live_server, keyboard):
    """Five kings between two grids is a problem of the table, said at the top of
    the form. The focus was left nowhere (the page's start, for Tab), after a
    save with the mouse or from the keyboard."""
    page = laptop
    start_match(page, live_server, names=("Ann", "Ben"))
    fields = page.get_by_label("Cards, row by row")
    type_in(page, fields.nth(0), "K K K / 5 5 5")
    type_in(page, fields.nth(1), "K K 3 / 3 3 2")
    save = page.get_by_role("button", name="Save hole 1")
    if keyboard:
        save.focus()
        page.keyboard.press("Enter")
    else:
        save.click()
    expect(page.locator("#table-problems [role=alert]")).to_contain_text("Five kings on the table")
    # Ann's cards are the first marked: her box from the keyboard, her first
    # marked card with the mouse.
    if keyboard:
        expect(fields.nth(0)).to_be_focused()
    else:
        expect(page.locator("#entry-0 .slot").first).to_be_focused()
    expect(page.locator("#table-problems [role=alert]")).to_be_in_viewport()


def test_the_live_check_is_said_in_a_region_that_stays_and_leaves_the_rest_be(laptop, live_server):
    """A screen reader reads out what changes inside a live region it already
    knows; the check used to put in a new region each time, which is not read.
    And every result came back afresh, changed or not: a breakdown opened to read
    folded up as soon as the next player's cards were typed, or at once, by the
    check its own click sent (the click takes the focus from the box typed in)."""
    page = laptop
    start_match(page, live_server, names=("Ann", "Ben", "Cat"))
    page.evaluate("document.querySelector('#entry-0 [aria-live]').golfKept = true")
    fields = page.get_by_label("Cards, row by row")
    type_in(page, fields.nth(0), "8 5 7 / 8 3 9")
    breakdown = page.locator("#result-0 summary")
    expect(breakdown).to_have_text("Grid: 24")
    region = page.locator("#entry-0 [aria-live]")
    assert region.evaluate("(region) => region.golfKept === true")
    assert region.evaluate("(region) => region.contains(document.getElementById('result-0'))")

    breakdown.click()
    expect(page.locator("#result-0 details")).to_have_attribute("open", "")
    type_in(page, fields.nth(1), "K 5 J / K 5 2")
    expect(page.locator("#result-1 summary")).to_have_text("Grid: 8")
    expect(page.locator("#result-0 details")).to_have_attribute("open", "")
    # A change still comes through.
    type_in(page, fields.nth(0), "8 5 7 / 8 3 2")
    expect(breakdown).to_have_text("Grid: 13")  # a 2 counts -2


@pytest.mark.parametrize("screen", ["laptop", "phone"])
def test_who_went_out_reached_with_tab_is_not_under_the_keypad(browser, live_server, screen):
    """Once a card slot is chosen the keypad stays at the foot of the screen. Tab
    from the last player's cards went on to the choice of who went out, which the
    browser took to be in view while it sat under the keypad."""
    size = {"laptop": (1280, 800), "phone": (360, 740)}[screen]
    context = browser.new_context(
        viewport={"width": size[0], "height": size[1]}, has_touch=screen == "phone"
    )
    page = context.new_page()
    start_match(page, live_server, names=("Ann", "Ben"))
    page.locator("#entry-1 .slot").first.focus()
    page.keyboard.press("Enter")
    expect(page.locator("#keypad")).to_be_visible()
    page.get_by_label("Cards, row by row").nth(1).focus()
    # The choices in sight, near the foot of the screen: where the keypad is.
    page.evaluate(
        """() => {
          const choice = document.querySelector(".went-out .choice");
          window.scrollBy(0, choice.getBoundingClientRect().bottom - window.innerHeight + 60);
        }"""
    )
    page.keyboard.press("Tab")
    nobody = page.get_by_label("Nobody (or we don't care)")
    expect(nobody).to_be_focused()
    wait_clear_of_keypad(page, ".went-out .choice:has(input:focus)")
    context.close()
