"""Groups: the list of mine, starting one, and a group's page."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.utils.html import format_html
from django.views.decorators.http import require_http_methods, require_safe

from groups import selectors, services
from groups.forms import GroupForm, RosterForm
from groups.views.common import AuthenticatedHttpRequest, group_page


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
    return group_page(request, group, RosterForm())
