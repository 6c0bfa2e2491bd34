"""Who may see and keep a match: the browser that started it, its owner, the
members of its group, and the phones that joined it through its join link (a
``MatchKeeper`` row each). Every scoresheet view asks here first."""

from __future__ import annotations

import secrets
from typing import Any

from django.db.models import Q, QuerySet
from django.http import Http404, HttpRequest
from django_htmx.middleware import HtmxDetails

from scoring.models import Match, MatchKeeper

SESSION_KEY = "scoring_matches"
#: The random id by which a phone that joined a match is known (``MatchKeeper.phone``).
PHONE_KEY = "scoring_phone"
#: Whose cards this phone enters, match by match, when each phone enters its own:
#: ``{"<match pk>": seat}``.
SEATS_KEY = "scoring_seats"


class HtmxHttpRequest(HttpRequest):
    htmx: HtmxDetails


def session_match_ids(request: HttpRequest) -> list[int]:
    """The matches this browser started without an account, as its session keeps them."""
    ids = request.session.get(SESSION_KEY, [])
    return [i for i in ids if isinstance(i, int)]


def remember_match(request: HttpRequest, match: Match) -> None:
    ids = session_match_ids(request)
    if match.pk not in ids:
        request.session[SESSION_KEY] = [*ids, match.pk]


def phone_id(request: HttpRequest) -> str:
    """The id this browser is known by as a keeper of the matches it joined; empty
    for one that has joined none."""
    value = request.session.get(PHONE_KEY, "")
    return value if isinstance(value, str) else ""


def phone_for(request: HttpRequest) -> str:
    """The id this browser is known by (:func:`phone_id`), given it now if it has
    none yet. Only an id: the rights to a match come from elsewhere."""
    phone = phone_id(request)
    if not phone:
        phone = secrets.token_urlsafe(24)
        request.session[PHONE_KEY] = phone
    return phone


def seat_of(request: HttpRequest, match: Match) -> int | None:
    """The seat whose cards this phone enters at ``match``, if it said so."""
    seats = request.session.get(SEATS_KEY, {})
    seat = seats.get(str(match.pk)) if isinstance(seats, dict) else None
    return seat if isinstance(seat, int) else None


def remember_seat(request: HttpRequest, match: Match, seat: int) -> None:
    """This phone enters ``seat``'s cards at ``match`` from now on."""
    seats = request.session.get(SEATS_KEY, {})
    seats = dict(seats) if isinstance(seats, dict) else {}
    seats[str(match.pk)] = seat
    request.session[SEATS_KEY] = seats


def joined_match(request: HttpRequest, match: Match) -> bool:
    """Whether this browser joined ``match`` through its join link, and is still
    one of its keepers (one query, none for a browser that never joined one)."""
    phone = phone_id(request)
    return bool(phone) and MatchKeeper.objects.filter(match=match, phone=phone).exists()


def kept_matches(request: HttpRequest) -> QuerySet[Match]:
    """The matches this browser started or joined, or its signed-in owner started,
    that the visitor may still see (a group's only while a member, or joined),
    newest first."""
    ids = session_match_ids(request)
    # A rematch pressed on a phone that joined is still this browser's.
    mine = Q(pk__in=ids) | Q(rematch_of__in=ids, group__isnull=True)
    visible = Q(group__isnull=True)
    if request.user.is_authenticated:
        mine |= Q(owner=request.user)
        visible |= Q(group__memberships__user=request.user)
    kept = mine & visible
    phone = phone_id(request)
    if phone:
        kept |= Q(keepers__phone=phone)
    return Match.objects.filter(kept).distinct().order_by("-created_at", "-pk")


def match_in_progress(request: HttpRequest) -> Match | None:
    """The newest match this phone keeps (started or joined: its session) that is
    still being played, its players fetched: for the home page's way back to it.
    No query for a visitor who keeps none."""
    ids = session_match_ids(request)
    phone = phone_id(request)
    if not ids and not phone:
        return None
    here = Q(pk__in=ids) | Q(rematch_of__in=ids)
    if phone:
        here |= Q(keepers__phone=phone)
    playing = kept_matches(request).filter(here, finished_at__isnull=True)
    return playing.prefetch_related("players").first()


def started(request: HttpRequest, match: Match) -> bool:
    """Whether this visitor started ``match``: its account owner, or, outside a
    group, the browser that started it without an account, or the match it is a
    rematch of (a phone that joined may have pressed "Rematch"). A phone that only
    joined keeps the score but does not decide the match's fate."""
    user = getattr(request, "user", None)
    if match.owner_id is not None and user is not None and match.owner_id == user.pk:
        return True
    if match.group_id is not None:
        return False
    ids = session_match_ids(request)
    return match.pk in ids or (match.rematch_of_id is not None and match.rematch_of_id in ids)


def keeps(request: HttpRequest, match: Match) -> bool:
    """Whether this visitor keeps ``match``'s score: a group's match is for its
    members, any other for whoever started it (:func:`started`); and every match
    for the phones its keepers let join it, while their ``MatchKeeper`` row is
    there."""
    user = getattr(request, "user", None)
    if match.group_id is not None:
        if (
            user is not None
            and user.is_authenticated
            and user.memberships.filter(group_id=match.group_id).exists()
        ):
            return True
    elif started(request, match):
        return True
    return joined_match(request, match)


def match_for_request(request: HttpRequest, pk: int) -> Match:
    """The match if this browser (or its signed-in account) keeps it (:func:`keeps`);
    404 otherwise, so nobody learns which matches exist."""
    match = Match.objects.filter(pk=pk).first()
    if match is None or not keeps(request, match):
        raise Http404("No such match")
    ids = session_match_ids(request)
    if match.group_id is None and match.rematch_of_id in ids and match.pk not in ids:
        # A rematch a phone that joined started: this browser started the match
        # before it, and keeps this one as its own from now on, so the rematch
        # after it (whoever presses the button) is this browser's too.
        remember_match(request, match)
    return match


def may_delete(request: HttpRequest, match: Match) -> bool:
    """Whether this visitor may delete ``match`` (one they can see): one they started
    (:func:`started`); a group's history is not for any member to thin out, nor a
    match for a phone that was only let in to keep its score."""
    return started(request, match)


def member_groups(request: HttpRequest) -> list[Any]:
    """The groups the signed-in visitor belongs to, by name (none for a visitor
    without an account). Read through their memberships, so the scoresheet needs
    nothing of the groups app's code."""
    if not request.user.is_authenticated:
        return []
    memberships = request.user.memberships.select_related("group").order_by("group__name")
    return [membership.group for membership in memberships]
