"""Static files as the site serves them after `collectstatic`: hashed names (so a
browser may keep them for good) and compressed copies, served by whitenoise."""

import re

import pytest
from django.core.management import call_command
from django.test import Client

from golfsite import settings as site_settings


@pytest.fixture
def collected(tmp_path, settings):
    """`collectstatic` run with the storage the site is configured with."""
    settings.STATIC_ROOT = tmp_path
    settings.STORAGES = {**settings.STORAGES, "staticfiles": site_settings.STORAGES["staticfiles"]}
    call_command("collectstatic", interactive=False, verbosity=0)
    return tmp_path


@pytest.mark.django_db
def test_a_page_links_the_hashed_stylesheet_and_it_is_served_compressed(collected):
    client = Client()  # a new one, so whitenoise finds the files just collected
    page = client.get("/").content.decode()
    url = re.search(r'<link rel="stylesheet" href="(/static/css/site\.[0-9a-f]+\.css)">', page)
    assert url, "the stylesheet's link has no hash in its name"
    response = client.get(url.group(1), HTTP_ACCEPT_ENCODING="gzip")
    response.close()  # only its headers matter; close the file it streams
    assert response.status_code == 200
    assert response["Content-Encoding"] == "gzip"
    assert "immutable" in response["Cache-Control"]
    assert (collected / url.group(1).removeprefix("/static/")).exists()
