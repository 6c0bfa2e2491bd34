"""Players' records (``groups.records``): whatever happens to a group's matches, a
record read (or kept) is what counting every seat again gives, and a match
finishing is added to the records without counting anything again."""

import contextlib
import datetime
import uuid
from unittest import mock

import pytest
from django.contrib.auth.models import User
from django.db import connection, transaction
from django.db.models import F
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    invariant,
    rule,
    run_state_machine_as_test,
)

from groups import records, selectors, services
from groups.models import Group, PairRecord, PlayerRecord, RosterPlayer
from groups.signals import revise
from scoring import services as scoring_services
from scoring.engine import RuleSet
from scoring.models import Match, Player
from scoring.services import HoleEntry

pytestmark = pytest.mark.django_db


def totals(n, *scores):
    return HoleEntry(kind="totals", totals=tuple(scores[:n]))


def start(group, owner, names, holes=1):
    return services.group_match_create(
        group=group,
        by=owner,
        picked=[group.roster.get(name=name) for name in names],
        new_names=[],
        first_dealer=0,
        rules=RuleSet(holes=holes),
    )


def save(match, *scores):
    number = match.holes.count() + 1
    seats = match.players.count()
    scoring_services.hole_record(
        match=match, entry=totals(seats, *scores), token=uuid.uuid4(), number=number
    )


def older_revise(*group_ids, results=True, **_):
    """``signals.revise`` as a release that keeps no records has it."""
    raised = {"history_revision": F("history_revision") + 1}
    if results:
        raised["results_revision"] = F("results_revision") + 1
    Group.objects.filter(pk__in={pk for pk in group_ids if pk}).update(**raised)


@contextlib.contextmanager
def as_older_code():
    """Changes made meanwhile are made as by a release that keeps no records (one
    still running during a deploy, or after a rollback): the revisions rise, and
    the records are neither brought up to date nor forgotten."""
    with (
        mock.patch("groups.signals.revise", older_revise),
        mock.patch.object(records, "match_finished"),
        mock.patch.object(records, "forget"),
        mock.patch.object(records, "forget_players"),
    ):
        yield


def same_as_counted(player):
    """The record read equals the statistics counted afresh, and so does the record
    then kept."""
    assert records.player_stats(player=player) == selectors.player_stats(player=player)
    kept = PlayerRecord.objects.get(pk=player.pk)
    assert records.tally_of(kept) == selectors.player_tally(player=player)


@pytest.fixture
def table(group, owner):
    for name in ["Bob", "Cy"]:
        services.roster_add(group=group, name=name)
    return {p.name: p for p in group.roster.all()}


# -- a finish adds up ----------------------------------------------------------------------


def test_a_finish_is_added_to_the_records_without_counting_again(group, owner, table):
    first = start(group, owner, ["Ann", "Bob"])
    save(first, 3, 5)
    ann, bob = table["Ann"], table["Bob"]
    same_as_counted(ann)
    records.head_to_head(player=ann, other=bob)
    second = start(group, owner, ["Bob", "Ann", "Cy"], holes=2)
    save(second, 2, 7, 4)
    counted = AssertionError("counted again")
    with (
        mock.patch.object(records, "_count", side_effect=counted),
        mock.patch.object(selectors, "head_to_head", side_effect=counted),
    ):
        save(second, 0, 1, 9)  # the last hole: Bob 2, Ann 8, Cy 13
        stats = records.player_stats(player=ann)
        versus = records.head_to_head(player=ann, other=bob)
    assert (stats.matches, stats.wins, stats.holes, stats.streaks.current) == (2, 1, 3, 0)
    assert (versus.matches, versus.ahead, versus.behind) == (2, 1, 1)
    same_as_counted(ann)
    assert versus == selectors.head_to_head(player=ann, other=bob)


def test_a_match_ended_early_is_added_too(group, owner, table):
    ann = table["Ann"]
    same_as_counted(ann)  # a record of no match at all
    match = start(group, owner, ["Ann", "Bob"], holes=9)
    save(match, 1, 6)
    scoring_services.match_end(match=match)
    record = PlayerRecord.objects.get(pk=ann.pk)
    assert (record.matches, record.wins, record.newest) == (1, 1, match.pk)
    same_as_counted(ann)


@pytest.mark.parametrize(
    "change",
    ["out of order", "again", "two seats", "corrected", "reopened", "deleted", "relinked"],
)
def test_what_cannot_be_added_is_forgotten_then_counted_again(group, owner, table, change):
    ann, bob = table["Ann"], table["Bob"]
    older = start(group, owner, ["Ann", "Bob"])
    newer = start(group, owner, ["Ann", "Bob"])
    save(newer, 3, 4)
    same_as_counted(ann)
    records.head_to_head(player=ann, other=bob)
    if change == "out of order":
        save(older, 9, 1)
    elif change == "again":
        newer.save(update_fields=["finished_at"])
    elif change == "two seats":
        Player.objects.filter(match=older).update(roster_player=ann)
        save(older, 9, 1)
    elif change == "corrected":
        hole = newer.holes.get()
        scoring_services.hole_correct(hole=hole, entry=totals(2, 8, 1), revision=hole.revision)
    elif change == "reopened":
        scoring_services.hole_delete_last(match=newer, number=1)
    elif change == "deleted":
        newer.delete()
    else:
        seat = newer.players.get(seat=0)
        seat.roster_player = table["Cy"]
        seat.save()
    assert not PlayerRecord.objects.filter(pk=ann.pk).exists()
    assert not PairRecord.objects.exists()
    same_as_counted(ann)
    assert records.head_to_head(player=ann, other=bob) == selectors.head_to_head(
        player=ann, other=bob
    )


def test_a_renamed_or_deleted_player_leaves_the_others_records_alone(group, owner, table):
    ann, bob, cy = table["Ann"], table["Bob"], table["Cy"]
    save(start(group, owner, ["Ann", "Bob", "Cy"]), 1, 2, 3)
    for player in (ann, bob):
        same_as_counted(player)
        records.head_to_head(player=player, other=cy)
    bob.name = "Robert"
    bob.save()
    assert set(PlayerRecord.objects.values_list("pk", flat=True)) == {ann.pk}
    cy.delete()
    assert set(PlayerRecord.objects.values_list("pk", flat=True)) == {ann.pk}
    assert not PairRecord.objects.exists()
    same_as_counted(ann)


def test_a_correction_forgets_only_its_own_players_records(group, owner, table):
    """A big group's statistics are not all counted again after one correction:
    the records of players who were not at the match still count right."""
    ann, bob, cy = table["Ann"], table["Bob"], table["Cy"]
    save(start(group, owner, ["Ann", "Cy"]), 2, 6)
    changed = start(group, owner, ["Ann", "Bob"])
    save(changed, 3, 4)
    for player, other in ((ann, bob), (bob, ann), (cy, ann)):
        same_as_counted(player)
        records.head_to_head(player=player, other=other)
    revision = Group.objects.get(pk=group.pk).results_revision
    hole = changed.holes.get()
    scoring_services.hole_correct(hole=hole, entry=totals(2, 8, 1), revision=hole.revision)
    kept = Group.objects.get(pk=group.pk)
    assert kept.results_revision > revision
    assert kept.records_through == kept.results_revision
    assert set(PlayerRecord.objects.values_list("pk", flat=True)) == {cy.pk}
    assert list(PairRecord.objects.values_list("record", "other")) == [(cy.pk, ann.pk)]
    for player in (ann, bob, cy):
        same_as_counted(player)
    for player, other in ((ann, bob), (cy, ann), (ann, cy)):
        assert records.head_to_head(player=player, other=other) == selectors.head_to_head(
            player=player, other=other
        )


def test_a_record_counted_while_a_match_finished_is_not_kept(group, owner, table):
    """A match finishing between counting a record and storing it may be missing
    from the count: the record is shown but not kept."""
    ann = table["Ann"]
    save(start(group, owner, ["Ann", "Bob"]), 3, 4)
    counted = records._count

    def meanwhile(**kwargs):
        found = counted(**kwargs)
        revise(group.pk, records=False)  # as a match finishing elsewhere does
        return found

    with mock.patch.object(records, "_count", side_effect=meanwhile):
        assert records.player_stats(player=ann).matches == 1
    assert not PlayerRecord.objects.exists()
    same_as_counted(ann)


def test_records_left_behind_by_older_code_are_counted_again(client, member, group, owner, table):
    """A match finished by a release that keeps no records leaves every record of
    the group behind: each read counts afresh, and what is kept after is right."""
    ann, bob = table["Ann"], table["Bob"]
    save(start(group, owner, ["Ann", "Bob"]), 3, 5)
    roster = list(group.roster.all())
    records.leaders(group=group, roster=roster)
    records.head_to_head(player=ann, other=bob)
    with as_older_code():
        save(start(group, owner, ["Ann", "Bob", "Cy"]), 9, 1, 4)
    # Still there, one match short, and not believed.
    assert PlayerRecord.objects.get(pk=ann.pk).matches == 1
    assert records.player_stats(player=ann) == selectors.player_stats(player=ann)
    assert records.head_to_head(player=ann, other=bob) == selectors.head_to_head(
        player=ann, other=bob
    )
    assert records.leaders(group=group, roster=roster) == {
        "most_wins": selectors.leaders_by_wins(group=group),
        "best_average": selectors.leaders_by_average(group=group),
    }
    for player in roster:
        assert records.tally_of(PlayerRecord.objects.get(pk=player.pk)) == (
            selectors.player_tally(player=player)
        )
    # And kept up to date again from here on.
    save(start(group, owner, ["Bob", "Ann"]), 2, 2)
    assert PlayerRecord.objects.get(pk=ann.pk).matches == 3
    same_as_counted(ann)


def test_a_database_too_busy_to_keep_a_record_still_shows_the_statistics(
    client, member, group, owner, table
):
    """Keeping a counted record is only a saving: a write refused (SQLite's lock
    held past its timeout by a long import) shows the page all the same."""
    from django.db import OperationalError

    save(start(group, owner, ["Ann", "Bob"]), 3, 5)
    ann = table["Ann"]
    client.force_login(member)
    busy = OperationalError("database is locked")
    with mock.patch.object(PlayerRecord.objects, "bulk_create", side_effect=busy):
        page = client.get(reverse("groups:player", args=[group.pk, ann.pk]))
        detail = client.get(reverse("groups:detail", args=[group.pk]))
    assert page.status_code == 200 and detail.status_code == 200
    assert page.context["stats"] == selectors.player_stats(player=ann)
    assert not PlayerRecord.objects.filter(pk=ann.pk).exists()
    # Counted and kept on the next visit, once the database is free.
    assert client.get(reverse("groups:player", args=[group.pk, ann.pk])).status_code == 200
    assert PlayerRecord.objects.filter(pk=ann.pk).exists()


def test_a_record_cut_in_another_time_zone_is_counted_again(group, owner, table):
    ann = table["Ann"]
    match = start(group, owner, ["Ann", "Bob"])
    save(match, 3, 4)
    Match.objects.filter(pk=match.pk).update(
        created_at=datetime.datetime(2025, 3, 1, 23, 30, tzinfo=datetime.UTC)
    )
    revise(group.pk)
    assert records.player_stats(player=ann).chart[0].label == "1 Mar"
    with timezone.override("Europe/Paris"):
        assert records.player_stats(player=ann).chart[0].label == "2 Mar"
        assert PlayerRecord.objects.get(pk=ann.pk).zone == "Europe/Paris"
        same_as_counted(ann)


# -- what it costs -------------------------------------------------------------------------


def grown(owner, name, matches):
    """A group of ``matches`` finished matches of Ann, Bob and Cy, whose records have
    been read."""
    group = services.group_create(owner=owner, name=name)
    for who in ["Ann", "Bob", "Cy"]:
        services.roster_add(group=group, name=who)
    for n in range(matches):
        save(start(group, owner, ["Ann", "Bob", "Cy"]), n % 5, 3, n % 7)
    ann, bob = group.roster.get(name="Ann"), group.roster.get(name="Bob")
    records.player_stats(player=ann)
    records.head_to_head(player=ann, other=bob)
    return group


def test_finishing_a_match_costs_the_same_queries_at_any_size(owner):
    costs = []
    for matches in (1, 30):
        group = grown(owner, f"Grown {matches}", matches)
        match = start(group, owner, ["Ann", "Bob", "Cy"], holes=2)
        save(match, 1, 2, 3)
        with CaptureQueriesContext(connection) as finishing:
            save(match, 4, 5, 6)
        assert match.is_finished
        costs.append(len(finishing))
    assert costs[0] == costs[1]


def test_the_first_statistics_visit_after_a_finish_counts_nothing(client, owner, member):
    """After a match finishes, a player's page reads their record and their pair's:
    the same queries as a visit with nothing changed, and not one seat."""
    costs = []
    for matches in (1, 30):
        group = grown(owner, f"Grown {matches}", matches)
        services.invite_accept(
            token=services.invite_create(group=group, by=owner).token, user=member
        )
        ann, bob = group.roster.get(name="Ann"), group.roster.get(name="Bob")
        client.force_login(member)
        url = reverse("groups:player", args=[group.pk, ann.pk])
        client.get(url, {"versus": bob.pk})
        with CaptureQueriesContext(connection) as unchanged:
            client.get(url, {"versus": bob.pk})
        save(start(group, owner, ["Cy", "Ann", "Bob"]), 2, 2, 9)
        with CaptureQueriesContext(connection) as first:
            page = client.get(url, {"versus": bob.pk}).content.decode()
        assert f"<dt>Matches</dt><dd>{matches + 1}</dd>" in page
        assert len(first) == len(unchanged)
        assert not any("scoring_player" in query["sql"] for query in first.captured_queries)
        costs.append(len(first))
    assert costs[0] == costs[1]


def test_the_group_page_after_a_finish_reads_the_records_and_no_seat(client, owner, member):
    """The leader boards come from every regular's record: after a match finishes,
    the group page reads no seat to rank them, whatever the history's size."""
    for matches in (1, 30):
        group = grown(owner, f"Grown {matches}", matches)
        services.invite_accept(
            token=services.invite_create(group=group, by=owner).token, user=member
        )
        client.force_login(member)
        url = reverse("groups:detail", args=[group.pk])
        client.get(url)  # counts and keeps the records nobody had read yet
        save(start(group, owner, ["Cy", "Ann", "Bob"]), 2, 2, 9)
        with CaptureQueriesContext(connection) as first:
            response = client.get(url)
        # The only seats read are those of the five recent matches shown.
        seat_reads = [q["sql"] for q in first.captured_queries if "scoring_player" in q["sql"]]
        assert len(seat_reads) == 1
        assert '"scoring_player"."match_id" IN (' in seat_reads[0]
        assert response.context["most_wins"] == selectors.leaders_by_wins(group=group)
        assert response.context["best_average"] == selectors.leaders_by_average(group=group)


def test_the_history_of_one_player_counts_their_seats(client, owner, group, table):
    """The count of one player's matches, finished or not, comes from their own
    seats, leaving out any at another group's match (an edit by hand)."""
    ann = table["Ann"]
    save(start(group, owner, ["Ann", "Bob"]), 3, 4)
    start(group, owner, ["Cy", "Ann"])
    start(group, owner, ["Bob", "Cy"])
    elsewhere = services.group_create(owner=owner, name="Elsewhere")
    services.roster_add(group=elsewhere, name="Zed")
    stray = start(elsewhere, owner, ["Zed"] * 2)
    records.player_stats(player=ann)
    assert not PlayerRecord.objects.get(pk=ann.pk).seats_elsewhere
    assert records.matches_played(player=ann) == 2
    seat = stray.players.first()
    seat.roster_player = ann
    seat.save()
    assert records.matches_played(player=ann) == 2
    records.player_stats(player=ann)
    assert PlayerRecord.objects.get(pk=ann.pk).seats_elsewhere
    assert records.matches_played(player=ann) == 2
    client.force_login(owner)
    page = client.get(reverse("groups:history", args=[group.pk]), {"player": ann.pk})
    assert "2 matches" in page.content.decode()


def test_a_match_moved_away_counts_for_nobody_here(group, owner, table):
    """A match moved by hand to another group, its seats still linked to this
    group's regulars, is forgotten here and counts for none of them once finished."""
    ann = table["Ann"]
    save(start(group, owner, ["Ann", "Bob"]), 3, 4)
    moved = start(group, owner, ["Ann", "Bob"])
    moved.group = services.group_create(owner=owner, name="Elsewhere")
    moved.save()
    same_as_counted(ann)
    save(moved, 1, 2)
    assert PlayerRecord.objects.get(pk=ann.pk).matches == 1
    same_as_counted(ann)


# -- whatever happens ------------------------------------------------------------------------

NAMES = ["Ann", "Bob", "Cy", "Dee"]
SCORES = st.lists(st.integers(0, 12), min_size=4, max_size=4)
PICK = st.integers(0, 10_000)


class History(RuleBasedStateMachine):
    """Random histories played through the services, with a clock that moves on by
    minutes or by years. After every step, each record kept is what counting every
    seat again gives; reading a player's statistics, head to head or count of
    matches gives what the reference computations give."""

    def __init__(self):
        super().__init__()
        self.atomic = transaction.atomic()
        self.atomic.__enter__()
        self.now = datetime.datetime(2024, 1, 1, 12, tzinfo=datetime.UTC)
        self.clock = mock.patch("django.utils.timezone.now", side_effect=lambda: self.now)
        self.clock.start()
        self.owner = User.objects.create(username="keeper")
        self.group = services.group_create(owner=self.owner, name="Friday golf")
        self.elsewhere = services.group_create(owner=self.owner, name="Elsewhere")
        for name in NAMES:
            services.roster_add(group=self.group, name=name)
        services.roster_add(group=self.elsewhere, name="Zed")
        self.added = 0

    def teardown(self):
        self.clock.stop()
        transaction.set_rollback(True)
        self.atomic.__exit__(None, None, None)

    # -- picking --

    def matches(self, **filters):
        return list(Match.objects.filter(group__isnull=False, **filters).order_by("pk"))

    def roster(self):
        return list(RosterPlayer.objects.filter(group=self.group).order_by("pk"))

    # -- steps --

    @rule(days=st.sampled_from([0, 0, 1, 20, 70, 400, 1500]), minutes=st.integers(0, 600))
    def tick(self, days, minutes):
        self.now += datetime.timedelta(days=days, minutes=minutes)

    @rule(seats=st.lists(PICK, min_size=2, max_size=4), holes=st.integers(1, 3))
    def start(self, seats, holes):
        roster = self.roster()
        # A regular may take two seats, as a match moved into the group may give them.
        services.group_match_create(
            group=self.group,
            by=self.owner,
            picked=[roster[n % len(roster)] for n in seats],
            new_names=[],
            first_dealer=0,
            rules=RuleSet(holes=holes),
        )

    @rule(n=PICK, scores=SCORES)
    def play(self, n, scores):
        if open_ := self.matches(finished_at__isnull=True):
            save(open_[n % len(open_)], *scores)

    @rule(n=PICK, scores=SCORES)
    def play_as_older_code(self, n, scores):
        with as_older_code():
            self.play(n, scores)

    @rule(n=PICK)
    def end_early(self, n):
        played = [m for m in self.matches(finished_at__isnull=True) if m.holes.exists()]
        if played:
            scoring_services.match_end(match=played[n % len(played)])

    @rule(n=PICK, scores=SCORES)
    def play_on(self, n, scores):
        """The same again: the most common thing that happens, played more often."""
        self.play(n, scores)

    @rule(
        change=st.sampled_from(
            ["correct", "reopen", "delete", "move", "relink", "rename", "remove", "add"]
        ),
        n=PICK,
        at=PICK,
        to=PICK,
        scores=SCORES,
    )
    def disturb(self, change, n, at, to, scores):
        """Any other change, each rarer than a match played."""
        getattr(self, change)(n, at, to, scores)

    def correct(self, n, hole, to, scores):
        if finished := self.matches(finished_at__isnull=False):
            match = finished[n % len(finished)]
            holes = list(match.holes.order_by("number"))
            chosen = holes[hole % len(holes)]
            entry = totals(match.players.count(), *scores)
            scoring_services.hole_correct(hole=chosen, entry=entry, revision=chosen.revision)

    def reopen(self, n, *_):
        if finished := self.matches(finished_at__isnull=False):
            match = finished[n % len(finished)]
            scoring_services.hole_delete_last(match=match, number=match.holes.count())

    def delete(self, n, *_):
        if matches := self.matches():
            matches[n % len(matches)].delete()

    def move(self, n, *_):
        """By hand, to the other group or back."""
        if matches := self.matches():
            match = matches[n % len(matches)]
            match.group = self.elsewhere if match.group_id == self.group.pk else self.group
            match.save()

    def relink(self, n, seat, to, _):
        """By hand: another regular, one of another group, or none."""
        if matches := self.matches():
            seats = list(matches[n % len(matches)].players.order_by("seat"))
            chosen = seats[seat % len(seats)]
            choices = [*self.roster(), *self.elsewhere.roster.all(), None]
            chosen.roster_player = choices[to % len(choices)]
            chosen.save()

    def rename(self, n, *_):
        player = self.roster()[n % len(self.roster())]
        player.name = f"{player.name}!"
        player.save()

    def remove(self, n, *_):
        if len(self.roster()) > 2:
            self.roster()[n % len(self.roster())].delete()

    def add(self, *_):
        self.added += 1
        services.roster_add(group=self.group, name=f"New {self.added}")

    @rule()
    def read(self):
        """Everyone's statistics and count of matches, and head to head in the group:
        the records read (and kept, for the next matches to be added to) are what
        the reference computations give."""
        everyone = list(RosterPlayer.objects.order_by("pk"))
        for player in everyone:
            assert records.player_stats(player=player) == selectors.player_stats(player=player)
            counted = selectors.group_matches(group=player.group, player=player).count()
            assert records.matches_played(player=player) == counted
            for other in everyone:
                if other.group_id == player.group_id:
                    found = records.head_to_head(player=player, other=other)
                    assert found == selectors.head_to_head(player=player, other=other)

    @rule()
    def read_group_pages(self):
        """The leader boards read from the records (those missing counted together)
        are the ones the reference scans give."""
        for group in (self.group, self.elsewhere):
            found = records.leaders(group=group, roster=list(group.roster.all()))
            assert found == {
                "most_wins": selectors.leaders_by_wins(group=group),
                "best_average": selectors.leaders_by_average(group=group),
            }

    @invariant()
    def kept_records_are_right(self):
        """Every record believed (its group's ``records_through`` not behind) is
        what counting every seat again gives."""
        believed = PlayerRecord.objects.filter(
            player__group__records_through=F("player__group__results_revision")
        )
        for record in believed.select_related("player"):
            player = record.player
            assert records.tally_of(record) == selectors.player_tally(player=player)
            if not record.seats_elsewhere:
                assert not Player.objects.filter(roster_player=player).exclude(
                    match__group_id=player.group_id
                )
        pairs = PairRecord.objects.filter(record__in=believed)
        for pair in pairs.select_related("record__player", "other"):
            found = selectors.head_to_head(player=pair.record.player, other=pair.other)
            assert (pair.matches, pair.ahead, pair.behind) == (
                found.matches,
                found.ahead,
                found.behind,
            )


def test_records_follow_whatever_happens(db):
    run_state_machine_as_test(
        History,
        settings=settings(
            max_examples=30,
            stateful_step_count=30,
            deadline=None,
            suppress_health_check=[HealthCheck.too_slow],
        ),
    )
