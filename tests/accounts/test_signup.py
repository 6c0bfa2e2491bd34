"""Signing up: an account, logged straight in; limited per address."""

import pytest
from django.contrib.auth.models import User
from django.urls import reverse

from golfsite import ratelimit
from tests.accounts.conftest import PASSWORD

pytestmark = pytest.mark.django_db


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


def test_sign_up_is_limited_per_address(client):
    for i in range(ratelimit.SIGNUP_PER_ADDRESS.attempts):
        client.post(reverse("signup"), {"username": f"u{i}", "password1": "x", "password2": "y"})
    response = client.post(
        reverse("signup"),
        {"username": "late", "password1": PASSWORD, "password2": PASSWORD},
    )
    assert response.status_code == 429
    assert not User.objects.filter(username="late").exists()


def test_the_sign_up_pages_log_in_link_keeps_where_to_go_next(client):
    """Someone sent to sign up by an invitation link who turns out to have an
    account still lands on the invitation after logging in."""
    target = "/groups/join/abc/"
    html = client.get(reverse("signup"), {"next": target}).content.decode()
    assert f'href="{reverse("login")}?next={target}"' in html
    # Without one, the link is plain.
    assert f'href="{reverse("login")}"' in client.get(reverse("signup")).content.decode()


def test_the_username_rule_is_written_in_words(client):
    html = client.get(reverse("signup")).content.decode()
    assert "Letters a to z without accents, digits and the signs @ . + - _ only" in html
    assert "@/./+/-/_" not in html


def sign_up(client, username, email=""):
    return client.post(
        reverse("signup"),
        {"username": username, "email": email, "password1": PASSWORD, "password2": PASSWORD},
    )


def field_errors(response, name):
    form = response.context["form"]
    return form.errors.get(name, [])


def test_an_email_address_already_used_is_refused_beside_the_field(client, make_user):
    ann = make_user("ann")
    ann.email = "Ann@Example.com"
    ann.save()
    response = sign_up(client, "bea", "ann@example.COM")
    assert response.status_code == 200
    assert field_errors(response, "email") == [
        "Another account uses this email address. If it is yours, log in, or reset "
        "its password from the log-in page."
    ]
    assert 'id="id_email_error"' in response.content.decode()
    assert not User.objects.filter(username="bea").exists()


def test_many_accounts_may_leave_the_email_address_out(client, make_user):
    make_user("ann")
    assert sign_up(client, "bea").status_code == 302
    assert User.objects.get(username="bea").email == ""


# An accented a, a Cyrillic a, a dotless i.
@pytest.mark.parametrize("name", ["ädmin", "\u0430dmin", "adm\u0131n"])
def test_usernames_outside_plain_letters_are_refused(client, make_user, name):
    make_user("admin")
    response = sign_up(client, name)
    assert response.status_code == 200
    assert field_errors(response, "username") == [
        "Use only the letters a to z without accents, digits and the signs @ . + - _."
    ]
    assert User.objects.count() == 1


def test_wide_letters_count_as_the_plain_ones(client, make_user):
    make_user("admin")
    response = sign_up(client, "\uff41\uff44\uff4d\uff49\uff4e")  # fullwidth "admin"
    assert field_errors(response, "username")
    assert User.objects.count() == 1


@pytest.mark.parametrize("name", ["Admin", "adm1n", "admln", "aDMIN", "adrnin", "ADM1N"])
def test_look_alikes_of_an_existing_name_are_refused(client, make_user, name):
    make_user("admin")
    response = sign_up(client, name)
    assert response.status_code == 200
    assert field_errors(response, "username")
    assert User.objects.count() == 1


def test_a_look_alike_is_told_which_name_it_resembles(client, make_user):
    make_user("milo")
    response = sign_up(client, "mi1o")
    assert field_errors(response, "username") == [
        "This name looks too much like another player's, “milo”. Choose another."
    ]
