"""The scoresheet's pages: plain and htmx paths, bad input, permissions, query counts."""

import re

import pytest
from django.urls import reverse

from scoring import services
from scoring.engine import RuleSet
from scoring.models import Match
from scoring.views import board
from tests.factories import MatchFactory
from tests.scoresheet import GOOD, HX, match_with, own

pytestmark = pytest.mark.django_db


# -- starting a match ------------------------------------------------------------------


# -- entering a hole -------------------------------------------------------------------


# -- scoreboard, hole detail, corrections ----------------------------------------------


def test_scoreboard_full_page_and_htmx_fragment(client, three, save_hole):
    save_hole(three, grids=list(GOOD.values()))
    url = reverse("scoring:match_detail", args=[three.pk])
    page = client.get(url).content.decode()
    assert "<h1>Scoreboard</h1>" in page
    assert "Enter hole 2" in page
    assert "<svg" in page
    fragment = client.get(url, **HX).content.decode()
    assert "<h1>" not in fragment
    assert 'id="board"' in fragment
    assert '<td class="num cell--won">0' in fragment


# -- who may see what ------------------------------------------------------------------


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


def test_the_owners_board_fragment_is_checked_for_its_owner_first(client, three, save_hole):
    save_hole(three, totals=[1, 2, 3])
    own(client, three)
    url = reverse("scoring:match_detail", args=[three.pk])
    etag = client.get(url, **HX)["ETag"]
    assert client.get(url, HTTP_IF_NONE_MATCH=etag, **HX).status_code == 304
    # Another browser learns nothing, not even that the board is unchanged.
    from django.test import Client

    assert Client().get(url, HTTP_IF_NONE_MATCH=etag, **HX).status_code == 404
    # The whole page carries CSRF tokens: always sent whole.
    page = client.get(url, HTTP_IF_NONE_MATCH=etag)
    assert page.status_code == 200 and not page.has_header("ETag")


# -- cost --------------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "holes"), [(2, 1), (8, 18)])
def test_the_scoreboard_costs_the_same_few_queries_at_any_size(
    client, save_hole, django_assert_max_num_queries, players, holes
):
    match = match_with(players, holes, save_hole)
    own(client, match)
    with django_assert_max_num_queries(6):
        page = client.get(reverse("scoring:match_detail", args=[match.pk])).content.decode()
    assert page.count('class="scorecard__name"') == players + 1


def test_a_board_is_drawn_once_until_the_match_changes(
    client, save_hole, django_assert_num_queries
):
    """A second look at an unchanged board reads no scores: the drawn board is
    kept, keyed on the match's last change."""
    match = match_with(8, 18, save_hole)
    own(client, match)
    url = reverse("scoring:match_detail", args=[match.pk])
    first = client.get(url).content.decode()
    with django_assert_num_queries(2):  # the match and the session
        again = client.get(url).content.decode()
    # Every page masks its CSRF token afresh; the rest is the same.
    masked = re.compile(r'"X-CSRFToken": "[^"]+"|name="csrfmiddlewaretoken" value="[^"]+"')
    assert masked.sub("", again) == masked.sub("", first)


@pytest.mark.parametrize("change", ["save", "correct", "delete", "end"])
def test_every_change_to_a_match_shows_on_a_board_already_drawn(client, save_hole, change):
    from scoring import services

    match = MatchFactory(players=["Ann", "Bob"], rules=RuleSet(holes=9).to_dict())
    own(client, match)
    save_hole(match, totals=[3, 4])
    save_hole(match, totals=[5, 6])
    urls = [
        reverse("scoring:match_detail", args=[match.pk]),
        reverse("scoring:match_shared", args=[match.share_token]),
    ]
    for url in urls:
        assert '<td class="num scorecard__total">8</td>' in client.get(url).content.decode()
    if change == "save":
        save_hole(match, totals=[10, 0])
        expected = ['<td class="num scorecard__total">18</td>', '<td class="num">10</td>']
    elif change == "correct":
        hole = match.holes.get(number=2)
        entry = services.HoleEntry(kind="totals", totals=(1, 6))
        services.hole_correct(hole=hole, entry=entry, revision=hole.revision)
        expected = ['<td class="num scorecard__total">4</td>']
    elif change == "delete":
        services.hole_delete_last(match=match, number=2)
        expected = ['<td class="num scorecard__total">3</td>', "After 1 of 9 holes"]
    else:
        services.match_end(match=Match.objects.get(pk=match.pk))
        expected = ['<h2 id="result-heading">Winner</h2>', "<h2>Summary</h2>"]
    for url in urls:
        page = client.get(url).content.decode()
        for text in expected:
            assert text in page, (url, text)


def test_the_owners_board_and_the_shared_board_are_drawn_apart(client, three, save_hole):
    """Only the owner's board links each hole to its page; the shared one, drawn
    from the same match, must not borrow the owner's drawing."""
    save_hole(three, totals=[1, 2, 3])
    hole_link = reverse("scoring:hole_detail", args=[three.pk, 1])
    owners = reverse("scoring:match_detail", args=[three.pk])
    assert hole_link in client.get(owners).content.decode()
    shared = client.get(reverse("scoring:match_shared", args=[three.share_token])).content.decode()
    assert hole_link not in shared
    assert hole_link in client.get(owners).content.decode()


def test_going_back_to_a_page_htmx_no_longer_keeps_gets_the_whole_page(client, three):
    """htmx is told not to send HX-Request when it fetches a page for Back or
    Forward, or pages that answer htmx with a fragment would come back as one."""
    page = client.get(reverse("scoring:match_detail", args=[three.pk])).content.decode()
    assert '"historyRestoreAsHxRequest": false' in page


def test_htmx_keeps_its_board_when_told_it_has_not_changed(client, three):
    """A 304 is the browser's business: should one reach htmx itself, it must not
    replace the live board with nothing. The other codes are handled as htmx's
    own defaults handle them."""
    import json

    page = client.get(reverse("scoring:match_detail", args=[three.pk])).content.decode()
    config = json.loads(re.search(r"<meta name=\"htmx-config\" content='([^']+)'>", page)[1])
    handling = config["responseHandling"]
    assert {"code": "304", "swap": False} in handling
    assert handling.index({"code": "304", "swap": False}) < handling.index(
        {"code": "[23]..", "swap": True}
    )
    assert {"code": "[45]..", "swap": False, "error": True} in handling


def test_csv_export_lists_every_hole_and_defuses_formulas(client, save_hole):
    match = MatchFactory(players=["=SUM(A1)", "Bob"])
    own(client, match)
    save_hole(match, totals=[5, -2])
    response = client.get(reverse("scoring:match_csv", args=[match.pk]))
    assert response["Content-Type"].startswith("text/csv")
    assert response.content.startswith(b"\xef\xbb\xbfPlayer,")  # for Excel: UTF-8
    lines = response.content.decode("utf-8-sig").splitlines()
    assert lines[0] == "Player,Hole 1,Total,Place"
    assert lines[1] == "'=SUM(A1),5,5,2"
    assert lines[2] == "Bob,-2,-2,1"


def test_paper_card_has_a_column_for_every_planned_hole_and_its_dealer(client, three, save_hole):
    save_hole(three, totals=[4, 5, 6])
    page = client.get(reverse("scoring:match_print", args=[three.pk])).content.decode()
    assert "<h1>Score card</h1>" in page
    assert page.count('<th scope="col" class="num">') == 3  # holes 1, 2 and the total
    assert '<td class="num">Bob</td>' in page  # Bob deals hole 2 after Ann


def test_the_paper_cards_dealers_are_named_as_short_as_tells_them_apart(client):
    match = MatchFactory(players=["Annabel", "Annie", "Dmitri"], rules=RuleSet(holes=3).to_dict())
    own(client, match)
    page = client.get(reverse("scoring:match_print", args=[match.pk])).content.decode()
    row = re.search(r'<tr class="dealer-row">(.*?)</tr>', page, re.S).group(1)
    assert re.findall(r'<td class="num">([^<]*)</td>', row) == ["Anna", "Anni", "Dmi"]


def test_the_paper_card_of_a_match_ended_early_stops_at_its_last_hole(client, three, save_hole):
    save_hole(three, totals=[4, 5, 6])
    services.match_end(match=three)
    page = client.get(reverse("scoring:match_print", args=[three.pk])).content.decode()
    assert page.count('<th scope="col" class="num">') == 2  # hole 1 and the total
    assert '<td class="num">Bob</td>' not in page  # no dealer for a hole never played


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
