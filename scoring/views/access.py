"""Who may see and keep a match: the browser that started it, its owner, or
the members of its group. Every scoresheet view asks here first."""

from __future__ import annotations

from typing import Any

from django.db.models import Q, QuerySet
from django.http import Http404, HttpRequest
from django_htmx.middleware import HtmxDetails

from scoring.models import Match

SESSION_KEY = "scoring_matches"


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


def kept_matches(request: HttpRequest) -> QuerySet[Match]:
    """The matches this browser started, or its signed-in owner did, that the
    visitor may still see (a group's only while a member), newest first."""
    mine = Q(pk__in=session_match_ids(request))
    visible = Q(group__isnull=True)
    if request.user.is_authenticated:
        mine |= Q(owner=request.user)
        visible |= Q(group__memberships__user=request.user)
    return Match.objects.filter(mine).filter(visible).distinct().order_by("-created_at", "-pk")


def match_in_progress(request: HttpRequest) -> Match | None:
    """The newest match this phone keeps (its session) that is still being played,
    its players fetched: for the home page's way back to it. No query for a
    visitor who keeps none."""
    ids = session_match_ids(request)
    if not ids:
        return None
    playing = kept_matches(request).filter(pk__in=ids, finished_at__isnull=True)
    return playing.prefetch_related("players").first()


def match_for_request(request: HttpRequest, pk: int) -> Match:
    """The match if this browser (or its signed-in owner) keeps it; 404 otherwise, so
    nobody learns which matches exist. A group's match is for its members only."""
    match = Match.objects.filter(pk=pk).first()
    if match is None:
        raise Http404("No such match")
    user = getattr(request, "user", None)
    if match.group_id is not None:
        if (
            user is not None
            and user.is_authenticated
            and user.memberships.filter(group_id=match.group_id).exists()
        ):
            return match
        raise Http404("No such match")
    if match.owner_id is not None and user is not None and match.owner_id == user.pk:
        return match
    if match.pk in session_match_ids(request):
        return match
    raise Http404("No such match")


def may_delete(request: HttpRequest, match: Match) -> bool:
    """Whether this visitor may delete ``match`` (one they can see): a match of their
    own, or, in a group, one they started; a group's history is not for any member
    to thin out."""
    return match.group_id is None or (
        match.owner_id is not None and match.owner_id == request.user.pk
    )


def member_groups(request: HttpRequest) -> list[Any]:
    """The groups the signed-in visitor belongs to, by name (none for a visitor
    without an account). Read through their memberships, so the scoresheet needs
    nothing of the groups app's code."""
    if not request.user.is_authenticated:
        return []
    memberships = request.user.memberships.select_related("group").order_by("group__name")
    return [membership.group for membership in memberships]
