"""Entering a hole at the table, on a phone: a knock rule asks who went out and will
not save without an answer, the cards typed so far are counted across the table
before every grid is in, and a second phone's save keeps its cards beside the saved
hole, to apply as a correction."""

import re

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from scoring.engine import HouseRule, RuleSet
from scoring.models import Hole
from tests.factories import MatchFactory

from .helpers import WIDTH, keep

pytestmark = pytest.mark.django_db(transaction=True)


def phone(browser, live_server, match, *, javascript=True):
    context = browser.new_context(
        viewport={"width": WIDTH, "height": 740},
        device_scale_factor=2,
        is_mobile=True,
        has_touch=True,
        java_script_enabled=javascript,
    )
    keep(context, live_server, match)
    page = context.new_page()
    page.goto(live_server.url + reverse("scoring:hole_new", args=[match.pk]))
    return page


def tap_cards(page, seat, ranks):
    slots = page.locator(f"#entry-{seat} .slot")
    for i, rank in enumerate(ranks):
        slots.nth(i).tap()
        page.locator(f"#keypad [data-rank='{rank}']").tap()


def test_a_knock_rule_hole_is_not_saved_until_the_table_says_who_went_out(
    browser, live_server, screenshot_dir
):
    rules = RuleSet(house_rules=frozenset({HouseRule.KNOCK_PENALTY}))
    match = MatchFactory.create(players=["Ann", "Ben"], rules=rules.to_dict())
    page = phone(browser, live_server, match)
    question = page.get_by_role("group", name=re.compile("Who went out first"))
    # Nothing is chosen for the table; "Nobody went out" is an answer of its own.
    expect(question.get_by_role("radio", checked=True)).to_have_count(0)
    fields = page.get_by_label("Cards, row by row")
    fields.nth(0).fill("8 5 7 / 8 3 9")
    fields.nth(1).fill("K 5 J / K 5 2")
    page.get_by_role("button", name="Save hole 1").click()

    problem = question.get_by_text("Say who went out first, or that nobody did")
    expect(problem).to_be_visible()
    expect(page.get_by_text("Hole 1 was not saved.")).to_be_visible()
    # Taken to the question: a choice has the focus.
    expect(question.locator("input:focus")).to_have_count(1)
    page.screenshot(path=screenshot_dir / "hole-who-went-out-refused.png")
    assert not Hole.objects.exists()
    assert fields.nth(1).input_value() == "K 5 J / K 5 2"

    question.get_by_label("Nobody went out").check()
    page.get_by_role("button", name="Save hole 1").click()
    expect(page.get_by_text("Hole 1 saved.")).to_be_visible()
    assert Hole.objects.get().went_out is None


def test_five_kings_are_said_while_grids_are_still_being_tapped_in(browser, live_server):
    match = MatchFactory.create(players=["Ann", "Ben", "Cat"], rules=RuleSet().to_dict())
    page = phone(browser, live_server, match)
    tap_cards(page, 0, ["K", "K", "K"])
    tap_cards(page, 1, ["K", "K"])
    # Said beside each grid holding one, and in full at the top of the form.
    expect(
        page.get_by_text("Five kings on the table, but one deck has four: Ann and Ben hold them.")
    ).to_have_count(1)
    expect(page.locator("#result-1")).to_contain_text("card count problem at the top")
    expect(page.locator("#entry-1 .slot--bad")).to_have_count(2)
    # Whose cards are still to come, said apart.
    expect(page.locator("#still-to-fill")).to_have_text("Still to fill in: Ann, Ben and Cat.")
    # Fixed, the count problem goes at once, before any grid is complete.
    page.locator("#entry-1 .slot").nth(1).tap()
    page.locator("#keypad [data-rank='Q']").tap()
    expect(page.get_by_text("Five kings on the table")).to_have_count(0)


@pytest.mark.parametrize("javascript", [True, False], ids=["script", "no-script"])
def test_a_second_phones_cards_are_kept_beside_the_saved_hole_and_applied(
    browser, live_server, javascript
):
    match = MatchFactory.create(players=["Ann", "Ben"], rules=RuleSet().to_dict())
    first = phone(browser, live_server, match)
    second = phone(browser, live_server, match, javascript=javascript)
    for page, last in ((first, "9"), (second, "7")):
        fields = page.get_by_label("Cards, row by row")
        fields.nth(0).fill(f"8 5 7 / 8 3 {last}")
        fields.nth(1).fill("K 5 J / K 5 2")
    first.get_by_role("button", name="Save hole 1").click()
    expect(first.get_by_text("Hole 1 saved.")).to_be_visible()

    second.get_by_role("button", name="Save hole 1").click()
    expect(second.get_by_role("heading", level=1)).to_have_text("Hole 1 from two phones")
    expect(second).to_have_title(re.compile("^Hole 1 from two phones"))
    expect(second.get_by_text("Hole 1 was already saved from another phone.")).to_be_visible()
    ann = second.get_by_role("region", name="Ann")
    expect(ann).to_contain_text("8 5 7 / 8 3 9")
    expect(ann).to_contain_text("8 5 7 / 8 3 7")
    expect(ann.get_by_text("Row 2, card 3: saved 9, yours 7.")).to_be_visible()
    expect(second.get_by_role("region", name="Ben")).to_contain_text("The same on both phones.")

    second.get_by_role("button", name="Apply mine as a correction").click()
    expect(second.get_by_text("Hole 1 corrected")).to_be_visible()
    assert Hole.objects.get().scores.get(seat=0).grid == "8 5 7 / 8 3 7"
