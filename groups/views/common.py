"""What the group pages share: the signed-in request they are given, and the
group's page, which the roster and invitation forms come back to when a value
is refused."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import timezone
from django_htmx.middleware import HtmxDetails

from groups import ratings, selectors
from groups.forms import InviteForm, RosterForm
from groups.models import Group, Invite, Membership


class AuthenticatedHttpRequest(HttpRequest):
    """A request to a ``login_required`` view: its user is signed in, and
    django-htmx's middleware has read its htmx headers."""

    htmx: HtmxDetails
    user: User


def group_page(
    request: HttpRequest,
    group: Group,
    roster_form: RosterForm,
    invite_form: InviteForm | None = None,
) -> HttpResponse:
    """The group's page, with ``roster_form`` and ``invite_form`` as they are (a
    refused value stays in its field, explained beside it)."""
    is_owner = group.owner_id == request.user.pk
    memberships = (
        Membership.objects.filter(group=group).select_related("user").order_by("user__username")
    )
    # Only the links that still let someone in: an expired or used-up one is no
    # more use to share than a revoked one.
    invites = Invite.objects.filter(group=group).working() if is_owner else []
    roster = list(group.roster.all())
    ratings.ratings_ensure(group=group)
    # The trend looks back from today: a new day, a new key.
    today = timezone.localdate().isoformat()
    return render(
        request,
        "groups/group_detail.html",
        {
            "group": group,
            "is_owner": is_owner,
            "memberships": memberships,
            "roster": roster,
            "invites": invites,
            "invite_form": invite_form or InviteForm(),
            "roster_form": roster_form,
            "recent": selectors.recent_matches(group=group),
            **selectors.cached(
                group=group, name="leaders", compute=lambda: selectors.leaders(group=group)
            ),
            **selectors.cached(
                group=group,
                name=f"leaderboard:{today}",
                compute=lambda: selectors.leaderboard(group=group),
            ),
            "ratings": ratings,
        },
    )
