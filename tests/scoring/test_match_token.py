"""A match form's one-time token: ``match_create`` starts one match per token,
however often (and however many at once) the form is sent."""

import threading
import uuid

import pytest
from django.db import connection

from groups.models import Group
from scoring import services
from scoring.engine import RuleSet
from scoring.models import Match
from tests.groups.factories import GroupFactory

pytestmark = pytest.mark.django_db


def start(token, **more):
    return services.match_create(
        names=["Ann", "Bob"], first_dealer=0, rules=RuleSet(), token=token, **more
    )


def test_the_same_token_gives_the_match_it_started():
    token = uuid.uuid4()
    first = start(token)
    again = services.match_create(
        names=["Cy", "Dee", "Eve"], first_dealer=2, rules=RuleSet(holes=3), token=token
    )
    assert again == first
    assert [p.name for p in again.players.all()] == ["Ann", "Bob"]
    assert Match.objects.count() == 1
    assert services.match_started_by(token=token) == first


def test_without_a_token_each_call_starts_a_match():
    start(None)
    start(None)
    assert Match.objects.count() == 2
    assert services.match_started_by(token=None) is None


def test_a_token_carried_to_another_group_is_refused():
    token = uuid.uuid4()
    start(token)
    group: Group = GroupFactory.create()
    with pytest.raises(services.MatchRejected, match="already used"):
        start(token, group=group)
    assert Match.objects.count() == 1


@pytest.mark.django_db(transaction=True)
def test_the_same_form_sent_many_times_at_once_starts_one_match():
    token = uuid.uuid4()
    threads = 6
    barrier = threading.Barrier(threads)
    started: list[int] = []
    lock = threading.Lock()

    def send():
        try:
            barrier.wait()
            match = start(token)
            with lock:
                started.append(match.pk)
        finally:
            connection.close()

    workers = [threading.Thread(target=send) for _ in range(threads)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    assert Match.objects.count() == 1
    assert started == [Match.objects.get().pk] * threads
