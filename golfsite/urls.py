"""The site's URLs: each app keeps its own, namespaced (except accounts: see its urls)."""

from django.contrib import admin
from django.urls import URLPattern, URLResolver, include, path

from golfsite import offline, views
from rules import views as rules_views

urlpatterns: list[URLPattern | URLResolver] = [
    path("", rules_views.home, name="home"),
    path("healthz", views.healthz, name="healthz"),
    path("robots.txt", rules_views.robots_txt, name="robots_txt"),
    path("manifest.webmanifest", offline.manifest, name="manifest"),
    path("sw.js", offline.service_worker, name="service_worker"),
    path("offline/", offline.offline_page, name="offline"),
    path("rules/", include("rules.urls")),
    path("matches/", include("scoring.urls")),
    path("api/v1/", include("scoring.api_urls")),
    path("accounts/", include("accounts.urls")),
    path("groups/", include("groups.urls")),
    path("admin/", admin.site.urls),
]
