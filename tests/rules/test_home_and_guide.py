"""The home page and the six-card guide: ways in, and facts that come from the engine."""

import pytest
from django.urls import NoReverseMatch, reverse

from scoring.engine import Card, Rank, RuleSet, check_grid, score_grid
from tests.patterns import visible_text

from .conftest import section_text, text_of

pytestmark = pytest.mark.django_db


def test_home_links_into_the_rules_and_the_scorer(client):
    html = client.get(reverse("home")).content.decode()
    assert f'href="{reverse("rules:guide")}"' in html
    assert f'href="{reverse("rules:try")}"' in html
    assert html.count("<h1>") == 1


def test_home_links_a_new_match_only_when_the_scoresheet_offers_one(client):
    html = client.get(reverse("home")).content.decode()
    try:
        url = reverse("scoring:match_new")
    except NoReverseMatch:
        assert "Start a match" not in html
    else:
        assert f'href="{url}"' in html


def test_the_home_example_opens_preloaded_in_the_scorer(client):
    html = client.get(reverse("home")).content.decode()
    assert f"{reverse('rules:try')}?variant=six-card&amp;grid=8+5+7+%2F+8+3+9" in html


def test_guide_covers_every_part_of_a_game(client):
    response = client.get(reverse("rules:guide"))
    text = text_of(response.content.decode())
    for heading in (
        "Players and decks",
        "The deal",
        "The two starting flips",
        "A turn",
        "When the stock runs out",
        "Going out and the end of a hole",
        "Scoring and column pairs",
        "Holes and the match",
        "Ties",
    ):
        assert heading in text
    assert "must be swapped in" in text
    assert "One more turn" in text and "Ends at once" in text
    assert "share the win" in text


def test_guide_numbers_come_from_the_engine(client):
    rules = RuleSet()
    text = text_of(client.get(reverse("rules:guide")).content.decode())
    assert f"turns up {rules.starting_flips} of their own cards" in text
    assert f"This grid scores {score_grid(check_grid('8 5 7 / 8 3 9', rules), rules).total}" in text
    # Every card value, with a real minus sign for the two.
    assert f"2 {'−' if rules.value(Card(Rank.TWO)) < 0 else ''}2" in text
    assert "King 0" in text


def test_rule_pages_have_a_title_and_a_description(client):
    for name in ("home", "rules:guide", "rules:card_values", "rules:try"):
        html = client.get(reverse(name)).content.decode()
        assert '<meta name="description" content="' in html
        assert html.count("<h1>") == 1, name
        assert "css/rules.css" in html


def test_navigation_reaches_the_rules_and_the_scorer_from_every_page(client):
    html = client.get(reverse("rules:guide")).content.decode()
    nav = html.split('aria-label="Main"')[1].split("</nav>")[0]
    assert reverse("rules:guide") in nav and reverse("rules:try") in nav


def test_home_links_a_new_match_once_the_scoresheet_has_that_page(client, settings):
    try:
        url = reverse("scoring:match_new")
    except NoReverseMatch:
        # Before the scoresheet app lands: a stand-in with that one page.
        settings.ROOT_URLCONF = "tests.rules.urls_with_matches"
        url = reverse("scoring:match_new")
    html = client.get(reverse("home")).content.decode()
    assert f'href="{url}"' in html
    assert "Start a match" in html


def test_the_guide_says_each_two_takes_its_value_off_its_own_column(client):
    html = client.get(reverse("rules:guide")).content.decode()
    text = section_text(html, "Why twos are better apart", "</section>")
    assert "take 1 and 3 off" not in text
    rules = RuleSet()
    two = rules.value(Card(Rank.TWO))
    apart = score_grid(check_grid("2 2 4 / 3 5 6", rules), rules)
    paired = score_grid(check_grid("2 3 4 / 2 5 6", rules), rules)
    assert f"each two takes {-two} off its own column" in text
    # The columns the twos sit in, as the engine works them out (with real minus signs).
    for column in apart.columns[:2]:
        assert column.values[0] == two
        assert column.reason.replace("-", "\u2212") in text
    assert f"{paired.total} with the twos paired" in text
    assert f"{apart.total} with them apart" in text


def test_home_offers_to_carry_on_the_match_in_progress_on_this_phone(client):
    from django.utils import timezone

    from tests.factories import MatchFactory
    from tests.scoresheet import own

    done = MatchFactory.create(players=["Ann", "Bob"], finished_at=timezone.now())
    playing = MatchFactory.create(players=["Cy", "Dee", "Eve"])
    # Only the matches this phone keeps: another's match in progress is not offered.
    MatchFactory.create(players=["Zed", "Yan"])
    own(client, done, playing)
    html = client.get(reverse("home")).content.decode()
    link = f'href="{reverse("scoring:match_detail", args=[playing.pk])}"'
    assert link in html
    carry_on = html[html.index("Carry on") : html.index(link) + 200]
    assert "Cy, Dee and Eve" in visible_text(carry_on) and "Zed" not in html
    # With nothing in progress there is nothing to carry on.
    playing.finished_at = timezone.now()
    playing.save()
    assert "Carry on" not in client.get(reverse("home")).content.decode()


def test_home_offers_nothing_to_carry_on_to_a_new_visitor(client):
    assert "Carry on" not in client.get(reverse("home")).content.decode()
