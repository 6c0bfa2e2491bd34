"""Wording from the second phone review: every sentence agrees with the engine's facts
and with what its own page shows."""

import pytest
from django.urls import reverse

from scoring.engine import RuleSet
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
