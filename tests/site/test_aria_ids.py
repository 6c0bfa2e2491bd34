"""Every id a page points at exists: a label's `for`, and the help or error text
that `aria-describedby` / `aria-labelledby` read to a screen reader. A dangling
reference reads nothing, so the help is lost to the people who need it most."""

from html.parser import HTMLParser

import pytest
from django.urls import reverse

from tests.groups.factories import GroupFactory, RosterPlayerFactory, UserFactory
from tests.scoresheet import make_match_pages

pytestmark = pytest.mark.django_db


class References(HTMLParser):
    def __init__(self):
        super().__init__()
        self.ids: set[str] = set()
        self.wanted: list[tuple[str, str, str]] = []  # (tag, attribute, id)

    def handle_starttag(self, tag, attrs):
        for name, value in attrs:
            if name == "id" and value:
                self.ids.add(value)
            elif name in ("aria-describedby", "aria-labelledby") and value:
                self.wanted += [(tag, name, ref) for ref in value.split()]
            elif name == "for" and tag == "label" and value:
                self.wanted.append((tag, name, value))


def dangling(html: str) -> list[tuple[str, str, str]]:
    found = References()
    found.feed(html)
    return [ref for ref in found.wanted if ref[2] not in found.ids]


def test_the_checker_finds_a_dangling_reference():
    page = '<label for="a">A</label><input id="a" aria-describedby="a_help b">'
    assert dangling(page + '<p id="a_help"></p>') == [("input", "aria-describedby", "b")]


def pages_of_a_member(client):
    user = UserFactory.create(username="olive")
    group = GroupFactory.create(owner=user, name="Friday golf")
    RosterPlayerFactory.create(group=group, name="Ann")
    client.force_login(user)
    return [
        reverse("groups:list"),
        reverse("groups:detail", args=[group.pk]),
        reverse("groups:match_new", args=[group.pk]),
        reverse("groups:history", args=[group.pk]),
        reverse("password_change"),
    ]


def test_no_page_points_at_a_missing_id(client):
    anonymous = [reverse("scoring:match_new"), reverse("signup"), reverse("login")]
    anonymous += make_match_pages(client)
    for url in anonymous:
        assert_no_dangling(client, url)
    for url in pages_of_a_member(client):
        assert_no_dangling(client, url)


def assert_no_dangling(client, url):
    response = client.get(url)
    assert response.status_code == 200, url
    assert dangling(response.content.decode()) == [], url


def test_a_refused_new_match_points_only_at_ids_it_has(client):
    """With every error shown, each error and help text is still where the fields
    say it is."""
    response = client.post(reverse("scoring:match_new"), {"player_1": "Ann", "holes": ""})
    assert response.status_code == 200
    assert dangling(response.content.decode()) == []


@pytest.mark.parametrize(
    ("name", "data"),
    [
        ("signup", {"username": "", "password1": "short", "password2": "other"}),
        ("login", {"username": "", "password": ""}),
    ],
)
def test_a_refused_account_form_points_its_fields_at_their_errors(client, name, data):
    """Django points a field with an error at <id>_error; the error must be there."""
    page = client.post(reverse(name), data).content.decode()
    assert 'aria-invalid="true"' in page
    assert dangling(page) == []
