"""A group with a long history (10,000 finished matches for `make bench`), stored as
the site stores an imported backup, so the statistics pages can be timed at the size
a busy group reaches after a few years."""

from __future__ import annotations

import random
from datetime import datetime, timedelta
from typing import Any

from django.contrib.auth.models import User
from django.utils import timezone

from groups.models import Group
from groups.transfer import DEMO_NAMES, FORMAT, VERSION, demo_matches, group_import
from scoring.engine import RuleSet

#: Distinct demo matches dealt for a group; a larger group plays them again on other
#: dates (dealing 10,000 matches would take longer than timing the pages).
POOL = 200
#: Over how long the group has played: a busy group, several matches a day.
SPAN = timedelta(days=3 * 365)
#: The regulars; every match seats two to five of them.
ROSTER = DEMO_NAMES[:6]


def growth_group(*, owner: User, name: str, matches: int, seed: int = 1) -> Group:
    """A group with a roster of six and ``matches`` finished matches of random legal
    deals (entered as totals), spread over up to three years ending now, made by
    the group import (``groups.transfer.group_import``) from a backup file's data:
    what the site stores when a group's history is imported. Up to :data:`POOL`
    matches are dealt; a larger group plays them again on other dates."""
    rng = random.Random(seed)
    pool = [_as_totals(data) for data in demo_matches(min(matches, POOL), rng)]
    end = timezone.now()
    span = min(SPAN, timedelta(days=3) * matches)
    starts = sorted(end - span * rng.random() for _ in range(matches))
    backup = {
        "format": FORMAT,
        "version": VERSION,
        "group": {"name": name, "usual_rules": RuleSet().to_dict()},
        "roster": [{"id": player, "name": player} for player in ROSTER],
        "matches": [_played_on(pool[n % len(pool)], when) for n, when in enumerate(starts)],
    }
    return group_import(data=backup, owner=owner)


def _as_totals(data: dict[str, Any]) -> dict[str, Any]:
    """A dealt demo match as if its totals had been typed: no grids, no breakdowns.
    Its holes carry no times of their own (the import stamps them; no statistic
    reads them, and setting 100,000 of them would double the import's time)."""
    holes = [
        {
            **{key: value for key, value in hole.items() if key != "created_at"},
            "kind": "totals",
            "scores": [{**score, "grid": "", "breakdown": {}} for score in hole["scores"]],
        }
        for hole in data["holes"]
    ]
    return {**data, "holes": holes}


def _played_on(data: dict[str, Any], when: datetime) -> dict[str, Any]:
    """The match ``data`` played again, starting at ``when``."""
    done = when + timedelta(minutes=6 * data["holes_planned"] + 5)
    return {**data, "created_at": when.isoformat(), "finished_at": done.isoformat()}
