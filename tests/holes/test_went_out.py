"""The hole form's "Who went out first?" says which of the match's rules score it,
or that none does: it used to say "the knock rules need it" under any rules."""

import re

import pytest
from django.urls import reverse

from scoring.engine import HouseRule, RuleSet
from scoring.views.access import SESSION_KEY
from tests.factories import MatchFactory
from tests.patterns import first_match

pytestmark = pytest.mark.django_db


def went_out_help(client, rules):
    match = MatchFactory.create(players=["Ann", "Bob"], rules=rules.to_dict())
    session = client.session
    session[SESSION_KEY] = [match.pk]
    session.save()
    page = client.get(reverse("scoring:hole_new", args=[match.pk])).content.decode()
    found = re.search(r'<fieldset class="went-out">.*?<p class="help">(.*?)</p>', page, re.S)
    assert found
    return found.group(1)


def test_no_rule_scoring_who_went_out_says_so(client):
    text = went_out_help(client, RuleSet(house_rules=frozenset({HouseRule.SUPER_KINGS})))
    assert "No rule of this match scores it" in text
    assert "need" not in text  # it used to say "the knock rules need it"


def test_the_rules_that_score_who_went_out_are_named(client):
    one = went_out_help(client, RuleSet(house_rules=frozenset({HouseRule.KNOCK_BONUS})))
    assert one.endswith("Knock bonus needs it.")
    both = frozenset({HouseRule.KNOCK_BONUS, HouseRule.KNOCK_PENALTY, HouseRule.BLACKJACK})
    assert went_out_help(client, RuleSet(house_rules=both)).endswith(
        "Knock penalty and Knock bonus need it."
    )


def went_out_legend(client, rules):
    match = MatchFactory.create(players=["Ann", "Bob"], rules=rules.to_dict())
    session = client.session
    session[SESSION_KEY] = [match.pk]
    session.save()
    page = client.get(reverse("scoring:hole_new", args=[match.pk])).content.decode()
    return first_match(r'<fieldset class="went-out">\s*<legend>(.*?)</legend>', page, re.S).group(1)


def test_an_early_knocker_is_asked_for_as_the_player_who_went_out(client):
    rules = RuleSet(early_knock=True, house_rules=frozenset({HouseRule.KNOCK_PENALTY}))
    assert "knocked early" in went_out_legend(client, rules)
    text = went_out_help(client, rules)
    assert "knocked early" in text
    assert text.endswith("Knock penalty needs it.")


def test_without_early_knock_the_question_is_only_who_went_out(client):
    assert "knock" not in went_out_legend(client, RuleSet()).lower()
    assert "knock" not in went_out_help(client, RuleSet()).lower()
    # Four-card Golf ends with a knock: its finisher is the one who knocked.
    assert "knocked" in went_out_help(client, RuleSet(variant="four-card"))
