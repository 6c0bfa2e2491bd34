"""The play page on a 360 px phone: a hole played with taps to its scored end, with
the script (the computer players' moves coming by themselves) and without it (a tap
on "Skip to my turn"), the coach asked, a reload mid-hand, a tap from an old page
refused in place, and four players fitting the screen, light and dark."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from .helpers import WIDTH

pytestmark = pytest.mark.django_db(transaction=True)

PLAY = reverse("rules:play")
SEED = 4242

OVER = "#play-table .hole-over"
#: The learner's moves, in the order these tests prefer them: a card turned up, a
#: card swapped for a face-down one, a draw from the stock, then anything.
PREFERRED = (
    ".seat--you .grid__button[aria-label^='Turn up']",
    ".seat--you .grid__button[aria-label$='(face-down card)']",
    "#move-draw",
    ".seat--you .grid__button, #play-table button[id^='move-']",
)
MINE = ", ".join(PREFERRED)


@pytest.fixture(autouse=True)
def _a_tap_cuts_a_computer_move_short(console_errors):
    """A computer player's move is asked for by itself a moment after the table is
    drawn; a tap in that moment (Skip to my turn, on a busy machine) replaces the
    request on its way (the table's hx-sync="this:replace"), as it should. htmx
    reports the request it gave up as console errors; they are no fault here."""
    console_errors.allow(r"^htmx:(sendAbort|afterRequest), ")


def new_page(browser, *, javascript=True, scheme="light"):
    context = browser.new_context(
        viewport={"width": WIDTH, "height": 740},
        device_scale_factor=2,
        is_mobile=True,
        has_touch=True,
        color_scheme=scheme,
        java_script_enabled=javascript,
        service_workers="block",
    )
    return context.new_page()


def deal(page, live_server, *, opponents=1, seed=SEED, rules="classic"):
    """The setup form, from a replay link's address, and its button."""
    query = f"?seed={seed}&opponents={opponents}&holes=1&rules={rules}"
    page.goto(live_server.url + PLAY + query)
    page.get_by_role("button", name="Deal the cards").click()
    expect(page.get_by_role("heading", name="Hole 1 of 1")).to_be_visible()


def tap(page, locator):
    """Tap ``locator`` and wait for the table drawn after it."""
    table = page.locator("#play-table")
    before = table.get_attribute("data-at")
    locator.click()
    expect(table).not_to_have_attribute("data-at", before or "")


def play_to_the_end(page, *, skip):
    """Play until the hole is scored: the learner taps the first preferred move; the
    computer players' turns are skipped (``skip``) or waited for."""
    waiting = page.locator(f"{OVER}, {MINE}" + (", #skip" if skip else ""))
    for _ in range(200):
        expect(waiting.first).to_be_visible()
        if page.locator(OVER).count():
            return
        if skip and page.locator("#skip").count():
            tap(page, page.locator("#skip"))
            continue
        move = next(page.locator(s) for s in PREFERRED if page.locator(s).count())
        tap(page, move.first)
    raise AssertionError("the hole never ended")


def test_a_hole_played_with_taps_and_the_script_ends_scored(page, live_server):
    deal(page, live_server)
    # After a tap the focus goes to what the table now asks (the tapped card is gone).
    tap(page, page.get_by_role("button", name="Turn up the top-left card"))
    expect(page.locator(".play-prompt")).to_be_focused()
    expect(page.locator(".play-prompt")).to_have_text(re.compile("Turn up 1 of your cards"))
    play_to_the_end(page, skip=False)
    expect(page.get_by_role("heading", name="Hole 1 is over")).to_be_visible()
    expect(page.locator(f"{OVER} .scored-grid")).to_have_count(2)
    expect(page.get_by_text("The match is over. Lowest total:")).to_be_visible()
    # Each action drew the table part in place: still the page first loaded.
    expect(page.locator("h1")).to_have_count(1)


def test_a_hole_played_with_taps_without_the_script_ends_scored(browser, live_server):
    page = new_page(browser, javascript=False)
    deal(page, live_server, opponents=2)
    expect(page.get_by_role("button", name="Next move")).to_have_count(0)  # the learner starts
    page.locator(".seat--you .grid__button").first.click()
    page.locator(".seat--you .grid__button").first.click()
    # Now Ada's turn: one tap on "Next move" plays one move of hers.
    expect(page.get_by_text("Ada’s turn.")).to_be_visible()
    tap(page, page.get_by_role("button", name="Next move"))
    expect(page.get_by_role("status")).to_contain_text("Ada turned up the")
    play_to_the_end(page, skip=True)
    expect(page.get_by_role("heading", name="Hole 1 is over")).to_be_visible()
    expect(page.locator(f"{OVER} .scored-grid")).to_have_count(3)


def test_the_coach_says_what_it_would_do(page, live_server):
    deal(page, live_server)
    tap(page, page.get_by_role("button", name="Turn up the top-left card"))
    tap(page, page.get_by_role("button", name="Turn up the bottom-right card"))
    # Ada's starting flips come by themselves; then it is the learner's turn.
    expect(page.get_by_text("Your turn: draw from the stock or take the")).to_be_visible()
    page.get_by_role("button", name="What would you do?").click()
    coach = page.get_by_role("region", name="The coach says")
    expect(coach).to_contain_text(re.compile(r"I would|as good as each other"))
    options = coach.get_by_role("list", name="Your choices, best first").get_by_role("listitem")
    expect(options.first).to_contain_text(re.compile(r"\d\.\d$"))
    expect(options).to_have_count(2)  # draw, or take the discard
    # The coach's answer changes nothing: the move buttons are all still there.
    expect(page.get_by_role("button", name="Draw from the stock")).to_be_visible()
    tap(page, page.get_by_role("button", name="Draw from the stock"))
    expect(page.get_by_role("region", name="Your last move")).to_contain_text("Draw from the stock")


def test_a_reload_mid_hand_shows_the_same_hand(page, live_server):
    deal(page, live_server, opponents=3)
    tap(page, page.get_by_role("button", name="Turn up the top-middle card"))
    tap(page, page.get_by_role("button", name="Turn up the bottom-middle card"))
    tap(page, page.get_by_role("button", name="Skip to my turn"))
    tap(page, page.get_by_role("button", name="Draw from the stock"))
    held = page.locator(".pile--held .pile__label").inner_text()
    assert held.startswith("You hold the ")
    grids = page.locator(".grid").all_inner_texts()
    page.reload()
    expect(page.locator(".pile--held .pile__label")).to_have_text(held)
    assert page.locator(".grid").all_inner_texts() == grids
    expect(page.locator(".seat--you .grid__button").first).to_have_attribute(
        "aria-label", re.compile(r"^Swap the .+ into the top-left \(face-down card\)$")
    )


def test_a_tap_on_an_old_page_is_refused_beside_the_table_with_nothing_changed(
    page, live_server, console_errors
):
    console_errors.allow(r"status of 400")
    deal(page, live_server)
    old = page.context.new_page()
    old.goto(live_server.url + PLAY)
    tap(page, page.get_by_role("button", name="Turn up the top-left card"))
    # The other tab still shows the table before that flip.
    old.bring_to_front()
    old.get_by_role("button", name="Turn up the top-right card").click()
    alert = old.get_by_role("alert")
    expect(alert).to_have_text("The table has moved on since that page was drawn; here it is now")
    # It now shows the table as it is: one card up, the top-right still face down,
    # its button (drawn afresh) still the one with the focus, to tap again.
    expect(old.get_by_role("button", name="Turn up the top-right card")).to_be_focused()
    expect(old.get_by_role("button", name="Turn up the top-left card")).to_have_count(0)


@pytest.mark.parametrize(
    ("scheme", "rules"), [("light", "classic"), ("dark", "classic"), ("light", "ten-card")]
)
def test_four_players_fit_a_phone_with_big_enough_cards(
    browser, live_server, scheme, rules, screenshot_dir
):
    page = new_page(browser, scheme=scheme)
    deal(page, live_server, opponents=3, rules=rules)
    flip = page.locator(".seat--you .grid__button[aria-label^='Turn up']")
    while not page.locator("#skip").count():
        tap(page, flip.last)
    tap(page, page.get_by_role("button", name="Skip to my turn"))
    tap(page, page.get_by_role("button", name="Draw from the stock"))
    page.get_by_role("button", name="What would you do?").click()
    expect(page.get_by_role("region", name="The coach says")).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= WIDTH
    for button in page.locator(".seat--you .grid__button, #play-table button").all():
        box = button.bounding_box()
        assert box and box["width"] >= 44 and box["height"] >= 44, button.inner_text()
    page.screenshot(path=screenshot_dir / f"play-mid-hand-{rules}-{scheme}.png", full_page=True)
    play_to_the_end(page, skip=True)
    assert page.evaluate("document.documentElement.scrollWidth") <= WIDTH
    page.screenshot(path=screenshot_dir / f"play-hole-over-{rules}-{scheme}.png", full_page=True)
