"""The new match's rules fold away under one line that sums them up, so on a phone
the start button sits under the names; they open by themselves when a rule needs a
look or a preset has just filled them in."""

import re

import pytest
from django.urls import reverse

from scoring.engine import RuleSet
from tests.factories import new_match_form
from tests.scoresheet import fold

pytestmark = pytest.mark.django_db


def test_a_new_match_shows_the_usual_rules_folded_in_one_line(client):
    page = client.get(reverse("scoring:match_new")).content.decode()
    assert fold(page) == (False, " · ".join(RuleSet().outline()))
    assert fold(page)[1] == "Six-card Golf · 9 holes"
    # The first submit button (the one a phone's Go key presses) starts the match.
    first = re.search(r'<button type="submit"[^>]*>(.*?)</button>', page, re.S)
    assert first and first.group(1) == "Start the match"


def test_a_preset_says_what_it_filled_in_and_leaves_the_start_button_under_the_names(client):
    data = new_match_form(preset="party")
    page = client.post(reverse("scoring:match_new"), data).content.decode()
    is_open, outline = fold(page)
    assert not is_open
    assert "Standard jokers" in outline and "Super Kings" in outline
    assert f"Party set filled in the rules: {outline}." in page


def test_a_refused_rule_opens_the_rules(client):
    page = client.post(reverse("scoring:match_new"), new_match_form(holes="0")).content.decode()
    assert fold(page)[0]


def test_a_refused_name_leaves_the_rules_folded_as_they_were_chosen(client):
    data = new_match_form(player_2="", holes="18", variant="four-card")
    page = client.post(reverse("scoring:match_new"), data).content.decode()
    assert "A match needs 2 to 8 players" in page
    assert fold(page) == (False, "Four-card Golf · 18 holes")
