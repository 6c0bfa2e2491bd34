"""``golfsite.fetch``: statements built once give what the ORM would give.

``by_pk`` is the instance ``get()`` would give; ``Prepared`` what its queryset
would give, for any value; ``insert_rows`` stores what ``bulk_create`` would;
``insert_one`` and ``update_fields`` what ``save()`` would."""

import uuid
from datetime import timedelta
from unittest import mock

import pytest
from django.contrib.auth import get_user_model
from django.db import IntegrityError, connection, transaction
from django.db.transaction import TransactionManagementError
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from golfsite.fetch import Prepared, by_pk, insert_one, insert_rows, update_fields
from groups.models import Group
from scoring import services
from scoring.engine import HouseRule, RuleSet
from scoring.models import Hole, Match, Player, Score
from tests.factories import MatchFactory

pytestmark = pytest.mark.django_db


def fields(match):
    return {f.attname: getattr(match, f.attname) for f in Match._meta.concrete_fields}


def test_every_field_reads_as_the_orm_reads_it():
    owner = get_user_model().objects.create_user(username="ann")
    group = Group.objects.create(name="Fridays", owner=owner)
    rules = RuleSet(variant="four-card", house_rules=frozenset({HouseRule.KNOCK_PENALTY}))
    earlier = MatchFactory(players=["Ann", "Bob"])
    match = MatchFactory(
        players=["Ann", "Bob", "Cy"],
        rules=rules.to_dict(),
        owner=owner,
        group=group,
        rematch_of=earlier,
        finished_at=timezone.now() - timedelta(minutes=3),
    )
    read = by_pk(Match, match.pk)
    assert fields(read) == fields(Match.objects.get(pk=match.pk))
    # Decoded, not the database's text: the rules as a dict, times aware, the
    # variant worked out by the database.
    assert read.rules == rules.to_dict()
    assert read.rule_set == Match.objects.get(pk=match.pk).rule_set
    assert read.finished_at.tzinfo is not None
    assert read.variant == "four-card"
    assert not read._state.adding and read._state.db == "default"


def test_a_missing_row_is_none_and_a_read_is_one_query():
    match = MatchFactory()
    by_pk(Match, match.pk)  # the statement is built on first use
    with CaptureQueriesContext(connection) as queries:
        assert by_pk(Match, match.pk).pk == match.pk
        assert by_pk(Match, match.pk + 1000) is None
    assert len(queries) == 2
    # A number too large for any row, as a made-up address may carry: no row, and
    # no error from the database.
    assert by_pk(Match, 2**63) is None
    assert by_pk(Match, -(2**70)) is None


def test_an_instance_read_this_way_saves_like_any_other():
    match = MatchFactory()
    read = by_pk(Match, match.pk)
    read.holes_planned = 5
    read.save(update_fields=["holes_planned"])
    assert Match.objects.get(pk=match.pk).holes_planned == 5


def scored_match(players, holes=2):
    match = MatchFactory(players=players, rules=RuleSet(holes=9).to_dict())
    for number in range(1, holes + 1):
        services.hole_record(
            match=match,
            entry=services.HoleEntry(kind="totals", totals=tuple(range(3, 3 + len(players)))),
            token=uuid.uuid4(),
            number=number,
        )
    return match


def test_prepared_instances_are_the_querysets_for_every_value():
    players_of = Prepared(
        lambda match_id: Player.objects.filter(match_id=match_id).order_by("seat")
    )
    one = MatchFactory(players=["Ann", "Bob", "Cy"])
    two = MatchFactory(players=["Di", "Ed"])
    for match in (one, two, one):
        read = players_of(match.pk)
        expected = list(Player.objects.filter(match=match).order_by("seat"))
        assert read == expected
        assert [p.name for p in read] == [p.name for p in expected]
        assert all(not p._state.adding for p in read)
    assert players_of(two.pk + 1000) == []
    assert players_of.first(two.pk + 1000) is None


def test_prepared_rows_are_converted_as_values_list_converts_them():
    match = scored_match(["Ann", "Bob"])
    rows = Prepared(
        lambda match_id: (
            Score.objects.filter(hole__match_id=match_id)
            .order_by("hole__number", "seat")
            .values_list("hole__number", "seat", "went_out", "breakdown")
        )
    )
    expected = list(
        Score.objects.filter(hole__match=match)
        .order_by("hole__number", "seat")
        .values_list("hole__number", "seat", "went_out", "breakdown")
    )
    assert rows(match.pk) == expected
    # Booleans and JSON decoded, as through the ORM (SQLite stores 0/1 and text).
    assert {type(row[2]) for row in rows(match.pk)} == {bool}
    assert all(isinstance(row[3], dict) for row in rows(match.pk))
    numbers = Prepared(
        lambda match_id: Hole.objects.filter(match_id=match_id).values_list("number", flat=True)
    )
    assert numbers(match.pk) == [1, 2]


def test_prepared_finds_a_value_that_is_not_a_number():
    match = scored_match(["Ann", "Bob"], holes=1)
    hole = match.holes.get()
    by_token = Prepared(
        lambda token: Hole.objects.filter(token=token)[:1], stand_in=uuid.UUID(int=12345)
    )
    assert by_token.first(hole.token) == hole
    assert by_token.first(hole.token).rules == hole.rules
    assert by_token.first(uuid.uuid4()) is None


def test_prepared_builds_its_sql_once_and_then_runs_one_query():
    make = mock.Mock(side_effect=lambda match_id: Player.objects.filter(match_id=match_id))
    players_of = Prepared(make)
    match = MatchFactory(players=["Ann", "Bob"])
    players_of(match.pk)
    with CaptureQueriesContext(connection) as queries:
        assert len(players_of(match.pk)) == 2
        assert len(players_of(match.pk + 1)) == 0
    assert make.call_count == 1
    assert len(queries) == 2


@pytest.mark.django_db(transaction=True)
def test_prepared_locking_reads_need_a_transaction_on_every_database():
    # The ORM checks only where the database locks rows (not SQLite); this checks
    # everywhere, so a locking read outside a transaction fails on a laptop too.
    match = MatchFactory()
    locked = Prepared(lambda pk: Match.objects.select_for_update().filter(pk=pk))
    with transaction.atomic():
        assert locked(match.pk) == [match]
    with pytest.raises(TransactionManagementError):
        locked(match.pk)


def test_prepared_refuses_what_it_cannot_give_back():
    joined = Prepared(lambda pk: Player.objects.select_related("match").filter(pk=pk))
    with pytest.raises(ValueError):
        joined(1)
    unfiltered = Prepared(lambda pk: Player.objects.all())
    with pytest.raises(ValueError):
        unfiltered(1)


def test_inserted_rows_read_back_as_bulk_create_stores_them():
    match = scored_match(["Ann", "Bob"], holes=1)
    hole = match.holes.get()
    ann, bob = match.players.order_by("seat")
    Score.objects.filter(hole=hole).delete()
    breakdown = {"columns": [{"cards": ["K", "K"], "points": 0}], "total": 0}
    insert_rows(
        Score,
        ("hole", "player", "seat", "grid", "grid_score", "score", "went_out")
        + ("matched_columns", "knock_penalty", "breakdown"),
        [
            (hole.pk, ann.pk, 0, "K 5 7 / K 3 9", 24, 24, True, 1, False, breakdown),
            (hole.pk, bob.pk, 1, "", 6, 6, False, 0, True, {}),
        ],
    )
    first, second = Score.objects.filter(hole=hole).order_by("seat")
    assert (first.player, first.grid, first.score, first.went_out) == (
        ann,
        "K 5 7 / K 3 9",
        24,
        True,
    )
    assert first.breakdown == breakdown
    assert (first.matched_columns, first.knock_penalty) == (1, False)
    assert (second.player, second.went_out, second.knock_penalty) == (bob, False, True)
    assert second.breakdown == {}


def hole_fields(hole):
    skip = {"id", "created_at", "updated_at", "token"}
    return {
        f.attname: getattr(hole, f.attname) for f in Hole._meta.concrete_fields
    } | dict.fromkeys(skip)


def test_one_inserted_row_reads_back_as_save_stores_it():
    match = MatchFactory(players=["Ann", "Bob"])
    rules = RuleSet(variant="four-card").to_dict()
    saved = Hole(match=match, number=1, kind="totals", went_out=1, rules=rules)
    saved.save()
    before = timezone.now()
    inserted = Hole(match=match, number=2, kind="totals", went_out=1, rules=rules)
    insert_one(inserted)
    assert inserted.pk is not None and inserted.pk != saved.pk
    assert not inserted._state.adding
    read = Hole.objects.get(pk=inserted.pk)
    # The defaults (revision, a fresh token) and the dates are what save() gives.
    assert hole_fields(read) | {"number": 1} == hole_fields(Hole.objects.get(pk=saved.pk))
    assert read.revision == 1 and read.token == inserted.token != saved.token
    assert read.created_at >= before and read.updated_at >= before
    assert read.rules == rules


def test_one_inserted_row_is_refused_where_save_would_be():
    match = MatchFactory(players=["Ann", "Bob"])
    insert_one(Hole(match=match, number=1, rules={}))
    with pytest.raises(IntegrityError), transaction.atomic():
        insert_one(Hole(match=match, number=1, rules={}))
    assert match.holes.count() == 1


def test_updated_fields_are_written_and_only_they():
    match = MatchFactory(players=["Ann", "Bob"])
    stored = Match.objects.get(pk=match.pk)
    match.holes_planned = 3
    match.finished_at = timezone.now()
    update_fields(match, ["finished_at", "updated_at"])
    read = Match.objects.get(pk=match.pk)
    assert read.finished_at == match.finished_at
    # ``auto_now`` set afresh, as save(update_fields=...) sets it.
    assert read.updated_at == match.updated_at > stored.updated_at
    assert read.holes_planned == stored.holes_planned
