"""Pages fit a 360 px phone screen: nothing scrolls sideways, text is readable."""

import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db(transaction=True)

PAGES = ["home", "rules:guide"]


@pytest.mark.parametrize("name", PAGES)
def test_page_fits_a_phone_without_sideways_scrolling(page, live_server, name):
    page.goto(live_server.url + reverse(name))
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 360, f"{name} is {width}px wide on a 360px screen"
    assert page.locator("h1").count() == 1


def test_home_draws_the_example_grid_as_cards(page, live_server):
    page.goto(live_server.url + reverse("home"))
    cards = page.locator(".scored-grid .card")
    assert cards.count() == 6
    box = cards.first.bounding_box()
    assert box is not None and box["width"] >= 32  # big enough to read at the table


def test_pages_work_with_javascript_off(browser, live_server):
    context = browser.new_context(java_script_enabled=False, viewport={"width": 360, "height": 740})
    page = context.new_page()
    page.goto(live_server.url + reverse("home"))
    page.get_by_role("link", name="Rules").first.click()
    assert page.locator("h1").inner_text().startswith("How to play")
    context.close()


def test_the_header_takes_two_lines_on_a_phone(page, live_server):
    """The brand and the account link on one line, the four main links on the
    next: the header leaves the screen to the page at the card table."""
    page.goto(live_server.url + reverse("rules:guide"))
    tops = [box["y"] for box in (link.bounding_box() for link in page.locator(".site-nav a").all())]
    assert len(tops) == 4 and len(set(tops)) == 1, tops
    brand, account = page.locator(".brand"), page.get_by_role("link", name="Log in")
    assert abs(brand.bounding_box()["y"] - account.bounding_box()["y"]) < 12
    assert page.locator(".site-header").bounding_box()["height"] <= 100


def test_tick_boxes_keep_their_size_beside_long_help(page, live_server):
    """A box or radio beside two lines of help is not squeezed to a sliver."""
    page.goto(live_server.url + reverse("scoring:match_new"))
    inputs = page.locator("input[type=checkbox], input[type=radio]")
    assert inputs.count() > 20
    widths = {box.get_attribute("id"): box.bounding_box()["width"] for box in inputs.all()}
    assert min(widths.values()) >= 20, {k: w for k, w in widths.items() if w < 20}
