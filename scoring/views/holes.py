"""Holes: entering the next one (with a live check), seeing, correcting and
deleting one. Forms read, services write, selectors read back."""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import Any

from django.contrib import messages
from django.db import DatabaseError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_http_methods, require_safe
from django.views.decorators.vary import vary_on_headers

from golfsite.wording import sentence
from scoring import selectors, services
from scoring.engine import GridScore, PlayerScore, RuleSet, Suit
from scoring.engine.grid import EMPTY_SLOT
from scoring.engine.slots import grid_cells
from scoring.forms import HoleForm
from scoring.models import Hole, Match, Player
from scoring.views.access import (
    HtmxHttpRequest,
    match_for_request,
)
from scoring.views.board import board_page

logger = logging.getLogger(__name__)

#: What a player is told when the database fails in the middle of a save.
NOT_SAVED = (
    "The hole could not be saved just now and nothing was stored. "
    "Everything you typed is still here: try saving again in a moment."
)
NOT_CORRECTED = (
    "The correction could not be saved just now; the hole is as it was. "
    "Everything you typed is still here: try again in a moment."
)


@dataclass
class SeatEntry:
    """One player's part of the hole form, ready to draw."""

    player: Player
    grid_field: Any
    total_field: Any
    slots: list[list[dict[str, Any]]]
    errors: list[str] = field(default_factory=list)
    #: The cards a problem is about, as "row-column" words, for the keypad script.
    bad: str = ""
    grid_score: GridScore | None = None
    result: PlayerScore | None = None
    is_dealer: bool = False
    is_first: bool = False


def _slots(
    text: str, rules: RuleSet, seat: int, bad: set[tuple[int, int, int]]
) -> list[list[dict[str, Any]]]:
    """The grid as typed, slot by slot, for the keypad, split as the engine reads
    notation (``grid_cells``); unreadable text leaves gaps."""
    return [
        [
            {
                "row": r,
                "column": c,
                "text": "" if token == EMPTY_SLOT else token,
                "bad": (seat, r, c) in bad,
            }
            for c, token in enumerate(row, start=1)
        ]
        for r, row in enumerate(grid_cells(text, rules.layout, rules.ranks_in_play), start=1)
    ]


def _hole_context(
    match: Match,
    players: list[Player],
    form: HoleForm,
    number: int,
    evaluation: services.Evaluation | None = None,
    hole: Hole | None = None,
    refused: bool = False,
) -> dict[str, Any]:
    """What the hole form's page shows. ``refused``: the form comes back from a save
    that stored nothing, which its top says first."""
    rules = match.rule_set if hole is None else RuleSet.from_dict(hole.rules)
    dealer, first = selectors.turn_order(match=match, players=players, number=number)
    seats = []
    for player in players:
        grid_field = form[f"grid_{player.seat}"]
        seat = SeatEntry(
            player=player,
            grid_field=grid_field,
            total_field=form[f"total_{player.seat}"],
            slots=_slots(grid_field.value() or "", rules, player.seat, form.places),
            errors=form.seat_errors.get(player.seat, []),
            bad=" ".join(f"{r}-{c}" for s, r, c in sorted(form.places) if s == player.seat),
            is_dealer=player.pk == dealer.pk,
            is_first=player.pk == first.pk,
        )
        if evaluation is not None:
            seat.grid_score = (
                evaluation.seat_scores[player.seat] if evaluation.seat_scores else None
            )
            if evaluation.hole is not None:
                seat.result = evaluation.hole.players[player.seat]
                seat.grid_score = seat.result.grid
        seats.append(seat)
    ranks = rules.ranks_in_play
    # The players with a problem of their own, named at the top of the form with a
    # link to their cards (a page without the script opens at its top).
    problem_seats = [s for s in seats if s.errors]
    return {
        "match": match,
        "rules": rules,
        "players": players,
        "number": number,
        "form": form,
        "seats": seats,
        "dealer": dealer,
        "first": first,
        "hole": hole,
        "ranks": ranks,
        # What the keypad asks after a rank whose suit decides its value.
        "suit_questions": {
            rank.symbol: f"Now tap its suit: {rules.suit_reason(rank)}."
            for rank in rules.ranks_needing_suit
        },
        # The keypad's suit keys, where the deck's cards are written with one.
        "suits": list(Suit) if rules.suits_written else [],
        "evaluation": evaluation,
        "problem_seats": problem_seats,
        # What the players' boxes hold, as the problems' pointer names it.
        "entered": "totals" if form["kind"].value() == Hole.Kind.TOTALS else "cards",
        "refused": refused,
    }


def _initial_for(hole: Hole | None, number: int, players: list[Player]) -> dict[str, Any]:
    initial: dict[str, Any] = {"number": number, "token": HoleForm.fresh_token(), "kind": "grids"}
    if hole is not None:
        initial.update(kind=hole.kind, went_out=hole.went_out, revision=hole.revision)
        for score in hole.scores.all():
            initial[f"grid_{score.seat}"] = score.grid
            initial[f"total_{score.seat}"] = "" if hole.kind == "grids" else score.grid_score
    return initial


@require_http_methods(["GET", "HEAD", "POST"])
def hole_new(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """Enter the next hole: every grid (or every total), who went out; save.

    A save from htmx answers with the scoreboard itself, so a phone on a slow
    connection waits one round trip instead of two (POST, then the redirect's GET);
    without JavaScript the browser follows the redirect as usual.
    """
    match = match_for_request(request, pk)
    players = selectors.match_players(match=match)
    if request.method != "POST":
        if match.is_finished:
            messages.info(request, "This match is finished.")
            return redirect(match)
        number = match.holes.count() + 1
        form = HoleForm(initial=_initial_for(None, number, players), players=players)
        return render(
            request, "scoring/hole_form.html", _hole_context(match, players, form, number)
        )
    form = HoleForm(request.POST, players=players)
    if not form.is_valid():
        number = match.holes.count() + 1
        return render(
            request,
            "scoring/hole_form.html",
            _hole_context(match, players, form, number, refused=True),
        )
    number = form.cleaned_data["number"]
    try:
        hole = services.hole_record(
            match=match,
            entry=form.entry(),
            token=form.cleaned_data["token"],
            number=number,
            players=players,
        )
    except services.HoleRejected as exc:
        form.add_problems(exc.problems)
        evaluation = services.hole_evaluate(
            rules=match.rule_set, entry=form.entry(), players=len(players)
        )
        return render(
            request,
            "scoring/hole_form.html",
            _hole_context(match, players, form, number, evaluation, refused=True),
        )
    except DatabaseError:
        logger.exception("Saving hole %s of match %s failed", number, pk)
        form.table_errors.append(NOT_SAVED)
        return render(
            request, "scoring/hole_form.html", _hole_context(match, players, form, number)
        )
    except services.HoleConflict as exc:
        match.refresh_from_db()
        return _scoreboard_after_save(request, match, players, notice=sentence(str(exc)))
    return _saved(request, match, players, f"Hole {hole.number} saved.")


def _saved(
    request: HtmxHttpRequest, match: Match, players: list[Player], message: str
) -> HttpResponse:
    """After a hole is saved or corrected: back to the scoreboard, saying so.

    The save button posts through htmx, which is answered with the scoreboard page
    itself (and its address for the browser's history), so a phone on a slow
    connection waits one round trip instead of two. A plain form post (no
    JavaScript) gets the usual redirect, so reloading never posts twice. ``match``
    must be as the save left it (the services bring it up to date).
    """
    messages.success(request, message)
    if not request.htmx:
        return redirect(match)
    return _scoreboard_after_save(request, match, players)


def _scoreboard_after_save(
    request: HtmxHttpRequest, match: Match, players: list[Player], notice: str = ""
) -> HttpResponse:
    """The scoreboard page as the answer to a save. Through htmx, only what goes
    inside ``<main>`` (and the page's title): the header around it is the one the
    form's page already shows, so a phone downloads less and the server draws less.
    It comes with its address for the browser's history (the form's address would
    stay there otherwise)."""
    template = "scoring/match_detail_main.html" if request.htmx else "scoring/match_detail.html"
    response = board_page(request, match, template, readonly=False, players=players, notice=notice)
    if request.htmx:
        response["HX-Push-Url"] = match.get_absolute_url()
        response["HX-Retarget"] = "#main"
        response["HX-Reswap"] = "innerHTML"
    return response


@require_http_methods(["GET", "HEAD", "POST"])
@vary_on_headers("HX-Request")
def hole_preview(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """Score the hole as typed so far, without saving: each player's score and
    breakdown, and every problem beside its card.

    Without the script, "Check the scores" leaves this address in the browser. Opened
    again (a phone reloads a page it dropped), it has nothing to check: it goes to the
    next hole's form rather than answer "method not allowed"."""
    match = match_for_request(request, pk)
    if request.method != "POST":
        return redirect("scoring:hole_new", pk=match.pk)
    players = selectors.match_players(match=match)
    form = HoleForm(request.POST, players=players)
    number = match.holes.count() + 1
    evaluation = None
    hole = None
    if form.is_valid():
        number = form.cleaned_data["number"]
        if form.cleaned_data.get("revision"):
            hole = match.holes.filter(number=number).first()
        rules = match.rule_set if hole is None else RuleSet.from_dict(hole.rules)
        entry = form.entry()
        evaluation = services.hole_evaluate(rules=rules, entry=entry, players=len(players))
        # A grid still being entered is not wrong yet: say nothing about it.
        pending = _pending_seats(entry)
        form.add_problems([p for p in evaluation.problems if p.player not in pending])
    context = _hole_context(match, players, form, number, evaluation, hole=hole)
    template = "scoring/hole_form.html#preview" if request.htmx else "scoring/hole_form.html"
    return render(request, template, context)


def _pending_seats(entry: services.HoleEntry) -> set[int]:
    if entry.kind == Hole.Kind.TOTALS:
        return {seat for seat, total in enumerate(entry.totals) if total is None}
    return {seat for seat, text in enumerate(entry.grids) if not text.strip() or EMPTY_SLOT in text}


def _hole_or_404(match: Match, number: int) -> Hole:
    return get_object_or_404(Hole.objects.prefetch_related("scores"), match=match, number=number)


@require_safe
def hole_detail(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    """One hole: every grid drawn as cards with its breakdown, and the final scores."""
    match = match_for_request(request, pk)
    hole = _hole_or_404(match, number)
    players = selectors.match_players(match=match)
    dealer, first = selectors.turn_order(match=match, players=players, number=number)
    last = match.holes.order_by("-number").values_list("number", flat=True).first()
    return render(
        request,
        "scoring/hole_detail.html",
        {
            "match": match,
            "hole": hole,
            "results": selectors.hole_detail(hole=hole, players=players),
            "dealer": dealer,
            "first": first,
            "is_last": last == number,
        },
    )


@require_http_methods(["GET", "HEAD", "POST"])
def hole_edit(request: HtmxHttpRequest, pk: int, number: int) -> HttpResponse:
    """Correct a saved hole: re-validated and re-scored, and the totals with it."""
    match = match_for_request(request, pk)
    hole = _hole_or_404(match, number)
    players = selectors.match_players(match=match)
    if request.method != "POST":
        form = HoleForm(initial=_initial_for(hole, number, players), players=players)
        return render(
            request,
            "scoring/hole_form.html",
            _hole_context(match, players, form, number, hole=hole),
        )
    form = HoleForm(request.POST, players=players)
    if form.is_valid():
        try:
            services.hole_correct(
                hole=hole, entry=form.entry(), revision=form.cleaned_data.get("revision") or 0
            )
        except services.HoleRejected as exc:
            form.add_problems(exc.problems)
        except DatabaseError:
            logger.exception("Correcting hole %s of match %s failed", number, pk)
            form.table_errors.append(NOT_CORRECTED)
        except services.HoleConflict as exc:
            hole.refresh_from_db()
            fresh = HoleForm(initial=_initial_for(hole, number, players), players=players)
            fresh.table_errors.append(sentence(str(exc)))
            return render(
                request,
                "scoring/hole_form.html",
                _hole_context(match, players, fresh, number, hole=hole),
            )
        else:
            match.refresh_from_db(fields=["finished_at", "updated_at"])
            said = f"Hole {number} corrected; the totals now count its new scores."
            return _saved(request, match, players, said)
    # Refused (a database error says so itself).
    refused = NOT_CORRECTED not in form.table_errors
    return render(
        request,
        "scoring/hole_form.html",
        _hole_context(match, players, form, number, hole=hole, refused=refused),
    )


@require_http_methods(["GET", "HEAD", "POST"])
def hole_delete(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    """Delete the last hole, after a second, deliberate step."""
    match = match_for_request(request, pk)
    hole = _hole_or_404(match, number)
    if request.method == "POST":
        try:
            services.hole_delete_last(match=match, number=number)
        except services.HoleConflict as exc:
            messages.error(request, sentence(str(exc)))
        else:
            messages.success(request, f"Hole {number} deleted.")
        return redirect(match)
    last = match.holes.order_by("-number").values_list("number", flat=True).first()
    # What would be lost, said before the choice is made.
    results = selectors.hole_detail(hole=hole, players=selectors.match_players(match=match))
    return render(
        request,
        "scoring/hole_delete.html",
        {"match": match, "hole": hole, "is_last": last == number, "results": results},
    )
