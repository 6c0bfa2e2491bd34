"""What only a browser can show: tapping a grid together, htmx swaps, the pushed URL,
and every rules page fitting a 360 px phone."""

import re
from urllib.parse import parse_qs, urlsplit

import pytest
from django.urls import reverse
from playwright.sync_api import expect

pytestmark = pytest.mark.django_db(transaction=True)

PAGES = {
    "home": reverse("home"),
    "guide": reverse("rules:guide"),
    "card-values": reverse("rules:card_values") + "?house_rules=one-eyed-jacks&jokers=eagle-eye",
    "try": reverse("rules:try") + "?variant=ten-card&grid=8+B+7+2+K+/+8+3+9",
    "examples": reverse("rules:examples"),
    "variants": reverse("rules:variants"),
    "variant-nine-card": reverse("rules:variant", args=["nine-card"]),
    "house-rules": reverse("rules:house_rules"),
    "house-rule-knock-penalty": reverse("rules:house_rule", args=["knock-penalty"]),
    "practice": reverse("rules:practice") + "?seed=3&answer=12",
    "faq": reverse("rules:faq"),
    "strategy": reverse("rules:strategy"),
    "glossary": reverse("rules:glossary"),
}


def score_heading(page):
    return page.locator("#try-result h2", has_text="scores").inner_text()


def query(page):
    return parse_qs(urlsplit(page.url).query)


@pytest.mark.parametrize("name", list(PAGES))
def test_each_page_fits_a_phone_and_is_kept_as_a_screenshot(
    page, live_server, screenshot_dir, name
):
    page.goto(live_server.url + PAGES[name])
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 360, f"{name} is {width}px wide on a 360px screen"
    assert page.locator("h1").count() == 1
    page.screenshot(path=str(screenshot_dir / f"rules-{name}.png"), full_page=True)


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


def test_changing_the_variant_in_card_values_swaps_the_table_in_place(page, live_server):
    page.goto(live_server.url + reverse("rules:card_values"))
    page.get_by_label("Variant").select_option("four-card")
    page.wait_for_selector("text=Nothing cancels in Four-card Golf")
    assert query(page)["variant"] == ["four-card"]


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
