"""What saving a hole stores: the hole once, a score per seat, each player's results
summed up, and the match marked changed (finished by its last hole)."""

import uuid

import pytest

from scoring import services
from scoring.engine import RuleSet
from scoring.models import Hole, Match, Player, Score
from scoring.services import HoleEntry

pytestmark = pytest.mark.django_db


@pytest.fixture
def match():
    return services.match_create(names=["Ann", "Bob"], first_dealer=0, rules=RuleSet(holes=3))


def save(match, number, totals=(3, 5), went_out=None, token=None):
    return services.hole_record(
        match=match,
        entry=HoleEntry(kind="totals", totals=totals, went_out=went_out),
        token=token or uuid.uuid4(),
        number=number,
    )


def results(match):
    return list(
        Player.objects.filter(match=match)
        .order_by("seat")
        .values_list("total", "place", "holes_played", "best_hole", "worst_hole", "times_out")
    )


def test_a_hole_is_stored_once_with_a_score_per_seat(match):
    token = uuid.uuid4()
    hole = save(match, 1, token=token)
    assert save(match, 1, token=token).pk == hole.pk
    assert Hole.objects.filter(match=match).count() == 1
    scores = Score.objects.filter(hole=hole).order_by("seat")
    assert [(s.seat, s.player.name, s.score) for s in scores] == [(0, "Ann", 3), (1, "Bob", 5)]


def test_each_players_results_follow_every_saved_hole(match):
    assert results(match) == [(0, None, 0, None, None, 0), (0, None, 0, None, None, 0)]
    save(match, 1, totals=(3, 5), went_out=0)
    assert results(match) == [(3, 1, 1, 3, 3, 1), (5, 2, 1, 5, 5, 0)]
    save(match, 2, totals=(9, 0), went_out=1)
    assert results(match) == [(12, 2, 2, 3, 9, 1), (5, 1, 2, 0, 5, 1)]


def test_each_saved_hole_marks_its_match_changed_and_the_last_one_finishes_it(match):
    save(match, 1)
    before = Match.objects.get(pk=match.pk).updated_at
    second = save(match, 2)
    after_second = Match.objects.get(pk=match.pk)
    assert after_second.updated_at > before
    assert after_second.finished_at is None
    assert match.updated_at == after_second.updated_at  # the caller's copy too
    assert Hole.objects.get(pk=second.pk).revision == 1
    save(match, 3)
    finished = Match.objects.get(pk=match.pk)
    assert finished.finished_at is not None and finished.updated_at > after_second.updated_at
