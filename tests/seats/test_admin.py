"""The seats' drafts in the admin: listed and searched by player, shown read-only
(entered only on the seats' pages), and deleting one takes that seat's cards out
of the table's draft."""

import pytest
from django.contrib.auth.models import User
from django.urls import reverse

from scoring.models import SeatDraft

from .helpers import enter

pytestmark = pytest.mark.django_db


@pytest.fixture
def root(client):
    client.force_login(User.objects.create_superuser("root", password="a-long-pass-phrase-9"))
    return client


def test_the_admin_lists_drafts_and_finds_them_by_player(root, four):
    enter(four, 0)
    enter(four, 1)
    page = root.get(reverse("admin:scoring_seatdraft_changelist"), {"q": "Ben"}).content.decode()
    assert "Ben for hole 1 of match" in page
    assert "Ann for hole 1" not in page


def test_a_draft_is_read_only_in_the_admin(root, four):
    draft = enter(four, 0)
    url = reverse("admin:scoring_seatdraft_change", args=[draft.pk])
    page = root.get(url)
    assert page.status_code == 200
    assert "8 5 7 / 8 3 9" in page.content.decode()
    root.post(url, {"grid": "K K K / K 1 2", "number": "1", "went_out": "on"})
    draft.refresh_from_db()
    assert (draft.grid, draft.went_out) == ("8 5 7 / 8 3 9", False)
    assert root.get(reverse("admin:scoring_seatdraft_add")).status_code == 403


def test_deleting_a_draft_in_the_admin_takes_that_seats_cards_out(root, four):
    kept, gone = enter(four, 0), enter(four, 1)
    url = reverse("admin:scoring_seatdraft_delete", args=[gone.pk])
    root.post(url, {"post": "yes"})
    assert list(SeatDraft.objects.filter(match=four)) == [kept]
