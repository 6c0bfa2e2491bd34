"""The account page: where the username in the header leads, with the visitor's
matches, groups and the way to change the password."""

import pytest
from django.urls import reverse

from tests.factories import MatchFactory
from tests.groups.factories import GroupFactory
from tests.patterns import first_match, visible_text

pytestmark = pytest.mark.django_db


def test_the_username_in_the_header_leads_to_the_account_page(client, make_user):
    client.force_login(make_user("ann"))
    page = client.get(reverse("scoring:match_list")).content.decode()
    link = first_match(r'<a class="account-nav__user" href="([^"]+)"', page).group(1)
    assert link == reverse("account")


def test_the_account_page_lists_my_matches_my_groups_and_the_password_page(client, make_user):
    ann, bob = make_user("ann"), make_user("bob")
    friday = GroupFactory.create(name="Friday golf", owner=ann)
    GroupFactory.create(name="Bob's table", owner=bob)
    mine = MatchFactory.create(owner=ann, players=["Ann", "Cy"])
    MatchFactory.create(owner=bob, players=["Bob", "Dee"])
    client.force_login(ann)
    response = client.get(reverse("account"))
    assert response.status_code == 200
    page = response.content.decode()
    assert "<h1>Your account</h1>" in page
    assert f'href="{reverse("scoring:match_detail", args=[mine.pk])}"' in page
    assert "Ann, Cy" in visible_text(page) and "Dee" not in page
    assert f'href="{reverse("scoring:match_list")}"' in page
    assert f'href="{friday.get_absolute_url()}"' in page and "Bob&#x27;s table" not in page
    assert f'href="{reverse("password_change")}"' in page


def test_the_account_page_is_for_the_signed_in(client):
    response = client.get(reverse("account"))
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))


def test_a_group_member_is_told_where_the_groups_matches_are(client, make_user):
    """A group's matches started by others are not "mine": the page says where they
    are, so an empty list does not read as lost history."""
    ann = make_user("ann")
    client.force_login(ann)
    assert "group's history" not in client.get(reverse("account")).content.decode()
    GroupFactory.create(name="Friday golf", owner=ann)
    assert "group's history" in client.get(reverse("account")).content.decode()
