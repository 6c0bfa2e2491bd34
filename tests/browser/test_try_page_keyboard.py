"""The try page on a laptop: a slot of the grid takes typed keys as the keypad
takes taps (a rank, a suit letter after it, Backspace or Delete to clear, the
arrow keys from slot to slot), and the focus stays with the chosen slot while the
grid is drawn afresh with each answer. Typed keys used to do nothing at all."""

import re
from urllib.parse import parse_qs, urlsplit

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from .helpers import press

pytestmark = pytest.mark.django_db(transaction=True)

TRY = reverse("rules:try")


def slot(page, row, column):
    return page.locator(f'.slot[data-row="{row}"][data-column="{column}"]')


def grid_in_address(page):
    return parse_qs(urlsplit(page.url).query).get("grid", [""])[0]


def test_a_slot_clicked_takes_a_whole_grid_typed_and_keeps_the_focus(laptop, live_server):
    page = laptop
    page.goto(live_server.url + TRY)
    expect(page.locator("[data-keys]")).to_be_visible()
    expect(page.get_by_text("On a keyboard, type the ranks")).to_be_visible()
    slot(page, 1, 1).click()
    # Typed at once, faster than the answers come back: none is lost.
    press(page, "8", "5", "7", "8", "3", "9")
    field = page.get_by_label("Grid, row by row")
    expect(field).to_have_value("8 5 7 / 8 3 9")
    expect(page.get_by_role("heading", name="It scores 24", exact=True)).to_be_visible()
    expect(page).to_have_url(re.compile(r"grid=8\+5\+7\+%2F\+8\+3\+9"))
    # The choice went round to the first slot, and the focus with it.
    expect(slot(page, 1, 1)).to_have_attribute("aria-pressed", "true")
    expect(slot(page, 1, 1)).to_be_focused()
    # Letters in either case, and the keys the browser keeps for itself left be.
    press(page, "k", "Control+A")
    expect(field).to_have_value("K 5 7 / 8 3 9")
    expect(slot(page, 1, 2)).to_be_focused()


def test_tens_suit_letters_clear_and_arrows(laptop, live_server):
    page = laptop
    page.goto(live_server.url + TRY + "?grid=8+5+7+%2F+8+3+9")
    expect(page.locator("[data-keys]")).to_be_visible()
    field = page.get_by_label("Grid, row by row")
    # A slot reached with Tab takes keys as one clicked does.
    field.focus()
    while not page.evaluate("document.activeElement.matches('.slot')"):
        page.keyboard.press("Tab")
    expect(slot(page, 1, 1)).to_be_focused()
    # A 10 typed as it is written, or as "0" or "T"; a suit letter after a rank.
    press(page, "1", "0", "t", "q", "h")
    expect(field).to_have_value("10 10 QH / 8 3 9")
    expect(slot(page, 1, 3)).to_have_attribute("aria-label", "Row 1, card 3: Q♥")
    expect(slot(page, 2, 1)).to_be_focused()
    # Up a row and right: the choice goes along with the focus; Delete clears the
    # slot and leaves it chosen.
    press(page, "ArrowUp", "ArrowRight", "Delete")
    expect(field).to_have_value("10 ? QH / 8 3 9")
    expect(slot(page, 1, 2)).to_be_focused()
    expect(slot(page, 1, 2)).to_have_attribute("aria-pressed", "true")
    press(page, "ArrowDown", "Backspace")
    expect(field).to_have_value("10 ? QH / 8 ? 9")
    # A suit letter on a card reached with the arrows is for that card.
    press(page, "ArrowLeft", "s")
    expect(field).to_have_value("10 ? QH / 8S ? 9")
    expect(slot(page, 2, 1)).to_be_focused()
    # The text box still takes its own keys.
    field.click()
    press(page, "End", "Backspace", "5")
    expect(field).to_have_value("10 ? QH / 8S ? 5")
    expect(slot(page, 2, 3)).to_have_attribute("aria-label", "Row 2, card 3: 5")


@pytest.mark.parametrize(
    ("query", "typed", "written"),
    [
        ("?jokers=standard", ["*", "0"], "JK 10"),
        ("?jokers=none", ["*", "0"], "10"),
        ("?deck=zsa", ["0", "x"], "0 X"),
    ],
)
def test_the_keys_are_the_keypads_ranks(laptop, live_server, query, typed, written):
    """A joker is "*" where the keypad has one; a deck with a 0 of its own keeps
    "0" for it."""
    page = laptop
    page.goto(live_server.url + TRY + query)
    expect(page.locator("[data-keys]")).to_be_visible()
    slot(page, 1, 1).click()
    press(page, *typed)
    expect(page.get_by_label("Grid, row by row")).to_have_value(
        re.compile("^" + re.escape(written) + r"( \?)*( / \? \? \?)*$")
    )


def test_the_score_is_said_where_a_screen_reader_hears_it(laptop, live_server):
    """A live region put in afresh with each answer is not read out: the score
    and the card written are said in one that stays."""
    page = laptop
    page.goto(live_server.url + TRY + "?grid=8+5+7+%2F+8+3+9")
    expect(page.locator("[data-keys]")).to_be_visible()
    said = page.locator("[data-said]")
    page.evaluate("document.querySelector('[data-said]').golfKept = true")
    expect(said).to_have_attribute("aria-live", "polite")
    slot(page, 1, 2).click()
    expect(said).to_have_text(re.compile("Row 1, card 2"))
    press(page, "3")
    expect(said).to_have_text("Row 1, card 2: 3. It scores 16.")
    press(page, "Backspace")
    expect(said).to_have_text("Row 1, card 3: empty. No score yet: 1 slot is still empty.")
    assert said.evaluate("(el) => el.golfKept === true")
    # Nothing in the part drawn afresh claims to be live.
    expect(page.locator("#try-result [aria-live]")).to_have_count(0)
    # A rule changed is said too.
    page.locator("summary", has_text="Rules:").click()
    page.get_by_label("Variant").select_option("four-card")
    expect(said).to_have_text(re.compile("^No score yet"))


def test_after_back_no_slot_is_said_to_be_chosen_and_the_score_is_said(laptop, live_server):
    """The page htmx puts back for Back was kept with a slot chosen: it said so,
    though none was, and a rank then pressed went nowhere."""
    page = laptop
    page.goto(live_server.url + TRY + "?grid=8+5+7+%2F+8+3+9")
    expect(page.locator("[data-keys]")).to_be_visible()
    slot(page, 1, 2).click()
    press(page, "3")
    expect(page.get_by_role("heading", name="It scores 16", exact=True)).to_be_visible()
    press(page, "k")
    expect(page.get_by_role("heading", name="It scores 9", exact=True)).to_be_visible()
    page.go_back()
    expect(page.get_by_role("heading", name="It scores 16", exact=True)).to_be_visible()
    expect(page.locator("[data-said]")).to_have_text("It scores 16.")
    expect(page.locator("[data-status]")).to_have_text("No slot chosen yet.")
    expect(page.locator('.slot[aria-pressed="true"]')).to_have_count(0)
    # Keys typed now choose the slot they are typed on.
    slot(page, 2, 3).focus()
    press(page, "2")
    expect(page.get_by_label("Grid, row by row")).to_have_value("8 3 7 / 8 3 2")


def test_a_phone_keeps_its_keypad_and_a_keyboard_joined_to_it_types(page, live_server):
    """On a phone the keypad works as ever, Clear now leaving its slot chosen; a
    keyboard joined to it types on the slot tapped."""
    page.goto(live_server.url + TRY + "?grid=8+5+7+%2F+8+3+9")
    expect(page.locator("[data-keys]")).to_be_visible()
    # The words on typed keys are for a laptop.
    expect(page.get_by_text("On a keyboard, type the ranks")).to_be_hidden()
    field = page.get_by_label("Grid, row by row")
    slot(page, 1, 1).tap()
    page.locator(".key--clear").tap()
    expect(field).to_have_value("? 5 7 / 8 3 9")
    expect(slot(page, 1, 1)).to_have_attribute("aria-pressed", "true")
    page.locator('.key[data-rank="K"]').tap()
    expect(field).to_have_value("K 5 7 / 8 3 9")
    expect(slot(page, 1, 2)).to_have_attribute("aria-pressed", "true")
    press(page, "2")
    expect(field).to_have_value("K 2 7 / 8 3 9")
    expect(page.get_by_role("heading", name="It scores 25", exact=True)).to_be_visible()
    assert grid_in_address(page) == "K 2 7 / 8 3 9"
