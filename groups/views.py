"""Views for groups."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import User
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.html import format_html
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods, require_safe
from django.views.decorators.vary import vary_on_headers
from django_htmx.middleware import HtmxDetails

from golfsite.params import int_param
from scoring.forms import PLAYER_FIELDS, rules_initial
from scoring.models import Match
from scoring.spreadsheets import csv_download
from scoring.views.access import match_for_request, started
from scoring.views.matches import (
    match_form_context,
    posted_match_form,
    start_match_page,
)

from . import ratings, selectors, services, transfer
from .charts import average_chart, rating_chart
from .forms import (
    GroupForm,
    GroupMatchForm,
    HistoryFilter,
    InviteForm,
    RosterForm,
    seat_field,
)
from .models import Group, Invite, Membership

HISTORY_PAGE_SIZE = 20


class AuthenticatedHttpRequest(HttpRequest):
    """A request to a ``login_required`` view: its user is signed in, and
    django-htmx's middleware has read its htmx headers."""

    htmx: HtmxDetails
    user: User


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def group_list(request: AuthenticatedHttpRequest) -> HttpResponse:
    """The groups you belong to, and a form to start one."""
    form = GroupForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        group = services.group_create(owner=request.user, name=form.cleaned_data["name"])
        messages.success(
            request,
            format_html("<bdi>{}</bdi> is ready. Add its regular players below.", group.name),
        )
        return redirect(group)
    groups = selectors.groups_for_user(user=request.user)
    return render(request, "groups/group_list.html", {"groups": groups, "form": form})


@login_required
@require_safe
def group_detail(request: AuthenticatedHttpRequest, group_id: int) -> HttpResponse:
    """A group's page: roster, members and, for the owner, invitations."""
    group = selectors.group_for_member(user=request.user, group_id=group_id)
    return _group_page(request, group, RosterForm())


def _group_page(
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
def roster_add(request: AuthenticatedHttpRequest, group_id: int) -> HttpResponse:
    """Add a player to the roster, then show it there. A name refused comes back
    in the group's page, kept in the field with the reason beside it, the field
    focused (a fragment in the form's action would stop the browser from focusing
    it). That leaves this address in the address bar: opened again (a reloaded
    tab), it goes back to the roster."""
    group = selectors.group_for_member(user=request.user, group_id=group_id)
    if request.method != "POST":
        return redirect(group.get_absolute_url() + "#roster")
    form = RosterForm(request.POST)
    if form.is_valid():
        try:
            services.roster_add(group=group, name=form.cleaned_data["name"])
        except services.GroupActionError as exc:
            form.add_error("name", str(exc))
        else:
            return redirect(group.get_absolute_url() + "#roster")
    # Straight back to the field: its label, then the reason (aria-describedby).
    form.fields["name"].widget.attrs["autofocus"] = True
    return _group_page(request, group, form)


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def invite_create(request: AuthenticatedHttpRequest, group_id: int) -> HttpResponse:
    """Make an invitation link (POST) for as long and as many people as the owner
    chose; a value refused comes back beside its field in the group's page. Opened
    as an address, back to the group."""
    group = selectors.group_for_member(user=request.user, group_id=group_id)
    if request.method != "POST":
        return redirect(group)
    form = InviteForm(request.POST)
    if not form.is_valid():
        # Straight back to the first field refused: its label, then the reason.
        form.fields[next(iter(form.errors))].widget.attrs["autofocus"] = True
        return _group_page(request, group, RosterForm(), form)
    try:
        services.invite_create(
            group=group,
            by=request.user,
            days=form.cleaned_data["days"],
            max_uses=form.cleaned_data["uses"],
        )
    except services.GroupActionError as exc:
        messages.error(request, str(exc))
        return redirect(group)
    messages.success(request, "New invitation link made. Share it with your players.")
    return redirect(group.get_absolute_url() + "#invitations")


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def invite_revoke(request: AuthenticatedHttpRequest, group_id: int, invite_id: int) -> HttpResponse:
    """Stop an invitation link (POST); opened as an address, back to the group."""
    group = selectors.group_for_member(user=request.user, group_id=group_id)
    if request.method != "POST":
        return redirect(group)
    invite = get_object_or_404(Invite, pk=invite_id, group=group)
    try:
        services.invite_revoke(invite=invite, by=request.user)
        messages.success(request, "That invitation link no longer works.")
    except services.GroupActionError as exc:
        messages.error(request, str(exc))
    return redirect(group)


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def invite_accept(request: AuthenticatedHttpRequest, token: str) -> HttpResponse:
    """Join a group by its invitation link. A link that lets the visitor in no more
    (revoked, expired, used up, cut short when it was copied: 404; made before
    they left the group or were removed: 403) gives a page that says so and what
    to do."""
    visit = selectors.invite_visit(token=token, user=request.user)
    if visit is None:
        return _invite_refused(request, None, services.InviteRefused.UNKNOWN)
    invite = visit.invite
    if not visit.member:
        reason = invite.refusal() or (services.InviteRefused.SHUT_OUT if visit.shut_out else None)
        if reason is not None:
            return _invite_refused(request, invite, reason)
    if request.method == "POST":
        try:
            group = services.invite_accept(token=token, user=request.user)
        except services.InviteRefused as exc:
            return _invite_refused(request, invite, exc.reason)
        if visit.member:
            messages.info(
                request, format_html("You are already a member of <bdi>{}</bdi>.", group.name)
            )
        else:
            messages.success(request, format_html("You joined <bdi>{}</bdi>.", group.name))
        return redirect(group)
    return render(request, "groups/invite_accept.html", {"invite": invite, "already": visit.member})


#: Why an invitation link lets nobody in, said below the page's heading.
INVITE_GONE_WHY = {
    Invite.REVOKED: "The group's owner stopped it.",
    Invite.EXPIRED: "An invitation link works for a limited time, which the group's owner "
    "chooses when making it.",
    Invite.USED_UP: "The group's owner chose how many people could join with it, and that "
    "many have.",
    services.InviteRefused.UNKNOWN: "The group's owner may have stopped it, or only part of "
    "the link was copied.",
}


def _invite_refused(request: HttpRequest, invite: Invite | None, reason: str) -> HttpResponse:
    """The page of an invitation link that does not let this visitor in: why, and
    whom to ask for a new one. Someone shut out is told which group and who owns it;
    anyone else only that the link does not work."""
    shut_out = invite is not None and reason == services.InviteRefused.SHUT_OUT
    return render(
        request,
        "groups/invite_gone.html",
        {
            "heading": services.INVITE_REFUSALS[reason].removesuffix("."),
            "why": INVITE_GONE_WHY.get(reason, ""),
            "group": invite.group if invite is not None and shut_out else None,
        },
        status=403 if shut_out else 404,
    )


def _confirm(
    request: HttpRequest,
    group: Group,
    *,
    question: str,
    explanation: str,
    button: str,
    danger: bool = True,
    fields: dict[str, Any] | None = None,
) -> HttpResponse:
    """A page that asks before a change that cannot be undone: its button posts
    back to the same address, which makes the change (no JavaScript needed)."""
    return render(
        request,
        "groups/confirm.html",
        {
            "group": group,
            "question": question,
            "explanation": explanation,
            "button": button,
            "danger": danger,
            "fields": fields or {},
            "action": request.path,
        },
    )


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def member_remove(request: AuthenticatedHttpRequest, group_id: int, user_id: int) -> HttpResponse:
    """The owner removes a member, or a member removes themself (leaves): GET asks
    first, POST does it."""
    group = selectors.group_for_member(user=request.user, group_id=group_id)
    user = get_object_or_404(get_user_model(), pk=user_id, memberships__group=group)
    leaving = user.pk == request.user.pk
    try:
        if request.method != "POST":
            services.member_remove_check(group=group, by=request.user, user=user)
        else:
            services.member_remove(group=group, by=request.user, user=user)
    except services.GroupActionError as exc:
        messages.error(request, str(exc))
        return redirect(group)
    name = user.get_username()
    if request.method != "POST" and leaving:
        return _confirm(
            request,
            group,
            question=format_html("Leave <bdi>{}</bdi>?", group.name),
            explanation=format_html(
                "You will no longer see <bdi>{}</bdi>'s matches, roster and statistics. "
                "To come back you will need a new invitation link from "
                "<bdi>{}</bdi>, who owns the group.",
                group.name,
                group.owner.get_username(),
            ),
            button=format_html("Leave <bdi>{}</bdi>", group.name),
        )
    if request.method != "POST":
        return _confirm(
            request,
            group,
            question=format_html("Remove <bdi>{}</bdi> from <bdi>{}</bdi>?", name, group.name),
            explanation=format_html(
                "<bdi>{name}</bdi> will no longer see the group's matches, roster and "
                "statistics. Matches already in the history stay as they are. The "
                "invitation links made so far stop working, for everyone: to invite "
                "anyone, <bdi>{name}</bdi> included, make a new link.",
                name=name,
            ),
            button=format_html("Remove <bdi>{}</bdi>", name),
        )
    if leaving:
        messages.success(request, format_html("You left <bdi>{}</bdi>.", group.name))
        return redirect("groups:list")
    messages.success(request, format_html(services.MEMBER_REMOVED, name))
    return redirect(group)


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def ownership_transfer(request: AuthenticatedHttpRequest, group_id: int) -> HttpResponse:
    """Hand the group to another member: GET (``?user=``) asks first, POST does it.
    Without a member to hand it to, back to the group's page."""
    group = selectors.group_for_member(user=request.user, group_id=group_id)
    data = request.POST if request.method == "POST" else request.GET
    chosen = str(data.get("user", "")).strip()
    if not chosen.isascii() or not chosen.isdigit():
        if request.method == "POST":
            messages.error(request, "Choose the member to hand the group to.")
        return redirect(group)
    user = get_object_or_404(get_user_model(), pk=int(chosen), memberships__group=group)
    name = user.get_username()
    try:
        if request.method != "POST":
            services.ownership_transfer_check(group=group, by=request.user, to=user)
            return _confirm(
                request,
                group,
                question=format_html(
                    "Make <bdi>{}</bdi> the owner of <bdi>{}</bdi>?", name, group.name
                ),
                explanation=format_html(
                    "<bdi>{name}</bdi> will be the only one who can make invitation links, "
                    "remove members and hand the group on. You stay a member, but only "
                    "<bdi>{name}</bdi> can give the group back to you.",
                    name=name,
                ),
                button=format_html("Make <bdi>{}</bdi> the owner", name),
                danger=False,
                fields={"user": user.pk},
            )
        services.ownership_transfer(group=group, by=request.user, to=user)
        messages.success(
            request, format_html("<bdi>{}</bdi> now owns <bdi>{}</bdi>.", name, group.name)
        )
    except services.GroupActionError as exc:
        messages.error(request, str(exc))
    return redirect(group)


def _export_name(group: Group) -> str:
    """A download's name, with the day it was taken: a backup a month makes a row of
    files to tell apart, not "golf-group-1 (7).json"."""
    return f"golf-group-{group.pk}-{timezone.localdate().isoformat()}"


@login_required
@never_cache
@require_safe
def export_json(request: AuthenticatedHttpRequest, group_id: int) -> HttpResponse:
    """The group's whole history as a JSON file (for a backup, or import_group)."""
    group = selectors.group_for_member(user=request.user, group_id=group_id)
    response = JsonResponse(
        transfer.group_export(group=group), json_dumps_params={"ensure_ascii": False}
    )
    response["Content-Disposition"] = f'attachment; filename="{_export_name(group)}.json"'
    return response


@login_required
@never_cache
@require_safe
def export_csv(request: AuthenticatedHttpRequest, group_id: int) -> HttpResponse:
    """One row per player per match, for a spreadsheet."""
    group = selectors.group_for_member(user=request.user, group_id=group_id)
    response = csv_download(f"{_export_name(group)}.csv")
    response.write(transfer.group_csv(group=group))
    return response


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
