"""The site's URLs: each app keeps its own, namespaced."""

from django.contrib import admin
from django.urls import include, path

from groups import views as groups_views
from rules import views as rules_views
from scoring import views as scoring_views

urlpatterns = [
    path("", rules_views.home, name="home"),
    path("healthz", scoring_views.healthz, name="healthz"),
    path("robots.txt", rules_views.robots_txt, name="robots_txt"),
    path("rules/", include("rules.urls")),
    path("matches/", include("scoring.urls")),
    path("api/v1/", include("scoring.api_urls")),
    path("accounts/signup/", groups_views.signup, name="signup"),
    path("accounts/login/", groups_views.RateLimitedLoginView.as_view(), name="login"),
    path("accounts/logout/", groups_views.SignOutView.as_view(), name="logout"),
    path("accounts/", include("django.contrib.auth.urls")),
    path("groups/", include("groups.urls")),
    path("admin/", admin.site.urls),
]
