"""The site's skeleton: health check, home page, static files."""

import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db


def test_healthz_answers_ok_after_asking_the_database(client, django_assert_num_queries):
    with django_assert_num_queries(1):
        response = client.get(reverse("healthz"))
    assert response.status_code == 200
    assert response.content == b"ok"


def test_home_shows_a_grid_scored_by_the_engine(client):
    response = client.get(reverse("home"))
    assert response.status_code == 200
    html = response.content.decode()
    assert "<h1>" in html
    assert "This grid scores 24" in html
    assert "pair of 8s: 0" in html


def test_pages_link_the_htmx_script_from_this_host(client):
    html = client.get(reverse("home")).content.decode()
    assert 'src="/static/django_htmx/htmx-2.min.js"' in html
    assert "https://" not in html.split("<body")[0]


def test_robots_txt_keeps_crawlers_to_the_rules(client):
    text = client.get("/robots.txt").content.decode()
    assert text.startswith("User-agent: *")
    assert "Disallow: /groups/" in text
    assert "Disallow: /rules/" not in text
    # The share page must stay crawlable, or a crawler never reads its noindex.
    assert "Disallow: /matches/" not in text


@pytest.mark.django_db
def test_a_shared_scoreboard_asks_search_engines_not_to_index_it(client):
    from tests.factories import MatchFactory

    match = MatchFactory.create(players=["Ann", "Bob"])
    for fragment in (False, True):
        headers = {"HTTP_HX_REQUEST": "true"} if fragment else {}
        response = client.get(reverse("scoring:match_shared", args=[match.share_token]), **headers)
        assert response["X-Robots-Tag"] == "noindex, nofollow"
    page = client.get(reverse("scoring:match_shared", args=[match.share_token])).content.decode()
    assert '<meta name="robots" content="noindex, nofollow">' in page
    # A match's own pages answer a crawler (no session, no account) with a 404.
    assert client.get(reverse("scoring:match_detail", args=[match.pk])).status_code == 404
