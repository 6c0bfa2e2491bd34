"""Ratings of a group's regulars: who is strongest once you count whom they played.

A rating is a pure function of the group's finished matches, in order (start time,
then id). Each match is a race of its seats: places are the engine's standings
stored on each seat (``Player.place``, ties sharing a place), a match ended early
counts with the holes it had. The mathematics is the ``openskill`` library's
Weng-Lin model with Plackett-Luce ranking, which rates many players at once and
takes ties; nothing of it is written here. Guests (seats linked to no regular)
take part, each as a newcomer, but keep no rating; a match with fewer than two
regulars changes nobody's.

The first half of this module is plain Python (what one match does to the
ratings); the second stores them (``Rating``), replacing a group's ratings from
the first match a change touches. In the change's transaction while that is a few
hundred matches (``settings.RATINGS_RERATE_IN_REQUEST``: about 45 ms); a change to
an older match of a bigger group marks the group behind from that match's start
(``Group.ratings_behind_since``) and leaves the re-rate to a job on the site's
queue (``tasks.ratings_catch_up``, run by ``manage.py db_worker``), which any later
re-rate of the group also takes up. Once it ran, the stored ratings are what a
re-rate from scratch makes.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from datetime import datetime
from typing import NamedTuple

from django.conf import settings
from django.db import connection, transaction
from django.db.models import DateTimeField, F, OuterRef, Q, QuerySet, Subquery, Value
from django.db.models.functions import Coalesce, Least
from openskill.models import PlackettLuce, PlackettLuceRating

from scoring.models import Match, Player

from .models import Group, Rating, RosterPlayer

#: The rating model, with the library's own starting skill (25) and uncertainty (25/3).
MODEL = PlackettLuce()
START_MU: float = MODEL.mu
START_SIGMA: float = MODEL.sigma
#: The shown number is a cautious estimate, the skill less three times its
#: uncertainty (a player is very likely at least that good), put on a friendlier
#: scale: ``BASE + SCALE × (mu − 3·sigma)``. A newcomer shows 1000.
CAUTION = 3
BASE = 1000
SCALE = 20
#: A rating is provisional while its uncertainty is at least this much (it starts
#: at 8.33 and falls a little with each match): about ten matches in a group.
PROVISIONAL_SIGMA = 7.0


def shown(mu: float, sigma: float) -> int:
    """The number a page shows for a skill of ``mu`` give or take ``sigma``."""
    return max(0, round(BASE + SCALE * (mu - CAUTION * sigma)))


def provisional(sigma: float) -> bool:
    """Too few matches yet for the number to mean much."""
    return sigma >= PROVISIONAL_SIGMA


class Skill(NamedTuple):
    """Where a regular stands: the model's skill and uncertainty, and how many rated
    matches they have played. A tuple, as a re-rate makes one per regular per match."""

    mu: float = START_MU
    sigma: float = START_SIGMA
    played: int = 0

    @property
    def shown(self) -> int:
        return shown(self.mu, self.sigma)


NEWCOMER = Skill()


class Seat(NamedTuple):
    """One seat of a finished match: its regular (None for a guest) and its place."""

    regular: int | None
    place: int


def rate_match(
    seats: Sequence[Seat],
    skills: Mapping[int, Skill],
    held: dict[int, PlackettLuceRating] | None = None,
) -> dict[int, Skill]:
    """Each regular's skill after a match with these seats, from ``skills`` before
    it (a regular not in it is new); empty when the match changes nobody's (fewer
    than two regulars). A regular seated twice (an edit by hand) counts at their
    first seat, the other as a guest.

    ``held`` keeps, match after match, the library's own rating of each regular in
    it (the same skill and uncertainty as ``skills``), so that a history does not
    make a new one per seat per match: the library never changes the ratings it is
    given (it rates copies), so one it returned is as good as a new one."""
    seen: set[int] = set()
    regulars: list[int | None] = []
    for seat in seats:
        regular = seat.regular if seat.regular not in seen else None
        if regular is not None:
            seen.add(regular)
        regulars.append(regular)
    if len(seen) < 2:
        return {}
    before = [skills.get(r, NEWCOMER) if r is not None else NEWCOMER for r in regulars]
    held = {} if held is None else held
    teams = [
        [held[r] if r is not None and r in held else MODEL.rating(mu=skill.mu, sigma=skill.sigma)]
        for r, skill in zip(regulars, before, strict=True)
    ]
    after = MODEL.rate(teams, ranks=[float(seat.place) for seat in seats])
    for regular, team in zip(regulars, after, strict=True):
        if regular is not None:
            held[regular] = team[0]
    return {
        regular: Skill(team[0].mu, team[0].sigma, skill.played + 1)
        for regular, skill, team in zip(regulars, before, after, strict=True)
        if regular is not None
    }


def rate_history(
    matches: Iterable[tuple[int, Sequence[Seat]]], skills: Mapping[int, Skill]
) -> Iterator[tuple[int, dict[int, tuple[Skill, Skill]]]]:
    """For each ``(match id, seats)`` in order, the regulars' skills before and after
    it, from ``skills`` before the first (a match that changes nobody's gives none)."""
    current = dict(skills)
    held: dict[int, PlackettLuceRating] = {}
    for match_id, seats in matches:
        after = rate_match(seats, current, held)
        changes = {r: (current.get(r, NEWCOMER), skill) for r, skill in after.items()}
        current.update(after)
        yield match_id, changes


# -- stored ratings --------------------------------------------------------------------

#: Where a group's order starts again: a match's start and id.
Key = tuple[datetime, int]


def _from(key: Key, *, time: str, pk: str) -> Q:
    """Rows at or after ``key`` in the group's order."""
    return Q(**{f"{time}__gt": key[0]}) | Q(**{time: key[0], f"{pk}__gte": key[1]})


@transaction.atomic
def group_rerate(*, group_id: int, since: Key | None = None) -> int:
    """Work the group's ratings out again from its first match at or after ``since``
    (from scratch without one), replacing the stored ones from there on; the rest
    are left as they are. The group's row is locked first, so two changes to one
    group re-rate one after the other: FOR NO KEY UPDATE, so a row stored meanwhile
    that refers to the group (a new regular, a new match: a foreign key, checked
    as its transaction commits) does not wait for the re-rate to end. A group
    behind (``Group.ratings_behind_since``) is re-rated from there too, and is then
    up to date. Returns how many matches were rated."""
    row = (
        Group.objects.select_for_update(no_key=True)
        .filter(pk=group_id)
        .values_list("ratings_stale", "ratings_behind_since")
        .first()
    )
    if row is None:
        return 0  # the group is gone
    stale, behind = row
    if stale:
        since = None
    elif behind is not None and since is not None:
        since = min(since, (behind, 0))  # every match started then or later
    ratings = Rating.objects.filter(group_id=group_id)
    matches = Match.objects.filter(group_id=group_id, finished_at__isnull=False)
    if since is not None:
        ratings = ratings.filter(_from(since, time="played_at", pk="match_id"))
        matches = matches.filter(_from(since, time="created_at", pk="pk"))
    ratings.delete()
    order = list(matches.order_by("created_at", "pk").values_list("pk", "created_at"))
    if stale or behind is not None:
        # What was cached for the group was read with ratings that were not up to date.
        Group.objects.filter(pk=group_id).update(
            ratings_stale=False, ratings_behind_since=None, revision=F("revision") + 1
        )
    if not order:
        return 0
    history = _seats(group_id, matches)
    start = _skills_before(group_id, since) if since is not None else {}
    _ratings_insert(
        group_id,
        order,
        rate_history(((pk, history.get(pk, [])) for pk, _ in order), start),
    )
    return len(order)


#: The columns a re-rate writes, in the order of :func:`_ratings_insert`'s rows.
COLUMNS = (
    "group",
    "match",
    "roster_player",
    "played_at",
    "mu_before",
    "sigma_before",
    "mu",
    "sigma",
    "shown_before",
    "shown",
    "played",
)


def _ratings_insert(
    group_id: int,
    order: Sequence[tuple[int, datetime]],
    history: Iterable[tuple[int, dict[int, tuple[Skill, Skill]]]],
) -> None:
    """Store the ratings of ``history`` (matches of ``order``, with their starts) in
    one ``executemany`` of plain values. ``bulk_create`` would build a model object
    per row and prepare each of its eleven values: three quarters of a re-rate's
    time for a group of 10,000 matches on SQLite. Only the start needs preparing for
    the database, once per match, as the field itself does it."""
    meta = Rating._meta
    played_at = meta.get_field("played_at")
    starts = {pk: played_at.get_db_prep_save(when, connection) for pk, when in order}
    quote = connection.ops.quote_name
    column = {field.name: field.column for field in meta.concrete_fields}
    columns = ", ".join(quote(column[name]) for name in COLUMNS)
    places = ", ".join(["%s"] * len(COLUMNS))
    sql = f"INSERT INTO {quote(meta.db_table)} ({columns}) VALUES ({places})"
    rows = [
        (
            group_id,
            match_id,
            regular,
            starts[match_id],
            before.mu,
            before.sigma,
            after.mu,
            after.sigma,
            shown(before.mu, before.sigma),
            shown(after.mu, after.sigma),
            after.played,
        )
        for match_id, changes in history
        for regular, (before, after) in changes.items()
    ]
    # Plain SQL, not bulk_create (tried first): re-rating the bench's 10,000-match
    # group took 2.5 s with bulk_create and takes 0.9 s so, on SQLite (the queue's job
    # after a correction to its oldest match; docs/performance.md, "Re-rating").
    with connection.cursor() as cursor:
        cursor.executemany(sql, rows)


def _seats(group_id: int, matches: QuerySet[Match]) -> dict[int, list[Seat]]:
    """The seats of ``matches`` by match, in seating order. A seat linked by hand to
    another group's regular counts as a guest here; a match with a seat without a
    place (none should be) is left out."""
    rows = (
        Player.objects.filter(match__in=matches.values("pk"))
        .order_by("match_id", "seat")
        .values_list("match_id", "roster_player_id", "roster_player__group_id", "place")
    )
    seats: dict[int, list[Seat]] = {}
    broken: set[int] = set()
    for match_id, regular, home, place in rows:
        if place is None:
            broken.add(match_id)
            continue
        seats.setdefault(match_id, []).append(Seat(regular if home == group_id else None, place))
    return {pk: s for pk, s in seats.items() if pk not in broken}


def _skills_before(group_id: int, since: Key) -> dict[int, Skill]:
    """Each regular's skill after their last rated match before ``since``: one query,
    a row a regular (index ``rating_player_order``: by the regular alone, whose
    ratings are all of this group's matches, as in ``selectors.leaderboard``)."""
    latest = (
        Rating.objects.filter(roster_player=OuterRef("pk"))
        .exclude(_from(since, time="played_at", pk="match_id"))
        .order_by("-played_at", "-match_id")
        .values("pk")[:1]
    )
    last = RosterPlayer.objects.filter(group_id=group_id).annotate(last=Subquery(latest))
    rows = Rating.objects.filter(pk__in=last.values("last")).values_list(
        "roster_player_id", "mu", "sigma", "played"
    )
    return {regular: Skill(mu, sigma, played) for regular, mu, sigma, played in rows}


def ratings_follow(*, match: Match, group_ids: Iterable[int]) -> None:
    """``match`` changed in a way its groups' ratings may read (it finished, ended,
    opened again, was corrected, deleted, edited or moved): re-rate each group from
    the first place in its order the match held, now or when last rated, here or,
    for more matches than a request should spend on it, in a job. Nothing to do
    for a match in play that was never rated."""
    rated_at = dict(
        Rating.objects.filter(match_id=match.pk)
        .order_by("group_id", "played_at")
        .values_list("group_id", "played_at")
    )
    for group_id in sorted(set(group_ids)):
        if match.finished_at is None and group_id not in rated_at:
            continue
        keys = [(match.created_at, match.pk)]
        if group_id in rated_at:
            keys.append((rated_at[group_id], match.pk))
        since = min(keys)
        if _rerate_fits_request(group_id, since):
            group_rerate(group_id=group_id, since=since)
        else:
            ratings_defer(group_id=group_id, since=since)


def _rerate_fits_request(group_id: int, since: Key) -> bool:
    """Whether re-rating the group from ``since`` is few enough matches to do in the
    request: never while a job is on its way (it takes this change up too)."""
    row = (
        Group.objects.filter(pk=group_id)
        .values_list("ratings_stale", "ratings_behind_since")
        .first()
    )
    if row is None:
        return True  # the group is gone: nothing to do either way
    stale, behind = row
    if behind is not None:
        return False
    later = Match.objects.filter(group_id=group_id, finished_at__isnull=False)
    if not stale:
        later = later.filter(_from(since, time="created_at", pk="pk"))
    most = settings.RATINGS_RERATE_IN_REQUEST
    return later[: most + 1].count() <= most


def ratings_defer(*, group_id: int, since: Key) -> None:
    """Mark the group's ratings behind from ``since`` on (from the earlier point if
    it already was) and ask the queue to bring them up to date. The database
    backend stores the job in this same transaction: it exists exactly when the
    change it follows was committed. A job per change: one that finds the group
    already caught up (another did it) does nothing."""
    from . import tasks  # the job calls back into this module

    start = Value(since[0], output_field=DateTimeField())
    Group.objects.filter(pk=group_id).update(
        ratings_behind_since=Least(Coalesce("ratings_behind_since", start), start),
        revision=F("revision") + 1,
    )
    tasks.ratings_catch_up.enqueue(group_id)


def ratings_catch_up(*, group_id: int) -> int:
    """Re-rate a group that is behind (or stale) from where it is behind: the job's
    work. Returns how many matches were rated (none when it was up to date)."""
    row = (
        Group.objects.filter(pk=group_id)
        .values_list("ratings_stale", "ratings_behind_since")
        .first()
    )
    if row is None or row == (False, None):
        return 0
    stale, behind = row
    # The re-rate reads the row again under its lock, and takes up whatever a
    # change added meanwhile.
    return group_rerate(group_id=group_id, since=None if stale or behind is None else (behind, 0))


def ratings_ensure(*, group: Group) -> None:
    """Work out the ratings of a group that had matches before ratings existed, the
    first time a page shows them (``Group.ratings_stale``)."""
    if group.ratings_stale:
        group_rerate(group_id=group.pk)
        group.refresh_from_db(fields=["ratings_stale", "revision"])
