"""Friendly error pages (DEBUG off, as in production), the request-size limit, and
formula-safe CSV."""

from __future__ import annotations

import csv
import io
import logging
import re

import pytest
from django.test import Client
from django.urls import reverse

from scoring.engine import RuleSet
from scoring.models import Match
from tests.factories import MatchFactory, new_match_form
from tests.scoresheet import session_owning

pytestmark = pytest.mark.django_db

ERROR_URLS = pytest.mark.urls("tests.site.error_urls")


@pytest.fixture(autouse=True)
def _production(settings):
    settings.DEBUG = False


def looks_like_the_site(page: str, h1: str) -> None:
    """An error page in the site's own dress: one h1, the navigation, a way on, and
    none of Django's technical pages."""
    assert re.findall(r"<h1>(.*?)</h1>", page) == [h1]
    assert 'class="site-header"' in page
    assert "Skip to content" in page
    assert 'href="/matches/"' in page
    for leak in ("Traceback", "Django", "DEBUG", "Request Method", "urlpatterns"):
        assert leak not in page, leak


def test_an_unknown_address_gets_the_friendly_404(client):
    response = client.get("/no/such/page/")
    assert response.status_code == 404
    looks_like_the_site(response.content.decode(), "Page not found")


def test_another_browsers_match_gets_the_same_404(client):
    match = MatchFactory.create()
    response = client.get(reverse("scoring:match_detail", args=[match.pk]))
    assert response.status_code == 404
    page = response.content.decode()
    looks_like_the_site(page, "Page not found")
    assert "belong to the browser that started them" in page


@ERROR_URLS
def test_a_bug_gets_the_friendly_500():
    client = Client(raise_request_exception=False)
    response = client.get("/test-errors/500/")
    assert response.status_code == 500
    page = response.content.decode()
    looks_like_the_site(page, "Something went wrong on our side")
    assert "a bug" not in page


@ERROR_URLS
def test_the_500_page_does_not_tell_a_signed_in_player_to_log_in(django_user_model):
    """It is drawn without the request, so it cannot know who is signed in; it
    offers no account link rather than a wrong one."""
    client = Client(raise_request_exception=False)
    client.force_login(django_user_model.objects.create_user("ann", password="x" * 12))
    page = client.get("/test-errors/500/").content.decode()
    assert "Log in" not in page
    assert "Log out" not in page
    assert 'href="/matches/"' in page


@ERROR_URLS
def test_a_forbidden_action_gets_the_friendly_403(client):
    response = client.get("/test-errors/403/")
    assert response.status_code == 403
    page = response.content.decode()
    looks_like_the_site(page, "You cannot do that here")
    assert 'href="/accounts/login/"' in page


@ERROR_URLS
def test_a_suspicious_request_gets_the_friendly_400(client):
    response = client.get("/test-errors/400/")
    assert response.status_code == 400
    page = response.content.decode()
    looks_like_the_site(page, "That request could not be read")
    assert "a forged header" not in page


def test_a_form_sent_without_its_csrf_token_gets_the_friendly_expired_page():
    client = Client(enforce_csrf_checks=True)
    response = client.post(reverse("scoring:match_new"), {"player_1": "Ann"})
    assert response.status_code == 403
    looks_like_the_site(response.content.decode(), "This form has expired")


# -- request size --------------------------------------------------------------------

NEW_MATCH = new_match_form()
HUGE = "x" * (300 * 1024)  # above DATA_UPLOAD_MAX_MEMORY_SIZE


def oversized_posts():
    match = MatchFactory.create(players=["Ann", "Bob"], rules=RuleSet(holes=3).to_dict())
    yield match, reverse("scoring:match_new"), {"player_1": HUGE}
    yield match, reverse("scoring:hole_new", args=[match.pk]), {"grid_0": HUGE}
    yield match, reverse("scoring:hole_preview", args=[match.pk]), {"grid_0": HUGE}
    yield match, reverse("signup"), {"username": HUGE}
    yield match, reverse("login"), {"username": "ann", "password": HUGE}


def test_an_oversized_form_gets_a_400_page_not_a_500(client, settings):
    assert len(HUGE) > settings.DATA_UPLOAD_MAX_MEMORY_SIZE
    for match, url, data in oversized_posts():
        client.cookies["sessionid"] = session_owning(match)
        response = client.post(url, data)
        assert response.status_code == 400, url
        looks_like_the_site(response.content.decode(), "That request could not be read")
        assert not match.holes.exists()


def test_a_form_with_thousands_of_fields_gets_a_400_page(client, settings):
    data = {f"field_{n}": "1" for n in range(settings.DATA_UPLOAD_MAX_NUMBER_FIELDS + 1)}
    response = client.post(reverse("scoring:match_new"), data)
    assert response.status_code == 400
    looks_like_the_site(response.content.decode(), "That request could not be read")


# -- CSV --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "name",
    ['=HYPERLINK("http://x")', "+1+1", "-2+3", "@SUM(A1)", "\t=1", "\r=1"],
)
def test_csv_cells_that_a_spreadsheet_would_run_are_defused(client, save_hole, name):
    match = MatchFactory.create(players=[name, "Bob"])
    client.cookies["sessionid"] = session_owning(match)
    save_hole(match, totals=[5, -2])
    response = client.get(reverse("scoring:match_csv", args=[match.pk]))
    rows = list(csv.reader(io.StringIO(response.content.decode())))
    player, score, total = (rows[0].index(column) for column in ("Player", "Score", "Total"))
    assert rows[1][player] == "'" + name
    # Numbers stay numbers: a negative score is not text.
    assert (rows[2][player], rows[2][score], rows[2][total]) == ("Bob", "-2", "-2")
    for row in rows:
        for cell in row:
            assert cell[:1] not in ("=", "+", "@", "\t", "\r") and not (
                cell.startswith("-") and not cell.lstrip("-").isdigit()
            ), cell


def test_a_form_carrying_a_file_gets_the_400_page_and_nothing_is_stored(client, tmp_path):
    """No page takes a file; without a limit Django would spool any size to disk."""
    upload = tmp_path / "big.bin"
    upload.write_bytes(b"x" * (3 * 1024 * 1024))
    with upload.open("rb") as file:
        response = client.post(reverse("scoring:match_new"), {**NEW_MATCH, "upload": file})
    assert response.status_code == 400
    looks_like_the_site(response.content.decode(), "That request could not be read")
    assert not Match.objects.exists()
    # The same form without the file starts the match.
    assert client.post(reverse("scoring:match_new"), NEW_MATCH).status_code == 302


def test_a_request_refused_for_size_is_one_line_in_the_log(client, caplog, tmp_path):
    """A refusal is the visitor's mistake, not the site's: one line saying what and
    where, no traceback (a flood of them would bury real errors)."""
    upload = tmp_path / "small.bin"
    upload.write_bytes(b"x")
    many = {f"field_{n}": "1" for n in range(2000)}
    for match, url, data in [*oversized_posts(), (None, reverse("scoring:match_new"), many)]:
        if match is not None:
            client.cookies["sessionid"] = session_owning(match)
        caplog.clear()
        with caplog.at_level("INFO"):
            assert client.post(url, data).status_code == 400
        lines = [r for r in caplog.records if r.levelno >= logging.WARNING]
        assert len(lines) == 1, (url, [r.getMessage() for r in lines])
        assert lines[0].exc_info is None and not lines[0].exc_text, url
        assert url in lines[0].getMessage()
    caplog.clear()
    with upload.open("rb") as file, caplog.at_level("INFO"):
        response = client.post(reverse("scoring:match_new"), {**NEW_MATCH, "upload": file})
    assert response.status_code == 400
    lines = [r for r in caplog.records if r.levelno >= logging.WARNING]
    assert [r.exc_info for r in lines] == [None]
    assert "file" in lines[0].getMessage()
