"""What a phone that joined may do: everything the phone that started the match
may, except deleting the match or moving it into a group; and a rematch stays with
the whole table."""

import pytest
from django.test import Client
from django.urls import reverse

from scoring.models import Hole, Match, MatchKeeper
from scoring.views.access import SESSION_KEY
from tests.factories import PlayerFactory
from tests.groups.factories import GroupFactory, UserFactory
from tests.keepers.helpers import join
from tests.scoresheet import GOOD, form_data, hole_data

pytestmark = pytest.mark.django_db


def test_a_joined_phone_enters_corrects_and_deletes_holes(three, phone):
    join(phone, three)
    saved = phone.post(reverse("scoring:hole_new", args=[three.pk]), hole_data(1, **GOOD))
    assert saved.status_code == 302
    hole = Hole.objects.get(match=three)
    assert [s.score for s in hole.scores.order_by("seat")] == [24, 28, 0]
    fixed = {**GOOD, "grid_0": "8 5 7 / 8 3 8"}
    edit = reverse("scoring:hole_edit", args=[three.pk, 1])
    assert phone.post(edit, hole_data(1, revision=1, **fixed)).status_code == 302
    hole.refresh_from_db()
    assert hole.revision == 2
    assert hole.scores.get(seat=0).grid == "8 5 7 / 8 3 8"
    assert phone.post(reverse("scoring:hole_delete", args=[three.pk, 1])).status_code == 302
    assert not Hole.objects.exists()


def start_rematch(phone, match):
    """Open the rematch's page on ``phone`` and start it as it comes."""
    url = reverse("scoring:match_rematch", args=[match.pk])
    return phone.post(url, form_data(phone.get(url).content.decode()))


def test_a_joined_phone_ends_the_match_and_starts_a_rematch_the_table_keeps(
    client, three, phone, save_hole
):
    join(phone, three)
    save_hole(three, totals=[1, 2, 3])
    phone.post(reverse("scoring:match_end", args=[three.pk]))
    three.refresh_from_db()
    assert three.is_finished
    response = start_rematch(phone, three)
    rematch = Match.objects.get(rematch_of=three)
    assert response["Location"] == reverse("scoring:hole_new", args=[rematch.pk])
    # The joined phone keeps it as a joined phone; the phone that started the match
    # keeps it as its starter (it may delete it), though it pressed nothing.
    assert MatchKeeper.objects.filter(match=rematch).count() == 1
    assert rematch.pk not in phone.session.get(SESSION_KEY, [])
    assert phone.get(rematch.get_absolute_url()).status_code == 200
    page = client.get(rematch.get_absolute_url())
    assert page.status_code == 200
    assert "Delete the match for good" in page.content.decode()
    assert rematch.get_absolute_url() in client.get(reverse("scoring:match_list")).content.decode()


def test_a_joined_phone_may_not_delete_the_match(three, phone):
    join(phone, three)
    url = reverse("scoring:match_delete", args=[three.pk])
    assert "Delete the match for good" not in phone.get(three.get_absolute_url()).content.decode()
    response = phone.post(url, follow=True)
    assert "Only the member who started this match can delete it." in response.content.decode()
    assert Match.objects.filter(pk=three.pk).exists()


def test_a_signed_in_phone_that_joined_may_not_move_the_match_into_its_group(three):
    user = UserFactory.create(username="mo")
    group = GroupFactory.create(owner=user, name="Mo's golf")
    phone = join(_signed_in(user), three)
    page = phone.get(three.get_absolute_url()).content.decode()
    assert "Keep it in a group" not in page
    response = phone.post(reverse("groups:match_move", args=[three.pk]), {"group": group.pk})
    assert response.status_code == 302
    three.refresh_from_db()
    assert three.group_id is None
    assert three.owner_id is None


def test_a_phone_may_join_a_group_match_without_being_a_member(save_hole):
    owner = UserFactory.create(username="olga")
    group = GroupFactory.create(owner=owner, name="Olga's golf")
    match = Match.objects.create(rules={"variant": "six-card"}, holes_planned=9, group=group)
    for seat, name in enumerate(["Ann", "Bob"]):
        PlayerFactory.create(match=match, seat=seat, name=name)
    outsider = _signed_in(UserFactory.create(username="otto"))
    assert outsider.get(match.get_absolute_url()).status_code == 404
    join(outsider, match)
    assert outsider.get(reverse("scoring:hole_new", args=[match.pk])).status_code == 200
    # The group itself stays for its members.
    assert outsider.get(reverse("groups:history", args=[group.pk])).status_code == 404


def _signed_in(user):
    client = Client()
    client.force_login(user)
    return client


def test_the_starting_phone_keeps_rematch_after_rematch_that_a_joined_phone_starts(
    client, three, phone, save_hole
):
    join(phone, three)
    match = three
    for _ in range(3):
        save_hole(match, totals=[1, 2, 3])
        phone.post(reverse("scoring:match_end", args=[match.pk]))
        start_rematch(phone, match)
        match = Match.objects.get(rematch_of=match)
        # The phone that started the first match opens each rematch as its own.
        page = client.get(match.get_absolute_url())
        assert page.status_code == 200
        assert "Delete the match for good" in page.content.decode()
    assert client.session[SESSION_KEY][-1] == match.pk
