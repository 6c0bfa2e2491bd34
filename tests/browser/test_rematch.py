"""The rematch on a phone: a tap on Rematch asks first (nothing is started), the
table reseats, drops and adds players on the page, and the match starts with the
seating it chose; with JavaScript and without. In a group, the regulars are seated
by number, ticked in the order they sit."""

import re
import uuid

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from groups import services as group_services
from groups.models import Group
from scoring import services
from scoring.engine import RuleSet
from scoring.models import Match
from tests.groups.factories import UserFactory

from .helpers import WIDTH, keep, phone

pytestmark = pytest.mark.django_db(transaction=True)


def finished_match(names=("Ann", "Ben", "Cat")):
    """A finished one-hole match of ``names`` (Ann dealt), Super Kings on."""
    rules = RuleSet.from_dict({"variant": "six-card", "house_rules": ["super-kings"], "holes": 1})
    match = services.match_create(names=list(names), first_dealer=0, rules=rules)
    entry = services.HoleEntry(kind="totals", totals=tuple(range(3, 3 + len(names))))
    services.hole_record(match=match, entry=entry, token=uuid.uuid4(), number=1)
    return match


def seat_names(page):
    """The names in the rematch's seat boxes, in order (the blank one left out)."""
    values = page.locator(".seat-list input[type='text']").evaluate_all(
        "boxes => boxes.map(box => box.value)"
    )
    return [value for value in values if value]


def open_rematch(page, live_server, match):
    page.goto(live_server.url + match.get_absolute_url())
    page.get_by_role("link", name="Rematch…").tap()
    expect(page.get_by_role("heading", level=1)).to_have_text(re.compile(r"^Rematch"))


@pytest.mark.parametrize("javascript", [True, False], ids=["script", "no-script"])
def test_a_tap_on_rematch_asks_and_the_seating_chosen_is_kept(
    browser, live_server, javascript, screenshot_dir
):
    match = finished_match()
    context = browser.new_context(
        viewport={"width": WIDTH, "height": 740},
        is_mobile=True,
        has_touch=True,
        java_script_enabled=javascript,
    )
    keep(context, live_server, match)
    page = context.new_page()
    open_rematch(page, live_server, match)
    # The stray tap started nothing: the page asks, with the table as it was.
    assert Match.objects.count() == 1
    assert seat_names(page) == ["Ann", "Ben", "Cat"]
    expect(page.get_by_label("Deals first")).to_have_value("2")  # Ben, one seat on
    assert page.evaluate("document.documentElement.scrollWidth") <= WIDTH

    page.get_by_role("button", name="Move Cat up").tap()
    # The button keeps the focus in Cat's new seat, for the next tap or key.
    expect(page.get_by_role("button", name="Move Cat up")).to_be_focused()
    assert seat_names(page) == ["Ann", "Cat", "Ben"]
    page.get_by_role("button", name="Remove Ann").tap()
    expect(page.get_by_role("button", name="Remove Ann")).to_have_count(0)
    page.get_by_label("Add a player").fill("Dee")
    page.get_by_role("button", name="Add", exact=True).tap()
    expect(page.get_by_role("button", name="Remove Dee")).to_be_visible()
    assert seat_names(page) == ["Cat", "Ben", "Dee"]
    if javascript:
        page.screenshot(path=screenshot_dir / "rematch-seating.png", full_page=True)
    assert Match.objects.count() == 1

    # The Go key in a name box starts the match (not a seat's button).
    page.get_by_label("Seat 3").press("Enter")
    page.wait_for_url("**/holes/new/")
    rematch = Match.objects.exclude(pk=match.pk).get()
    assert [p.name for p in rematch.players.all()] == ["Cat", "Ben", "Dee"]
    assert rematch.players.all()[rematch.first_dealer].name == "Ben"
    assert rematch.rule_set.house_rules == match.rule_set.house_rules
    expect(page.locator("main")).to_contain_text("Deals: Ben")
    context.close()


def test_a_group_seats_its_ticked_regulars_in_the_order_they_are_ticked(browser, live_server):
    owner = UserFactory.create(username="olive")
    group = group_services.group_create(owner=owner, name="Friday golf")
    for name in ("Ann", "Bob", "Cy"):
        group_services.roster_add(group=group, name=name)
    context, page = phone(browser, live_server, "olive")
    page.goto(live_server.url + reverse("groups:match_new", args=[group.pk]))
    # Cy sits first, then Ann: ticked in that order, each takes the next seat.
    page.get_by_label("Cy", exact=True).check()
    page.get_by_label("Ann", exact=True).check()
    expect(page.get_by_label("Cy's Seat")).to_have_value("1")
    expect(page.get_by_label("Ann's Seat")).to_have_value("2")
    dealer = page.get_by_label("Deals first")
    expect(dealer.locator("option").first).to_have_text("Cy")
    assert page.evaluate("document.documentElement.scrollWidth") <= WIDTH
    page.get_by_role("button", name="Start the match").tap()
    page.wait_for_url("**/holes/new/")
    match = Match.objects.get()
    assert [p.name for p in match.players.all()] == ["Cy", "Ann"]

    # Its rematch asks too, the regulars numbered as they sat; Bob joins in seat 2.
    match.finished_at = match.created_at
    match.save(update_fields=["finished_at"])
    open_rematch(page, live_server, match)
    expect(page.get_by_label("Cy's Seat")).to_have_value("1")
    expect(page.get_by_label("Ann's Seat")).to_have_value("2")
    page.get_by_label("Ann's Seat").fill("3")
    page.get_by_label("Bob", exact=True).check()
    page.get_by_label("Bob's Seat").fill("2")
    assert Match.objects.count() == 1
    page.get_by_role("button", name="Start the rematch").tap()
    page.wait_for_url("**/holes/new/")
    rematch = Match.objects.exclude(pk=match.pk).get()
    assert [p.name for p in rematch.players.all()] == ["Cy", "Bob", "Ann"]
    assert rematch.group == Group.objects.get()
    context.close()
