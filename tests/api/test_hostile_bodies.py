"""Hostile bodies for every endpoint of the JSON API, from hypothesis and from
schemathesis (driven by the API's own OpenAPI document, in-process): never a 5xx,
and every refusal is the API's 400 with errors in words."""

from __future__ import annotations

import json
from typing import Any

import pytest
import schemathesis
from django.test import Client
from django.urls import reverse
from hypothesis import given
from hypothesis import strategies as st
from schemathesis.generation import GenerationMode
from schemathesis.specs.openapi.checks import positive_data_acceptance

from golfsite.wsgi import application
from tests.strategies import FUZZ, hostile, json_values

pytestmark = pytest.mark.django_db

RULES = {"variant": "six-card", "house_rules": ["blackjack"], "holes": 9}
BODIES = {
    "api:score": {"rules": RULES, "grid": "8 5 7 / 8 3 9"},
    "api:score_hole": {
        "rules": RULES,
        "players": [
            {"name": "Ann", "grid": "8 5 7 / 8 3 9", "went_out": True},
            {"name": "Bob", "grid": "K K 2 / Q J 10"},
        ],
    },
}


@st.composite
def mangled(draw: Any, value: Any, depth: int = 0) -> Any:
    """``value`` with any part kept, dropped, replaced or given extra keys."""
    if draw(st.integers(0, 5)) == 0:
        return draw(json_values)
    if isinstance(value, dict):
        out = {}
        for key, item in value.items():
            choice = draw(st.sampled_from(["keep", "drop", "mangle", "mangle"]))
            if choice == "keep":
                out[key] = item
            elif choice == "mangle":
                out[key] = draw(mangled(item, depth + 1))
        out.update(draw(st.dictionaries(st.text(max_size=10), json_values, max_size=2)))
        return out
    if isinstance(value, list):
        items = [draw(mangled(item, depth + 1)) for item in value]
        return items + draw(st.lists(json_values, max_size=10 if depth else 12))
    return draw(st.one_of(st.just(value), json_values, hostile))


def assert_api_answer(response: Any) -> None:
    assert response.status_code < 500, response.content[:300]
    assert response.status_code in (200, 400, 405), response.status_code
    data = response.json()
    if response.status_code == 400:
        assert data["errors"], data
        for error in data["errors"]:
            assert isinstance(error["field"], str)  # the name of the part refused
            assert isinstance(error["message"], str) and error["message"]


@pytest.mark.parametrize("name", BODIES)
def test_the_starting_body_is_scored(client, name):
    response = client.post(reverse(name), BODIES[name], content_type="application/json")
    assert response.status_code == 200, response.json()


@pytest.mark.parametrize("name", BODIES)
def test_no_mangled_body_gets_a_server_error(name):
    client = Client()
    url = reverse(name)

    @FUZZ
    @given(body=mangled(BODIES[name]))
    def post(body: Any) -> None:
        assert_api_answer(client.post(url, json.dumps(body), content_type="application/json"))

    post()


@pytest.mark.parametrize("name", BODIES)
def test_no_raw_body_gets_a_server_error(name):
    """Bytes that are not JSON, not UTF-8, or JSON nested far too deep."""
    client = Client()
    url = reverse(name)
    deep = st.integers(1, 5000).map(lambda n: "[" * n + "]" * n)
    raw = st.one_of(st.binary(max_size=200), deep, st.text(max_size=200))

    @FUZZ
    @given(body=raw, content_type=st.sampled_from(["application/json", "text/plain", ""]))
    def post(body: Any, content_type: str) -> None:
        assert_api_answer(client.post(url, body, content_type=content_type))

    post()


@pytest.mark.parametrize("name", ["api:rules", "api:openapi"])
def test_the_read_endpoints_ignore_hostile_query_strings(name):
    client = Client()
    url = reverse(name)

    @FUZZ
    @given(query=st.dictionaries(st.text(max_size=10), hostile, max_size=4))
    def get(query: dict[str, str]) -> None:
        response = client.get(url, query)
        assert response.status_code == 200
        assert response.json()

    get()


# -- schemathesis, from the API's own description ---------------------------------------

# The document as the site serves it, read through the WSGI app (no server needed).
schema = schemathesis.openapi.from_wsgi(reverse("api:openapi"), application)
# Valid requests and invalid ones (which the API must refuse with its 400).
schema.config.generation.update(
    max_examples=30, modes=[GenerationMode.POSITIVE, GenerationMode.NEGATIVE]
)


@schema.parametrize()
def test_the_api_keeps_the_promises_of_its_openapi_document(case):
    """Every check but one: a grid can be valid JSON Schema and still not be a grid
    (ranks, card counts, copies in the deck), which the document answers with a
    documented 400; so "schema-valid data is always accepted" cannot hold.

    The WSGI client does not undo gzip as an HTTP client does, so it asks for the
    answers uncompressed."""
    case.call_and_validate(
        headers={"Accept-Encoding": "identity"}, excluded_checks=[positive_data_acceptance]
    )
