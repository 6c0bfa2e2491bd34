"""Each roster player's finished matches added up (``PlayerRecord``) and their head to
head against each other player (``PairRecord``), kept up to date as matches finish:
a player's statistics read one row, and head to head one more, however long the
group's history.

The common change is a match finishing after every other match its players
finished: :func:`match_finished` adds it to their records, in the transaction that
finishes it. Any other change to finished results (a deletion, a match opened
again or moved, a seat linked by hand, an import, a match finishing out of the
order the matches started in) deletes the group's records (:func:`forget`; a
renamed player's only, and a corrected match's players' only), and the next read
counts them again from the seats: a player's by adding up their matches as
finishing each in turn would (:func:`_count`), a pair's with
``selectors.head_to_head``. The tests hold
every record to ``selectors.player_tally``, which counts the same another way. So
a record that exists is right, and one that is missing is counted once. (A change
made by code that keeps no records leaves them all behind: see
``Group.records_through``.)

Every change to the records comes with a rise of ``Group.results_revision`` in the
same transaction (``groups.signals``), the group's row locked first. A read that
counted a record afresh stores it only if the revision has not moved since it
began counting, checked under that lock: a match that finished meanwhile, which
the count may have missed, is never lost.
"""

from __future__ import annotations

import logging
from collections import Counter
from collections.abc import Callable, Iterable
from datetime import date
from typing import Any

from django.db import DatabaseError, connection, transaction
from django.db.models import Count, Exists, F, FilteredRelation, Model, Q, QuerySet
from django.utils import timezone

from scoring.models import PLAYER_RESULT_FIELDS, Match, Player

from . import selectors
from .formats import rounded
from .models import Group, PairRecord, PlayerRecord, RosterPlayer
from .selectors import HeadToHead, Leader, PlayerStats, Tally

logger = logging.getLogger(__name__)

#: What a record keeps of a tally as it is (the sums are kept as JSON).
TALLY_FIELDS = [
    "matches",
    "wins",
    "points",
    "holes",
    "best_hole",
    "worst_hole",
    "pairs",
    "times_out",
    "knock_penalties",
    "first",
    "last",
    "newest",
    "streak",
    "best_streak",
    "period",
]


# -- reading -------------------------------------------------------------------------------


def player_stats(*, player: RosterPlayer) -> PlayerStats:
    """``player``'s statistics, from their record (one query), counted and kept
    first if it is missing. The same as ``selectors.player_stats``."""
    return selectors.stats_from(player, tally_of(_record(player)))


def head_to_head(*, player: RosterPlayer, other: RosterPlayer) -> HeadToHead:
    """How ``player`` did against ``other``, from their pair's record (one query),
    counted and kept first if it is missing. The same as ``selectors.head_to_head``."""
    # The group's results revision comes with it, for storing it if it is missing.
    pair = FilteredRelation("record__opponents", condition=Q(record__opponents__other=other))
    revision, through, matches, ahead, behind = (
        RosterPlayer.objects.filter(pk=player.pk)
        .annotate(pair=pair)
        .values_list(
            "group__results_revision",
            "group__records_through",
            "pair__matches",
            "pair__ahead",
            "pair__behind",
        )
        .first()
    ) or (None, None, None, None, None)
    if matches is not None and through == revision:
        return HeadToHead(player, other, matches, ahead, behind, matches - ahead - behind)
    found = selectors.head_to_head(player=player, other=other)
    if other.pk != player.pk:

        def keep() -> None:
            # Over whatever another read at the same revision just stored.
            PairRecord.objects.bulk_create(
                [
                    PairRecord(
                        record_id=player.pk,
                        other=other,
                        matches=found.matches,
                        ahead=found.ahead,
                        behind=found.behind,
                    )
                ],
                update_conflicts=True,
                unique_fields=["record", "other"],
                update_fields=["matches", "ahead", "behind"],
            )

        # A pair's record belongs to its player's: none without it.
        _keep_unless_changed(player.group_id, revision, keep, record_of=player)
    return found


def matches_played(*, player: RosterPlayer) -> int:
    """How many of its group's matches ``player`` sat at, finished or not: the count
    of the history filtered by them. Counted from their own seats (index
    ``player_roster_match``), not by looking for them at every match of the group.
    Each seat's match is looked up too, to leave out other groups' matches, unless
    the player's record says none of their seats is at one (this never counts a
    missing record: the history is no reason to count a player's statistics)."""
    elsewhere = (
        _up_to_date(PlayerRecord.objects.filter(pk=player.pk))
        .values_list("seats_elsewhere", flat=True)
        .first()
    )
    seats = Player.objects.filter(roster_player=player)
    if elsewhere is not False:
        seats = seats.filter(match__group_id=player.group_id)
    counted: int = seats.aggregate(n=Count("match", distinct=True))["n"]
    return counted


def leaders(*, group: Group, roster: list[RosterPlayer], count: int = 5) -> dict[str, list[Leader]]:
    """The group page's leader boards, from every roster player's record: the same
    as ``selectors.leaders_by_wins`` and ``selectors.leaders_by_average``, without
    scanning the group's seats after each match that finishes."""
    records = group_records(group=group, roster=roster)
    names = {player.pk: player.name for player in roster}
    winners = sorted(
        (r for r in records if r.wins), key=lambda r: (-r.wins, r.matches, names[r.pk])
    )
    averages = sorted(
        (r for r in records if r.holes),
        key=lambda r: (r.points / r.holes, -r.holes, names[r.pk]),
    )
    return {
        "most_wins": [Leader(r.pk, names[r.pk], r.wins, r.matches) for r in winners[:count]],
        "best_average": [
            Leader(r.pk, names[r.pk], rounded(r.points / r.holes), r.holes)
            for r in averages[:count]
        ],
    }


def group_records(*, group: Group, roster: list[RosterPlayer]) -> list[PlayerRecord]:
    """The record of every player of ``roster`` (the group's), in a constant few
    queries: those missing are counted together from the group's seats, each
    player's oldest first, exactly as a match finishing adds to a record
    (``Tally.add``), then stored unless the group's results changed meanwhile."""
    zone = timezone.get_current_timezone_name()
    found = {
        record.pk: record
        for record in _up_to_date(PlayerRecord.objects.filter(player__group_id=group.pk, zone=zone))
    }
    missing = [player.pk for player in roster if player.pk not in found]
    if not missing:
        return list(found.values())
    # Read before the seats are: a match finishing after this moves it, and what
    # is counted here is then not kept.
    revision = Group.objects.filter(pk=group.pk).values_list("results_revision", flat=True).first()
    counted = _count(group_id=group.pk, player_ids=missing, zone=zone)
    _keep_records(group.pk, revision, counted)
    return [*found.values(), *counted]


def tally_of(record: PlayerRecord) -> Tally:
    return Tally(
        **{name: getattr(record, name) for name in TALLY_FIELDS},
        sums={
            date.fromisoformat(day): (points, holes) for day, (points, holes) in record.sums.items()
        },
    )


def _record(player: RosterPlayer) -> PlayerRecord:
    """``player``'s record as stored; if missing (or cut in another time zone),
    counted from their seats and stored, unless their group's results changed
    meanwhile (then it is counted again next time)."""
    # The group's results revision comes with it, for storing it if it is missing.
    found = (
        RosterPlayer.objects.filter(pk=player.pk)
        .select_related("record")
        .annotate(revision=F("group__results_revision"), through=F("group__records_through"))
        .first()
    )
    record: PlayerRecord | None = getattr(found, "record", None)
    zone = timezone.get_current_timezone_name()
    if record is not None and record.zone == zone and found.through == found.revision:
        return record
    [record] = _count(group_id=player.group_id, player_ids=[player.pk], zone=zone)
    _keep_records(player.group_id, getattr(found, "revision", None), [record])
    return record


def _count(*, group_id: int, player_ids: list[int], zone: str) -> list[PlayerRecord]:
    """The records of these players of the group, counted afresh in two queries
    however many players: each player's finished seats in the group, oldest first,
    added up as finishing each match in turn adds to a record (``Tally.add``).
    (``selectors.player_tally`` counts the same another way: the tests hold these
    records to it.)"""
    tallies = {pk: Tally() for pk in player_ids}
    seats = (
        Player.objects.filter(
            roster_player__in=player_ids,
            match__group_id=group_id,
            match__finished_at__isnull=False,
        )
        .order_by("roster_player", "match__created_at", "match_id", "seat")
        .values_list("roster_player", "match_id", "match__created_at", *PLAYER_RESULT_FIELDS)
    )
    for player_id, match_id, created_at, *values in seats:
        results = dict(zip(PLAYER_RESULT_FIELDS, values, strict=True))
        tallies[player_id].add(match_id=match_id, created_at=created_at, **results)
    # Seats linked to a player at another group's match (an edit by hand): the count
    # of their matches must then look up each seat's match.
    elsewhere = set(
        Player.objects.filter(roster_player__in=player_ids)
        .exclude(match__group_id=group_id)
        .values_list("roster_player", flat=True)
    )
    counted = []
    for pk, tally in tallies.items():
        record = PlayerRecord(player_id=pk, zone=zone, seats_elsewhere=pk in elsewhere)
        _set_tally(record, tally)
        counted.append(record)
    return counted


def _keep_records(group_id: int, revision: int | None, counted: list[PlayerRecord]) -> None:
    """Store records just counted, unless the group's results moved past
    ``revision`` meanwhile (:func:`_keep_unless_changed`)."""

    def keep() -> None:
        # Over whatever is there: cut in another time zone (its pairs stay right),
        # or just stored by another read at the same revision.
        PlayerRecord.objects.bulk_create(
            counted,
            update_conflicts=True,
            unique_fields=["player"],
            update_fields=[*TALLY_FIELDS, "sums", "zone", "seats_elsewhere"],
        )

    _keep_unless_changed(group_id, revision, keep)


def _up_to_date(records: QuerySet[PlayerRecord]) -> QuerySet[PlayerRecord]:
    """Those of ``records`` that are right: none, while their group's
    ``records_through`` is behind its ``results_revision``."""
    return records.filter(player__group__records_through=F("player__group__results_revision"))


def _set_tally(record: PlayerRecord, tally: Tally) -> None:
    for name in TALLY_FIELDS:
        setattr(record, name, getattr(tally, name))
    record.sums = {day.isoformat(): [*sums] for day, sums in sorted(tally.sums.items())}


def _keep_unless_changed(
    group_id: int,
    revision: int | None,
    keep: Callable[[], None],
    *,
    record_of: RosterPlayer | None = None,
) -> None:
    """Run ``keep`` (store what was counted) if the group's results are still at
    ``revision``, as they were before counting began, and ``record_of``'s record
    exists, if given. The group's row is locked first (on SQLite, the transaction
    holds the write lock from its start), as every change to finished results
    locks it (``signals.revise``): none can slip in between the check and the write.
    (On SQLite that lock is the database's, taken as each transaction begins:
    ``transaction_mode = "IMMEDIATE"`` in the settings.)

    Keeping is only a saving: when the database is too busy to take the write (a
    long import holding SQLite's lock past its timeout), what was counted is shown
    all the same, and counted again next time. (So is a player deleted meanwhile.)"""
    try:
        with transaction.atomic():
            found = Group.objects.select_for_update().filter(pk=group_id)
            if record_of is not None:
                found = found.filter(Exists(PlayerRecord.objects.filter(pk=record_of.pk)))
            through = found.filter(results_revision=revision).values_list(
                "records_through", flat=True
            )
            match through.first():
                case None:
                    return
                case kept if kept == revision:
                    keep()
                case _:
                    # Changed by code that keeps no records: none is right any more.
                    forget(group_id)
                    Group.objects.filter(pk=group_id).update(records_through=revision)
                    if record_of is None:
                        keep()
    except DatabaseError:
        logger.warning("A player's record was not kept: the database was busy", exc_info=True)


# -- keeping them up to date -------------------------------------------------------------


def match_finished(match: Match) -> None:
    """``match`` finished: add it to the records of its roster players, when it is
    newer (started later, ties by id) than everything they count, in its group. A
    record it cannot be added to (a match finishing after a newer one, a player at
    two seats of it) is forgotten. Call it in the transaction that finishes the
    match, after raising the group's results revision (which locks its row).

    A constant few queries, whatever the history: the seats, the records, one
    update of the records and one of the pairs."""
    if match.group_id is None:
        return
    rows = (
        Player.objects.filter(match_id=match.pk, roster_player__isnull=False)
        .order_by("seat")
        .values_list("roster_player_id", "roster_player__group_id", *PLAYER_RESULT_FIELDS)
    )
    seats = [
        (player_id, group_id, dict(zip(PLAYER_RESULT_FIELDS, values, strict=True)))
        for player_id, group_id, *values in rows
    ]
    # Only the group's own players count the match (``selectors._seats``).
    mine = {
        player_id: results for player_id, group_id, results in seats if group_id == match.group_id
    }
    records = list(PlayerRecord.objects.filter(pk__in=mine))
    if not records:
        return
    seated = Counter(player_id for player_id, _, _ in seats)
    zone = timezone.get_current_timezone_name()
    kept: list[PlayerRecord] = []
    stale: list[int] = []
    for record in records:
        if seated[record.pk] > 1 or record.zone != zone or not _is_newer(match, record):
            stale.append(record.pk)
            continue
        tally = tally_of(record)
        tally.add(match_id=match.pk, created_at=match.created_at, **mine[record.pk])
        _set_tally(record, tally)
        kept.append(record)
    if stale:
        forget_players(stale)
    if not kept:
        return
    _records_update(kept)
    # Against another player counts their first seat's total (``selectors.head_to_head``).
    totals: dict[int, int] = {}
    for player_id, _, results in seats:
        totals.setdefault(player_id, results["total"])
    _pairs_add(
        (record.pk, other, totals[record.pk], total)
        for record in kept
        for other, total in totals.items()
        if other != record.pk
    )


def _is_newer(match: Match, record: PlayerRecord) -> bool:
    if record.newest is None:
        return True
    return (match.created_at, match.pk) > (record.last, record.newest)


# Both writes below are one prepared statement, run for each row: ``bulk_update``
# builds a CASE for every field and row, which for a table of eight cost several
# times the rest of saving the hole (as ``scoring.services.match_results_refresh``).

#: What adding a match changes in a record.
UPDATED_FIELDS = [*TALLY_FIELDS, "sums"]


def _records_update(kept: list[PlayerRecord]) -> None:
    fields = [PlayerRecord._meta.get_field(name) for name in UPDATED_FIELDS]
    rows = [
        [
            *(
                field.get_db_prep_save(getattr(record, field.attname), connection)
                for field in fields
            ),
            record.pk,
        ]
        for record in kept
    ]
    columns = ", ".join(f"{_column(PlayerRecord, name)} = %s" for name in UPDATED_FIELDS)
    sql = (
        f"UPDATE {_table(PlayerRecord)} SET {columns} WHERE {_column(PlayerRecord, 'player')} = %s"
    )
    with connection.cursor() as cursor:
        cursor.executemany(sql, rows)


def _pairs_add(pairs: Iterable[tuple[int, int, int, int]]) -> None:
    """One more match for each (player, other, player's total, other's total) whose
    pair has a record. A pair without one is counted when it is first read."""
    rows = [
        [int(mine < theirs), int(mine > theirs), player, other]
        for player, other, mine, theirs in pairs
    ]
    matches, ahead, behind = (_column(PairRecord, name) for name in ["matches", "ahead", "behind"])
    sql = (
        f"UPDATE {_table(PairRecord)} SET {matches} = {matches} + 1, "
        f"{ahead} = {ahead} + %s, {behind} = {behind} + %s "
        f"WHERE {_column(PairRecord, 'record')} = %s AND {_column(PairRecord, 'other')} = %s"
    )
    if rows:
        with connection.cursor() as cursor:
            cursor.executemany(sql, rows)


def _table(model: type[Model]) -> str:
    return connection.ops.quote_name(model._meta.db_table)


def _column(model: type[Model], name: str) -> str:
    return connection.ops.quote_name(model._meta.get_field(name).column)


def forget(*group_ids: int | None) -> None:
    """The records of these groups' players may be wrong from now on: delete them
    (with their pairs), to be counted again when next read."""
    ids = {pk for pk in group_ids if pk is not None}
    if ids:
        PlayerRecord.objects.filter(player__group_id__in=ids).delete()


def forget_match(match: Match) -> None:
    """A finished ``match`` changed (a hole corrected, an edit by hand): delete the
    records of its group's players seated at it (with their pairs). No one else's
    record counts it: a player's counts their own matches, a pair's the matches
    both played."""
    if match.group_id is not None:
        seated = Player.objects.filter(match_id=match.pk).values("roster_player_id")
        PlayerRecord.objects.filter(player__group_id=match.group_id, pk__in=seated).delete()


def forget_players(player_ids: Iterable[Any]) -> None:
    """Delete these roster players' records (with their pairs)."""
    PlayerRecord.objects.filter(pk__in=list(player_ids)).delete()
