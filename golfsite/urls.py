"""The site's URLs: each app keeps its own, namespaced (except accounts: see its urls)."""

from django.contrib import admin
from django.urls import include, path

from accounts import views as accounts_views
from golfsite import views
from rules import views as rules_views

urlpatterns = [
    path("", rules_views.home, name="home"),
    path("healthz", views.healthz, name="healthz"),
    path("robots.txt", rules_views.robots_txt, name="robots_txt"),
    path("rules/", include("rules.urls")),
    path("matches/", include("scoring.urls")),
    path("api/v1/", include("scoring.api_urls")),
    path("accounts/", include("accounts.urls")),
    path("groups/", include("groups.urls")),
    # The admin's own log-in has no limit: staff log in on the site's instead.
    path("admin/login/", accounts_views.admin_login),
    path("admin/", admin.site.urls),
]
