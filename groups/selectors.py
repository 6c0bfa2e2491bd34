"""Reads for groups: what a user may see, and nothing more."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db.models import Avg, Count, Exists, OuterRef, Prefetch, Q, QuerySet
from django.http import Http404

from scoring.models import Match, Player, Score

from .models import Group, RosterPlayer


def groups_for_user(*, user: AbstractBaseUser | AnonymousUser) -> QuerySet[Group]:
    """The groups ``user`` belongs to, with their member counts."""
    if not user.is_authenticated:
        return Group.objects.none()
    return (
        Group.objects.filter(memberships__user=user)
        .annotate(member_count=Count("memberships", distinct=True))
        .order_by("name")
    )


def group_for_member(*, user: AbstractBaseUser | AnonymousUser, group_id: int) -> Group:
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


# -- history and leaders ---------------------------------------------------------------


@dataclass
class HistoryRow:
    """One match of the history: its date, players with totals, and winners."""

    match: Match
    players: list[Player]
    winners: list[Player]

    @property
    def variant_name(self) -> str:
        return self.match.rule_set.variant_info.name


def _rows(matches: Iterable[Match]) -> list[HistoryRow]:
    rows = []
    for match in matches:
        players = list(match.players.all())
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
    """The group's matches, newest first, narrowed by the filters given."""
    matches = Match.objects.filter(group=group)
    if player is not None:
        matches = matches.filter(
            Exists(Player.objects.filter(match=OuterRef("pk"), roster_player=player))
        )
    if variant:
        matches = matches.filter(rules__variant=variant)
    if since is not None:
        matches = matches.filter(created_at__date__gte=since)
    if until is not None:
        matches = matches.filter(created_at__date__lte=until)
    return matches.order_by("-created_at", "-pk").prefetch_related(
        Prefetch("players", queryset=Player.objects.order_by("seat"))
    )


def history_rows(matches: Iterable[Match]) -> list[HistoryRow]:
    """History rows for a page of matches (loaded with their players)."""
    return _rows(matches)


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
    return Player.objects.filter(
        match__group=group, match__finished_at__isnull=False, roster_player__isnull=False
    )


def leaders_by_wins(*, group: Group, count: int = 5) -> list[Leader]:
    """Most finished matches won (a shared win counts for each winner); one query."""
    rows = (
        _finished_seats(group)
        .values("roster_player", "roster_player__name")
        .annotate(wins=Count("pk", filter=Q(place=1)), played=Count("pk"))
        .filter(wins__gt=0)
        .order_by("-wins", "played", "roster_player__name")[:count]
    )
    return [
        Leader(r["roster_player"], r["roster_player__name"], r["wins"], r["played"]) for r in rows
    ]


def leaders_by_average(*, group: Group, count: int = 5) -> list[Leader]:
    """Lowest average hole score over finished matches; one query."""
    rows = (
        Score.objects.filter(
            hole__match__group=group,
            hole__match__finished_at__isnull=False,
            player__roster_player__isnull=False,
        )
        .values("player__roster_player", "player__roster_player__name")
        .annotate(average=Avg("score"), holes=Count("pk"))
        .order_by("average", "-holes", "player__roster_player__name")[:count]
    )
    return [
        Leader(
            r["player__roster_player"],
            r["player__roster_player__name"],
            round(r["average"], 2),
            r["holes"],
        )
        for r in rows
    ]
