"""The site without a signal (issue "Offline at the table"), in a phone-sized
Chromium whose network Playwright switches off: pages kept by the service worker
open marked as offline, a page never opened gives the offline page, and a new
release of the site replaces what the old one kept."""

import re

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from .helpers import start_match

pytestmark = pytest.mark.django_db(transaction=True)

#: What a page that cannot reach the server reports in the console: the browser's
#: own failed requests (a live check of the hole form, say).
NO_SIGNAL = r"ERR_INTERNET_DISCONNECTED|Failed to load resource|htmx:sendError"


def controlled(page):
    """Wait until the service worker looks after ``page``."""
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")


def kept(page, path):
    """Wait until the service worker has kept the page at ``path``."""
    page.wait_for_function(
        """async (path) => {
            for (const name of await caches.keys()) {
                if (!name.startsWith("golf-pages-")) continue;
                if (await (await caches.open(name)).match(new URL(path, location.href).href,
                    { ignoreVary: true })) return true;
            }
            return false;
        }""",
        arg=path,
    )


def open_kept(page, url):
    """Open ``url`` once the service worker looks after the page, so it is kept."""
    page.goto(url)
    controlled(page)
    page.reload()
    kept(page, url)


def match_url(page):
    return re.sub(r"holes/new/$", "", page.url)


def test_a_match_opened_before_opens_offline_marked_as_such(page, live_server, console_errors):
    console_errors.allow(NO_SIGNAL)
    start_match(page, live_server, names=("Ann", "Ben"))
    board = match_url(page)
    open_kept(page, board)
    expect(page.get_by_role("status").filter(has_text="Offline")).to_have_count(0)

    page.context.set_offline(True)
    page.reload()
    mark = page.get_by_role("status").filter(has_text="Offline")
    expect(mark).to_be_visible()
    expect(mark).to_have_text(re.compile(r"^Offline: last updated \d\d:\d\d\.$"))
    expect(page.get_by_role("heading", name="Scoreboard")).to_be_visible()
    expect(page.get_by_text("Ann, Ben")).to_be_visible()

    page.context.set_offline(False)
    mark = page.get_by_role("status").filter(has_text="Back online")
    expect(mark).to_have_text("Back online: reload the page for the latest.")
    page.reload()
    expect(page.get_by_role("heading", name="Scoreboard")).to_be_visible()
    expect(page.get_by_text("Offline: last updated")).to_have_count(0)


def test_a_rules_page_read_before_opens_offline_and_one_never_read_gives_the_offline_page(
    page, live_server, console_errors
):
    console_errors.allow(NO_SIGNAL)
    guide = live_server.url + reverse("rules:guide")
    open_kept(page, guide)

    page.context.set_offline(True)
    page.goto(live_server.url + reverse("rules:glossary"))
    expect(page.get_by_role("heading", name="No signal", level=1)).to_be_visible()
    # The offline page lists what the phone keeps, each a link that opens offline.
    kept_pages = page.locator("#kept-pages a")
    expect(kept_pages.first).to_be_visible()
    guide_link = kept_pages.filter(has_text="six-card")
    expect(guide_link).to_have_count(1)
    expect(page.get_by_text("No page is kept on this phone yet.")).to_be_hidden()

    guide_link.click()
    page.wait_for_url(guide)
    expect(page.get_by_text(re.compile(r"^Offline: last updated \d\d:\d\d\.$"))).to_be_visible()
    expect(page.locator("h1")).to_contain_text("six-card")


def test_a_new_release_replaces_what_the_old_one_kept(
    page, live_server, monkeypatch, console_errors
):
    monkeypatch.setenv("GOLFSITE_VERSION", "first-release")
    open_kept(page, live_server.url + reverse("rules:faq"))
    caches = "async () => (await caches.keys()).sort().join(' ')"
    assert page.evaluate(caches) == (
        "golf-meta-first-release golf-pages-first-release golf-static-first-release"
    )

    monkeypatch.setenv("GOLFSITE_VERSION", "second-release")
    # The browser finds the new worker (as it does itself when a page opens), which
    # takes over the page and deletes the old release's caches.
    page.evaluate(
        """() => {
            window.taken = new Promise((done) =>
                navigator.serviceWorker.addEventListener("controllerchange", done));
            return navigator.serviceWorker.getRegistration().then((r) => r.update());
        }"""
    )
    page.evaluate("() => window.taken")
    page.wait_for_function(
        "async () => !(await caches.keys()).some((name) => name.endsWith('first-release'))"
    )
    page.reload()
    kept(page, page.url)
    assert page.evaluate(caches) == (
        "golf-meta-second-release golf-pages-second-release golf-static-second-release"
    )


def test_a_page_kept_for_one_session_is_never_shown_to_the_next(page, live_server, console_errors):
    console_errors.allow(NO_SIGNAL)
    start_match(page, live_server, names=("Ann", "Ben"))
    board = match_url(page)
    open_kept(page, board)

    # Another session on this phone (the last one's cookie gone: a log-out, say).
    page.context.clear_cookies()
    page.goto(live_server.url + reverse("rules:faq"))
    page.wait_for_function(
        """async (url) => {
            for (const name of await caches.keys()) {
                if (name.startsWith("golf-pages-") &&
                    await (await caches.open(name)).match(url, { ignoreVary: true })) return false;
            }
            return true;
        }""",
        arg=board,
    )
    page.context.set_offline(True)
    page.goto(board)
    expect(page.get_by_role("heading", name="No signal", level=1)).to_be_visible()
    expect(page.get_by_text("Ann, Ben")).to_have_count(0)
