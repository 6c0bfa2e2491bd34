"""The ratings on the pages: the group's leaderboard (provisional players apart, the
trend of the last 30 days), a player's rating, chart and biggest moves, and a
match's ratings before and after; the leaderboard's cost in queries."""

from __future__ import annotations

import datetime
import re

import pytest
from django.core.cache import cache
from django.urls import reverse
from django.utils import timezone

from groups import ratings, selectors
from groups.charts import rating_chart
from groups.models import Rating
from groups.selectors import RatingPoint

pytestmark = pytest.mark.django_db


@pytest.fixture
def table(group, owner, play):
    """Ann beats Bob twice; Cy plays once, tying with Bob."""
    return [
        play(group, owner, {"Ann": [1], "Bob": [9]}),
        play(group, owner, {"Ann": [2], "Bob": [8]}),
        play(group, owner, {"Ann": [0], "Bob": [5], "Cy": [5]}),
    ]


def text(response) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", response.content.decode()))


def test_the_leaderboard_lists_provisional_players_apart(client, owner, group, table):
    client.force_login(owner)
    Rating.objects.filter(roster_player__name="Ann").update(sigma=ratings.PROVISIONAL_SIGMA - 1)
    cache.clear()
    board = selectors.leaderboard(group=group)
    assert [s.name for s in board["settled"]] == ["Ann"]
    apart = board["provisional"]
    assert {s.name for s in apart} == {"Bob", "Cy"}
    assert [s.rating for s in apart] == sorted((s.rating for s in apart), reverse=True)
    ann = board["settled"][0]
    last = Rating.objects.filter(roster_player__name="Ann").order_by("-played_at").first()
    assert last is not None
    assert (ann.rating, ann.played) == (last.shown, 3)
    assert ann.trend == last.shown - 1000  # rated first this month: from the start
    page = text(client.get(reverse("groups:detail", args=[group.pk])))
    assert f"Ann {last.shown} 3 +{last.shown - 1000}" in page
    section = page.split(" Who is strongest ")[1].split(" Leaders ")[0]
    settled, unsure = section.split(" Provisional ", 1)
    assert "Ann" in settled
    assert "Bob" not in settled
    assert "Cy" not in settled
    assert "Bob" in unsure
    assert "Cy" in unsure


def test_the_trend_looks_back_thirty_days(group, table):
    old = timezone.now() - datetime.timedelta(days=40)
    first = Rating.objects.get(match=table[0], roster_player__name="Ann")
    Rating.objects.filter(match=table[0]).update(played_at=old)
    ann = next(s for s in selectors.leaderboard(group=group)["provisional"] if s.name == "Ann")
    assert ann.trend == ann.rating - first.shown


def test_the_leaderboard_costs_one_query_however_long_the_history(
    group, owner, play, django_assert_num_queries
):
    play(group, owner, {"Ann": [1], "Bob": [9]})
    with django_assert_num_queries(1):
        small = selectors.leaderboard(group=group)
    for n in range(6):
        play(group, owner, {"Ann": [n], "Bob": [4], "Cy": [5], f"New {n}": [6]})
    with django_assert_num_queries(1):
        large = selectors.leaderboard(group=group)
    assert len(small["provisional"]) == 2
    assert len(large["provisional"]) == 9


def test_the_player_page_shows_rating_chart_and_biggest_moves(client, owner, group, table):
    client.force_login(owner)
    bob = group.roster.get(name="Bob")
    response = client.get(reverse("groups:player", args=[group.pk, bob.pk]))
    moves = list(Rating.objects.filter(roster_player=bob).order_by("played_at", "match_id"))
    loss = min(moves, key=lambda r: r.change)
    gain = max(moves, key=lambda r: r.change)
    page = response.content.decode()
    assert 'aria-labelledby="rating-title"' in page
    assert "What the number means" in page
    assert reverse("groups:match_ratings", args=[group.pk, loss.match_id]) in page
    words = text(response)
    assert f"Rating {moves[-1].shown} provisional" in words
    assert f"Biggest loss −{-loss.change}" in words
    if gain.change > 0:
        assert f"Biggest gain +{gain.change}" in words
    else:
        assert "Biggest gain" not in words


def test_a_player_without_a_rating_is_told_how_one_starts(client, owner, group):
    client.force_login(owner)
    ann = group.roster.get(name="Ann")
    words = text(client.get(reverse("groups:player", args=[group.pk, ann.pk])))
    assert "Ann has no rating yet" in words


def test_the_rating_chart_spans_the_ratings_not_zero():
    chart = rating_chart([RatingPoint("Jan", 1040, 3), RatingPoint("Feb", 1110, 7)])
    labels = re.findall(r'class="tick"[^>]*>(\d+)<', chart)
    assert labels[0] == "1040"
    assert labels[-1] == "1120"
    assert "0" not in labels
    assert rating_chart([]) == ""


def test_a_match_page_shows_each_regular_before_and_after(client, owner, group, table):
    client.force_login(owner)
    match = table[2]
    words = text(client.get(reverse("groups:match_ratings", args=[group.pk, match.pk])))
    for name in ("Ann", "Bob", "Cy"):
        rating = Rating.objects.get(match=match, roster_player__name=name)
        sign = "+" if rating.change > 0 else "−" if rating.change < 0 else ""
        assert f"{name} {rating.shown_before} {rating.shown}" in words
        assert f"{sign}{abs(rating.change)}" in words
    scoreboard = client.get(reverse("scoring:match_detail", args=[match.pk])).content.decode()
    assert reverse("groups:match_ratings", args=[group.pk, match.pk]) in scoreboard


def test_a_match_with_one_regular_says_it_changed_nobody(client, owner, group):
    from scoring import services as scoring_services
    from scoring.engine import RuleSet
    from tests.groups.test_ratings import record

    client.force_login(owner)
    match = scoring_services.match_create(
        names=["Ann", "Guest"],
        first_dealer=0,
        rules=RuleSet(holes=1),
        owner=owner,
        group=group,
        roster_players=[group.roster.get(name="Ann"), None],
    )
    record(match, 1, (1, 2))
    words = text(client.get(reverse("groups:match_ratings", args=[group.pk, match.pk])))
    assert "This match changed nobody's rating" in words


def test_a_match_of_another_group_is_not_found(client, owner, group, table, make_user):
    from groups import services

    other = services.group_create(owner=owner, name="Other")
    client.force_login(owner)
    url = reverse("groups:match_ratings", args=[other.pk, table[0].pk])
    assert client.get(url).status_code == 404
