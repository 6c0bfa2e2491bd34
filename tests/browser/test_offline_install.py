"""The site can be installed on a phone's home screen (issue "Offline at the
table"): Chromium itself is asked, as Lighthouse 12 no longer checks it."""

import pytest
from django.urls import reverse

from .helpers import start_match

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def phone(browser_type, browser_type_launch_args, browser_context_args, tmp_path, console_errors):
    """A page in a browser with a profile of its own, service workers allowed:
    Chromium offers to install nothing from a private window (as Playwright's
    other contexts are)."""
    context = browser_type.launch_persistent_context(
        tmp_path / "profile",
        **browser_type_launch_args,
        **{**browser_context_args, "service_workers": "allow"},
    )
    console_errors.watch(context)
    yield context.pages[0] if context.pages else context.new_page()
    context.close()


def installability_errors(page):
    """What Chromium says stands in the way of installing the page's site (its
    manifest, its icons, its service worker), as "Add to home screen" checks it."""
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")
    session = page.context.new_cdp_session(page)
    return session.send("Page.getInstallabilityErrors")["installabilityErrors"]


def test_the_home_page_is_installable(phone, live_server):
    phone.goto(live_server.url + reverse("home"))
    phone.reload()  # now looked after by the service worker the first visit set going
    assert installability_errors(phone) == []


def test_a_match_is_installable(phone, live_server):
    start_match(phone, live_server, names=("Ann", "Ben"))
    phone.goto(phone.url.removesuffix("holes/new/"))
    phone.reload()
    assert installability_errors(phone) == []
