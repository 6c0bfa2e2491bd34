"""The home page leads back to the match this phone is keeping the score of."""

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from .helpers import WIDTH, keep

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.mark.parametrize("script", [True, False])
def test_the_home_page_offers_to_carry_on_the_match_in_progress(
    browser, live_server, script, screenshot_dir
):
    from tests.factories import MatchFactory

    match = MatchFactory.create(players=["Annabel", "Bartholomew", "Cy", "Dee-Dee Ramone"])
    context = browser.new_context(
        viewport={"width": WIDTH, "height": 740},
        is_mobile=True,
        has_touch=True,
        java_script_enabled=script,
    )
    keep(context, live_server, match)
    page = context.new_page()
    page.goto(live_server.url + reverse("home"))
    carry_on = page.get_by_role(
        "link", name="Carry on: Annabel, Bartholomew, Cy and Dee-Dee Ramone"
    )
    expect(carry_on).to_be_in_viewport()
    assert page.evaluate("document.documentElement.scrollWidth") <= WIDTH
    if script:
        page.screenshot(path=screenshot_dir / "home-carry-on.png")
    carry_on.click()
    expect(page.get_by_role("heading", name="Scoreboard")).to_be_visible()
    context.close()
