"""A group's history and its leaders: what each row shows, the filters, the pages,
and a fixed number of queries however long the history grows."""

import datetime
import re
from pathlib import Path

import pytest
from django.urls import reverse

from groups import selectors, services
from groups.views.matches import HISTORY_PAGE_SIZE
from scoring import services as scoring_services
from scoring.engine import RuleSet
from scoring.models import Match
from tests.groups.admin_pages import admin_change, admin_delete
from tests.patterns import css_rules, text

pytestmark = pytest.mark.django_db

HX = {"HTTP_HX_REQUEST": "true"}
GROUPS_CSS = Path(__file__).resolve().parents[2] / "groups/static/groups/groups.css"


def dated(match, day):
    Match.objects.filter(pk=match.pk).update(
        created_at=datetime.datetime(2025, 3, day, 20, tzinfo=datetime.UTC)
    )


@pytest.fixture
def history(group, owner, play):
    """Three finished matches and one in progress, on known days."""
    first = play(group, owner, {"Ann": [3, 4], "Bob": [5, 5]})  # Ann 7, Bob 10
    dated(first, 1)
    tie = play(group, owner, {"Ann": [6], "Bob": [2], "Cy": [6]}, rules=RuleSet(holes=1))
    dated(tie, 8)  # Bob 2
    shared = play(
        group, owner, {"Bob": [4], "Cy": [4]}, rules=RuleSet(variant="four-card", holes=1)
    )
    dated(shared, 15)  # Bob and Cy share
    live = play(group, owner, {"Ann": [1], "Cy": [9]}, rules=RuleSet(holes=9), finish=False)
    dated(live, 22)
    return first, tie, shared, live


def test_history_lists_newest_first_with_totals_and_winners(client, member, group, history):
    first, tie, shared, live = history
    client.force_login(member)
    response = client.get(reverse("groups:history", args=[group.pk]))
    page = response.content.decode()
    assert "<h1><bdi>Friday golf</bdi>: matches</h1>" in page
    rows = response.context["rows"]
    assert [r.match for r in rows] == [live, shared, tie, first]
    assert [p.name for p in rows[1].winners] == ["Bob", "Cy"]
    assert rows[0].winners == []
    assert "In progress" in page
    assert "Won by <strong><bdi>Bob</bdi></strong> and <strong><bdi>Cy</bdi></strong>" in page
    assert "Sat 1 Mar 2025" in page
    assert '<bdi>Ann</bdi> <span class="history__total">7</span>' in page
    assert '<bdi>Bob</bdi> <span class="history__total">10</span>' in page


def test_history_filters_by_player_variant_and_dates(client, member, group, history):
    first, tie, shared, live = history
    ann = group.roster.get(name="Ann")
    client.force_login(member)
    url = reverse("groups:history", args=[group.pk])

    def shown(**query):
        return [r.match for r in client.get(url, query).context["rows"]]

    assert shown(player=ann.pk) == [live, tie, first]
    assert shown(variant="four-card") == [shared]
    assert shown(since="2025-03-08", until="2025-03-15") == [shared, tie]
    assert shown(player=ann.pk, until="2025-03-07") == [first]
    assert shown(since="2025-03-22", until="9999-12-31") == [live]


def test_a_bad_filter_is_explained_and_the_rest_still_applies(client, member, group, history):
    client.force_login(member)
    url = reverse("groups:history", args=[group.pk])
    response = client.get(url, {"since": "yesterday", "variant": "four-card"})
    page = response.content.decode()
    assert response.status_code == 200
    assert "That is not a date the page can read." in page
    assert len(response.context["rows"]) == 1
    response = client.get(url, {"since": "2025-03-10", "until": "2025-03-01"})
    assert "The end date comes before the start date." in response.content.decode()
    response = client.get(url, {"player": "999"})
    assert "Choose a player from the roster." in response.content.decode()


def test_history_fragment_for_htmx(client, member, group, history):
    client.force_login(member)
    url = reverse("groups:history", args=[group.pk])
    page = client.get(url, {"variant": "four-card"}, **HX).content.decode()
    assert page.lstrip().startswith('<div id="history"')
    assert "<h1>" not in page
    assert "Won by <strong><bdi>Bob</bdi></strong> and <strong><bdi>Cy</bdi></strong>" in page
    assert "Vary" in client.get(url, **HX).headers
    assert "HX-Request" in client.get(url, **HX).headers["Vary"]


def test_history_pages_keep_the_filters(client, member, group, owner, play):
    for _ in range(HISTORY_PAGE_SIZE + 1):
        play(group, owner, {"Ann": [1], "Bob": [2]}, rules=RuleSet(holes=1))
    client.force_login(member)
    url = reverse("groups:history", args=[group.pk])
    first = client.get(url, {"variant": "six-card"})
    page = first.content.decode()
    assert len(first.context["rows"]) == HISTORY_PAGE_SIZE
    assert "page 1 of 2" in page
    assert "?variant=six-card&amp;page=2" in page
    second = client.get(url, {"variant": "six-card", "page": 2})
    assert len(second.context["rows"]) == 1


def test_history_follows_matches_that_leave_it(client, admin_client, member, group, owner, play):
    """The count is cached until a match joins or leaves the history, however it
    leaves: deleted, or moved to another group by hand (the admin)."""
    first = play(group, owner, {"Ann": [1], "Bob": [2]})
    second = play(group, owner, {"Ann": [3], "Bob": [1]})
    play(group, owner, {"Ann": [5], "Cy": [1]})
    client.force_login(member)
    url = reverse("groups:history", args=[group.pk])
    bob = {"player": group.roster.get(name="Bob").pk}
    assert "3 matches." in client.get(url).content.decode()
    assert "2 matches." in client.get(url, bob).content.decode()
    scoring_services.match_delete(match=first)
    assert "2 matches." in client.get(url).content.decode()
    assert "1 match." in client.get(url, bob).content.decode()
    elsewhere = services.group_create(owner=owner, name="Elsewhere")
    admin_change(admin_client, second, group=elsewhere.pk)
    assert "1 match." in client.get(url).content.decode()
    assert "No match fits these filters." in client.get(url, bob).content.decode()


def test_leaders_follow_a_roster_player_deleted_by_hand(
    client, admin_client, member, group, owner, play
):
    play(group, owner, {"Ann": [3], "Bob": [1]})
    client.force_login(member)
    url = reverse("groups:detail", args=[group.pk])
    assert "<bdi>Bob</bdi></a>: 1 win in 1 match" in client.get(url).content.decode()
    admin_delete(admin_client, group.roster.get(name="Bob"))
    assert "Bob</a>" not in client.get(url).content.decode()


def test_deleting_a_group_deletes_its_history(group, owner, play):
    play(group, owner, {"Ann": [1], "Bob": [2]})
    group.delete()
    assert not Match.objects.exists()


def test_leaders_count_shared_wins_for_each_winner(group, history):
    wins = {
        (leader.name, leader.value, leader.out_of)
        for leader in selectors.leaders_by_wins(group=group)
    }
    # Ann won the first; Bob the tie-free second and a share of the third; Cy a share.
    assert wins == {("Bob", 2, 3), ("Ann", 1, 2), ("Cy", 1, 2)}
    assert selectors.leaders_by_wins(group=group)[0].name == "Bob"
    averages = [(leader.name, leader.value) for leader in selectors.leaders_by_average(group=group)]
    # Bob: 5, 5, 2, 4 -> 4.0; Ann: 3, 4, 6 -> 4.33; Cy: 6, 4 -> 5.0 (the live match is left out).
    assert averages == [("Bob", 4.0), ("Ann", 4.33), ("Cy", 5.0)]


def test_group_page_shows_leaders_and_recent_matches(client, member, group, history):
    client.force_login(member)
    page = client.get(reverse("groups:detail", args=[group.pk])).content.decode()
    assert "<h2>Recent matches</h2>" in page
    assert "Won by <strong><bdi>Bob</bdi></strong> and <strong><bdi>Cy</bdi></strong>" in page
    bob = group.roster.get(name="Bob")
    bob_url = reverse("groups:player", args=[group.pk, bob.pk])
    assert f'<a href="{bob_url}"><bdi>Bob</bdi></a>: 2 wins in 3 matches' in page
    assert f'<a href="{bob_url}"><bdi>Bob</bdi></a>: 4.00 a hole' in page
    assert reverse("groups:history", args=[group.pk]) in page


def test_history_is_members_only(client, group, stranger, history):
    url = reverse("groups:history", args=[group.pk])
    assert client.get(url)["Location"].startswith(reverse("login"))
    client.force_login(stranger)
    assert client.get(url).status_code == 404


def grow(group, owner, play, matches):
    for n in range(matches):
        play(group, owner, {"Ann": [n % 5, 3], "Bob": [2, n % 7], "Cy": [4, 4]})


@pytest.mark.parametrize("matches", [2, 25])
def test_history_and_group_page_queries_do_not_grow(
    client, member, group, owner, play, django_assert_max_num_queries, matches
):
    grow(group, owner, play, matches)
    client.force_login(member)
    ann = group.roster.get(name="Ann")
    history = reverse("groups:history", args=[group.pk])
    # The first visit after a change computes and caches; later ones read the cache.
    with django_assert_max_num_queries(15):
        client.get(history, {"player": ann.pk})
    with django_assert_max_num_queries(8):
        client.get(history, {"player": ann.pk})
    # The rating leaderboard is cached apart from the leaders: one more cache read.
    with django_assert_max_num_queries(22):
        client.get(reverse("groups:detail", args=[group.pk]))
    with django_assert_max_num_queries(9):
        client.get(reverse("groups:detail", args=[group.pk]))


@pytest.mark.parametrize("query", [{}, {"page": "2"}, {"since": "not a date"}])
def test_an_empty_history_says_so_whatever_the_address_holds(client, member, group, query):
    """Only a filter that applies is blamed for finding nothing; a page number or a
    date the page cannot read is not one."""
    client.force_login(member)
    html = client.get(reverse("groups:history", args=[group.pk]), query).content.decode()
    assert "No matches yet." in html
    assert "filters" not in html.split('id="history"')[1]


def test_a_bad_date_filter_names_no_format_the_browser_may_not_show(client, member, group):
    client.force_login(member)
    page = text(client.get(reverse("groups:history", args=[group.pk]), {"since": "31/13/2025"}))
    assert "That is not a date the page can read. Choose the date again" in page
    assert "2025-03-31" not in page


def test_nothing_but_a_link_is_underlined_on_the_group_pages():
    for rule_selectors, body in css_rules(GROUPS_CSS):
        if re.search(r"text-decoration[^;]*underline", body):
            for selector in rule_selectors.split(","):
                assert re.search(r"(^|\s|>)a(\W|$)", selector.strip()), selector


def test_the_winner_is_still_marked_in_the_history(client, member, group, owner, play):
    play(group, owner, {"Ann": [3], "Bob": [4]})
    client.force_login(member)
    page = client.get(reverse("groups:history", args=[group.pk])).content.decode()
    assert "Won by <strong><bdi>Ann</bdi></strong>" in page
    assert (
        '<li class="history__winner"><bdi>Ann</bdi> <span class="history__total">3</span></li>'
        in page
    )
    assert '<li><bdi>Bob</bdi> <span class="history__total">4</span></li>' in page


def test_the_history_says_after_how_many_holes_a_match_ended(client, owner, group, play):
    play(group, owner, {"Ann": [3, 5], "Bob": [4, 4]}, rules=RuleSet(holes=9))
    play(group, owner, {"Ann": [1, 2], "Bob": [2, 2]})
    client.force_login(owner)
    for url in (
        reverse("groups:history", args=[group.pk]),
        reverse("groups:detail", args=[group.pk]),
    ):
        shown = " ".join(client.get(url).content.decode().split())
        assert "ended after 2 of 9 holes" in shown, url
        assert "· 2 holes" in shown, url  # played to the end: its length as planned
