"""A group's life on a phone: sign up, start a group, invite a friend, play a match in
the group, and find it in the history and on the player's page."""

import re

import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db(transaction=True)

PASSWORD = "a-long-pass-phrase-9"


def sign_up(page, base, username, next_url=""):
    page.goto(base + reverse("signup") + (f"?next={next_url}" if next_url else ""))
    page.fill("#id_username", username)
    page.fill("#id_password1", PASSWORD)
    page.fill("#id_password2", PASSWORD)
    page.get_by_role("button", name="Create my account").click()


def test_a_group_plays_a_match_and_finds_it_in_its_history(page, browser, live_server):
    base = live_server.url
    sign_up(page, base, "olive")
    page.fill("#id_name", "Friday golf")
    page.get_by_role("button", name="Start the group").click()
    assert page.locator("h1").inner_text() == "Friday golf"

    page.get_by_role("button", name="Make an invitation link").click()
    link = page.get_by_label("Invitation link").input_value()
    assert "/groups/join/" in link

    friend = browser.new_context(viewport={"width": 360, "height": 740}, is_mobile=True)
    phone = friend.new_page()
    sign_up(phone, base, "milo")
    phone.goto(link)
    phone.get_by_role("button", name="Join Friday golf").click()
    assert phone.locator("h1").inner_text() == "Friday golf"

    # Milo starts the match from the group; the names join the roster.
    phone.get_by_role("link", name="New match").last.click()
    phone.fill("#id_player_1", "Ann")
    phone.fill("#id_player_2", "Bob")
    phone.locator(".rules-fold > summary").click()  # the rules are folded away
    phone.fill("#id_holes", "1")
    phone.get_by_role("button", name="Start the match").click()
    assert re.search(r"/matches/\d+/holes/new/$", phone.url)
    phone.fill("#id_grid_0", "8 5 7 / 8 3 9")
    phone.fill("#id_grid_1", "K 2 4 / Q J 6")
    phone.get_by_role("button", name="Save hole 1").click()
    phone.wait_for_url("**/matches/*/")  # answered through htmx, no page load
    assert phone.locator("h1").inner_text() == "Scoreboard"
    width = phone.evaluate("document.documentElement.scrollWidth")
    assert width <= 360

    # Olive sees it in the group's history and on Ann's page.
    page.reload()
    page.get_by_role("link", name="Every match, with filters").click()
    row = page.locator(".history__row").first
    assert "Won by Ann" in row.inner_text()
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    page.get_by_role("link", name="Back to Friday golf").click()
    page.locator(".leaders").first.get_by_role("link", name="Ann").click()
    assert page.locator("h1").inner_text() == "Ann"
    wins = page.locator(".stats div", has_text="Wins").first.locator("dd").inner_text()
    assert wins == "1"
    # One match: a dot on the average chart, and one on the rating chart below it.
    assert page.locator("svg[aria-labelledby=average-title] circle").count() == 1
    assert page.locator("svg[aria-labelledby=rating-title] circle").count() == 1
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    friend.close()
