"""Who is in a group: its roster, its members, its invitation links, and handing
the group to another member."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.html import format_html
from django.views.decorators.http import require_http_methods

from groups import selectors, services
from groups.forms import InviteForm, RosterForm
from groups.models import Group, Invite
from groups.views.common import AuthenticatedHttpRequest, group_page


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
    return group_page(request, group, form)


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
        return group_page(request, group, RosterForm(), form)
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
    # services.member_remove revoked the links made before the removal: say so.
    messages.success(
        request,
        format_html(
            "<bdi>{}</bdi> is no longer a member. Invitation links made before now no "
            "longer work; make a new one to invite someone.",
            name,
        ),
    )
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
