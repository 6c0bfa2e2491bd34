"""Cards and scored grids are drawn in Python (``rules/templatetags/golf.py``): the
same HTML, apart from whitespace between tags, as the templates that drew them
before (kept in ``reference_cards.html``), for any card and any scored grid."""

import re
from pathlib import Path

from django.template import Context, Template
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.templatetags.golf import card_html, scored_grid_html
from scoring.engine import Card, Grid, Rank, RuleSet, Suit, score_grid
from tests.engine.strategies import cards, grids_for, rule_sets

CARD_SOURCE, GRID_SOURCE = (
    Path(__file__).with_name("reference_cards.html").read_text().split("\n====\n")
)
CARD = Template(CARD_SOURCE)
# The grid's cards as the card template drew them too, not as the tag draws them.
GRID = Template(
    GRID_SOURCE.replace(
        '{% include "_cards.html#card" %}', CARD_SOURCE.split("{% load golf %}", 1)[1]
    )
)


def tight(html):
    return re.sub(r">\s+<", "><", str(html)).strip()


@given(card=cards)
def test_any_card_is_drawn_as_the_template_drew_it(card):
    assert card_html(card) == tight(CARD.render(Context({"card": card})))


@settings(max_examples=150, deadline=None)
@given(data=st.data(), rules=rule_sets)
def test_any_scored_grid_is_drawn_as_the_template_drew_it(data, rules):
    grid = data.draw(grids_for(rules))
    score = score_grid(grid, rules)
    assert scored_grid_html(score) == tight(GRID.render(Context({"score": score})))


def test_a_red_card_a_joker_and_a_plain_card():
    assert card_html(Card(Rank.EIGHT)) == '<span class="card" aria-label="8">8</span>'
    red = card_html(Card(Rank.KING, Suit.HEARTS))
    assert red.startswith('<span class="card card--red" aria-label="K♥">')
    assert 'class="card__pip" aria-hidden="true">♥<' in red
    joker = card_html(Card(Rank.JOKER))
    assert 'class="card card--joker" aria-label="Joker"' in joker and "★" in joker


def test_a_scored_grid_says_each_column_and_the_total():
    html = scored_grid_html(score_grid(Grid.parse("8 5 7 / 8 3 9"), RuleSet()))
    assert "<li>Column 1: pair of 8s: 0</li>" in html
    assert '<li class="breakdown__total">Total: <strong>24</strong></li>' in html
