"""The table's shared draft of the next hole, written by the services: each seat's
entry saved, replaced and cleared; the hole confirmed from it once; the draft gone
when the hole is saved either way."""

import uuid

import pytest

from scoring import services
from scoring.engine import HouseRule, RuleSet
from scoring.models import Hole, SeatDraft
from tests.factories import MatchFactory
from tests.seats.helpers import GRIDS, THREE_KINGS, digest, enter, enter_all, seat

pytestmark = pytest.mark.django_db


def test_a_seat_entry_is_stored_in_notation_with_who_entered_it(four):
    draft = enter(four, 1, "k k 2 q j 10", went_out=True, phone="phone-b")
    assert (draft.number, draft.grid, draft.went_out, draft.phone) == (
        1,
        "K K 2 / Q J 10",
        True,
        "phone-b",
    )
    assert draft.player == seat(four, 1)


def test_saving_a_seat_again_replaces_its_entry(four):
    enter(four, 0, phone="first")
    enter(four, 0, "2 2 2 / 3 3 3", phone="second")
    (draft,) = SeatDraft.objects.filter(match=four)
    assert (draft.grid, draft.phone) == ("2 2 2 / 3 3 3", "second")


def test_an_unreadable_grid_is_refused_and_nothing_is_stored(four):
    with pytest.raises(services.HoleRejected) as refused:
        enter(four, 2, "8 5 7 / 8 3 B")
    (problem,) = refused.value.problems
    assert problem.player == 2
    assert (2, 2, 3) in problem.places
    assert "'B' is not a rank" in problem.message
    assert not SeatDraft.objects.exists()


def test_an_incomplete_grid_is_refused(four):
    with pytest.raises(services.HoleRejected) as refused:
        enter(four, 0, "8 5 7 / 8 3")
    assert "row 2 has two cards" in refused.value.problems[0].message


def test_an_entry_for_a_hole_saved_meanwhile_is_refused(four):
    enter_all(four)
    services.seat_draft_confirm(
        match=four, number=1, token=uuid.uuid4(), seen=digest(four), went_out=None
    )
    with pytest.raises(services.HoleConflict, match="hole 1 was already saved"):
        services.seat_draft_save(match=four, number=1, player=seat(four, 0), grid=GRIDS[0])
    assert not SeatDraft.objects.exists()


def test_an_entry_for_a_later_hole_than_the_next_is_refused(four):
    with pytest.raises(services.HoleConflict, match="the next hole is hole 1"):
        services.seat_draft_save(match=four, number=2, player=seat(four, 0), grid=GRIDS[0])


def test_a_seat_of_another_match_is_refused(four):
    other = MatchFactory.create(players=["Xan", "Yve"])
    with pytest.raises(services.HoleRejected, match="another match"):
        services.seat_draft_save(match=four, number=1, player=seat(other, 0), grid=GRIDS[0])


def test_clearing_a_seat_takes_only_its_entry_out(four):
    enter(four, 0)
    enter(four, 1)
    assert services.seat_draft_clear(match=four, number=1, player=seat(four, 0))
    assert list(SeatDraft.objects.values_list("player__seat", flat=True)) == [1]
    # Cleared again (another phone was first): nothing to do.
    assert not services.seat_draft_clear(match=four, number=1, player=seat(four, 0))


def test_confirming_stores_the_hole_once_and_drops_the_draft(four):
    enter_all(four)
    enter(four, 3, went_out=True)
    token = uuid.uuid4()
    seen = digest(four)
    hole = services.seat_draft_confirm(match=four, number=1, token=token, seen=seen, went_out=3)
    assert (hole.number, hole.went_out, hole.token) == (1, 3, token)
    grids = list(hole.scores.order_by("seat").values_list("grid", flat=True))
    assert grids == GRIDS
    assert hole.scores.get(seat=0).score == 24
    assert not SeatDraft.objects.exists()
    # The same confirmation sent again finds the same hole, and stores nothing more.
    again = services.seat_draft_confirm(match=four, number=1, token=token, seen=seen, went_out=3)
    assert again.pk == hole.pk
    assert Hole.objects.count() == 1


def test_a_second_confirmation_with_its_own_token_is_told_the_hole_is_saved(four):
    enter_all(four)
    seen = digest(four)
    services.seat_draft_confirm(match=four, number=1, token=uuid.uuid4(), seen=seen, went_out=None)
    with pytest.raises(services.HoleConflict, match="hole 1 was already saved"):
        services.seat_draft_confirm(
            match=four, number=1, token=uuid.uuid4(), seen=seen, went_out=None
        )
    assert Hole.objects.count() == 1


def test_a_confirmation_of_cards_changed_since_it_was_shown_is_refused(four):
    enter_all(four)
    seen = digest(four)
    enter(four, 2, "2 2 2 / 3 3 3")
    with pytest.raises(services.HoleConflict, match="cards changed on another phone"):
        services.seat_draft_confirm(
            match=four, number=1, token=uuid.uuid4(), seen=seen, went_out=None
        )
    assert not Hole.objects.exists()
    assert SeatDraft.objects.count() == 4


def test_a_confirmation_with_a_seat_missing_names_it(four):
    for n in (0, 1, 3):
        enter(four, n)
    with pytest.raises(services.HoleRejected) as refused:
        services.seat_draft_confirm(
            match=four, number=1, token=uuid.uuid4(), seen=digest(four), went_out=None
        )
    (problem,) = refused.value.problems
    assert problem.player == 2
    assert problem.with_names(["Ann", "Ben", "Cat", "Dan"]) == "Cat: no cards entered yet"
    assert not Hole.objects.exists()


def test_an_impossible_table_blocks_the_confirmation_naming_the_seats(four):
    enter_all(four)
    enter(four, 3, THREE_KINGS)
    with pytest.raises(services.HoleRejected) as refused:
        services.seat_draft_confirm(
            match=four, number=1, token=uuid.uuid4(), seen=digest(four), went_out=None
        )
    (problem,) = refused.value.problems
    assert "five kings" in problem.message
    assert problem.holders == (1, 3)
    assert not Hole.objects.exists()
    assert SeatDraft.objects.count() == 4


def test_who_went_out_is_asked_where_a_rule_scores_it():
    rules = RuleSet(holes=3, house_rules=frozenset({HouseRule.KNOCK_PENALTY}))
    match = MatchFactory.create(players=["Ann", "Ben"], rules=rules.to_dict())
    enter(match, 0)
    enter(match, 1)
    with pytest.raises(services.HoleRejected) as refused:
        services.seat_draft_confirm(
            match=match, number=1, token=uuid.uuid4(), seen=digest(match), went_out=None
        )
    assert [p.field for p in refused.value.problems] == ["went_out"]
    hole = services.seat_draft_confirm(
        match=match,
        number=1,
        token=uuid.uuid4(),
        seen=digest(match),
        went_out=None,
        nobody_out=True,
    )
    assert hole.went_out is None


def test_saving_the_whole_table_drops_that_holes_draft(four):
    enter(four, 0)
    enter(four, 1)
    entry = services.HoleEntry(kind="grids", grids=tuple(GRIDS))
    services.hole_record(match=four, entry=entry, token=uuid.uuid4(), number=1)
    assert not SeatDraft.objects.exists()
    # The draft of the hole after it starts afresh.
    enter(four, 2)
    assert list(SeatDraft.objects.values_list("number", flat=True)) == [2]


def test_deleting_the_last_hole_drops_the_draft_of_the_hole_after_it(four):
    entry = services.HoleEntry(kind="grids", grids=tuple(GRIDS))
    services.hole_record(match=four, entry=entry, token=uuid.uuid4(), number=1)
    enter(four, 0)
    services.hole_delete_last(match=four, number=1)
    assert not SeatDraft.objects.exists()


def test_a_finished_match_takes_no_entries(four):
    entry = services.HoleEntry(kind="grids", grids=tuple(GRIDS))
    services.hole_record(match=four, entry=entry, token=uuid.uuid4(), number=1)
    services.match_end(match=four)
    with pytest.raises(services.HoleRejected, match="finished"):
        services.seat_draft_save(match=four, number=2, player=seat(four, 0), grid=GRIDS[0])
