"""Helpers for the browser tests: a match the browser keeps or starts, keys typed
one after another, a phone signed in, and waiting until something is clear of the
hole form's keypad."""

from __future__ import annotations

from typing import Any
from urllib.parse import parse_qs, urlsplit

from django.urls import reverse

from scoring.models import Match

#: The phone's width in CSS pixels.
WIDTH = 360

#: The password of every account the factories make.
PASSWORD = "a-long-pass-phrase-9"


def new_phone(browser: Any) -> Any:
    """A phone of its own at the table (a Playwright context with its own cookies),
    360 px wide and touch-driven like the suite's own page, its service worker off."""
    return browser.new_context(
        viewport={"width": WIDTH, "height": 740},
        device_scale_factor=2,
        is_mobile=True,
        has_touch=True,
        service_workers="block",
    )


def keep(context: Any, live_server: Any, *matches: Match) -> None:
    """Give the browser ``context`` (a Playwright context) a session that keeps
    ``matches``, as if it had started them: a match belongs to the session of the
    phone that started it."""
    from django.contrib.sessions.backends.db import SessionStore

    from scoring.views.access import SESSION_KEY

    session = SessionStore()
    session[SESSION_KEY] = [match.pk for match in matches]
    session.create()
    context.add_cookies(
        [{"name": "sessionid", "value": session.session_key, "url": live_server.url}]
    )


def start_match(page, live_server, names=("Ann", "Ben", "Cat")):
    """Start a match of ``names`` on the new-match page; the page ends on hole 1's form."""
    page.goto(live_server.url + reverse("scoring:match_new"))
    for i, name in enumerate(names):
        page.get_by_label(f"Player {i + 1}", exact=True).fill(name)
    page.get_by_role("button", name="Start the match").click()
    page.wait_for_url("**/holes/new/")


def press(page, *keys):
    """Press ``keys`` one after another."""
    for key in keys:
        page.keyboard.press(key)


def phone(browser, live_server, username, *, scheme="light", javascript=True):
    """A phone signed in as ``username``: its context and its page, on the groups list."""
    context = browser.new_context(
        viewport={"width": WIDTH, "height": 740},
        device_scale_factor=2,
        is_mobile=True,
        has_touch=True,
        color_scheme=scheme,
        java_script_enabled=javascript,
        service_workers="block",  # as conftest.py's contexts
    )
    page = context.new_page()
    page.goto(live_server.url + reverse("login"))
    page.fill("#id_username", username)
    page.fill("#id_password", PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url("**" + reverse("groups:list"))
    return context, page


def box(locator):
    """Where ``locator`` is drawn: x, y, width and height."""
    return locator.bounding_box()


#: Whether the element ``selector`` finds is wholly on screen and not under the
#: card keypad or the number pad (which stick to the bottom of the screen while
#: they are shown).
CLEAR_OF_KEYPAD = """(selector) => {
  const element = document.querySelector(selector);
  if (!element) return false;
  const box = element.getBoundingClientRect();
  let bottom = window.innerHeight;
  for (const pad of document.querySelectorAll("#keypad, [data-numpad]")) {
    if (pad.getClientRects().length) {
      bottom = Math.min(bottom, pad.getBoundingClientRect().top);
    }
  }
  return box.height > 0 && box.top >= 0 && box.bottom <= bottom;
}"""


def wait_clear_of_keypad(page, selector):
    page.wait_for_function(CLEAR_OF_KEYPAD, arg=selector, timeout=5000)


def query(page):
    """The page's address's query: each name's list of values."""
    return parse_qs(urlsplit(page.url).query)
