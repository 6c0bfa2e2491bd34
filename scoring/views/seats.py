"""A hole entered phone by phone: each keeper phone enters one seat's cards into
the table's shared draft of the next hole (kept in the database, so every phone
and every server sees the same), every phone follows which seats are in, and once
all are, any keeper confirms the hole. Forms read, services write, the page
helpers in ``seat_page`` say what is shown."""

from __future__ import annotations

import logging

from django.contrib import messages
from django.db import DatabaseError
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.cache import get_conditional_response
from django.views.decorators.http import require_http_methods
from django.views.decorators.vary import vary_on_headers

from golfsite.wording import sentence
from scoring import selectors, services
from scoring.engine import Problem
from scoring.forms import SeatForm, SeatsConfirmForm
from scoring.models import Match, Player
from scoring.seat_page import (
    Progress,
    confirm_form,
    live_problems,
    progress,
    progress_etag,
    seat_context,
)
from scoring.views.access import (
    HtmxHttpRequest,
    match_for_request,
    phone_for,
    phone_id,
    remember_seat,
    seat_of,
)
from scoring.views.board import revalidated

logger = logging.getLogger(__name__)

NOT_CONFIRMED = (
    "The hole could not be saved just now and nothing was stored; every seat's "
    "cards are still in. Try again in a moment."
)
NOT_ENTERED = (
    "Your cards could not be saved just now. Everything you typed is still here: "
    "try again in a moment."
)


def _saved_already(request: HtmxHttpRequest, match: Match, number: int) -> HttpResponse:
    """Hole ``number`` is saved: every phone goes on to the scoreboard, saying so.
    A polling phone is sent there by htmx (``HX-Redirect``)."""
    messages.success(request, f"Hole {number} is saved.")
    if request.htmx:
        response = HttpResponse()
        response["HX-Redirect"] = match.get_absolute_url()
        return response
    return redirect(match)


def _next_number(match: Match) -> int:
    return match.holes.count() + 1


@require_http_methods(["GET", "HEAD", "POST"])
@vary_on_headers("HX-Request")
def hole_seats(request: HtmxHttpRequest, pk: int, number: int) -> HttpResponse:
    """Hole ``number``, phone by phone: which seats are in (names, not cards, until
    every seat is), a link to each seat's entry, and once all are in, the table
    checked and the button that saves the hole (a POST here).

    Through htmx (polled every few seconds) only the progress part is sent, and
    "not modified" while the draft is unchanged."""
    match = match_for_request(request, pk)
    next_number = _next_number(match)
    if number < next_number:
        return _saved_already(request, match, number)
    if match.is_finished:
        messages.info(request, "This match is finished.")
        return redirect(match)
    if number > next_number:
        return redirect("scoring:hole_seats", pk=match.pk, number=next_number)
    players = selectors.match_players(match=match)
    if request.method == "POST":
        return _confirm(request, match, players, number)
    drafts = selectors.seat_drafts(match=match, number=number)
    seat, phone = seat_of(request, match), phone_id(request)
    etag = ""
    if request.htmx:
        etag = progress_etag(match, number, drafts, seat, phone)
        unchanged = get_conditional_response(request, etag=etag)
        if unchanged is not None:
            return revalidated(unchanged, etag)
    state = progress(
        match=match, players=players, drafts=drafts, number=number, seat=seat, phone=phone
    )
    context = _progress_context(match, players, state, seat)
    if not request.htmx:
        return render(request, "scoring/hole_seats.html", context)
    return revalidated(render(request, "scoring/hole_seats.html#progress", context), etag)


def _progress_context(
    match: Match,
    players: list[Player],
    state: Progress,
    seat: int | None,
    confirm: SeatsConfirmForm | None = None,
    notice: str = "",
) -> dict[str, object]:
    rules = match.rule_set
    return {
        "match": match,
        "rules": rules,
        "state": state,
        "number": state.number,
        "my_seat": seat,
        "confirm": confirm or confirm_form(players, rules, state),
        "notice": notice,
        "dealer_first": selectors.turn_order(match=match, players=players, number=state.number),
    }


def _confirm(
    request: HtmxHttpRequest, match: Match, players: list[Player], number: int
) -> HttpResponse:
    """Save the hole from the draft, once; refused, the page says why beside each
    seat, with who went out as it was chosen."""
    rules = match.rule_set
    form = SeatsConfirmForm(request.POST, players=players, rules=rules)
    seat, phone = seat_of(request, match), phone_id(request)
    notice = ""
    refusal: list[Problem] = []
    went_out = None
    if not form.is_valid():
        notice = " ".join(str(e) for errors in form.errors.values() for e in errors)
    else:
        went_out = form.said
        try:
            services.seat_draft_confirm(
                match=match,
                number=number,
                token=form.cleaned_data["token"],
                seen=form.cleaned_data["seen"],
                went_out=int(went_out) if went_out.isdigit() else None,
                nobody_out=went_out == "nobody",
                players=players,
            )
        except services.HoleRejected as exc:
            refusal = list(exc.problems)
            notice = f"Hole {number} was not saved."
        except services.HoleConflict as exc:
            if match.holes.filter(number=number).exists():
                return _saved_already(request, match, number)
            notice = sentence(str(exc))
            went_out = None
        except DatabaseError:
            logger.exception("Confirming hole %s of match %s failed", number, match.pk)
            notice = NOT_CONFIRMED
        else:
            messages.success(request, f"Hole {number} saved.")
            return redirect(match)
    drafts = selectors.seat_drafts(match=match, number=number)
    state = progress(
        match=match,
        players=players,
        drafts=drafts,
        number=number,
        seat=seat,
        phone=phone,
        went_out=went_out,
        refusal=refusal,
    )
    fresh = confirm_form(players, rules, state)
    context = _progress_context(match, players, state, seat, fresh, notice)
    return render(request, "scoring/hole_seats.html", context)


def _player_at(players: list[Player], seat: int) -> Player:
    for player in players:
        if player.seat == seat:
            return player
    raise Http404("No such seat")


@require_http_methods(["GET", "HEAD", "POST"])
def hole_seat(request: HtmxHttpRequest, pk: int, number: int, seat: int) -> HttpResponse:
    """One seat's cards for hole ``number``: the keypad and the live check of the
    hole form, for this seat only, and "I went out first". Saved (or taken out),
    back to the hole's progress. A POST with ``check`` only checks (the live check:
    the seat's result, nothing stored)."""
    match = match_for_request(request, pk)
    players = selectors.match_players(match=match)
    player = _player_at(players, seat)
    rules = match.rule_set
    progress_url = reverse("scoring:hole_seats", args=[match.pk, number])
    if request.method != "POST":
        if match.is_finished or number != _next_number(match):
            return redirect(progress_url)
        draft = selectors.seat_drafts(match=match, number=number)
        mine = next((d for d in draft if d.player_id == player.pk), None)
        said = seat_of(request, match)
        initial = {
            "number": number,
            f"grid_{seat}": mine.grid if mine else "",
            "went_out": mine.went_out if mine else False,
            "mine": said == seat or said is None,
        }
        form = SeatForm(initial=initial, player=player, rules=rules)
        # Cards in already: scored as the live check scores them.
        check = None
        if mine is not None:
            check = services.seat_evaluate(
                rules=rules, text=mine.grid, seat=seat, players=len(players)
            )
        context = seat_context(match, players, player, form, number, check, draft=mine)
        return render(request, "scoring/hole_seat.html", context)
    form = SeatForm(request.POST, player=player, rules=rules)
    valid = form.is_valid()
    if valid and form.cleaned_data["number"] != number:
        valid = False
        form.table_errors.append("This form is out of date; open the hole again.")
    if "check" in request.POST:
        check = None
        if valid:
            check = services.seat_evaluate(
                rules=rules, text=form.grid, seat=seat, players=len(players)
            )
            form.add_problems(live_problems(check, form.grid))
        context = seat_context(match, players, player, form, number, check)
        return render(request, "scoring/hole_seat.html#preview", context)
    if valid and "clear" in request.POST:
        try:
            services.seat_draft_clear(match=match, number=number, player=player)
        except (services.HoleConflict, services.HoleRejected) as exc:
            form.table_errors.append(sentence(str(exc)))
        else:
            messages.success(request, f"{player.name}'s cards are out of hole {number}.")
            return redirect(progress_url)
    elif valid:
        try:
            services.seat_draft_save(
                match=match,
                number=number,
                player=player,
                grid=form.grid,
                went_out=form.cleaned_data["went_out"],
                phone=phone_for(request),
                user=request.user,
                players=len(players),
            )
        except services.HoleRejected as exc:
            form.add_problems(exc.problems)
        except services.HoleConflict as exc:
            form.table_errors.append(sentence(str(exc)))
        except DatabaseError:
            logger.exception("Saving seat %s of hole %s of match %s failed", seat, number, pk)
            form.table_errors.append(NOT_ENTERED)
        else:
            if form.cleaned_data["mine"]:
                remember_seat(request, match, seat)
            messages.success(request, f"{player.name}'s cards are in.")
            return _after_save(request, match, players, number, progress_url)
    context = seat_context(match, players, player, form, number)
    context["refused"] = True
    return render(request, "scoring/hole_seat.html", context)


def _after_save(
    request: HtmxHttpRequest,
    match: Match,
    players: list[Player],
    number: int,
    progress_url: str,
) -> HttpResponse:
    """Back to the hole's progress. Through htmx, the progress page's ``<main>``
    itself (one round trip, as a saved hole answers with the scoreboard), with its
    address for the browser's history; without, a redirect."""
    if not request.htmx:
        return redirect(progress_url)
    seat, phone = seat_of(request, match), phone_id(request)
    drafts = selectors.seat_drafts(match=match, number=number)
    state = progress(
        match=match, players=players, drafts=drafts, number=number, seat=seat, phone=phone
    )
    context = _progress_context(match, players, state, seat)
    response = render(request, "scoring/hole_seats.html#swap", context)
    response["HX-Push-Url"] = progress_url
    response["HX-Retarget"] = "#main"
    response["HX-Reswap"] = "innerHTML"
    return response
