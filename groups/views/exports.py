"""A group's history taken away: as JSON (a backup, or for import_group) and as CSV."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpResponse, JsonResponse
from django.utils import timezone
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_safe

from groups import selectors, transfer
from groups.models import Group
from groups.views.common import AuthenticatedHttpRequest
from scoring.spreadsheets import csv_download


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
