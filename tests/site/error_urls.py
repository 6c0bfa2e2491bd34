"""The site's URLs plus three that fail on purpose, for the error-page tests."""

from django.core.exceptions import PermissionDenied, SuspiciousOperation
from django.urls import path

from golfsite.urls import urlpatterns as site_urls


def boom(request):
    raise RuntimeError("a bug")


def forbidden(request):
    raise PermissionDenied


def suspicious(request):
    raise SuspiciousOperation("a forged header")


urlpatterns = [
    *site_urls,
    path("test-errors/500/", boom),
    path("test-errors/403/", forbidden),
    path("test-errors/400/", suspicious),
]
