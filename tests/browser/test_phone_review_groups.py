"""The group and account pages on a 360 px phone after the phone review: the header
names who is signed in without crowding, no page of a group with long names is
wider than the screen, each history row is tall enough to tap, and the invitation
link has a Copy button only where JavaScript runs."""

import pytest
from django.contrib.auth.models import User
from django.urls import reverse

pytestmark = pytest.mark.django_db(transaction=True)

PASSWORD = "a-long-pass-phrase-9"
WIDTH = 360


def phone(browser, live_server, username, *, scheme="light", javascript=True):
    context = browser.new_context(
        viewport={"width": WIDTH, "height": 740},
        device_scale_factor=2,
        is_mobile=True,
        has_touch=True,
        color_scheme=scheme,
        java_script_enabled=javascript,
    )
    page = context.new_page()
    page.goto(live_server.url + reverse("login"))
    page.fill("#id_username", username)
    page.fill("#id_password", PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url("**" + reverse("groups:list"))
    return context, page


@pytest.mark.parametrize("username", ["ann", "a" * 40 + "verylongusername"])
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_header_names_who_is_signed_in_on_one_line(
    browser, live_server, username, scheme, screenshot_dir
):
    User.objects.create_user(username, password=PASSWORD)
    context, page = phone(browser, live_server, username, scheme=scheme)
    user = page.locator(".account-nav__user")
    assert user.get_attribute("href") == reverse("password_change")
    boxes = [
        page.locator(".brand").bounding_box(),
        user.bounding_box(),
        page.get_by_role("link", name="Groups").bounding_box(),
        page.get_by_role("button", name="Log out").bounding_box(),
    ]
    tops = [box["y"] for box in boxes]
    assert max(tops) - min(tops) < 12, tops
    assert all(box["x"] + box["width"] <= WIDTH for box in boxes)
    assert user.bounding_box()["height"] >= 44
    assert page.locator(".site-header").bounding_box()["height"] <= 100
    assert page.evaluate("document.documentElement.scrollWidth") <= WIDTH
    # The brand's name is still read out.
    assert page.get_by_role("link", name="Golf scorer").count() == 1
    page.locator(".site-header").screenshot(
        path=screenshot_dir / f"review-header-{len(username)}-{scheme}.png"
    )
    context.close()
