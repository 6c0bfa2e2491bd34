"""How the history and statistics pages grow with a group's history: the same pages
timed for a group of 10 matches and one of 10,000, side by side in one run.

The performance issue's budget: a group with 10,000 matches answers within 1.5
times its time with 10. ``growth_figures()`` builds both groups inside a
transaction that it rolls back, so the database it runs against (the dev SQLite
file, for ``make bench``) is left as it was; nothing here is a pass/fail test.
"""

from __future__ import annotations

import random
import secrets
import time
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime, timedelta
from typing import Any

from django.contrib.auth import get_user_model
from django.db import connection, transaction
from django.test import Client, override_settings
from django.urls import reverse
from django.utils import timezone

from scoring.engine import RuleSet
from scoring.models import Hole, Match, Player, Score

from . import records
from .models import Group, Membership, RosterPlayer
from .signals import revise
from .transfer import DEMO_NAMES, demo_matches, matches_create

SMALL = 10
LARGE = 10_000
#: Distinct demo matches dealt for a group; a larger group repeats them on other
#: dates (dealing 10,000 matches would take longer than timing the pages).
POOL = 200
#: Over how long the large group has played: a busy group, several matches a day.
SPAN = timedelta(days=3 * 365)


# -- building a large group -----------------------------------------------------------


def growth_group(*, owner: Any, name: str, matches: int, seed: int = 1) -> Group:
    """A group with a roster of six and ``matches`` finished matches of random legal
    deals (entered as totals), spread over up to three years ending now, stored as
    an import stores them (``transfer.matches_create``): the rows the scoresheet
    itself would store, each seat's results summed up as
    ``scoring.services.match_results_refresh`` keeps them. Up to :data:`POOL`
    matches are dealt; a larger group plays them again on other dates."""
    rng = random.Random(seed)
    group = Group.objects.create(name=name, owner=owner, usual_rules=RuleSet().to_dict())
    Membership.objects.create(group=group, user=owner)
    roster = {n: RosterPlayer.objects.create(group=group, name=n) for n in DEMO_NAMES[:6]}
    pool = [_as_totals(data) for data in demo_matches(min(matches, POOL), rng)]
    end = timezone.now()
    span = min(SPAN, timedelta(days=3) * matches)
    starts = sorted(end - span * rng.random() for _ in range(matches))
    played = [_played_on(pool[n % len(pool)], when) for n, when in enumerate(starts)]
    matches_create(group=group, matches=played, roster=roster)
    analyze_match_tables()
    # Counted once here, to the same values as adding each match in turn.
    records.group_records(group=group, roster=list(group.roster.all()))
    return group


def _as_totals(data: dict[str, Any]) -> dict[str, Any]:
    """A dealt demo match as if its totals had been typed: no grids, no breakdowns."""
    holes = [
        {
            **hole,
            "kind": "totals",
            "scores": [{**score, "grid": "", "breakdown": {}} for score in hole["scores"]],
        }
        for hole in data["holes"]
    ]
    return {**data, "holes": holes}


def _played_on(data: dict[str, Any], when: datetime) -> dict[str, Any]:
    """The match ``data`` played again, starting at ``when``."""
    holes = [
        {**hole, "created_at": (when + timedelta(minutes=6 * hole["number"])).isoformat()}
        for hole in data["holes"]
    ]
    done = when + timedelta(minutes=6 * data["holes_planned"] + 5)
    return {
        **data,
        "created_at": when.isoformat(),
        "finished_at": done.isoformat(),
        "holes": holes,
    }


def analyze_match_tables() -> None:
    """On PostgreSQL, what autovacuum does to tables that grew: without fresh
    statistics the planner takes new tables for empty ones, or guesses how many
    holes a match has, and may scan every score to draw one board. (The bench's
    rows are never committed, so autovacuum never sees them.)"""
    if connection.vendor != "postgresql":
        return
    with connection.cursor() as cursor:
        for model in (Match, Player, Hole, Score):
            cursor.execute(f"ANALYZE {connection.ops.quote_name(model._meta.db_table)}")


# -- timing the pages ------------------------------------------------------------------


def _pages(group: Group) -> list[tuple[str, str]]:
    ann = group.roster.get(name="Ann")
    bob = group.roster.get(name="Bob")
    history = reverse("groups:history", args=[group.pk])
    player = reverse("groups:player", args=[group.pk, ann.pk])
    return [
        ("history", history),
        ("history, one player", f"{history}?player={ann.pk}"),
        ("history, one variant", f"{history}?variant=six-card"),
        ("history, page 50", f"{history}?page=50"),
        ("player statistics", player),
        ("player statistics, head to head", f"{player}?versus={bob.pk}"),
        # Not in the budget, but the group's own page: its leader boards.
        ("group page", reverse("groups:detail", args=[group.pk])),
    ]


def _change(group: Group) -> None:
    """Make everything cached for the group stale, as a match finishing does. The
    finish brought its players' records up to date as it was saved (a few queries
    whatever the history, timed with saving a hole, not here), so they stay."""
    revise(group.pk, records=False)


def _time(client: Client, url: str) -> float:
    start = time.perf_counter()
    response = client.get(url, secure=True)
    elapsed = time.perf_counter() - start
    assert response.status_code == 200, (url, response.status_code)
    return elapsed


@contextmanager
def _rolled_back() -> Iterator[None]:
    with transaction.atomic():
        yield
        transaction.set_rollback(True)


def growth_figures(
    *, repeat: int = 15, small: int = SMALL, large: int = LARGE
) -> list[tuple[str, float, float]]:
    """(page, seconds with ``small`` matches, seconds with ``large``) for each page,
    best of ``repeat``: first "cached", a visit after another (what members see
    while a match is played and between matches), then "first after a change", the
    visit that finds nothing cached (after a match starts, for the history's counts,
    or a match finishes, for statistics)."""
    # The test client's own host and HTTPS, whatever the environment sets.
    with _rolled_back(), override_settings(ALLOWED_HOSTS=["testserver"]):
        user = get_user_model().objects.create_user(username=f"growth-{secrets.token_hex(6)}")
        groups = [
            growth_group(owner=user, name=f"Growth {size:,}", matches=size)
            for size in (small, large)
        ]
        client = Client()
        client.force_login(user)
        pages = zip(*(_pages(group) for group in groups), strict=True)
        figures: list[tuple[str, float, float]] = []
        for (label, a), (_, b) in list(pages):
            # Each pair in turn, so a busy moment on the machine slows both alike.
            warm: tuple[list[float], list[float]] = ([], [])
            cold: tuple[list[float], list[float]] = ([], [])
            for _ in range(repeat):
                for group, url, times in zip(groups, (a, b), cold, strict=True):
                    _change(group)
                    times.append(_time(client, url))
                for url, times in zip((a, b), warm, strict=True):
                    times.append(_time(client, url))
            figures.append((f"{label} (cached)", min(warm[0]), min(warm[1])))
            figures.append((f"{label} (first after a change)", min(cold[0]), min(cold[1])))
    return figures
