"""``golfsite.fetch.by_pk``: the instance ``get()`` would give, for one query
whose SQL is built once."""

from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from golfsite.fetch import by_pk
from groups.models import Group
from scoring.engine import HouseRule, RuleSet
from scoring.models import Match
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
