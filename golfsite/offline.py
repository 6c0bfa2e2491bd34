"""The site as an app on a phone's home screen, and what it keeps for use without a
signal: the web app manifest, the service worker, the offline page, and the two
headers the service worker goes by.

- ``X-Golf-Keep: 1`` (set by :func:`keep_offline`): this page may be kept on the
  phone. Only the rules and the pages a keeper uses at the table carry it; the
  service worker keeps nothing else.
- ``X-Golf-Viewer`` (set by ``golfsite.middleware.ViewerMiddleware``): a keyed hash
  of the browser's session, so the service worker can tell when the session
  changes (a log-out, a log-in) and drop what the last one kept. Each page names
  it too (``<meta name="golf-viewer">``, from :func:`viewer`): the holes a page
  keeps on the phone are that session's, and no other session's page shows or
  sends them (static/js/queue.js).
"""

from __future__ import annotations

import functools
import json
from collections.abc import Callable
from typing import Any, TypeVar

from django.conf import settings
from django.http import HttpRequest, HttpResponse, HttpResponseBase, JsonResponse
from django.shortcuts import render
from django.templatetags.static import static
from django.urls import reverse
from django.utils.cache import patch_cache_control
from django.utils.crypto import salted_hmac
from django.utils.functional import lazy
from django.views.decorators.http import require_safe

from golfsite.release import code_version

#: The header that marks a page the service worker may keep.
KEEP_HEADER = "X-Golf-Keep"
#: The header that names the session a page was drawn for (a keyed hash of it).
VIEWER_HEADER = "X-Golf-Viewer"
#: Sent with a hole the phone kept while offline: the session it was kept under.
#: The hole form refuses it (409) from any other session (static/js/queue.js).
QUEUED_FOR_HEADER = "X-Golf-Queued-For"

#: The site's colours in the browser's own parts (address bar, task switcher), as
#: site.css draws the header: light, then dark.
THEME_LIGHT = "#1d6b3a"
THEME_DARK = "#121513"

#: The static files every kept page needs, kept as soon as the service worker starts
#: (a page opened before it did would find them missing with no signal).
PRECACHE = (
    "css/site.css",
    "css/rules.css",
    "css/scoresheet.css",
    "css/phones.css",
    "css/numpad.css",
    "js/offline.js",
    "js/queue.js",
    "js/scoresheet.js",
    "js/numpad.js",
    "django_htmx/htmx-2.min.js",
    "favicon.svg",
)

V = TypeVar("V", bound=Callable[..., HttpResponseBase])


def viewer_of(request: HttpRequest) -> str:
    """The name of the session ``request`` comes with: a keyed hash of its key, which
    tells nobody the key itself (one name for every browser with no session yet)."""
    session = getattr(request, "session", None)
    key = session.session_key if session is not None else None
    return salted_hmac("golfsite.viewer", key or "", algorithm="sha256").hexdigest()[:32]


def viewer(request: HttpRequest) -> dict[str, str]:
    """Context processor: ``golf_viewer``, the name of the session a page is drawn
    for (worked out only by a template that shows it)."""
    return {"golf_viewer": lazy(viewer_of, str)(request)}


def keep_offline(view: V) -> V:
    """Mark what ``view`` answers to a GET as a page the phone may keep for use
    without a signal (the service worker keeps only pages so marked)."""

    @functools.wraps(view)
    def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponseBase:
        response = view(request, *args, **kwargs)
        if request.method in ("GET", "HEAD") and response.status_code == 200:
            response[KEEP_HEADER] = "1"
        return response

    return wrapped  # type: ignore[return-value]


@require_safe
def manifest(request: HttpRequest) -> JsonResponse:
    """The web app manifest: what "Add to home screen" installs."""
    icons = [
        {"src": static("icons/icon.svg"), "sizes": "any", "type": "image/svg+xml"},
        *(
            {
                "src": static(f"icons/icon-{size}.png"),
                "sizes": f"{size}x{size}",
                "type": "image/png",
            }
            for size in (192, 512)
        ),
    ]
    data = {
        "name": "Golf scorer",
        "short_name": "Golf",
        "description": "Learn, check and keep the score of the card game Golf.",
        "id": reverse("home"),
        "start_url": reverse("home"),
        "scope": reverse("home"),
        "display": "standalone",
        "background_color": "#f7f6f1",
        "theme_color": THEME_LIGHT,
        "icons": icons,
    }
    response = JsonResponse(data, content_type="application/manifest+json")
    patch_cache_control(response, public=True, max_age=60 * 60)
    return response


@require_safe
def service_worker(request: HttpRequest) -> HttpResponse:
    """The service worker, from the site's root so that it may look after every page.
    Its cache names carry the running release: a deploy replaces what it kept."""
    # Written into the script as JSON (a JavaScript literal, its strings quoted).
    config = {
        "version": code_version(),
        "offlineUrl": reverse("offline"),
        "manifestUrl": reverse("manifest"),
        "precache": [
            reverse("offline"),
            reverse("manifest"),
            *(static(name) for name in PRECACHE),
        ],
        "staticPrefix": settings.STATIC_URL,
        "keepHeader": KEEP_HEADER.lower(),
        "viewerHeader": VIEWER_HEADER.lower(),
    }
    context = {"config": json.dumps(config, indent=2)}
    response = render(
        request, "offline/sw.js", context, content_type="text/javascript; charset=utf-8"
    )
    response["Service-Worker-Allowed"] = "/"
    # Asked for afresh each time the browser checks for a new version.
    patch_cache_control(response, no_cache=True)
    return response


@require_safe
def offline_page(request: HttpRequest) -> HttpResponse:
    """What a phone with no signal shows for a page it has not kept: the pages it
    has kept (listed by offline.js, which reads them from the phone)."""
    return render(request, "offline/offline.html")
