"""The group and account pages on a 360 px phone after the phone review: the header
names who is signed in without crowding, no page of a group with long names is
wider than the screen, each history row is tall enough to tap, and the invitation
link has a Copy button only where JavaScript runs."""

import uuid

import pytest
from django.contrib.auth.models import User
from django.urls import reverse
from playwright.sync_api import expect

from groups import services
from scoring import services as scoring_services
from scoring.engine import RuleSet
from scoring.services import HoleEntry

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


LONG_PLAYER = "W" * 40  # the roster's limit, and no space to break at
LONG_GROUP = "G" * 60  # the group name's limit


@pytest.fixture
def long_names():
    """ann's group with the longest names it can have, a finished match between
    them, and an invitation link."""
    owner = User.objects.create_user("ann", password=PASSWORD)
    group = services.group_create(owner=owner, name=LONG_GROUP)
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
        page.screenshot(path=screenshot_dir / f"review-long-{name}-{scheme}.png", full_page=True)
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
    member = User.objects.create_user(LONG_MEMBER, password=PASSWORD)
    User.objects.create_user("newcomer", password=PASSWORD)
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
            page.screenshot(path=screenshot_dir / f"review-long-button-{name}-{scheme}.png")
            width = page.evaluate("document.documentElement.scrollWidth")
            assert width <= WIDTH, (name, width)
            box = button.first.bounding_box()
            assert box["x"] + box["width"] <= WIDTH, name
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


def test_signed_out_the_brand_keeps_its_name_on_a_phone(page, live_server):
    """Only a signed-in header, with the account's name to fit, shows the brand as
    its icon alone."""
    page.goto(live_server.url + reverse("home"))
    name = page.locator(".brand__name")
    assert name.bounding_box()["width"] > 50
    assert name.inner_text() == "Golf scorer"


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
