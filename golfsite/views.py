"""Pages of the site as a whole, not of one app."""

from __future__ import annotations

from django.db import connection
from django.http import HttpRequest, HttpResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET


@require_GET
@never_cache
def healthz(request: HttpRequest) -> HttpResponse:
    """For load balancers: 200 "ok" once the database answers a trivial query.
    (The ORM has no way to ask the database nothing in particular, so this is the
    one SQL statement written by hand outside migrations.)"""
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
        cursor.fetchone()
    return HttpResponse("ok", content_type="text/plain")
