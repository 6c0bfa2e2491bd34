"""The JSON scoring API (``/api/v1/``): stateless, cookie-less, CSRF-exempt.

Every answer to a bad request is a 400 with ``{"errors": [{"field", "message",
"places"}]}``, worded for players, ``places`` listing every card an error is about
(``{"seat", "row", "column"}``; none for an error about no card); the engine does all
the checking and arithmetic.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import wraps
from typing import Any

from django.core.exceptions import RequestDataTooBig
from django.http import HttpRequest, JsonResponse, UnreadablePostError
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_POST, require_safe

from scoring.engine import (
    GolfError,
    GridScore,
    Problem,
    RulesError,
    RuleSet,
    check_grid,
    check_table,
    score_grid,
    score_hole,
    went_out_problems,
)
from scoring.engine.catalog import rules_catalog
from scoring.openapi import openapi_document

#: Bodies above this many bytes are refused before they are read.
MAX_BODY_BYTES = 64 * 1024
#: JSON nested deeper than this is refused (no legitimate body needs more than 4).
MAX_DEPTH = 8
MAX_NAME_LENGTH = 40
MAX_GRID_LENGTH = 400


class BadRequest(Exception):
    """A request the API refuses; carries the problems to report."""

    def __init__(self, *errors: tuple[str, str]) -> None:
        super().__init__(errors)
        self.errors = errors


def _bad(errors: list[dict[str, Any]] | tuple[tuple[str, str], ...]) -> JsonResponse:
    items = [
        e if isinstance(e, dict) else {"field": e[0], "message": e[1], "places": []} for e in errors
    ]
    return JsonResponse({"errors": items}, status=400)


def _read_json(request: HttpRequest) -> dict[str, Any]:
    length = request.META.get("CONTENT_LENGTH") or "0"
    if not length.isdigit() or int(length) > MAX_BODY_BYTES:
        raise BadRequest(("body", f"the request body is larger than {MAX_BODY_BYTES} bytes"))
    try:
        raw = request.body
    except RequestDataTooBig as exc:
        raise BadRequest(("body", "the request body is too large")) from exc
    except UnreadablePostError as exc:  # the client stopped sending (gunicorn.conf.py)
        raise BadRequest(("body", "the request body stopped arriving; send it again")) from exc
    if len(raw) > MAX_BODY_BYTES:
        raise BadRequest(("body", f"the request body is larger than {MAX_BODY_BYTES} bytes"))
    try:
        data = json.loads(raw)
    except RecursionError as exc:
        raise BadRequest(("body", "the JSON is nested too deeply")) from exc
    except (ValueError, UnicodeDecodeError) as exc:
        raise BadRequest(("body", "the body is not valid JSON")) from exc
    if _depth(data) > MAX_DEPTH:
        raise BadRequest(("body", "the JSON is nested too deeply"))
    if not isinstance(data, dict):
        raise BadRequest(("body", "the body must be a JSON object"))
    return data


def _depth(value: Any, level: int = 1) -> int:
    if level > MAX_DEPTH:
        return level
    if isinstance(value, dict):
        return max((_depth(v, level + 1) for v in value.values()), default=level)
    if isinstance(value, list):
        return max((_depth(v, level + 1) for v in value), default=level)
    return level


def _unknown_keys(
    data: dict[str, Any], allowed: set[str], prefix: str = ""
) -> list[tuple[str, str]]:
    return [
        (f"{prefix}{key}", f"'{key}' is not expected here") for key in sorted(set(data) - allowed)
    ]


def _refuse_unknown_keys(data: dict[str, Any], allowed: set[str]) -> None:
    unknown = _unknown_keys(data, allowed)
    if unknown:
        raise BadRequest(*unknown)


def _rules(data: dict[str, Any]) -> RuleSet:
    if "rules" not in data:
        return RuleSet()
    try:
        return RuleSet.from_dict(data["rules"])
    except RulesError as exc:
        raise BadRequest(
            *((f"rules.{p.field}" if p.field else "rules", p.message) for p in exc.problems)
        ) from exc


def _grid_text(value: Any, field: str) -> str:
    if not isinstance(value, str):
        raise BadRequest((field, "the grid must be text, like '8 5 7 / 8 3 9'"))
    if len(value) > MAX_GRID_LENGTH:
        raise BadRequest((field, "the grid is far too long"))
    return value


def _problem_errors(
    problems: tuple[Problem, ...], field_of: Any, names: list[str | None] | None = None
) -> list[dict[str, Any]]:
    """The API's error objects for engine problems: each with every place it concerns,
    and, given the players' ``names``, the seats it names said by name."""
    errors: list[dict[str, Any]] = []
    for problem in problems:
        message = problem.with_names(names) if names is not None else problem.message
        error: dict[str, Any] = {
            "field": field_of(problem),
            "message": message,
            "places": _places(problem),
        }
        if problem.row is not None and problem.column is not None:
            error["row"] = problem.row
            error["column"] = problem.column
        errors.append(error)
    return errors


def _places(problem: Problem) -> list[dict[str, int]]:
    """Every card ``problem`` concerns: its seat (the index in ``players``, when
    there are players), row and column (from 1)."""
    places = list(problem.places)
    if not places and problem.row is not None and problem.column is not None:
        places = [(problem.player, problem.row, problem.column)]
    return [
        ({"seat": seat} if seat is not None else {}) | {"row": row, "column": column}
        for seat, row, column in places
    ]


def _grid_json(score: GridScore) -> dict[str, Any]:
    data = score.to_dict()
    return {"columns": data["columns"], "adjustments": data["adjustments"]}


def _guarded(view: Callable[[HttpRequest], JsonResponse]) -> Callable[[HttpRequest], JsonResponse]:
    """Turn :class:`BadRequest` into the API's 400 answer."""

    @wraps(view)
    def wrapped(request: HttpRequest) -> JsonResponse:
        try:
            return view(request)
        except BadRequest as exc:
            return _bad(exc.errors)

    return wrapped


@csrf_exempt
@require_POST
@_guarded
def score(request: HttpRequest) -> JsonResponse:
    """Score one grid: values, columns, grid bonuses and blackjack."""
    data = _read_json(request)
    _refuse_unknown_keys(data, {"rules", "grid"})
    rules = _rules(data)
    if "grid" not in data:
        raise BadRequest(("grid", "enter a grid, like '8 5 7 / 8 3 9'"))
    text = _grid_text(data["grid"], "grid")
    try:
        grid = check_grid(text, rules)
    except GolfError as exc:
        return _bad(_problem_errors(exc.problems, lambda p: "grid"))
    result = score_grid(grid, rules)
    return JsonResponse({"score": result.total, "grid": grid.notation(), **_grid_json(result)})


@csrf_exempt
@require_POST
@_guarded
def score_hole_view(request: HttpRequest) -> JsonResponse:
    """Score a whole hole: every grid, then knock, underdog and tied-shame rules.

    Under rules that score whoever went out (``RuleSet.needs_finisher``), one player
    has ``went_out`` true, or the request says ``nobody_went_out``: it is never
    assumed."""
    data = _read_json(request)
    _refuse_unknown_keys(data, {"rules", "players", "nobody_went_out"})
    rules = _rules(data)
    nobody_out = data.get("nobody_went_out", False)
    if not isinstance(nobody_out, bool):
        raise BadRequest(("nobody_went_out", "nobody_went_out must be true or false"))
    players = data.get("players")
    if not isinstance(players, list) or not players:
        raise BadRequest(("players", "list the players, each with a name and a grid"))
    if len(players) > 8:
        raise BadRequest(("players", "a hole has at most 8 players"))
    names: list[str] = []
    #: The names players were given (None where the request gave none).
    given: list[str | None] = []
    texts: list[str] = []
    went_out: list[bool] = []
    errors: list[tuple[str, str]] = []
    for i, player in enumerate(players):
        where = f"players[{i}]"
        if not isinstance(player, dict):
            errors.append((where, "each player must be an object with a name and a grid"))
            continue
        errors.extend(_unknown_keys(player, {"name", "grid", "went_out"}, prefix=f"{where}."))
        name = player.get("name", f"Player {i + 1}")
        if not isinstance(name, str) or not name.strip() or len(name) > MAX_NAME_LENGTH:
            errors.append((f"{where}.name", f"a name is 1 to {MAX_NAME_LENGTH} characters"))
            name = f"Player {i + 1}"
        out = player.get("went_out", False)
        if not isinstance(out, bool):
            errors.append((f"{where}.went_out", "went_out must be true or false"))
            out = False
        if "grid" not in player:
            errors.append((f"{where}.grid", "enter this player's grid"))
            text = ""
        else:
            try:
                text = _grid_text(player["grid"], f"{where}.grid")
            except BadRequest as exc:
                errors.extend(exc.errors)
                text = ""
        names.append(name.strip())
        given.append(name.strip() if "name" in player else None)
        texts.append(text)
        went_out.append(out)
    if errors:
        raise BadRequest(*errors)
    out_seat = went_out.index(True) if True in went_out else None
    # Who went out, where a rule scores that player (two players out is the table's
    # problem, said with the grids').
    out_problems = (
        went_out_problems(rules, len(texts), out_seat, nobody_out=nobody_out)
        if went_out.count(True) < 2
        else []
    )
    out_errors = _problem_errors(
        tuple(out_problems), lambda p: "nobody_went_out" if nobody_out else "players"
    )
    try:
        grids = check_table(texts, rules, went_out)
    except GolfError as exc:
        return _bad(
            _problem_errors(
                exc.problems,
                lambda p: f"players[{p.player}].grid" if p.player is not None else "players",
                given,
            )
            + out_errors
        )
    if out_errors:
        return _bad(out_errors)
    hole = score_hole(grids, rules, out_seat)
    return JsonResponse(
        {
            "players": [
                {
                    "name": names[i],
                    "grid": grids[i].notation(),
                    "went_out": player.went_out,
                    "grid_score": player.grid_score,
                    "score": player.score,
                    "grid_breakdown": _grid_json(player.grid) if player.grid else None,
                    "adjustments": [
                        {"rule": a.rule, "points": a.points, "reason": a.reason}
                        for a in player.adjustments
                    ],
                }
                for i, player in enumerate(hole.players)
            ],
            "winners": [names[i] for i in hole.winners],
        }
    )


@csrf_exempt
@require_safe
def rules_list(request: HttpRequest) -> JsonResponse:
    """Every variant, joker option, house rule and play rule, with slugs and summaries."""
    return JsonResponse(rules_catalog())


@csrf_exempt
@require_safe
def openapi(request: HttpRequest) -> JsonResponse:
    """The OpenAPI 3.1 description of this API."""
    return JsonResponse(openapi_document())
