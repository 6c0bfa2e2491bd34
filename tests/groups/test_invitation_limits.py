"""What an invitation link may do: it lets nobody back in who was removed after it
was made, it stops working when it expires or has been used as often as the owner
allowed, and a link that no longer works says why and what to do."""

import datetime
import re

import pytest
from django.urls import reverse
from django.utils import timezone

from groups import services
from groups.models import Invite, Membership
from tests.patterns import visible_text

pytestmark = pytest.mark.django_db


def joined_with(client, user, token):
    """``user`` opens the link and presses Join: the two pages, and whether they are in."""
    client.force_login(user)
    url = reverse("groups:invite_accept", args=[token])
    page = client.get(url)
    joined = client.post(url)
    return page, joined


def is_member(group, user):
    return Membership.objects.filter(group=group, user=user).exists()


@pytest.mark.parametrize("leaving", [False, True])
def test_a_removed_member_cannot_come_back_with_an_old_link(
    client, group, owner, member, make_user, leaving
):
    """The member joined with the group's link; once removed (or gone of their own
    accord) that link, and any other made before, no longer lets them in: the page
    says so and sends them to the owner for a new link."""
    old = Invite.objects.get(group=group)
    other_old = services.invite_create(group=group, by=owner)
    client.force_login(member if leaving else owner)
    client.post(reverse("groups:member_remove", args=[group.pk, member.pk]))
    assert not is_member(group, member)

    for token in (old.token, other_old.token):
        page, joined = joined_with(client, member, token)
        assert not is_member(group, member)
        for response in (page, joined):
            html = visible_text(response.content.decode())
            if leaving:
                assert response.status_code == 403
                assert "This invitation link no longer lets you in" in html
                assert "Ask olive, who owns Friday golf, for a new invitation link." in html
            else:  # the removal revoked the link for everyone
                assert response.status_code == 404
                assert "This invitation link does not work The group's owner stopped it." in html
            assert "Join Friday golf" not in html

    if leaving:
        # Leaving of one's own accord: the old links still work for everyone else.
        _, joined = joined_with(client, make_user("fay"), old.token)
        assert joined.status_code == 302
    # A link the owner makes afterwards lets the member back in.
    new = services.invite_create(group=group, by=owner)
    page, joined = joined_with(client, member, new.token)
    assert "Join Friday golf?" in visible_text(page.content.decode())
    assert is_member(group, member)


def test_removal_stops_old_links_for_a_new_account_too(client, group, owner, member, make_user):
    """The removed member cannot come back through another account with a link made
    before the removal: the owner is told, the link says it no longer works, and a
    link made afterwards works."""
    old = Invite.objects.get(group=group)
    client.force_login(owner)
    removed = client.post(reverse("groups:member_remove", args=[group.pk, member.pk]), follow=True)
    assert (
        "milo is no longer a member. Invitation links made before now no longer work; "
        "make a new one to invite someone."
    ) in visible_text(removed.content.decode())

    other_account = make_user("milo2")
    page, joined = joined_with(client, other_account, old.token)
    assert not is_member(group, other_account)
    for response in (page, joined):
        assert response.status_code == 404
        html = visible_text(response.content.decode())
        assert "This invitation link does not work The group's owner stopped it." in html
        assert "Join Friday golf" not in html

    new = services.invite_create(group=group, by=owner)
    _, joined = joined_with(client, other_account, new.token)
    assert joined.status_code == 302
    assert is_member(group, other_account)


def test_removing_a_member_says_an_old_link_will_not_let_them_back(client, group, owner, member):
    client.force_login(owner)
    html = client.get(reverse("groups:member_remove", args=[group.pk, member.pk])).content.decode()
    assert "The invitation links made so far stop working, for everyone" in visible_text(html)


def test_a_new_link_lasts_a_week_unless_the_owner_chooses_otherwise(client, group, owner):
    client.force_login(owner)
    html = client.get(reverse("groups:detail", args=[group.pk])).content.decode()
    # The default is on the page, chosen, and can be changed.
    assert re.search(r'<option value="7" selected>7 days</option>', html)
    assert '<option value="1">1 day</option>' in html
    before = timezone.now()
    client.post(reverse("groups:invite_create", args=[group.pk]), {})
    made = Invite.objects.filter(group=group).latest("created_at")
    assert before + datetime.timedelta(days=7) <= made.expires_at
    assert made.expires_at <= timezone.now() + datetime.timedelta(days=7)
    assert made.max_uses is None

    client.post(reverse("groups:invite_create", args=[group.pk]), {"days": "1", "uses": "2"})
    short = Invite.objects.filter(group=group).latest("created_at")
    assert short.expires_at <= timezone.now() + datetime.timedelta(days=1)
    assert short.max_uses == 2


def test_each_link_on_the_group_page_says_until_when_and_how_many_uses_are_left(
    client, group, owner, make_user
):
    Invite.objects.filter(group=group).update(
        expires_at=datetime.datetime(2099, 3, 7, 12, tzinfo=datetime.UTC)
    )
    limited = services.invite_create(group=group, by=owner, days=1, max_uses=3)
    joined_with(client, make_user("fay"), limited.token)
    client.force_login(owner)
    html = client.get(reverse("groups:detail", args=[group.pk])).content.decode()
    until = timezone.localtime(limited.expires_at).strftime("%-d %b %Y, %H:%M")
    assert f"Works until {until}. 2 of 3 uses left." in html
    assert "Works until 7 Mar 2099, 12:00. Any number of people can use it." in html


@pytest.mark.parametrize(
    ("data", "field", "message"),
    [
        ({"days": "3"}, "days", "Choose how long the link works from the list."),
        ({"days": "7", "uses": "0"}, "uses", "Let the link be used at least once."),
        ({"days": "7", "uses": "lots"}, "uses", "Enter a whole number of uses"),
        ({"days": "7", "uses": "1000"}, "uses", "at most 100"),
    ],
)
def test_a_bad_lifetime_or_number_of_uses_is_explained_beside_it(
    client, group, owner, data, field, message
):
    client.force_login(owner)
    response = client.post(reverse("groups:invite_create", args=[group.pk]), data)
    assert response.status_code == 200
    html = response.content.decode()
    assert message in html
    errors = re.search(rf'id="id_{field}_error"[^>]*>(.*?)</ul>', html, re.S)
    assert errors is not None and message in errors.group(1)
    assert Invite.objects.filter(group=group).count() == 1


def test_an_expired_link_says_so(client, group, owner, stranger):
    invite = services.invite_create(group=group, by=owner)
    Invite.objects.filter(pk=invite.pk).update(
        expires_at=timezone.now() - datetime.timedelta(minutes=1)
    )
    page, joined = joined_with(client, stranger, invite.token)
    for response in (page, joined):
        assert response.status_code == 404
        html = response.content.decode()
        assert "This invitation link has expired" in html
        assert "Ask whoever sent it for a new link." in html
    assert not is_member(group, stranger)
    # Nor is it offered on the log-in page, nor listed for the owner to share.
    client.logout()
    next_page = reverse("groups:invite_accept", args=[invite.token])
    assert "Friday golf" not in client.get(reverse("login"), {"next": next_page}).content.decode()
    client.force_login(owner)
    assert (
        invite.token not in client.get(reverse("groups:detail", args=[group.pk])).content.decode()
    )


def test_a_link_for_two_lets_in_two(client, group, owner, make_user):
    invite = services.invite_create(group=group, by=owner, max_uses=2)
    fay, lou, tia = make_user("fay"), make_user("lou"), make_user("tia")
    joined_with(client, fay, invite.token)
    # Opening it again as a member uses nothing up.
    page, _ = joined_with(client, fay, invite.token)
    assert "You are already a member of Friday golf" in visible_text(page.content.decode())
    joined_with(client, lou, invite.token)
    assert is_member(group, fay) and is_member(group, lou)
    page, joined = joined_with(client, tia, invite.token)
    for response in (page, joined):
        assert response.status_code == 404
        html = response.content.decode()
        assert "This invitation link has been used as many times as it allows" in html
        assert "Ask whoever sent it for a new link." in html
    assert not is_member(group, tia)
    invite.refresh_from_db()
    assert invite.uses == 2
    with pytest.raises(services.GroupActionError):
        services.invite_accept(token=invite.token, user=tia)


def test_a_used_up_link_is_gone_from_the_group_page(client, group, owner, stranger):
    invite = services.invite_create(group=group, by=owner, max_uses=1)
    joined_with(client, stranger, invite.token)
    client.force_login(owner)
    assert (
        invite.token not in client.get(reverse("groups:detail", args=[group.pk])).content.decode()
    )
