"""The scoreboard page, whole and as the fragment htmx asks for: the board in it is
rendered once per change of the match and cached, while each visit gets its own
CSRF token, its own account links and any message once."""

import re
import uuid

import pytest
from django.test import Client
from django.urls import reverse

from scoring import services
from scoring.engine import RuleSet
from scoring.models import Match
from scoring.services import HoleEntry
from tests.factories import MatchFactory
from tests.groups.factories import GroupFactory, UserFactory
from tests.patterns import first_match
from tests.scoresheet import GOOD, HX, match_with, own

pytestmark = pytest.mark.django_db

GRIDS = ("8 5 7 / 8 3 9", "K K 2 / Q J 10", "A 4 6 / A 4 6")


@pytest.fixture
def match():
    return MatchFactory.create(players=["Ann", "Bob", "Cy"], rules=RuleSet(holes=3).to_dict())


def save(match, number):
    entry = HoleEntry(kind="grids", grids=GRIDS)
    services.hole_record(match=match, entry=entry, token=uuid.uuid4(), number=number)


def token_of(page):
    return first_match(r'"X-CSRFToken": "([^"]+)"', page).group(1)


def board_rendered(response):
    return "scoring/_board.html" in [t.name for t in response.templates]


def test_a_second_visit_uses_the_cached_board_and_gets_its_own_working_token(match):
    client = own(Client(enforce_csrf_checks=True), match)
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
    own(client, match)
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
    own(client, match)
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
    user = UserFactory.create(username="olive")
    client.force_login(user)
    page = client.get(url).content.decode()
    assert "Log out" in page and "Log in" not in page
    # The owner's page offers their groups, as they are now.
    match.owner = user
    match.save()
    owned = match.get_absolute_url()
    assert "Keep it in a group" not in client.get(owned).content.decode()
    GroupFactory.create(owner=user, name="Friday golf")
    page = client.get(owned).content.decode()
    assert "Keep it in a group" in page and "Friday golf" in page
    GroupFactory.create(owner=user, name="Sunday golf")
    assert "Sunday golf" in client.get(owned).content.decode()


def test_a_second_phone_without_a_csrf_cookie_gets_a_token_that_works(match):
    """The owner signed in on a second phone, which has no CSRF cookie yet: it gets
    the board the first phone's visit cached, with a token of its own and the
    cookie that goes with it, and can save from it."""
    user = UserFactory.create(username="olive")
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


def test_scoreboard_full_page_and_htmx_fragment(client, three, save_hole):
    save_hole(three, grids=list(GOOD.values()))
    url = reverse("scoring:match_detail", args=[three.pk])
    page = client.get(url).content.decode()
    assert "<h1>Scoreboard</h1>" in page
    assert "Enter hole 2" in page
    assert "<svg" in page
    fragment = client.get(url, **HX).content.decode()
    assert "<h1>" not in fragment
    assert 'id="board"' in fragment
    assert '<td class="num cell--won">0' in fragment


def test_going_back_to_a_page_htmx_no_longer_keeps_gets_the_whole_page(client, three):
    """htmx is told not to send HX-Request when it fetches a page for Back or
    Forward, or pages that answer htmx with a fragment would come back as one."""
    page = client.get(reverse("scoring:match_detail", args=[three.pk])).content.decode()
    assert '"historyRestoreAsHxRequest": false' in page


@pytest.mark.parametrize(("players", "holes"), [(2, 1), (8, 18)])
def test_the_scoreboard_costs_the_same_few_queries_at_any_size(
    client, save_hole, django_assert_max_num_queries, players, holes
):
    match = match_with(players, holes, save_hole)
    own(client, match)
    with django_assert_max_num_queries(6):
        page = client.get(reverse("scoring:match_detail", args=[match.pk])).content.decode()
    assert page.count('class="scorecard__name') == players


def test_a_board_is_drawn_once_until_the_match_changes(
    client, save_hole, django_assert_num_queries
):
    """A second look at an unchanged board reads no scores: the drawn board is
    kept, keyed on the match's last change."""
    match = match_with(8, 18, save_hole)
    own(client, match)
    url = reverse("scoring:match_detail", args=[match.pk])
    first = client.get(url).content.decode()
    with django_assert_num_queries(3):  # the match, the session, the phones that joined
        again = client.get(url).content.decode()
    # Every page masks its CSRF token afresh; the rest is the same.
    masked = re.compile(r'"X-CSRFToken": "[^"]+"|name="csrfmiddlewaretoken" value="[^"]+"')
    assert masked.sub("", again) == masked.sub("", first)


@pytest.mark.parametrize("change", ["save", "correct", "delete", "end"])
def test_every_change_to_a_match_shows_on_a_board_already_drawn(client, save_hole, change):
    match = MatchFactory.create(players=["Ann", "Bob"], rules=RuleSet(holes=9).to_dict())
    own(client, match)
    save_hole(match, totals=[3, 4])
    save_hole(match, totals=[5, 6])
    urls = [
        reverse("scoring:match_detail", args=[match.pk]),
        reverse("scoring:match_shared", args=[match.share_token]),
    ]
    for url in urls:
        assert '<td class="num scorecard__total">8</td>' in client.get(url).content.decode()
    if change == "save":
        save_hole(match, totals=[10, 0])
        expected = ['<td class="num scorecard__total">18</td>', '<td class="num">10</td>']
    elif change == "correct":
        hole = match.holes.get(number=2)
        entry = services.HoleEntry(kind="totals", totals=(1, 6))
        services.hole_correct(hole=hole, entry=entry, revision=hole.revision)
        expected = ['<td class="num scorecard__total">4</td>']
    elif change == "delete":
        services.hole_delete_last(match=match, number=2)
        expected = ['<td class="num scorecard__total">3</td>', "After 1 of 9 holes"]
    else:
        services.match_end(match=Match.objects.get(pk=match.pk))
        expected = ['<h2 id="result-heading">Winner</h2>', "<h2>Summary</h2>"]
    for url in urls:
        page = client.get(url).content.decode()
        for text in expected:
            assert text in page, (url, text)


def test_the_owners_board_and_the_shared_board_are_drawn_apart(client, three, save_hole):
    """Only the owner's board links each hole to its page; the shared one, drawn
    from the same match, must not borrow the owner's drawing."""
    save_hole(three, totals=[1, 2, 3])
    hole_link = reverse("scoring:hole_detail", args=[three.pk, 1])
    owners = reverse("scoring:match_detail", args=[three.pk])
    assert hole_link in client.get(owners).content.decode()
    shared = client.get(reverse("scoring:match_shared", args=[three.share_token])).content.decode()
    assert hole_link not in shared
    assert hole_link in client.get(owners).content.decode()
