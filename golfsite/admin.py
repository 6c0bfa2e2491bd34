"""The site's admin: Django's, with no log-in page of its own.

Installed through ``golfsite.apps.GolfAdminConfig`` (Django's "Overriding the
default admin site"), so ``admin.site`` is this one and every ``admin.register``
lands here as usual."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.contrib.auth.views import redirect_to_login
from django.http import HttpRequest, HttpResponse
from django.urls import reverse


class GolfAdminSite(admin.AdminSite):
    def login(
        self, request: HttpRequest, extra_context: dict[str, Any] | None = None
    ) -> HttpResponse:
        """Staff log in on the site's log-in page, with its limits, and come back to
        the admin page they asked for. The admin's own form has no limit, so its
        page (still ``admin:login``) only sends them there: nothing posted to it is
        ever checked."""
        return redirect_to_login(
            request.GET.get("next") or reverse("admin:index"), reverse("login")
        )
