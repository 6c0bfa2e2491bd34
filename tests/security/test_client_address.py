"""The address the per-address limits count under: the connection's peer unless
``TRUSTED_PROXIES`` says how many proxies to believe about X-Forwarded-For, and then
only their entries, never what a client wrote before them."""

import pytest
from django.test import Client, RequestFactory
from django.urls import reverse

from golfsite import ratelimit

PROXY = "10.0.0.2"


def address(forwarded: str | None = None, peer: str = PROXY) -> str:
    request = RequestFactory().get("/", REMOTE_ADDR=peer)
    if forwarded is not None:
        request.META["HTTP_X_FORWARDED_FOR"] = forwarded
    return ratelimit.client_address(request)


def test_by_default_the_header_is_ignored():
    assert address("203.0.113.7") == PROXY
    assert address() == PROXY


def test_with_one_trusted_proxy_the_right_most_entry_is_the_client(settings):
    settings.TRUSTED_PROXIES = 1
    assert address("203.0.113.7") == "203.0.113.7"
    assert address("198.51.100.1, 203.0.113.7") == "203.0.113.7"


def test_a_forged_left_part_is_ignored(settings):
    settings.TRUSTED_PROXIES = 1
    # A client sends its own header; the proxy appends the address it really saw.
    assert address("1.1.1.1, 2.2.2.2, 203.0.113.7") == "203.0.113.7"
    settings.TRUSTED_PROXIES = 2
    # Two proxies: the outer one wrote the client's address, the inner one the outer's.
    assert address("1.1.1.1, 203.0.113.7, 10.0.0.1") == "203.0.113.7"


def test_a_request_without_the_header_behind_a_proxy_counts_as_the_peer(settings):
    settings.TRUSTED_PROXIES = 1
    assert address() == PROXY
    assert address("") == PROXY
    # Fewer entries than proxies: the farthest address a proxy saw.
    settings.TRUSTED_PROXIES = 3
    assert address("203.0.113.7, 10.0.0.1") == "203.0.113.7"


def failed_log_in(client: Client, forwarded: str, username: str = "nobody") -> int:
    response = client.post(
        reverse("login"),
        {"username": username, "password": "wrong"},
        REMOTE_ADDR=PROXY,
        HTTP_X_FORWARDED_FOR=forwarded,
    )
    return response.status_code


@pytest.mark.django_db
def test_behind_a_proxy_each_player_has_a_limit_of_their_own(client, settings):
    settings.TRUSTED_PROXIES = 1
    for i in range(ratelimit.LOGIN_PER_ADDRESS.attempts):
        assert failed_log_in(client, "203.0.113.7", f"guess-{i}") == 200
    assert failed_log_in(client, "203.0.113.7") == 429
    # Another player through the same proxy is not stopped.
    assert failed_log_in(Client(), "198.51.100.4") == 200
    # The blocked one cannot get past by writing another address before the proxy's.
    assert failed_log_in(client, "198.51.100.99, 203.0.113.7") == 429


@pytest.mark.django_db
def test_without_trusted_proxies_everybody_behind_one_shares_its_limit(client):
    for i in range(ratelimit.LOGIN_PER_ADDRESS.attempts):
        assert failed_log_in(client, f"203.0.113.{i}", f"guess-{i}") == 200
    assert failed_log_in(Client(), "198.51.100.4") == 429
