"""Signing up: an account, logged straight in; limited per address."""

import pytest
from django.contrib.auth.models import User
from django.core import mail
from django.urls import reverse
from django.utils.html import strip_tags

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


def visible_page(client, response):
    """What the person signing up sees: where they land and that page's text."""
    landing = client.get(response["Location"])
    text = " ".join(strip_tags(landing.content.decode()).split())
    return response.status_code, response["Location"], [t.name for t in landing.templates], text


def test_a_taken_email_address_answers_as_a_fresh_one_would(client, make_user):
    ann = make_user("ann")
    ann.email = "Ann@Example.com"
    ann.save()
    taken = visible_page(client, sign_up(client, "bea", "ann@example.COM"))
    client.logout()
    fresh = visible_page(client, sign_up(client, "cy", "cy@example.com"))
    assert taken[:2] == fresh[:2] == (302, reverse("groups:list"))
    assert taken[2] == fresh[2]
    assert "Welcome, bea!" in taken[3]
    assert taken[3].replace("bea", "NAME") == fresh[3].replace("cy", "NAME")


@pytest.mark.django_db(transaction=True)
def test_a_taken_email_address_is_mailed_after_the_answer_and_left_off_the_new_account(
    client, make_user, worker
):
    ann = make_user("ann")
    ann.email = "Ann@Example.com"
    ann.save()
    sign_up(client, "bea", "ann@example.COM")
    assert User.objects.get(username="bea").email == ""
    assert mail.outbox == [], "not sent inside the request: the time it takes would tell"
    worker()
    assert len(mail.outbox) == 1
    sent = mail.outbox[0]
    assert sent.to == ["ann@example.COM"]
    assert "already uses it" in sent.body
    assert "http://testserver" + reverse("password_reset") in sent.body
    assert User.objects.filter(email__iexact="ann@example.com").count() == 1


@pytest.mark.django_db(transaction=True)
def test_the_owner_of_a_taken_address_is_mailed_a_few_times_a_day_at_most(
    client, make_user, worker
):
    ann = make_user("ann")
    ann.email = "ann@example.com"
    ann.save()
    most = ratelimit.SIGNUP_MAIL_PER_EMAIL.attempts
    for n in range(most + 2):
        client.logout()
        response = sign_up(client, f"copy{n}", "ANN@example.com" if n % 2 else "ann@example.com")
        assert response.status_code == 302, "every sign-up answers as for a fresh address"
    worker()
    assert len(mail.outbox) == most
    assert User.objects.filter(username__startswith="copy", email="").count() == most + 2


def test_a_fresh_email_address_is_not_mailed(client):
    sign_up(client, "cy", "cy@example.com")
    assert User.objects.get(username="cy").email == "cy@example.com"
    assert mail.outbox == []


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


def test_a_look_alike_is_refused_without_naming_the_account(client, make_user):
    make_user("milo")
    response = sign_up(client, "mi1o")
    assert field_errors(response, "username") == [
        "This name looks too much like one already taken (Ann and ann, 0 and O, "
        "1 and l read the same). Choose another."
    ]
    assert "milo" not in response.content.decode()


def test_a_name_taken_exactly_keeps_the_plain_uniqueness_message(client, make_user):
    make_user("milo")
    response = sign_up(client, "milo")
    assert field_errors(response, "username") == ["A user with that username already exists."]
