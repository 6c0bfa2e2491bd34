"""Statistics, leaders and head to head are counted from the stored results and
cached per group: whatever changes through the site or the admin, the next page
shows what counting every score afresh gives, never what was cached before."""

import contextlib
import datetime
import uuid
from collections import defaultdict
from unittest import mock

import pytest
from django.contrib.auth.models import User
from django.db import transaction
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    rule,
    run_state_machine_as_test,
)

from groups import selectors, services
from groups.formats import rounded
from groups.models import RosterPlayer
from groups.selectors import (
    PERIOD_LABELS,
    ChartPoint,
    HeadToHead,
    Leader,
    PlayerStats,
    chart_period,
    period_start,
    streaks,
)
from scoring import services as scoring_services
from scoring.engine import RuleSet
from scoring.models import Match, Player, Score
from scoring.services import HoleEntry
from tests.groups.admin_pages import admin_change, admin_delete

pytestmark = pytest.mark.django_db


# -- counting afresh, the long way ----------------------------------------------------------


class Scratch:
    """A group's statistics worked out in Python from its finished matches' scores,
    using none of the sums the site stores on each seat."""

    def __init__(self, group):
        self.group = group
        matches = Match.objects.filter(group=group, finished_at__isnull=False)
        self.matches = {match.pk: match for match in matches}
        self.seats = list(Player.objects.filter(match__group=group).order_by("match", "seat"))
        holes = defaultdict(list)
        rows = Score.objects.filter(hole__match__in=list(self.matches)).values_list(
            "hole__match_id", "seat", "score", "matched_columns", "went_out", "knock_penalty"
        )
        for match_id, seat, *result in rows:
            holes[match_id, seat].append(result)
        self.holes = holes
        self.totals = {
            (seat.match_id, seat.seat): sum(r[0] for r in holes[seat.match_id, seat.seat])
            for seat in self.seats
        }

    def place(self, seat):
        at_match = [s for s in self.seats if s.match_id == seat.match_id]
        if not any(self.holes[s.match_id, s.seat] for s in at_match):
            return None
        mine = self.totals[seat.match_id, seat.seat]
        return 1 + sum(self.totals[s.match_id, s.seat] < mine for s in at_match)

    def finished_seats(self, player):
        """``player``'s seats at the group's finished matches, oldest match first."""
        mine = [s for s in self.seats if s.roster_player_id == player.pk]
        mine = [s for s in mine if s.match_id in self.matches]
        return sorted(mine, key=lambda s: (self.matches[s.match_id].created_at, s.match_id, s.seat))

    def stats(self, player):
        stats = PlayerStats(player=player)
        seats = self.finished_seats(player)
        if not seats:
            return stats
        scores = [r for s in seats for r in self.holes[s.match_id, s.seat]]
        won = [self.place(s) == 1 for s in seats]
        points = sum(r[0] for r in scores)
        stats.matches, stats.wins, stats.holes = len(seats), sum(won), len(scores)
        stats.average = points / len(scores) if scores else None
        stats.best_hole = min((r[0] for r in scores), default=None)
        stats.worst_hole = max((r[0] for r in scores), default=None)
        stats.pairs = sum(r[1] for r in scores)
        stats.times_out = sum(r[2] for r in scores)
        stats.knock_penalties = sum(r[3] for r in scores)
        stats.streaks = streaks(won)
        if scores:
            days = [self.matches[s.match_id].created_at for s in seats]
            period = chart_period(min(days), max(days))
            sums: defaultdict[datetime.date, list[int]] = defaultdict(lambda: [0, 0])
            for seat in seats:
                played = self.holes[seat.match_id, seat.seat]
                if played:
                    start = period_start(self.matches[seat.match_id].created_at, period)
                    sums[start][0] += sum(r[0] for r in played)
                    sums[start][1] += len(played)
            stats.chart_period = period
            stats.chart = [
                ChartPoint(start.strftime(PERIOD_LABELS[period]), p / h, h)
                for start, (p, h) in sorted(sums.items())
            ]
        return stats

    def versus(self, player, other):
        ahead = behind = level = 0
        for seat in self.finished_seats(player):
            theirs = [
                s
                for s in self.seats
                if s.match_id == seat.match_id and s.roster_player_id == other.pk
            ]
            if not theirs:
                continue
            mine = self.totals[seat.match_id, seat.seat]
            first = self.totals[seat.match_id, theirs[0].seat]
            ahead, behind, level = (
                ahead + (mine < first),
                behind + (mine > first),
                level + (mine == first),
            )
        return HeadToHead(player, other, ahead + behind + level, ahead, behind, level)

    def leaders(self):
        lines = []
        for player in self.group.roster.all():
            seats = self.finished_seats(player)
            holes = [r[0] for s in seats for r in self.holes[s.match_id, s.seat]]
            wins = sum(self.place(s) == 1 for s in seats)
            lines.append((player, wins, len(seats), sum(holes), len(holes)))
        winners = sorted(
            (line for line in lines if line[1]), key=lambda x: (-x[1], x[2], x[0].name)
        )
        averages = sorted(
            (line for line in lines if line[4]), key=lambda x: (x[3] / x[4], -x[4], x[0].name)
        )
        return {
            "most_wins": [Leader(p.pk, p.name, w, n) for p, w, n, _, _ in winners[:5]],
            "best_average": [
                Leader(p.pk, p.name, rounded(pts / h), h) for p, _, _, pts, h in averages[:5]
            ],
        }

    def matches_played(self, player):
        """The history's count of ``player``'s matches, finished or not."""
        return len({s.match_id for s in self.seats if s.roster_player_id == player.pk})


def totals(*scores):
    return HoleEntry(kind="totals", totals=scores)


# -- whatever happens, through the site and the admin -----------------------------------------

NAMES = ["Ann", "Bob", "Cy", "Dee"]
SCORES = st.lists(st.integers(-2, 12), min_size=4, max_size=4)
PICK = st.integers(0, 10_000)


class History(RuleBasedStateMachine):
    """Random histories of two groups, played through the services the site's pages
    call and edited by hand through the admin's pages, with a clock that moves on by
    minutes or by years. After every step, every statistics page is visited (so all
    of it is cached before the next change) and held to :class:`Scratch`."""

    def __init__(self):
        super().__init__()
        self.atomic = transaction.atomic()
        self.atomic.__enter__()
        self.now = datetime.datetime(2024, 1, 1, 12, tzinfo=datetime.UTC)
        self.clock = mock.patch("django.utils.timezone.now", side_effect=lambda: self.now)
        self.clock.start()
        self.owner = User.objects.create(username="keeper")
        self.staff = User.objects.create_superuser(username="root")
        self.group = services.group_create(owner=self.owner, name="Friday golf")
        self.elsewhere = services.group_create(owner=self.owner, name="Elsewhere")
        for name in NAMES:
            services.roster_add(group=self.group, name=name)
        services.roster_add(group=self.elsewhere, name="Zed")
        self.added = self.reads = 0
        self.browser, self.admin = Client(), Client()

    def teardown(self):
        self.clock.stop()
        transaction.set_rollback(True)
        self.atomic.__exit__(None, None, None)

    def signed_in(self):
        """Both browsers, signed in afresh (the clock may have run past a session)."""
        self.browser.force_login(self.owner)
        self.admin.force_login(self.staff)

    def matches(self, **filters):
        found = Match.objects.filter(group__isnull=False, **filters).distinct()
        return list(found.order_by("pk"))

    def roster(self):
        return list(RosterPlayer.objects.filter(group=self.group).order_by("pk"))

    # -- through the site --

    @rule(days=st.sampled_from([0, 0, 1, 20, 70, 400, 1500]), minutes=st.integers(0, 600))
    def tick(self, days, minutes):
        self.now += datetime.timedelta(days=days, minutes=minutes)

    @rule(seats=st.lists(PICK, min_size=2, max_size=4), holes=st.integers(1, 3))
    def start(self, seats, holes):
        roster = self.roster()
        # A regular may take two seats, as a seat linked by hand may give them.
        services.group_match_create(
            group=self.group,
            by=self.owner,
            picked=[roster[n % len(roster)] for n in seats],
            new_names=[],
            first_dealer=0,
            rules=RuleSet(holes=holes),
        )

    @initialize(
        matches=st.lists(
            st.tuples(st.lists(PICK, min_size=2, max_size=4), st.lists(SCORES, min_size=1)),
            min_size=1,
            max_size=4,
        )
    )
    def played_already(self, matches):
        for seats, scores in matches:
            self.play_a_match(seats, scores)

    @rule(seats=st.lists(PICK, min_size=2, max_size=4), scores=st.lists(SCORES, min_size=1))
    def play_a_match(self, seats, scores):
        """A whole match, started and played to its end: what a group mostly does."""
        self.start(seats, len(scores[:3]))
        match = self.matches()[-1]
        for hole in scores[:3]:
            self.play(0, hole, match=match)

    @rule(n=PICK, scores=SCORES)
    def play(self, n, scores, match=None):
        if open_ := [match] if match else self.matches(finished_at__isnull=True):
            match = open_[n % len(open_)]
            # After a hole deleted by hand from the middle, the next number is taken:
            # the phone is told so, and nothing changes.
            with contextlib.suppress(scoring_services.HoleConflict):
                scoring_services.hole_record(
                    match=match,
                    entry=totals(*scores[: match.players.count()]),
                    token=uuid.uuid4(),
                    number=match.holes.count() + 1,
                )

    @rule(n=PICK, scores=SCORES)
    def play_on(self, n, scores):
        """The same again: the most common thing that happens, played more often."""
        self.play(n, scores)

    @rule(n=PICK)
    def end_early(self, n):
        played = [m for m in self.matches(finished_at__isnull=True) if m.holes.exists()]
        if played:
            scoring_services.match_end(match=played[n % len(played)])

    @rule(
        change=st.sampled_from(
            [
                "correct",
                "reopen",
                "delete",
                "move_in",
                "add",
                "move_by_hand",
                "relink_by_hand",
                "rename_by_hand",
                "remove_by_hand",
                "delete_hole_by_hand",
                "delete_by_hand",
            ]
        ),
        n=PICK,
        at=PICK,
        to=PICK,
        scores=SCORES,
    )
    def disturb(self, change, n, at, to, scores):
        """Any other change, each rarer than a match played."""
        self.signed_in()
        getattr(self, change)(n, at, to, scores)

    def correct(self, n, hole, to, scores):
        if finished := self.matches(finished_at__isnull=False, holes__isnull=False):
            match = finished[n % len(finished)]
            holes = list(match.holes.order_by("number"))
            chosen = holes[hole % len(holes)]
            entry = totals(*scores[: match.players.count()])
            scoring_services.hole_correct(hole=chosen, entry=entry, revision=chosen.revision)

    def reopen(self, n, *_):
        if finished := self.matches(finished_at__isnull=False, holes__isnull=False):
            match = finished[n % len(finished)]
            last = match.holes.order_by("number").last()
            scoring_services.hole_delete_last(match=match, number=last.number)

    def delete(self, n, *_):
        if matches := self.matches():
            scoring_services.match_delete(match=matches[n % len(matches)])

    def move_in(self, n, at, to, scores):
        """A match played without a group, moved into it."""
        names = [NAMES[(n + k) % len(NAMES)] for k in range(2)] + ["Newcomer"]
        loose = scoring_services.match_create(
            names=names, first_dealer=0, rules=RuleSet(holes=1), owner=self.owner
        )
        scoring_services.hole_record(
            match=loose, entry=totals(*scores[:3]), token=uuid.uuid4(), number=1
        )
        services.match_move(match=loose, group=self.group, by=self.owner)

    def add(self, *_):
        self.added += 1
        services.roster_add(group=self.group, name=f"New {self.added}")

    # -- by hand, in the admin --

    def move_by_hand(self, n, *_):
        """To the other group, or back."""
        if matches := self.matches():
            match = matches[n % len(matches)]
            to = self.elsewhere if match.group_id == self.group.pk else self.group
            admin_change(self.admin, match, group=to.pk)

    def relink_by_hand(self, n, seat, to, _):
        """Another regular, one of another group, or none."""
        if matches := self.matches():
            seats = list(matches[n % len(matches)].players.order_by("seat"))
            chosen = seats[seat % len(seats)]
            choices = [*self.roster(), *self.elsewhere.roster.all(), None]
            link = choices[to % len(choices)]
            admin_change(self.admin, chosen, roster_player=link.pk if link else "")

    def rename_by_hand(self, n, *_):
        self.added += 1
        player = self.roster()[n % len(self.roster())]
        admin_change(self.admin, player, name=f"{player.name} {self.added}")

    def remove_by_hand(self, n, *_):
        if len(self.roster()) > 2:
            admin_delete(self.admin, self.roster()[n % len(self.roster())])

    def delete_hole_by_hand(self, n, *_):
        """The match's last hole: the admin deletes no other."""
        if matches := [m for m in self.matches() if m.holes.exists()]:
            admin_delete(self.admin, matches[n % len(matches)].holes.order_by("number").last())

    def delete_by_hand(self, n, *_):
        if matches := self.matches():
            admin_delete(self.admin, matches[n % len(matches)])

    # -- reading the pages --

    @invariant()
    def pages_show_what_counting_afresh_gives(self):
        """After every step, every statistics page (one head to head in turn)."""
        self.reads += 1
        pair = (self.reads, self.reads // 7)
        self.signed_in()
        for group in (self.group, self.elsewhere):
            scratch = Scratch(group)
            page = self.browser.get(reverse("groups:detail", args=[group.pk]))
            shown = {name: page.context[name] for name in ("most_wins", "best_average")}
            assert shown == scratch.leaders()
            roster = list(group.roster.order_by("pk"))
            history = reverse("groups:history", args=[group.pk])
            for player in roster:
                url = reverse("groups:player", args=[group.pk, player.pk])
                assert self.browser.get(url).context["stats"] == scratch.stats(player)
                count = self.browser.get(history, {"player": player.pk}).context["page"]
                assert count.paginator.count == scratch.matches_played(player)
            player, other = roster[pair[0] % len(roster)], roster[pair[1] % len(roster)]
            if player != other:
                url = reverse("groups:player", args=[group.pk, player.pk])
                versus = self.browser.get(url, {"versus": other.pk}).context["versus"]
                assert versus == scratch.versus(player, other)


def test_statistics_follow_whatever_happens(db):
    run_state_machine_as_test(
        History,
        settings=settings(
            max_examples=12,
            stateful_step_count=20,
            deadline=None,
            suppress_health_check=[HealthCheck.too_slow],
        ),
    )


# -- the cache itself ---------------------------------------------------------------------------


def test_a_page_seen_before_a_change_is_counted_again_after_it(client, member, group, owner, play):
    """The same page twice reads its statistics from the cache; any change to the
    group's results makes it count them again, once."""
    play(group, owner, {"Ann": [3], "Bob": [4]})
    ann = group.roster.get(name="Ann")
    client.force_login(member)
    url = reverse("groups:player", args=[group.pk, ann.pk])
    with mock.patch.object(selectors, "player_stats", wraps=selectors.player_stats) as counted:
        assert client.get(url).context["stats"].matches == 1
        assert client.get(url).context["stats"].matches == 1
        assert counted.call_count == 1
        play(group, owner, {"Ann": [5], "Bob": [1]})
        assert client.get(url).context["stats"].matches == 2
        assert client.get(url).context["stats"].matches == 2
        assert counted.call_count == 2


def test_another_groups_change_leaves_this_groups_cache_alone(client, member, group, owner, play):
    play(group, owner, {"Ann": [3], "Bob": [4]})
    other = services.group_create(owner=owner, name="Sundays")
    ann = group.roster.get(name="Ann")
    client.force_login(member)
    url = reverse("groups:player", args=[group.pk, ann.pk])
    client.get(url)
    play(other, owner, {"Ann": [1], "Bob": [2]})
    with mock.patch.object(selectors, "player_stats") as counted:
        assert client.get(url).context["stats"].matches == 1
    counted.assert_not_called()


def test_statistics_cached_in_one_time_zone_are_not_shown_in_another(
    client, member, group, owner, play
):
    """Days and months are cut in the time zone in force: each has its own entry."""
    match = play(group, owner, {"Ann": [3], "Bob": [4]})
    Match.objects.filter(pk=match.pk).update(
        created_at=datetime.datetime(2025, 3, 1, 23, 30, tzinfo=datetime.UTC)
    )
    ann = group.roster.get(name="Ann")
    client.force_login(member)
    url = reverse("groups:player", args=[group.pk, ann.pk])
    assert client.get(url).context["stats"].chart[0].label == "1 Mar"
    with timezone.override("Europe/Paris"):
        assert client.get(url).context["stats"].chart[0].label == "2 Mar"
    assert client.get(url).context["stats"].chart[0].label == "1 Mar"


def test_the_history_of_one_player_counts_only_this_groups_matches(
    client, admin_client, member, group, owner, play
):
    """The count of one player's matches, finished or not, leaves out a seat linked
    to them by hand at another group's match."""
    play(group, owner, {"Ann": [3], "Bob": [4]})
    play(group, owner, {"Cy": [1], "Ann": [2]}, rules=RuleSet(holes=3), finish=False)
    play(group, owner, {"Bob": [1], "Cy": [2]})
    elsewhere = services.group_create(owner=owner, name="Elsewhere")
    stray = play(elsewhere, owner, {"Zed": [1], "Yan": [2]})
    ann = group.roster.get(name="Ann")
    client.force_login(member)
    url = reverse("groups:history", args=[group.pk])
    assert "2 matches" in client.get(url, {"player": ann.pk}).content.decode()
    admin_change(admin_client, stray.players.get(seat=0), roster_player=ann.pk)
    assert "2 matches" in client.get(url, {"player": ann.pk}).content.decode()
    assert selectors.player_stats(player=ann).matches == 1
