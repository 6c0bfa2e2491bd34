"""What players type (names, group names, roster names) is shown as text on every
page it appears on, never run as markup."""

from __future__ import annotations

import uuid

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from groups import services as group_services
from scoring import services
from scoring.engine import RuleSet
from scoring.views.access import SESSION_KEY

pytestmark = pytest.mark.django_db

#: Short enough for a player's name (40) and the chart's label (9 characters).
PAYLOADS = ["<b>x", '"><svg/onload=alert(1)>', "<script>alert(1)</script>"]
HX = {"HTTP_HX_REQUEST": "true"}


def unescaped(page: str) -> list[str]:
    """Every payload, or a chart-sized cut of it, that appears raw in ``page``."""
    found = []
    for payload in PAYLOADS:
        for piece in (payload, payload[:9]):
            if "<" in piece and piece in page:
                found.append(piece)
    return found


@pytest.fixture
def setup():
    owner = User.objects.create_user(username="olive", password="a-long-pass-phrase-9")
    group = group_services.group_create(owner=owner, name=PAYLOADS[2])
    group_services.roster_add(group=group, name=PAYLOADS[1])
    invite = group_services.invite_create(group=group, by=owner)
    names = [PAYLOADS[0], PAYLOADS[1], PAYLOADS[2][:40]]
    match = services.match_create(names=names, first_dealer=0, rules=RuleSet(holes=2), owner=owner)
    for number in (1, 2):
        entry = services.HoleEntry(kind="totals", totals=(3, 4, 5))
        services.hole_record(match=match, entry=entry, token=uuid.uuid4(), number=number)
    client = Client()
    client.force_login(owner)
    session = client.session
    session[SESSION_KEY] = [match.pk]
    session.save()
    return client, match, group, invite


def test_names_are_escaped_on_every_page_that_shows_them(setup):
    client, match, group, invite = setup
    pages = [
        (reverse("scoring:match_list"), {}),
        (reverse("scoring:match_detail", args=[match.pk]), {}),
        (reverse("scoring:match_detail", args=[match.pk]), HX),
        (reverse("scoring:match_shared", args=[match.share_token]), {}),
        (reverse("scoring:match_shared", args=[match.share_token]), HX),
        (reverse("scoring:match_print", args=[match.pk]), {}),
        (reverse("scoring:match_end", args=[match.pk]), {}),
        (reverse("scoring:hole_detail", args=[match.pk, 1]), {}),
        (reverse("scoring:hole_edit", args=[match.pk, 2]), {}),
        (reverse("scoring:hole_delete", args=[match.pk, 2]), {}),
        (reverse("groups:list"), {}),
        (reverse("groups:detail", args=[group.pk]), {}),
        (reverse("groups:invite_accept", args=[invite.token]), {}),
    ]
    for url, headers in pages:
        response = client.get(url, **headers)
        assert response.status_code == 200, url
        page = response.content.decode()
        assert not unescaped(page), (url, unescaped(page))
    # And the names are there, as text.
    board = client.get(reverse("scoring:match_detail", args=[match.pk])).content.decode()
    assert "&lt;b&gt;x" in board
    assert "&quot;&gt;&lt;svg/onload=alert(1)&gt;" in board


def test_typed_names_come_back_escaped_in_a_refused_form(setup):
    client, match, group, invite = setup
    data = {"player_1": PAYLOADS[1], "player_2": PAYLOADS[1], "holes": "0"}
    page = client.post(reverse("scoring:match_new"), data).content.decode()
    assert "Two players have the same name" in page
    assert not unescaped(page)
    assert 'value="&quot;&gt;&lt;svg/onload=alert(1)&gt;"' in page
