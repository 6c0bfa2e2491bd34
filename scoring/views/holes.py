"""Holes: entering the next one (with a live check), seeing, correcting and
deleting one. Forms read, services write, selectors read back."""

from __future__ import annotations

import logging

from django.contrib import messages
from django.db import DatabaseError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_http_methods, require_safe
from django.views.decorators.vary import vary_on_headers

from golfsite.offline import QUEUED_FOR_HEADER, keep_offline, viewer_of
from golfsite.wording import sentence
from scoring import selectors, services
from scoring.engine import RuleSet
from scoring.forms import HoleForm
from scoring.hole_page import hole_context, initial_for, pending_seats, two_phones_context
from scoring.models import Hole, Match, Player
from scoring.views.access import (
    HtmxHttpRequest,
    match_for_request,
)
from scoring.views.board import board_page

logger = logging.getLogger(__name__)

#: The header that says a hole was stored.
SAVED_HEADER = "X-Golf-Saved"

#: What a player is told when the database fails in the middle of a save.
NOT_SAVED = (
    "The hole could not be saved just now and nothing was stored. "
    "Everything you typed is still here: try saving again in a moment."
)
NOT_CORRECTED = (
    "The correction could not be saved just now; the hole is as it was. "
    "Everything you typed is still here: try again in a moment."
)


@keep_offline
@require_http_methods(["GET", "HEAD", "POST"])
def hole_new(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """Enter the next hole: every grid (or every total), who went out; save.

    A save from htmx answers with the scoreboard itself, so a phone on a slow
    connection waits one round trip instead of two (POST, then the redirect's GET);
    without JavaScript the browser follows the redirect as usual.
    """
    match = match_for_request(request, pk)
    players = selectors.match_players(match=match)
    rules = match.rule_set
    if request.method != "POST":
        if match.is_finished:
            messages.info(request, "This match is finished.")
            return redirect(match)
        number = match.holes.count() + 1
        form = HoleForm(initial=initial_for(None, number, rules), players=players, rules=rules)
        return render(request, "scoring/hole_form.html", hole_context(match, players, form, number))
    queued_for = request.headers.get(QUEUED_FOR_HEADER)
    if queued_for and queued_for != viewer_of(request):
        # A hole kept on the phone under another session (someone logged out and
        # another logged in, or the cookies were cleared), sent by a page that the
        # phone showed from its kept copies: it is that session's to send, never
        # this one's. static/js/queue.js keeps it and says why.
        return HttpResponse(status=409)
    form = HoleForm(request.POST, players=players, rules=rules)
    if not form.is_valid():
        number = match.holes.count() + 1
        return render(
            request,
            "scoring/hole_form.html",
            hole_context(match, players, form, number, refused=True),
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
        evaluation = services.hole_evaluate(rules=rules, entry=form.entry(), players=len(players))
        return render(
            request,
            "scoring/hole_form.html",
            hole_context(match, players, form, number, evaluation, refused=True),
        )
    except DatabaseError:
        logger.exception("Saving hole %s of match %s failed", number, pk)
        form.table_errors.append(NOT_SAVED)
        return render(request, "scoring/hole_form.html", hole_context(match, players, form, number))
    except services.HoleConflict as exc:
        return _conflict(request, match, players, form, number, sentence(str(exc)))
    response = _saved(request, match, players, f"Hole {hole.number} saved.")
    # Says the hole is stored (a save sent again with its token, too), which a page
    # alone does not say as plainly. The phone's queue of holes saved with no signal
    # goes by it (static/js/queue.js).
    response[SAVED_HEADER] = str(hole.number)
    return response


def _conflict(
    request: HtmxHttpRequest,
    match: Match,
    players: list[Player],
    form: HoleForm,
    number: int,
    notice: str,
) -> HttpResponse:
    """Another phone got there first. Hole ``number`` saved by it: both side by side,
    with what this phone typed kept to apply as a correction. No hole ``number``
    (one was deleted meanwhile): the form again, as the next hole, with everything
    typed in it. Either way nothing typed is lost."""
    saved = match.holes.prefetch_related("scores").filter(number=number).first()
    if saved is not None:
        context = two_phones_context(match, players, saved, form, notice)
        return render(request, "scoring/hole_two_phones.html", context)
    match.refresh_from_db()
    if match.is_finished:
        return _scoreboard_after_save(request, match, players, notice=notice)
    number = match.holes.count() + 1
    data = request.POST.copy()
    data["number"] = str(number)
    again = HoleForm(data, players=players, rules=match.rule_set)
    again.is_valid()
    again.table_errors.append(
        f"{notice} What you typed is still here, now as hole {number}: check it and save again."
    )
    return render(request, "scoring/hole_form.html", hole_context(match, players, again, number))


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
    breakdown, every problem beside its card, the card counts of the cards typed
    so far, and whose cards are still to come.

    Without the script, "Check the scores" leaves this address in the browser. Opened
    again (a phone reloads a page it dropped), it has nothing to check: it goes to the
    next hole's form rather than answer "method not allowed"."""
    match = match_for_request(request, pk)
    if request.method != "POST":
        return redirect("scoring:hole_new", pk=match.pk)
    players = selectors.match_players(match=match)
    form = HoleForm(request.POST, players=players, rules=match.rule_set)
    number = match.holes.count() + 1
    evaluation = None
    hole = None
    if form.is_valid():
        number = form.cleaned_data["number"]
        if form.cleaned_data.get("revision"):
            hole = match.holes.filter(number=number).first()
        if hole is not None and hole.rules != match.rules:
            # A correction is checked under the rules its hole was played under.
            form = HoleForm(request.POST, players=players, rules=RuleSet.from_dict(hole.rules))
            form.is_valid()
        entry = form.entry()
        evaluation = services.hole_evaluate(rules=form.rules, entry=entry, players=len(players))
        # A grid still being entered is not wrong yet, but a card count of the cards
        # typed so far is; nor is who went out, until the hole is saved.
        pending = pending_seats(entry)
        form.add_problems(
            [
                p
                for p in evaluation.problems
                if p.field != "went_out" and (p.player not in pending or p.holders)
            ]
        )
    context = hole_context(match, players, form, number, evaluation, hole=hole)
    template = "scoring/hole_form.html#preview" if request.htmx else "scoring/hole_form.html"
    return render(request, template, context)


def _hole_or_404(match: Match, number: int) -> Hole:
    return get_object_or_404(Hole.objects.prefetch_related("scores"), match=match, number=number)


@keep_offline
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
    """Correct a saved hole: re-validated and re-scored, and the totals with it.

    When the hole changed from another phone since this one opened it, what this
    phone typed is shown beside the hole as it now is, to apply again or leave."""
    match = match_for_request(request, pk)
    hole = _hole_or_404(match, number)
    players = selectors.match_players(match=match)
    rules = RuleSet.from_dict(hole.rules)
    if request.method != "POST":
        form = HoleForm(initial=initial_for(hole, number, rules), players=players, rules=rules)
        return render(
            request,
            "scoring/hole_form.html",
            hole_context(match, players, form, number, hole=hole),
        )
    form = HoleForm(request.POST, players=players, rules=rules)
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
            current = _hole_or_404(match, number)
            notice = f"{sentence(str(exc))} Your cards were not applied; they are still here."
            context = two_phones_context(match, players, current, form, notice)
            return render(request, "scoring/hole_two_phones.html", context)
        else:
            match.refresh_from_db(fields=["finished_at", "updated_at"])
            said = f"Hole {number} corrected; the totals now count its new scores."
            return _saved(request, match, players, said)
    # Refused (a database error says so itself).
    refused = NOT_CORRECTED not in form.table_errors
    return render(
        request,
        "scoring/hole_form.html",
        hole_context(match, players, form, number, hole=hole, refused=refused),
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
