"""Matches kept by the browser under test, as if it had started them: a match
belongs to the session of the phone that started it."""

from __future__ import annotations

from typing import Any

from scoring.models import Match


def keep(context: Any, live_server: Any, *matches: Match) -> None:
    """Give the browser ``context`` (a Playwright context) a session that keeps
    ``matches``."""
    from django.contrib.sessions.backends.db import SessionStore

    from scoring.views.access import SESSION_KEY

    session = SessionStore()
    session[SESSION_KEY] = [match.pk for match in matches]
    session.create()
    context.add_cookies(
        [{"name": "sessionid", "value": session.session_key, "url": live_server.url}]
    )
