"""An invitation link sends a visitor to log in or sign up: the pages name the
group, and both come back to the invitation afterwards."""

from urllib.parse import quote

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from groups import services
from tests.accounts.conftest import PASSWORD
from tests.groups.factories import GroupFactory

pytestmark = pytest.mark.django_db


def test_someone_who_followed_an_invitation_is_told_why_to_log_in(client, make_user):
    """A new player taps the link in a message and lands on "Log in": the page
    names the group, and signing up brings them back to the invitation."""
    owner = make_user("olive")
    group = GroupFactory.create(owner=owner, name="Friday golf")
    join = reverse(
        "groups:invite_accept", args=[services.invite_create(group=group, by=owner).token]
    )
    login = client.get(join, follow=True)
    html = login.content.decode()
    assert "You have been invited to join <strong><bdi>Friday golf</bdi></strong>." in html
    assert f'href="{reverse("signup")}?next={join}"' in html
    html = client.get(reverse("signup"), {"next": join}).content.decode()
    assert "You have been invited to join <strong><bdi>Friday golf</bdi></strong>." in html
    response = client.post(
        reverse("signup"),
        {"username": "newcomer", "password1": PASSWORD, "password2": PASSWORD, "next": join},
    )
    assert response["Location"] == join


def test_no_invitation_is_named_for_a_link_that_does_not_work_or_another_page(client, make_user):
    owner = make_user("olive")
    group = GroupFactory.create(owner=owner, name="Friday golf")
    invite = services.invite_create(group=group, by=owner)
    services.invite_revoke(invite=invite, by=owner)
    for target in [
        reverse("groups:invite_accept", args=[invite.token]),
        reverse("groups:invite_accept", args=["made-up"]),
        reverse("groups:detail", args=[group.pk]),
        "https://elsewhere.example/groups/join/" + invite.token + "/",
    ]:
        for page in ("login", "signup"):
            html = client.get(reverse(page), {"next": target}).content.decode()
            assert "invited" not in html, (page, target)
            assert "Friday golf" not in html, (page, target)


@pytest.mark.parametrize("token", ["\x00", "a\x00b", "x" * 65, "a b"])
def test_a_token_no_invitation_can_have_is_never_looked_up(client, make_user, token):
    """PostgreSQL refuses a NUL in a text value (a 500, not a 404), so a token that
    cannot be one is turned away before the database, by the log-in page reading
    where to go next and by the invitation's own address alike."""
    with CaptureQueriesContext(connection) as queries:
        page = client.get(reverse("login"), {"next": f"/groups/join/{token}/"})
    assert page.status_code == 200
    assert not [q for q in queries if "groups_invite" in q["sql"]]
    client.force_login(make_user("stan"))
    with CaptureQueriesContext(connection) as queries:
        response = client.get(f"/groups/join/{quote(token)}/")
    assert response.status_code == 404
    assert "This invitation link does not work" in response.content.decode()
    assert not [q for q in queries if "groups_invite" in q["sql"]]
