"""The JSON API through Django's test client, with every answer checked against
the OpenAPI document the API publishes."""

import json

import pytest
from django.urls import reverse
from jsonschema import Draft202012Validator

from scoring.openapi import openapi_document

pytestmark = pytest.mark.django_db

SCORE = "/api/v1/score"
HOLE = "/api/v1/score-hole"


def validator(name):
    doc = openapi_document()
    return Draft202012Validator(
        {"$ref": f"#/components/schemas/{name}", "components": doc["components"]}
    )


def post(client, url, body):
    data = body if isinstance(body, str | bytes) else json.dumps(body)
    response = client.post(url, data, content_type="application/json")
    schema = {200: {SCORE: "ScoreResult", HOLE: "HoleResult"}[url], 400: "Errors"}
    assert response.status_code in schema, response.content
    validator(schema[response.status_code]).validate(response.json())
    return response


def test_score_the_24(client):
    response = post(client, SCORE, {"rules": {"variant": "six-card"}, "grid": "8 5 7 / 8 3 9"})
    body = response.json()
    assert response.status_code == 200
    assert body["score"] == 24
    assert [c["points"] for c in body["columns"]] == [0, 8, 16]
    assert body["columns"][0]["matched"] is True
    assert body["adjustments"] == []


def test_score_without_rules_uses_six_card(client):
    assert post(client, SCORE, {"grid": "8 2 K / 8 5 A"}).json()["score"] == 4


def test_score_applies_grid_bonuses_and_blackjack(client):
    body = post(
        client,
        SCORE,
        {"rules": {"variant": "six-card", "house_rules": ["blackjack"]}, "grid": "10 5 7 / A 2 K"},
    ).json()
    assert body["score"] == 0
    assert body["adjustments"] == [
        {"rule": "blackjack", "points": -21, "reason": "exactly 21 becomes 0"}
    ]


def test_score_hole_with_knock_penalty(client):
    body = post(
        client,
        HOLE,
        {
            "rules": {"variant": "six-card", "house_rules": ["knock-penalty"]},
            "players": [
                {"name": "Ann", "grid": "8 5 7 / 8 3 9", "went_out": True},
                {"name": "Ben", "grid": "KS 5H JC / KD 5C 2H"},
            ],
        },
    ).json()
    ann, ben = body["players"]
    assert (ann["grid_score"], ann["score"]) == (24, 34)
    assert [(a["rule"], a["points"]) for a in ann["adjustments"]] == [("knock-penalty", 10)]
    assert (ben["grid_score"], ben["score"], ben["adjustments"]) == (8, 8, [])
    assert body["winners"] == ["Ben"]


def test_rules_catalog_lists_every_option(client):
    body = client.get("/api/v1/rules").json()
    assert [v["slug"] for v in body["variants"]] == [
        "four-card",
        "six-card",
        "eight-card",
        "nine-card",
        "ten-card",
    ]
    assert {r["slug"] for r in body["house_rules"]} >= {"super-kings", "tied-shame", "wolfpack"}
    assert body["adjustment_order"][-4:] == [
        "knock-penalty",
        "knock-bonus",
        "underdog-bonus",
        "tied-shame",
    ]
    assert {j["slug"] for j in body["jokers"]} >= {"none", "standard", "lucky-swing", "eagle-eye"}


def test_openapi_document_is_served_and_names_every_path(client):
    body = client.get("/api/v1/openapi.json").json()
    assert body["openapi"].startswith("3.")
    assert set(body["paths"]) == {
        "/api/v1/score",
        "/api/v1/score-hole",
        "/api/v1/rules",
        "/api/v1/openapi.json",
    }


def test_api_sets_no_cookie_and_needs_no_csrf_token(client):
    from django.test import Client

    strict = Client(enforce_csrf_checks=True)
    response = strict.post(
        SCORE, json.dumps({"grid": "8 5 7 / 8 3 9"}), content_type="application/json"
    )
    assert response.status_code == 200
    assert response.cookies == {}


@pytest.mark.parametrize(
    ("body", "field", "message"),
    [
        ("not json", "body", "the body is not valid JSON"),
        ("[1, 2]", "body", "the body must be a JSON object"),
        ({}, "grid", "enter a grid, like '8 5 7 / 8 3 9'"),
        ({"grid": 5}, "grid", "the grid must be text, like '8 5 7 / 8 3 9'"),
        ({"grid": "8 5 7 / 8 3 B"}, "grid", "card 3 of row 2: 'B' is not a rank"),
        ({"grid": "7 7 7 / 7 7 3"}, "grid", "five 7s in this grid, but one deck has four"),
        ({"grid": "8 5 7", "colour": "red"}, "colour", "'colour' is not expected here"),
        (
            {"rules": {"variant": "nope"}, "grid": "8 5 7 / 8 3 9"},
            "rules.variant",
            "'nope' is not a variant",
        ),
        ({"rules": [], "grid": "8 5 7 / 8 3 9"}, "rules", "the rules must be an object"),
        (
            {"rules": {"variant": "six-card", "decks": "two"}, "grid": "8 5 7 / 8 3 9"},
            "rules.decks",
            "the number of decks must be a whole number",
        ),
        ('{"grid": ' * 50 + '"x"' + "}" * 50, "body", "the JSON is nested too deeply"),
    ],
)
def test_score_bad_requests(client, body, field, message):
    response = post(client, SCORE, body)
    assert response.status_code == 400
    errors = response.json()["errors"]
    assert any(e["field"] == field and e["message"].startswith(message) for e in errors), errors


def test_bad_card_error_says_where(client):
    error = post(client, SCORE, {"grid": "8 5 7 / 8 3 B"}).json()["errors"][0]
    assert (error["row"], error["column"]) == (2, 3)


def test_an_empty_slot_says_where_and_what(client):
    """A grid editor writes "?" for a slot not filled yet: the API says so, and
    where, as for an unreadable card."""
    error = post(client, SCORE, {"grid": "8 ? 7 / 8 3 9"}).json()["errors"][0]
    assert error["message"] == "card 2 of row 1 is still empty"
    assert (error["row"], error["column"]) == (1, 2)


def test_the_api_still_numbers_the_players_it_has_no_names_for(client):
    body = {"players": [{"name": "Ann", "grid": "8 5 7 / 8 3 9"}, {"grid": "8 5 7 / 8 3 B"}]}
    response = client.post(reverse("api:score_hole"), body, content_type="application/json")
    assert response.status_code == 400
    (error,) = response.json()["errors"]
    assert error["field"] == "players[1].grid"
    assert error["message"].startswith("player 2, card 3 of row 2: 'B' is not a rank")


def test_oversized_body(client):
    response = post(client, SCORE, {"grid": "8 " * 40000})
    assert response.status_code == 400
    assert response.json()["errors"][0]["field"] == "body"


@pytest.mark.parametrize(
    ("players", "field", "message"),
    [
        ("Ann", "players", "list the players"),
        ([{"name": "Ann", "grid": "8 5 7 / 8 3 9"}], "players", "a hole needs 2 to 8 players"),
        (
            [{"name": "Ann"}, {"name": "Ben", "grid": "8 5 7 / 8 3 9"}],
            "players[0].grid",
            "enter this player's grid",
        ),
        (
            [{"name": "", "grid": "8 5 7 / 8 3 9"}, {"grid": "8 5 7 / 8 3 9"}],
            "players[0].name",
            "a name is 1 to 40 characters",
        ),
        (
            [{"grid": "8 5 7 / 8 3 9", "went_out": "yes"}, {"grid": "K 5 7 / 8 3 9"}],
            "players[0].went_out",
            "went_out must be true or false",
        ),
        ([{"grid": "7 7 7 / 3 4 5"}, {"grid": "7 7 3 / 4 5 6"}], "players", "five 7s on the table"),
        (
            [{"grid": "8 5 7 / 8 3 9"}, {"grid": "8 5 7 / 8 3 Z"}],
            "players[1].grid",
            "player 2, card 3 of row 2: 'Z' is not a rank",
        ),
        (
            [
                {"grid": "8 5 7 / 8 3 9", "went_out": True},
                {"grid": "K 5 7 / K 3 9", "went_out": True},
            ],
            "players",
            "only one player can go out",
        ),
        ([1, 2], "players[0]", "each player must be an object"),
    ],
)
def test_score_hole_bad_requests(client, players, field, message):
    response = post(client, HOLE, {"players": players})
    assert response.status_code == 400
    errors = response.json()["errors"]
    assert any(e["field"] == field and e["message"].startswith(message) for e in errors), errors


def test_wrong_methods_are_refused(client):
    assert client.get(SCORE).status_code == 405
    assert client.post("/api/v1/rules").status_code == 405


def test_a_table_error_carries_every_place_it_concerns_and_names_the_holders(client):
    body = {
        "players": [
            {"name": "Ann", "grid": "K 5 7 / K 3 9"},
            {"name": "Ben", "grid": "K 4 7 / K 3 9"},
            {"grid": "K 4 6 / A 4 6"},
        ]
    }
    (error,) = post(client, HOLE, body).json()["errors"]
    assert error["field"] == "players"
    assert error["message"] == (
        "five kings on the table, but one deck has four: Ann, Ben and player 3 hold them"
    )
    assert error["places"] == [
        {"seat": 0, "row": 1, "column": 1},
        {"seat": 0, "row": 2, "column": 1},
        {"seat": 1, "row": 1, "column": 1},
        {"seat": 1, "row": 2, "column": 1},
        {"seat": 2, "row": 1, "column": 1},
    ]


def test_a_grid_error_carries_its_place(client):
    (error,) = post(client, SCORE, {"grid": "8 5 7 / 8 3 B"}).json()["errors"]
    assert error["places"] == [{"row": 2, "column": 3}]
    body = {"players": [{"grid": "8 5 7 / 8 3 9"}, {"grid": "8 5 7 / 8 3 B"}]}
    (error,) = post(client, HOLE, body).json()["errors"]
    assert error["places"] == [{"seat": 1, "row": 2, "column": 3}]


def test_an_error_about_no_card_has_no_places(client):
    (error,) = post(client, SCORE, {"grid": 5}).json()["errors"]
    assert error["places"] == []


def test_the_openapi_document_describes_the_places():
    error = openapi_document()["components"]["schemas"]["Errors"]["properties"]["errors"]
    place = error["items"]["properties"]["places"]["items"]
    assert set(place["properties"]) == {"seat", "row", "column"}
    assert place["required"] == ["row", "column"]


# -- who went out, where a rule scores that player ------------------------------------------

KNOCK_RULES = {"variant": "six-card", "house_rules": ["knock-penalty"]}
ANN_AND_BEN = [{"name": "Ann", "grid": "8 5 7 / 8 3 9"}, {"name": "Ben", "grid": "K 5 J / K 5 2"}]


def test_a_knock_rule_hole_that_says_nobody_went_out_is_refused_until_it_says_so(client):
    response = post(client, HOLE, {"rules": KNOCK_RULES, "players": ANN_AND_BEN})
    (error,) = response.json()["errors"]
    assert response.status_code == 400
    assert error["field"] == "players"
    assert "who went out first, or that nobody did" in error["message"]
    said = post(
        client, HOLE, {"rules": KNOCK_RULES, "players": ANN_AND_BEN, "nobody_went_out": True}
    )
    assert said.status_code == 200
    assert [p["score"] for p in said.json()["players"]] == [24, 8]


def test_nobody_went_out_and_a_player_out_at_once_is_refused(client):
    players = [{**ANN_AND_BEN[0], "went_out": True}, ANN_AND_BEN[1]]
    response = post(
        client, HOLE, {"rules": KNOCK_RULES, "players": players, "nobody_went_out": True}
    )
    (error,) = response.json()["errors"]
    assert error["field"] == "nobody_went_out"
    assert "not both" in error["message"]


def test_nobody_went_out_must_be_true_or_false(client):
    response = post(client, HOLE, {"players": ANN_AND_BEN, "nobody_went_out": "yes"})
    assert response.json()["errors"][0]["field"] == "nobody_went_out"


def test_the_player_out_under_a_knock_rule_is_scored(client):
    players = [{**ANN_AND_BEN[0], "went_out": True}, ANN_AND_BEN[1]]
    response = post(client, HOLE, {"rules": KNOCK_RULES, "players": players})
    assert [p["score"] for p in response.json()["players"]] == [34, 8]


def test_the_openapi_description_offers_nobody_went_out(client):
    schema = client.get("/api/v1/openapi.json").json()["components"]["schemas"]["HoleRequest"]
    assert schema["properties"]["nobody_went_out"]["type"] == "boolean"
    assert "nobody_went_out" in schema["description"]
