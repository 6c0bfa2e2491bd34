"""A match says how far it has come: in play, the holes played of those planned;
ended early, how far it went."""

import pytest
from django.urls import reverse

from scoring.engine import RuleSet
from tests.factories import MatchFactory
from tests.patterns import visible_text
from tests.scoresheet import own

pytestmark = pytest.mark.django_db


@pytest.fixture
def nine(client):
    match = MatchFactory.create(players=["Ann", "Bob"], rules=RuleSet(holes=9).to_dict())
    own(client, match)
    return match


def pages(client, match):
    yield client.get(reverse("scoring:match_detail", args=[match.pk])).content.decode()
    yield client.get(reverse("scoring:match_shared", args=[match.share_token])).content.decode()


def test_a_match_in_play_shows_how_far_it_has_come(client, nine, save_hole):
    for page in pages(client, nine):
        assert "· 9 holes, none played yet ·" in " ".join(page.split())
    save_hole(nine, totals=[5, 7])
    for page in pages(client, nine):
        assert "· 1 of 9 holes played ·" in " ".join(page.split())
        assert "ended after" not in page
    # My matches tells a match still in play from a finished one.
    listed = " ".join(client.get(reverse("scoring:match_list")).content.decode().split())
    assert "1 of 9 holes played" in listed


def test_a_match_ended_early_says_after_how_many_holes(client, nine, save_hole):
    for totals in ([5, 7], [3, 2], [8, 1]):
        save_hole(nine, totals=totals)
    client.post(reverse("scoring:match_end", args=[nine.pk]))
    nine.refresh_from_db()
    assert nine.is_finished
    for page in pages(client, nine):
        text = " ".join(page.split())
        assert "· ended after 3 of 9 holes ·" in text
        assert "9 holes ·" not in text.replace("of 9 holes", "")


def test_a_match_played_to_the_end_keeps_its_length(client, save_hole):
    match = MatchFactory.create(players=["Ann", "Bob"], rules=RuleSet(holes=2).to_dict())
    own(client, match)
    save_hole(match, totals=[5, 7])
    save_hole(match, totals=[3, 2])
    match.refresh_from_db()
    assert match.is_finished
    for page in pages(client, match):
        assert "· 2 holes ·" in " ".join(page.split())


def test_my_matches_say_after_how_many_holes_a_match_ended(client, nine, save_hole):
    save_hole(nine, totals=[5, 7])
    client.post(reverse("scoring:match_end", args=[nine.pk]))
    text = visible_text(client.get(reverse("scoring:match_list")).content.decode())
    assert "ended after 1 of 9 holes · won by Ann" in text
    assert "holes · finished" not in text  # the end is said once


def test_my_matches_name_the_winners_of_a_finished_match_only(client, save_hole):
    shared = MatchFactory.create(players=["Ann", "Bob", "Cy"], rules=RuleSet(holes=1).to_dict())
    playing = MatchFactory.create(players=["Dee", "Eve"], rules=RuleSet(holes=2).to_dict())
    own(client, shared, playing)
    save_hole(shared, totals=[4, 4, 9])
    save_hole(playing, totals=[1, 8])
    text = visible_text(client.get(reverse("scoring:match_list")).content.decode())
    assert "1 hole · won by Ann and Bob" in text
    assert "won by Dee" not in text
