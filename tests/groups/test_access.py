"""Only members see a group: everyone else gets a 404 on every group URL."""

import pytest
from django.urls import reverse

from groups import services
from groups.models import Invite, Membership
from tests.patterns import visible_text

pytestmark = pytest.mark.django_db


def group_urls(group, owner, member):
    invite = Invite.objects.filter(group=group)[0]
    ann = group.roster.get(name="Ann")
    return [
        ("get", reverse("groups:history", args=[group.pk]), {"player": ann.pk}),
        ("get", reverse("groups:player", args=[group.pk, ann.pk]), {}),
        ("get", reverse("groups:export_json", args=[group.pk]), {}),
        ("get", reverse("groups:export_csv", args=[group.pk]), {}),
        ("get", reverse("groups:match_new", args=[group.pk]), {}),
        (
            "post",
            reverse("groups:match_new", args=[group.pk]),
            {"roster": [ann.pk], "player_1": "Zed", "variant": "six-card", "holes": "9"},
        ),
        ("get", reverse("groups:detail", args=[group.pk]), {}),
        ("post", reverse("groups:roster_add", args=[group.pk]), {"name": "Eve"}),
        ("post", reverse("groups:invite_create", args=[group.pk]), {}),
        ("post", reverse("groups:invite_revoke", args=[group.pk, invite.pk]), {}),
        ("post", reverse("groups:member_remove", args=[group.pk, member.pk]), {}),
        ("post", reverse("groups:ownership_transfer", args=[group.pk]), {"user": member.pk}),
    ]


def test_every_group_url_is_404_for_a_non_member(client, group, owner, member, stranger):
    client.force_login(stranger)
    for method, url, data in group_urls(group, owner, member):
        response = getattr(client, method)(url, data)
        assert response.status_code == 404, (method, url)
    # ...and nothing changed.
    assert group.roster.count() == 1
    assert not group.matches.exists()
    assert Membership.objects.filter(group=group).count() == 2
    group.refresh_from_db()
    assert group.owner == owner


def test_every_group_url_sends_an_anonymous_visitor_to_log_in(client, group, owner, member):
    for method, url, data in group_urls(group, owner, member):
        response = getattr(client, method)(url, data)
        assert response.status_code == 302, (method, url)
        assert response["Location"].startswith(reverse("login"))


def test_an_unknown_group_looks_the_same_as_a_private_one(client, stranger, group):
    client.force_login(stranger)
    private = client.get(reverse("groups:detail", args=[group.pk]))
    missing = client.get(reverse("groups:detail", args=[group.pk + 1000]))
    assert private.status_code == missing.status_code == 404


def test_a_removed_member_loses_access(client, group, owner, member):
    client.force_login(member)
    assert client.get(reverse("groups:detail", args=[group.pk])).status_code == 200
    services.member_remove(group=group, by=owner, user=member)
    assert client.get(reverse("groups:detail", args=[group.pk])).status_code == 404
    for method, url, data in group_urls(group, owner, member):
        if method == "get":
            assert client.get(url, data).status_code == 404, url


def test_an_invite_works_until_revoked_and_never_after(client, group, owner, make_user):
    invite = services.invite_create(group=group, by=owner)
    url = reverse("groups:invite_accept", args=[invite.token])
    first = make_user("fay")
    client.force_login(first)
    assert "Join Friday golf?" in visible_text(client.get(url).content.decode())
    client.post(url)
    assert Membership.objects.filter(group=group, user=first).exists()

    services.invite_revoke(invite=invite, by=owner)
    late = make_user("lou")
    client.force_login(late)
    assert client.get(url).status_code == 404
    assert client.post(url).status_code == 404
    assert not Membership.objects.filter(group=group, user=late).exists()


def test_a_made_up_token_is_404(client, stranger):
    client.force_login(stranger)
    assert client.get(reverse("groups:invite_accept", args=["not-a-token"])).status_code == 404


def test_members_cannot_do_what_only_the_owner_may(client, group, member, make_user):
    client.force_login(member)
    client.post(reverse("groups:invite_create", args=[group.pk]))
    assert Invite.objects.filter(group=group).count() == 1  # only the fixture's
    third = make_user("tia")
    Membership.objects.create(group=group, user=third)
    client.post(reverse("groups:member_remove", args=[group.pk, third.pk]))
    assert Membership.objects.filter(group=group, user=third).exists()


@pytest.mark.parametrize("revoked", [True, False])
def test_a_link_that_does_not_work_says_so_and_what_to_do(client, group, owner, stranger, revoked):
    """Revoked, or cut short when it was copied from a message: either way the page
    says the link does not work and to ask for a new one, not just "Page not found"."""
    invite = services.invite_create(group=group, by=owner)
    token = invite.token
    if revoked:
        services.invite_revoke(invite=invite, by=owner)
    else:
        token = token[:-5]
    client.force_login(stranger)
    url = reverse("groups:invite_accept", args=[token])
    for response in (client.get(url), client.post(url)):
        assert response.status_code == 404
        html = response.content.decode()
        assert "This invitation link does not work" in html
        assert "Ask whoever sent it for a new link." in html
    assert not Membership.objects.filter(group=group, user=stranger).exists()
