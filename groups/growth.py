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
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import timedelta
from typing import Any

from django.contrib.auth import get_user_model
from django.db import connection, models, transaction
from django.test import Client, override_settings
from django.urls import reverse
from django.utils import timezone

from golfsite.fetch import insert_rows
from scoring.engine import RuleSet
from scoring.models import PLAYER_RESULT_FIELDS, Hole, Match, Player, Score, new_share_token
from scoring.results import HoleResult, seat_results
from scoring.services import SCORE_FIELDS

from . import records
from .models import Group, Membership, RosterPlayer
from .signals import revise
from .transfer import DEMO_NAMES, demo_matches

SMALL = 10
LARGE = 10_000
#: Distinct demo matches dealt for a group; a larger group repeats them on other
#: dates (dealing 10,000 matches would take longer than timing the pages).
POOL = 200
#: Over how long the large group has played: a busy group, several matches a day.
SPAN = timedelta(days=3 * 365)


# -- building a group fast -------------------------------------------------------------


def growth_group(*, owner: Any, name: str, matches: int, seed: int = 1) -> Group:
    """A group with a roster of six and ``matches`` finished matches of random legal
    deals (entered as totals), spread over up to three years ending now: the rows the
    scoresheet itself would store, each seat's results summed up as
    ``scoring.services.match_results_refresh`` keeps them, and each player's
    record as finishing the matches in turn keeps it (``groups.records``). Up to
    :data:`POOL` matches are dealt; a larger group plays them again on other dates."""
    rng = random.Random(seed)
    group = Group.objects.create(name=name, owner=owner, usual_rules=RuleSet().to_dict())
    Membership.objects.create(group=group, user=owner)
    roster = {n: RosterPlayer.objects.create(group=group, name=n).pk for n in DEMO_NAMES[:6]}
    pool = [_Dealt(data) for data in demo_matches(min(matches, POOL), rng)]
    end = timezone.now()
    span = min(SPAN, timedelta(days=3) * matches)
    starts = sorted(end - span * rng.random() for _ in range(matches))
    played = [(pool[n % len(pool)], when) for n, when in enumerate(starts)]
    # Rows written with plain INSERTs of values prepared once (``insert_rows``):
    # ``bulk_create`` spends most of its time building SQL for hundreds of
    # thousands of score rows.
    rows: list[list[Any]] = []
    for dealt, when in played:
        done = _prep(Match, "finished_at", when + timedelta(minutes=6 * dealt.holes_planned + 5))
        rows.append(
            [_prep(Match, "created_at", when), done, done, dealt.rules, dealt.holes_planned]
            + [dealt.first_dealer, new_share_token(), group.pk]
        )
    insert_rows(Match, _MATCH_COLUMNS, rows, ready=True)
    made = Match.objects.filter(group=group).order_by("created_at", "pk")
    ids = [
        (pk, _prep(Match, "finished_at", done))
        for pk, done in made.values_list("pk", "finished_at")
    ]
    players: list[list[Any]] = []
    holes: list[list[Any]] = []
    for (dealt, _), (match_id, done) in zip(played, ids, strict=True):
        players.extend(
            [match_id, seat, name, roster[name], *results] for seat, name, results in dealt.players
        )
        holes.extend(
            [match_id, number, "totals", went_out, dealt.rules, 1, done, done, _token(rng)]
            for number, went_out in dealt.holes
        )
    insert_rows(
        Player,
        ["match", "seat", "name", "roster_player", *PLAYER_RESULT_FIELDS],
        players,
        ready=True,
    )
    insert_rows(Hole, _HOLE_COLUMNS, holes, ready=True)
    seat_ids = {
        (match_id, seat): pk
        for pk, match_id, seat in Player.objects.filter(match__group=group).values_list(
            "pk", "match_id", "seat"
        )
    }
    hole_ids = {
        (match_id, number): pk
        for pk, match_id, number in Hole.objects.filter(match__group=group).values_list(
            "pk", "match_id", "number"
        )
    }
    scores = [
        [hole_ids[match_id, number], seat_ids[match_id, seat], seat, *values]
        for (dealt, _), (match_id, _) in zip(played, ids, strict=True)
        for number, seat, values in dealt.scores
    ]
    insert_rows(Score, ("hole", *SCORE_FIELDS), scores, ready=True)
    analyze_match_tables()
    # Counted once here, to the same values as adding each match in turn.
    records.group_records(group=group, roster=list(group.roster.all()))
    return group


def analyze_match_tables() -> None:
    """On PostgreSQL, what autovacuum does to tables that grew: without fresh
    statistics the planner takes new tables for empty ones, or guesses how many
    holes a match has, and may scan every score to draw one board. (Where
    autovacuum is off, as on some test servers, nothing else would.)"""
    if connection.vendor != "postgresql":
        return
    with connection.cursor() as cursor:
        for model in (Match, Player, Hole, Score):
            cursor.execute(f"ANALYZE {connection.ops.quote_name(model._meta.db_table)}")


_MATCH_COLUMNS = [
    "created_at",
    "updated_at",
    "finished_at",
    "rules",
    "holes_planned",
    "first_dealer",
    "share_token",
    "group",
]
_HOLE_COLUMNS = [
    "match",
    "number",
    "kind",
    "went_out",
    "rules",
    "revision",
    "created_at",
    "updated_at",
    "token",
]


class _Dealt:
    """One dealt demo match (export data) as the values to store, less the keys and
    dates that differ each time it is played again."""

    def __init__(self, data: dict[str, Any]) -> None:
        self.rules = _prep(Match, "rules", data["rules"])
        self.holes_planned = int(data["holes_planned"])
        self.first_dealer = int(data["first_dealer"])
        self.holes = [(h["number"], h["went_out"]) for h in data["holes"]]
        no_breakdown = _prep(Score, "breakdown", {})
        # Each score in the order of ``services.SCORE_FIELDS`` after its player and
        # seat; entered as a total: no grid, no breakdown.
        self.scores = [
            (
                h["number"],
                s["seat"],
                [
                    "",
                    s["grid_score"],
                    s["score"],
                    s["went_out"],
                    s["matched_columns"],
                    s["knock_penalty"],
                    no_breakdown,
                ],
            )
            for h in data["holes"]
            for s in h["scores"]
        ]
        results = seat_results(
            [p["seat"] for p in data["players"]],
            (
                (
                    s["seat"],
                    HoleResult(s["score"], s["matched_columns"], s["went_out"], s["knock_penalty"]),
                )
                for h in data["holes"]
                for s in h["scores"]
            ),
        )
        self.players = [
            (
                player["seat"],
                player["name"],
                [results[player["seat"]][f] for f in PLAYER_RESULT_FIELDS],
            )
            for player in data["players"]
        ]


def _prep(model: type[models.Model], name: str, value: Any) -> Any:
    return model._meta.get_field(name).get_db_prep_save(value, connection)


def _token(rng: random.Random) -> Any:
    return _prep(Hole, "token", uuid.UUID(int=rng.getrandbits(128), version=4))


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
