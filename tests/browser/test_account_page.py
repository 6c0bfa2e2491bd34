"""The username in the header leads to the account page, which fits a phone."""

import pytest
from playwright.sync_api import expect

from tests.groups.factories import GroupFactory, UserFactory

from .helpers import WIDTH, phone
from .test_layout_and_contrast import CONTRASTS

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_username_leads_to_the_account_page(browser, live_server, scheme, screenshot_dir):
    ann = UserFactory(username="ann")
    GroupFactory(name="Friday golf", owner=ann)
    context, page = phone(browser, live_server, "ann", scheme=scheme)
    page.locator(".account-nav__user").click()
    expect(page.get_by_role("heading", name="Your account")).to_be_visible()
    for heading in ("My matches", "My groups", "Password"):
        expect(page.get_by_role("heading", name=heading)).to_be_visible()
    expect(page.get_by_role("link", name="Friday golf")).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= WIDTH
    assert all(ratio >= 4.5 for _, ratio in page.evaluate(CONTRASTS))
    page.screenshot(path=screenshot_dir / f"account-{scheme}.png", full_page=True)
    page.get_by_role("link", name="Change your password").click()
    expect(page.get_by_role("heading", name="Change your password")).to_be_visible()
    context.close()
