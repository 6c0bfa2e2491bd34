"""A group's statistics: a player's page, and the ratings a match changed."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_safe

from golfsite.params import int_param
from groups import ratings, selectors
from groups.charts import average_chart, rating_chart
from groups.views.common import AuthenticatedHttpRequest
from scoring.models import Match


@login_required
@require_safe
def player(request: AuthenticatedHttpRequest, group_id: int, player_id: int) -> HttpResponse:
    """A roster player's statistics in the group, and head to head against another."""
    group = selectors.group_for_member(user=request.user, group_id=group_id)
    roster = list(group.roster.all())
    by_id = {p.pk: p for p in roster}
    person = by_id.get(player_id)
    if person is None:
        raise Http404("No such player")
    stats = selectors.cached(
        group=group,
        name=f"player:{person.pk}",
        compute=lambda: selectors.player_stats(player=person),
    )
    ratings.ratings_ensure(group=group)
    rated = selectors.cached(
        group=group,
        name=f"ratings:{person.pk}",
        compute=lambda: selectors.player_ratings(player=person),
    )
    versus = None
    other = by_id.get(int_param(request.GET.get("versus")))
    if other is not None and other.pk != person.pk:
        versus = selectors.cached(
            group=group,
            name=f"versus:{person.pk}:{other.pk}",
            compute=lambda: selectors.head_to_head(player=person, other=other),
        )
    return render(
        request,
        "groups/player.html",
        {
            "group": group,
            "person": person,
            "stats": stats,
            "chart": average_chart(stats.chart),
            "rated": rated,
            "rating_chart": rating_chart(rated.chart),
            "ratings": ratings,
            "others": [p for p in roster if p.pk != person.pk],
            "versus": versus,
        },
    )


@login_required
@require_safe
def match_ratings(request: AuthenticatedHttpRequest, group_id: int, pk: int) -> HttpResponse:
    """Each regular's rating before and after one of the group's matches."""
    group = selectors.group_for_member(user=request.user, group_id=group_id)
    match = get_object_or_404(Match, pk=pk, group=group)
    ratings.ratings_ensure(group=group)
    rows = selectors.match_ratings(match=match)
    return render(
        request,
        "groups/match_ratings.html",
        {
            "group": group,
            "match": match,
            "rows": rows,
            "rated": any(row.after is not None for row in rows),
            "any_provisional": any(row.provisional for row in rows),
            "ratings": ratings,
        },
    )
