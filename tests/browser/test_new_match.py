"""The new-match page on a phone: a table that keeps the usual rules starts its
match from under the names (the rules, several screens long, stay folded under a
line that sums them up), and the first dealer's list names the players as they are
typed, a group's ticked regulars first."""

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from scoring.models import Match
from tests.groups.factories import GroupFactory, RosterPlayerFactory, UserFactory

from .helpers import PASSWORD

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_match_starts_from_under_the_names(page, live_server):
    page.set_viewport_size({"width": 360, "height": 780})
    page.goto(live_server.url + reverse("scoring:match_new"))
    page.get_by_label("Player 1", exact=True).fill("Ann")
    page.get_by_label("Player 2", exact=True).fill("Ben")
    expect(page.locator(".rules-fold > summary")).to_contain_text("Six-card Golf · 9 holes")
    expect(page.get_by_label("Number of holes")).to_be_hidden()
    start = page.get_by_role("button", name="Start the match")
    # Within two screens of the top, where the second name was typed.
    assert start.bounding_box()["y"] < 2 * 780
    start.click()
    page.wait_for_url("**/holes/new/")
    match = Match.objects.get()
    assert [p.name for p in match.players.order_by("seat")] == ["Ann", "Ben"]
    assert match.holes_planned == 9
    expect(page.get_by_role("heading", level=1)).to_contain_text("Hole 1")


def test_the_go_key_starts_the_match_with_the_rules_as_changed(page, live_server):
    page.goto(live_server.url + reverse("scoring:match_new"))
    page.get_by_label("Player 1", exact=True).fill("Ann")
    page.get_by_label("Player 2", exact=True).fill("Ben")
    summary = page.locator(".rules-fold > summary")
    summary.click()
    page.get_by_label("Number of holes").fill("3")
    summary.click()  # folded again: the line no longer claims the rules it came with
    expect(summary).to_contain_text("as you set them")
    expect(summary).not_to_contain_text("9 holes")
    page.get_by_label("Player 2", exact=True).press("Enter")
    page.wait_for_url("**/holes/new/")
    assert Match.objects.get().holes_planned == 3


def test_the_dealers_list_names_the_players_as_they_are_typed(page, live_server):
    page.goto(live_server.url + reverse("scoring:match_new"))
    dealer = page.get_by_label("Deals first")
    options = dealer.locator("option")
    expect(options).to_have_text([f"Player {n}" for n in range(1, 9)])
    dealer.select_option(label="Player 8")
    page.get_by_label("Player 1", exact=True).fill("Ann")
    page.get_by_label("Player 3", exact=True).fill("Cat")
    # Seats as the players will sit: the blank box is skipped, so Cat is second.
    expect(options).to_have_text(["Ann", "Cat"] + [f"Player {n}" for n in range(3, 9)])
    # Nobody sits at seat 8 now: it cannot deal, and the choice went back to Ann.
    expect(dealer).to_have_value("1")
    page.get_by_label("Player 2", exact=True).fill("Ben")
    expect(options).to_have_text(["Ann", "Ben", "Cat"] + [f"Player {n}" for n in range(4, 9)])
    for n in range(1, 9):
        expect(options.nth(n - 1)).to_be_enabled(enabled=n <= 3)

    dealer.select_option(label="Cat")
    page.get_by_role("button", name="Start the match").click()
    page.wait_for_url("**/holes/new/")
    expect(page.locator(".turn")).to_contain_text("Deals: Cat")


def test_a_groups_ticked_regulars_sit_first_in_the_dealers_list(page, live_server):
    group = GroupFactory.create(owner=UserFactory.create(username="olive"), name="Friday golf")
    for name in ("Ann", "Bob"):
        RosterPlayerFactory.create(group=group, name=name)
    page.goto(live_server.url + reverse("login"))
    page.fill("#id_username", "olive")
    page.fill("#id_password", PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url(lambda url: "/login" not in url)

    page.goto(live_server.url + reverse("groups:match_new", args=[group.pk]))
    options = page.get_by_label("Deals first").locator("option")
    page.get_by_label("New player 1", exact=True).fill("Cy")
    expect(options.first).to_have_text("Cy")
    page.get_by_label("Bob", exact=True).check()
    expect(options).to_have_text(["Bob", "Cy"] + [f"Seat {n}" for n in range(3, 9)])
