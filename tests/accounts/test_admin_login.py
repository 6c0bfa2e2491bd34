"""The admin has no log-in of its own: it sends staff to the site's, limited one."""

import pytest
from django.urls import reverse

from tests.groups.factories import UserFactory

pytestmark = pytest.mark.django_db

PASSWORD = "a-long-pass-phrase-9"


@pytest.fixture
def staff(db):
    return UserFactory(username="boss", password=PASSWORD, is_staff=True, is_superuser=True)


def test_guessing_on_the_admin_log_in_gets_nowhere(client, staff):
    for _ in range(40):
        client.post(reverse("admin:login"), {"username": "boss", "password": "wrong"})
    response = client.post(reverse("admin:login"), {"username": "boss", "password": PASSWORD})
    assert "_auth_user_id" not in client.session
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))


def test_the_admin_sends_staff_to_the_sites_log_in_and_back(client, staff):
    response = client.get(reverse("admin:index"), follow=True)
    assert response.redirect_chain[-1][0] == f"{reverse('login')}?next=/admin/"
    response = client.post(
        response.redirect_chain[-1][0],
        {"username": "boss", "password": PASSWORD, "next": "/admin/"},
    )
    assert response["Location"] == "/admin/"
    assert client.get("/admin/").status_code == 200


def test_the_sites_log_in_limit_holds_for_staff(client, staff):
    from golfsite import ratelimit

    for _ in range(ratelimit.LOGIN_PER_ADDRESS_AND_ACCOUNT.attempts):
        client.post(reverse("login"), {"username": "boss", "password": "wrong"})
    response = client.post(reverse("login"), {"username": "boss", "password": PASSWORD})
    assert response.status_code == 429


def test_the_admin_site_is_installed_the_documented_way():
    """Django's ``AdminConfig.default_site``, not a method replaced on the instance:
    ``admin.site`` is the site's class, and every model registered lands on it."""
    from django.contrib import admin

    from golfsite.admin import GolfAdminSite
    from scoring.models import Match

    assert isinstance(admin.site, GolfAdminSite)
    # The class's method, bound: nothing set on the instance over it.
    assert getattr(admin.site.login, "__func__", None) is GolfAdminSite.login
    assert Match in admin.site._registry
