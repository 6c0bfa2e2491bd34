"""Saving, correcting and deleting holes through the services."""

import uuid

import pytest
from django.db import connection
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from scoring import selectors, services
from scoring.engine import HouseRule, RuleSet, score_grid, score_hole
from scoring.models import Hole, Match, Score
from scoring.services import HoleEntry
from tests.engine.strategies import grids_for, rule_sets, standard_cards
from tests.factories import MatchFactory

pytestmark = pytest.mark.django_db

CLASSIC_THREE = ["8 5 7 / 8 3 9", "K K 2 / Q J 10", "A 4 6 / A 4 6"]


def test_match_create_seats_players_and_keeps_a_rules_snapshot():
    rules = RuleSet(variant="nine-card", holes=18)
    match = services.match_create(names=["Ann", " Bob "], first_dealer=1, rules=rules)
    assert [(p.seat, p.name) for p in match.players.all()] == [(0, "Ann"), (1, "Bob")]
    assert match.rules == rules.to_dict()
    assert match.holes_planned == 18
    assert match.owner is None
    assert len(match.share_token) >= 20


def test_match_create_refuses_a_table_the_shoe_cannot_deal():
    with pytest.raises(services.MatchRejected) as info:
        services.match_create(
            names=list("ABCDEFGH"), first_dealer=0, rules=RuleSet(variant="ten-card", decks=1)
        )
    assert "need 81 cards" in str(info.value)
    assert not Match.objects.exists()


def test_a_saved_hole_keeps_grids_rules_breakdown_and_scores(save_hole):
    match = MatchFactory.create(players=["Ann", "Bob", "Cy"])
    hole = save_hole(match, grids=["8 5 7 / 8 3 9", "k k 2 / q j 10", "A 4 6 / A 4 6"])
    assert hole.number == 1
    assert hole.rules == match.rules
    scores = list(hole.scores.order_by("seat"))
    assert [s.score for s in scores] == [24, 28, 0]
    assert scores[1].grid == "K K 2 / Q J 10"
    assert [s.matched_columns for s in scores] == [1, 0, 3]
    assert scores[0].breakdown["grid"]["columns"][0]["reason"] == "pair of 8s: 0"
    assert scores[0].breakdown["grid"]["columns"][0]["cards"] == ["8", "8"]


def test_a_house_rule_changes_the_stored_score(save_hole):
    rules = RuleSet(house_rules=frozenset({HouseRule.SUPER_KINGS}))
    match = MatchFactory.create(players=["Ann", "Bob"], rules=rules.to_dict())
    hole = save_hole(match, grids=["K 5 7 / 8 3 9", "2 2 3 / 4 5 6"])
    # The lone king is worth -2 instead of 0: (-2 + 8) + 8 + 16, two below plain rules.
    assert hole.scores.get(seat=0).score == 30


def test_a_retried_submit_stores_the_hole_once(save_hole):
    match = MatchFactory.create(players=["Ann", "Bob", "Cy"])
    token = uuid.uuid4()
    first = save_hole(match, grids=CLASSIC_THREE, token=token)
    entry = HoleEntry(kind="grids", grids=tuple(CLASSIC_THREE))
    again = services.hole_record(match=match, entry=entry, token=token, number=1)
    assert again.pk == first.pk
    assert match.holes.count() == 1
    assert Score.objects.filter(hole__match=match).count() == 3


def test_a_second_phone_saving_the_same_hole_is_told_and_changes_nothing(save_hole):
    match = MatchFactory.create(players=["Ann", "Bob", "Cy"])
    save_hole(match, grids=CLASSIC_THREE)
    entry = HoleEntry(kind="grids", grids=tuple(CLASSIC_THREE))
    with pytest.raises(services.HoleConflict, match="already saved from another phone"):
        services.hole_record(match=match, entry=entry, token=uuid.uuid4(), number=1)
    assert match.holes.count() == 1


@pytest.mark.django_db(transaction=True)
def test_a_hole_the_database_refuses_as_a_duplicate_is_a_conflict_and_stores_nothing(
    save_hole,
):
    """Should the count of saved holes ever miss one, the table's own unique hole
    number still refuses the second copy: the phone is told of a conflict, and the
    whole save is rolled back (no score rows, the match unchanged), in a real
    transaction rather than the test's."""
    match = MatchFactory.create(players=["Ann", "Bob", "Cy"])
    save_hole(match, grids=CLASSIC_THREE)
    before = Match.objects.get(pk=match.pk).updated_at

    def no_hole_counted(execute, sql, params, many, context):
        if sql.startswith("SELECT COUNT(*)") and "scoring_hole" in sql:
            return execute('SELECT 0 AS "__count"', (), many, context)
        return execute(sql, params, many, context)

    entry = HoleEntry(kind="grids", grids=tuple(CLASSIC_THREE))
    with (
        connection.execute_wrapper(no_hole_counted),
        pytest.raises(services.HoleConflict, match="already saved from another phone"),
    ):
        services.hole_record(match=match, entry=entry, token=uuid.uuid4(), number=1)
    assert match.holes.count() == 1
    assert Score.objects.filter(hole__match=match).count() == 3
    assert Match.objects.get(pk=match.pk).updated_at == before
    # The connection is usable again at once.
    assert save_hole(match, grids=CLASSIC_THREE).number == 2


def test_an_impossible_table_is_refused_with_places_and_nothing_is_stored():
    match = MatchFactory.create(players=["Ann", "Bob", "Cy"])
    entry = HoleEntry(kind="grids", grids=("7 7 7 / 7 7 A", "7 2 3 / 4 5 6", "A 4 6 / A 4 6"))
    with pytest.raises(services.HoleRejected) as info:
        services.hole_record(match=match, entry=entry, token=uuid.uuid4(), number=1)
    problem = info.value.problems[0]
    assert "five 7s" in problem.message
    assert (0, 1, 1) in problem.places
    assert not Hole.objects.exists()


def test_quick_mode_applies_the_hole_rules_to_hand_counted_totals(save_hole):
    rules = RuleSet(house_rules=frozenset({HouseRule.KNOCK_PENALTY}))
    match = MatchFactory.create(players=["Ann", "Bob"], rules=rules.to_dict())
    hole = save_hole(match, totals=[12, 5], went_out=0)
    assert hole.kind == "totals"
    ann = hole.scores.get(seat=0)
    assert (ann.grid, ann.grid_score, ann.score) == ("", 12, 22)
    assert ann.breakdown["hole_adjustments"][0]["rule"] == "knock-penalty"


def test_the_last_hole_finishes_the_match_and_then_no_hole_is_accepted(save_hole):
    match = MatchFactory.create(players=["Ann", "Bob"], rules=RuleSet(holes=1).to_dict())
    save_hole(match, totals=[3, 4])
    match.refresh_from_db()
    assert match.is_finished
    with pytest.raises(services.HoleRejected, match="finished"):
        save_hole(match, totals=[3, 4])


def test_correcting_a_past_hole_rescores_it_and_the_totals_follow(save_hole):
    match = MatchFactory.create(players=["Ann", "Bob"])
    first = save_hole(match, grids=["8 5 7 / 8 3 9", "A 4 6 / A 4 6"])
    save_hole(match, totals=[10, 10])
    assert [r.total for r in selectors.match_board(match=match).rows] == [34, 10]
    services.hole_correct(
        hole=first,
        entry=HoleEntry(kind="grids", grids=("8 5 7 / 8 5 7", "A 4 6 / A 4 6")),
        revision=1,
    )
    first.refresh_from_db()
    assert first.revision == 2
    assert [r.total for r in selectors.match_board(match=match).rows] == [10, 10]


def test_a_stale_correction_is_refused(save_hole):
    match = MatchFactory.create(players=["Ann", "Bob"])
    hole = save_hole(match, totals=[3, 4])
    services.hole_correct(hole=hole, entry=HoleEntry(kind="totals", totals=(5, 4)), revision=1)
    with pytest.raises(services.HoleConflict):
        services.hole_correct(hole=hole, entry=HoleEntry(kind="totals", totals=(9, 9)), revision=1)
    assert hole.scores.get(seat=0).score == 5


def test_a_correction_that_breaks_the_rules_leaves_the_hole_as_it_was(save_hole):
    match = MatchFactory.create(players=["Ann", "Bob"])
    hole = save_hole(match, grids=["8 5 7 / 8 3 9", "A 4 6 / A 4 6"])
    with pytest.raises(services.HoleRejected):
        services.hole_correct(
            hole=hole, entry=HoleEntry(kind="grids", grids=("8 5 7", "A 4 6 / A 4 6")), revision=1
        )
    assert hole.scores.get(seat=0).score == 24


def test_only_the_last_hole_can_be_deleted_and_the_match_reopens(save_hole):
    match = MatchFactory.create(players=["Ann", "Bob"], rules=RuleSet(holes=2).to_dict())
    save_hole(match, totals=[3, 4])
    save_hole(match, totals=[5, 6])
    with pytest.raises(services.HoleConflict):
        services.hole_delete_last(match=match, number=1)
    services.hole_delete_last(match=match, number=2)
    match.refresh_from_db()
    assert list(match.holes.values_list("number", flat=True)) == [1]
    assert not match.is_finished


def test_a_database_failure_mid_save_leaves_the_match_as_it_was(save_hole, monkeypatch):
    match = MatchFactory.create(players=["Ann", "Bob"], rules=RuleSet(holes=1).to_dict())

    def fail_writing_scores(execute, sql, params, many, context):
        if sql.startswith("INSERT") and "scoring_score" in sql:
            raise RuntimeError("disk full")
        return execute(sql, params, many, context)

    with connection.execute_wrapper(fail_writing_scores), pytest.raises(RuntimeError):
        save_hole(match, totals=[3, 4])
    match.refresh_from_db()
    assert not Hole.objects.exists()
    assert not match.is_finished


@settings(max_examples=80, deadline=None)
@given(data=st.data(), rules=rule_sets, players=st.integers(2, 4))
def test_a_checked_hole_is_scored_as_the_engine_scores_it(data, rules, players):
    """The save scores each grid once, while checking it, and builds the hole from
    those scores: the result must be the engine's own ``score_hole``, and the grids
    it keeps must read back as the ones typed."""
    grids = [data.draw(grids_for(rules, card=standard_cards)) for _ in range(players)]
    went_out = data.draw(st.one_of(st.none(), st.integers(0, players - 1)))
    entry = HoleEntry(kind="grids", grids=tuple(g.notation() for g in grids), went_out=went_out)
    evaluation = services.hole_evaluate(rules=rules, entry=entry, players=players)
    assume(evaluation.ok)
    assert evaluation.hole == score_hole(grids, rules, went_out)
    assert evaluation.seat_scores == [score_grid(g, rules) for g in grids]
    assert [g.notation() for g in evaluation.grids] == list(entry.grids)
