"""The "My matches" page: the matches this browser keeps, newest first, a page at a time."""

import re

import pytest
from django.urls import reverse

from scoring.models import Match
from tests.factories import MatchFactory
from tests.patterns import visible_text
from tests.scoresheet import own

pytestmark = pytest.mark.django_db


def _listed(page):
    """The match ids "My matches" links to, top to bottom."""
    return [int(pk) for pk in re.findall(r'<li><a href="/matches/(\d+)/"', page)]


def _older(page):
    found = re.search(r'<a href="\?before=([0-9.]+)">Older</a>', page)
    assert found is not None, "no Older link"
    return found.group(1)


def test_my_matches_come_a_page_at_a_time_newest_first(client):
    from datetime import timedelta

    from django.utils import timezone

    from scoring.views.matches import MATCH_LIST_PAGE_SIZE

    matches = [MatchFactory.create() for _ in range(MATCH_LIST_PAGE_SIZE + 5)]
    # Started at the same moment, in pairs: the order still holds, by id.
    now = timezone.now()
    for n, match in enumerate(matches):
        Match.objects.filter(pk=match.pk).update(created_at=now - timedelta(minutes=n // 2))
    own(client, *matches)
    newest_first = sorted(
        matches, key=lambda m: (Match.objects.get(pk=m.pk).created_at, m.pk), reverse=True
    )
    url = reverse("scoring:match_list")
    first = client.get(url).content.decode()
    assert _listed(first) == [m.pk for m in newest_first[:MATCH_LIST_PAGE_SIZE]]
    assert "Newest</a>" not in first
    older = _older(first)
    # The last match of the first page deleted meanwhile: the next page is the same.
    newest_first[MATCH_LIST_PAGE_SIZE - 1].delete()
    second = client.get(url, {"before": older}).content.decode()
    assert _listed(second) == [m.pk for m in newest_first[MATCH_LIST_PAGE_SIZE:]]
    assert "Older</a>" not in second
    assert f'<a href="{url}">Newest</a>' in second


def test_a_page_of_my_matches_costs_the_same_however_many_there_are(
    client, django_assert_max_num_queries
):
    matches = [MatchFactory.create(players=["Ann", "Bob", "Cy"]) for _ in range(60)]
    own(client, *matches)
    url = reverse("scoring:match_list")
    older = _older(client.get(url).content.decode())
    with django_assert_max_num_queries(3):
        page = client.get(url, {"before": older}).content.decode()
    assert len(_listed(page)) == 25
    assert "Ann, Bob, Cy" in visible_text(page)


@pytest.mark.parametrize(
    "before",
    ["abc", "0", "-4", "12.x", ".5", "99999999999999999999999.1", "999999999999999999.1", "1.2.3"],
)
def test_a_malformed_page_of_my_matches_starts_from_the_newest(client, before):
    mine = MatchFactory.create()
    own(client, mine)
    page = client.get(reverse("scoring:match_list"), {"before": before}).content.decode()
    assert _listed(page) == [mine.pk]


def test_past_the_oldest_of_my_matches_the_way_back_stays(client):
    theirs, mine = MatchFactory.create(), MatchFactory.create()
    own(client, mine)
    url = reverse("scoring:match_list")
    # Any point in time shows only this browser's own matches from there on.
    page = client.get(url, {"before": f"{10**17}.1"}).content.decode()
    assert _listed(page) == [mine.pk]
    page = client.get(url, {"before": "1.1"}).content.decode()
    assert _listed(page) == []
    assert "No older matches." in page
    assert f'<a href="{url}">Newest</a>' in page
    assert theirs.pk not in _listed(page)
