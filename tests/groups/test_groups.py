"""Groups as their members use them: start one, roster, invitations, owners."""

import datetime
import re

import pytest
from django.urls import reverse
from django.utils import timezone

from groups import services
from groups.models import Group, Invite, Membership
from tests.patterns import text, visible_text

pytestmark = pytest.mark.django_db


def test_start_a_group_and_become_its_owner(client, owner):
    client.force_login(owner)
    response = client.post(reverse("groups:list"), {"name": "  Friday golf  "}, follow=True)
    group = Group.objects.get()
    assert group.name == "Friday golf"
    assert group.owner == owner
    assert Membership.objects.filter(group=group, user=owner).exists()
    assert "<h1><bdi>Friday golf</bdi></h1>" in response.content.decode()


def test_a_blank_group_name_is_refused_next_to_the_field(client, owner):
    client.force_login(owner)
    response = client.post(reverse("groups:list"), {"name": "   "})
    assert response.status_code == 200
    assert "This field is required." in response.content.decode() or "Give the group a name." in (
        response.content.decode()
    )
    assert not Group.objects.exists()


def test_group_list_shows_only_my_groups(client, group, stranger):
    services.group_create(owner=stranger, name="Stan's table")
    client.force_login(stranger)
    html = client.get(reverse("groups:list")).content.decode()
    assert "<strong><bdi>Stan&#x27;s table</bdi></strong>" in html
    assert "<strong><bdi>Friday golf</bdi></strong>" not in html


def test_roster_add_and_duplicate_name(client, group, member):
    client.force_login(member)
    client.post(reverse("groups:roster_add", args=[group.pk]), {"name": "Ben"})
    response = client.post(
        reverse("groups:roster_add", args=[group.pk]), {"name": "Ann"}, follow=True
    )
    assert sorted(group.roster.values_list("name", flat=True)) == ["Ann", "Ben"]
    assert "Ann is already on the roster." in response.content.decode()


def test_player_names_are_escaped(client, group, member):
    client.force_login(member)
    client.post(reverse("groups:roster_add", args=[group.pk]), {"name": "<b>Bo</b>"})
    html = client.get(reverse("groups:detail", args=[group.pk])).content.decode()
    assert "<b>Bo</b>" not in html
    assert "&lt;b&gt;Bo&lt;/b&gt;" in html


def test_owner_hands_over_the_group(client, group, owner, member):
    client.force_login(owner)
    client.post(reverse("groups:ownership_transfer", args=[group.pk]), {"user": member.pk})
    group.refresh_from_db()
    assert group.owner == member


def test_owner_cannot_leave_without_handing_over(client, group, owner):
    client.force_login(owner)
    response = client.post(reverse("groups:member_remove", args=[group.pk, owner.pk]), follow=True)
    assert "The owner cannot leave; hand the group over first." in response.content.decode()
    assert Membership.objects.filter(group=group, user=owner).exists()


def test_a_member_can_leave(client, group, member):
    client.force_login(member)
    client.post(reverse("groups:member_remove", args=[group.pk, member.pk]))
    assert not Membership.objects.filter(group=group, user=member).exists()


def test_owner_sees_invitation_links_and_members_do_not(client, group, owner, member):
    client.force_login(owner)
    assert (
        "Invitation link" in client.get(reverse("groups:detail", args=[group.pk])).content.decode()
    )
    client.force_login(member)
    assert (
        "Invitation link"
        not in client.get(reverse("groups:detail", args=[group.pk])).content.decode()
    )


def test_each_invitation_link_says_when_it_was_made(client, group, owner):
    """Two links in the same box, both called "Invitation link", left the owner
    guessing which one to revoke."""
    old = services.invite_create(group=group, by=owner)
    Invite.objects.filter(pk=old.pk).update(
        created_at=datetime.datetime(2025, 3, 7, 12, tzinfo=datetime.UTC)
    )
    services.invite_create(group=group, by=owner)
    client.force_login(owner)
    html = client.get(reverse("groups:detail", args=[group.pk])).content.decode()
    today = timezone.localdate().strftime("%-d %b %Y")
    labels = re.findall(r'<label for="invite-\d+">([^<]*)</label>', html)
    # The group's first link (made today too), then these, newest first.
    assert labels == [f"Invitation link made {today}"] * 2 + ["Invitation link made 7 Mar 2025"]


def test_the_invitations_help_says_a_newcomer_can_join_too(client, group, owner):
    """The log-in page an invitation leads to offers to make an account and comes
    back: the help no longer says only people with an account can join."""
    client.force_login(owner)
    html = client.get(reverse("groups:detail", args=[group.pk])).content.decode()
    assert "someone without an account is asked to make one first" in html
    assert "who has an account can join" not in html


@pytest.mark.parametrize("name", ["", "   "])
def test_an_empty_group_name_gets_the_forms_own_message(client, member, name):
    client.force_login(member)
    response = client.post(reverse("groups:list"), {"name": name})
    assert response.status_code == 200
    assert "Give the group a name." in text(response)
    assert "This field is required." not in text(response)


def test_a_long_group_name_is_refused_in_plain_words(client, member):
    client.force_login(member)
    response = client.post(reverse("groups:list"), {"name": "G" * 61})
    assert "Keep the name to 60 characters or fewer." in text(response)


def test_a_member_opening_the_invitation_again_is_told_and_sent_to_the_group(client, member, group):
    invite = group.invites.first()
    client.force_login(member)
    page = text(client.get(reverse("groups:invite_accept", args=[invite.token])))
    assert "You are already a member of Friday golf" in visible_text(page)
    assert f'href="{group.get_absolute_url()}"' in page
    assert "Join Friday golf?" not in visible_text(page)
    assert "<form" not in page.split('<main id="main"', 1)[1]


def test_someone_new_is_still_asked_to_join(client, stranger, group):
    invite = group.invites.first()
    client.force_login(stranger)
    page = text(client.get(reverse("groups:invite_accept", args=[invite.token])))
    assert "Join Friday golf?" in visible_text(page)
