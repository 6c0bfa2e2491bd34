"""Sign up, log in and out, passwords; log-in and sign-up are rate-limited."""

from urllib.parse import quote

import pytest
from django.contrib.auth.models import User
from django.core import mail
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from groups import ratelimit, services

pytestmark = pytest.mark.django_db

PASSWORD = "a-long-pass-phrase-9"


def test_sign_up_logs_in_and_lands_on_groups(client):
    response = client.post(
        reverse("signup"),
        {"username": "ann", "email": "", "password1": PASSWORD, "password2": PASSWORD},
    )
    assert response.status_code == 302
    assert response["Location"] == reverse("groups:list")
    assert client.get(reverse("groups:list")).status_code == 200


def test_sign_up_runs_the_password_validators(client):
    response = client.post(
        reverse("signup"),
        {"username": "ann", "password1": "12345678", "password2": "12345678"},
    )
    assert response.status_code == 200
    html = response.content.decode()
    assert "This password is too common." in html
    assert 'value="ann"' in html  # what was typed is kept
    assert not User.objects.exists()


def test_log_in_and_out(client, make_user):
    make_user("ann")
    response = client.post(reverse("login"), {"username": "ann", "password": PASSWORD})
    assert response.status_code == 302
    assert "_auth_user_id" in client.session
    client.post(reverse("logout"))
    assert "_auth_user_id" not in client.session


def test_log_in_is_limited_per_account(client, make_user):
    make_user("ann")
    for _ in range(ratelimit.LOGIN_LIMIT_PER_ACCOUNT):
        client.post(reverse("login"), {"username": "ann", "password": "wrong"})
    # Even the right password is refused once the account's attempts are used up.
    response = client.post(reverse("login"), {"username": "ann", "password": PASSWORD})
    assert response.status_code == 429
    assert "Too many attempts" in response.content.decode()
    assert "_auth_user_id" not in client.session


def test_log_in_is_limited_per_address(client, make_user):
    make_user("ann")
    for i in range(ratelimit.LOGIN_LIMIT_PER_ADDRESS):
        client.post(reverse("login"), {"username": f"nobody{i}", "password": "wrong"})
    response = client.post(reverse("login"), {"username": "ann", "password": PASSWORD})
    assert response.status_code == 429


def test_sign_up_is_limited_per_address(client):
    for i in range(ratelimit.SIGNUP_LIMIT_PER_ADDRESS):
        client.post(reverse("signup"), {"username": f"u{i}", "password1": "x", "password2": "y"})
    response = client.post(
        reverse("signup"),
        {"username": "late", "password1": PASSWORD, "password2": PASSWORD},
    )
    assert response.status_code == 429
    assert not User.objects.filter(username="late").exists()


def test_password_reset_mail_has_a_working_link(client, make_user):
    user = make_user("ann")
    user.email = "ann@example.com"
    user.save()
    client.post(reverse("password_reset"), {"email": "ann@example.com"})
    assert len(mail.outbox) == 1
    link = next(line for line in mail.outbox[0].body.splitlines() if "/reset/" in line)
    response = client.get(link.split("testserver", 1)[1], follow=True)
    assert "Choose a new password" in response.content.decode()


def test_password_change(client, make_user):
    client.force_login(make_user("ann"))
    response = client.post(
        reverse("password_change"),
        {
            "old_password": PASSWORD,
            "new_password1": "another-long-phrase-7",
            "new_password2": "another-long-phrase-7",
        },
        follow=True,
    )
    assert "Password changed" in response.content.decode()
    assert User.objects.get(username="ann").check_password("another-long-phrase-7")


def test_the_sign_up_pages_log_in_link_keeps_where_to_go_next(client):
    """Someone sent to sign up by an invitation link who turns out to have an
    account still lands on the invitation after logging in."""
    target = "/groups/join/abc/"
    html = client.get(reverse("signup"), {"next": target}).content.decode()
    assert f'href="{reverse("login")}?next={target}"' in html
    # Without one, the link is plain.
    assert f'href="{reverse("login")}"' in client.get(reverse("signup")).content.decode()


def test_someone_who_followed_an_invitation_is_told_why_to_log_in(client, make_user):
    """A new player taps the link in a message and lands on "Log in": the page
    names the group, and signing up brings them back to the invitation."""
    owner = make_user("olive")
    group = services.group_create(owner=owner, name="Friday golf")
    join = reverse(
        "groups:invite_accept", args=[services.invite_create(group=group, by=owner).token]
    )
    login = client.get(join, follow=True)
    html = login.content.decode()
    assert "You have been invited to join <strong>Friday golf</strong>." in html
    assert f'href="{reverse("signup")}?next={join}"' in html
    html = client.get(reverse("signup"), {"next": join}).content.decode()
    assert "You have been invited to join <strong>Friday golf</strong>." in html
    response = client.post(
        reverse("signup"),
        {"username": "newcomer", "password1": PASSWORD, "password2": PASSWORD, "next": join},
    )
    assert response["Location"] == join


def test_no_invitation_is_named_for_a_link_that_does_not_work_or_another_page(client, make_user):
    owner = make_user("olive")
    group = services.group_create(owner=owner, name="Friday golf")
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


def test_the_username_rule_is_written_in_words(client):
    html = client.get(reverse("signup")).content.decode()
    assert "Letters, digits and the signs @ . + - _ only, no spaces" in html
    assert "@/./+/-/_" not in html
