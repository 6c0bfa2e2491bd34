"""A refused new match lists every problem at the top, each linked to the field it
is about, and keeps what was typed."""

import re

import pytest
from django.urls import reverse

from scoring.models import Match
from tests.factories import new_match_form

pytestmark = pytest.mark.django_db


def summary(page: str) -> str:
    found = re.search(r'<div class="[^"]*error-summary[^"]*".*?</div>', page, re.S)
    assert found, "no list of problems at the top"
    return found.group(0)


def test_a_blank_length_is_listed_at_the_top_and_linked_to_its_field(client):
    response = client.post(reverse("scoring:match_new"), new_match_form(holes=""))
    page = response.content.decode()
    assert response.status_code == 200
    assert Match.objects.count() == 0
    top = summary(page)
    link = re.search(r'<a href="#([^"]+)">Number of holes: ', top)
    assert link, top
    assert f'id="{link.group(1)}"' in page  # the link lands on the field
    assert 'value="Ann"' in page and 'value="Bob"' in page


def test_every_problem_is_listed_once_at_the_top(client):
    data = new_match_form(player_2="ann", holes="", first_dealer="7")
    page = client.post(reverse("scoring:match_new"), data).content.decode()
    top = summary(page)
    items = [re.sub(r"<[^>]+>", "", item).strip() for item in re.findall(r"<li>(.*?)</li>", top)]
    assert len(items) >= 2, items  # the repeated name and the length
    assert len(set(items)) == len(items), items  # each once
    assert any(item.startswith("Number of holes: ") for item in items)
    assert any(item.startswith("Player 2: ") for item in items)  # the box that repeats Ann
    for target in re.findall(r'href="#([^"]+)"', top):
        assert f'id="{target}"' in page, target


def test_a_good_form_shows_no_problems(client):
    page = client.get(reverse("scoring:match_new")).content.decode()
    assert "error-summary" not in page


@pytest.mark.parametrize(
    ("holes", "message"),
    [
        ("", "Type how many holes you will play (9 is usual)."),
        ("nine", "Type the number of holes as a whole number, like 9."),
        ("0", "A match has 1 to 99 holes."),
        ("100", "A match has 1 to 99 holes."),
    ],
)
def test_a_bad_number_of_holes_is_explained_in_words(client, holes, message):
    page = client.post(reverse("scoring:match_new"), new_match_form(holes=holes)).content
    assert message in page.decode()
    assert Match.objects.count() == 0
