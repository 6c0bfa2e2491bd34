"""Signing up: an account, logged straight in; limited per address."""

import pytest
from django.contrib.auth.models import User
from django.urls import reverse

from accounts import ratelimit
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
    assert "Letters, digits and the signs @ . + - _ only, no spaces" in html
    assert "@/./+/-/_" not in html
