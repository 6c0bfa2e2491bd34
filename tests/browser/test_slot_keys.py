"""A card slot chosen on a laptop takes the keyboard as the keypad takes taps: a
rank written and on to the next slot, a suit letter, Backspace or Delete to clear,
and the arrow keys from slot to slot. Typed keys used to do nothing at all."""

import re

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from .keyboard import press
from .test_scoresheet import start_match

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
