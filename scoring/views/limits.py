"""How many matches a browser and an address may start: more than any table ever
does, few enough that a script cannot fill the database with empty matches. Each
is a fixed window from the first match started (``golfsite.ratelimit``); the
README's "Deploying" lists them with the site's other limits.

- per browser (signed in or not): 30 matches an hour;
- per address: 120 matches an hour, whatever the browsers.

A browser is counted under a random id kept in its session's data
(``LIMIT_BROWSER_KEY``), not under the session's key: logging in gives the session
a new key (Django's ``cycle_key``) and keeps its data, so the id and its count go
along; logging out or logging in over another account empties the session, and
the log-in and log-out views put the id back (``browser_for_limits`` before,
``keep_browser_for_limits`` after). The id names nobody and opens nothing, so the
next person at a shared browser inherits only its count. A browser that drops its
cookies starts again, as it always could; the per-address limit holds it.

A retried or doubled submit of a form that already started its match is not
counted: it starts nothing (``services.match_create``'s one-time token)."""

from __future__ import annotations

import secrets
from datetime import timedelta

from django.http import HttpRequest

from golfsite import ratelimit

MATCHES_PER_SESSION = ratelimit.Limit("match-session", 30, timedelta(hours=1))
MATCHES_PER_ADDRESS = ratelimit.Limit("match-address", 120, timedelta(hours=1))
#: The session entry holding the random id this browser's matches are counted under.
LIMIT_BROWSER_KEY = "scoring_limit_browser"


class TooManyMatches(Exception):
    """A limit on starting matches is reached; ``message`` says until when."""

    def __init__(self, attempt: ratelimit.Attempt) -> None:
        minutes = attempt.wait_minutes()
        self.retry_after = attempt.wait_seconds()
        self.message = (
            "This match was not started: a great many matches have been started from "
            "this browser or this connection in the last hour, which no card table "
            f"needs. You can start one again in {minutes} minute{'' if minutes == 1 else 's'}; "
            "what you typed is still here."
        )
        super().__init__(self.message)


def browser_for_limits(request: HttpRequest) -> str:
    """The id this browser's match starts are counted under; empty before its first."""
    value = request.session.get(LIMIT_BROWSER_KEY, "")
    return value if isinstance(value, str) else ""


def keep_browser_for_limits(request: HttpRequest, browser: str) -> None:
    """Put ``browser`` (from :func:`browser_for_limits`) back into a session that a
    log-in or log-out has just emptied, so the browser's count goes on."""
    if browser:
        request.session[LIMIT_BROWSER_KEY] = browser


def count_match_start(request: HttpRequest) -> None:
    """Count one match about to be started by this visitor; raises
    :class:`TooManyMatches` when a limit is reached (then nothing is started)."""
    browser = browser_for_limits(request)
    if not browser:
        browser = request.session[LIMIT_BROWSER_KEY] = secrets.token_urlsafe(16)
    for limit, who in (
        (MATCHES_PER_SESSION, browser),
        (MATCHES_PER_ADDRESS, ratelimit.client_address(request)),
    ):
        attempt = ratelimit.attempt(limit, who)
        if not attempt.allowed:
            raise TooManyMatches(attempt)
