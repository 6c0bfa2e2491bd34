"""The scoreboard's hand-over section: the join link and its QR code, for keepers
only; replacing the link; the phones that joined, each of which a keeper can
remove, which takes its rights away at once."""

import re

import pytest
from django.urls import reverse

from scoring.models import MatchKeeper, ReplacedJoinLink
from tests.factories import MatchFactory
from tests.keepers.helpers import join, join_url
from tests.scoresheet import hole_data

pytestmark = pytest.mark.django_db


def test_the_scoreboard_shows_the_join_link_and_its_code(client, three):
    page = client.get(three.get_absolute_url()).content.decode()
    assert "Keep the score on another phone" in page
    assert f"http://testserver{join_url(three)}" in page
    assert f'src="{reverse("scoring:match_join_qr", args=[three.pk])}"' in page
    assert "No other phone has joined yet." in page
    # Not on the page that followers see.
    shared = client.get(reverse("scoring:match_shared", args=[three.share_token]))
    assert three.join_token not in shared.content.decode()
    assert "Keep the score on another phone" not in shared.content.decode()


def test_the_qr_code_is_an_svg_of_the_join_link_for_keepers_only(client, three, phone):
    url = reverse("scoring:match_join_qr", args=[three.pk])
    response = client.get(url)
    assert response.status_code == 200
    assert response["Content-Type"] == "image/svg+xml"
    assert "no-store" in response["Cache-Control"]
    svg = response.content.decode()
    assert svg.startswith("<svg") and "viewBox" in svg and "<script" not in svg
    assert phone.get(url).status_code == 404
    join(phone, three)
    assert phone.get(url).content == svg.encode()


def test_the_qr_code_reads_as_the_join_link(client, three):
    segno = pytest.importorskip("segno")
    # The same link drawn again gives the same picture: the code holds the link.
    expected = segno.make(f"http://testserver{join_url(three)}", error="m", micro=False)
    mine = client.get(reverse("scoring:match_join_qr", args=[three.pk])).content.decode()
    again = expected.svg_inline(scale=1, border=4, dark="#000", light="#fff", omitsize=True)
    assert _path(mine) == _path(again)


def _path(svg: str) -> str:
    found = re.search(r'<path[^>]*stroke="#000"[^>]*d="([^"]+)"', svg)
    assert found, svg
    return found.group(1)


def test_replacing_the_link_asks_first_then_gives_a_new_one(client, three, phone):
    old_token = three.join_token
    url = reverse("scoring:match_join_replace", args=[three.pk])
    ask = client.post(url)
    assert ask.status_code == 200
    assert "Stop the join link?" in ask.content.decode()
    three.refresh_from_db()
    assert three.join_token == old_token
    done = client.post(url, {"confirm": "yes"}, follow=True)
    three.refresh_from_db()
    assert three.join_token != old_token
    assert ReplacedJoinLink.objects.get().token == old_token
    page = done.content.decode()
    assert "The old join link no longer lets anyone in." in page
    assert three.join_token in page and old_token not in page
    assert phone.post(reverse("scoring:match_join", args=[old_token])).status_code == 410


def test_phones_that_joined_stay_keepers_when_the_link_is_replaced(client, three, phone):
    join(phone, three)
    client.post(reverse("scoring:match_join_replace", args=[three.pk]), {"confirm": "yes"})
    assert phone.get(three.get_absolute_url()).status_code == 200


def test_the_phones_that_joined_are_listed_with_when_they_joined(client, three, phone):
    join(phone, three)
    keeper = MatchKeeper.objects.get()
    page = client.get(three.get_absolute_url()).content.decode()
    assert f"Phone 1, joined {keeper.joined_at:%-d %b, %H:%M}" in page
    assert "(this phone)" not in page
    assert "Phone 1 (this phone), joined" in phone.get(three.get_absolute_url()).content.decode()


def test_a_keeper_removes_a_phone_which_loses_its_rights_at_once(client, three, phone):
    join(phone, three)
    form = phone.get(reverse("scoring:hole_new", args=[three.pk]))
    assert form.status_code == 200
    keeper = MatchKeeper.objects.get()
    removed = client.post(
        reverse("scoring:match_keeper_remove", args=[three.pk, keeper.pk]), follow=True
    )
    assert "That phone can no longer change this match." in removed.content.decode()
    assert not MatchKeeper.objects.exists()
    # The form it had open saves nothing now.
    save = phone.post(reverse("scoring:hole_new", args=[three.pk]), hole_data(1, total_0=1))
    assert save.status_code == 404
    assert not three.holes.exists()
    assert phone.get(three.get_absolute_url()).status_code == 404
    assert phone.get(reverse("scoring:match_join_qr", args=[three.pk])).status_code == 404
    # Removed twice (two keepers at once): said, not an error.
    again = client.post(
        reverse("scoring:match_keeper_remove", args=[three.pk, keeper.pk]), follow=True
    )
    assert "That phone had already been removed." in again.content.decode()


def test_a_joined_phone_may_leave_and_goes_to_its_matches(three, phone):
    join(phone, three)
    keeper = MatchKeeper.objects.get()
    response = phone.post(reverse("scoring:match_keeper_remove", args=[three.pk, keeper.pk]))
    assert response["Location"] == reverse("scoring:match_list")
    assert phone.get(three.get_absolute_url()).status_code == 404


def test_a_keeper_of_another_match_cannot_remove_this_ones_phones(client, three, phone):
    join(phone, three)
    keeper = MatchKeeper.objects.get()
    other = MatchFactory.create(players=["Di", "Ed"])
    stranger = join(type(client)(), other)
    response = stranger.post(reverse("scoring:match_keeper_remove", args=[other.pk, keeper.pk]))
    assert response.status_code == 302
    assert MatchKeeper.objects.filter(pk=keeper.pk).exists()
    assert (
        stranger.post(
            reverse("scoring:match_keeper_remove", args=[three.pk, keeper.pk])
        ).status_code
        == 404
    )
    assert MatchKeeper.objects.filter(pk=keeper.pk).exists()
