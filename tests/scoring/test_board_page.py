"""The scoreboard page: the board in it is rendered once per change of the match and
cached, while each visit gets its own CSRF token, its own account links and any
message once."""

import re
import uuid

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from groups import services as group_services
from scoring import services
from scoring.engine import RuleSet
from scoring.services import HoleEntry
from scoring.views.access import SESSION_KEY
from tests.factories import MatchFactory

pytestmark = pytest.mark.django_db

GRIDS = ("8 5 7 / 8 3 9", "K K 2 / Q J 10", "A 4 6 / A 4 6")


@pytest.fixture
def match():
    return MatchFactory(players=["Ann", "Bob", "Cy"], rules=RuleSet(holes=3).to_dict())


def owning(client, *matches):
    session = client.session
    session[SESSION_KEY] = [m.pk for m in matches]
    session.save()
    return client


def save(match, number):
    entry = HoleEntry(kind="grids", grids=GRIDS)
    services.hole_record(match=match, entry=entry, token=uuid.uuid4(), number=number)


def token_of(page):
    return re.search(r'"X-CSRFToken": "([^"]+)"', page).group(1)


def board_rendered(response):
    return "scoring/_board.html" in [t.name for t in response.templates]


def test_a_second_visit_uses_the_cached_board_and_gets_its_own_working_token(match):
    client = owning(Client(enforce_csrf_checks=True), match)
    url = match.get_absolute_url()
    first = client.get(url)
    second = client.get(url)
    assert board_rendered(first) and not board_rendered(second)
    pages = [first.content.decode(), second.content.decode()]
    # The same page but for the token, masked afresh for each answer.
    assert token_of(pages[0]) != token_of(pages[1])
    assert pages[1].replace(token_of(pages[1]), "") == pages[0].replace(token_of(pages[0]), "")
    # The kept page's token works: a save through htmx sends it as a header.
    data = {"number": "1", "token": str(uuid.uuid4()), "kind": "grids", "went_out": ""}
    data.update({f"grid_{seat}": grid for seat, grid in enumerate(GRIDS)})
    hole_url = reverse("scoring:hole_new", args=[match.pk])
    refused = client.post(hole_url, data, HTTP_HX_REQUEST="true")
    assert refused.status_code == 403 and not match.holes.exists()
    answer = client.post(
        hole_url, data, HTTP_HX_REQUEST="true", HTTP_X_CSRFTOKEN=token_of(pages[1])
    )
    assert answer.status_code == 200 and "Hole 1 saved." in answer.content.decode()


def test_a_change_to_the_match_is_shown_at_once(client, match):
    owning(client, match)
    url = match.get_absolute_url()
    assert "Next: hole 1." in client.get(url).content.decode()
    save(match, 1)
    page = client.get(url).content.decode()
    assert "Next: hole 2." in page and "Enter hole 2" in page
    save(match, 2)
    save(match, 3)
    page = client.get(url).content.decode()
    assert "Next: hole" not in page and "Rematch" in page


def test_a_message_is_shown_once(client, match):
    owning(client, match)
    url = match.get_absolute_url()
    client.get(url)
    data = {"number": "1", "token": str(uuid.uuid4()), "kind": "grids", "went_out": ""}
    data.update({f"grid_{seat}": grid for seat, grid in enumerate(GRIDS)})
    client.post(reverse("scoring:hole_new", args=[match.pk]), data)
    with_message = client.get(url)
    assert "Hole 1 saved." in with_message.content.decode()
    assert "Hole 1 saved." not in client.get(url).content.decode()


def test_each_visitor_sees_their_own_account_links_and_groups(client, match):
    url = reverse("scoring:match_shared", args=[match.share_token])
    assert "Log in" in client.get(url).content.decode()
    user = User.objects.create_user(username="olive", password="a-long-pass-phrase-9")
    client.force_login(user)
    page = client.get(url).content.decode()
    assert "Log out" in page and "Log in" not in page
    # The owner's page offers their groups, as they are now.
    match.owner = user
    match.save()
    owned = match.get_absolute_url()
    assert "Keep it in a group" not in client.get(owned).content.decode()
    group_services.group_create(owner=user, name="Friday golf")
    page = client.get(owned).content.decode()
    assert "Keep it in a group" in page and "Friday golf" in page
    group_services.group_create(owner=user, name="Sunday golf")
    assert "Sunday golf" in client.get(owned).content.decode()


def test_a_second_phone_without_a_csrf_cookie_gets_a_token_that_works(match):
    """The owner signed in on a second phone, which has no CSRF cookie yet: it gets
    the board the first phone's visit cached, with a token of its own and the
    cookie that goes with it, and can save from it."""
    user = User.objects.create_user(username="olive", password="a-long-pass-phrase-9")
    match.owner = user
    match.save()
    first, second = Client(enforce_csrf_checks=True), Client(enforce_csrf_checks=True)
    for phone in (first, second):
        phone.force_login(user)
    first.get(match.get_absolute_url())
    assert "csrftoken" not in second.cookies
    page = second.get(match.get_absolute_url())
    assert not board_rendered(page)
    assert "csrftoken" in page.cookies
    data = {"number": "1", "token": str(uuid.uuid4()), "kind": "grids", "went_out": ""}
    data.update({f"grid_{seat}": grid for seat, grid in enumerate(GRIDS)})
    answer = second.post(
        reverse("scoring:hole_new", args=[match.pk]),
        data,
        HTTP_HX_REQUEST="true",
        HTTP_X_CSRFTOKEN=token_of(page.content.decode()),
    )
    assert answer.status_code == 200 and match.holes.count() == 1


def test_the_shared_page_never_shows_one_visitors_address_to_another(client, match):
    """The live board polls, and links to, the share link as the match gives it: a
    query string one follower added is neither kept with the page nor shown."""
    url = reverse("scoring:match_shared", args=[match.share_token])
    first = client.get(url + "?ref=alice-secret").content.decode()
    second = Client().get(url).content.decode()
    for page in (first, second):
        assert "alice-secret" not in page
        assert f'hx-get="http://testserver{url}"' in page
