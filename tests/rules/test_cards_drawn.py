"""Cards and scored grids as ``templates/_cards.html`` draws them: each card says
what it is to a screen reader, and a scored grid says each column and the total."""

from django.template.loader import render_to_string
from django.utils.html import escape
from hypothesis import given, settings
from hypothesis import strategies as st

from golfsite.numbers import minus
from rules.templatetags.golf import column_label
from scoring.engine import Card, Grid, Rank, RuleSet, Suit, score_grid
from tests.engine.strategies import grids_for, rule_sets


def card_html(card):
    return render_to_string("_cards.html#card", {"card": card})


def scored_grid_html(score):
    return render_to_string("_cards.html#scored_grid", {"score": score})


def test_a_red_card_a_joker_and_a_plain_card():
    assert card_html(Card(Rank.EIGHT)) == '<span class="card" aria-label="8">8</span>'
    red = card_html(Card(Rank.KING, Suit.HEARTS))
    assert red.startswith('<span class="card card--red" aria-label="K♥">')
    assert 'class="card__pip" aria-hidden="true">♥<' in red
    black = card_html(Card(Rank.TWO, Suit.SPADES))
    assert black.startswith('<span class="card" aria-label="2♠">')
    joker = card_html(Card(Rank.JOKER))
    assert 'class="card card--joker" aria-label="Joker"' in joker and "★" in joker


def test_a_scored_grid_says_each_column_and_the_total():
    html = scored_grid_html(score_grid(Grid.parse("8 5 7 / 8 3 9"), RuleSet()))
    assert 'aria-label="Column 1: 8 over 8, pair of 8s, 0 points"' in html
    assert "<li>Column 1: pair of 8s: 0</li>" in html
    assert '<li class="breakdown__total">Total: <strong>24</strong></li>' in html


@settings(max_examples=50, deadline=None)
@given(data=st.data(), rules=rule_sets)
def test_any_scored_grid_labels_every_column_and_card(data, rules):
    score = score_grid(data.draw(grids_for(rules)), rules)
    html = scored_grid_html(score)
    for column in score.columns:
        assert f'aria-label="{escape(column_label(column))}"' in html
        for card in column.cards:
            assert f'aria-label="{escape(card.display)}"' in html
    assert f"Total: <strong>{minus(score.total)}</strong>" in html
