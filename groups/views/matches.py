"""A group's matches: its history, starting one or a rematch in the group, and
moving a match into a group."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.utils.html import format_html
from django.views.decorators.http import require_http_methods, require_safe
from django.views.decorators.vary import vary_on_headers

from golfsite.params import int_param
from groups import selectors, services
from groups.forms import GroupMatchForm, HistoryFilter, seat_field
from groups.models import Group
from groups.views.common import AuthenticatedHttpRequest
from scoring.forms import PLAYER_FIELDS, rules_initial
from scoring.models import Match
from scoring.views.access import match_for_request, started
from scoring.views.matches import match_form_context, posted_match_form, start_match_page

HISTORY_PAGE_SIZE = 20


@login_required
@require_safe
@vary_on_headers("HX-Request")
def history(request: AuthenticatedHttpRequest, group_id: int) -> HttpResponse:
    """The group's matches, newest first, a page at a time, filtered by player,
    variant and dates (the filters live in the URL)."""
    group = selectors.group_for_member(user=request.user, group_id=group_id)
    form = HistoryFilter(request.GET or None, group=group)
    # A bad filter is explained beside its field; the good ones still apply.
    form.is_valid()
    filters = form.filters
    matches = selectors.group_matches(group=group, **filters)
    # Counting a long history is the slow part of the page: keep the count until the
    # history changes, and read only the page's own rows. One player's matches are
    # counted from their own seats, not by looking for them at every match.
    player = filters["player"]
    only_player = player is not None and not any(v for k, v in filters.items() if k != "player")
    count = selectors.cached(
        group=group,
        name="count:" + ":".join(str(getattr(v, "pk", v) or "") for v in filters.values()),
        compute=(lambda: selectors.matches_played(player=player)) if only_player else matches.count,
    )
    paginator = selectors.CountedPaginator(matches, HISTORY_PAGE_SIZE, count=count)
    page = paginator.get_page(request.GET.get("page"))
    query = request.GET.copy()
    query.pop("page", None)
    template = "groups/history.html#history" if request.htmx else "groups/history.html"
    return render(
        request,
        template,
        {
            "group": group,
            "form": form,
            "page": page,
            "rows": selectors.history_rows(page.object_list),
            "query": query.urlencode(),
            "filtered": any(filters.values()),
        },
    )


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def match_new(request: AuthenticatedHttpRequest, group_id: int) -> HttpResponse:
    """Start a match in the group: tick the regular players (numbered in seating
    order if need be), add anyone new, and start from the group's usual rules."""
    group = selectors.group_for_member(user=request.user, group_id=group_id)
    if request.method == "POST":
        form, starting = posted_match_form(request, GroupMatchForm, group=group)
    else:
        initial = rules_initial({}, group.usual_rules) if group.usual_rules else None
        form, starting = GroupMatchForm(initial=initial, group=group), False
    return _match_page(request, group, form, starting=starting)


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def match_rematch(request: AuthenticatedHttpRequest, group_id: int, pk: int) -> HttpResponse:
    """A rematch in the group: the page asks first, with the same regulars ticked
    and numbered in their seats, the first deal one seat on and the same rules;
    the table may renumber, untick, tick or add players, and only its start button
    starts it."""
    group = selectors.group_for_member(user=request.user, group_id=group_id)
    match = match_for_request(request, pk)
    if match.group_id != group.pk:
        raise Http404("No such match")
    if request.method == "POST":
        form, starting = posted_match_form(request, GroupMatchForm, group=group)
    else:
        form = GroupMatchForm(initial=_rematch_initial(match), group=group)
        starting = False
    return _match_page(request, group, form, starting=starting, rematch=match)


def _rematch_initial(match: Match) -> dict[str, Any]:
    """A group's rematch form as it first comes: each regular of the match ticked
    with their seat number, anyone no longer on the roster typed in, the first deal
    one seat on, the match's rules."""
    players = list(match.players.all())
    regulars = [player for player in players if player.roster_player_id is not None]
    others = [player.name for player in players if player.roster_player_id is None]
    initial: dict[str, Any] = dict(zip(PLAYER_FIELDS, others, strict=False))
    initial["first_dealer"] = (match.first_dealer + 1) % max(len(players), 1) + 1
    initial = rules_initial(initial, match.rule_set.to_dict())
    initial["roster"] = [player.roster_player_id for player in regulars]
    for seat, player in enumerate(regulars, start=1):
        initial[seat_field(player.roster_player_id or 0)] = seat
    return initial


def _match_page(
    request: AuthenticatedHttpRequest,
    group: Group,
    form: GroupMatchForm,
    *,
    starting: bool,
    rematch: Match | None = None,
) -> HttpResponse:
    """The group's new-match (or rematch) page, or the match it starts."""
    template = "groups/match_new.html"
    context = match_form_context(form, group=group, rematch=rematch)
    if starting and form.is_valid():
        data = form.cleaned_data
        return start_match_page(
            request,
            template,
            context,
            lambda: services.group_match_create(
                group=group,
                by=request.user,
                picked=form.seated_regulars(data),
                new_names=form.new_names,
                first_dealer=data["first_dealer"] - 1,
                rules=data["rules"],
                rematch_of=rematch,
                # The phones that joined the match keep the rematch: the table plays on.
                phones=list(rematch.keepers.values_list("phone", flat=True)) if rematch else [],
                token=data["token"],
            ),
        )
    return render(request, template, context)


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def match_move(request: AuthenticatedHttpRequest, pk: int) -> HttpResponse:
    """Move a match this browser started into one of the user's groups (POST);
    opened as an address, back to the match, whose page has the form."""
    if request.method != "POST":
        return redirect("scoring:match_detail", pk=pk)
    match = match_for_request(request, pk)
    if not started(request, match):
        messages.error(request, "Only whoever started this match can move it into a group.")
        return redirect(match)
    group = selectors.group_for_member(
        user=request.user, group_id=int_param(request.POST.get("group"))
    )
    try:
        services.match_move(match=match, group=group, by=request.user)
    except services.GroupActionError as exc:
        messages.error(request, str(exc))
    else:
        messages.success(
            request, format_html("The match is now in <bdi>{}</bdi>'s history.", group.name)
        )
    return redirect(match)
