"""The group pages on a 360 px phone, light and dark: nothing but a link is
underlined, a refused roster name is shown beside its field (kept, focused and in
view), the player's chart keeps every dot inside its plot and every label readable
and clear of the others, long names never widen a page or split a one-word
button, each history row is tall enough to tap, and the invitation link has a Copy
button only where JavaScript runs."""

import uuid

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from groups import services
from scoring import services as scoring_services
from scoring.engine import RuleSet
from scoring.services import HoleEntry
from tests.groups.factories import GroupFactory, UserFactory

from .conftest import NAMES
from .helpers import WIDTH, phone

pytestmark = pytest.mark.django_db(transaction=True)


#: Text drawn underlined that is not inside a link, as "tag: text".
UNDERLINED_NON_LINKS = """
() => [...document.querySelectorAll("main *")]
  .filter((el) => getComputedStyle(el).textDecorationLine.includes("underline"))
  .filter((el) => !el.closest("a"))
  .map((el) => `${el.tagName}: ${el.textContent.trim().slice(0, 40)}`)
"""


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_only_links_are_underlined_on_the_group_pages(
    browser, live_server, season, scheme, screenshot_dir
):
    context, page = phone(browser, live_server, "olive", scheme=scheme)
    for name, url in [
        ("group", reverse("groups:detail", args=[season.pk])),
        ("history", reverse("groups:history", args=[season.pk])),
    ]:
        page.goto(live_server.url + url)
        assert page.locator(".history__winner").count() > 0
        assert page.evaluate(UNDERLINED_NON_LINKS) == [], (scheme, name)
        assert page.evaluate("document.documentElement.scrollWidth") <= 360
        page.screenshot(path=screenshot_dir / f"groups-{name}-{scheme}.png", full_page=True)
    context.close()


def test_a_refused_name_is_beside_its_field_focused_and_in_view(browser, live_server, season):
    context, page = phone(browser, live_server, "olive")
    page.goto(live_server.url + reverse("groups:detail", args=[season.pk]))
    page.fill("#id_name", "ann")
    page.get_by_role("button", name="Add", exact=True).click()
    page.wait_for_load_state()
    field = page.locator("#id_name")
    assert field.input_value() == "ann"
    assert field.get_attribute("aria-invalid") == "true"
    assert page.evaluate("document.activeElement.id") == "id_name"
    error = page.locator("#" + field.get_attribute("aria-describedby"))
    assert error.inner_text().strip() == "Ann is already on the roster."
    # The reason and the field are both on the screen, without scrolling.
    for element in (error, field):
        box = element.bounding_box()
        assert box["y"] >= 0 and box["y"] + box["height"] <= 740
    assert page.locator(".messages").count() == 0
    assert list(season.roster.values_list("name", flat=True)) == NAMES
    context.close()


#: Each label of the chart: its text, its box on the screen, and its size in
#: pixels as drawn (the font size scaled with the chart); and the plot's top and
#: bottom lines and every dot's centre, on the screen.
CHART = """
() => {
  const svg = document.querySelector("svg.chart");
  const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
  const labels = [...svg.querySelectorAll("text")].map((t) => {
    const r = t.getBoundingClientRect();
    return {
      text: t.textContent, left: r.left, top: r.top, right: r.right, bottom: r.bottom,
      px: parseFloat(getComputedStyle(t).fontSize) * scale,
    };
  });
  const ys = [...svg.querySelectorAll("line")].map((l) => l.getBoundingClientRect().top);
  const dots = [...svg.querySelectorAll("circle")].map((c) => {
    const r = c.getBoundingClientRect();
    return (r.top + r.bottom) / 2;
  });
  const box = svg.getBoundingClientRect();
  return {labels, dots, top: Math.min(...ys), bottom: Math.max(...ys),
          svg: {left: box.left, top: box.top, right: box.right, bottom: box.bottom}};
}
"""


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_chart_is_readable_on_a_phone(browser, live_server, season, scheme, screenshot_dir):
    context, page = phone(browser, live_server, "olive", scheme=scheme)
    for name in NAMES:
        player = season.roster.get(name=name)
        page.goto(live_server.url + reverse("groups:player", args=[season.pk, player.pk]))
        chart = page.evaluate(CHART)
        assert len(chart["dots"]) == 12, name
        for y in chart["dots"]:
            assert chart["top"] - 0.5 <= y <= chart["bottom"] + 0.5, (name, y, chart)
        labels = chart["labels"]
        assert len(labels) >= 4
        for label in labels:
            assert label["px"] >= 12.5, (name, label)
            assert label["left"] >= chart["svg"]["left"] - 0.5
            assert label["right"] <= chart["svg"]["right"] + 0.5
            assert label["top"] >= chart["svg"]["top"] - 0.5
            assert label["bottom"] <= chart["svg"]["bottom"] + 0.5
        for n, a in enumerate(labels):
            for b in labels[n + 1 :]:
                apart = (
                    a["right"] <= b["left"]
                    or b["right"] <= a["left"]
                    or a["bottom"] <= b["top"]
                    or b["bottom"] <= a["top"]
                )
                assert apart, (name, a, b)
        assert page.evaluate("document.documentElement.scrollWidth") <= 360
        if name == "Ann":
            page.screenshot(path=screenshot_dir / f"groups-player-{scheme}.png", full_page=True)
    context.close()


# -- long names ------------------------------------------------------------------------------


LONG_PLAYER = "W" * 40  # the roster's limit, and no space to break at


LONG_GROUP = "G" * 60  # the group name's limit


@pytest.fixture
def long_names():
    """ann's group with the longest names it can have, a finished match between
    them, and an invitation link."""
    owner = UserFactory.create(username="ann")
    group = GroupFactory.create(owner=owner, name=LONG_GROUP)
    match = services.group_match_create(
        group=group,
        by=owner,
        picked=[],
        new_names=[LONG_PLAYER, "Bob"],
        first_dealer=0,
        rules=RuleSet(holes=1),
    )
    entry = HoleEntry(kind="totals", totals=(3, 4))
    scoring_services.hole_record(match=match, entry=entry, token=uuid.uuid4(), number=1)
    services.invite_create(group=group, by=owner)
    return group


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_long_names_never_widen_the_group_pages(
    browser, live_server, long_names, scheme, screenshot_dir
):
    group = long_names
    player = group.roster.get(name=LONG_PLAYER)
    context, page = phone(browser, live_server, "ann", scheme=scheme)
    for name, url in [
        ("list", reverse("groups:list")),
        ("group", reverse("groups:detail", args=[group.pk])),
        ("player", reverse("groups:player", args=[group.pk, player.pk])),
        ("new-match", reverse("groups:match_new", args=[group.pk])),
        ("history", reverse("groups:history", args=[group.pk])),
    ]:
        page.goto(live_server.url + url)
        if name != "list":
            expect(page.get_by_text(LONG_PLAYER).first).to_be_attached()
        width = page.evaluate("document.documentElement.scrollWidth")
        page.screenshot(path=screenshot_dir / f"groups-long-{name}-{scheme}.png", full_page=True)
        assert width <= WIDTH, (name, width)
    context.close()


LONG_MEMBER = "m" * 60  # a username may be longer still


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_buttons_naming_a_long_group_or_member_never_widen_the_page(
    browser, live_server, long_names, scheme, screenshot_dir
):
    """The buttons "Leave …", "Join …", "Remove …" and "Make … the owner" carry a
    name of up to 60 letters with no space: it breaks inside the button."""
    group = long_names
    member = UserFactory.create(username=LONG_MEMBER)
    UserFactory.create(username="newcomer")
    token = services.invite_create(group=group, by=group.owner).token
    services.invite_accept(token=token, user=member)
    join = reverse("groups:invite_accept", args=[token])
    pages = {
        "ann": [
            ("remove", reverse("groups:member_remove", args=[group.pk, member.pk])),
            ("owner", reverse("groups:ownership_transfer", args=[group.pk]) + f"?user={member.pk}"),
        ],
        LONG_MEMBER: [
            ("member-group", reverse("groups:detail", args=[group.pk])),
            ("leave", reverse("groups:member_remove", args=[group.pk, member.pk])),
            ("already", join),
        ],
        "newcomer": [("join", join)],
    }
    for username, urls in pages.items():
        context, page = phone(browser, live_server, username, scheme=scheme)
        for name, url in urls:
            page.goto(live_server.url + url)
            button = page.locator("main :is(button, .button)").filter(has_text=LONG_GROUP[:20])
            if name in ("remove", "owner"):
                button = page.locator("main button").filter(has_text=LONG_MEMBER[:20])
            assert button.count() >= 1, name
            page.screenshot(path=screenshot_dir / f"groups-long-button-{name}-{scheme}.png")
            width = page.evaluate("document.documentElement.scrollWidth")
            assert width <= WIDTH, (name, width)
            box = button.first.bounding_box()
            assert box["x"] + box["width"] <= WIDTH, name
        context.close()


#: The one-word buttons on the page whose word is split over two lines or more.
SPLIT_BUTTONS = """
() => [...document.querySelectorAll("button, .button")]
  .filter((b) => b.offsetParent !== null && !/\\s/.test(b.textContent.trim()))
  .filter((b) => {
    const range = document.createRange();
    range.selectNodeContents(b);
    const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
    return lines.size > 1;
  })
  .map((b) => b.textContent.trim())
"""


def test_a_one_word_button_beside_a_box_keeps_its_word_whole(browser, live_server, long_names):
    """Words break anywhere rather than widen a page; not a button's: "Add" beside
    the roster's name box came out as "Ad" over "d"."""
    context, page = phone(browser, live_server, "ann")
    for url in [
        reverse("groups:detail", args=[long_names.pk]),
        reverse("groups:history", args=[long_names.pk]),
        reverse("groups:match_new", args=[long_names.pk]),
    ]:
        page.goto(live_server.url + url)
        assert page.evaluate(SPLIT_BUTTONS) == [], url
    context.close()


def test_each_history_row_is_tall_enough_to_tap(browser, live_server, long_names):
    context, page = phone(browser, live_server, "ann")
    for url in [
        reverse("groups:detail", args=[long_names.pk]),
        reverse("groups:history", args=[long_names.pk]),
    ]:
        page.goto(live_server.url + url)
        links = page.locator(".history__head a")
        assert links.count() > 0
        assert min(link.bounding_box()["height"] for link in links.all()) >= 24
    context.close()


# -- the invitation link -------------------------------------------------------------------


def test_the_invitation_link_has_a_copy_button_with_javascript(browser, live_server, long_names):
    context, page = phone(browser, live_server, "ann")
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.goto(live_server.url + reverse("groups:detail", args=[long_names.pk]))
    link = page.locator("[data-invite-link]")
    button = page.get_by_role("button", name="Copy link")
    assert button.count() == 1
    box, field = button.bounding_box(), link.bounding_box()
    assert box["height"] >= 44 and box["x"] + box["width"] <= WIDTH
    assert abs(box["y"] + box["height"] / 2 - (field["y"] + field["height"] / 2)) < 4
    button.click()
    status = page.locator(".invite__status")
    status.wait_for()
    assert page.evaluate("navigator.clipboard.readText()") == link.input_value()
    assert status.inner_text().startswith("Copied.")
    assert "/groups/join/" in link.input_value()
    context.close()


def test_without_javascript_the_link_is_there_to_select_and_no_button(
    browser, live_server, long_names
):
    context, page = phone(browser, live_server, "ann", javascript=False)
    page.goto(live_server.url + reverse("groups:detail", args=[long_names.pk]))
    link = page.locator("[data-invite-link]")
    assert link.get_attribute("readonly") is not None
    assert "/groups/join/" in link.input_value()
    assert page.get_by_role("button", name="Copy link").count() == 0
    context.close()


def test_the_copy_script_is_only_on_the_group_page_with_links(client, long_names):
    client.force_login(long_names.owner)
    assert "groups/invite" in client.get(long_names.get_absolute_url()).content.decode()
    assert "groups/invite" not in client.get(reverse("groups:list")).content.decode()
