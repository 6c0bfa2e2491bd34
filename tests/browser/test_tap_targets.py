"""Links that stand on their own (a contents list, a roster, the way back to the
scoreboard) are at least 24 px tall, the least a finger can hit (WCAG 2.2, target
size); a link inside a sentence is exempt."""

import uuid

import pytest
from django.urls import reverse

from groups import services as group_services
from scoring import services
from scoring.engine import RuleSet
from tests.factories import MatchFactory
from tests.groups.factories import GroupFactory, RosterPlayerFactory, UserFactory

from .helpers import keep

pytestmark = pytest.mark.django_db(transaction=True)

LEAST = 24


def heights(page, selector):
    found = page.locator(selector)
    assert found.count() > 0, selector
    return [box["height"] for box in (link.bounding_box() for link in found.all())]


@pytest.mark.parametrize(
    ("page_name", "selector"),
    [
        ("rules:guide", ".toc a"),
        ("rules:examples", ".toc a"),
        ("rules:house_rules", ".rule-list > li > a"),
    ],
)
def test_rules_lists_of_links_are_tall_enough_to_tap(page, live_server, page_name, selector):
    page.goto(live_server.url + reverse(page_name))
    assert min(heights(page, selector)) >= LEAST


def test_the_way_back_to_the_scoreboard_is_tall_enough_to_tap(page, live_server):
    match = MatchFactory.create(players=["Ann", "Bob"])
    keep(page.context, live_server, match)
    page.goto(live_server.url + reverse("scoring:hole_new", args=[match.pk]))
    assert min(heights(page, ".crumbs a")) >= LEAST


def test_a_groups_roster_and_exports_are_tall_enough_to_tap(page, live_server, client):
    user = UserFactory.create(username="ann")
    group = GroupFactory.create(owner=user, name="Friday golf")
    RosterPlayerFactory.create(group=group, name="Bob")
    client.force_login(user)
    cookie = client.cookies["sessionid"].value
    page.context.add_cookies([{"name": "sessionid", "value": cookie, "url": live_server.url}])
    page.goto(live_server.url + reverse("groups:detail", args=[group.pk]))
    assert min(heights(page, ".chips a")) >= LEAST
    assert min(heights(page, "a[download]")) >= LEAST


def test_a_groups_leaders_and_links_on_their_own_are_tall_enough_to_tap(page, live_server, client):
    user = UserFactory.create(username="ann")
    group = GroupFactory.create(owner=user, name="Friday golf")
    match = group_services.group_match_create(
        group=group,
        by=user,
        picked=[],
        new_names=["Ann", "Bob"],
        first_dealer=0,
        rules=RuleSet(holes=1),
    )
    entry = services.HoleEntry(kind="totals", totals=(3, 4))
    services.hole_record(match=match, entry=entry, token=uuid.uuid4(), number=1)
    ann = group.roster.get(name="Ann")
    client.force_login(user)
    cookie = client.cookies["sessionid"].value
    page.context.add_cookies([{"name": "sessionid", "value": cookie, "url": live_server.url}])
    page.goto(live_server.url + reverse("groups:detail", args=[group.pk]))
    assert page.locator(".leaders a").count() == 3  # the winner; both averages
    assert min(heights(page, ".leaders a")) >= LEAST
    history = reverse("groups:history", args=[group.pk])
    assert min(heights(page, f"main a[href='{history}']")) >= LEAST  # every match
    page.goto(live_server.url + history)
    assert min(heights(page, f"main a[href='{group.get_absolute_url()}']")) >= LEAST
    page.goto(live_server.url + reverse("groups:player", args=[group.pk, ann.pk]))
    assert min(heights(page, "h1 + p a")) >= LEAST
    # A match of the group: the way back to its history.
    page.goto(live_server.url + reverse("scoring:match_detail", args=[match.pk]))
    assert min(heights(page, f"main a[href='{history}']")) >= LEAST
