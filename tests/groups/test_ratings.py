"""Ratings of a group's regulars: small tables checked by hand and against the
openskill library's own output, what counts (places, ties, guests, matches ended
early, fewer than two regulars), and ratings kept equal to a recomputation from
scratch through every change a group's matches go through."""

from __future__ import annotations

import io
import random
import uuid
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django_tasks_db.models import DBTaskResult
from openskill.models import PlackettLuce

from groups import ratings, selectors, services, transfer
from groups.models import Group, Rating
from scoring import services as scoring_services
from scoring.engine import RuleSet
from scoring.models import Match
from scoring.services import HoleEntry

pytestmark = pytest.mark.django_db

LIBRARY = PlackettLuce()


def stored(group: Group) -> dict[tuple[int, str], Rating]:
    """The group's ratings by (match id, regular's name)."""
    rows = Rating.objects.filter(group=group).select_related("roster_player")
    return {(r.match_id, r.roster_player.name): r for r in rows}


def after(group: Group, match: Match, name: str) -> Rating:
    return Rating.objects.get(group=group, match=match, roster_player__name=name)


def snapshot(group: Group) -> list[tuple[object, ...]]:
    """Everything stored of the group's ratings, in order."""
    return list(
        Rating.objects.filter(group=group)
        .order_by("played_at", "match_id", "roster_player_id")
        .values_list(
            "match_id",
            "roster_player_id",
            "played_at",
            "mu_before",
            "sigma_before",
            "mu",
            "sigma",
            "shown_before",
            "shown",
            "played",
        )
    )


# -- the numbers ---------------------------------------------------------------------


def test_the_shown_number_is_the_cautious_estimate_scaled():
    assert ratings.shown(25, 25 / 3) == 1000  # a newcomer: 25 - 3 * 25/3 = 0
    assert ratings.shown(30, 2) == 1000 + 20 * 24
    assert ratings.shown(-100, 8) == 0  # never below nothing
    assert ratings.provisional(ratings.START_SIGMA)
    assert not ratings.provisional(ratings.PROVISIONAL_SIGMA - 0.01)


def test_two_players_by_hand(group, owner, play):
    """Ann beats Bob in their first match: the library moves them equally far from
    25, each a little surer; shown 1069 and 963."""
    match = play(group, owner, {"Ann": [3], "Bob": [9]})
    ann, bob = after(group, match, "Ann"), after(group, match, "Bob")
    (lib_ann,), (lib_bob,) = LIBRARY.rate([[LIBRARY.rating()], [LIBRARY.rating()]], ranks=[1, 2])
    assert (ann.mu, ann.sigma) == (lib_ann.mu, lib_ann.sigma)
    assert (bob.mu, bob.sigma) == (lib_bob.mu, lib_bob.sigma)
    assert ann.mu == pytest.approx(27.6354, abs=1e-4)
    assert bob.mu == pytest.approx(22.3646, abs=1e-4)
    assert ann.sigma == bob.sigma == pytest.approx(8.0659, abs=1e-4)
    assert (ann.mu_before, ann.sigma_before) == (25, 25 / 3)
    assert (ann.shown_before, ann.shown, bob.shown) == (1000, 1069, 963)
    assert (ann.change, bob.change) == (69, -37)
    assert ann.played == bob.played == 1


def test_a_tie_shares_the_place(group, owner, play):
    """Ann and Bob tie for first, Cy is last: Ann and Bob gain alike, as the library
    has it for ranks 1, 1, 3."""
    match = play(group, owner, {"Ann": [4], "Bob": [4], "Cy": [10]})
    rows = {name: after(group, match, name) for name in ("Ann", "Bob", "Cy")}
    fresh = [[LIBRARY.rating()] for _ in range(3)]
    lib = LIBRARY.rate(fresh, ranks=[1, 1, 3])
    assert [(r.mu, r.sigma) for r in rows.values()] == [(t[0].mu, t[0].sigma) for t in lib]
    assert rows["Ann"].mu == rows["Bob"].mu > 25 > rows["Cy"].mu


def test_an_upset_moves_more_than_an_expected_win(group, owner, play):
    """Ann beats Bob three times, then Bob beats her: the library's own chain of
    updates, and Bob's upset gains him more than Ann's last expected win gained her."""
    wins = [play(group, owner, {"Ann": [1], "Bob": [8]}) for _ in range(3)]
    upset = play(group, owner, {"Ann": [9], "Bob": [2]})
    a, b = LIBRARY.rating(), LIBRARY.rating()
    for _ in wins:
        (a,), (b,) = LIBRARY.rate([[a], [b]], ranks=[1, 2])
    ann_gain_last = after(group, wins[-1], "Ann").mu - after(group, wins[-1], "Ann").mu_before
    (a,), (b,) = LIBRARY.rate([[a], [b]], ranks=[2, 1])
    ann, bob = after(group, upset, "Ann"), after(group, upset, "Bob")
    assert (ann.mu, ann.sigma, bob.mu, bob.sigma) == (a.mu, a.sigma, b.mu, b.sigma)
    assert bob.mu - bob.mu_before > ann_gain_last > 0
    assert (ann.played, bob.played) == (4, 4)


def test_guests_take_part_but_keep_no_rating(group, owner):
    """Ann first, a guest second, Bob third: the guest plays as a newcomer, so Bob
    loses to two players, and only Ann and Bob are stored."""
    ann, bob = services.roster_for_names(group=group, names=["Ann", "Bob"])
    match = scoring_services.match_create(
        names=["Ann", "Guest", "Bob"],
        first_dealer=0,
        rules=RuleSet(holes=1),
        owner=owner,
        group=group,
        roster_players=[ann, None, bob],
    )
    record(match, 1, (1, 5, 9))
    fresh = [[LIBRARY.rating()] for _ in range(3)]
    lib = LIBRARY.rate(fresh, ranks=[1, 2, 3])
    rows = stored(group)
    assert set(rows) == {(match.pk, "Ann"), (match.pk, "Bob")}
    assert rows[match.pk, "Ann"].mu == lib[0][0].mu
    assert rows[match.pk, "Bob"].mu == lib[2][0].mu


def test_a_seat_linked_to_another_groups_regular_rates_as_a_guest(group, owner, play):
    """A seat linked by hand to another group's regular: that regular plays here as
    a newcomer guest and gets no rating in this group, so their own group's
    leaderboard and page, which find a regular's ratings by the regular alone,
    show only their own group's matches."""
    home = services.group_create(owner=owner, name="Sunday golf")
    play(home, owner, {"Zed": [2], "Yan": [8]})
    zed = home.roster.get(name="Zed")
    ann, bob = services.roster_for_names(group=group, names=["Ann", "Bob"])
    match = scoring_services.match_create(
        names=["Ann", "Zed", "Bob"],
        first_dealer=0,
        rules=RuleSet(holes=1),
        owner=owner,
        group=group,
        roster_players=[ann, zed, bob],
    )
    record(match, 1, (9, 1, 5))
    assert set(stored(group)) == {(match.pk, "Ann"), (match.pk, "Bob")}
    lib = LIBRARY.rate([[LIBRARY.rating()] for _ in range(3)], ranks=[3, 1, 2])
    assert after(group, match, "Ann").mu == lib[0][0].mu  # Zed counted as a newcomer
    assert Rating.objects.filter(roster_player=zed).count() == 1
    board = selectors.leaderboard(group=home)
    assert [(s.name, s.played) for s in board["provisional"]] == [("Zed", 1), ("Yan", 1)]
    assert selectors.player_ratings(player=zed).played == 1


def test_fewer_than_two_regulars_change_nobody(group, owner, play):
    ann = group.roster.get(name="Ann")
    alone = scoring_services.match_create(
        names=["Ann", "Guest"],
        first_dealer=0,
        rules=RuleSet(holes=1),
        owner=owner,
        group=group,
        roster_players=[ann, None],
    )
    record(alone, 1, (0, 9))
    assert not Rating.objects.filter(match=alone).exists()
    later = play(group, owner, {"Ann": [3], "Bob": [9]})
    assert after(group, later, "Ann").shown_before == 1000
    assert after(group, later, "Ann").played == 1


def test_a_match_ended_early_counts_its_holes_played(group, owner, play):
    """Bob leads after two of nine holes when the match is ended: he is first."""
    match = play(group, owner, {"Ann": [9, 9], "Bob": [1, 1]}, rules=RuleSet(holes=9))
    assert match.is_finished
    assert after(group, match, "Bob").mu > 25 > after(group, match, "Ann").mu


def test_a_match_in_play_is_not_rated(group, owner, play):
    match = play(group, owner, {"Ann": [1], "Bob": [9]}, rules=RuleSet(holes=9), finish=False)
    assert not Rating.objects.filter(match=match).exists()


# -- kept up to date -------------------------------------------------------------------


def record(match: Match, number: int, totals: tuple[int, ...]) -> None:
    scoring_services.hole_record(
        match=match,
        entry=HoleEntry(kind="totals", totals=totals),
        token=uuid.uuid4(),
        number=number,
    )


def correct(match: Match, number: int, totals: tuple[int, ...]) -> None:
    hole = match.holes.get(number=number)
    scoring_services.hole_correct(
        hole=hole, entry=HoleEntry(kind="totals", totals=totals), revision=hole.revision
    )


def from_scratch_equals_stored(group: Group) -> None:
    kept = snapshot(group)
    ratings.group_rerate(group_id=group.pk)
    assert snapshot(group) == kept


def test_a_correction_to_an_old_match_re_rates_every_later_one(group, owner, play):
    first = play(group, owner, {"Ann": [1], "Bob": [9]})
    second = play(group, owner, {"Ann": [5], "Bob": [6], "Cy": [7]})
    before = after(group, second, "Ann").mu
    correct(first, 1, (9, 1))  # Bob won the first match after all
    assert after(group, first, "Bob").mu > 25
    assert after(group, second, "Ann").mu != before
    from_scratch_equals_stored(group)


def test_deleting_reopening_and_moving_matches_re_rate(group, owner, play):
    first = play(group, owner, {"Ann": [1], "Bob": [9]})
    loose = scoring_services.match_create(
        names=["Bob", "Cy"], first_dealer=0, rules=RuleSet(holes=1), owner=owner
    )
    record(loose, 1, (0, 5))
    second = play(group, owner, {"Ann": [5], "Bob": [6]})
    services.match_move(match=loose, group=group, by=owner)
    assert after(group, loose, "Bob").played == 2  # between the two matches
    assert after(group, second, "Bob").played == 3
    from_scratch_equals_stored(group)
    scoring_services.hole_delete_last(match=loose, number=1)  # open again: not rated
    assert not Rating.objects.filter(match=loose).exists()
    assert after(group, second, "Bob").played == 2
    from_scratch_equals_stored(group)
    scoring_services.match_delete(match=first)
    assert after(group, second, "Bob").played == 1
    assert after(group, second, "Bob").shown_before == 1000
    from_scratch_equals_stored(group)


def test_a_stale_group_is_rated_when_first_shown(group, owner, play, client):
    match = play(group, owner, {"Ann": [1], "Bob": [9]})
    Rating.objects.all().delete()
    Group.objects.filter(pk=group.pk).update(ratings_stale=True)
    group.refresh_from_db()
    ratings.ratings_ensure(group=group)
    assert after(group, match, "Ann").mu > 25
    assert not Group.objects.get(pk=group.pk).ratings_stale


def test_an_import_rates_as_the_source_did(group, owner, play):
    play(group, owner, {"Ann": [1, 2], "Bob": [9, 1], "Cy": [4, 4]})
    play(group, owner, {"Ann": [5], "Bob": [5]})
    play(group, owner, {"Bob": [0], "Cy": [3]})
    copy = transfer.group_import(
        data=transfer.group_export(group=group),
        owner=User.objects.create_user("ida", password="a-long-pass-phrase-9"),
    )

    def by_name(g: Group) -> list[tuple[object, ...]]:
        return list(
            Rating.objects.filter(group=g)
            .order_by("played_at", "match_id", "roster_player__name")
            .values_list("roster_player__name", "played_at", "mu", "sigma", "shown", "played")
        )

    assert by_name(copy) == by_name(group)
    assert len(by_name(copy)) == 7


# -- a re-rate's cost ------------------------------------------------------------------


def library_history(matches: list[list[ratings.Seat]]) -> list[dict[int, tuple[float, float]]]:
    """What the library says of each match, asked the plainest way: a new rating of
    the library's for every seat of every match, from each regular's last result."""
    current: dict[int, tuple[float, float]] = {}
    out: list[dict[int, tuple[float, float]]] = []
    for seats in matches:
        regulars: list[int | None] = []
        for seat in seats:
            first = seat.regular is not None and seat.regular not in regulars
            regulars.append(seat.regular if first else None)
        if sum(r is not None for r in regulars) < 2:
            out.append({})
            continue
        teams = [
            [LIBRARY.rating(*current[r])] if r in current else [LIBRARY.rating()] for r in regulars
        ]
        rated = LIBRARY.rate(teams, ranks=[float(seat.place) for seat in seats])
        pairs = zip(regulars, rated, strict=True)
        changes = {r: (t[0].mu, t[0].sigma) for r, t in pairs if r is not None}
        current.update(changes)
        out.append(changes)
    return out


def test_a_history_rates_as_the_library_does_match_by_match():
    """The re-rate hands the library the ratings it returned for the match before
    rather than new ones: the numbers are those of a new rating per seat, over a
    long seeded history with guests, ties, a regular seated twice and matches of
    one regular."""
    rng = random.Random(31)
    matches = []
    for _ in range(300):
        seats = rng.randint(2, 6)
        matches.append(
            [
                ratings.Seat(rng.choice([None, 1, 2, 3, 4, 5, 6, 7]), rng.randint(1, seats))
                for _ in range(seats)
            ]
        )
    got = [
        {r: (skill.mu, skill.sigma) for r, (_, skill) in changes.items()}
        for _, changes in ratings.rate_history(enumerate(matches), {})
    ]
    assert got == library_history(matches)
    assert sum(bool(changes) for changes in got) > 200


def test_a_re_rate_asks_the_database_the_same_number_of_times_however_long_the_history(
    group, owner, play
):
    def queries() -> int:
        with CaptureQueriesContext(connection) as captured:
            ratings.group_rerate(group_id=group.pk)
        return len(captured.captured_queries)

    play(group, owner, {"Ann": [1], "Bob": [9]})
    few = queries()
    for n in range(12):
        play(group, owner, {"Ann": [n % 3], "Bob": [1], "Cy": [2], "Dee": [n % 5]})
    assert queries() == few
    assert Rating.objects.filter(group=group).count() == 2 + 12 * 4
    from_scratch_equals_stored(group)


# -- re-rated after the response, on the queue -------------------------------------------

BEHIND = "Ratings are being brought up to date"


def jobs(status: str | None = None) -> list[DBTaskResult[Any, Any]]:
    rows = DBTaskResult.objects.filter(task_path="groups.tasks.ratings_catch_up")
    return list(rows.filter(status=status) if status else rows)


def rating_pages(client, group: Group, match: Match) -> list[str]:
    regular = group.roster.get(name="Ann")
    urls = [
        reverse("groups:detail", args=[group.pk]),
        reverse("groups:player", args=[group.pk, regular.pk]),
        reverse("groups:match_ratings", args=[group.pk, match.pk]),
    ]
    pages = [client.get(url) for url in urls]
    assert [page.status_code for page in pages] == [200, 200, 200]
    return [page.content.decode() for page in pages]


def test_a_change_to_more_matches_than_a_request_re_rates_is_left_to_a_job(
    group, owner, play, client, settings
):
    settings.RATINGS_RERATE_IN_REQUEST = 2
    first = play(group, owner, {"Ann": [1], "Bob": [9]})
    for n in range(2):
        play(group, owner, {"Ann": [5], "Bob": [n], "Cy": [7]})
    assert not jobs(), "each match re-rated two matches at most, in its request"
    kept = snapshot(group)
    correct(first, 1, (9, 1))  # three matches to re-rate: more than two
    assert snapshot(group) == kept, "nothing re-rated inside the request"
    group.refresh_from_db()
    assert group.ratings_behind_since == first.created_at
    [job] = jobs(status="READY")
    assert job.args_kwargs["args"] == [group.pk]
    client.force_login(owner)
    for page in rating_pages(client, group, first):
        assert BEHIND in page


def test_a_group_behind_sends_every_change_to_the_queue(group, owner, play, settings):
    settings.RATINGS_RERATE_IN_REQUEST = 1
    first = play(group, owner, {"Ann": [1], "Bob": [9]})
    second = play(group, owner, {"Ann": [5], "Bob": [6]})
    kept = snapshot(group)
    correct(first, 1, (9, 1))
    correct(second, 1, (6, 5))  # one match from here, but the group is behind
    assert snapshot(group) == kept
    assert len(jobs(status="READY")) == 2
    group.refresh_from_db()
    assert group.ratings_behind_since == first.created_at, "behind from the earlier change"


@pytest.mark.django_db(transaction=True)
def test_once_the_job_ran_the_ratings_are_a_recomputation_from_scratch(
    group, owner, play, client, settings, worker
):
    settings.RATINGS_RERATE_IN_REQUEST = 1
    first = play(group, owner, {"Ann": [1], "Bob": [9]})
    second = play(group, owner, {"Ann": [5], "Bob": [6], "Cy": [7]})
    correct(first, 1, (9, 1))
    correct(second, 1, (6, 5, 4))
    worker()
    assert [job.status for job in jobs()] == ["SUCCESSFUL", "SUCCESSFUL"]
    assert after(group, first, "Bob").mu > 25
    group.refresh_from_db()
    assert group.ratings_behind_since is None
    client.force_login(owner)
    for page in rating_pages(client, group, first):
        assert BEHIND not in page
    from_scratch_equals_stored(group)


@pytest.mark.django_db(transaction=True)
def test_changes_and_jobs_in_any_order_end_in_the_ratings_from_scratch(
    group, owner, play, settings, worker
):
    """A seeded run of corrections, deleted holes, new matches and the worker at
    random moments, under a limit that sends most changes to the queue."""
    settings.RATINGS_RERATE_IN_REQUEST = 2
    rng = random.Random(31)
    names = ["Ann", "Bob", "Cy", "Dee"]
    matches = [play(group, owner, {"Ann": [n], "Bob": [4], "Cy": [2]}) for n in range(4)]
    for _ in range(16):
        action = rng.choice(["correct", "correct", "play", "reopen", "work"])
        match = rng.choice(matches)
        if action == "correct" and match.is_finished:
            seats = match.players.count()
            correct(match, 1, tuple(rng.randrange(20) for _ in range(seats)))
        elif action == "reopen" and match.is_finished:
            scoring_services.hole_delete_last(match=match, number=1)
            record(match, 1, tuple(rng.randrange(20) for _ in range(match.players.count())))
        elif action == "work":
            worker()
        else:
            table = {name: [rng.randrange(20)] for name in rng.sample(names, rng.randint(2, 4))}
            matches.append(play(group, owner, table))
        match.refresh_from_db()
    worker()
    assert len(jobs()) >= 3, "most changes went to the queue"
    assert {job.status for job in jobs()} == {"SUCCESSFUL"}
    assert Group.objects.get(pk=group.pk).ratings_behind_since is None
    from_scratch_equals_stored(group)


@pytest.mark.django_db(transaction=True)
def test_a_group_left_behind_by_a_failed_job_is_brought_up_to_date_by_the_command(
    group, owner, play, settings, worker, monkeypatch
):
    from django.core.management import call_command

    settings.RATINGS_RERATE_IN_REQUEST = 1
    first = play(group, owner, {"Ann": [1], "Bob": [9]})
    play(group, owner, {"Ann": [5], "Bob": [6]})
    correct(first, 1, (9, 1))

    def fails(**kwargs: Any) -> int:
        raise RuntimeError("the database went away")

    with monkeypatch.context() as patched:
        patched.setattr(ratings, "ratings_catch_up", fails)
        worker()
    assert [job.status for job in jobs()] == ["FAILED"]
    assert Group.objects.get(pk=group.pk).ratings_behind_since is not None

    out = io.StringIO()
    call_command("ratings_catch_up", stdout=out)
    assert out.getvalue() == f"{group.name}: ratings brought up to date (2 matches rated).\n"
    assert Group.objects.get(pk=group.pk).ratings_behind_since is None
    from_scratch_equals_stored(group)
    out = io.StringIO()
    call_command("ratings_catch_up", stdout=out)
    assert out.getvalue() == "Every group's ratings are up to date.\n"
