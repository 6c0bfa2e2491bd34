"""The OpenAPI 3.1 document of the JSON API, built from the engine's own lists of
slugs so the document can never name an option the engine does not know."""

from __future__ import annotations

from functools import cache
from typing import Any

from .engine.rules import JOKER_OPTIONS as _JOKERS
from .engine.rules import (
    MAX_DECKS,
    MAX_HOLES,
    MAX_INITIAL_FLIPS,
    MAX_PLAYERS,
    VARIANTS,
    DeckKind,
    EndOfHole,
    FlipOnDiscard,
    HouseRule,
)


def _ref(name: str) -> dict[str, str]:
    return {"$ref": f"#/components/schemas/{name}"}


def _json_body(name: str) -> dict[str, Any]:
    return {"required": True, "content": {"application/json": {"schema": _ref(name)}}}


def _json_answer(description: str, name: str) -> dict[str, Any]:
    return {"description": description, "content": {"application/json": {"schema": _ref(name)}}}


_BAD = _json_answer("The request was refused; each error says what and where.", "Errors")

_ADJUSTMENT = {
    "type": "object",
    "required": ["rule", "points", "reason"],
    "properties": {
        "rule": {"type": "string", "enum": [rule.slug for rule in HouseRule]},
        "points": {"type": "integer"},
        "reason": {"type": "string"},
    },
    "additionalProperties": False,
}

_SCHEMAS: dict[str, Any] = {
    "Rules": {
        "type": "object",
        "description": "A rule set. Every key but variant is optional.",
        "required": ["variant"],
        "properties": {
            "variant": {"type": "string", "enum": list(VARIANTS)},
            "deck": {"type": "string", "enum": [d.value for d in DeckKind]},
            "decks": {"type": ["integer", "null"], "minimum": 1, "maximum": MAX_DECKS},
            "jokers": {"type": "string", "enum": list(_JOKERS)},
            "house_rules": {
                "type": "array",
                "items": {"type": "string", "enum": [rule.slug for rule in HouseRule]},
            },
            "flip_on_discard": {"type": "string", "enum": [f.value for f in FlipOnDiscard]},
            "flip_as_action": {"type": "boolean"},
            "early_knock": {"type": "boolean"},
            "end_of_hole": {"type": "string", "enum": [e.value for e in EndOfHole]},
            "holes": {"type": "integer", "minimum": 1, "maximum": MAX_HOLES},
            "initial_flips": {
                "type": ["integer", "null"],
                "minimum": 0,
                "maximum": MAX_INITIAL_FLIPS,
            },
        },
        "additionalProperties": False,
    },
    "ScoreRequest": {
        "type": "object",
        "required": ["grid"],
        "properties": {
            "rules": _ref("Rules"),
            "grid": {
                "type": "string",
                "maxLength": 400,
                "description": (
                    "Row by row, top row first, rows separated by '/'; a grid with every "
                    "card there may leave the slashes out."
                ),
                "examples": ["8 5 7 / 8 3 9"],
            },
        },
        "additionalProperties": False,
    },
    "Adjustment": _ADJUSTMENT,
    "Column": {
        "type": "object",
        "required": ["number", "cards", "values", "matched", "points", "how", "reason"],
        "properties": {
            "number": {"type": "integer", "minimum": 1},
            "cards": {"type": "array", "items": {"type": "string"}},
            "values": {"type": "array", "items": {"type": "integer"}},
            "matched": {"type": "boolean"},
            "points": {"type": "integer"},
            "how": {"type": "string", "enum": ["sum", "match", "kept", "eagle-eye", "lines"]},
            "counted": {
                "type": "array",
                "items": {"type": "integer"},
                "description": (
                    "Only when how is 'lines' (rows and diagonals cancel): what each card "
                    "counts for, a card in a matched row or diagonal counting as matched."
                ),
            },
            "reason": {"type": "string"},
        },
        "additionalProperties": False,
    },
    "GridBreakdown": {
        "type": "object",
        "required": ["columns", "adjustments"],
        "properties": {
            "columns": {"type": "array", "items": _ref("Column")},
            "adjustments": {"type": "array", "items": _ref("Adjustment")},
        },
        "additionalProperties": False,
    },
    "ScoreResult": {
        "type": "object",
        "required": ["score", "grid", "columns", "adjustments"],
        "properties": {
            "score": {"type": "integer"},
            "grid": {"type": "string"},
            "columns": {"type": "array", "items": _ref("Column")},
            "adjustments": {"type": "array", "items": _ref("Adjustment")},
        },
        "additionalProperties": False,
    },
    "HoleRequest": {
        "type": "object",
        "required": ["players"],
        "description": (
            "Under rules that score the player who went out first (knock penalty, "
            "knock bonus), one player has went_out true, or nobody_went_out is true; "
            "a hole that says neither is refused (400), never scored as if nobody did."
        ),
        "properties": {
            "rules": _ref("Rules"),
            "nobody_went_out": {
                "type": "boolean",
                "default": False,
                "description": (
                    "The hole ended without anyone going out, said on purpose; "
                    "no player may then have went_out true."
                ),
            },
            "players": {
                "type": "array",
                "minItems": 2,
                "maxItems": MAX_PLAYERS,
                "items": {
                    "type": "object",
                    "required": ["grid"],
                    "properties": {
                        "name": {"type": "string", "minLength": 1, "maxLength": 40},
                        "grid": {"type": "string", "maxLength": 400},
                        "went_out": {"type": "boolean"},
                    },
                    "additionalProperties": False,
                },
            },
        },
        "additionalProperties": False,
    },
    "HoleResult": {
        "type": "object",
        "required": ["players", "winners"],
        "properties": {
            "players": {
                "type": "array",
                "items": {
                    "type": "object",
                    "required": [
                        "name",
                        "grid",
                        "went_out",
                        "grid_score",
                        "score",
                        "grid_breakdown",
                        "adjustments",
                    ],
                    "properties": {
                        "name": {"type": "string"},
                        "grid": {"type": "string"},
                        "went_out": {"type": "boolean"},
                        "grid_score": {"type": "integer"},
                        "score": {"type": "integer"},
                        "grid_breakdown": _ref("GridBreakdown"),
                        "adjustments": {"type": "array", "items": _ref("Adjustment")},
                    },
                    "additionalProperties": False,
                },
            },
            "winners": {"type": "array", "items": {"type": "string"}},
        },
        "additionalProperties": False,
    },
    "Catalog": {
        "type": "object",
        "required": [
            "variants",
            "decks",
            "jokers",
            "house_rules",
            "adjustment_order",
            "play_rules",
            "presets",
        ],
        "properties": {
            "variants": {"type": "array", "items": {"type": "object"}},
            "decks": {"type": "array", "items": {"type": "object"}},
            "jokers": {"type": "array", "items": {"type": "object"}},
            "house_rules": {"type": "array", "items": {"type": "object"}},
            "adjustment_order": {"type": "array", "items": {"type": "string"}},
            "play_rules": {"type": "array", "items": {"type": "object"}},
            "presets": {"type": "array", "items": {"type": "object"}},
        },
    },
    "Errors": {
        "type": "object",
        "required": ["errors"],
        "properties": {
            "errors": {
                "type": "array",
                "minItems": 1,
                "items": {
                    "type": "object",
                    "required": ["field", "message", "places"],
                    "properties": {
                        "field": {"type": "string"},
                        "message": {"type": "string"},
                        "places": {
                            "type": "array",
                            "description": (
                                "Every card the error is about (none for an error about "
                                "no card), so a client can mark each one."
                            ),
                            "items": {
                                "type": "object",
                                "required": ["row", "column"],
                                "properties": {
                                    "seat": {
                                        "type": "integer",
                                        "minimum": 0,
                                        "description": (
                                            "The player's index in the request's players "
                                            "list (0 for the first), as in "
                                            "'players[0].grid'; only when scoring a hole."
                                        ),
                                    },
                                    "row": {"type": "integer", "minimum": 1},
                                    "column": {"type": "integer", "minimum": 1},
                                },
                                "additionalProperties": False,
                            },
                        },
                        "row": {
                            "type": "integer",
                            "description": "The row of an error about one card (from 1).",
                        },
                        "column": {
                            "type": "integer",
                            "description": "The column of an error about one card (from 1).",
                        },
                    },
                    "additionalProperties": False,
                },
            }
        },
        "additionalProperties": False,
    },
}


@cache
def openapi_document() -> dict[str, Any]:
    """The whole OpenAPI 3.1 document (built once)."""
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "Golf scoring API",
            "version": "1.0.0",
            "description": "Score Golf grids and whole holes under any rule set. "
            "Stateless: no cookies, no authentication.",
        },
        "paths": {
            "/api/v1/score": {
                "post": {
                    "summary": "Score one grid",
                    "operationId": "score",
                    "requestBody": _json_body("ScoreRequest"),
                    "responses": {
                        "200": _json_answer("The grid's score and breakdown.", "ScoreResult"),
                        "400": _BAD,
                    },
                }
            },
            "/api/v1/score-hole": {
                "post": {
                    "summary": "Score every grid of a hole and apply the hole rules",
                    "operationId": "scoreHole",
                    "requestBody": _json_body("HoleRequest"),
                    "responses": {
                        "200": _json_answer("Every player's score for the hole.", "HoleResult"),
                        "400": _BAD,
                    },
                }
            },
            "/api/v1/rules": {
                "get": {
                    "summary": "List every rule option with its slug",
                    "operationId": "rules",
                    "responses": {"200": _json_answer("The options.", "Catalog")},
                }
            },
            "/api/v1/openapi.json": {
                "get": {
                    "summary": "This document",
                    "operationId": "openapi",
                    "responses": {
                        "200": {
                            "description": "OpenAPI 3.1",
                            "content": {"application/json": {"schema": {"type": "object"}}},
                        }
                    },
                }
            },
        },
        "components": {"schemas": _SCHEMAS},
    }
