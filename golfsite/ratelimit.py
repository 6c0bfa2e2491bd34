"""Counting attempts in the database, so a limit holds across every gunicorn worker
and app server, and a burst of parallel requests is counted one by one.

Each limit is a fixed window: it opens with the first attempt and ends ``window``
later whatever happens meanwhile (attempts made while blocked do not make the
block longer). The limits, also listed in the README's "Deploying":

- log-in, per address and account: 8 failures in 15 minutes (stops one guesser
  without stopping the account's owner elsewhere);
- log-in, per address: 20 failures in 15 minutes, whatever the accounts;
- log-in, per account: 50 failures in an hour from every address together, for
  browsers that have never logged in to the account (``known_browser``); the
  owner's own browser is never stopped by it;
- sign-up, per address: 10 in 15 minutes;
- password reset: 3 mails per email address and 10 requests per address, an hour.
- a match's join link, per address: 60 openings and joins in 15 minutes
  (``scoring.views.keepers.JOIN_PER_ADDRESS``);
- starting a match: 30 per browser (logging in or out keeps its count) and 120 per
  address, an hour (``scoring.views.limits``).

An address is what :func:`client_address` makes of the request: the connection's
peer, or behind ``TRUSTED_PROXIES`` proxies the client they saw.
"""

from __future__ import annotations

import hashlib
import math
import unicodedata
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.conf import settings
from django.core import signing
from django.db import IntegrityError, transaction
from django.db.models import Case, DateTimeField, F, PositiveIntegerField, Value, When
from django.http import HttpRequest, HttpResponseBase
from django.utils import timezone

from accounts.models import AttemptCount


@dataclass(frozen=True)
class Limit:
    """At most ``attempts`` per ``window`` for each caller, counted under ``scope``."""

    scope: str
    attempts: int
    window: timedelta

    @property
    def minutes(self) -> int:
        return int(self.window.total_seconds() // 60)


LOGIN_PER_ADDRESS_AND_ACCOUNT = Limit("login-pair", 8, timedelta(minutes=15))
LOGIN_PER_ADDRESS = Limit("login-address", 20, timedelta(minutes=15))
LOGIN_PER_ACCOUNT = Limit("login-account", 50, timedelta(hours=1))
SIGNUP_PER_ADDRESS = Limit("signup", 10, timedelta(minutes=15))
RESET_PER_EMAIL = Limit("reset-email", 3, timedelta(hours=1))
RESET_PER_ADDRESS = Limit("reset-address", 10, timedelta(hours=1))
#: Mails to the owner of an address someone signed up with (accounts.views.signup).
SIGNUP_MAIL_PER_EMAIL = Limit("signup-mail", 3, timedelta(days=1))


def client_address(request: HttpRequest) -> str:
    """The caller's address, as far as the site can trust it.

    With ``TRUSTED_PROXIES`` 0 (the default) it is ``REMOTE_ADDR``, the connection's
    peer, and X-Forwarded-For is ignored: anybody can write that header. Behind
    proxies, each appends the address it was reached from to the header, so the
    trusted entries are the last ``TRUSTED_PROXIES`` ones; the client is the
    left-most of those (with one proxy, the right-most entry). Whatever a client
    wrote to the left of them is never read. (gunicorn does not rewrite
    REMOTE_ADDR from the header; this function is the only reader.)"""
    peer = str(request.META.get("REMOTE_ADDR") or "unknown")
    hops: int = settings.TRUSTED_PROXIES
    if hops <= 0:
        return peer
    forwarded = [entry.strip() for entry in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",")]
    # Fewer entries than proxies (a request that passed fewer of them than there
    # are): the left-most entry is the farthest address any proxy saw.
    trusted = forwarded[-hops:]
    return trusted[0] or peer


def account_name(username: str) -> str:
    """One spelling for every way of typing an account's name (case, wide letters)."""
    return unicodedata.normalize("NFKC", username).strip().casefold()


def _digest(*parts: str) -> str:
    return hashlib.sha256("\0".join(parts).encode()).hexdigest()[:32]


def _key(scope: str, *who: str) -> str:
    return f"{scope}:{_digest(*who)}"


def _count_one(key: str, now: datetime, ends: datetime) -> tuple[int, datetime] | None:
    """Add one to the count under ``key`` (starting again if its window is over),
    in one UPDATE; the count and its window's end, or None if there is no count yet."""
    updated = AttemptCount.objects.filter(key=key).update(
        count=Case(
            When(ends__lte=now, then=Value(1)),
            default=F("count") + 1,
            output_field=PositiveIntegerField(),
        ),
        ends=Case(
            When(ends__lte=now, then=Value(ends)),
            default=F("ends"),
            output_field=DateTimeField(),
        ),
    )
    if not updated:
        return None
    # Still in the transaction, the row is ours (locked) until the commit: this
    # reads the count this attempt made.
    return AttemptCount.objects.values_list("count", "ends").get(key=key)


@dataclass(frozen=True)
class Attempt:
    """One attempt counted: whether it is within the limit, and when the window
    it was counted in ends (from then on the caller may try again)."""

    allowed: bool
    ends: datetime

    def wait_minutes(self, now: datetime | None = None) -> int:
        """Whole minutes until the window ends, at least one."""
        seconds = (self.ends - (now or timezone.now())).total_seconds()
        return max(1, math.ceil(seconds / 60))

    def wait_seconds(self, now: datetime | None = None) -> int:
        """Seconds until the window ends (for a ``Retry-After`` header), at least one."""
        return max(1, math.ceil((self.ends - (now or timezone.now())).total_seconds()))


def attempt(limit: Limit, *who: str) -> Attempt:
    """Count one attempt by ``who`` against ``limit``: whether it is allowed, and
    until when the window lasts."""
    key = _key(limit.scope, *who)
    now = timezone.now()
    ends = now + limit.window
    with transaction.atomic():
        counted = _count_one(key, now, ends)
        if counted is None:
            try:
                with transaction.atomic():
                    AttemptCount.objects.create(key=key, count=1, ends=ends)
                counted = (1, ends)
            except IntegrityError:  # another request created it meanwhile
                counted = _count_one(key, now, ends) or (1, ends)
    count, window_ends = counted
    if count == 1:
        # A new window: rows whose windows are over go (one indexed DELETE, only
        # when a window opens).
        AttemptCount.objects.filter(ends__lte=now).delete()
    return Attempt(allowed=count <= limit.attempts, ends=window_ends)


def hit(limit: Limit, *who: str) -> bool:
    """Count one attempt by ``who``; True while within ``limit``."""
    return attempt(limit, *who).allowed


def forget_one(limit: Limit, *who: str) -> None:
    """Take back one attempt counted by ``hit`` (one that turned out not to count:
    a log-in that worked)."""
    AttemptCount.objects.filter(
        key=_key(limit.scope, *who), count__gt=0, ends__gt=timezone.now()
    ).update(count=F("count") - 1)


def reset(limit: Limit, *who: str) -> None:
    """Forget the attempts of ``who``."""
    AttemptCount.objects.filter(key=_key(limit.scope, *who)).delete()


def forget_everything() -> None:
    """Every count gone (for tests that post many times)."""
    AttemptCount.objects.all().delete()


# A browser that has logged in to an account (or reset its password) keeps a signed
# cookie naming it, for a year: the account's own limit never stops that browser,
# so wrong passwords from elsewhere cannot lock its owner out.
KNOWN_COOKIE = "golf_known"
_KNOWN_SALT = "accounts.known-browser"
_KNOWN_AGE = 365 * 24 * 60 * 60
_KNOWN_MOST = 5


def _known(request: HttpRequest) -> list[str]:
    try:
        value = signing.loads(
            request.COOKIES.get(KNOWN_COOKIE, ""), salt=_KNOWN_SALT, max_age=_KNOWN_AGE
        )
    except signing.BadSignature:
        return []
    return [str(item) for item in value] if isinstance(value, list) else []


def known_browser(request: HttpRequest, username: str) -> bool:
    """Whether this browser has logged in to the account ``username`` before."""
    return _digest(account_name(username)) in _known(request)


def remember_browser(request: HttpRequest, response: HttpResponseBase, username: str) -> None:
    """Mark this browser as one that may log in to ``username`` past its account limit."""
    mine = _digest(account_name(username))
    known = [mine, *(item for item in _known(request) if item != mine)][:_KNOWN_MOST]
    response.set_cookie(
        KNOWN_COOKIE,
        signing.dumps(known, salt=_KNOWN_SALT),
        max_age=_KNOWN_AGE,
        secure=settings.SESSION_COOKIE_SECURE,
        httponly=True,
        samesite="Lax",
    )
