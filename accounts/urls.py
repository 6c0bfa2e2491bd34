"""The account page, sign-up, log-in, log-out and Django's password pages, under ``accounts/``.

Not namespaced: Django's auth views reverse their names (``login``,
``password_reset_done``, ...) without a namespace."""

from django.urls import include, path

from . import views

urlpatterns = [
    path("", views.account, name="account"),
    path("signup/", views.signup, name="signup"),
    path("login/", views.RateLimitedLoginView.as_view(), name="login"),
    path("logout/", views.SignOutView.as_view(), name="logout"),
    path("password_reset/", views.ThrottledPasswordResetView.as_view(), name="password_reset"),
    path(
        "reset/<uidb64>/<token>/",
        views.KnownBrowserPasswordResetConfirmView.as_view(),
        name="password_reset_confirm",
    ),
    path("", include("django.contrib.auth.urls")),
]
