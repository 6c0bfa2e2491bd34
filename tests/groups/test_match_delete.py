"""Deleting a whole match: a match started by mistake can go, after a page that says
what would be lost; a group's match only by the member who started it, and the
group's history and statistics stop counting it."""

import uuid

import pytest
from django.urls import reverse

from groups import selectors
from scoring import services
from scoring.engine import RuleSet
from scoring.models import Hole, Match, Player, Score
from scoring.services import HoleEntry
from scoring.views.access import SESSION_KEY
from tests.patterns import visible_text

pytestmark = pytest.mark.django_db


def own(client, *matches):
    session = client.session
    session[SESSION_KEY] = [m.pk for m in matches]
    session.save()


def test_a_match_started_by_mistake_can_be_deleted(client):
    match = services.match_create(names=["Ann", "Bob"], first_dealer=0, rules=RuleSet(holes=9))
    kept = services.match_create(names=["Cy", "Dee"], first_dealer=0, rules=RuleSet(holes=9))
    own(client, match, kept)
    # Nothing to end: the end page points to deleting it instead.
    end = client.get(reverse("scoring:match_end", args=[match.pk])).content.decode()
    assert reverse("scoring:match_delete", args=[match.pk]) in end
    board = client.get(match.get_absolute_url()).content.decode()
    assert "Delete the match for good…" in board
    # An empty card has nothing highlighted or marked to explain.
    assert "Lowest wins." in board
    assert "A highlighted score won its hole" not in board

    url = reverse("scoring:match_delete", args=[match.pk])
    page = client.get(url).content.decode()
    assert "No hole is saved in it, so nothing else is lost." in page
    assert "Ann, Bob" in visible_text(page)
    response = client.post(url, follow=True)
    assert response.redirect_chain[-1][0] == reverse("scoring:match_list")
    assert "Deleted the match of Ann and Bob." in visible_text(response.content.decode())
    assert list(Match.objects.values_list("pk", flat=True)) == [kept.pk]
    assert client.session[SESSION_KEY] == [kept.pk]
    assert client.get(match.get_absolute_url()).status_code == 404


def test_deleting_a_played_match_says_what_goes_and_takes_it_all(client):
    match = services.match_create(names=["Ann", "Bob"], first_dealer=0, rules=RuleSet(holes=9))
    for number in (1, 2):
        services.hole_record(
            match=match,
            entry=HoleEntry(kind="totals", totals=(3, 4)),
            token=uuid.uuid4(),
            number=number,
        )
    own(client, match)
    url = reverse("scoring:match_delete", args=[match.pk])
    page = client.get(url).content.decode()
    assert "Its 2 holes and every score in them will be gone. This cannot be undone." in page
    assert "2 of 9 holes" in page
    client.post(url)
    assert (Match.objects.count(), Player.objects.count(), Hole.objects.count()) == (0, 0, 0)
    assert Score.objects.count() == 0


def test_a_groups_match_goes_only_by_the_member_who_started_it(client, group, owner, member, play):
    """Any member can see the group's matches; thinning out its history is not for
    any member to do."""
    match = play(group, member, {"Ann": [3, 5], "Bob": [4, 6]})
    other = play(group, owner, {"Ann": [1], "Bob": [9]})
    ann = group.roster.get(name="Ann")
    assert selectors.player_stats(player=ann).matches == 2
    url = reverse("scoring:match_delete", args=[match.pk])

    client.force_login(owner)
    assert "Delete the match for good…" not in client.get(match.get_absolute_url()).content.decode()
    unplayed = services.match_create(
        names=["Ann", "Bob"], first_dealer=0, rules=RuleSet(holes=9), owner=member, group=group
    )
    end = client.get(reverse("scoring:match_end", args=[unplayed.pk])).content.decode()
    assert "nothing to finish" in end
    assert reverse("scoring:match_delete", args=[unplayed.pk]) not in end
    page = client.get(url).content.decode()
    assert "only be deleted by the member who started it" in page
    assert "Yes, delete the match" not in page
    response = client.post(url, follow=True)
    assert "Only the member who started this match can delete it." in response.content.decode()
    assert Match.objects.filter(pk=match.pk).exists()

    client.force_login(member)
    assert "Delete the match for good…" in client.get(match.get_absolute_url()).content.decode()
    page = client.get(url).content.decode()
    assert "the group's history and statistics will no longer count it" in page
    response = client.post(url, follow=True)
    assert response.redirect_chain[-1][0] == reverse("groups:history", args=[group.pk])
    assert "Deleted the match of Ann and Bob." in visible_text(response.content.decode())
    history = response.content.decode()
    assert reverse("scoring:match_detail", args=[other.pk]) in history
    assert reverse("scoring:match_detail", args=[match.pk]) not in history
    assert selectors.player_stats(player=ann).matches == 1
