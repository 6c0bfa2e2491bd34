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


def test_robots_txt_keeps_private_pages_out_of_search(client):
    text = client.get("/robots.txt").content.decode()
    assert text.startswith("User-agent: *")
    assert "Disallow: /matches/" in text
    assert "Disallow: /groups/" in text
    assert "Disallow: /rules/" not in text
