"""Sentences of the rules pages that used to disagree with the engine: each number in
them is the engine's, worked out when the page is drawn."""

import pytest
from django.urls import reverse

from golfsite.numbers import points
from scoring.engine import HouseRule, RuleSet, apply_hole_rules
from scoring.engine.rules import COPIES_PER_RANK, DECK_RANKS, ZSA_CARDS_SOLD, DeckKind

from .conftest import page_text

pytestmark = pytest.mark.django_db

BOTH_KNOCK_RULES = RuleSet(house_rules=frozenset({HouseRule.KNOCK_PENALTY, HouseRule.KNOCK_BONUS}))


def finisher_score(totals, rules=BOTH_KNOCK_RULES):
    """What the knock rules add to the first player's score when they went out."""
    hole = apply_hole_rules(totals, rules, went_out=0)
    return hole.scores[0] - totals[0]


def test_the_knock_bonus_page_says_what_both_knock_rules_do_together(client):
    text = page_text(client, reverse("rules:house_rule", args=["knock-bonus"]))
    assert "five points against ten" not in text
    not_lowest, lowest = finisher_score([20, 10]), finisher_score([10, 20])
    assert (not_lowest, lowest) == (5, -5)  # +10 and −5; −5 alone
    assert f"{points(not_lowest)} in all" in text
    assert f"{points(lowest)} when" in text


def test_the_early_knock_pages_give_everyone_else_a_final_turn(client):
    rule = page_text(client, reverse("rules:house_rule", args=["early-knock"]))
    assert "at once" not in rule
    assert "one more turn" in rule
    assert "counts as having gone out" in rule
    glossary = page_text(client, reverse("rules:glossary"))
    assert "turns up your last hidden cards at once" not in glossary


@pytest.mark.parametrize("name", ["guide", "faq"])
def test_the_second_deck_is_added_where_the_engine_adds_it(client, name):
    text = page_text(client, reverse(f"rules:{name}"))
    assert "only from six" not in text
    first = next(n for n in range(2, 9) if RuleSet().deck_count(n) > 1)
    assert f"from {first} players" in text
    assert "differ" in text


def test_the_zsa_page_does_not_count_cards_the_scoring_never_deals(client):
    text = page_text(client, reverse("rules:variant", args=["zsa-deck"]))
    rules = RuleSet(deck=DeckKind.ZSA)
    dealt = rules.shoe_size()
    assert dealt == len(DECK_RANKS[DeckKind.ZSA]) * COPIES_PER_RANK[DeckKind.ZSA]
    assert f"{dealt} cards" in text
    # Where the box's count is named, so is what the scoring leaves out of it.
    assert f"{ZSA_CARDS_SOLD}-card" in text
    assert f"the other {ZSA_CARDS_SOLD - dealt}" in text
