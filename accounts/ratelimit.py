"""Counting attempts in the shared cache, so a limit holds across every gunicorn
worker and app server (the cache is the database or Redis, never per process)."""

from __future__ import annotations

import contextlib
import hashlib

from django.core.cache import cache
from django.http import HttpRequest

#: Attempts allowed per window, for log-in and sign-up.
LOGIN_LIMIT_PER_ADDRESS = 20
LOGIN_LIMIT_PER_ACCOUNT = 8
SIGNUP_LIMIT_PER_ADDRESS = 10
WINDOW_SECONDS = 15 * 60


def client_address(request: HttpRequest) -> str:
    """The caller's address. Behind a proxy, gunicorn's forwarded_allow_ips decides
    whether REMOTE_ADDR may be trusted; we never read X-Forwarded-For ourselves."""
    return str(request.META.get("REMOTE_ADDR") or "unknown")


def _key(scope: str, who: str) -> str:
    digest = hashlib.sha256(who.strip().lower().encode()).hexdigest()[:32]
    return f"ratelimit:{scope}:{digest}"


def hit(scope: str, who: str, limit: int, window: int = WINDOW_SECONDS) -> bool:
    """Count one attempt; True while ``who`` is within ``limit`` per ``window``."""
    key = _key(scope, who)
    if cache.add(key, 1, timeout=window):
        return True
    try:
        count = cache.incr(key)
    except ValueError:  # expired between add and incr
        cache.add(key, 1, timeout=window)
        return True
    return count <= limit


def is_blocked(scope: str, who: str, limit: int) -> bool:
    """Whether ``who`` has already used up ``limit`` attempts (without counting one)."""
    count = cache.get(_key(scope, who)) or 0
    return int(count) >= limit


def forget_one(scope: str, who: str) -> None:
    """Take back one attempt counted by ``hit`` (one that turned out not to count:
    a log-in that worked)."""
    with contextlib.suppress(ValueError):  # expired meanwhile: nothing to take back
        cache.decr(_key(scope, who))


def reset(scope: str, who: str) -> None:
    """Forget the attempts of ``who`` (after a successful log-in)."""
    cache.delete(_key(scope, who))
