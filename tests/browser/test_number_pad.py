"""The number pad of the boxes that take a whole number, on a 360 px phone: a hand's
total on the hole form and the practice page's answer are tapped in, a minus sign
with them, where a phone's letter keyboard used to come up. Without the script, or
without a touch screen, they are typed in as usual (with the phone's usual keyboard:
an iPhone's number keyboard has no minus sign)."""

import re
from typing import Any

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from .helpers import WIDTH, start_match, wait_clear_of_keypad

pytestmark = pytest.mark.django_db(transaction=True)

PAD = ".hole-form [data-numpad]"


def key(page, name, pad=PAD):
    """The pad's key named ``name`` (its text, or its label)."""
    return page.locator(pad).get_by_role("button", name=name, exact=True)


def totals_only(page, live_server, names=("Ann", "Ben")):
    start_match(page, live_server, names=names)
    page.get_by_label("Totals only").check()


def test_a_total_is_tapped_in_on_a_number_pad_with_a_minus_key(page, live_server):
    totals_only(page, live_server)
    pad = page.locator(PAD)
    ann, ben = page.locator("#id_total_0"), page.locator("#id_total_1")
    expect(pad).to_be_hidden()
    # The phone's own keyboard stays down: the pad takes its place.
    expect(ann).to_have_attribute("inputmode", "none")
    ann.tap()
    expect(pad).to_be_visible()
    expect(pad.locator("[data-hint]")).to_have_text("Ann: Total for the grid")
    wait_clear_of_keypad(page, "#id_total_0")
    for name in ["1", "2", "Minus sign"]:
        key(page, name).tap()
    expect(ann).to_have_value("−12")
    expect(ann).to_be_focused()  # a tap on the pad leaves the box its caret

    key(page, "Next: Ben: Total for the grid").tap()
    expect(ben).to_be_focused()
    expect(pad.locator("[data-hint]")).to_have_text("Ben: Total for the grid")
    wait_clear_of_keypad(page, "#id_total_1")
    for name in ["7", "Rub out", "5"]:
        key(page, name).tap()
    expect(ben).to_have_value("5")
    # Each score the live check writes under a total is in sight above the pad.
    expect(page.locator("#result-0")).to_contain_text("Scores −12")
    expect(page.locator("#result-1")).to_contain_text("Scores 5")
    wait_clear_of_keypad(page, "#result-1 .result__score")
    key(page, "Done").tap()
    expect(pad).to_be_hidden()
    page.get_by_role("button", name="Save hole 1").click()
    page.get_by_text("Hole 1 saved.").wait_for()


def test_the_minus_key_takes_the_sign_off_again(page, live_server):
    totals_only(page, live_server)
    ann = page.locator("#id_total_0")
    ann.tap()
    for name in ["4", "Minus sign", "Minus sign"]:
        key(page, name).tap()
    expect(ann).to_have_value("4")


def test_the_pad_goes_when_the_focus_leaves_the_totals(page, live_server):
    totals_only(page, live_server)
    page.locator("#id_total_0").tap()
    pad = page.locator(PAD)
    expect(pad).to_be_visible()
    page.locator("h1").tap()  # the page, away from the boxes
    expect(pad).to_be_hidden()


def test_a_refused_total_shows_its_problem_above_the_pad(page, live_server):
    totals_only(page, live_server, names=("Ann", "Ben", "Cat", "Dan"))
    page.get_by_role("button", name="Save hole 1").click()
    expect(page.locator("#id_total_0")).to_be_focused()
    expect(page.locator(PAD)).to_be_visible()
    wait_clear_of_keypad(page, "#result-0 .errorlist")
    wait_clear_of_keypad(page, "#id_total_0")


def test_without_a_touch_screen_a_total_is_typed_as_usual(laptop, live_server):
    totals_only(laptop, live_server)
    total = laptop.locator("#id_total_0")
    expect(total).not_to_have_attribute("inputmode", re.compile("."))
    total.click()
    expect(laptop.locator(PAD)).to_be_hidden()
    total.press_sequentially("-3")
    laptop.locator("#id_total_1").press_sequentially("8")
    expect(laptop.locator("#result-0")).to_contain_text("Scores −3")


def test_without_the_script_a_total_is_typed_with_its_minus_sign(page, browser, live_server):
    totals_only(page, live_server)
    context = browser.new_context(
        java_script_enabled=False, viewport={"width": WIDTH, "height": 740}
    )
    context.add_cookies(page.context.cookies())
    plain = context.new_page()
    plain.goto(page.url)
    plain.get_by_label("Totals only").check()
    total = plain.locator("#id_total_0")
    expect(plain.locator(PAD)).to_be_hidden()
    total.fill("-4")
    plain.locator("#id_total_1").fill("6")
    plain.get_by_role("button", name="Check the scores").click()
    expect(plain.locator("#result-0")).to_contain_text("Scores −4")


# -- the practice page -----------------------------------------------------------------


def test_the_practice_answer_is_tapped_in_and_checked_from_the_pad(
    page, live_server, screenshot_dir
):
    page.goto(live_server.url + reverse("rules:practice") + "?seed=3")
    answer = page.get_by_label("Your total for this grid")
    expect(answer).to_have_attribute("inputmode", "none")
    pad = "#practice [data-numpad]"
    answer.tap()
    expect(page.locator(pad)).to_be_visible()
    wait_clear_of_keypad(page, "#id_answer")
    for name in ["4", "Minus sign"]:
        key(page, name, pad).tap()
    expect(answer).to_have_value("−4")
    # (caret="initial": hiding the caret leaves an empty style attribute on each
    # box, which htmx's swap then copies, against the page's policy.)
    page.screenshot(path=screenshot_dir / "practice-pad-light.png", caret="initial")
    key(page, "Check", pad).tap()
    # (The grid scores 26.) A wrong total is tried again: the pad comes back up with
    # the box, what was said about the total kept in sight above it.
    expect(page.locator(".verdict")).to_contain_text("you said −4")
    expect(answer).to_be_focused()
    expect(page.locator(pad)).to_be_visible()
    wait_clear_of_keypad(page, "#answer-verdict")
    wait_clear_of_keypad(page, "#id_answer")
    for name in ["2", "6", "Check"]:  # in place of the −4, which is chosen
        key(page, name, pad).tap()
    expect(page.locator(".verdict")).to_contain_text("Right")
    expect(page.locator(pad)).to_be_hidden()


def test_without_the_script_the_practice_answer_is_typed_with_its_minus_sign(browser, live_server):
    context = browser.new_context(
        java_script_enabled=False, viewport={"width": WIDTH, "height": 740}
    )
    page = context.new_page()
    page.goto(live_server.url + reverse("rules:practice") + "?seed=3")
    expect(page.locator("[data-numpad]")).to_be_hidden()
    page.get_by_label("Your total for this grid").fill("-4")
    page.get_by_role("button", name="Check my total").click()
    expect(page.locator(".verdict")).to_contain_text("you said −4")


# -- the live check ----------------------------------------------------------------------


def test_typing_while_a_check_is_on_its_way_cuts_nothing_off(page, live_server, console_errors):
    """The live check of what was typed first is let finish, the latest waits its
    turn and is the one shown. (Cut off, it was an error in the console.)"""
    totals_only(page, live_server)
    held: list[Any] = []

    def hold_the_first(route):
        if not held:
            held.append(route)
        else:
            route.continue_()

    page.route("**/holes/preview/", hold_the_first)
    with page.expect_request("**/holes/preview/"):
        page.locator("#id_total_0").fill("12")
    page.locator("#id_total_0").fill("13")
    page.locator("#id_total_1").fill("7")
    held[0].continue_()
    expect(page.locator("#result-0")).to_contain_text("Scores 13")
    expect(page.locator("#result-1")).to_contain_text("Scores 7")
    assert console_errors.unexpected() == []


# -- how it looks ----------------------------------------------------------------------


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_screenshots_of_the_pads(browser, live_server, scheme, screenshot_dir):
    """The hole form with the keypad folded away after the last card, and with the
    totals' pad up, at 360 px (kept as test artifacts, to be looked at)."""
    context = browser.new_context(
        viewport={"width": WIDTH, "height": 740},
        device_scale_factor=2,
        is_mobile=True,
        has_touch=True,
        color_scheme=scheme,
    )
    page = context.new_page()
    start_match(page, live_server, names=("Ann", "Ben"))
    page.get_by_label("Cards, row by row").nth(0).fill("8 5 7 / 8 3 9")
    page.locator("#entry-1 .slot").first.tap()
    for rank in ["K", "5", "J", "K", "5", "2"]:
        page.locator(f"#keypad [data-rank='{rank}']").tap()
    expect(page.locator("#keypad")).to_be_hidden()
    expect(page.locator("#result-1 .result__score")).to_be_visible()
    wait_clear_of_keypad(page, "#result-1 .result__score")
    page.screenshot(path=screenshot_dir / f"hole-keypad-folded-{scheme}.png", caret="initial")

    page.get_by_label("Totals only").check()
    page.locator("#id_total_0").fill("9")
    page.locator("#id_total_1").tap()
    for name in ["1", "2", "Minus sign"]:
        key(page, name).tap()
    expect(page.locator("#result-1")).to_contain_text("Scores −12")
    wait_clear_of_keypad(page, "#result-1 .result__score")
    page.screenshot(path=screenshot_dir / f"hole-totals-pad-{scheme}.png", caret="initial")
    context.close()
