"""Wording from the second phone review: every sentence agrees with the engine's facts
and with what its own page shows."""

import re

import pytest
from django.urls import reverse

from scoring.engine import (
    VARIANTS,
    HouseRule,
    RuleSet,
    check_grid,
    check_table,
    score_grid,
    score_hole,
)
from scoring.engine.rules import COPIES_PER_RANK, DECK_RANKS, DeckKind

from .conftest import text_of

pytestmark = pytest.mark.django_db


def page_text(client, url):
    response = client.get(url)
    assert response.status_code == 200
    return text_of(response.content.decode())


ZSA_PAGES = [
    reverse("rules:variant", args=["zsa-deck"]),
    reverse("rules:variants"),
    reverse("rules:card_values") + "?deck=zsa",
    reverse("rules:try") + "?deck=zsa",
    reverse("rules:practice") + "?deck=zsa&seed=1",
]


@pytest.mark.parametrize("url", ZSA_PAGES)
def test_no_page_calls_the_zsa_deck_a_120_card_deck_to_golf(client, url):
    """It is sold as 120 cards, but Golf counts eight of each of its fourteen ranks
    (112): no page, nor its description, names it "the 120-card ZSA deck" beside a
    table of 112."""
    html = client.get(url).content.decode()
    assert "120-card ZSA" not in html and "ZSA 120" not in html


def test_the_zsa_variant_page_names_both_numbers(client):
    ranks, copies = len(DECK_RANKS[DeckKind.ZSA]), COPIES_PER_RANK[DeckKind.ZSA]
    assert (ranks, copies) == (14, 8)
    assert RuleSet(deck=DeckKind.ZSA).shoe_size(2) == ranks * copies
    text = page_text(client, reverse("rules:variant", args=["zsa-deck"]))
    assert "sold as a 120-card deck" in text
    assert "eight cards of each of its fourteen ranks" in text


def test_the_holes_page_does_not_say_the_number_of_holes_changes_play(client):
    text = page_text(client, reverse("rules:house_rule", args=["holes"]))
    assert "changes how a hole is played" not in text
    assert "changes neither how a hole is played nor how a grid is scored" in text
    # The other play rules without an example keep the sentence that fits them.
    flips = page_text(client, reverse("rules:house_rule", args=["flip-on-discard"]))
    assert "This rule changes how a hole is played, not how a finished grid is scored." in flips


def test_the_house_rules_index_promises_examples_only_where_pages_have_them(client):
    text = page_text(client, reverse("rules:house_rules"))
    assert "each page shows a grid scored with and without" not in text
    assert "where it changes a score, a worked example" in text
    # Pages without a worked example exist, so the old promise could not be kept.
    without = client.get(reverse("rules:house_rule", args=["flip-as-action"]))
    assert "<h2>Worked example</h2>" not in without.content.decode()


def test_the_glossary_gives_grid_and_layout_one_meaning_each(client):
    html = client.get(reverse("rules:glossary")).content.decode()
    grid = re.search(r'<dt id="grid">Grid</dt><dd>(.*?)</dd>', html).group(1)
    layout = re.search(r'<dt id="layout">Layout</dt><dd>(.*?)</dd>', html).group(1)
    assert "also called the layout" not in grid
    assert "shape" in grid and layout.startswith("The shape of a grid")


def test_the_ten_card_page_lists_more_than_a_lone_catch_all(client):
    html = client.get(reverse("rules:variant", args=["ten-card"])).content.decode()
    points = html.split("<h2>What to know</h2>")[1].split("</ul>")[0]
    items = re.findall(r"<li>(.*?)</li>", points)
    assert len(items) >= 2
    assert "Everything else" not in points


def test_wolfpack_does_not_call_two_pairs_of_jacks_the_worst_hand(client):
    without = RuleSet()
    assert score_grid(check_grid("J J 3 / J J 4", without), without).total == 7
    text = page_text(client, reverse("rules:house_rule", args=["wolfpack"]))
    assert "worst hand" not in text
    assert "already score 0" in text


def test_the_underdog_page_says_the_bonus_goes_to_the_lowest_score(client):
    """The engine gives the −3 to every lowest score of the hole, whoever leads the
    match: the page no longer says it helps the player who is behind."""
    rules = RuleSet(house_rules=frozenset({HouseRule.UNDERDOG_BONUS}))
    hole = score_hole(check_table(["8 5 7 / 8 3 9", "8 2 K / 8 5 A"], rules), rules)
    assert [p.score for p in hole.players] == [24, 1]
    text = page_text(client, reverse("rules:house_rule", args=["underdog-bonus"]))
    assert "helps a player who is behind to" not in text
    assert "the bonus goes to the lowest score of the hole" in text


def test_the_faq_names_every_variant_that_needs_two_decks(client):
    text = page_text(client, reverse("rules:faq"))
    two = [v.name for v in VARIANTS.values() if v.decks_small_table > 1]
    assert two == ["Eight-card Golf", "Nine-card Golf", "Ten-card Golf"]
    assert "Eight-, nine- and ten-card Golf need two decks from the start" in text


@pytest.mark.parametrize("slug", ["eight-card", "nine-card", "ten-card"])
def test_a_variant_with_the_same_decks_at_every_table_says_so_once(client, slug):
    rules = RuleSet.from_dict({"variant": slug})
    assert rules.deck_count(2) == rules.deck_count(5) == 2
    text = page_text(client, reverse("rules:variant", args=[slug]))
    assert f"2 decks ({rules.shoe_size(2)} cards) at any table." in text
    assert "for five or more" not in text


def test_a_variant_whose_decks_depend_on_the_table_still_says_both(client):
    text = page_text(client, reverse("rules:variant", args=["six-card"]))
    assert "Usually 1 deck (52 cards) for up to four players, 2 (104 cards) for five or more" in (
        text
    )
