"""A share link sent to the wrong chat can be stopped: a keeper of the match replaces
it with a new one, after a question that works without JavaScript; the old link is
gone at once and the new one works. Nobody else can do it."""

import re

import pytest
from django.test import Client
from django.urls import reverse

from groups import services as group_services
from scoring.models import Match
from tests.groups.factories import GroupMatchFactory, UserFactory

pytestmark = pytest.mark.django_db


def shared(token):
    return reverse("scoring:match_shared", args=[token])


def test_a_keeper_replaces_the_share_link_and_the_old_one_stops(client, three, save_hole):
    save_hole(three, totals=[1, 2, 3])
    old = three.share_token
    follower = Client()
    assert follower.get(shared(old)).status_code == 200
    replace = reverse("scoring:match_share_replace", args=[three.pk])

    # The scoreboard's button posts; the answer asks first, and changes nothing.
    page = client.get(three.get_absolute_url()).content.decode()
    button = re.search(rf'<form method="post" action="{replace}"[^>]*>(.*?)</form>', page, re.S)
    assert button is not None and "Stop this link and make a new one" in button.group(1)
    question = client.post(replace)
    assert question.status_code == 200
    html = question.content.decode()
    assert "Stop the share link?" in html
    assert "Whoever has the link now will no longer be able to follow the match" in html
    confirm = re.search(rf'<form method="post" action="{replace}"[^>]*>(.*?)</form>', html, re.S)
    assert confirm is not None
    assert '<input type="hidden" name="confirm" value="yes">' in confirm.group(1)
    assert Match.objects.get(pk=three.pk).share_token == old

    # Opened as an address, the same question.
    assert "Stop the share link?" in client.get(replace).content.decode()

    done = client.post(replace, {"confirm": "yes"}, follow=True)
    new = Match.objects.get(pk=three.pk).share_token
    assert new != old
    assert done.redirect_chain[-1][0] == three.get_absolute_url()
    html = done.content.decode()
    assert "The old share link no longer works" in html
    assert shared(new) in html and shared(old) not in html
    assert follower.get(shared(old)).status_code == 404
    assert follower.get(shared(new)).status_code == 200


def test_nobody_but_a_keeper_can_replace_the_share_link(three):
    old = three.share_token
    replace = reverse("scoring:match_share_replace", args=[three.pk])
    other = Client()  # another browser, not the one that keeps the match
    for response in (other.get(replace), other.post(replace, {"confirm": "yes"})):
        assert response.status_code == 404
    other.force_login(UserFactory.create(username="stan"))
    assert other.post(replace, {"confirm": "yes"}).status_code == 404
    # The shared page offers no way to do it.
    assert replace not in Client().get(shared(old)).content.decode()
    assert Match.objects.get(pk=three.pk).share_token == old


def test_a_group_member_replaces_a_group_matchs_link_and_a_former_member_cannot(client):
    match = GroupMatchFactory.create()
    group = match.group
    assert group is not None
    owner = group.owner
    milo = UserFactory.create(username="milo")
    group_services.invite_accept(
        token=group_services.invite_create(group=group, by=owner).token, user=milo
    )
    group_services.member_remove(group=group, by=owner, user=milo)
    replace = reverse("scoring:match_share_replace", args=[match.pk])
    client.force_login(milo)
    assert client.post(replace, {"confirm": "yes"}).status_code == 404
    old = Match.objects.get(pk=match.pk).share_token
    assert old == match.share_token
    client.force_login(owner)
    assert client.post(replace, {"confirm": "yes"}).status_code == 302
    assert Match.objects.get(pk=match.pk).share_token != old
