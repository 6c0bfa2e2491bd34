"""Transactions that write a group's row lock it first, before any seat or record.

A match of a group finishing writes its seats, then the group's row, then its
players' records; an admin deleting one of those players writes their records,
then the seats, then the group's row. On PostgreSQL those two, run at once, each
wait for a row the other holds, and the database aborts one of them. Both now lock
the group's row first, so the second to come waits for the first to finish.
"""

from __future__ import annotations

import re
import threading
import time
import uuid
from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.db.models.deletion import Collector
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from groups import records, selectors
from groups import services as group_services
from groups.models import Group, PairRecord, PlayerRecord, RosterPlayer
from scoring import services
from scoring.engine import RuleSet
from scoring.models import Match, Player
from scoring.services import HoleEntry

from .conftest import ON_POSTGRES, postgres_only


def _totals(*totals: int) -> HoleEntry:
    return HoleEntry(kind="totals", totals=totals)


def _save(match: Match, number: int, *totals: int) -> None:
    services.hole_record(match=match, entry=_totals(*totals), token=uuid.uuid4(), number=number)


@pytest.fixture
def table() -> tuple[Group, Match, RosterPlayer, RosterPlayer]:
    """A group whose regulars Ann and Bob finished one match and are one hole from
    the end of a second, with their records and head to head kept."""
    owner = User.objects.create_user(username="olive", password="a-long-pass-phrase-9")
    group = group_services.group_create(owner=owner, name="Friday golf")

    def start() -> Match:
        return group_services.group_match_create(
            group=group,
            by=owner,
            picked=list(group.roster.order_by("name")),
            new_names=[] if group.roster.exists() else ["Ann", "Bob"],
            first_dealer=0,
            rules=RuleSet(holes=2),
        )

    first = start()
    _save(first, 1, 3, 5)
    _save(first, 2, 4, 4)
    second = start()
    _save(second, 1, 6, 2)
    ann, bob = group.roster.order_by("name")
    for player, other in ((ann, bob), (bob, ann)):
        records.player_stats(player=player)
        records.head_to_head(player=player, other=other)
    assert PlayerRecord.objects.count() == 2 and PairRecord.objects.count() == 2
    return group, second, ann, bob


def _admin_client() -> Client:
    client = Client()
    client.force_login(User.objects.create_superuser("root", password="a-long-pass-phrase-9"))
    return client


def _admin_deletes(client: Client, player: RosterPlayer) -> None:
    url = reverse("admin:groups_rosterplayer_delete", args=[player.pk])
    answer = client.post(url, {"post": "yes"})
    assert answer.status_code == 302, answer.status_code


def _waiting_for_a_lock() -> int:
    """How many other connections to the test database wait for a row lock."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database()"
            " AND pid <> pg_backend_pid() AND wait_event_type = 'Lock'"
        )
        return int(cursor.fetchone()[0])


def _in_a_thread(work: Callable[[], Any], errors: list[Exception]) -> threading.Thread:
    """``work`` on its own connection to the database, closed afterwards (so the
    test database can be flushed); whatever it raises goes into ``errors``."""

    def run() -> None:
        try:
            work()
        except Exception as exc:
            errors.append(exc)
        finally:
            connection.close()

    thread = threading.Thread(target=run)
    thread.start()
    return thread


@postgres_only
@pytest.mark.django_db(transaction=True)
def test_a_regular_deleted_in_the_admin_as_their_match_finishes(monkeypatch, table):
    """The finishing save stops right after writing its seats; the admin's deletion
    of Ann starts then, and is let run until it waits for a lock; then the save goes
    on. Locked in opposite orders, this was a deadlock (PostgreSQL aborts one of
    the two after a second). Now the deletion waits for the group's row, which the
    save locked first, and goes on once the save is committed."""
    group, match, ann, bob = table
    client = _admin_client()
    seats_written, go_on = threading.Event(), threading.Event()
    refresh = services.match_results_refresh

    def pausing_after_the_seats(**kwargs: Any) -> None:
        refresh(**kwargs)
        if threading.current_thread() is finisher:
            seats_written.set()
            assert go_on.wait(30), "the test never let the save go on"

    monkeypatch.setattr(services, "match_results_refresh", pausing_after_the_seats)
    errors: list[Exception] = []
    finisher = _in_a_thread(lambda: _save(match, 2, 1, 7), errors)
    deleter = None
    try:
        assert seats_written.wait(30), "the save never wrote its seats"
        deleter = _in_a_thread(lambda: _admin_deletes(client, ann), errors)
        deadline = time.monotonic() + 30
        while not _waiting_for_a_lock() and deleter.is_alive():
            assert time.monotonic() < deadline, "the deletion never waited for the save"
            time.sleep(0.01)
        assert deleter.is_alive(), "the deletion did not wait for the save: nothing raced"
    finally:
        go_on.set()
        finisher.join(60)
        if deleter is not None:
            deleter.join(60)
    assert deleter is not None and not deleter.is_alive() and not finisher.is_alive()
    assert not errors, errors

    match.refresh_from_db()
    assert match.is_finished and match.holes.count() == 2
    assert not RosterPlayer.objects.filter(pk=ann.pk).exists()
    assert not Player.objects.filter(roster_player_id=ann.pk).exists()
    assert not PairRecord.objects.filter(other_id=ann.pk).exists()
    # Bob's record counts the match that finished, as counting afresh does.
    assert PlayerRecord.objects.filter(pk=bob.pk).exists()
    assert records.player_stats(player=bob) == selectors.player_stats(player=bob)
    assert records.player_stats(player=bob).matches == 2


@pytest.mark.django_db
def test_a_regular_deleted_after_their_match_finished_leaves_the_records_right(table):
    """The same two changes one after the other, on any database."""
    group, match, ann, bob = table
    _save(match, 2, 1, 7)
    _admin_deletes(_admin_client(), ann)
    match.refresh_from_db()
    assert match.is_finished
    assert not Player.objects.filter(roster_player_id=ann.pk).exists()
    assert not PairRecord.objects.filter(other_id=ann.pk).exists()
    assert records.player_stats(player=bob) == selectors.player_stats(player=bob)
    assert records.player_stats(player=bob).matches == 2


@postgres_only
@pytest.mark.django_db(transaction=True)
def test_a_regular_deleted_as_a_read_keeps_their_record(monkeypatch, table):
    """The deletion looks for the rows to delete with the regular before it locks
    their group's row; a read that keeps their record in between (it was missing,
    say after a correction) would leave a record pointing at nobody, and the
    deletion would be refused as it commits. It deletes the record under the lock."""
    group, match, ann, bob = table
    records.forget_players([ann.pk])
    client = _admin_client()
    collected, go_on = threading.Event(), threading.Event()
    delete = Collector.delete

    def pausing_once_collected(self: Collector) -> Any:
        if threading.current_thread() is deleter and RosterPlayer in self.data:
            collected.set()
            assert go_on.wait(30), "the test never let the deletion go on"
        return delete(self)

    monkeypatch.setattr(Collector, "delete", pausing_once_collected)
    errors: list[Exception] = []
    deleter = _in_a_thread(lambda: _admin_deletes(client, ann), errors)
    try:
        assert collected.wait(30), "the deletion never looked for the rows to delete"
        records.player_stats(player=ann)
        assert PlayerRecord.objects.filter(pk=ann.pk).exists(), "nothing raced"
    finally:
        go_on.set()
        deleter.join(60)
    assert not deleter.is_alive()
    assert not errors, errors
    assert not RosterPlayer.objects.filter(pk=ann.pk).exists()
    assert not PlayerRecord.objects.filter(pk=ann.pk).exists()
    assert not PairRecord.objects.filter(other_id=ann.pk).exists()
    assert records.player_stats(player=bob) == selectors.player_stats(player=bob)


# -- which statements each change runs, and in what order -------------------------------

#: A statement locking a group's row (PostgreSQL), or reading it as one would on SQLite.
GROUP_READ = re.compile(r'^SELECT "groups_group"\."id"(?: AS "pk")? FROM "groups_group" WHERE')
#: The statement reading (and on PostgreSQL locking) the match's row itself.
MATCH_READ = re.compile(r'^SELECT .* FROM "scoring_match" WHERE')
#: The statement locking a match's row (PostgreSQL).
MATCH_LOCK = re.compile(r'^SELECT .* FROM "scoring_match" WHERE .* FOR UPDATE$')
#: A write to a match, a seat, a group or a record (not to the admin's log).
WRITE = re.compile(r'^(?:UPDATE|DELETE FROM|INSERT INTO) "(?:groups|scoring)_')


def _change(name: str, table: tuple[Group, Match, RosterPlayer, RosterPlayer]) -> Callable[[], Any]:
    group, match, ann, bob = table
    finished = Match.objects.filter(group=group, finished_at__isnull=False).get()
    hole = finished.holes.get(number=1)
    client = _admin_client()
    loose = services.match_create(names=["Cy", "Di"], first_dealer=0, rules=RuleSet(holes=2))
    seat = match.players.get(seat=0)

    def admin_posts(name: str, args: list[Any], data: dict[str, Any]) -> None:
        answer = client.post(reverse(name, args=args), data)
        assert answer.status_code == 302, answer.content.decode()[:2000]

    changes: dict[str, Callable[[], Any]] = {
        "finish": lambda: _save(match, 2, 1, 7),
        "correct": lambda: services.hole_correct(
            hole=hole, entry=_totals(5, 5), revision=hole.revision
        ),
        "delete the last hole": lambda: services.hole_delete_last(match=finished, number=2),
        "end": lambda: services.match_end(match=match),
        "delete a regular": lambda: _admin_deletes(client, ann),
        "start a match": lambda: group_services.group_match_create(
            group=group,
            by=group.owner,
            picked=[ann, bob],
            new_names=["Cy"],
            first_dealer=0,
            rules=RuleSet(holes=2),
        ),
        "move a match in": lambda: group_services.match_move(
            match=loose, group=group, by=group.owner
        ),
        "rename a seat in the admin": lambda: admin_posts(
            "admin:scoring_player_change",
            [seat.pk],
            {"name": "Annie", "roster_player": ann.pk},
        ),
        "delete a hole in the admin": lambda: admin_posts(
            "admin:scoring_hole_delete", [hole.pk], {"post": "yes"}
        ),
        "delete the group in the admin": lambda: admin_posts(
            "admin:groups_group_delete", [group.pk], {"post": "yes"}
        ),
    }
    return changes[name]


@pytest.mark.django_db
@pytest.mark.parametrize(
    "change",
    [
        "finish",
        "correct",
        "delete the last hole",
        "end",
        "delete a regular",
        "start a match",
        "move a match in",
        "rename a seat in the admin",
        "delete a hole in the admin",
        "delete the group in the admin",
    ],
)
def test_a_change_to_a_groups_results_locks_its_row_before_anything_else(change, table):
    """On PostgreSQL the group's row is locked before the match's and before any
    write; on SQLite (where the transaction holds the database's write lock from
    its start) it is not read at all."""
    run = _change(change, table)
    with CaptureQueriesContext(connection) as queries:
        run()
    sqls = [query["sql"] for query in queries.captured_queries]
    locks = [n for n, sql in enumerate(sqls) if GROUP_READ.match(sql)]
    if not ON_POSTGRES:
        assert locks == [], sqls
        return
    assert locks, sqls
    assert "FOR NO KEY UPDATE" in sqls[locks[0]]
    before = [n for n, sql in enumerate(sqls) if MATCH_READ.match(sql) or WRITE.match(sql)]
    if change == "delete a regular" or change.endswith("in the admin"):
        # The admin's page reads the row, and what goes with it, first.
        before = [n for n in before if WRITE.match(sqls[n])]
    assert locks[0] < before[0], sqls[: before[0] + 1]
    if change in ("rename a seat in the admin", "delete a hole in the admin"):
        # A hand edit of a match in play locks the match too before it writes, as a
        # save does: else each would hold a row the other is about to write.
        match_lock = next(n for n, sql in enumerate(sqls) if MATCH_LOCK.match(sql))
        assert match_lock < before[0], sqls[: before[0] + 1]


@pytest.mark.django_db
def test_a_hole_that_does_not_finish_its_match_reads_nothing_more(table):
    """Saving a hole is the busiest write: unless it finishes the match, it costs
    not one statement more for the group's row, on any database."""
    group, match, ann, bob = table
    match.holes_planned = 3
    match.save(update_fields=["holes_planned"])
    with CaptureQueriesContext(connection) as queries:
        _save(match, 2, 1, 7)
    assert not any('"groups_group"' in query["sql"] for query in queries.captured_queries)
