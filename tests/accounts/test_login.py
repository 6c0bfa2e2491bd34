"""Logging in and out; failed log-ins are limited per address and per account
(more in test_login_limits.py)."""

import pytest
from django.urls import reverse

from golfsite import ratelimit
from tests.accounts.conftest import PASSWORD

pytestmark = pytest.mark.django_db


def test_log_in_and_out(client, make_user):
    make_user("ann")
    response = client.post(reverse("login"), {"username": "ann", "password": PASSWORD})
    assert response.status_code == 302
    assert "_auth_user_id" in client.session
    client.post(reverse("logout"))
    assert "_auth_user_id" not in client.session


def test_signing_out_says_so_on_the_page_after(client, make_user):
    client.force_login(make_user("milo"))
    response = client.post(reverse("logout"), follow=True)
    assert response.redirect_chain
    html = response.content.decode()
    assert "You are signed out." in html
    assert "account-nav__user" not in html
    # Said once, not on every page after.
    assert "You are signed out." not in client.get(reverse("home")).content.decode()


def test_log_in_is_limited_per_address_and_account(client, make_user):
    make_user("ann")
    for _ in range(ratelimit.LOGIN_PER_ADDRESS_AND_ACCOUNT.attempts):
        client.post(reverse("login"), {"username": "ann", "password": "wrong"})
    # Even the right password is refused from this address once its attempts on
    # the account are used up (tests/accounts/test_login_limits.py: not elsewhere).
    response = client.post(reverse("login"), {"username": "ann", "password": PASSWORD})
    assert response.status_code == 429
    assert "Too many wrong passwords for this account" in response.content.decode()
    assert "_auth_user_id" not in client.session


def test_log_in_is_limited_per_address(client, make_user):
    make_user("ann")
    for i in range(ratelimit.LOGIN_PER_ADDRESS.attempts):
        client.post(reverse("login"), {"username": f"nobody{i}", "password": "wrong"})
    response = client.post(reverse("login"), {"username": "ann", "password": PASSWORD})
    assert response.status_code == 429


def test_logging_in_often_from_one_address_is_never_refused(client, make_user):
    make_user("milo")
    for _ in range(ratelimit.LOGIN_PER_ADDRESS.attempts + 5):
        response = client.post(reverse("login"), {"username": "milo", "password": PASSWORD})
        assert response.status_code == 302
        client.post(reverse("logout"))


def test_failed_log_ins_still_count_after_one_that_worked(client, make_user):
    make_user("milo")
    make_user("ann")
    client.post(reverse("login"), {"username": "milo", "password": PASSWORD})
    client.post(reverse("logout"))
    for i in range(ratelimit.LOGIN_PER_ADDRESS.attempts):
        client.post(reverse("login"), {"username": f"nobody{i}", "password": "wrong"})
    response = client.post(reverse("login"), {"username": "ann", "password": PASSWORD})
    assert response.status_code == 429
