"""Headers every response of the site gets, whatever view made it."""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponseBase
from django.utils.cache import has_vary_header, patch_cache_control, patch_vary_headers
from django.utils.decorators import sync_only_middleware

from golfsite.offline import VIEWER_HEADER, viewer_of

#: The routes of account pages (sign-up, log-in, passwords): never stored anywhere.
NO_STORE_ROUTES = ("accounts/",)


class PrivateCacheMiddleware:
    """A response that depends on who asks is for that browser alone.

    Django marks such a response ``Vary: Cookie`` (it read the session, the signed-in
    user, or put a CSRF token in a form); ``Vary`` alone still lets a shared cache (a
    proxy, a CDN) keep one copy per cookie, so it is also sent ``Cache-Control:
    private``. Account pages are ``no-store``. A view's own cache headers (the live
    board's ``private, no-cache``; ``never_cache``) are kept and added to.

    Sits above the session and CSRF middleware, so it sees the ``Vary`` they add.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponseBase]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        response = self.get_response(request)
        match = request.resolver_match
        if match is not None and match.route.startswith(NO_STORE_ROUTES):
            patch_cache_control(response, private=True, no_store=True)
        elif has_vary_header(response, "Cookie"):
            patch_cache_control(response, private=True)
        return response


class PermissionsPolicyMiddleware:
    """Sends ``Permissions-Policy`` from ``settings.PERMISSIONS_POLICY``: each browser
    feature with the origins that may use it (an empty list: nobody)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponseBase]) -> None:
        self.get_response = get_response
        self.header = ", ".join(
            f"{feature}=({' '.join(origins)})"
            for feature, origins in settings.PERMISSIONS_POLICY.items()
        )

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        response = self.get_response(request)
        if self.header:
            response.headers.setdefault("Permissions-Policy", self.header)
        return response


class ViewerMiddleware:
    """Names, on each page, the session it was drawn for (``X-Golf-Viewer``: a keyed
    hash of the session key, which tells nobody the key itself).

    The service worker keeps a phone's pages for use without a signal; it keeps each
    with this name and shows a kept page only while the name is still the phone's,
    so a page drawn for one session is never shown to another (after a log-out, or
    another person's log-in, the name changes and the kept pages are dropped).

    Sits above the session middleware: its answer has gone past it by then, so a
    session made or changed during the request (a log-in cycles the key) is the
    one named.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponseBase]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        response = self.get_response(request)
        if response.get("Content-Type", "").startswith("text/html"):
            response[VIEWER_HEADER] = viewer_of(request)
            patch_vary_headers(response, ["Cookie"])
        return response


@sync_only_middleware
def sync_to_the_view(
    get_response: Callable[[HttpRequest], HttpResponseBase],
) -> Callable[[HttpRequest], HttpResponseBase]:
    """Last in MIDDLEWARE, and only synchronous, so that under ASGI every middleware
    runs in the request's own thread, as the views do, without a step in between.

    The site's views are synchronous. Served by golfsite.asgi, Django runs the
    middleware below the lowest synchronous-only one in asynchronous mode, and
    each of Django's own (sessions, CSRF, authentication, messages...) then hands
    its work to the request's thread and waits for it, twice a request: seventeen
    hand-overs for a rules page, five with this one last
    (tests/site/test_asgi_stack.py). Adds nothing of its own."""
    return get_response
