"""Changes to a group's matches made at once wait for each other: none deadlocks,
and no saved hole is lost.

Every writer takes its locks in one order (``scoring.services``): a match's row
first, then its seats, holes and scores, and its group's row last (raising the
group's revision, which invalidates what is cached for it). So a match of a group
finishing (its seats, then the group's row) and an admin deleting one of its
regulars (that regular's seats, then the group's row) wait for each other on a
seat, and neither holds the row the other waits for. On PostgreSQL a change made
in the wrong order would each wait for a row the other holds, and the database
would abort one of them.
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
from django.test import Client
from django.test.utils import CaptureQueriesContext

from groups import ratings, selectors
from groups import services as group_services
from groups.models import Group, RosterPlayer
from scoring import services
from scoring.engine import RuleSet
from scoring.models import Match, Player
from scoring.services import HoleEntry
from tests.at_once import ON_POSTGRES, postgres_only
from tests.groups.admin_pages import admin_change, admin_delete


def _totals(*totals: int) -> HoleEntry:
    return HoleEntry(kind="totals", totals=totals)


def _save(match: Match, number: int, *totals: int) -> None:
    services.hole_record(match=match, entry=_totals(*totals), token=uuid.uuid4(), number=number)


@pytest.fixture
def table() -> tuple[Group, Match, RosterPlayer, RosterPlayer]:
    """A group whose regulars Ann and Bob finished one match and are one hole from
    the end of a second."""
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
    return group, second, ann, bob


def _admin_client() -> Client:
    client = Client()
    client.force_login(User.objects.create_superuser("root", password="a-long-pass-phrase-9"))
    return client


def _changes(
    table: tuple[Group, Match, RosterPlayer, RosterPlayer],
) -> dict[str, Callable[[], Any]]:
    """Each change to the group's matches, made as the site or the admin makes it."""
    group, match, ann, bob = table
    finished = Match.objects.filter(group=group, finished_at__isnull=False).get()
    hole = finished.holes.get(number=1)
    last = finished.holes.get(number=2)  # the admin deletes only a match's last hole
    client = _admin_client()
    loose = services.match_create(names=["Cy", "Di"], first_dealer=0, rules=RuleSet(holes=2))
    seat = match.players.get(seat=0)
    return {
        "finish": lambda: _save(match, 2, 1, 7),
        "correct": lambda: services.hole_correct(
            hole=hole, entry=_totals(5, 5), revision=hole.revision
        ),
        "delete the last hole": lambda: services.hole_delete_last(match=finished, number=2),
        "end": lambda: services.match_end(match=match),
        "delete a match": lambda: services.match_delete(match=finished),
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
        "delete a regular in the admin": lambda: admin_delete(client, ann),
        "rename a regular in the admin": lambda: admin_change(client, ann, name="Annie"),
        "rename a seat in the admin": lambda: admin_change(client, seat, name="Annie"),
        "delete a hole in the admin": lambda: admin_delete(client, last),
        "save the group in the admin": lambda: admin_change(client, group, name="Fridays"),
        "delete the group in the admin": lambda: admin_delete(client, group),
    }


CHANGES = [
    "finish",
    "correct",
    "delete the last hole",
    "end",
    "delete a match",
    "start a match",
    "move a match in",
    "delete a regular in the admin",
    "rename a regular in the admin",
    "rename a seat in the admin",
    "delete a hole in the admin",
    "save the group in the admin",
    "delete the group in the admin",
]


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


def _race_with_the_finishing_save(
    monkeypatch: pytest.MonkeyPatch, match: Match, change: Callable[[], Any]
) -> bool:
    """Save ``match``'s last hole, paused right after it writes its seats (holding
    the match's row and its seats); run ``change`` meanwhile until it is done or
    waits for a lock; then let the save go on. Both must end without an error.
    Whether ``change`` was still waiting when the save went on."""
    return _race(monkeypatch, lambda: _save(match, 2, 1, 7), change)


def _race(
    monkeypatch: pytest.MonkeyPatch,
    first: Callable[[], Any],
    change: Callable[[], Any],
    *,
    pause_after: tuple[Any, str] = (services, "match_results_refresh"),
) -> bool:
    """Run ``first``, paused right after it calls ``pause_after`` (a module and the
    name of a function in it; by default a write to a match's holes pauses once it
    has written the match's seats, holding the match's row and its seats); run
    ``change`` meanwhile until it is done or waits for a lock; then let ``first``
    go on. Both must end without an error. Whether ``change`` was still waiting
    when ``first`` went on."""
    seats_written, go_on = threading.Event(), threading.Event()
    module, name = pause_after
    written = getattr(module, name)

    def pausing_after_the_seats(*args: Any, **kwargs: Any) -> Any:
        result = written(*args, **kwargs)
        if threading.current_thread() is finisher:
            seats_written.set()
            assert go_on.wait(30), "the test never let the save go on"
        return result

    monkeypatch.setattr(module, name, pausing_after_the_seats)
    errors: list[Exception] = []
    finisher = _in_a_thread(first, errors)
    other = None
    waited = False
    try:
        assert seats_written.wait(30), "the save never wrote its seats"
        other = _in_a_thread(change, errors)
        deadline = time.monotonic() + 30
        while not _waiting_for_a_lock() and other.is_alive():
            assert time.monotonic() < deadline, "the change neither ended nor waited"
            time.sleep(0.01)
        waited = other.is_alive()
    finally:
        go_on.set()
        finisher.join(60)
        if other is not None:
            other.join(60)
    assert other is not None and not other.is_alive() and not finisher.is_alive()
    assert not errors, errors
    return waited


@postgres_only
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("change", [c for c in CHANGES if c != "finish"])
def test_a_change_made_as_a_match_finishes_waits_or_goes_on_and_loses_nothing(
    monkeypatch, table, change
):
    """The finishing save stops right after writing its seats (holding its match's
    row and its seats); the other change starts then and runs until it is done or
    waits for a lock; then the save goes on. Both end without an error (locked in
    opposite orders, PostgreSQL would abort one after a second), and the hole is
    saved with each seat's total."""
    group, match, ann, bob = table
    _race_with_the_finishing_save(monkeypatch, match, _changes(table)[change])
    if change == "delete the group in the admin":
        assert not Group.objects.filter(pk=group.pk).exists()
        return
    match.refresh_from_db()
    assert match.is_finished and match.holes.count() == 2
    for seat in match.players.all():
        assert seat.total == sum(seat.scores.values_list("score", flat=True))


@postgres_only
@pytest.mark.django_db(transaction=True)
def test_a_regular_deleted_in_the_admin_as_their_match_finishes_waits_for_it(monkeypatch, table):
    """The deletion unlinks the regular's seats, one of which the paused save holds:
    it waits for the save, and afterwards the match counts for Bob alone."""
    group, match, ann, bob = table
    client = _admin_client()
    waited = _race_with_the_finishing_save(monkeypatch, match, lambda: admin_delete(client, ann))
    assert waited, "the deletion did not wait for the save: nothing raced"
    match.refresh_from_db()
    assert match.is_finished and match.holes.count() == 2
    assert not RosterPlayer.objects.filter(pk=ann.pk).exists()
    assert not Player.objects.filter(roster_player_id=ann.pk).exists()
    assert selectors.player_stats(player=bob).matches == 2


@postgres_only
@pytest.mark.django_db(transaction=True)
def test_two_corrections_at_once_re_rate_one_after_the_other(monkeypatch, table):
    """A correction to the group's newer match is paused holding its match's row;
    a correction to the older match meanwhile re-rates both, storing ratings that
    refer to the newer match (a foreign key, which locks the row it refers to
    against a key change only): it does not wait for the paused one, which then
    re-rates after it. Locked FOR UPDATE, the newer match's row would keep the
    older correction waiting while it held the group's row, which the newer one
    wants next, and PostgreSQL would abort one of them as a deadlock."""
    group, newer, ann, bob = table
    _save(newer, 2, 1, 7)
    older = Match.objects.filter(group=group).exclude(pk=newer.pk).get()

    def correct(match: Match, *totals: int) -> Callable[[], Any]:
        hole = match.holes.get(number=1)
        return lambda: services.hole_correct(
            hole=hole, entry=_totals(*totals), revision=hole.revision
        )

    waited = _race(monkeypatch, correct(newer, 9, 1), correct(older, 8, 0))
    assert not waited, "the older match's re-rate waited for the newer match's row"
    stored = list(group.ratings.order_by("played_at", "match_id", "roster_player_id").values())
    ratings.group_rerate(group_id=group.pk)
    again = list(group.ratings.order_by("played_at", "match_id", "roster_player_id").values())
    assert [{**r, "id": 0} for r in stored] == [{**r, "id": 0} for r in again]
    assert [r["match_id"] for r in stored] == [older.pk, older.pk, newer.pk, newer.pk]


@postgres_only
@pytest.mark.django_db(transaction=True)
def test_a_regular_added_while_the_group_re_rates_does_not_wait(monkeypatch, table):
    """A correction to the group's oldest match is paused right after its re-rate,
    holding the group's row until it commits. A regular added meanwhile refers to
    the group's row (a foreign key, checked as the transaction commits, which
    locks the row against a key change only): it goes in at once rather than
    waiting for a re-rate that may take seconds in a long history."""
    group, *_ = table
    older = Match.objects.filter(group=group, finished_at__isnull=False).get()
    hole = older.holes.get(number=1)
    waited = _race(
        monkeypatch,
        lambda: services.hole_correct(hole=hole, entry=_totals(8, 0), revision=hole.revision),
        lambda: group_services.roster_add(group=group, name="Gus"),
        pause_after=(ratings, "group_rerate"),
    )
    assert not waited, "adding a regular waited for the re-rate"
    assert group.roster.filter(name="Gus").exists()
    assert older.ratings.get(roster_player__name="Bob").shown > 1000  # Bob now won it


# -- the order each change writes in ---------------------------------------------------

#: A write to the group's row.
GROUP_WRITE = re.compile(r'^(?:UPDATE|DELETE FROM) "groups_group"')
#: A write to a match, a seat, a hole or a score.
MATCH_WRITE = re.compile(r'^(?:UPDATE|DELETE FROM|INSERT INTO) "scoring_')
#: The statement locking a match's row (PostgreSQL).
MATCH_LOCK = re.compile(r'^SELECT .* FROM "scoring_match" WHERE .* FOR NO KEY UPDATE$')


@pytest.mark.django_db
@pytest.mark.parametrize("change", CHANGES)
def test_a_change_writes_its_groups_row_after_its_matches(change, table):
    """The order that keeps changes made at once from deadlocking, on any database:
    no match, seat, hole or score is written after the group's row; the admin's
    own save or deletion of a group, which writes the group's row among its
    matches' rows, locks every match of the group before it (on PostgreSQL).
    Every change but the group's deletion raises the group's revision."""
    group, *_ = table
    run = _changes(table)[change]
    before = group.revision
    with CaptureQueriesContext(connection) as queries:
        run()
    sqls = [query["sql"] for query in queries.captured_queries]
    group_writes = [n for n, sql in enumerate(sqls) if GROUP_WRITE.match(sql)]
    match_writes = [n for n, sql in enumerate(sqls) if MATCH_WRITE.match(sql)]
    assert group_writes, sqls
    if change in ("save the group in the admin", "delete the group in the admin"):
        if ON_POSTGRES:
            lock = next(n for n, sql in enumerate(sqls) if MATCH_LOCK.match(sql))
            assert lock < group_writes[0], sqls[: group_writes[0] + 1]
    else:
        assert not match_writes or match_writes[-1] < group_writes[0], sqls
    if change != "delete the group in the admin":
        assert Group.objects.get(pk=group.pk).revision > before


@pytest.mark.django_db
def test_a_hole_that_does_not_finish_its_match_reads_nothing_more(table):
    """Saving a hole is the busiest write: unless it finishes the match, it costs
    not one statement for the group's row, on any database."""
    group, match, ann, bob = table
    match.holes_planned = 3
    match.save(update_fields=["holes_planned"])
    with CaptureQueriesContext(connection) as queries:
        _save(match, 2, 1, 7)
    assert not any('"groups_group"' in query["sql"] for query in queries.captured_queries)
