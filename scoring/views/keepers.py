"""Handing the scoresheet over: a match's join link (and its QR code), which makes
another phone a keeper of the match, replacing that link, and removing a phone
that joined. Who keeps a match is decided in ``access``."""

from __future__ import annotations

import io
from datetime import timedelta

import segno
from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.cache import patch_cache_control
from django.views.decorators.http import require_http_methods, require_safe

from golfsite import ratelimit
from scoring import selectors, services
from scoring.models import Match, ReplacedJoinLink
from scoring.views.access import (
    keeps,
    match_for_request,
    phone_for,
    phone_id,
)

#: Opening or confirming join links, per address: enough for several tables on one
#: club's wifi, far too few to guess a link.
JOIN_PER_ADDRESS = ratelimit.Limit("join", 60, timedelta(minutes=15))
TOO_MANY_JOINS = (
    "Too many tries to join a match from your connection. "
    f"Wait {JOIN_PER_ADDRESS.minutes} minutes, then open the link again."
)
#: The QR code's size in the page, in CSS pixels (the SVG scales to it).
QR_SIZE = 240


def join_url(request: HttpRequest, match: Match) -> str:
    """The match's join link, whole, as another phone opens it."""
    return request.build_absolute_uri(reverse("scoring:match_join", args=[match.join_token]))


@require_http_methods(["GET", "HEAD", "POST"])
def match_join(request: HttpRequest, token: str) -> HttpResponse:
    """The join link: opened, it asks first (a link preview or a scan that opens a
    page changes nothing); its button makes this phone a keeper of the match.

    A replaced link says so; one that never existed is not found. Every opening
    counts towards a limit per address, so links cannot be guessed by trying."""
    if not ratelimit.hit(JOIN_PER_ADDRESS, ratelimit.client_address(request)):
        return render(request, "scoring/match_join.html", {"refusal": TOO_MANY_JOINS}, status=429)
    match = Match.objects.filter(join_token=token).first()
    if match is None:
        if ReplacedJoinLink.objects.filter(token=token).exists():
            return render(request, "scoring/match_join_replaced.html", status=410)
        raise Http404("No such join link")
    if keeps(request, match):
        if request.method == "POST":
            messages.info(request, "This phone already keeps the score of this match.")
        return redirect(match)
    if request.method == "POST":
        services.match_join(match=match, phone=phone_for(request))
        messages.success(
            request,
            "This phone keeps the score of this match now: it can enter and correct "
            "holes, and end the match.",
        )
        return redirect(match)
    players = selectors.match_players(match=match)
    holes_played = players[0].holes_played if players else 0
    return render(
        request,
        "scoring/match_join.html",
        {
            "match": match,
            "names": [player.name for player in players],
            "length": match.length_text(holes_played),
            "rules": match.rule_set,
        },
    )


@require_safe
def match_join_qr(request: HttpRequest, pk: int) -> HttpResponse:
    """The join link as a QR code, drawn here as SVG (dark on white, whatever the
    page's theme, so every camera reads it), for the match's keepers only."""
    match = match_for_request(request, pk)
    code = segno.make(join_url(request, match), error="m", micro=False)
    out = io.BytesIO()
    code.save(
        out, kind="svg", scale=1, border=4, dark="#000", light="#fff", xmldecl=False, omitsize=True
    )
    response = HttpResponse(out.getvalue(), content_type="image/svg+xml")
    # It holds the link: kept by nobody but this browser, and not even there.
    patch_cache_control(response, private=True, no_store=True)
    return response


@require_http_methods(["GET", "HEAD", "POST"])
def match_join_replace(request: HttpRequest, pk: int) -> HttpResponse:
    """Stop the join link and make a new one (a keeper only), after a second step,
    as for the share link. Phones that joined stay keepers."""
    match = match_for_request(request, pk)
    if request.method == "POST" and request.POST.get("confirm") == "yes":
        services.match_join_replace(match=match)
        messages.success(
            request,
            "The old join link no longer lets anyone in. The new one is below: show it "
            "only to the players at this table.",
        )
        return redirect(match)
    return render(request, "scoring/match_join_replace.html", {"match": match})


@require_http_methods(["GET", "HEAD", "POST"])
def match_keeper_remove(request: HttpRequest, pk: int, keeper: int) -> HttpResponse:
    """Take a joined phone's rights away (its button on the scoreboard); it cannot
    change the match from its next tap on. Opened as a page, back to the match."""
    match = match_for_request(request, pk)
    if request.method != "POST":
        return redirect(match)
    mine = match.keepers.filter(pk=keeper, phone=phone_id(request)).exists()
    if not services.match_keeper_remove(match=match, keeper_id=keeper):
        messages.info(request, "That phone had already been removed.")
        return redirect(match)
    if mine and not keeps(request, match):
        messages.success(request, "This phone no longer keeps the score of that match.")
        return redirect("scoring:match_list")
    messages.success(request, "That phone can no longer change this match.")
    return redirect(match)
