"""Adding a player to a group's roster on its page: a name already there, in any
case, or an empty one is refused beside the field, kept in it and focused; a new
name goes back to the roster; the help says how roster players meet a match."""

from html.parser import HTMLParser

import pytest
from django.urls import reverse

from tests.patterns import text

pytestmark = pytest.mark.django_db


class Elements(HTMLParser):
    """Every start tag's attributes by id, and the text inside each element with an id."""

    def __init__(self):
        super().__init__()
        self.by_id: dict[str, dict[str, str]] = {}
        self.text: dict[str, str] = {}
        self.open: list[str] = []
        self.messages = False

    def handle_starttag(self, tag, attrs):
        attributes = {name: value or "" for name, value in attrs}
        attributes["tag"] = tag
        if "id" in attributes:
            self.by_id[attributes["id"]] = attributes
            self.text[attributes["id"]] = ""
            self.open.append(attributes["id"])
        if "messages" in attributes.get("class", "").split():
            self.messages = True

    def handle_endtag(self, tag):
        if self.open and self.by_id[self.open[-1]]["tag"] == tag:
            self.open.pop()

    def handle_data(self, data):
        for element in self.open:
            self.text[element] += data


def parsed(response) -> Elements:
    found = Elements()
    found.feed(response.content.decode())
    return found


def add(client, group, name):
    return client.post(reverse("groups:roster_add", args=[group.pk]), {"name": name})


@pytest.mark.parametrize("typed", ["ann", "ANN", " aNn "])
def test_a_name_on_the_roster_in_another_case_is_refused(client, member, group, typed):
    client.force_login(member)
    response = add(client, group, typed)
    assert list(group.roster.values_list("name", flat=True)) == ["Ann"]
    assert response.status_code == 200
    assert "Ann is already on the roster." in response.content.decode()


def test_a_refused_name_is_explained_beside_the_field_and_kept(client, member, group):
    client.force_login(member)
    response = add(client, group, "ann")
    page = parsed(response)
    field = page.by_id["id_name"]
    assert field["tag"] == "input"
    assert field["value"] == "ann"  # what was typed, not emptied
    assert field["aria-invalid"] == "true"
    error_id = field["aria-describedby"]
    assert page.text[error_id].strip() == "Ann is already on the roster."
    # Said once, beside the field: not in the banner at the top as well.
    assert not page.messages
    # The browser goes straight back to the field, wherever it is on the page.
    assert "autofocus" in field


def test_an_empty_name_is_explained_beside_the_field(client, member, group):
    client.force_login(member)
    page = parsed(add(client, group, "   "))
    field = page.by_id["id_name"]
    assert field["aria-invalid"] == "true"
    assert page.text[field["aria-describedby"]].strip() == "Enter the player's name."


def test_the_same_name_exactly_is_still_refused_beside_the_field(client, member, group):
    client.force_login(member)
    page = parsed(add(client, group, "Ann"))
    field = page.by_id["id_name"]
    assert page.text[field["aria-describedby"]].strip() == "Ann is already on the roster."


def test_a_new_name_is_added_and_the_page_shown_again(client, member, group):
    client.force_login(member)
    response = add(client, group, "Annie")
    assert response.status_code == 302
    # Back to the roster, to see the new name there and add another.
    assert response["Location"] == reverse("groups:detail", args=[group.pk]) + "#roster"
    assert sorted(group.roster.values_list("name", flat=True)) == ["Ann", "Annie"]
    page = parsed(client.get(reverse("groups:detail", args=[group.pk])))
    assert page.by_id["roster"]["tag"] == "h2"
    assert "aria-invalid" not in page.by_id["id_name"]
    assert "autofocus" not in page.by_id["id_name"]


def test_a_refused_roster_name_reloaded_goes_back_to_the_roster(client, member, group):
    client.force_login(member)
    url = reverse("groups:roster_add", args=[group.pk])
    refused = client.post(url, {"name": "ann"})
    assert refused.status_code == 200
    again = client.get(url)
    assert again.status_code == 302
    assert again["Location"] == group.get_absolute_url() + "#roster"


def test_the_roster_help_says_how_seats_are_linked(client, member, group):
    client.force_login(member)
    page = text(client.get(group.get_absolute_url()))
    assert "Link match players to them" not in page
    assert "Tick them when you start a match here" in page
