"""The growth bench's groups hold what the scoresheet itself would store, and the
bench leaves the database as it found it (its timings are never asserted)."""

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command

from groups.growth import growth_figures, growth_group
from groups.models import Group
from scoring.models import PLAYER_RESULT_FIELDS, Hole, Match, Player, Score
from scoring.services import match_results_refresh

pytestmark = pytest.mark.django_db


def results(match):
    return [
        tuple(getattr(p, name) for name in ["seat", "roster_player_id", *PLAYER_RESULT_FIELDS])
        for p in Player.objects.filter(match=match).order_by("seat")
    ]


def test_a_grown_group_is_what_playing_its_matches_would_store(owner):
    group = growth_group(owner=owner, name="Grown", matches=12, seed=3)
    matches = list(Match.objects.filter(group=group))
    assert len(matches) == 12
    assert all(m.is_finished and m.holes.count() == m.holes_planned for m in matches)
    assert Score.objects.filter(hole__match__group=group).count() == sum(
        m.holes_planned * m.players.count() for m in matches
    )
    assert {p.roster_player.group_id for p in Player.objects.filter(match__group=group)} == {
        group.pk
    }
    for match in matches:
        stored = results(match)
        # The scoresheet's own refresh, from the scores, gives the same results.
        match_results_refresh(match=match)
        assert results(match) == stored


def test_the_growth_bench_times_every_page_and_leaves_nothing_behind(owner):
    before = (User.objects.count(), Group.objects.count(), Match.objects.count())
    figures = growth_figures(repeat=1, small=2, large=5)
    labels = [label for label, _, _ in figures]
    assert "history, one player (cached)" in labels
    assert "player statistics, head to head (first after a change)" in labels
    assert "group page (first after a change)" in labels
    assert len(labels) == 14
    assert all(small > 0 and large > 0 for _, small, large in figures)
    assert (User.objects.count(), Group.objects.count(), Match.objects.count()) == before
    assert not Hole.objects.exists()


def test_the_growth_command_holds_the_statistics_pages_to_their_budget(capsys):
    call_command("bench_growth", repeat=1, small=2, large=4)
    out = capsys.readouterr().out
    assert out.startswith("Growth: 2 vs 4 matches")
    assert out.count("\n  ") == 14
    # A player's page, with and without head to head, and the group's page.
    assert out.count("(within 300 ms:") == 3
