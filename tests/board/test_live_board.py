"""The live board a share link opens: read-only, polling for new scores, and
answered "not modified" (an ETag and a 304) while the match and the code that
draws it are unchanged; the owner's board fragment is checked for its owner
first."""

import json

import pytest
from django.test import Client
from django.urls import reverse

from scoring.views import board
from tests.patterns import first_match
from tests.scoresheet import HX, own

pytestmark = pytest.mark.django_db


def test_the_share_link_is_read_only_and_polls_for_updates(client, three, save_hole):
    save_hole(three, totals=[1, 2, 3])
    own(client)
    url = reverse("scoring:match_shared", args=[three.share_token])
    page = client.get(url).content.decode()
    assert "<h1>Live scoreboard</h1>" in page
    assert 'hx-trigger="every 5s"' in page
    assert "Reload now" in page
    assert reverse("scoring:hole_detail", args=[three.pk, 1]) not in page
    assert "Enter hole" not in page
    fragment = client.get(url, **HX).content.decode()
    assert fragment.lstrip().startswith('<div id="board"')
    assert client.get(reverse("scoring:match_shared", args=["not-the-token"])).status_code == 404


def test_a_live_board_unchanged_since_its_last_look_is_not_sent_again(
    client, three, save_hole, django_assert_max_num_queries
):
    save_hole(three, totals=[1, 2, 3])
    url = reverse("scoring:match_shared", args=[three.share_token])
    first = client.get(url, **HX)
    assert first.status_code == 200
    assert first["Cache-Control"] == "private, no-cache"
    etag = first["ETag"]
    # The poll a few seconds later, from a browser holding that board: nothing to
    # draw and nothing sent but headers.
    with django_assert_max_num_queries(1):
        again = client.get(url, HTTP_IF_NONE_MATCH=etag, **HX)
    assert again.status_code == 304
    assert again.content == b""
    assert again["ETag"] == etag
    # A hole saved meanwhile: the next poll gets the new board.
    save_hole(three, totals=[4, 0, 6])
    changed = client.get(url, HTTP_IF_NONE_MATCH=etag, **HX)
    assert changed.status_code == 200
    assert changed["ETag"] != etag
    assert '<td class="num scorecard__total">5</td>' in changed.content.decode()


def test_a_live_board_sent_compressed_is_not_sent_again_unchanged(client, three, save_hole):
    """A phone's browser accepts gzip: the board comes compressed, its tag marked
    weak, and the next poll with that tag is still answered "not modified"."""
    save_hole(three, totals=[1, 2, 3])
    url = reverse("scoring:match_shared", args=[three.share_token])
    gz = {"HTTP_ACCEPT_ENCODING": "gzip", **HX}
    first = client.get(url, **gz)
    assert first["Content-Encoding"] == "gzip"
    etag = first["ETag"]
    assert etag.startswith('W/"')
    again = client.get(url, HTTP_IF_NONE_MATCH=etag, **gz)
    assert again.status_code == 304 and again.content == b""
    save_hole(three, totals=[4, 0, 6])
    assert client.get(url, HTTP_IF_NONE_MATCH=etag, **gz).status_code == 200


def test_a_live_board_kept_by_a_browser_is_sent_again_after_a_deploy(
    client, three, save_hole, monkeypatch
):
    """The match is unchanged, but the code that draws its board is new: the
    follower's browser must not keep the board drawn by the old code."""
    save_hole(three, totals=[1, 2, 3])
    url = reverse("scoring:match_shared", args=[three.share_token])
    etag = client.get(url, **HX)["ETag"]
    monkeypatch.setattr(board, "code_version", lambda: "a-new-release")
    again = client.get(url, HTTP_IF_NONE_MATCH=etag, **HX)
    assert again.status_code == 200
    assert again["ETag"] != etag
    assert client.get(url, HTTP_IF_NONE_MATCH=again["ETag"], **HX).status_code == 304


def test_the_owners_board_fragment_is_checked_for_its_owner_first(client, three, save_hole):
    save_hole(three, totals=[1, 2, 3])
    own(client, three)
    url = reverse("scoring:match_detail", args=[three.pk])
    etag = client.get(url, **HX)["ETag"]
    assert client.get(url, HTTP_IF_NONE_MATCH=etag, **HX).status_code == 304
    # Another browser learns nothing, not even that the board is unchanged.

    assert Client().get(url, HTTP_IF_NONE_MATCH=etag, **HX).status_code == 404
    # The whole page carries CSRF tokens: always sent whole.
    page = client.get(url, HTTP_IF_NONE_MATCH=etag)
    assert page.status_code == 200 and not page.has_header("ETag")


def test_htmx_keeps_its_board_when_told_it_has_not_changed(client, three):
    """A 304 is the browser's business: should one reach htmx itself, it must not
    replace the live board with nothing. The other codes are handled as htmx's
    own defaults handle them."""

    page = client.get(reverse("scoring:match_detail", args=[three.pk])).content.decode()
    config = json.loads(first_match(r"<meta name=\"htmx-config\" content='([^']+)'>", page)[1])
    handling = config["responseHandling"]
    assert {"code": "304", "swap": False} in handling
    assert handling.index({"code": "304", "swap": False}) < handling.index(
        {"code": "[23]..", "swap": True}
    )
    assert {"code": "[45]..", "swap": False, "error": True} in handling


def test_a_keepers_board_refreshes_itself_with_the_next_hole(client, three, save_hole):
    """Several phones keep one match: a keeper's board asks every few seconds, and a
    hole saved on another phone comes with the next hole's panel and the actions
    under the board, so this phone moves on too."""
    url = reverse("scoring:match_detail", args=[three.pk])
    page = client.get(url).content.decode()
    assert f'<div id="live" hx-get="{url}" hx-trigger="every 5s"' in page
    assert "Holes saved on other phones show when you reload." in page
    first = client.get(url, **HX)
    assert first.status_code == 200
    assert client.get(url, HTTP_IF_NONE_MATCH=first["ETag"], **HX).status_code == 304

    save_hole(three, totals=[1, 2, 3])  # on another phone
    again = client.get(url, HTTP_IF_NONE_MATCH=first["ETag"], **HX)
    assert again.status_code == 200
    fragment = again.content.decode()
    assert fragment.lstrip().startswith('<div id="live"')
    assert "Next: hole 2." in fragment
    assert reverse("scoring:hole_seats", args=[three.pk, 2]) in fragment
    assert '<div id="board"' in fragment
    assert reverse("scoring:hole_detail", args=[three.pk, 1]) in fragment
    # Nothing else of the page: the join link and the keepers stay as they are.
    assert "join-link" not in fragment
    assert "<h1>" not in fragment


def test_a_finished_matchs_board_stops_refreshing_and_drops_the_next_hole(client, three, save_hole):
    url = reverse("scoring:match_detail", args=[three.pk])
    first = client.get(url, **HX)
    save_hole(three, totals=[1, 2, 3])
    save_hole(three, totals=[3, 2, 1])  # the last hole, saved on another phone
    fragment = client.get(url, HTTP_IF_NONE_MATCH=first["ETag"], **HX).content.decode()
    assert fragment.lstrip().startswith('<div id="live">')
    assert "every 5s" not in fragment
    assert "Next: hole" not in fragment
    assert "Rematch" in fragment


def test_a_keepers_board_follows_the_seat_this_phone_picked(client, three):
    """The next hole's panel names this phone's seat: picking one is a change."""
    url = reverse("scoring:match_detail", args=[three.pk])
    first = client.get(url, **HX)
    assert "Enter my cards" not in first.content.decode()
    client.post(
        reverse("scoring:hole_seat", args=[three.pk, 1, 1]),
        {"number": "1", "grid_1": "8 5 7 / 8 3 9", "mine": "on", "save": "1"},
    )
    etag = first["ETag"]
    again = client.get(url, HTTP_IF_NONE_MATCH=etag, **HX)
    assert again.status_code == 200
    assert "Enter my cards (<bdi>Bob</bdi>)" in again.content.decode()
