"""A saved hole writes its row, and marks its match changed, without the ORM's
``save()`` (``golfsite.fetch.insert_one`` and ``update_fields``), so no signal is
sent for them. That is right only while no receiver has anything to do then:
these tests send the signals ``save()`` would have sent and check that nothing
was read or written. A receiver added later that acts on them fails here, and
the save must then send its signals again (``Hole.objects.create``,
``services._changed``)."""

import uuid

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from django.db.models.signals import post_save, pre_save
from django.test.utils import CaptureQueriesContext

from groups import services as group_services
from groups.models import RosterPlayer
from scoring import services
from scoring.models import Hole, Match
from scoring.services import HoleEntry

pytestmark = pytest.mark.django_db


@pytest.fixture
def group_match():
    """A match of a group that has a finished match already (so its records and
    leaders are worth revising), with one hole saved."""
    owner = get_user_model().objects.create_user(username="ann")
    group = group_services.group_create(owner=owner, name="Fridays")
    regulars = [RosterPlayer.objects.create(group=group, name=name) for name in ("Ann", "Bob")]

    def start(holes):
        return services.match_create(
            names=["Ann", "Bob"],
            first_dealer=0,
            rules=services.RuleSet(holes=holes),
            group=group,
            roster_players=regulars,
        )

    for _ in range(2):
        save(start(1), 1)
    match = start(3)
    save(match, 1)
    return match


def save(match, number):
    return services.hole_record(
        match=match,
        entry=HoleEntry(kind="totals", totals=(3, 5)),
        token=uuid.uuid4(),
        number=number,
    )


def test_no_receiver_acts_on_a_new_hole(group_match):
    hole = group_match.holes.get()
    with CaptureQueriesContext(connection) as queries:
        pre_save.send(sender=Hole, instance=hole, raw=False, using="default", update_fields=None)
        post_save.send(
            sender=Hole, instance=hole, created=True, raw=False, using="default", update_fields=None
        )
    assert queries.captured_queries == []


def test_no_receiver_acts_on_a_match_marked_changed_before_its_end(group_match):
    match = Match.objects.get(pk=group_match.pk)
    fields = frozenset({"updated_at"})
    with CaptureQueriesContext(connection) as queries:
        pre_save.send(
            sender=Match, instance=match, raw=False, using="default", update_fields=fields
        )
        post_save.send(
            sender=Match,
            instance=match,
            created=False,
            raw=False,
            using="default",
            update_fields=fields,
        )
    assert queries.captured_queries == []


def test_each_saved_hole_marks_its_match_changed_and_the_last_one_finishes_it(group_match):
    before = Match.objects.get(pk=group_match.pk).updated_at
    second = save(group_match, 2)
    after_second = Match.objects.get(pk=group_match.pk)
    assert after_second.updated_at > before
    assert after_second.finished_at is None
    assert group_match.updated_at == after_second.updated_at  # the caller's copy too
    assert Hole.objects.get(pk=second.pk).revision == 1
    save(group_match, 3)
    finished = Match.objects.get(pk=group_match.pk)
    assert finished.finished_at is not None and finished.updated_at > after_second.updated_at
