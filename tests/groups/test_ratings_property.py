"""Whatever happens to a group's matches, in whatever order, the ratings stored
after it are the ones worked out from scratch from the matches as they are: random
histories of matches played, ended early, corrected long after, reopened, deleted
and moved in, each through the services a player's request goes through."""

from __future__ import annotations

import contextlib
import uuid
from typing import Any

import pytest
from django.contrib.auth.models import User
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from groups import ratings, services
from groups.models import Group, Rating
from scoring import services as scoring_services
from scoring.engine import RuleSet
from scoring.models import Match
from scoring.services import HoleConflict, HoleEntry

pytestmark = pytest.mark.django_db

NAMES = ["Ann", "Bob", "Cy", "Dee"]
HOLES = 3

totals = st.integers(min_value=0, max_value=12)
#: Who sits at a match: two to four of the names, each a regular or a guest.
tables = st.lists(
    st.tuples(st.sampled_from(NAMES), st.booleans()),
    min_size=2,
    max_size=4,
    unique_by=lambda t: t[0],
)
steps = st.one_of(
    st.tuples(st.just("play"), tables, st.integers(1, HOLES), st.lists(totals, min_size=HOLES + 3)),
    st.tuples(st.just("loose"), tables, st.lists(totals, min_size=HOLES + 3)),
    st.tuples(st.just("move"), st.integers(0, 20)),
    st.tuples(st.just("correct"), st.integers(0, 20), st.lists(totals, min_size=HOLES + 3)),
    st.tuples(st.just("reopen"), st.integers(0, 20)),
    st.tuples(st.just("end"), st.integers(0, 20)),
    st.tuples(st.just("delete"), st.integers(0, 20)),
)


def _hole(match: Match, number: int, scores: list[int], seats: int) -> None:
    scoring_services.hole_record(
        match=match,
        entry=HoleEntry(kind="totals", totals=tuple(scores[:seats])),
        token=uuid.uuid4(),
        number=number,
    )


class History:
    """A group and what the steps did to it."""

    def __init__(self, owner: User) -> None:
        self.owner = owner
        self.group = services.group_create(owner=owner, name="Property golf")
        self.matches: list[Match] = []
        self.loose: list[Match] = []

    def pick(self, index: int) -> Match | None:
        self.matches = [m for m in self.matches if Match.objects.filter(pk=m.pk).exists()]
        if not self.matches:
            return None
        match = self.matches[index % len(self.matches)]
        match.refresh_from_db()
        return match

    def start(self, table: list[tuple[str, bool]], group: Group | None) -> Match:
        names = [name for name, _ in table]
        links: list[Any] = []
        if group is not None:
            roster = services.roster_for_names(group=group, names=names)
            links = [
                entry if regular else None
                for entry, (_, regular) in zip(roster, table, strict=True)
            ]
        return scoring_services.match_create(
            names=names,
            first_dealer=0,
            rules=RuleSet(holes=HOLES),
            owner=self.owner,
            group=group,
            roster_players=links,
        )

    def step(self, step: tuple[Any, ...]) -> None:
        kind = step[0]
        if kind == "play":
            _, table, holes, scores = step
            played = self.start(table, self.group)
            for number in range(1, holes + 1):
                _hole(played, number, scores[number - 1 :], len(table))
            self.matches.append(played)
        elif kind == "loose":
            _, table, scores = step
            loose = self.start(table, None)
            for number in range(1, HOLES + 1):
                _hole(loose, number, scores[number - 1 :], len(table))
            self.loose.append(loose)
        elif kind == "move":
            if self.loose:
                moved = self.loose.pop(step[1] % len(self.loose))
                services.match_move(match=moved, group=self.group, by=self.owner)
                self.matches.append(moved)
        elif (match := self.pick(step[1])) is None:
            return
        elif kind == "correct":
            hole = match.holes.order_by("number").first()
            if hole is not None:
                seats = match.players.count()
                entry = HoleEntry(kind="totals", totals=tuple(step[2][:seats]))
                scoring_services.hole_correct(hole=hole, entry=entry, revision=hole.revision)
        elif kind == "reopen":
            last = match.holes.order_by("-number").first()
            if last is not None:
                scoring_services.hole_delete_last(match=match, number=last.number)
        elif kind == "end":
            with contextlib.suppress(HoleConflict):  # no hole yet: it cannot end
                scoring_services.match_end(match=match)
        elif kind == "delete":
            scoring_services.match_delete(match=match)


def stored(group: Group) -> list[tuple[object, ...]]:
    return list(
        Rating.objects.filter(group=group)
        .order_by("played_at", "match_id", "roster_player_id")
        .values_list(
            "match_id", "roster_player_id", "mu_before", "sigma_before", "mu", "sigma", "played"
        )
    )


@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(st.lists(steps, min_size=1, max_size=14))
def test_stored_ratings_equal_a_recomputation_from_scratch(owner, plan):
    history = History(owner)
    for step in plan:
        history.step(step)
    kept = stored(history.group)
    ratings.group_rerate(group_id=history.group.pk)
    assert stored(history.group) == kept
    # And every finished match with two regulars or more is rated.
    finished = Match.objects.filter(group=history.group, finished_at__isnull=False)
    rated = set(Rating.objects.filter(group=history.group).values_list("match_id", flat=True))
    for match in finished:
        regulars = {p.roster_player_id for p in match.players.all()} - {None}
        assert (match.pk in rated) == (len(regulars) >= 2)
