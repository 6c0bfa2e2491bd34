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
    found = re.search(r'<fieldset class="went-out"[^>]*>.*?<p class="help">(.*?)</p>', page, re.S)
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
    return first_match(
        r'<fieldset class="went-out"[^>]*>\s*<legend>(.*?)</legend>', page, re.S
    ).group(1)


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


# -- rules that score who went out ask for it -------------------------------------------

KNOCK = RuleSet(house_rules=frozenset({HouseRule.KNOCK_PENALTY}), holes=2)
#: Ann's grid scores 24 and Bob's 8.
TWO = {"grid_0": "8 5 7 / 8 3 9", "grid_1": "K 5 J / K 5 2"}


def knock_match(client):
    from tests.scoresheet import own

    match = MatchFactory.create(players=["Ann", "Bob"], rules=KNOCK.to_dict())
    own(client, match)
    return match


def went_out_fieldset(page):
    return first_match(r'<fieldset class="went-out".*?</fieldset>', page, re.S).group(0)


def test_under_a_knock_rule_nothing_is_chosen_and_nobody_is_an_answer_of_its_own(client):
    match = knock_match(client)
    page = client.get(reverse("scoring:hole_new", args=[match.pk])).content.decode()
    fieldset = went_out_fieldset(page)
    assert " checked" not in fieldset
    values = re.findall(r'name="went_out" value="([^"]*)"', fieldset)
    assert values == ["0", "1", "nobody"]
    assert "Nobody went out" in fieldset
    assert "we don't care" not in fieldset


def test_without_such_a_rule_nobody_is_chosen_from_the_start(client):
    from tests.scoresheet import checked, own

    match = MatchFactory.create(players=["Ann", "Bob"], rules=RuleSet().to_dict())
    own(client, match)
    page = client.get(reverse("scoring:hole_new", args=[match.pk])).content.decode()
    assert checked(page, "went_out") == [""]
    assert "Nobody (or we don&#x27;t care)" in went_out_fieldset(page)


@pytest.mark.parametrize(
    "entry",
    [TWO, {"kind": "totals", "total_0": "24", "total_1": "2"}],
    ids=["cards", "totals"],
)
def test_a_hole_saved_without_saying_who_went_out_is_refused_beside_the_question(client, entry):
    from scoring.models import Hole
    from tests.scoresheet import hole_data

    match = knock_match(client)
    response = client.post(reverse("scoring:hole_new", args=[match.pk]), hole_data(**entry))
    page = response.content.decode()
    fieldset = went_out_fieldset(page)
    assert "Say who went out first, or that nobody did: Knock penalty scores that player." in (
        fieldset
    )
    assert 'aria-describedby="went-out-problem"' in fieldset
    assert "Hole 1 was not saved." in page
    assert 'href="#went-out"' in page
    assert not Hole.objects.exists()
    for value in entry.values():
        assert f'value="{value}"' in page


def test_nobody_said_on_purpose_saves_the_hole_with_nobody_out(client):
    from scoring.models import Hole
    from tests.scoresheet import checked, hole_data

    match = knock_match(client)
    url = reverse("scoring:hole_new", args=[match.pk])
    response = client.post(url, hole_data(went_out="nobody", **TWO))
    assert response.status_code == 302
    hole = Hole.objects.get()
    assert hole.went_out is None
    assert [s.score for s in hole.scores.order_by("seat")] == [24, 8]
    # Corrected, the hole shows the answer it was saved with.
    page = client.get(reverse("scoring:hole_edit", args=[match.pk, 1])).content.decode()
    assert checked(page, "went_out") == ["nobody"]


def test_the_player_who_went_out_gets_the_knock_penalty(client):
    from scoring.models import Hole
    from tests.scoresheet import hole_data

    match = knock_match(client)
    client.post(reverse("scoring:hole_new", args=[match.pk]), hole_data(went_out="0", **TWO))
    assert [s.score for s in Hole.objects.get().scores.order_by("seat")] == [34, 8]


def test_the_live_check_does_not_ask_who_went_out_yet(client):
    from tests.scoresheet import HX, hole_data

    match = knock_match(client)
    page = client.post(
        reverse("scoring:hole_preview", args=[match.pk]), hole_data(**TWO), **HX
    ).content.decode()
    assert "Say who went out" not in page
