"""How many matches a browser and an address may start: more than any table ever
does, few enough that a script cannot fill the database with empty matches. Each
is a fixed window from the first match started (``golfsite.ratelimit``); the
README's "Deploying" lists them with the site's other limits.

- per session (one browser, signed in or not): 30 matches an hour;
- per address: 120 matches an hour, whatever the browsers.

A retried or doubled submit of a form that already started its match is not
counted: it starts nothing (``services.match_create``'s one-time token)."""

from __future__ import annotations

from datetime import timedelta

from django.http import HttpRequest

from golfsite import ratelimit

MATCHES_PER_SESSION = ratelimit.Limit("match-session", 30, timedelta(hours=1))
MATCHES_PER_ADDRESS = ratelimit.Limit("match-address", 120, timedelta(hours=1))


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


def count_match_start(request: HttpRequest) -> None:
    """Count one match about to be started by this visitor; raises
    :class:`TooManyMatches` when a limit is reached (then nothing is started)."""
    if request.session.session_key is None:
        # A first visit: the session the match will be kept in, now, to count in.
        request.session.save()
    session = str(request.session.session_key)
    for limit, who in (
        (MATCHES_PER_SESSION, session),
        (MATCHES_PER_ADDRESS, ratelimit.client_address(request)),
    ):
        attempt = ratelimit.attempt(limit, who)
        if not attempt.allowed:
            raise TooManyMatches(attempt)
