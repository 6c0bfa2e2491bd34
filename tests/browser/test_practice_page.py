"""The practice page on a 360 px phone: a wrong total is a chance to try again, with
the grid still there to add up and the answer box ready for the next try; the
answer is shown only when asked for, its breakdown next to the grid. The same
without the script."""

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from rules.presenters import practice_grid
from scoring.engine import RuleSet, score_grid

from .helpers import WIDTH

pytestmark = pytest.mark.django_db(transaction=True)

SEED = 3
GRID = "[aria-label='The dealt grid, row by row']"


def total() -> int:
    return score_grid(practice_grid(RuleSet(), SEED), RuleSet()).total


def minus(number: int) -> str:
    return str(number).replace("-", "−")


def check_a_wrong_total(page, live_server):
    page.goto(live_server.url + reverse("rules:practice") + f"?seed={SEED}")
    page.get_by_label("Your total for this grid").fill(str(total() + 3))
    page.get_by_role("button", name="Check my total").click()


def test_a_wrong_total_keeps_the_grid_and_the_answer_box_for_another_try(page, live_server):
    check_a_wrong_total(page, live_server)
    expect(page.locator(".verdict")).to_contain_text("Not right yet")
    expect(page.locator(GRID)).to_be_visible()
    # The total is not given away: no breakdown, no score.
    expect(page.locator(".breakdown")).to_have_count(0)
    expect(page.locator("#practice")).not_to_contain_text(f"scores {minus(total())}")
    answer = page.get_by_label("Your total for this grid")
    expect(answer).to_be_focused()
    # The number pad comes up with it, for the next try.
    expect(page.locator("#practice [data-numpad]")).to_be_visible()
    # What was typed is chosen: the next number takes its place.
    for digit in str(abs(total())):
        page.locator(f"[data-numpad] [data-digit='{digit}']").tap()
    if total() < 0:
        page.locator("[data-numpad] [data-minus]").tap()
    page.locator("[data-numpad] [data-next]").tap()
    expect(page.locator(".verdict")).to_contain_text("Right")


def test_show_me_the_answer_gives_the_breakdown_beside_the_grid(page, live_server, screenshot_dir):
    check_a_wrong_total(page, live_server)
    expect(page.get_by_label("Your total for this grid")).to_be_focused()
    # (caret="initial": see test_number_pad.py.)
    page.screenshot(path=screenshot_dir / "practice-try-again.png", caret="initial")
    # A tap away puts the number pad down, as a phone's keyboard.
    page.locator("h1").tap()
    expect(page.locator("#practice [data-numpad]")).to_be_hidden()
    page.get_by_role("button", name="Show me the answer").tap()
    expect(page.locator(".breakdown__total")).to_contain_text(minus(total()))
    expect(page.locator(GRID)).to_be_visible()
    expect(page.locator(".verdict")).to_contain_text(f"This grid scores {minus(total())}")
    page.screenshot(path=screenshot_dir / "practice-answer-shown.png", full_page=True)


def test_without_the_script_a_wrong_total_can_be_tried_again_or_shown(browser, live_server):
    context = browser.new_context(
        java_script_enabled=False, viewport={"width": WIDTH, "height": 740}
    )
    page = context.new_page()
    check_a_wrong_total(page, live_server)
    expect(page.locator(".verdict")).to_contain_text("Not right yet")
    expect(page.locator(GRID)).to_be_visible()
    expect(page.locator(".breakdown")).to_have_count(0)
    expect(page.get_by_label("Your total for this grid")).to_be_focused()
    page.get_by_label("Your total for this grid").fill(str(total()))
    page.get_by_role("button", name="Check my total").click()
    expect(page.locator(".verdict")).to_contain_text("Right")
    page.go_back()
    page.get_by_role("button", name="Show me the answer").click()
    expect(page.locator(".breakdown__total")).to_contain_text(minus(total()))
    expect(page.locator(GRID)).to_be_visible()
