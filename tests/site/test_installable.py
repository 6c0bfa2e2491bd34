"""The site as an app on a phone (issue "Offline at the table"): the manifest, the
service worker at the root, and the two headers it goes by (which pages may be
kept, and for which session)."""

import json
import re
import uuid

import pytest
from django.contrib.staticfiles import finders
from django.test import Client
from django.urls import reverse

from golfsite.offline import KEEP_HEADER, VIEWER_HEADER
from golfsite.offline import QUEUED_FOR_HEADER as QUEUED_FOR
from scoring import services
from scoring.engine import RuleSet
from scoring.views.holes import SAVED_HEADER
from tests.factories import MatchFactory
from tests.patterns import first_match
from tests.scoresheet import hole_data, own

pytestmark = pytest.mark.django_db


def test_the_manifest_describes_an_app_that_opens_without_the_address_bar(client):
    response = client.get(reverse("manifest"))
    assert response.status_code == 200
    assert response["Content-Type"] == "application/manifest+json"
    manifest = json.loads(response.content)
    assert manifest["name"] == "Golf scorer"
    assert manifest["short_name"] == "Golf"
    assert manifest["start_url"] == reverse("home")
    assert manifest["display"] == "standalone"
    assert manifest["theme_color"].startswith("#")
    icons = {(icon["type"], icon["sizes"]) for icon in manifest["icons"]}
    assert icons == {("image/svg+xml", "any"), ("image/png", "192x192"), ("image/png", "512x512")}
    for icon in manifest["icons"]:
        assert finders.find(icon["src"].removeprefix("/static/")), icon["src"]


def test_every_page_links_the_manifest_and_the_theme_colours(client):
    html = client.get(reverse("rules:guide")).content.decode()
    assert f'<link rel="manifest" href="{reverse("manifest")}">' in html
    assert 'name="theme-color" content="#1d6b3a" media="(prefers-color-scheme: light)"' in html
    assert 'name="theme-color" content="#121513" media="(prefers-color-scheme: dark)"' in html
    assert f'data-worker="{reverse("service_worker")}"' in html


def test_the_service_worker_is_served_from_the_root_with_the_release_in_its_caches(
    client, monkeypatch
):
    monkeypatch.setenv("GOLFSITE_VERSION", "release-41")
    response = client.get("/sw.js")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/javascript")
    assert response["Service-Worker-Allowed"] == "/"
    assert "no-cache" in response["Cache-Control"]
    script = response.content.decode()
    config = json.loads(first_match(r"var CONFIG = (\{.*?\});", script, re.S).group(1))
    assert config["version"] == "release-41"
    assert '"golf-pages-" + VERSION' in script
    assert reverse("offline") in config["precache"]

    monkeypatch.setenv("GOLFSITE_VERSION", "release-42")
    assert '"version": "release-42"' in client.get("/sw.js").content.decode()


def test_the_policy_lets_the_worker_and_the_manifest_load_from_this_site_only(client):
    policy = client.get(reverse("home"))["Content-Security-Policy"]
    assert "worker-src 'self'" in policy
    assert "manifest-src 'self'" in policy


def test_the_offline_page_is_the_same_for_everybody(client, django_user_model):
    user = django_user_model.objects.create_user("ann", password="a-long-pass-phrase-9")
    client.force_login(user)
    html = client.get(reverse("offline")).content.decode()
    assert "No signal" in html
    assert 'id="kept-pages"' in html
    assert "ann" not in html


KEPT = [
    reverse("home"),
    reverse("rules:guide"),
    reverse("rules:card_values"),
    reverse("rules:examples"),
    reverse("rules:variants"),
    reverse("rules:variant", args=["nine-card"]),
    reverse("rules:house_rules"),
    reverse("rules:house_rule", args=["knock-penalty"]),
    reverse("rules:faq"),
    reverse("rules:strategy"),
    reverse("rules:glossary"),
]
NOT_KEPT = [
    reverse("rules:try"),
    reverse("rules:practice"),
    reverse("scoring:match_new"),
    reverse("login"),
    reverse("offline"),
]


@pytest.mark.parametrize("url", KEPT)
def test_the_rules_may_be_kept_on_the_phone(client, url):
    assert client.get(url)[KEEP_HEADER] == "1"


@pytest.mark.parametrize("url", NOT_KEPT)
def test_pages_that_need_the_server_are_not_kept(client, url):
    assert KEEP_HEADER not in client.get(url)


@pytest.fixture
def match(client):
    """A three-hole match of Ann and Bob with one hole saved, kept by ``client``."""
    match = MatchFactory.create(players=["Ann", "Bob"], rules=RuleSet(holes=3).to_dict())
    entry = services.HoleEntry(kind="totals", totals=(3, 4))
    services.hole_record(match=match, entry=entry, token=uuid.uuid4(), number=1)
    own(client, match)
    return match


def test_the_pages_a_keeper_uses_may_be_kept_and_no_others(client, match):
    kept = [
        reverse("scoring:match_list"),
        reverse("scoring:match_detail", args=[match.pk]),
        reverse("scoring:match_print", args=[match.pk]),
        reverse("scoring:hole_new", args=[match.pk]),
        reverse("scoring:hole_detail", args=[match.pk, 1]),
        reverse("scoring:match_shared", args=[match.share_token]),
    ]
    for url in kept:
        response = client.get(url)
        assert response.status_code == 200, url
        assert response[KEEP_HEADER] == "1", url
    not_kept = [
        reverse("scoring:hole_edit", args=[match.pk, 1]),
        reverse("scoring:hole_delete", args=[match.pk, 1]),
        reverse("scoring:match_end", args=[match.pk]),
        reverse("scoring:match_delete", args=[match.pk]),
        reverse("scoring:match_csv", args=[match.pk]),
    ]
    for url in not_kept:
        response = client.get(url)
        assert response.status_code == 200, url
        assert KEEP_HEADER not in response, url


def test_a_page_refused_is_not_kept(client, match):
    other = MatchFactory.create(players=["Cy", "Di"])
    assert client.get(reverse("scoring:match_detail", args=[other.pk])).status_code == 404
    assert KEEP_HEADER not in client.get(reverse("scoring:match_detail", args=[other.pk]))


def test_an_answer_to_a_post_is_never_marked_to_keep(client, match):
    url = reverse("scoring:hole_new", args=[match.pk])
    saved = client.post(url, hole_data(2, kind="totals", total_0=1, total_1=2))
    assert saved.status_code == 302
    assert KEEP_HEADER not in saved
    through_htmx = client.post(
        url, hole_data(3, kind="totals", total_0=1, total_1=2), headers={"HX-Request": "true"}
    )
    assert through_htmx.status_code == 200
    assert "Scoreboard" in through_htmx.content.decode()
    assert KEEP_HEADER not in through_htmx
    assert match.holes.count() == 3


def test_a_refused_hole_is_not_kept(client, match):
    url = reverse("scoring:hole_new", args=[match.pk])
    refused = client.post(url, hole_data(2, kind="totals", total_0="many", total_1=2))
    assert refused.status_code == 200
    assert "was not saved" in refused.content.decode()
    assert KEEP_HEADER not in refused


def test_each_session_is_named_differently_and_the_name_is_not_its_key(client):
    other = Client()
    for browser in (client, other):
        browser.session.save()  # each browser has a session of its own
    mine = client.get(reverse("rules:guide"))
    theirs = other.get(reverse("rules:guide"))
    assert mine[VIEWER_HEADER] and theirs[VIEWER_HEADER]
    assert mine[VIEWER_HEADER] != theirs[VIEWER_HEADER]
    assert mine[VIEWER_HEADER] == client.get(reverse("rules:faq"))[VIEWER_HEADER]
    assert client.session.session_key not in mine[VIEWER_HEADER]
    assert "Cookie" in mine["Vary"]
    assert "private" in mine["Cache-Control"]


def test_a_log_in_and_a_log_out_change_the_name(client, django_user_model):
    django_user_model.objects.create_user("ann", password="a-long-pass-phrase-9")
    client.session.save()
    before = client.get(reverse("home"))[VIEWER_HEADER]
    logged_in = client.post(
        reverse("login"), {"username": "ann", "password": "a-long-pass-phrase-9"}, follow=True
    )
    assert logged_in.context["user"].is_authenticated
    assert logged_in[VIEWER_HEADER] != before
    logged_out = client.post(reverse("logout"), follow=True)
    assert not logged_out.context["user"].is_authenticated
    assert logged_out[VIEWER_HEADER] not in (before, logged_in[VIEWER_HEADER])


def test_a_page_names_in_itself_the_session_its_header_names(client, match):
    """The name the phone keeps a page's holes under (static/js/queue.js)."""
    other = Client()
    other.session.save()
    pages = [
        (client, reverse("scoring:match_detail", args=[match.pk])),
        (client, reverse("scoring:hole_new", args=[match.pk])),
        (other, reverse("rules:guide")),
    ]
    names = set()
    for browser, url in pages:
        response = browser.get(url)
        named = re.search(r'<meta name="golf-viewer" content="(\w+)">', response.content.decode())
        assert named, url
        assert named[1] == response[VIEWER_HEADER], url
        names.add(named[1])
    assert len(names) == 2


def test_only_pages_carry_the_session_name(client):
    assert VIEWER_HEADER not in client.get("/sw.js")
    assert VIEWER_HEADER not in client.get(reverse("manifest"))
    assert VIEWER_HEADER not in client.get(reverse("robots_txt"))


def test_a_hole_sent_again_with_its_token_is_stored_once_and_said_saved(client, match):
    """What the phone's queue of holes saved with no signal relies on: a resend
    (the first answer lost on the way) is answered "saved" and stores nothing more."""
    url = reverse("scoring:hole_new", args=[match.pk])
    data = hole_data(2, kind="totals", total_0=1, total_1=2)
    for _ in range(2):
        response = client.post(url, data, headers={"HX-Request": "true"})
        assert response[SAVED_HEADER] == "2"
    assert match.holes.count() == 2


def test_a_hole_refused_on_arrival_is_not_said_saved(client, match):
    url = reverse("scoring:hole_new", args=[match.pk])
    impossible = client.post(
        url, hole_data(2, total_0="many", kind="totals", total_1=2), headers={"HX-Request": "true"}
    )
    assert SAVED_HEADER not in impossible
    # Hole 1 was saved from another phone: the scoreboard, with a notice, not "saved".
    taken = client.post(
        url, hole_data(1, kind="totals", total_0=1, total_1=2), headers={"HX-Request": "true"}
    )
    assert "already saved from another phone" in taken.content.decode()
    assert SAVED_HEADER not in taken
    assert match.holes.count() == 1


def test_a_hole_kept_under_another_session_is_refused_and_stores_nothing(client, match):
    """A page the phone kept from before a log-out can still run its queue: the
    hole it sends says which session kept it, and only that session may save it."""
    url = reverse("scoring:hole_new", args=[match.pk])
    data = hole_data(2, kind="totals", total_0=1, total_1=2)
    refused = client.post(url, data, headers={"HX-Request": "true", QUEUED_FOR: "someone-else"})
    assert refused.status_code == 409
    assert SAVED_HEADER not in refused
    assert match.holes.count() == 1

    mine = client.get(reverse("scoring:match_detail", args=[match.pk]))[VIEWER_HEADER]
    saved = client.post(url, data, headers={"HX-Request": "true", QUEUED_FOR: mine})
    assert saved[SAVED_HEADER] == "2"
