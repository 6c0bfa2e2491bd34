"""Removing a member, leaving, and handing the group on: each asks first, on a page
of its own, and changes nothing until its button posts; a member may not remove
another, nor the owner leave; and the addresses that only take a POST, opened in
the address bar, go back to the group."""

import re

import pytest
from django.urls import reverse

from groups.models import Membership
from tests.patterns import text

pytestmark = pytest.mark.django_db


def test_removing_a_member_asks_first_and_changes_nothing(client, owner, member, group):
    client.force_login(owner)
    url = reverse("groups:member_remove", args=[group.pk, member.pk])
    page = client.get(url)
    assert page.status_code == 200
    assert "Remove milo from Friday golf?" in text(page)
    assert Membership.objects.filter(group=group, user=member).exists()
    client.post(url)
    assert not Membership.objects.filter(group=group, user=member).exists()


def test_leaving_asks_first(client, member, group):
    client.force_login(member)
    url = reverse("groups:member_remove", args=[group.pk, member.pk])
    page = client.get(url)
    assert page.status_code == 200
    assert "Leave Friday golf?" in text(page)
    assert Membership.objects.filter(group=group, user=member).exists()
    response = client.post(url)
    assert response["Location"] == reverse("groups:list")
    assert not Membership.objects.filter(group=group, user=member).exists()


def test_making_another_member_the_owner_asks_first(client, owner, member, group):
    client.force_login(owner)
    url = reverse("groups:ownership_transfer", args=[group.pk])
    page = client.get(url, {"user": member.pk})
    assert page.status_code == 200
    assert "Make milo the owner of Friday golf?" in text(page)
    assert f'name="user" value="{member.pk}"' in text(page)
    group.refresh_from_db()
    assert group.owner == owner
    client.post(url, {"user": member.pk})
    group.refresh_from_db()
    assert group.owner == member


def test_the_group_page_links_to_the_questions_and_posts_nothing_itself(
    client, owner, member, group
):
    client.force_login(owner)
    page = text(client.get(group.get_absolute_url()))
    remove = reverse("groups:member_remove", args=[group.pk, member.pk])
    hand_over = reverse("groups:ownership_transfer", args=[group.pk])
    assert f'href="{remove}"' in page
    assert f'href="{hand_over}?user={member.pk}"' in page
    assert f'action="{remove}"' not in page
    assert f'action="{hand_over}"' not in page
    client.force_login(member)
    page = text(client.get(group.get_absolute_url()))
    leave = reverse("groups:member_remove", args=[group.pk, member.pk])
    assert re.search(
        rf'<a class="button button--leave" href="{leave}"><span>Leave <bdi>Friday golf</bdi>', page
    )


def test_a_member_asking_to_remove_another_is_told_no_before_any_question(
    client, make_user, member, group
):
    third = make_user("tess")
    Membership.objects.create(group=group, user=third)
    client.force_login(member)
    response = client.get(reverse("groups:member_remove", args=[group.pk, third.pk]), follow=True)
    assert "Only the group&#x27;s owner can do that." in text(response)
    assert "Remove tess" not in text(response)


def test_the_owner_is_told_to_hand_over_before_leaving(client, owner, group):
    client.force_login(owner)
    response = client.get(reverse("groups:member_remove", args=[group.pk, owner.pk]), follow=True)
    assert "hand the group over first" in text(response)


@pytest.mark.parametrize(
    "name, args",
    [
        ("groups:invite_create", lambda g, i: [g.pk]),
        ("groups:invite_revoke", lambda g, i: [g.pk, i.pk]),
        ("groups:ownership_transfer", lambda g, i: [g.pk]),
    ],
)
def test_post_only_addresses_opened_go_back_to_the_group(client, owner, group, name, args):
    invite = group.invites.first()
    client.force_login(owner)
    response = client.get(reverse(name, args=args(group, invite)))
    assert response.status_code == 302
    assert response["Location"] == group.get_absolute_url()
    invite.refresh_from_db()
    assert invite.revoked_at is None
