"""The factories make what the pages expect: a member can open a group match."""

import pytest
from django.urls import reverse

from tests.groups.factories import GroupFactory, GroupMatchFactory, RosterPlayerFactory, UserFactory

pytestmark = pytest.mark.django_db


def test_a_factory_group_match_is_open_to_members_only(client):
    member = UserFactory.create()
    group = GroupFactory.create(members=[member])
    RosterPlayerFactory.create(group=group, name="Cleo")
    match = GroupMatchFactory.create(group=group, players=["Ann", "Cleo"])
    assert list(match.players.values_list("roster_player__name", flat=True)) == ["Ann", "Cleo"]
    assert group.roster.count() == 2
    client.force_login(member)
    assert "Ann" in client.get(match.get_absolute_url()).content.decode()
    client.force_login(UserFactory.create())
    assert client.get(match.get_absolute_url()).status_code == 404
    page = client.get(reverse("groups:detail", args=[group.pk]))
    assert page.status_code == 404
