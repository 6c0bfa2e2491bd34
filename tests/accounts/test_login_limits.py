"""The log-in limits: their windows, who they stop, and that a burst cannot slip
past them. The counts live in the database (the real backend of the settings),
so these tests go through it."""

import threading
from datetime import timedelta

import pytest
from django.db import connection
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from golfsite import ratelimit
from tests.accounts.conftest import PASSWORD

pytestmark = pytest.mark.django_db

ATTACKER = "203.0.113.66"
OWNER = "198.51.100.7"


def log_in(client, username, password, address):
    return client.post(
        reverse("login"), {"username": username, "password": password}, REMOTE_ADDR=address
    )


@pytest.fixture
def later(monkeypatch):
    """``later(minutes=16)``: the clock moves on that far (for the limits and the
    sessions alike)."""
    real_now = timezone.now

    def move(**delta):
        moved = real_now() + timedelta(**delta)
        monkeypatch.setattr(timezone, "now", lambda: moved)

    return move


def test_wrong_passwords_from_elsewhere_do_not_lock_the_owner_out(client, make_user):
    make_user("ann")
    for _ in range(ratelimit.LOGIN_PER_ADDRESS_AND_ACCOUNT.attempts + 2):
        log_in(Client(), "ann", "wrong", ATTACKER)
    response = log_in(client, "ann", PASSWORD, OWNER)
    assert response.status_code == 302
    assert "_auth_user_id" in client.session


def test_the_block_lasts_its_whole_window_and_no_longer(client, make_user, later):
    make_user("ann")
    for _ in range(ratelimit.LOGIN_PER_ADDRESS_AND_ACCOUNT.attempts):
        log_in(client, "ann", "wrong", ATTACKER)
    later(minutes=6)  # the database cache's default timeout is 5 minutes
    assert log_in(client, "ann", PASSWORD, ATTACKER).status_code == 429
    later(minutes=14)
    assert log_in(client, "ann", PASSWORD, ATTACKER).status_code == 429
    later(minutes=16)
    assert log_in(client, "ann", PASSWORD, ATTACKER).status_code == 302


def test_attempts_while_blocked_do_not_make_the_block_longer(client, make_user, later):
    make_user("ann")
    for _ in range(ratelimit.LOGIN_PER_ADDRESS_AND_ACCOUNT.attempts):
        log_in(client, "ann", "wrong", ATTACKER)
    for minutes in (4, 8, 12, 14):
        later(minutes=minutes)
        assert log_in(client, "ann", "wrong", ATTACKER).status_code == 429
    later(minutes=16)
    assert log_in(client, "ann", PASSWORD, ATTACKER).status_code == 302


def test_the_blocked_page_says_how_long_and_what_else_to_do(client, make_user):
    make_user("ann")
    for _ in range(ratelimit.LOGIN_PER_ADDRESS_AND_ACCOUNT.attempts):
        log_in(client, "ann", "wrong", ATTACKER)
    response = log_in(client, "ann", PASSWORD, ATTACKER)
    assert response.status_code == 429
    html = response.content.decode()
    assert "Wait 15 minutes" in html
    assert "reset your password" in html
    assert reverse("password_reset") in html


def test_many_addresses_stop_new_browsers_but_not_the_owners(client, make_user):
    """Past the account's slow limit (wrong passwords from every address), only a
    browser that has logged in to the account before still may."""
    make_user("ann")
    log_in(client, "ann", PASSWORD, OWNER)  # the owner's browser, known from now on
    client.post(reverse("logout"))
    for i in range(ratelimit.LOGIN_PER_ACCOUNT.attempts):
        log_in(Client(), "ann", "wrong", f"10.0.{i // 200}.{i % 200}")
    stranger = log_in(Client(), "ann", PASSWORD, "192.0.2.1")
    assert stranger.status_code == 429
    assert "reset your password" in stranger.content.decode()
    assert log_in(client, "ann", PASSWORD, OWNER).status_code == 302


def test_a_password_reset_lets_that_browser_past_the_accounts_limit(client, make_user):
    user = make_user("ann")
    user.email = "ann@example.com"
    user.save()
    for i in range(ratelimit.LOGIN_PER_ACCOUNT.attempts):
        log_in(Client(), "ann", "wrong", f"10.1.{i // 200}.{i % 200}")
    assert log_in(client, "ann", PASSWORD, OWNER).status_code == 429

    from django.core import mail

    client.post(reverse("password_reset"), {"email": "ann@example.com"}, REMOTE_ADDR=OWNER)
    link = next(line for line in mail.outbox[-1].body.splitlines() if "/reset/" in line)
    form = client.get(link.split("testserver", 1)[1], follow=True)
    new = "another-long-phrase-7"
    client.post(
        form.redirect_chain[-1][0],
        {"new_password1": new, "new_password2": new},
        REMOTE_ADDR=OWNER,
    )
    assert log_in(client, "ann", new, OWNER).status_code == 302


@pytest.mark.django_db(transaction=True)
def test_a_burst_of_parallel_attempts_lets_no_extra_one_through():
    """Many workers counting at once on the database: exactly ``attempts`` are let
    through, as one at a time."""
    limit = ratelimit.LOGIN_PER_ADDRESS_AND_ACCOUNT
    threads = 24
    start = threading.Barrier(threads)
    allowed: list[bool] = []
    lock = threading.Lock()

    def attempt():
        try:
            start.wait()
            ok = ratelimit.hit(limit, "burst")
            with lock:
                allowed.append(ok)
        finally:
            connection.close()

    workers = [threading.Thread(target=attempt) for _ in range(threads)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    assert len(allowed) == threads
    assert allowed.count(True) == limit.attempts


def test_wrong_passwords_sent_while_signed_in_still_count(make_user):
    """Signed in to an account of their own, a guesser's failures on another
    account count like anybody's: only a log-in that worked is taken back."""
    make_user("mallory")
    make_user("ann")
    guesser = Client()
    assert log_in(guesser, "mallory", PASSWORD, ATTACKER).status_code == 302
    for _ in range(ratelimit.LOGIN_PER_ADDRESS_AND_ACCOUNT.attempts):
        assert log_in(guesser, "ann", "wrong", ATTACKER).status_code == 200
    assert log_in(guesser, "ann", PASSWORD, ATTACKER).status_code == 429
