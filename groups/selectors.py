"""Reads for groups: what a user may see, and nothing more.

Statistics, leaders and head to head are counted by the database from the stored
results (each seat of a finished match carries its holes summed up), and the pages
keep what they count in the cache per group (:func:`cached`) until the group's
revision moves on.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import date, datetime, time, timedelta
from typing import Any, TypedDict, TypeVar, cast
from urllib.parse import urlsplit

from django.contrib.auth.models import AnonymousUser, User
from django.core.cache import cache
from django.core.paginator import Paginator
from django.db.models import (
    Case,
    Count,
    Exists,
    F,
    IntegerField,
    Max,
    Min,
    OuterRef,
    Prefetch,
    Q,
    QuerySet,
    Subquery,
    Sum,
    Value,
    When,
)
from django.http import Http404
from django.urls import Resolver404, resolve
from django.utils import timezone
from django.utils.functional import cached_property
from django_stubs_ext import WithAnnotations

from scoring.engine import VARIANTS
from scoring.models import Match, Player

from . import ratings
from .formats import rounded
from .models import Group, Invite, Membership, Rating, Removal, RosterPlayer

T = TypeVar("T")

#: How long a computed value is cached; any change to the group's matches makes a
#: new key long before that.
STATS_CACHE_SECONDS = 7 * 24 * 3600
#: Part of every cache key: raise it when what is cached changes shape, so a deploy
#: never reads what older code cached.
STATS_CACHE_VERSION = 5


def groups_for_user(*, user: User | AnonymousUser) -> QuerySet[Group]:
    """The groups ``user`` belongs to, with their member counts."""
    if not user.is_authenticated:
        return Group.objects.none()
    return (
        Group.objects.filter(memberships__user=user)
        .annotate(member_count=Count("memberships", distinct=True))
        .order_by("name")
    )


def group_for_member(*, user: User | AnonymousUser, group_id: int) -> Group:
    """The group, if ``user`` is a member; a 404 for everyone else, so nobody can
    tell a private group from one that does not exist."""
    if not user.is_authenticated:
        raise Http404("No such group")
    group = (
        Group.objects.filter(pk=group_id, memberships__user=user).select_related("owner").first()
    )
    if group is None:
        raise Http404("No such group")
    return group


#: What an invitation's token is made of (``new_invite_token``). Anything else is no
#: invitation and is never looked up: PostgreSQL refuses a NUL in a text value.
INVITE_TOKEN = re.compile(r"[A-Za-z0-9_-]{1,64}")


def invite_for_token(*, token: str) -> Invite | None:
    """The invitation with this token, with its group, whether or not it still works
    (``Invite.refusal``)."""
    if not INVITE_TOKEN.fullmatch(token):
        return None
    return Invite.objects.select_related("group").filter(token=token).first()


@dataclass(frozen=True)
class InviteVisit:
    """An invitation link as one signed-in visitor opens it."""

    invite: Invite
    #: They are in the group already.
    member: bool
    #: They left the group, or were removed from it, after the link was made: it
    #: does not let them back in (``services.invite_accept``).
    shut_out: bool


class _Standing(TypedDict):
    visitor_member: bool
    visitor_shut_out: bool


def invite_visit(*, token: str, user: User) -> InviteVisit | None:
    """The invitation with this token, its group and owner, and where ``user`` stands
    with the group: read at once."""
    if not INVITE_TOKEN.fullmatch(token):
        return None
    found = cast(
        "WithAnnotations[Invite, _Standing] | None",
        Invite.objects.select_related("group__owner")
        .filter(token=token)
        .annotate(
            visitor_member=Exists(Membership.objects.filter(group=OuterRef("group"), user=user.pk)),
            visitor_shut_out=Exists(
                Removal.objects.filter(
                    group=OuterRef("group"), user=user.pk, removed_at__gte=OuterRef("created_at")
                )
            ),
        )
        .first(),
    )
    if found is None:
        return None
    return InviteVisit(invite=found, member=found.visitor_member, shut_out=found.visitor_shut_out)


def group_for_invite_link(*, url: str) -> Group | None:
    """The group whose invitation ``url`` links to, if the invitation still works.
    The log-in and sign-up pages name it when it is where the visitor goes next,
    so whoever followed the link knows why they are asked to log in."""
    try:
        found = resolve(urlsplit(url).path) if url else None
    except Resolver404:
        return None
    if found is None or found.view_name != "groups:invite_accept":
        return None
    invite = invite_for_token(token=found.kwargs["token"])
    return invite.group if invite is not None and invite.refusal() is None else None


# -- caching what grows with the history ---------------------------------------------


def cached(*, group: Group, name: str, compute: Callable[[], T]) -> T:
    """``compute()``, kept in the cache until the group's revision moves on (every
    change to what its history and statistics read raises it, in the same
    transaction: ``services.group_cache_invalidate``). A count of the history or a
    player's statistics costs its queries once per change, not once per visit.
    ``group`` as read in this request: its revision is part of the key. So are
    its creation time (an id used again, after a rolled-back bench or a restored
    database, never finds another group's values in a shared cache) and the time
    zone, which the statistics cut days and months in. ``compute`` never gives
    None (None is what the cache answers for a key it does not hold)."""
    made = int(group.created_at.timestamp() * 1_000_000)
    zone = timezone.get_current_timezone_name()
    key = f"groups:v{STATS_CACHE_VERSION}:{group.pk}.{made}:r{group.revision}:{zone}:{name}"
    value: T | None = cache.get(key)
    if value is None:
        value = compute()
        cache.set(key, value, STATS_CACHE_SECONDS)
    return value


# -- history and leaders ---------------------------------------------------------------


@dataclass
class HistoryRow:
    """One match of the history: its date, players with totals, and winners."""

    match: Match
    players: list[Player]
    winners: list[Player]

    @property
    def variant_name(self) -> str:
        # Straight from the snapshot: parsing the whole rule set cost more than the
        # rest of the row.
        variant = VARIANTS.get(self.match.rules.get("variant", ""))
        return variant.name if variant else self.match.rule_set.variant_info.name

    @property
    def length_text(self) -> str:
        """How long the match is and how far it came: "9 holes", "3 of 9 holes played"."""
        return self.match.length_text(self.players[0].holes_played if self.players else 0)


def _rows(matches: Iterable[Match]) -> list[HistoryRow]:
    rows = []
    for match in matches:
        seated: list[Player] | None = getattr(match, "seated", None)
        players = seated if seated is not None else list(match.players.order_by("seat"))
        winners = [p for p in players if p.place == 1] if match.is_finished else []
        rows.append(HistoryRow(match, players, winners))
    return rows


def group_matches(
    *,
    group: Group,
    player: RosterPlayer | None = None,
    variant: str = "",
    since: date | None = None,
    until: date | None = None,
) -> QuerySet[Match]:
    """The group's matches, newest first, narrowed by the filters given. Each filter
    and the order are served by an index (``match_group_history``,
    ``match_group_variant``), so a page of a long history reads about a page of rows."""
    matches = Match.objects.filter(group=group)
    if player is not None:
        # Newest first through the group's index, each match checked for a seat of
        # the player's (index player_roster_match): a page reads about a page of
        # matches, where an IN would first list every match the player ever played.
        matches = matches.filter(
            Exists(Player.objects.filter(match=OuterRef("pk"), roster_player=player))
        )
    if variant:
        matches = matches.filter(variant=variant)
    # Days in the site's time zone, as a range of times: the index on created_at
    # serves a range, not a date taken from every row.
    if since is not None:
        matches = matches.filter(created_at__gte=_day_start(since))
    if until is not None and until < date.max:
        matches = matches.filter(created_at__lt=_day_start(until + timedelta(days=1)))
    # The players as a plain list (``seated``): a related manager per row costs more.
    return matches.order_by("-created_at", "-pk").prefetch_related(
        Prefetch("players", queryset=Player.objects.order_by("seat"), to_attr="seated")
    )


def _day_start(day: date) -> datetime:
    return timezone.make_aware(datetime.combine(day, time.min))


class CountedPaginator(Paginator[Any]):
    """A paginator given its count (kept in the cache until the history changes)
    instead of counting every match on every visit."""

    def __init__(self, object_list: Any, per_page: int, *, count: int) -> None:
        super().__init__(object_list, per_page)
        self.known_count = count

    @cached_property
    def count(self) -> int:
        return self.known_count


def history_rows(matches: Iterable[Match]) -> list[HistoryRow]:
    """History rows for a page of matches (loaded with their players)."""
    return _rows(matches)


def matches_played(*, player: RosterPlayer) -> int:
    """How many of its group's matches ``player`` sat at, finished or not: the count
    of the history filtered by them, counted from their own seats (index
    ``player_roster_match``) rather than by looking for them at every match."""
    seats = Player.objects.filter(roster_player=player, match__group_id=player.group_id)
    counted: int = seats.aggregate(n=Count("match", distinct=True))["n"]
    return counted


def recent_matches(*, group: Group, count: int = 5) -> list[HistoryRow]:
    """The group's latest matches (two queries)."""
    return _rows(group_matches(group=group)[:count])


@dataclass
class Leader:
    """A roster player's line in the group's leader boards."""

    roster_player_id: int
    name: str
    value: float | int
    out_of: int


def _finished_seats(group: Group) -> QuerySet[Player]:
    """The finished seats of the group's own regulars (a seat linked by hand to
    another group's regular counts for nobody here, as in that player's statistics)."""
    return Player.objects.filter(
        match__group=group, match__finished_at__isnull=False, roster_player__group=group
    )


def leaders(*, group: Group, count: int = 5) -> dict[str, list[Leader]]:
    """The group page's leader boards, ``most_wins`` and ``best_average``, from one
    query over one row per player and match (each row carries its holes summed
    up): a row a regular, which both boards are sorted from. Every seat of the
    group is read once, not once a board: on PostgreSQL that read is most of the
    group page's first view after a change."""
    rows = list(
        _finished_seats(group)
        .values_list("roster_player", "roster_player__name")
        .annotate(
            wins=Count("pk", filter=Q(place=1)),
            played=Count("pk"),
            points=Sum("total"),
            holes=Sum("holes_played"),
        )
        # By name first, so that the boards' stable sorts leave equals in the
        # database's order of names.
        .order_by("roster_player__name", "roster_player")
    )
    most_wins = sorted(
        (Leader(pk, name, wins, played) for pk, name, wins, played, _, _ in rows if wins),
        key=lambda leader: (-leader.value, leader.out_of),
    )
    averages = sorted(
        ((points / holes, pk, name, holes) for pk, name, _, _, points, holes in rows if holes),
        key=lambda row: (row[0], -row[3]),
    )
    return {
        "most_wins": most_wins[:count],
        "best_average": [
            Leader(pk, name, rounded(average), holes) for average, pk, name, holes in averages
        ][:count],
    }


def leaders_by_wins(*, group: Group, count: int = 5) -> list[Leader]:
    """Most finished matches won (a shared win counts for each winner)."""
    return leaders(group=group, count=count)["most_wins"]


def leaders_by_average(*, group: Group, count: int = 5) -> list[Leader]:
    """Lowest average hole score over finished matches."""
    return leaders(group=group, count=count)["best_average"]


# -- a player's statistics -------------------------------------------------------------


@dataclass
class Streaks:
    current: int = 0
    best: int = 0


def streaks(results: Iterable[bool]) -> Streaks:
    """Winning streaks from match results, oldest first: the one still running at the
    end, and the longest."""
    run = best = 0
    for won in results:
        run = run + 1 if won else 0
        best = max(best, run)
    return Streaks(current=run, best=best)


@dataclass
class ChartPoint:
    label: str
    average: float
    holes: int


@dataclass
class PlayerStats:
    """What a roster player's finished matches in the group add up to."""

    player: RosterPlayer
    matches: int = 0
    wins: int = 0
    holes: int = 0
    average: float | None = None
    best_hole: int | None = None
    worst_hole: int | None = None
    pairs: int = 0
    times_out: int = 0
    knock_penalties: int = 0
    streaks: Streaks = field(default_factory=Streaks)
    chart: list[ChartPoint] = field(default_factory=list)
    #: "month" or "day": what each point of the chart covers.
    chart_period: str = "day"

    @property
    def win_rate(self) -> float | None:
        return self.wins / self.matches if self.matches else None

    @property
    def pairs_per_hole(self) -> float | None:
        return self.pairs / self.holes if self.holes else None


#: How each kind of chart period is labelled.
PERIOD_LABELS = {"day": "%-d %b", "month": "%b %Y", "year": "%Y"}


def chart_period(first: datetime, last: datetime) -> str:
    """What a point of the chart covers for a player who played from ``first`` to
    ``last``: a day for two months of play, a month for four years, then a year;
    never more than about fifty points, however long the history."""
    days = (last - first).days
    return "day" if days <= 62 else "month" if days <= 4 * 366 else "year"


def period_start(when: datetime | date, period: str) -> date:
    """The first day of the day, month or year ``when`` falls in, in the site's time
    zone (a date is taken as already local)."""
    day = timezone.localtime(when).date() if isinstance(when, datetime) else when
    if period == "day":
        return day
    return day.replace(day=1) if period == "month" else day.replace(month=1, day=1)


def _seats(player: RosterPlayer) -> QuerySet[Player]:
    """The player's seats at their group's finished matches."""
    return Player.objects.filter(
        roster_player=player, match__group_id=player.group_id, match__finished_at__isnull=False
    )


def player_stats(*, player: RosterPlayer) -> PlayerStats:
    """A roster player's statistics over every match of their group they finished,
    counted by the database in two queries whatever the number of matches, from one
    row per match: each seat carries its holes summed up (see
    ``scoring.services.match_results_refresh``). The seats, oldest first, give the
    streaks from their places and the chart from their totals."""
    stats = PlayerStats(player=player)
    seats = _seats(player)
    totals = seats.aggregate(
        matches=Count("pk"),
        points=Sum("total"),
        holes=Sum("holes_played"),
        best=Min("best_hole"),
        worst=Max("worst_hole"),
        pairs=Sum("pairs"),
        out=Sum("times_out"),
        knocks=Sum("knock_penalties"),
        first=Min("match__created_at"),
        last=Max("match__created_at"),
    )
    if not totals["matches"]:
        return stats
    stats.matches = totals["matches"]
    stats.holes = totals["holes"] or 0
    stats.average = totals["points"] / stats.holes if stats.holes else None
    stats.best_hole = totals["best"]
    stats.worst_hole = totals["worst"]
    stats.pairs = totals["pairs"] or 0
    stats.times_out = totals["out"] or 0
    stats.knock_penalties = totals["knocks"] or 0
    period = chart_period(totals["first"], totals["last"])
    starts = _period_starts(totals["first"], totals["last"], period)
    rows = (
        # By seat last: a player seated twice at one match (an edit by hand) gets
        # the same streak on every database.
        seats.order_by("match__created_at", "match_id", "seat")
        .annotate(period=_period_case("match__created_at", starts))
        .values_list("place", "period", "total", "holes_played")
    )
    places = []
    sums: dict[int, list[int]] = {}
    for place, n, points, holes in rows:
        places.append(place)
        if holes:
            point = sums.setdefault(n, [0, 0])
            point[0] += points
            point[1] += holes
    stats.wins = sum(1 for place in places if place == 1)
    stats.streaks = streaks(place == 1 for place in places)
    if stats.holes:
        label = PERIOD_LABELS[period]
        stats.chart_period = period
        stats.chart = [
            ChartPoint(_day_start(starts[n]).strftime(label), points / holes, holes)
            for n, (points, holes) in sorted(sums.items())
        ]
    return stats


def _period_case(field: str, starts: list[date]) -> Case:
    """The number of the period (an index into ``starts``) that the time in
    ``field`` falls in: the latest start at or before it, 0 before the first. Found
    by comparing with each start, as the database's own date functions run Python
    code for every row in SQLite."""
    return Case(
        *(
            When(**{f"{field}__gte": _day_start(start)}, then=Value(n))
            for n, start in reversed(list(enumerate(starts)))
        ),
        default=Value(0),
        output_field=IntegerField(),
    )


def _period_starts(first: datetime, last: datetime, period: str) -> list[date]:
    """The first day of each day, month or year from ``first``'s to ``last``'s, in
    the site's time zone."""
    day = period_start(first, period)
    end = timezone.localtime(last).date()
    starts = []
    while day <= end:
        starts.append(day)
        if period == "day":
            day += timedelta(days=1)
        elif period == "month":
            day = day.replace(year=day.year + day.month // 12, month=day.month % 12 + 1)
        else:
            day = day.replace(year=day.year + 1)
    return starts


@dataclass
class HeadToHead:
    """Two roster players' finished matches together and who finished ahead."""

    player: RosterPlayer
    other: RosterPlayer
    matches: int
    ahead: int
    behind: int
    level: int


def head_to_head(*, player: RosterPlayer, other: RosterPlayer) -> HeadToHead:
    """How often ``player`` finished ahead of (lower than), behind or level with
    ``other`` in the group's finished matches they both played; one query."""
    # Ordered by seat alone: Player's default order would join every match again.
    theirs = (
        Player.objects.filter(match=OuterRef("match"), roster_player=other)
        .order_by("seat")
        .values("total")
    )
    counts = (
        _seats(player)
        .annotate(other_total=Subquery(theirs[:1]))
        .filter(other_total__isnull=False)
        .aggregate(
            matches=Count("pk"),
            ahead=Count("pk", filter=Q(total__lt=F("other_total"))),
            behind=Count("pk", filter=Q(total__gt=F("other_total"))),
        )
    )
    matches = counts["matches"]
    return HeadToHead(
        player,
        other,
        matches,
        counts["ahead"],
        counts["behind"],
        matches - counts["ahead"] - counts["behind"],
    )


# -- ratings ---------------------------------------------------------------------------

#: How far back the leaderboard's trend looks.
TREND_DAYS = 30


@dataclass
class Standing:
    """A regular's line on the group's rating leaderboard."""

    roster_player_id: int
    name: str
    rating: int
    played: int
    #: How far the rating moved in the last ``TREND_DAYS`` days (from the start,
    #: for a player rated first since then).
    trend: int
    provisional: bool


def leaderboard(*, group: Group) -> dict[str, list[Standing]]:
    """The group's regulars by rating, highest first: ``settled`` and, apart,
    ``provisional`` ones (too few matches yet). One query, a row a rated regular,
    each reading its latest rating and the one of a month ago through the index
    ``rating_player_order``, however long the history."""
    cutoff = timezone.now() - timedelta(days=TREND_DAYS)
    # By the regular alone, whose ratings are all of their own group's matches
    # (``Rating``): with the group as well, PostgreSQL may combine the two
    # columns' own indexes and sort every rating of the player, dead rows of
    # earlier re-rates included, for each of the four subqueries.
    theirs = Rating.objects.filter(roster_player=OuterRef("pk")).order_by("-played_at", "-match_id")
    rows = (
        RosterPlayer.objects.filter(group=group)
        .annotate(
            rating=Subquery(theirs.values("shown")[:1]),
            sigma=Subquery(theirs.values("sigma")[:1]),
            played=Subquery(theirs.values("played")[:1]),
            then=Subquery(theirs.filter(played_at__lt=cutoff).values("shown")[:1]),
        )
        .filter(rating__isnull=False)
        .order_by("-rating", "name")
        .values_list("pk", "name", "rating", "sigma", "played", "then")
    )
    board: dict[str, list[Standing]] = {"settled": [], "provisional": []}
    for pk, name, rating, sigma, played, then in rows:
        start = ratings.NEWCOMER.shown if then is None else then
        unsure = ratings.provisional(sigma)
        board["provisional" if unsure else "settled"].append(
            Standing(pk, name, rating, played, rating - start, unsure)
        )
    return board


@dataclass
class RatingPoint:
    """The player's rating at the end of a period of play."""

    label: str
    rating: int
    matches: int


@dataclass
class RatingMove:
    """One match's change to the player's rating."""

    match_id: int
    played_at: datetime
    before: int
    after: int

    @property
    def change(self) -> int:
        return self.after - self.before


@dataclass
class PlayerRatings:
    """A regular's rating in their group: now, over time, and its biggest moves."""

    rating: int | None = None
    provisional: bool = True
    played: int = 0
    chart: list[RatingPoint] = field(default_factory=list)
    #: "day", "month" or "year": what each point of the chart covers.
    chart_period: str = "day"
    best_gain: RatingMove | None = None
    worst_loss: RatingMove | None = None


def player_ratings(*, player: RosterPlayer) -> PlayerRatings:
    """A regular's rating in their group now, its biggest gain and loss, and the
    rating each day, month or year of their play ended on (the average chart's
    periods, so never more than about fifty points). Five queries whatever the
    number of matches: the database picks the rows, so a long history is never
    read row by row into Python."""
    # By the regular alone, as in ``leaderboard``: index ``rating_player_order``.
    mine = Rating.objects.filter(roster_player=player)
    span = mine.aggregate(first=Min("played_at"), last=Max("played_at"))
    if span["first"] is None:
        return PlayerRatings()
    latest = mine.order_by("-played_at", "-match_id").values_list("shown", "sigma", "played")[0]
    result = PlayerRatings(
        rating=latest[0], provisional=ratings.provisional(latest[1]), played=latest[2]
    )
    moves = mine.annotate(moved=F("shown") - F("shown_before")).values_list(
        "match_id", "played_at", "shown_before", "shown"
    )
    gain = moves.filter(moved__gt=0).order_by("-moved", "-played_at").first()
    loss = moves.filter(moved__lt=0).order_by("moved", "-played_at").first()
    result.best_gain = RatingMove(*gain) if gain else None
    result.worst_loss = RatingMove(*loss) if loss else None
    period = chart_period(span["first"], span["last"])
    starts = _period_starts(span["first"], span["last"], period)
    # The last rated match of each period, found by its count (``played`` goes up
    # by one a match), the period as in ``player_stats``.
    ends = (
        mine.order_by()
        .annotate(period=_period_case("played_at", starts))
        .values("period")
        .annotate(end=Max("played"))
    )
    label = PERIOD_LABELS[period]
    result.chart = [
        RatingPoint(_day_start(period_start(when, period)).strftime(label), shown, played)
        for when, shown, played in mine.filter(played__in=ends.values("end"))
        .order_by("played")
        .values_list("played_at", "shown", "played")
    ]
    result.chart_period = period
    return result


@dataclass
class MatchRatingRow:
    """A seat of a rated match: its player and, for a regular, the rating's move."""

    seat: Player
    before: int | None
    after: int | None
    provisional: bool

    @property
    def change(self) -> int | None:
        return None if self.before is None or self.after is None else self.after - self.before


def match_ratings(*, match: Match) -> list[MatchRatingRow]:
    """Each seat of a group's match in order of place, with its regular's rating
    before and after it (two queries)."""
    group_id = match.group_id or 0
    moves = {r.roster_player_id: r for r in Rating.objects.filter(match=match, group_id=group_id)}
    rows = []
    for seat in match.players.order_by("place", "seat"):
        rated = moves.get(seat.roster_player_id) if seat.roster_player_id else None
        rows.append(
            MatchRatingRow(
                seat,
                rated.shown_before if rated else None,
                rated.shown if rated else None,
                ratings.provisional(rated.sigma) if rated else False,
            )
        )
    return rows
