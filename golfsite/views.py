"""Pages of the site as a whole, not of one app."""

from __future__ import annotations

from django.contrib.contenttypes.models import ContentType
from django.http import HttpRequest, HttpResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_safe


@require_safe
@never_cache
def healthz(request: HttpRequest) -> HttpResponse:
    """For load balancers: 200 "ok" once the database answers a query (any small
    table will do: Django's own content types are always there)."""
    ContentType.objects.exists()
    return HttpResponse("ok", content_type="text/plain")
