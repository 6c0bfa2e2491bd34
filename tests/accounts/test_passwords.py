"""Django's password pages: reset by mail, change when signed in."""

import re

import pytest
from django.contrib.auth.models import User
from django.core import mail
from django.urls import reverse

from tests.accounts.conftest import PASSWORD

pytestmark = pytest.mark.django_db


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


def test_the_header_names_who_is_signed_in_and_leads_to_the_password(client, make_user):
    client.force_login(make_user("milo"))
    page = client.get(reverse("groups:list")).content.decode()
    link = re.search(r'<a class="account-nav__user" href="([^"]+)"[^>]*><bdi>milo</bdi></a>', page)
    assert link, "the username is in the header"
    # Through the account page.
    account = client.get(link.group(1)).content.decode()
    assert f'href="{reverse("password_change")}"' in account
    change = client.get(reverse("password_change")).content.decode()
    assert "You are signed in as <strong>milo</strong>." in change


def test_password_resets_are_limited_per_email_address(client, make_user):
    user = make_user("ann")
    user.email = "ann@example.com"
    user.save()
    from golfsite import ratelimit

    pages = [
        client.post(
            reverse("password_reset"), {"email": "ANN@example.com"}, REMOTE_ADDR=f"10.2.0.{i}"
        )
        for i in range(15)
    ]
    assert len(mail.outbox) == ratelimit.RESET_PER_EMAIL.attempts
    # Every request is answered alike, mail or not: the page never tells whether
    # an account uses the address, nor whether the limit was reached.
    assert {(page.status_code, page["Location"]) for page in pages} == {
        (302, reverse("password_reset_done"))
    }


def test_password_resets_are_limited_per_address(client, make_user):
    from golfsite import ratelimit

    for i in range(20):
        user = make_user(f"p{i}")
        user.email = f"p{i}@example.com"
        user.save()
    for i in range(20):
        page = client.post(reverse("password_reset"), {"email": f"p{i}@example.com"})
        assert page.status_code == 302
    assert len(mail.outbox) == ratelimit.RESET_PER_ADDRESS.attempts


def test_a_reset_for_an_unknown_address_looks_like_any_other(client):
    page = client.post(reverse("password_reset"), {"email": "nobody@example.com"}, follow=True)
    assert "If an account uses that address" in page.content.decode()
    assert not mail.outbox
