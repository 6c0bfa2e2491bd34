"""Hostile posts to every form of the site: none may answer with a 5xx.

Each form starts from a body the page itself would send; hypothesis keeps, drops or
replaces each field with something hostile (wrong types, huge numbers, unicode,
NUL bytes, the same field several times) and adds fields nobody expects.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from hypothesis import given

from golfsite import ratelimit
from tests.factories import new_match_form
from tests.strategies import FUZZ, hostile_form

from .conftest import Site

pytestmark = pytest.mark.django_db


def hole(number: int, **more: Any) -> dict[str, Any]:
    return {
        "number": str(number),
        "token": str(uuid.uuid4()),
        "kind": "grids",
        "went_out": "0",
        "grid_0": "8 5 7 / 8 3 9",
        "grid_1": "K K 2 / Q J 10",
        "total_0": "",
        "total_1": "",
        **more,
    }


NEW_MATCH = new_match_form(
    preset="",
    player_3="",
    decks="",
    jokers="",
    house_rules=["blackjack"],
    flip_as_action="on",
    early_knock="on",
    initial_flips="",
)


@dataclass
class Form:
    url: Callable[[Site], str]
    base: dict[str, Any] | Callable[[Site], dict[str, Any]]
    anonymous: bool = False
    htmx: bool = False


def m(name: str, *more: Any) -> Callable[[Site], str]:
    return lambda s: reverse(name, args=[s.match.pk, *more])


def g(name: str, *more: Callable[[Site], Any]) -> Callable[[Site], str]:
    return lambda s: reverse(name, args=[s.group.pk, *(f(s) for f in more)])


FORMS: dict[str, Form] = {
    "new match": Form(lambda s: reverse("scoring:match_new"), NEW_MATCH),
    "new match, anonymous": Form(lambda s: reverse("scoring:match_new"), NEW_MATCH, True),
    "hole, cards": Form(m("scoring:hole_new"), hole(2)),
    "hole, totals": Form(m("scoring:hole_new"), hole(2, kind="totals", total_0="3", total_1="-2")),
    "correction": Form(m("scoring:hole_edit", 1), hole(1, revision="1")),
    "preview": Form(m("scoring:hole_preview"), hole(2)),
    "preview, htmx": Form(m("scoring:hole_preview"), hole(2), htmx=True),
    "correction preview, htmx": Form(m("scoring:hole_preview"), hole(1, revision="1"), htmx=True),
    "end match": Form(m("scoring:match_end"), {}),
    "rematch": Form(m("scoring:match_rematch"), {}),
    "delete hole": Form(m("scoring:hole_delete", 1), {}),
    "sign-up": Form(
        lambda s: reverse("signup"),
        {
            "username": "newbie",
            "email": "n@example.com",
            "password1": "a-long-pass-phrase-9",
            "password2": "a-long-pass-phrase-9",
            "next": "/groups/",
        },
        anonymous=True,
    ),
    "log-in": Form(
        lambda s: reverse("login"),
        {"username": "olive", "password": "a-long-pass-phrase-9", "next": "/groups/"},
        anonymous=True,
    ),
    "password reset": Form(
        lambda s: reverse("password_reset"), {"email": "o@example.com"}, anonymous=True
    ),
    "password change": Form(
        lambda s: reverse("password_change"),
        {
            "old_password": "a-long-pass-phrase-9",
            "new_password1": "another-long-phrase-7",
            "new_password2": "another-long-phrase-7",
        },
    ),
    "new group": Form(lambda s: reverse("groups:list"), {"name": "Sunday golf"}),
    "roster": Form(g("groups:roster_add"), {"name": "Bea"}),
    "invite": Form(g("groups:invite_create"), {}),
    "revoke invite": Form(g("groups:invite_revoke", lambda s: s.group.invites.all()[0].pk), {}),
    "remove member": Form(g("groups:member_remove", lambda s: s.member.pk), {}),
    "hand over": Form(g("groups:ownership_transfer"), lambda s: {"user": str(s.member.pk)}),
    "accept invite": Form(
        lambda s: reverse("groups:invite_accept", args=[s.group.invites.all()[0].token]), {}
    ),
}


def body_of(form: Form, site: Site) -> dict[str, Any]:
    return form.base(site) if callable(form.base) else form.base


@pytest.mark.parametrize("name", FORMS)
def test_no_hostile_post_gets_a_server_error(name, site):
    form = FORMS[name]
    url = form.url(site)
    client = Client() if form.anonymous else site.client
    headers = {"HX-Request": "true"} if form.htmx else {}

    @FUZZ
    @given(body=hostile_form(body_of(form, site)))
    def post(body: dict[str, Any]) -> None:
        ratelimit.forget_everything()  # the limits would stop the fuzzing early
        response = client.post(url, body, headers=headers)
        assert response.status_code < 500, (url, body, response.status_code)
        if response.status_code == 200 and response["Content-Type"].startswith("text/html"):
            page = response.content.decode()
            assert "Traceback" not in page

    post()


@pytest.mark.parametrize("name", FORMS)
def test_the_starting_body_is_accepted(name, site):
    """The fuzzing starts from bodies the site accepts, or it would only ever test
    the first line of each view."""
    form = FORMS[name]
    client = Client() if form.anonymous else site.client
    headers = {"HX-Request": "true"} if form.htmx else {}
    response = client.post(form.url(site), body_of(form, site), headers=headers)
    assert response.status_code in (200, 302), response.status_code


@pytest.mark.parametrize("chosen", ["", "abc", " ", "1.5", "\u0663", "9" * 30])
def test_handing_a_group_to_a_made_up_member_is_refused_in_words(site, chosen):
    """Found by the fuzzing above: a member id that is not a number was a 500."""
    url = reverse("groups:ownership_transfer", args=[site.group.pk])
    response = site.client.post(url, {"user": chosen}, follow=True)
    assert response.status_code in (200, 404)
    if response.status_code == 200:
        assert "Choose the member to hand the group to." in response.content.decode()
    site.group.refresh_from_db()
    assert site.group.owner == site.owner
