"""What a shared cache (a proxy, a CDN) may keep: nothing that depends on who asks.

Walks every URL that answers GET (the table of ``test_access``), as a visitor the
page is shown to. A page that depends on the visitor's cookies (it says so with
``Vary: Cookie``) is ``Cache-Control: private``; exports and account pages are
never stored at all (``no-store``).
"""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from django.utils.cache import has_vary_header

from tests.security.test_access import TABLE, client_for, head_cases, world  # noqa: F401

pytestmark = pytest.mark.django_db

#: Downloads of a match or a group: kept by nobody but the browser's download.
EXPORTS = {"scoring:match_csv", "groups:export_json", "groups:export_csv"}
#: Pages of whoever is signed in (or signing in).
ACCOUNT_PAGES = {
    "signup",
    "login",
    "password_change",
    "password_change_done",
    "password_reset",
    "password_reset_done",
    "password_reset_confirm",
    "password_reset_complete",
}
#: Pages that depend on who asks, whatever their headers say.
WHO_ASKS = EXPORTS | {
    "groups:detail",
    "groups:history",
    "groups:player",
    "groups:list",
    "scoring:match_detail",
    "scoring:match_print",
    "scoring:match_list",
    "scoring:hole_new",
    "scoring:hole_detail",
}


def directives(response: Any) -> set[str]:
    return {part.strip().split("=")[0] for part in response.get("Cache-Control", "").split(",")}


def fetch(name: str, role: str, target: str, w: Any) -> Any:
    w.target = w.kept if target == "keeper's match" else w.match
    return client_for(role, w).get(reverse(name, args=TABLE[name].args(w)))


#: Every URL that answers GET, with a visitor it is shown to (HEAD's marks left behind).
PAGES = [pytest.param(*case.values, id=case.id) for case in head_cases()]


@pytest.mark.parametrize(("name", "role", "target"), PAGES)
def test_a_page_that_depends_on_who_asks_is_private(name, role, target, world):  # noqa: F811
    response = fetch(name, role, target, world)
    found = directives(response)
    if name in WHO_ASKS or has_vary_header(response, "Cookie"):
        assert "private" in found or "no-store" in found, (name, response.get("Cache-Control"))
        assert "public" not in found, name
    if name in EXPORTS | ACCOUNT_PAGES:
        assert "no-store" in found, (name, response.get("Cache-Control"))


def test_the_walk_covers_the_pages_named_here():
    walked = {case.values[0] for case in PAGES}
    assert walked >= WHO_ASKS | EXPORTS | ACCOUNT_PAGES


@pytest.mark.parametrize("name", ["api:rules", "api:openapi", "robots_txt"])
def test_public_documents_may_still_be_cached(name):
    """The API's descriptions and robots.txt are the same for everybody."""
    response = Client().get(reverse(name))
    assert not has_vary_header(response, "Cookie"), name
    assert "private" not in directives(response)


def test_the_live_board_still_answers_304_to_its_etag(world):  # noqa: F811
    client = client_for("owner", world)
    url = reverse("scoring:match_detail", args=[world.match.pk])
    first = client.get(url, headers={"HX-Request": "true"})
    assert first.status_code == 200
    assert "private" in directives(first)
    again = client.get(url, headers={"HX-Request": "true", "If-None-Match": first["ETag"]})
    assert again.status_code == 304
    assert "private" in directives(again)
