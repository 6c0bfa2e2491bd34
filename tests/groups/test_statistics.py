"""A player's statistics and head to head, checked against small histories worked
out by hand (ties, shared wins, streaks), and their cost in queries."""

import datetime
import uuid

import pytest
from django.urls import reverse

from groups import selectors, services
from groups.charts import average_chart
from groups.selectors import streaks
from scoring import services as scoring_services
from scoring.engine import HouseRule, RuleSet
from scoring.models import Match
from scoring.services import HoleEntry
from tests.groups.admin_pages import admin_change
from tests.patterns import text, visible_text

pytestmark = pytest.mark.django_db

KNOCK = RuleSet(holes=1, house_rules=frozenset({HouseRule.KNOCK_PENALTY}))


def dated(match, month, day):
    Match.objects.filter(pk=match.pk).update(
        created_at=datetime.datetime(2025, month, day, 20, tzinfo=datetime.UTC)
    )


@pytest.fixture
def season(group, owner, play):
    """Ann and Bob, oldest first:
    1. Ann 3+5=8, Bob 4+6=10: Ann wins.
    2. Ann 7, Bob 7: a tie, both win.
    3. Ann 1, Bob 4: Ann wins.
    4. Ann goes out on 9 and pays the knock penalty (19), Bob 2: Bob wins.
    5. Ann 0, Bob 5: Ann wins.
    A sixth match, still being played, counts for nothing.
    """
    matches = [
        play(group, owner, {"Ann": [3, 5], "Bob": [4, 6]}),
        play(group, owner, {"Ann": [7], "Bob": [7]}),
        play(group, owner, {"Ann": [1], "Bob": [4]}),
        play(group, owner, {"Ann": [9], "Bob": [2]}, rules=KNOCK, went_out=[0]),
        play(group, owner, {"Ann": [0], "Bob": [5]}),
        play(group, owner, {"Ann": [20], "Bob": [30]}, rules=RuleSet(holes=9), finish=False),
    ]
    for day, match in enumerate(matches, start=1):
        dated(match, 1 if day < 4 else 5, day)
    return group.roster.get(name="Ann"), group.roster.get(name="Bob")


def test_ann_by_hand(season):
    ann, _ = season
    stats = selectors.player_stats(player=ann)
    assert (stats.matches, stats.wins, stats.win_rate) == (5, 4, 0.8)
    assert stats.holes == 6  # 3, 5, 7, 1, 19, 0
    assert stats.average == pytest.approx(35 / 6)
    assert (stats.best_hole, stats.worst_hole) == (0, 19)
    assert (stats.times_out, stats.knock_penalties) == (1, 1)
    # W W W L W: three in a row once, one now.
    assert (stats.streaks.current, stats.streaks.best) == (1, 3)


def test_bob_by_hand(season):
    _, bob = season
    stats = selectors.player_stats(player=bob)
    assert (stats.matches, stats.wins) == (5, 2)  # the shared tie and match 4
    assert stats.average == pytest.approx(28 / 6)  # 4, 6, 7, 4, 2, 5
    assert (stats.best_hole, stats.worst_hole) == (2, 7)
    assert (stats.times_out, stats.knock_penalties) == (0, 0)
    assert (stats.streaks.current, stats.streaks.best) == (0, 1)


def test_head_to_head_by_hand(season):
    ann, bob = season
    versus = selectors.head_to_head(player=ann, other=bob)
    assert (versus.matches, versus.ahead, versus.behind, versus.level) == (5, 3, 1, 1)
    back = selectors.head_to_head(player=bob, other=ann)
    assert (back.matches, back.ahead, back.behind, back.level) == (5, 1, 3, 1)


def test_the_chart_averages_each_month(season):
    ann, _ = season
    points = selectors.player_stats(player=ann).chart
    # January: 3, 5, 7, 1; May: 19, 0.
    assert [(p.label, p.average, p.holes) for p in points] == [
        ("Jan 2025", 4.0, 4),
        ("May 2025", 9.5, 2),
    ]
    svg = str(average_chart(points))
    assert svg.startswith('<svg class="chart"')
    assert "Average hole score, Jan 2025 to May 2025" in svg
    assert svg.count("<circle") == 2


@pytest.mark.parametrize(
    ("results", "current", "best"),
    [([], 0, 0), ([False], 0, 0), ([True, True, False, True], 1, 2), ([True] * 3, 3, 3)],
)
def test_streaks(results, current, best):
    found = streaks(results)
    assert (found.current, found.best) == (current, best)


def test_pairs_per_hole_come_from_the_cards(group, owner):
    match = services.group_match_create(
        group=group,
        by=owner,
        picked=[],
        new_names=["Ann", "Bob"],
        first_dealer=0,
        rules=RuleSet(holes=1),
    )
    scoring_services.hole_record(
        match=match,
        entry=HoleEntry(kind="grids", grids=("8 5 7 / 8 3 9", "4 4 J / 4 4 Q")),
        token=uuid.uuid4(),
        number=1,
    )
    bob = group.roster.get(name="Bob")
    stats = selectors.player_stats(player=bob)
    assert stats.pairs == 2 and stats.pairs_per_hole == 2


def test_a_player_with_no_finished_match(group):
    ann = group.roster.get(name="Ann")
    stats = selectors.player_stats(player=ann)
    assert (stats.matches, stats.wins, stats.win_rate, stats.average) == (0, 0, None, None)


def test_player_page_shows_the_statistics_and_head_to_head(client, member, group, season):
    ann, bob = season
    client.force_login(member)
    url = reverse("groups:player", args=[group.pk, ann.pk])
    page = client.get(url, {"versus": bob.pk}).content.decode()
    assert "<h1><bdi>Ann</bdi></h1>" in page
    assert "<dt>Wins</dt><dd>4</dd>" in page
    assert "<dt>Win rate</dt><dd>80%</dd>" in page
    assert "<dt>Average hole</dt><dd>5.83</dd>" in page
    assert "<dt>Best winning streak</dt><dd>3</dd>" in page
    assert "<dt>Knock penalties taken</dt><dd>1</dd>" in page
    assert '<svg class="chart"' in page
    assert (
        "In 5 finished matches together, Ann finished ahead of Bob 3 times, behind 1 time,"
        " and level 1 time." in visible_text(page)
    )


def test_player_page_is_for_members_and_the_groups_own_players(
    client, group, owner, stranger, season, make_user
):
    ann, _ = season
    url = reverse("groups:player", args=[group.pk, ann.pk])
    assert client.get(url)["Location"].startswith(reverse("login"))
    client.force_login(stranger)
    assert client.get(url).status_code == 404
    # A member of another group cannot reach Ann through their own group's URL.
    other = services.group_create(owner=stranger, name="Other")
    assert client.get(reverse("groups:player", args=[other.pk, ann.pk])).status_code == 404


@pytest.mark.parametrize("matches", [2, 30])
def test_player_page_queries_do_not_grow(
    client, member, group, owner, play, django_assert_max_num_queries, matches
):
    for n in range(matches):
        play(group, owner, {"Ann": [n % 6, 2], "Bob": [3, n % 4], "Cy": [5, 1]})
    ann, bob = group.roster.get(name="Ann"), group.roster.get(name="Bob")
    client.force_login(member)
    url = reverse("groups:player", args=[group.pk, ann.pk])
    # The first visit after a change computes and caches; later ones read the cache
    # (the ratings are a value of their own: five queries, one more cache read).
    with django_assert_max_num_queries(30):
        client.get(url, {"versus": bob.pk})
    with django_assert_max_num_queries(7):
        client.get(url, {"versus": bob.pk})


def test_pages_follow_every_change_to_the_history(client, member, group, owner, play):
    """Statistics are cached, but a saved, corrected or deleted hole shows at once."""
    match = play(group, owner, {"Ann": [3], "Bob": [4]})
    ann = group.roster.get(name="Ann")
    client.force_login(member)
    url = reverse("groups:player", args=[group.pk, ann.pk])
    history = reverse("groups:history", args=[group.pk])

    def wins():
        page = client.get(url).content.decode()
        return page.split("<dt>Wins</dt><dd>")[1].split("<")[0]

    assert wins() == "1"
    assert wins() == "1"  # from the cache
    hole = match.holes.get()
    scoring_services.hole_correct(
        hole=hole, entry=HoleEntry(kind="totals", totals=(9, 4)), revision=1
    )
    assert wins() == "0"
    assert "Won by <strong><bdi>Bob</bdi></strong>" in client.get(history).content.decode()
    play(group, owner, {"Ann": [1], "Bob": [4]})
    assert wins() == "1"
    assert "2 matches" in client.get(history).content.decode()
    page = client.get(reverse("groups:detail", args=[group.pk])).content.decode()
    assert "<bdi>Ann</bdi></a>: 1 win in 2 matches" in page


def test_pages_follow_a_deleted_last_hole(client, member, group, owner, play):
    """Deleting the last hole of a finished match opens it again: it leaves the
    statistics and the leaders at once, even when a later match finished since."""
    first = play(group, owner, {"Ann": [3], "Bob": [4]})
    play(group, owner, {"Ann": [2], "Bob": [5]})
    ann = group.roster.get(name="Ann")
    client.force_login(member)
    url = reverse("groups:player", args=[group.pk, ann.pk])
    detail = reverse("groups:detail", args=[group.pk])
    assert "<dt>Wins</dt><dd>2</dd>" in client.get(url).content.decode()
    assert "<bdi>Ann</bdi></a>: 2 wins in 2 matches" in client.get(detail).content.decode()
    scoring_services.hole_delete_last(match=first, number=1)
    assert "<dt>Wins</dt><dd>1</dd>" in client.get(url).content.decode()
    assert "<bdi>Ann</bdi></a>: 1 win in 1 match" in client.get(detail).content.decode()
    assert "In progress" in client.get(reverse("groups:history", args=[group.pk])).content.decode()


def test_a_match_starting_shows_in_the_history_and_leaves_the_statistics(
    client, member, group, owner, play
):
    """Statistics and leaders count finished matches only: a new match changes the
    history's count at once, and what the statistics and leaders show stays."""
    play(group, owner, {"Ann": [3], "Bob": [4]})
    ann = group.roster.get(name="Ann")
    client.force_login(member)
    player = reverse("groups:player", args=[group.pk, ann.pk])
    detail = reverse("groups:detail", args=[group.pk])
    history = reverse("groups:history", args=[group.pk])
    for url in (player, detail, history):
        client.get(url)
    services.group_match_create(
        group=group,
        by=owner,
        picked=[],
        new_names=["Ann", "Bob"],
        first_dealer=0,
        rules=RuleSet(holes=3),
    )
    assert "<dt>Matches</dt><dd>1</dd>" in client.get(player).content.decode()
    assert "<bdi>Ann</bdi></a>: 1 win in 1 match" in client.get(detail).content.decode()
    assert "2 matches" in client.get(history).content.decode()


def test_statistics_stay_cached_while_a_match_is_played(
    client, member, group, owner, play, django_assert_max_num_queries
):
    """Statistics count finished matches only, so saving or correcting the holes of
    a match still being played leaves them cached; finishing it shows at once."""
    play(group, owner, {"Ann": [3], "Bob": [4]})
    live = play(group, owner, {"Ann": [1], "Bob": [5]}, rules=RuleSet(holes=3), finish=False)
    ann = group.roster.get(name="Ann")
    client.force_login(member)
    url = reverse("groups:player", args=[group.pk, ann.pk])
    client.get(url)

    def save(number, totals):
        scoring_services.hole_record(
            match=live,
            entry=HoleEntry(kind="totals", totals=totals),
            token=uuid.uuid4(),
            number=number,
        )

    save(2, (2, 6))
    scoring_services.hole_correct(
        hole=live.holes.get(number=1), entry=HoleEntry(kind="totals", totals=(6, 5)), revision=1
    )
    with django_assert_max_num_queries(6):  # statistics and ratings, both from the cache
        assert "<dt>Matches</dt><dd>1</dd>" in client.get(url).content.decode()
    save(3, (0, 9))
    page = client.get(url).content.decode()
    assert "<dt>Matches</dt><dd>2</dd>" in page
    assert "<dt>Wins</dt><dd>2</dd>" in page


def test_statistics_follow_a_seat_linked_by_hand(client, admin_client, member, group, owner, play):
    """An edit by hand (the admin) of whose seat is whose shows at once."""
    match = play(group, owner, {"Ann": [3], "Bob": [4]})
    ann = group.roster.get(name="Ann")
    client.force_login(member)
    url = reverse("groups:player", args=[group.pk, ann.pk])
    assert "<dt>Matches</dt><dd>1</dd>" in client.get(url).content.decode()
    annie = services.roster_add(group=group, name="Annie")
    admin_change(admin_client, match.players.get(name="Ann"), roster_player=annie.pk)
    page = client.get(url).content.decode()
    assert "Ann has no finished match in Friday golf yet." in visible_text(page)


def test_a_short_history_is_charted_by_day(group, owner, play):
    for day, hour, score in [(3, 12, 4), (3, 23, 8), (5, 0, 3)]:
        match = play(group, owner, {"Ann": [score], "Bob": [9]})
        Match.objects.filter(pk=match.pk).update(
            created_at=datetime.datetime(2025, 3, day, hour, tzinfo=datetime.UTC)
        )
    stats = selectors.player_stats(player=group.roster.get(name="Ann"))
    assert stats.chart_period == "day"
    assert [(p.label, p.average, p.holes) for p in stats.chart] == [
        ("3 Mar", 6.0, 2),
        ("5 Mar", 3.0, 1),
    ]


def test_a_long_history_is_charted_by_year(group, owner, play):
    for year, score in [(2019, 4), (2021, 8), (2024, 6)]:
        match = play(group, owner, {"Ann": [score], "Bob": [9]})
        Match.objects.filter(pk=match.pk).update(
            created_at=datetime.datetime(year, 6, 1, tzinfo=datetime.UTC)
        )
    ann = group.roster.get(name="Ann")
    stats = selectors.player_stats(player=ann)
    assert stats.chart_period == "year"
    assert [(p.label, p.average) for p in stats.chart] == [
        ("2019", 4.0),
        ("2021", 8.0),
        ("2024", 6.0),
    ]


def test_a_player_without_a_finished_match_is_named(client, member, group, owner, play):
    play(group, owner, {"Bob": [3], "Cy": [4]})
    zed = services.roster_add(group=group, name="Zed")
    client.force_login(member)
    page = text(client.get(reverse("groups:player", args=[group.pk, zed.pk])))
    assert "Zed has no finished match in Friday golf yet." in visible_text(page)
    assert "No finished matches in" not in page
