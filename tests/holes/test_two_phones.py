"""A hole saved from two phones: the second phone's cards are kept beside the saved
hole, with what differs seat by seat, and can be applied as a correction under the
revision check. It used to show the scoreboard, and the second phone's cards were
gone."""

import re

import pytest
from django.urls import reverse

from scoring.models import Hole
from tests.scoresheet import GOOD, HX, hole_data

pytestmark = pytest.mark.django_db

#: What the second phone typed: Ann's last card differs (7, not 9), Cy's too.
MINE = {**GOOD, "grid_0": "8 5 7 / 8 3 7", "grid_2": "A 4 6 / A 4 5"}


def carried(page):
    """The hidden fields of the "Apply mine as a correction" form, as a browser posts them."""
    form = re.search(r'<form method="post" action="[^"]*/holes/1/edit/">(.*?)</form>', page, re.S)
    assert form, "no correction form on the page"
    fields = dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', form.group(1)))
    return fields


def second_phone(client, match, **headers):
    url = reverse("scoring:hole_new", args=[match.pk])
    client.post(url, hole_data(**GOOD))
    return client.post(url, hole_data(**MINE), **headers)


@pytest.mark.parametrize("headers", [{}, HX], ids=["plain", "htmx"])
def test_the_second_phone_sees_both_entries_and_what_differs(client, three, headers):
    response = second_phone(client, three, **headers)
    page = response.content.decode()
    assert response.status_code == 200
    assert "<title>Hole 1 from two phones" in page
    assert "Hole 1 was already saved from another phone." in page
    # Both entries, seat by seat, and each difference in words.
    assert "<code>8 5 7 / 8 3 9</code>" in page and "<code>8 5 7 / 8 3 7</code>" in page
    assert "Row 2, card 3: saved 9, yours 7." in page
    assert "Row 2, card 3: saved 6, yours 5." in page
    assert page.count("The same on both phones.") == 1  # Bob's
    # Nothing typed is lost: the correction carries it, against the saved revision.
    fields = carried(page)
    assert fields["grid_0"] == "8 5 7 / 8 3 7"
    assert fields["grid_2"] == "A 4 6 / A 4 5"
    assert fields["revision"] == "1"
    assert fields["number"] == "1"
    assert "HX-Push-Url" not in response  # the saved form's address is not put in history
    assert three.holes.get().scores.get(seat=0).score == 24


def test_applying_mine_corrects_the_saved_hole(client, three):
    fields = carried(second_phone(client, three).content.decode())
    response = client.post(reverse("scoring:hole_edit", args=[three.pk, 1]), fields)
    assert response.status_code == 302
    hole = three.holes.get()
    assert hole.revision == 2
    assert hole.scores.get(seat=0).grid == "8 5 7 / 8 3 7"
    assert hole.scores.get(seat=2).grid == "A 4 6 / A 4 5"


def test_a_hole_changed_again_meanwhile_is_not_overwritten_and_shown_as_it_now_is(client, three):
    fields = carried(second_phone(client, three).content.decode())
    # A third phone corrects hole 1 while the second looks at the comparison.
    edit = reverse("scoring:hole_edit", args=[three.pk, 1])
    third = {**GOOD, "grid_1": "K K 2 / Q J 9"}
    client.post(edit, hole_data(revision=1, **third))
    response = client.post(edit, fields)
    page = response.content.decode()
    assert "<title>Hole 1 from two phones" in page
    assert "Hole 1 was changed from another phone" in page
    assert "<code>K K 2 / Q J 9</code>" in page  # the new state
    again = carried(page)
    assert again["grid_0"] == "8 5 7 / 8 3 7"  # still mine
    assert again["revision"] == "2"
    hole = three.holes.get()
    assert hole.revision == 2
    assert hole.scores.get(seat=0).grid == "8 5 7 / 8 3 9"


def test_the_last_hole_from_two_phones_is_a_clash_not_a_finished_match(client, three, save_hole):
    save_hole(three, totals=[1, 2, 3])
    url = reverse("scoring:hole_new", args=[three.pk])
    client.post(url, hole_data(2, **GOOD))
    page = client.post(url, hole_data(2, **MINE)).content.decode()
    assert "<title>Hole 2 from two phones" in page
    assert "This match is finished" not in page


def test_totals_from_two_phones_say_which_totals_differ(client, three):
    url = reverse("scoring:hole_new", args=[three.pk])
    client.post(url, hole_data(kind="totals", total_0=5, total_1=7, total_2=0))
    page = client.post(
        url, hole_data(kind="totals", total_0=5, total_1=9, total_2=0)
    ).content.decode()
    assert "Total: saved 7, yours 9." in page
    assert carried(page)["total_1"] == "9"


def test_change_mine_first_opens_the_correction_with_my_cards(client, three):
    fields = carried(second_phone(client, three).content.decode())
    page = client.post(reverse("scoring:hole_preview", args=[three.pk]), fields).content.decode()
    assert "Correct hole 1" in page
    assert 'value="8 5 7 / 8 3 7"' in page
    assert re.search(r'name="revision" value="1"', page)


def test_a_hole_deleted_meanwhile_keeps_what_was_typed_as_the_next_hole(client, three, save_hole):
    save_hole(three, totals=[1, 2, 3])
    # This phone opened hole 2; another deleted hole 1... then hole 1 is the next.
    Hole.objects.filter(match=three).delete()
    page = client.post(
        reverse("scoring:hole_new", args=[three.pk]), hole_data(2, **MINE)
    ).content.decode()
    assert "so the next hole is hole 1" in page
    assert 'value="8 5 7 / 8 3 7"' in page
    assert re.search(r'name="number" value="1"', page)
    assert not three.holes.exists()


def test_the_two_phones_page_asks_the_database_as_often_for_eight_players_as_for_two(client):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from scoring.engine import RuleSet
    from tests.factories import MatchFactory
    from tests.scoresheet import own

    counts = []
    for players in (2, 8):
        match = MatchFactory.create(
            players=[f"P{n}" for n in range(players)], rules=RuleSet(variant="four-card").to_dict()
        )
        own(client, match)
        url = reverse("scoring:hole_new", args=[match.pk])
        data = {f"total_{n}": str(n) for n in range(players)}
        client.post(url, hole_data(kind="totals", **data))
        with CaptureQueriesContext(connection) as queries:
            page = client.post(url, hole_data(kind="totals", **{**data, "total_0": "9"}))
        assert "from two phones" in page.content.decode()
        counts.append(len(queries))
    assert counts[0] == counts[1]
